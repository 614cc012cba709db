"""AI searches in worker processes, so they never hold the event loop's GIL; people first.

An MCTS search run in a thread holds the GIL in slices of a few milliseconds: with a handful of AI
tables every person's ``/move`` waits behind it, and the searches themselves get fewer playouts.
Here each search runs in a worker process at a lower scheduling priority than the bot:

- the state goes over as JSON and the chosen move comes back as notation (the engine contract
  guarantees that ``parse_move`` reads back what ``format_move`` writes), so nothing but plain
  data crosses the process boundary;
- requests wait in two first-come queues with as many searches running as there are workers. A
  table where a person will see the reply (the host says so: a seat still held by a person) is
  served before AI-only work (tournament fill-ins playing each other); within a class, strictly in
  arrival order. AI-only work runs whenever no person's request waits, and one that has waited
  :data:`AGING_SECONDS` goes next anyway, so it never starves. A table asks for its next AI move
  only after its previous one landed (the host holds the table's lock meanwhile), so a table with
  many AI seats takes turns with the others instead of starving them. The queue is bounded: past
  :attr:`AIPool.queue_limit` waiting requests a new one is refused with :class:`AIBusy` and the
  caller tries again later;
- the budget adapts to the queue (:func:`budget`): on an idle pool a search gets its level's named
  budget (:data:`games.ai.BUDGETS`); with requests waiting behind it, a share of it, never below
  :data:`FLOOR`. Waiting for a free worker does not count against it;
- the move is committed by the host with the usual version check, so it lands exactly once, even
  across restarts (a search lost in a crash is simply run again).

``workers=0`` runs searches in a thread of this process instead (for machines without spare cores).
The worker processes never outlive the bot (:mod:`bot.host.workers`).
"""

from __future__ import annotations

import asyncio
import logging
import os
import time
from collections import deque
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import Any

from bot.host import workers as worker_processes
from games.ai import BUDGETS, choose_move
from games.registry import get_game

log = logging.getLogger(__name__)

#: The least share of its level's named budget a search gets, however long the queue. A quarter:
#: the levels' named budgets are 4x or more apart (easy 25 playouts, normal 200, hard 800), so a
#: level at its floor still searches at least as much as the level below it at full budget and the
#: levels keep their order; and the issue measured strength still growing between 1x and 4x, so
#: going lower would cost more than it saves. At the floor one worker answers four times as many
#: requests a second as at full budget.
FLOOR = 0.25
#: Seconds an AI-only request may wait before it is served ahead of people's requests: tables of
#: AI seats only (a tournament's fill-ins) always finish, even when people keep the pool busy.
AGING_SECONDS = 30.0


class AIBusy(Exception):
    """Too many AI searches are waiting; ask again later."""


@dataclass(frozen=True)
class Budget:
    """What one search may spend: ``playouts`` and ``seconds``, whichever ends it first (``None``:
    the AI's own default, e.g. for ``random``); ``share`` of the level's named budget."""

    playouts: int | None
    seconds: float | None
    share: float = 1.0


def budget(level: str, behind: int, workers: int, *, seconds_cap: float | None = None) -> Budget:
    """The budget of a search at ``level`` with ``behind`` requests waiting behind it.

    The waiting requests share the time: with ``k`` of them for ``w`` workers a search takes
    ``1 / (1 + k / w)`` of the named budget, so the last of them gets its reply after about one
    named budget's time instead of ``k`` of them; never less than :data:`FLOOR`. ``seconds_cap``
    (``BOT_AI_SECONDS``) bounds the seconds of every search, the floor included: the admin's word."""
    named = BUDGETS.get(level)
    if named is None:  # ``random`` or an unknown name: the AI decides without a search budget
        return Budget(None, seconds_cap)
    share = max(FLOOR, 1.0 / (1.0 + behind / max(1, workers)))
    playouts, seconds = named
    seconds = seconds * share
    if seconds_cap is not None:
        seconds = min(seconds, seconds_cap)
    return Budget(max(1, round(playouts * share)), seconds, share)


def default_workers() -> int:
    """One worker per core, leaving one core to the bot's event loop (at least one worker)."""
    return max(1, (os.cpu_count() or 2) - 1)


def search(game_name: str, state_json: dict[str, Any], seat: int, level: str, seed: int,
           playouts: int | None, seconds: float | None) -> str:
    """One AI decision, in a worker: the state as JSON in, the move's notation out."""
    game = get_game(game_name)
    state = game.state_from_json(state_json)
    move = choose_move(game, state, seat, level, seed=seed, playouts=playouts, seconds=seconds)
    return game.format_move(state, move)


#: Worker pools by size, shared by every :class:`AIPool` of this process (tests start many hosts,
#: each on its own event loop; the workers need not be spawned again for each).
_EXECUTORS: dict[int, ProcessPoolExecutor] = {}


def _executor(workers: int) -> ProcessPoolExecutor:
    executor = _EXECUTORS.get(workers)
    if not worker_processes.alive(executor):  # none yet, or stopped
        executor = _EXECUTORS[workers] = worker_processes.pool(workers)
    return executor


def _restart(workers: int) -> None:
    broken = _EXECUTORS.pop(workers, None)
    if broken is not None:
        worker_processes.retire(broken)


def warm_up(workers: int | None) -> None:
    """Start the AI's worker processes now (``python -m bot`` at start), not at the first AI move."""
    count = default_workers() if workers is None else max(0, int(workers))
    if count:
        worker_processes.warm_up(_executor(count), count)


