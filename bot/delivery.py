"""Delivery after a commit: what must be shown on Discord is retried until shown.

A committed change is the truth; Discord is only told about it. Everything the bot must show after
a commit (the board post with its turn mention, the status edit, DMs, the lobby message, the
mover's reply) runs as a *job* under a key (one per table for the table's posts, one per
interaction for a reply). :meth:`Delivery.run` makes the first attempt at once and, when it fails
for a reason that may pass (a 5xx, a 429, a 403 that an admin may lift, a timeout, a dropped
connection, busy storage), retries it in the background with exponential backoff and jitter,
never sooner than a 429's ``retry_after``, a bounded number of times. A newer request under the
same key supersedes a pending retry: jobs read the stored state when they run, so the newest
request shows everything the older one would have. Pending retries live in memory only; after a
restart the bot shows what storage says was not shown yet (``announced_version``).
"""

from __future__ import annotations

import asyncio
import functools
import logging
import random
from collections import Counter
from collections.abc import Awaitable, Callable, Hashable
from dataclasses import dataclass, field

import aiohttp
import discord

from bot.host.store import StorageBusy

log = logging.getLogger(__name__)


class NotYet(Exception):
    """A job depends on another that has not been done yet (e.g. greetings before the thread
    exists): try again later."""


@dataclass(frozen=True)
class RetryPolicy:
    """Attempt ``n`` (2, 3, ...) waits ``first * factor ** (n - 2)`` seconds, at most ``cap``, give
    or take ``jitter`` (a fraction), and never less than a 429's ``retry_after``. The defaults
    make 10 attempts over about 8 minutes. ``attempt_timeout`` bounds one attempt (a request
    Discord holds without answering; discord.py's own retries of a 500 take up to 25 s)."""

    tries: int = 10
    first: float = 1.5
    factor: float = 2.0
    cap: float = 150.0
    jitter: float = 0.2
    attempt_timeout: float = 60.0

    def pause(self, attempt: int, rng: random.Random) -> float:
        """Seconds to wait before attempt number ``attempt`` (2 or more)."""
        base = min(self.cap, self.first * self.factor ** (attempt - 2))
        return base * (1 + self.jitter * rng.uniform(-1, 1))


def retry_after(exc: BaseException) -> float | None:
    """How long to wait at least before trying again after ``exc``; ``None`` if trying again
    cannot help (the request itself is wrong, or the target is gone)."""
    if isinstance(exc, discord.RateLimited):  # longer than discord.py waits on its own
        return exc.retry_after
    if isinstance(exc, discord.HTTPException):
        if exc.status == 429:
            headers = getattr(exc.response, "headers", None) or {}
            try:
                return float(headers.get("Retry-After", 1.0))
            except ValueError:
                return 1.0
        if exc.status >= 500 or exc.status in (403, 408):  # a 403 lasts until someone fixes the permissions
            return 0.0
        return None  # 400, 404 (the thread or message is gone): repeating it changes nothing
    if isinstance(exc, (TimeoutError, aiohttp.ClientError, OSError, StorageBusy, NotYet)):
        return 0.0
    return None  # a bug: logged with its traceback, not repeated


@dataclass
class _Slot:
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    generation: int = 0
    users: int = 0
    retry: asyncio.Task[None] | None = None
    #: The retry task is making an attempt (not to be cancelled halfway through a request).
    retrying: bool = False
    failing: bool = False


