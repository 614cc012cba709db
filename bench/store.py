"""Storage figures without Discord: aiosqlite round trips per ``/move`` and resuming stored tables.

1. Round trips per ``/move``: what one move through the bot asks of the store, counted at the one
   place every aiosqlite call goes through (``Connection._execute``: a hop to aiosqlite's thread
   and back, each needing the GIL twice on the event loop's side). The path is the real code with
   a stub in place of Discord: the play cog's table lookup (``table_in_thread``), ``Host.play``,
   ``Presenter.mid_turn``, then the real ``Presenter.show`` (board post, status message, private
   views by DM for hidden-information games, turn DMs to a player who chose ``/notify turn``).
   The tables are play-by-post ones (a ``1d`` clock), so every commit also computes the next
   turn's clock (vacation and time-zone lookups). Drawing is stubbed (``board_image`` and
   ``private_image`` -> None).
2. Resume of ``--tables`` stored tables of each game: mid-game states from random play, written
   as rows directly; 2-4 seats, half the tables with one AI seat, about 2 % with the AI to act, 1 %
   not yet announced. The real ``GameBot.resume`` runs on the stub bot with the real presenter
   (its AI turns stop before the search: ``play_ai`` is stubbed to return None); the time is from
   the call to every task it scheduled being done. The worst stall is the lateness of a task
   sleeping 10 ms in a loop; the longest GC pause is recorded beside it.
   ``--fresh-migration`` also times the first resume of a file whose tables predate the stored
   acting seats (what a bot upgraded in place meets once).

Run: PYTHONPATH=. python3 bench/store.py [--moves N] [--tables N] [--games a,b]
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import random
import sqlite3
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.common import StallMonitor  # noqa: E402
from bot.client import GameBot  # noqa: E402
from bot.config import Settings  # noqa: E402
from bot.host import Host, Store  # noqa: E402
from bot.host.leases import Leases  # noqa: E402
from bot.host.errors import RepeatedMove  # noqa: E402
from bot.presenter import Presenter  # noqa: E402
from games.registry import get_game  # noqa: E402

GAMES = ("minoa", "madeira", "medina", "middle_ages", "mafia_de_cuba", "masume_yakyu")
TARGET_RESUME_S = 0.5
TARGET_STALL_MS = 50.0


# -- counting round trips -----------------------------------------------------------------------

class Counter:
    """Counts every awaited aiosqlite call of a store, whatever the Store's own version offers."""

    def __init__(self, store: Store) -> None:
        self.store = store
        if hasattr(store, "round_trips"):
            self.read = lambda: store.round_trips
            return
        self.count = 0
        inner = store.db._execute

        async def counted(fn, *args, **kwargs):
            self.count += 1
            return await inner(fn, *args, **kwargs)

        store.db._execute = counted
        self.read = lambda: self.count


# -- a stub Discord ---------------------------------------------------------------------------

class StubMessage:
    def __init__(self, ids) -> None:
        self.id = next(ids)
        self.jump_url = f"https://discord.com/channels/1/2/{self.id}"

    async def pin(self) -> None:
        pass

    async def edit(self, **kwargs) -> None:
        pass


class StubThread:
    def __init__(self, ids) -> None:
        self.ids = ids
        self.sent = 0

    async def send(self, *args, **kwargs) -> StubMessage:
        self.sent += 1
        return StubMessage(self.ids)

    def get_partial_message(self, message_id: int) -> StubMessage:
        message = StubMessage(iter([message_id]))
        return message


class StubUser:
    async def send(self, text: str, **kwargs) -> None:
        pass


class StubBot:
    """What the presenter and ``GameBot.resume`` use of the bot, with the real store lookups."""

    guild_lang = GameBot.guild_lang
    user_lang = GameBot.user_lang
    resume = GameBot.resume
    adopt = GameBot.adopt

    def __init__(self, host: Host) -> None:
        self.host = host
        self.leases = Leases(host.store, holder="bot")
        self.settings = Settings(token="-", ai_delay=0.0)
        self.ids = iter(range(10**15, 10**16))
        self.thread = StubThread(self.ids)
        self.presenter = Presenter(self)

        async def no_image(table, lang, *, detail=False):
            return None

        async def no_private_image(table, seat, private, lang):
            return None
        self.presenter.board_image = no_image  # drawing is not what this measures: boards
        self.presenter.private_image = no_private_image  # nor the private pictures DMed (Mafia de Cuba)

    async def channel(self, channel_id: int) -> StubThread:
        return self.thread

    def get_user(self, user_id: int) -> StubUser:
        return StubUser()

    async def fetch_user(self, user_id: int) -> StubUser:
        return StubUser()


# -- 1. round trips per /move -------------------------------------------------------------------

async def move_round_trips(path: Path, game_name: str, moves: int, seed: int = 7) -> dict:
    store = await Store.open(path)
    try:
        return await _move_round_trips(store, game_name, moves, seed)
    finally:
        await store.close()  # also on an error: an open aiosqlite thread keeps the process alive


