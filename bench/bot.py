"""Bot figures through the fake Discord (tests/fakediscord) on loopback, real GameBot, Host and SQLite.

1. Server-side time per move: from the fake sending the INTERACTION_CREATE of a ``/move`` to the fake
   receiving the bot's thread message with the board PNG of the new version. At 1 game and at 50
   concurrent games (each with two human players; one move per table at a time, every table moving
   again as soon as its board has arrived, so 50 moves are always in flight). p50 / p99.
2. The event loop's worst stall during the 50-game run (a task sleeping 10 ms records its lateness).
3. Resume of 1,000 stored active Minoa tables at start: bot start -> resume() done (all tables loaded,
   every AI task checked), resume() alone, and Host.active_tables() + unannounced() alone.

Targets (issue): p99 <= 150 ms at 50 games, no stall above 100 ms, resume <= 2 s.

Run: python3 bench/bot.py [--moves-1 N] [--moves-50 N] [--games N] [--stored N] [--profile]
(never run as a test). Both timestamps of a move come from time.perf_counter in this one process:
the fake and the bot share the event loop, exactly as in tests/test_bot_e2e.py.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import contextlib
import io
import logging
import pstats
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.client import GameBot  # noqa: E402
from bot.config import Settings  # noqa: E402
from bot.host import Host, Store  # noqa: E402
from tests.fakediscord import FakeDiscord  # noqa: E402

TARGET_P99_MS = 150.0
TARGET_STALL_MS = 100.0
TARGET_RESUME_S = 2.0
AI_DELAY = 0.01


# -- small helpers ---------------------------------------------------------------------------------

def percentile(values: list[float], q: float) -> float:
    """Nearest-rank percentile (q in 0..100) of a non-empty list."""
    ordered = sorted(values)
    rank = max(1, min(len(ordered), round(q / 100 * len(ordered) + 0.5)))
    return ordered[rank - 1]


class Stamps:
    """perf_counter stamps taken inside the fake: when an INTERACTION_CREATE went out (by interaction
    id) and when a message was recorded (by message id). Wraps the fake instance's own methods."""

    def __init__(self, fake: FakeDiscord) -> None:
        self.sent: dict[int, float] = {}
        self.recorded: dict[int, float] = {}
        dispatch_now, record = fake._dispatch_now, fake._record_message

        async def _dispatch_now(event, data, *, intent=None):
            if event == "INTERACTION_CREATE":
                self.sent[int(data["id"])] = time.perf_counter()
            await dispatch_now(event, data, intent=intent)

        def _record_message(msg):
            self.recorded[msg.id] = time.perf_counter()
            record(msg)

        fake._dispatch_now = _dispatch_now
        fake._record_message = _record_message


class StallMonitor:
    """Sleeps ``interval`` in a loop and records how late each wake-up was."""

    def __init__(self, interval: float = 0.01) -> None:
        self.interval = interval
        self.late: list[float] = []
        self._task: asyncio.Task | None = None

    async def _run(self) -> None:
        while True:
            start = time.perf_counter()
            await asyncio.sleep(self.interval)
            self.late.append(max(0.0, time.perf_counter() - start - self.interval))

    def start(self) -> "StallMonitor":
        self._task = asyncio.create_task(self._run(), name="stall-monitor")
        return self

    async def stop(self) -> None:
        if self._task:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task

    @property
    def worst_ms(self) -> float:
        return max(self.late, default=0.0) * 1000


@contextlib.contextmanager
def quiet_logs():
    """The bot logs INFO on_ready etc.; keep the output to the figures (errors still reach the fake)."""
    logging.getLogger("discord").setLevel(logging.WARNING)
    yield


# -- moves through the fake ------------------------------------------------------------------------

