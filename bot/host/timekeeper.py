"""Play-by-post deadlines: which turns need a reminder or reached their time, handled once each.

Every claim is a versioned update in storage (``Store.claim_stage``), and every timeout action
commits with the turn's version, so after downtime each overdue turn is handled exactly once, by
one process, and reminders that became stale while the bot was down are not sent at all.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.host.errors import HostError
from bot.host.host import Host
from bot.host.store import SeatRow, TableRow

HALF, NINE_TENTHS, TIME_UP = 1, 2, 3


@dataclass
class Due:
    """Something the platform must tell: a reminder (``HALF`` / ``NINE_TENTHS``) or ``TIME_UP``."""

    table: TableRow
    stage: int
    policy: str
    seats: list[SeatRow]
    deadline_at: float


async def handle_due(host: Host, now: float) -> list[Due]:
    """Reminders and timeouts that are due at ``now``, each claimed (and, for timeouts, acted on)."""
    done: list[Due] = []
    for table in await host.store.due_tables(now):
        end = table.deadline_at
        waiting = [s for s in host.waiting_on(table) if not s.is_ai]
        if not waiting:
            continue
        policy = table.settings.get("timeout", "remind")
        if now >= end:
            after = await _time_up(host, table, policy)
            if after is not None:
                done.append(Due(after, TIME_UP, policy, waiting, end))
            continue
        # Only the latest reminder that is due: after downtime, no burst of stale ones.
        stage = NINE_TENTHS if now >= table.late_at else HALF
        if table.reminded < stage and await host.store.claim_stage(table.id, table.version, stage):
            done.append(Due(table, stage, policy, waiting, end))
    return done


async def _time_up(host: Host, table: TableRow, policy: str) -> TableRow | None:
    if policy in ("ai", "skip", "drop"):
        try:
            return await host.act_for_absent(table.id, table.version, policy)
        except HostError as refused:
            if refused.key == "host.stale":
                return None  # another process handled this turn first
            raise
    if await host.store.claim_stage(table.id, table.version, TIME_UP):  # remind only: say it once
        return await host.table(table.id)
    return None