async def _move_round_trips(store: Store, game_name: str, moves: int, seed: int) -> dict:
    host = Host(store, seed_source=lambda: seed)
    bot = StubBot(host)
    rng = random.Random(seed)
    users = [10**17 + 1, 10**17 + 2]
    table = await host.open_lobby(guild_id=1, channel_id=2, owner_id=users[0], owner_name="alice",
                                  game_name=game_name, num_players=2, options={}, settings={"clock": "1d"})
    table = await host.join(table.id, users[1], "bob")
    table = await host.start(table.id, users[0])
    table = await host.attach(table.id, thread_id=next(bot.ids))
    await store.set_player(users[1], notify="turn")  # bob asked for a DM when it is his turn
    await store.set_user_lang(users[0], "en")
    await bot.presenter.show(table.id)  # the opening board, as after /start
    counter = Counter(store)
    counts: list[int] = []
    phases: dict[str, list[int]] = {}
    for _ in range(moves):
        if table.status != "active":
            break
        (seat,) = [s for s in host.waiting_on(table)][:1]
        user = seat.user_id
        notation = rng.choice(host.legal_notations(table, user))
        before = counter.read()
        marks = [before]
        # the play cog's /move: the table of the thread, the move, "you move again?", then show
        table = await host.table_in_thread(table.thread_id)
        marks.append(counter.read())
        try:
            table = await host.play(table.id, user, notation)
        except RepeatedMove:  # the same move again on purpose (Middle Ages `go 1`): the confirm button
            table = await host.play(table.id, user, notation, version=table.version)
        marks.append(counter.read())
        await bot.presenter.mid_turn(table)
        marks.append(counter.read())
        await bot.presenter.show(table.id)
        marks.append(counter.read())
        counts.append(marks[-1] - before)
        for name, a, b in zip(("lookup", "play", "mid_turn", "show"), marks, marks[1:]):
            phases.setdefault(name, []).append(b - a)
        table = await host.table(table.id)
    return {"game": game_name, "moves": len(counts), "mean": statistics.mean(counts), "max": max(counts),
            "min": min(counts), "phases": {k: statistics.mean(v) for k, v in phases.items()}}


# -- 2. resume ------------------------------------------------------------------------------------

def mid_states(game_name: str, count: int, seed: int) -> list[tuple[int, dict, frozenset]]:
    """``count`` mid-game positions of random play: (players, state JSON, seats to act)."""
    from games.ai import choose_move

    game = get_game(game_name)
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        players = rng.choice([n for n in (2, 2, 3, 4) if game.min_players <= n <= game.max_players]
                             or [game.min_players, game.min_players + 1])
        state = game.new_game(players, {}, rng.randrange(1 << 30))
        for ply in range(rng.randint(5, 80)):
            acting = game.to_act(state)
            if not acting:
                break
            seat = min(acting)
            state, _ = game.apply(state, seat, choose_move(game, state, seat, "random", seed=ply))
        if game.to_act(state):
            found.append((players, game.state_to_json(state), frozenset(game.to_act(state))))
    return found


def build_tables(path: Path, game_name: str, count: int, seed: int, fill_acting: bool = True) -> dict:
    """``count`` active tables written as rows (one transaction); returns what was built."""
    asyncio.run(_create_schema(path))
    rng = random.Random(seed)
    states = mid_states(game_name, 40, seed)
    db = sqlite3.connect(path)
    columns = {row[1] for row in db.execute("PRAGMA table_info(game_tables)")}
    has_acting = "acting" in columns and fill_acting
    has_deadline = "rule_deadline_at" in columns
    now = time.time()
    game = get_game(game_name)
    dues = []  # what the host stores with each state (a release before the column: -1, not known)
    for _players, state, _acting in states:
        limit = game.deadline(game.state_from_json(state))
        dues.append((now + limit.seconds if limit is not None else None) if fill_acting else -1)
    ai_to_act = unannounced = 0
    with db:
        for n in range(count):
            players, state, acting = states[n % len(states)]
            ai_seat = None
            if rng.random() < 0.5:  # an AI seat; about 2 % of all tables have it to act (it was
                # thinking when the bot stopped), the rest wait for a person
                idle = [s for s in range(players) if s not in acting]
                ai_seat = min(acting) if rng.random() < 0.04 or not idle else rng.choice(idle)
            if ai_seat is not None and ai_seat in acting:
                ai_to_act += 1
            version = rng.randint(5, 80)
            announced = version - 1 if rng.random() < 0.01 else version
            unannounced += announced < version
            row = {"guild_id": 1, "channel_id": 2, "thread_id": 10**16 + n, "lobby_message_id": None,
                   "status_message_id": 10**15 + n, "game": game_name, "num_players": players,
                   "options": "{}", "seed": n, "status": "active", "owner_id": 10**17 + 10 * n,
                   "state": json.dumps(state), "version": version, "announced_version": announced,
                   "settings": json.dumps({"clock": "none", "hours": None, "timeout": "remind",
                                           "vacation": True, "posts": True}),
                   "created_at": now, "updated_at": now, "board_message_id": 10**14 + n}
            if has_acting:
                row["acting"] = sum(1 << s for s in acting)
            if has_deadline:
                row["rule_deadline_at"] = dues[n % len(states)]
            cursor = db.execute(f"INSERT INTO game_tables ({', '.join(row)}) VALUES ({', '.join('?' * len(row))})",
                                tuple(row.values()))
            db.executemany("INSERT INTO seats (table_id, seat, user_id, ai_level, name) VALUES (?, ?, ?, ?, ?)",
                           [(cursor.lastrowid, s, None if s == ai_seat else 10**17 + 10 * n + s,
                             "random" if s == ai_seat else None, f"p{n}.{s}") for s in range(players)])
    db.close()
    return {"ai_to_act": ai_to_act, "unannounced": unannounced,
            "timed": sum(1 for n in range(count) if dues[n % len(states)] not in (None, -1))}


