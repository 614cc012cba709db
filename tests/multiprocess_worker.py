"""A bot process without Discord doing the shared background work, for ``tests/test_multiprocess.py``.

``python -m tests.multiprocess_worker URL HOLDER LEASE_SECONDS PAUSE`` opens the store at ``URL`` and, until
it is killed, does what ``GameBot.tick`` does with leases (``bot.host.leases``): takes up the tables
no live process holds and moves their AI seats, one move at a time with the table's lease renewed
first, then ``PAUSE`` seconds' rest; and, while it holds the tick's lease, handles due reminders and timeouts.

Protocol on stdout, one line each, flushed: ``MOVED table version`` after an AI move committed,
``REMINDED table stage`` after a reminder was claimed (where the bot would post it), ``SHOWN table
version`` after a change nobody had shown was marked shown (where the bot would post the board).
"""

from __future__ import annotations

import asyncio
import sys

from bot.host import Host, HostError, Store
from bot.host.leases import TICK, Leases, table_lease, unheld_work
from bot.host.timekeeper import handle_due


def say(*words: object) -> None:
    sys.stdout.write(" ".join(map(str, words)) + "\n")
    sys.stdout.flush()


async def background(host: Host, leases: Leases, *, report=say) -> int:
    """One round of the background work of one process; returns how much it did."""
    done = 0
    unannounced, ai_to_move = await unheld_work(host, leases)
    for table_id in unannounced:
        table = await host.store.get_table(table_id)
        await host.store.update_at(table_id, table.version, announced_version=table.version)
        report("SHOWN", table_id, table.version)
        done += 1
    for table_id in ai_to_move:  # one move per table and round: all the games go on at once
        if not await leases.hold(table_lease(table_id)):
            continue  # another live process took it
        try:
            after = await host.play_ai(table_id)
        except HostError:  # moved by another process meanwhile: the version check refused ours
            continue
        if after is not None:
            report("MOVED", table_id, after.version)
            done += 1
    if await leases.hold(TICK):
        for due in await handle_due(host, host.clock()):
            report("REMINDED", due.table.id, due.stage)
            done += 1
    return done


async def main(url: str, holder: str, seconds: float, pause: float) -> None:
    host = Host(await Store.open(url), ai_workers=0, ai_seconds=0.2, ai_playouts=2)
    leases = Leases(host.store, holder=holder, seconds=seconds)
    while True:
        await background(host, leases)
        await asyncio.sleep(pause)  # a bot's tick interval, short


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], sys.argv[2], float(sys.argv[3]), float(sys.argv[4])))