class Arena:
    """One fake Discord, one guild, ``2 * games`` people and a running bot on a temp SQLite file."""

    def __init__(self, fake: FakeDiscord, db: Path, games: int) -> None:
        self.fake, self.db = fake, db
        self.people = [fake.create_user(f"p{i}", locale="en-US") for i in range(2 * games)]
        self.by_id = {u.id: u for u in self.people}
        self.guild = fake.create_guild("Bench", members=tuple(self.people))
        self.general = self.guild.channel("general")
        self.stamps = Stamps(fake)
        self.bot: GameBot | None = None

    @property
    def host(self) -> Host:
        return self.bot.host

    async def start_table(self, owner, other) -> tuple[int, object]:
        """The real flow: /game new, Join, Start; returns (table id, thread) once the first board is in."""
        fake = self.fake
        lobby = await (await fake.send_slash_command(
            "game new", user=owner, channel=self.general, options={"game": "minoa", "players": 2})).reply(timeout=30)
        thread = await fake.wait_until(lambda: fake.channels.get(lobby.id), timeout=30, what="thread")
        for _ in range(1500):
            table = await self.host.store.table_by_thread(thread.id)
            if table is not None:
                break
            await asyncio.sleep(0.02)
        else:
            raise RuntimeError("the lobby was never tied to its thread")
        await (await fake.click_button(lobby, f"lb:join:{table.id}", user=other)).reply(timeout=30)
        mark = fake.mark()
        await (await fake.click_button(lobby, f"lb:start:{table.id}", user=owner)).reply(timeout=30)
        await fake.wait_for_message(lambda m: bool(m.attachments), channel=thread, after=mark, timeout=30)
        return table.id, thread

    async def settle(self, table_ids: list[int]) -> None:
        """Before stopping: every committed change shown and every show() that was under way finished
        (otherwise a show() still running after the last board would outlive the store)."""
        for table_id in table_ids:
            for _ in range(500):
                table = await self.host.table(table_id)
                if table.announced_version == table.version and not self.bot.presenter.lock(table_id).locked():
                    break
                await asyncio.sleep(0.01)
        await asyncio.sleep(0.05)
        await asyncio.gather(*self.bot.presenter._ai_tasks.values(), return_exceptions=True)

    async def move(self, table_id: int, thread, rng: random.Random) -> float | None:
        """One legal move by whoever is to act; returns the server-side time in ms (None: game over)."""
        host, fake = self.host, self.fake
        table = await host.table(table_id)
        if table.status != "active":
            return None
        (seat,) = host.waiting_on(table)
        user = self.by_id[seat.user_id]
        notation = rng.choice(host.legal_notations(table, user.id))
        expected = f"minoa-{table_id}-{table.version + 1}.png"
        mark = fake.mark()
        handle = await fake.send_slash_command("move", user=user, channel=thread, options={"move": notation})
        board = await fake.wait_for_message(
            lambda m: any(a.filename == expected for a in m.attachments), channel=thread, after=mark, timeout=60)
        reply = await handle.reply(timeout=30)
        if notation not in reply.content:
            raise RuntimeError(f"move {notation} on table {table_id} was refused: {reply.content}")
        return (self.stamps.recorded[board.id] - self.stamps.sent[handle.id]) * 1000


@contextlib.asynccontextmanager
async def running_bot(fake: FakeDiscord, db: Path, *, wrap_resume=None):
    store = await Store.open(db)
    host = Host(store, ai_playouts=8, ai_seconds=0.2)
    bot = GameBot(Settings(token=fake.token, db_path=str(db), ai_delay=AI_DELAY), host)
    if wrap_resume is not None:
        bot.resume = wrap_resume(bot, bot.resume)
    try:
        async with fake.run_bot(bot, ready_timeout=60):
            yield bot
            await bot.presenter.stop()
    finally:
        await store.close()