class Delivery:
    """Runs jobs by key: one attempt at a time per key, retried in the background while they fail.

    ``stats`` counts ``requests``, ``attempts``, ``failures`` (failed attempts), ``recovered``
    (jobs shown after failing), ``given_up`` (retries exhausted, or a failure that cannot pass)
    and ``superseded`` (pending retries replaced by a newer request)."""

    def __init__(self, policy: RetryPolicy | None = None, *, seed: int | None = None) -> None:
        self.policy = policy or RetryPolicy()
        self.stats: Counter[str] = Counter()
        self._slots: dict[Hashable, _Slot] = {}
        self._rng = random.Random(seed)
        self._stopping = False

    async def run(self, key: Hashable, job: Callable[[], Awaitable[None]], what: str) -> bool:
        """Attempt ``job`` now (after any attempt under ``key`` in flight); ``True`` when it
        succeeded. On a failure that may pass, retries go on in the background. Never raises
        (except cancellation): the caller's commit stands whatever Discord says."""
        self.stats["requests"] += 1
        slot = self._slots.setdefault(key, _Slot())
        slot.generation += 1
        generation = slot.generation
        if slot.retry is not None and not slot.retry.done() and not slot.retrying:
            slot.retry.cancel()  # a pending retry of an older request: this one shows it all
            self.stats["superseded"] += 1
        slot.users += 1
        try:
            ok, wait = await self._attempt(slot, job, what)
            if not ok and wait is not None and slot.generation == generation and not self._stopping:
                slot.users += 1  # the retry task's, given back when it is done (even cancelled unstarted)
                slot.retry = asyncio.create_task(self._retry(slot, job, what, generation, wait),
                                                 name=f"delivery-{what}")
                slot.retry.add_done_callback(functools.partial(self._retried, key, slot))
            return ok
        finally:
            self._release(key, slot)

    async def _attempt(self, slot: _Slot, job: Callable[[], Awaitable[None]], what: str) -> tuple[bool, float | None]:
        async with slot.lock:
            self.stats["attempts"] += 1
            try:
                async with asyncio.timeout(self.policy.attempt_timeout):
                    await job()
            except Exception as exc:  # noqa: BLE001  (classified, logged, retried or given up)
                self.stats["failures"] += 1
                wait = retry_after(exc)
                if wait is None:
                    log.error("showing %s failed for good", what, exc_info=exc)
                    self.stats["given_up"] += 1
                    slot.failing = False
                else:
                    log.warning("showing %s failed (%r); trying again", what, exc)
                    slot.failing = True
                return False, wait
            if slot.failing:
                self.stats["recovered"] += 1
                slot.failing = False
            return True, None

    async def _retry(self, slot: _Slot, job: Callable[[], Awaitable[None]], what: str,
                     generation: int, wait: float) -> None:
        for attempt in range(2, self.policy.tries + 1):
            await asyncio.sleep(max(wait, self.policy.pause(attempt, self._rng)))
            if slot.generation != generation:
                return  # a newer request ran (and retries itself if it failed)
            slot.retrying = True
            try:
                ok, wait = await self._attempt(slot, job, what)
            finally:
                slot.retrying = False
            if ok or wait is None or slot.generation != generation:
                return
        log.error("gave up showing %s after %d attempts", what, self.policy.tries)
        self.stats["given_up"] += 1
        slot.failing = False

    def _retried(self, key: Hashable, slot: _Slot, task: asyncio.Task[None]) -> None:
        if slot.retry is task:
            slot.retry = None
        self._release(key, slot)

    def _release(self, key: Hashable, slot: _Slot) -> None:
        slot.users -= 1
        if slot.users == 0 and self._slots.get(key) is slot:
            del self._slots[key]

    def busy(self, key: Hashable) -> bool:
        """Whether a job under ``key`` is being attempted or has a retry to come."""
        return key in self._slots

    def pending(self) -> int:
        """Jobs with a retry still to come."""
        return sum(1 for slot in self._slots.values() if slot.retry is not None and not slot.retry.done())

    async def idle(self, timeout: float) -> None:
        """Wait until no attempt is running and no retry is pending (tests and the long run)."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while self._slots:
            if loop.time() > deadline:
                raise TimeoutError(f"deliveries still pending: {list(self._slots)}")
            await asyncio.sleep(0.01)

    async def stop(self) -> None:
        self._stopping = True
        tasks = [slot.retry for slot in self._slots.values() if slot.retry is not None]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
