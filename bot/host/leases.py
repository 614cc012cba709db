"""Background work shared by several bot processes on one database, done by one of them at a time.

Work that no interaction asks for (the play-by-post tick: reminders, timeouts, daily digests,
lobby expiry; a table's AI turns; posts of a committed change that were never made) is claimed
with a *lease*: a row ``(name, holder, expires_at)`` in storage (``Store.claim_leases``). A
process holds ``tick`` while it runs the tick, and ``table:<id>`` while it moves a table's AI
seats or shows its changes; it renews what it holds each time it works on it. A process that dies
renews nothing: its leases expire after ``seconds`` and the next process to look takes the work
over (or, restarted on the same shards, it takes its own back at once: :func:`holder_name`). On PostgreSQL the claim passes over rows another process is claiming at that moment
(``FOR UPDATE SKIP LOCKED``); on SQLite (one process) every claim succeeds.

A lease decides who *does* the work, not whether it lands: every change still commits with the
table's version, so a process that lost its lease while working (stalled past expiry) has its
commit refused rather than a table advanced twice.
"""

from __future__ import annotations

import os
import secrets
import socket
import time
from collections.abc import Iterable

from bot.host.store import Store

TICK = "tick"


def table_lease(table_id: int) -> str:
    return f"table:{table_id}"


def holder_name(shard_ids: Iterable[int] | None = None) -> str:
    """This process's name as a holder of leases. A bot process is named by its shard range, the
    same after a restart, so a process restarted after a crash takes its own leases back at once
    (a second process on the same range would be a mistake of the deployment). Without shards
    there is one process: ``bot``."""
    if shard_ids is None:
        return "bot"
    return "shards " + ",".join(map(str, sorted(shard_ids)))


def unique_name() -> str:
    """A holder distinct from every other process (host, pid and a random part): for a process
    that is none of the bot's shard processes."""
    return f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(4)}"


class Leases:
    """The leases of one process (``holder``) in ``store``, each lasting ``seconds`` from its
    latest claim or renewal by ``clock``."""

    def __init__(self, store: Store, *, holder: str | None = None, seconds: float = 90.0, clock=time.time) -> None:
        self.store = store
        self.holder = holder or unique_name()
        self.seconds = seconds
        self.clock = clock

    async def claim(self, names: Iterable[str]) -> set[str]:
        """Those of ``names`` this process holds now (newly claimed or renewed)."""
        now = self.clock()
        return set(await self.store.claim_leases(names, self.holder, now + self.seconds, now))

    async def hold(self, name: str) -> bool:
        """Claim or renew one lease; ``False`` while another live process holds it."""
        return name in await self.claim([name])

    async def release(self, names: Iterable[str] | None = None) -> None:
        """Let go of ``names`` (default: everything this process holds)."""
        await self.store.release_leases(None if names is None else list(names), self.holder)

    async def tables(self, table_ids: Iterable[int]) -> set[int]:
        """Of ``table_ids``, those whose background work this process holds now."""
        ids = {table_lease(i): i for i in table_ids}
        return {ids[name] for name in await self.claim(ids)}


async def unheld_work(host, leases: Leases) -> tuple[list[int], list[int]]:
    """What no live process is doing, claimed for this one: ``(tables to show, tables whose AI
    seats must move)`` among those whose latest change was not shown or whose AI seats must act
    (``Host.resume_work``), minus those another live process holds."""
    unannounced, ai_to_move = await host.resume_work()
    mine = await leases.tables(set(unannounced) | set(ai_to_move))
    return [i for i in unannounced if i in mine], [i for i in ai_to_move if i in mine]