async def bench_moves(tmp: Path, games: int, moves: int, seed: int, warmup: int = 2,
                      profile: cProfile.Profile | None = None) -> dict:
    """``games`` tables, each looping (one move at a time) until ``moves`` moves were measured in all."""
    rng = random.Random(seed)
    async with FakeDiscord() as fake:
        arena = Arena(fake, tmp / f"moves-{games}.sqlite3", games)
        async with running_bot(fake, arena.db) as bot:
            arena.bot = bot
            t = time.perf_counter()
            sem = asyncio.Semaphore(10)  # setting up 50 lobbies at once would itself be a stress test

            async def setup(i):
                async with sem:
                    return await arena.start_table(arena.people[2 * i], arena.people[2 * i + 1])

            tables = await asyncio.gather(*(setup(i) for i in range(games)))
            setup_s = time.perf_counter() - t
            for table_id, thread in tables:  # warm-up: static render layers, code paths, caches
                for _ in range(warmup if games == 1 else 0):
                    await arena.move(table_id, thread, rng)
            if games > 1:
                await arena.move(*tables[0], rng)
            times: list[float] = []
            budget = [moves]

            async def player(table_id, thread, table_rng):
                while budget[0] > 0:
                    budget[0] -= 1
                    ms = await arena.move(table_id, thread, table_rng)
                    if ms is None:
                        return
                    times.append(ms)

            monitor = StallMonitor().start()
            if profile:
                profile.enable()
            t = time.perf_counter()
            await asyncio.gather(*(player(tid, th, random.Random(rng.random())) for tid, th in tables))
            wall = time.perf_counter() - t
            if profile:
                profile.disable()
            await monitor.stop()
            await arena.settle([tid for tid, _ in tables])
        problems = _problems(fake)
    return {"games": games, "n": len(times), "p50": percentile(times, 50), "p99": percentile(times, 99),
            "max": max(times), "mean": statistics.fmean(times), "wall": wall, "rate": len(times) / wall,
            "stall": monitor.worst_ms, "stall_p99": percentile(monitor.late, 99) * 1000, "setup": setup_s,
            "problems": problems}


def _problems(fake: FakeDiscord) -> str:
    try:
        fake.assert_clean()
        return ""
    except AssertionError as exc:
        return str(exc)[:500]


# -- resuming stored games -------------------------------------------------------------------------

async def build_stored(db: Path, count: int, seed: int) -> float:
    """``count`` active Minoa tables (2-4 human seats, 4..40 moves each), all announced, via Host/Store."""
    rng = random.Random(seed)
    t = time.perf_counter()
    store = await Store.open(db)
    await store.db.execute("PRAGMA synchronous=OFF")  # only speeds up building the file
    host = Host(store, seed_source=lambda: rng.randrange(1 << 31))
    guild, channel = 10**17, 10**17 + 1
    next_id = iter(range(10**17 + 2, 10**18))
    for n in range(count):
        players = rng.choice((2, 2, 3, 4))
        users = [next(next_id) for _ in range(players)]
        table = await host.open_lobby(guild_id=guild, channel_id=channel, owner_id=users[0], owner_name=f"u{n}a",
                                      game_name="minoa", num_players=players, options={},
                                      settings={"edit_status": False})
        for i, user in enumerate(users[1:], start=1):
            await host.join(table.id, user, f"u{n}{i}")
        table = await host.start(table.id, users[0])
        for _ in range(rng.randint(4, 40)):
            (seat,) = host.waiting_on(table)
            table = await host.play(table.id, seat.user_id, rng.choice(host.legal_notations(table, seat.user_id)))
            if table.status != "active":
                break
        await host.attach(table.id, thread_id=next(next_id), lobby_message_id=next(next_id))
        await host.mark_announced(table.id, table.version)
    await store.close()
    return time.perf_counter() - t


async def bench_resume(db: Path) -> dict:
    # The host's own reads, on a fresh connection (what resume() starts with).
    store = await Store.open(db)
    host = Host(store)
    t = time.perf_counter()
    active = await host.active_tables()
    t_active = time.perf_counter() - t
    t = time.perf_counter()
    unannounced = await host.unannounced()
    t_unannounced = time.perf_counter() - t
    await store.close()

    marks: dict[str, float] = {}
    done = asyncio.Event()

    def wrap(bot, resume):
        async def timed() -> None:
            marks["resume_start"] = time.perf_counter()
            await resume()
            marks["resume_return"] = time.perf_counter()
            await asyncio.gather(*bot.presenter._ai_tasks.values(), return_exceptions=True)
            marks["ai_checked"] = time.perf_counter()
            done.set()
        return timed

    async with FakeDiscord() as fake:
        monitor = StallMonitor().start()
        marks["start"] = time.perf_counter()
        async with running_bot(fake, db, wrap_resume=wrap) as bot:
            marks["ready"] = time.perf_counter()
            await asyncio.wait_for(done.wait(), 60)
            scheduled = len(bot.presenter._ai_tasks)
        await monitor.stop()
        problems = _problems(fake)
    return {"tables": len(active), "unannounced": len(unannounced), "scheduled": scheduled,
            "active_tables": t_active, "unannounced_s": t_unannounced,
            "to_ready": marks["ready"] - marks["start"],
            "start_to_done": marks["ai_checked"] - marks["start"],
            "resume_alone": marks["ai_checked"] - marks["resume_start"],
            "resume_return": marks["resume_return"] - marks["resume_start"],
            "stall": monitor.worst_ms, "problems": problems}