async def _create_schema(path: Path) -> None:
    store = await Store.open(path)
    await store.close()


async def resume_figures(path: Path) -> dict:
    gc.unfreeze()
    gc.collect()
    store = await Store.open(path)
    host = Host(store)
    bot = StubBot(host)

    async def no_search(table_id):  # the AI's search is not what this measures
        bot.ai_checked += 1
        return None
    bot.ai_checked = 0
    host.play_ai = no_search
    async with StallMonitor() as monitor:
        start = time.perf_counter()
        await bot.resume()
        await asyncio.gather(*bot.presenter._ai_tasks.values(), return_exceptions=True)
        took = time.perf_counter() - start
    scheduled = len(bot.presenter._ai_tasks)
    timers = len(bot.presenter._deadline_tasks)
    for task in bot.presenter._deadline_tasks.values():
        task.cancel()
    shown = bot.thread.sent
    await store.close()
    gc.unfreeze()
    return {"seconds": took, "stall_ms": max(monitor.late, default=0) * 1000,
            "gc_ms": monitor.worst_gc_ms, "scheduled": scheduled,
            "ai_moves": bot.ai_checked, "posts": shown, "timers": timers}


# -- report ---------------------------------------------------------------------------------------

def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--moves", type=int, default=20, help="moves per game for the round-trip count")
    parser.add_argument("--tables", type=int, default=1000, help="stored tables per game for resume")
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--runs", type=int, default=3, help="resume runs per game (the worst is shown)")
    parser.add_argument("--fresh-migration", action="store_true",
                        help="also time a first resume of tables whose acting seats are not stored yet")
    args = parser.parse_args()
    games = args.games.split(",")
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        print("Round trips to aiosqlite's thread per /move (2 players, 1d clock, one player notified)")
        for name in games:
            if get_game(name).min_players > 2:
                print(f"  {name:12s} (needs {get_game(name).min_players} players: not measured here)")
                continue
            r = asyncio.run(move_round_trips(tmp / f"moves-{name}.sqlite3", name, args.moves))
            phases = ", ".join(f"{k} {v:.1f}" for k, v in r["phases"].items())
            print(f"  {name:12s} mean {r['mean']:5.1f}  min {r['min']:3d}  max {r['max']:3d}"
                  f"  over {r['moves']} moves  ({phases})")
        variants = [("stored", True)] + ([("first after migration", False)] if args.fresh_migration else [])
        for label, fill in variants:
            print(f"Resume of {args.tables} stored active tables per game ({label}; worst of {args.runs} runs;"
                  f" target <= {TARGET_RESUME_S} s, stall <= {TARGET_STALL_MS:.0f} ms)")
            for name in games:
                worst = None
                for run in range(args.runs):
                    db = tmp / f"resume-{name}-{label[0]}-{run}.sqlite3"
                    built = build_tables(db, name, args.tables, seed=11, fill_acting=fill)
                    r = asyncio.run(resume_figures(db))
                    if worst is None or r["seconds"] > worst["seconds"]:
                        worst = {**r, "worst_stall": max(r["stall_ms"], (worst or r)["stall_ms"])}
                    else:
                        worst["worst_stall"] = max(worst["worst_stall"], r["stall_ms"])
                print(f"  {name:12s} {worst['seconds'] * 1000:7.1f} ms   worst stall {worst['worst_stall']:6.1f} ms"
                      f"   GC {worst['gc_ms']:5.1f} ms   AI tasks {worst['scheduled']:4d}"
                      f" (AI to act {built['ai_to_act']}, reached {worst['ai_moves']})"
                      f"   unannounced {built['unannounced']} -> posts {worst['posts']}"
                      f"   rule deadlines {built['timed']} -> timers {worst['timers']}")


if __name__ == "__main__":
    main()
