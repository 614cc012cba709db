"""A bot process without Discord, for the kill -9 suite (``tests/test_crash_safety.py``).

``python -m tests.crash_worker DB SEED [--retry TABLE VERSION USER NOTATION ...]`` opens the store as
the bot does and plays random legal moves through the host, one task per table and all tables at
once (their commits interleave on the one connection, as the bot's do), until it is killed. Each
table has human seats (users 1, 2, ...) and one AI seat (``play_ai``, in a thread: ``ai_workers=0``);
after each move it also marks the private views delivered and the move announced, as the presenter
does. A finished game is replaced by a new one of the same game.

Protocol on stdout, one line each, flushed:

- ``TRY table version user notation``: about to submit that move, seen at that version;
- ``ACK table version``: a move committed (the table is at ``version`` now), printed only after
  the commit returned;
- ``RETRY landed|refused table version``: the outcome of each ``--retry`` (four arguments each),
  the same submission sent again bound to the version its sender saw (as a client retrying after a
  network error would): it must land only if the first one did not.
"""

from __future__ import annotations

import asyncio
import random
import sys

from bot.host import Host, HostError, Store
from bot.host.errors import RepeatedMove

#: The games played at once: (game, human seats), plus one AI seat each.
LINEUP = (("minoa", 2), ("medina", 1), ("middle_ages", 2), ("madeira", 1))


def say(*words: object) -> None:
    sys.stdout.write(" ".join(map(str, words)) + "\n")
    sys.stdout.flush()


async def new_table(host: Host, game: str, humans: int) -> int:
    table = await host.open_lobby(guild_id=1, channel_id=10, owner_id=1, owner_name="p1", game_name=game,
                                  num_players=humans + 1, options={})
    for user in range(2, humans + 1):
        table = await host.join(table.id, user, f"p{user}")
    table = await host.add_ai(table.id, 1, "random")
    table = await host.start(table.id, 1)
    return table.id


async def play_table(host: Host, table_id: int, game: str, humans: int, rng: random.Random) -> None:
    """Play the table's moves one after another, forever (a new table when one ends)."""
    while True:
        table = await host.table(table_id)
        if table.status != "active":
            table_id = await new_table(host, game, humans)
            continue
        waiting = host.waiting_on(table)
        if any(seat.is_ai for seat in waiting):
            after = await host.play_ai(table_id)
        else:
            user = waiting[0].user_id
            notation = rng.choice(host.legal_notations(table, user))
            say("TRY", table_id, table.version, user, notation)
            try:
                after = await host.play(table_id, user, notation)
            except RepeatedMove:  # the same move again right after (Middle Ages' "go"): confirmed, as
                after = await host.play(table_id, user, notation, version=table.version)  # its button does
        if after is None:
            continue
        say("ACK", table_id, after.version)
        for seat, private in host.private_updates(after):
            await host.mark_private_delivered(table_id, seat.seat, private)
        await host.mark_announced(table_id, after.version)
        await asyncio.sleep(0)


async def main(path: str, seed: int, retry: list[str]) -> None:
    rng = random.Random(seed)
    host = Host(await Store.open(path), ai_workers=0, ai_playouts=10, ai_seconds=0.05,
                seed_source=lambda: rng.randrange(1 << 31))
    for start in range(0, len(retry), 4):
        table_id, version, user, notation = int(retry[start]), int(retry[start + 1]), int(retry[start + 2]), \
            retry[start + 3]
        try:
            after = await host.play(table_id, user, notation, version=version)
        except HostError as refused:
            say("RETRY refused", table_id, version, refused.key)
        else:
            say("RETRY landed", table_id, version)
            say("ACK", table_id, after.version)
    try:
        mine = {t.game: t.id for t in await host.store.tables_with_status("active")}
        tasks = []
        for game, humans in LINEUP:
            table_id = mine.get(game) or await new_table(host, game, humans)
            tasks.append(play_table(host, table_id, game, humans, random.Random(rng.random())))
        await asyncio.gather(*tasks)
    finally:  # an error ends the worker (the test sees it end by itself) instead of hanging it
        await host.store.close()


if __name__ == "__main__":
    args = sys.argv[1:]
    retry_args = args[args.index("--retry") + 1:] if "--retry" in args else []
    asyncio.run(main(args[0], int(args[1]), retry_args))
