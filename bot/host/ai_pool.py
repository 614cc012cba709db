"""AI searches in worker processes, so they never hold the event loop's GIL.

An MCTS search run in a thread holds the GIL in slices of a few milliseconds: with a handful of AI
tables every person's ``/move`` waits behind it, and the searches themselves get fewer playouts.
Here each search runs in a worker process at a lower scheduling priority than the bot:

- the state goes over as JSON and the chosen move comes back as notation (the engine contract
  guarantees that ``parse_move`` reads back what ``format_move`` writes), so nothing but plain
  data crosses the process boundary;
- the AI's budget (playouts, seconds) is the search's own; waiting for a free worker does not
  count against it;
- requests wait in one first-come queue with as many searches running as there are workers. A
  table asks for its next AI move only after its previous one landed (the host holds the table's
  lock meanwhile), so a table with many AI seats takes turns with the others instead of starving
  them. The queue is bounded: past :attr:`AIPool.queue_limit` waiting requests a new one is
  refused with :class:`AIBusy` and the caller tries again later;
- the move is committed by the host with the usual version check, so it lands exactly once, even
  across restarts (a search lost in a crash is simply run again).

``workers=0`` runs searches in a thread of this process instead (for machines without spare cores).
The worker processes never outlive the bot (:mod:`bot.host.workers`).
"""

from __future__ import annotations

import asyncio
import logging
import os
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from bot.host import workers as worker_processes
from games.ai import choose_move
from games.registry import get_game

log = logging.getLogger(__name__)


class AIBusy(Exception):
    """Too many AI searches are waiting; ask again later."""


def default_workers() -> int:
    """One worker per core, leaving one core to the bot's event loop (at least one worker)."""
    return max(1, (os.cpu_count() or 2) - 1)


def search(game_name: str, state_json: dict[str, Any], seat: int, level: str, seed: int,
           playouts: int, seconds: float) -> str:
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


class AIPool:
    """A bounded, first-come queue of AI searches over the worker processes (one per event loop)."""

    def __init__(self, workers: int | None = None, *, queue_limit: int = 500) -> None:
        self.workers = default_workers() if workers is None else max(0, int(workers))
        self.queue_limit = queue_limit
        self._slots = asyncio.Semaphore(max(1, self.workers))  # asyncio serves waiters in order
        self._waiting = 0
        #: Searches run since start (for tests and benches).
        self.searches = 0

    @property
    def waiting(self) -> int:
        return self._waiting

    async def choose(self, game_name: str, state_json: dict[str, Any], seat: int, level: str, *,
                     seed: int, playouts: int, seconds: float) -> str:
        """The notation of the move the AI plays for ``seat``. Raises :class:`AIBusy` when the
        queue is full."""
        if self._waiting >= self.queue_limit:
            raise AIBusy(f"{self._waiting} AI searches are waiting")
        self._waiting += 1
        try:
            await self._slots.acquire()
        finally:
            self._waiting -= 1
        try:
            self.searches += 1
            args = (game_name, state_json, seat, level, seed, playouts, seconds)
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
            self._slots.release()