@dataclass
class PoolCounters:
    """What the pool has done since start (for tests, benches and the debug log)."""

    searches: int = 0
    #: Searches for tables where a person sees the reply, and for AI-only tables.
    for_people: int = 0
    for_machines: int = 0
    #: AI-only requests served ahead of people's because they had waited :data:`AGING_SECONDS`.
    aged: int = 0
    #: Searches with the level's whole named budget, with a share of it above the floor, at the floor.
    full: int = 0
    scaled: int = 0
    at_floor: int = 0
    #: The playouts budgeted over all searches with a budget (their mean: ``playouts / budgeted``).
    playouts: int = 0
    budgeted: int = 0
    last: Budget | None = None


@dataclass
class _Waiter:
    for_person: bool
    arrived: float
    ready: asyncio.Future


class AIPool:
    """A bounded queue of AI searches over the worker processes (one per event loop): people's
    tables first, each class first come, first served; budgets that shrink as the queue grows.

    ``priority=False`` and ``adaptive=False`` give the pool as it was before (one first-come queue,
    every search at its full budget): for benches that compare."""

    def __init__(self, workers: int | None = None, *, queue_limit: int = 500, seconds_cap: float | None = None,
                 priority: bool = True, adaptive: bool = True, aging_seconds: float = AGING_SECONDS,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.workers = default_workers() if workers is None else max(0, int(workers))
        self.queue_limit = queue_limit
        self.seconds_cap = seconds_cap
        self.priority, self.adaptive = priority, adaptive
        self.aging_seconds = aging_seconds
        self.clock = clock
        self._slots = max(1, self.workers)
        self._running = 0
        self._people: deque[_Waiter] = deque()  # everything, when priority is off
        self._machines: deque[_Waiter] = deque()
        self.counters = PoolCounters()

    @property
    def waiting(self) -> int:
        return len(self._people) + len(self._machines)

    @property
    def searches(self) -> int:
        """Searches run since start."""
        return self.counters.searches

    async def choose(self, game_name: str, state_json: dict[str, Any], seat: int, level: str, *,
                     seed: int, for_person: bool = True, playouts: int | None = None,
                     seconds: float | None = None) -> str:
        """The notation of the move the AI plays for ``seat``. ``for_person``: a person will see
        this reply (their request goes ahead of AI-only ones). ``playouts``/``seconds`` fix the
        budget (tests, benches); by default it is the level's, adapted to the queue. Raises
        :class:`AIBusy` when the queue is full."""
        if self.waiting >= self.queue_limit:
            raise AIBusy(f"{self.waiting} AI searches are waiting")
        await self._turn(for_person)
        try:
            plan = self._budget(level, for_person, playouts, seconds)
            self._count(for_person, plan)
            log.debug("AI search for %s (%s, seat %s, level %s): %s playouts, %s s, %.0f%% of the level's "
                      "budget; %d waiting", "a person" if for_person else "AI-only play", game_name, seat, level,
                      plan.playouts, None if plan.seconds is None else round(plan.seconds, 3), plan.share * 100,
                      self.waiting)
            args = (game_name, state_json, seat, level, seed, plan.playouts, plan.seconds)
            if self.workers == 0:
                return await asyncio.to_thread(search, *args)
            loop = asyncio.get_running_loop()
            try:
                return await loop.run_in_executor(_executor(self.workers), search, *args)
            except BrokenProcessPool:  # a worker died (killed, out of memory): start afresh, once
                log.warning("an AI worker died; restarting the pool")
                _restart(self.workers)
                return await loop.run_in_executor(_executor(self.workers), search, *args)
        finally:
            self._release()

    # -- the queue ----------------------------------------------------------------------------

    async def _turn(self, for_person: bool) -> None:
        """Wait until this request may run (a slot is taken for it)."""
        if self._running < self._slots and not self.waiting:
            self._running += 1
            return
        queue = self._people if for_person or not self.priority else self._machines
        waiter = _Waiter(for_person, self.clock(), asyncio.get_running_loop().create_future())
        queue.append(waiter)
        self._dispatch()
        try:
            await waiter.ready
        except asyncio.CancelledError:
            if waiter.ready.done() and not waiter.ready.cancelled():
                self._release()  # handed a slot just as it was cancelled: pass the slot on
            else:
                queue.remove(waiter)
            raise

    def _release(self) -> None:
        self._running -= 1
        self._dispatch()

    def _dispatch(self) -> None:
        while self._running < self._slots:
            waiter = self._next()
            if waiter is None:
                return
            self._running += 1
            waiter.ready.set_result(None)

    def _next(self) -> _Waiter | None:
        machines = self._machines
        if machines and self.clock() - machines[0].arrived >= self.aging_seconds:
            self.counters.aged += 1
            return machines.popleft()
        if self._people:
            return self._people.popleft()
        return machines.popleft() if machines else None

    # -- the budget ---------------------------------------------------------------------------

    def _budget(self, level: str, for_person: bool, playouts: int | None, seconds: float | None) -> Budget:
        cap = self.seconds_cap
        if playouts is not None or seconds is not None:  # fixed by the caller
            return Budget(playouts, seconds if cap is None or seconds is None else min(seconds, cap))
        if not self.adaptive:
            return budget(level, 0, self.workers, seconds_cap=cap)
        # A person's search shrinks for the people waiting behind it; AI-only work, which yields
        # to people, also for the AI-only work behind it.
        behind = len(self._people) + (0 if for_person and self.priority else len(self._machines))
        return budget(level, behind, self.workers, seconds_cap=cap)

    def _count(self, for_person: bool, plan: Budget) -> None:
        counters = self.counters
        counters.searches += 1
        if for_person:
            counters.for_people += 1
        else:
            counters.for_machines += 1
        counters.last = plan
        if plan.playouts is not None:
            counters.playouts += plan.playouts
            counters.budgeted += 1
        if plan.share >= 1.0:
            counters.full += 1
        elif plan.share <= FLOOR:
            counters.at_floor += 1
        else:
            counters.scaled += 1