# -- report ----------------------------------------------------------------------------------------

def verdict(ok: bool) -> str:
    return "ok" if ok else "MISSED"


async def main(args) -> None:
    profile = cProfile.Profile() if args.profile else None
    with tempfile.TemporaryDirectory() as tmpdir, quiet_logs():
        tmp = Path(tmpdir)
        t0 = time.perf_counter()
        one = await bench_moves(tmp, 1, args.moves_1, args.seed)
        print(f"  1 game:  {one['n']} moves in {one['wall']:.1f} s", file=sys.stderr)
        many = await bench_moves(tmp, args.games, args.moves_50, args.seed + 1, profile=profile)
        print(f"  {args.games} games: set up in {many['setup']:.1f} s, {many['n']} moves in {many['wall']:.1f} s",
              file=sys.stderr)
        db = tmp / "stored.sqlite3"
        build = await build_stored(db, args.stored, args.seed + 2)
        print(f"  built {args.stored} stored tables in {build:.1f} s", file=sys.stderr)
        res = await bench_resume(db)
        total = time.perf_counter() - t0

    rows = [
        ("move p50, 1 game (ms)", f"{one['p50']:8.1f}", f"n={one['n']}"),
        ("move p99, 1 game (ms)", f"{one['p99']:8.1f}", f"n={one['n']}, max {one['max']:.1f}"),
        (f"move p50, {many['games']} games (ms)", f"{many['p50']:8.1f}", f"n={many['n']}"),
        (f"move p99, {many['games']} games (ms)", f"{many['p99']:8.1f}",
         f"n={many['n']}, max {many['max']:.1f}  (target <= {TARGET_P99_MS:.0f}: {verdict(many['p99'] <= TARGET_P99_MS)})"),
        (f"moves/s, {many['games']} games", f"{many['rate']:8.1f}", "throughput, 50 moves always in flight"),
        (f"worst loop stall, {many['games']} games (ms)", f"{many['stall']:8.1f}",
         f"p99 {many['stall_p99']:.1f}  (target <= {TARGET_STALL_MS:.0f}: {verdict(many['stall'] <= TARGET_STALL_MS)})"),
        (f"resume {res['tables']} tables: start -> done (s)", f"{res['start_to_done']:8.3f}",
         f"login+ready {res['to_ready']:.3f}  (target <= {TARGET_RESUME_S:.0f}: "
         f"{verdict(res['start_to_done'] <= TARGET_RESUME_S)})"),
        ("resume() alone incl. AI checks (s)", f"{res['resume_alone']:8.3f}",
         f"returned after {res['resume_return']:.3f}; {res['scheduled']} AI tasks checked"),
        ("active_tables() alone (s)", f"{res['active_tables']:8.3f}", f"{res['tables']} tables"),
        ("unannounced() alone (s)", f"{res['unannounced_s']:8.3f}", f"{res['unannounced']} tables"),
        ("worst loop stall, resume (ms)", f"{res['stall']:8.1f}", "bot start to resume done"),
    ]
    width = max(len(r[0]) for r in rows)
    print()
    for name, value, note in rows:
        print(f"{name:<{width}}  {value}   {note}")
    print(f"(whole run {total:.0f} s)")
    for label, data in (("1 game", one), ("50 games", many), ("resume", res)):
        if data["problems"]:
            print(f"fake Discord problems during {label}: {data['problems']}")
    if profile:
        out = io.StringIO()
        pstats.Stats(profile, stream=out).sort_stats("tottime").print_stats(30)
        print(out.getvalue())


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves-1", type=int, default=60, help="moves measured at 1 game")
    parser.add_argument("--moves-50", type=int, default=400, help="moves measured at --games games")
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--stored", type=int, default=1000, help="stored tables for the resume figure")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--profile", action="store_true", help="cProfile the event loop during the 50-game run")
    asyncio.run(main(parser.parse_args()))
