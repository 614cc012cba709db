"""Bot figures through the fake Discord (tests/fakediscord) on loopback: the real GameBot, Host, Store
and a SQLite file, as in tests/test_bot_e2e.py. Prints figures; never run as a test.

1. Server-side time per move: from the moment the fake sends the INTERACTION_CREATE of a ``/move``
   to the moment it records the bot's thread message carrying the board PNG of the new version
   (both stamped with time.perf_counter inside the fake, which shares this process and event loop
   with the bot). At 1 game, and at 50 concurrent games of two human players each: one move per
   table at a time, seats as the rules alternate them, legal moves picked through the host. The
   50-game run has no think time (every table moves again as soon as its board arrives, so 50 moves
   are always in flight: a saturation test); a second 50-game run lets players think 2-6 s first.
2. The event loop's worst stall during the 50-game runs: a task sleeping 10 ms in a loop records its
   lateness; the longest garbage-collector pause and the CPU used are recorded beside it.
3. Resume of 1,000 stored active Minoa tables (mid-game, all announced): bot start -> resume() done
   (all tables loaded and every AI task it scheduled finished), resume() alone, and
   Host.active_tables() and Host.unannounced() alone on a fresh connection.

4. Under AI load (``--ai-load 0,1,5,20``): 20 people's tables (players thinking 2-6 s) while N
   tables of AI seats play on at the bot's default budget (each level's own, adapted to the AI's
   queue: issue 26; bench/ai_load.py measures the wait for the AI's replies); people's /move
   p50/p99, the worst loop stall and the AI's playouts per move. ``--ai-workers`` sets the AI's
   worker processes (0 = a thread of the bot, as before issue 11).

Targets (issues): p99 <= 150 ms at 50 games, no stall above 100 ms, resume <= 2 s; with 20 people's
tables and 20 AI tables, people's p99 <= 150 ms and no stall above 50 ms.

Run: python3 bench/bot.py [--breakdown] [--profile] [--think LOW-HIGH] [--stored N] ...
``--breakdown`` adds where a move's time goes (stamps at the seams of the bot, the fake and the
store's write lock); ``--profile`` prints a cProfile of the loop during the 50-game run.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import contextlib
import contextvars
import gc
import io
import logging
import os
import pstats
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import renderers  # noqa: E402
from bench.common import StallMonitor  # noqa: E402
from bot.client import GameBot  # noqa: E402
from bot.config import Settings  # noqa: E402
from bot.host import Host, Store  # noqa: E402
from bot.host.host import Limits  # noqa: E402
from tests.fakediscord import FakeDiscord  # noqa: E402

TARGET_P99_MS = 150.0
TARGET_STALL_MS = 100.0
TARGET_RESUME_S = 2.0
AI_DELAY = 0.01
PNG = b"\x89PNG\r\n\x1a\n"


# -- small helpers ---------------------------------------------------------------------------------

def percentile(values: list[float], q: float) -> float:
    """Nearest-rank percentile (q in 0..100) of a non-empty list."""
    ordered = sorted(values)
    rank = max(1, min(len(ordered), round(q / 100 * len(ordered) + 0.5)))
    return ordered[rank - 1]


class Stamps:
    """perf_counter stamps taken inside the fake: when an INTERACTION_CREATE went out (by interaction
    id) and when a message was recorded (by message id). Wraps the fake instance's own methods.

    ``expect_board(channel_id)`` gives a future that the recording resolves with the next message in
    that channel carrying a PNG: waiting on it costs nothing, whereas 50 concurrent
    ``wait_for_message`` polls re-scan the message log on every change the fake sees and would load
    the very loop being measured."""

    def __init__(self, fake: FakeDiscord) -> None:
        self.sent: dict[int, float] = {}
        self.recorded: dict[int, float] = {}
        self._boards: dict[int, asyncio.Future] = {}
        dispatch_now, record = fake._dispatch_now, fake._record_message

        async def _dispatch_now(event, data, *, intent=None):
            if event == "INTERACTION_CREATE":
                self.sent[int(data["id"])] = time.perf_counter()
            await dispatch_now(event, data, intent=intent)

        def _record_message(msg):
            self.recorded[msg.id] = time.perf_counter()
            record(msg)
            if is_board(msg):
                waiter = self._boards.pop(msg.channel.id, None)
                if waiter is not None and not waiter.done():
                    waiter.set_result(msg)

        fake._dispatch_now = _dispatch_now
        fake._record_message = _record_message

    def expect_board(self, channel_id: int) -> asyncio.Future:
        return self._boards.setdefault(channel_id, asyncio.get_running_loop().create_future())


def is_board(message) -> bool:
    return any(a.data[:8] == PNG for a in message.attachments)


STAGES = (
    ("gateway -> /move handler", "sent", "cmd_in"),
    ("table lookup + language", "cmd_in", "play_in"),
    ("Host.play (parse, commit)", "play_in", "play_out"),
    ("ephemeral reply round trip", "play_out", "show_in"),
    ("show(): reads, text, to_thread", "show_in", "render_in"),
    ("render + PNG (worker thread)", "render_in", "render_out"),
    ("back on the loop after render", "render_out", "after_render"),
    ("thread.send -> fake has headers", "after_render", "body_in"),
    ("fake reads multipart body", "body_in", "body_out"),
    ("fake validates + records", "body_out", "recorded"),
)


class Breakdown:
    """Optional (--breakdown): perf_counter stamps at the seams of one move, keyed by table id (one
    move per table is in flight). Installs wrappers on this bot's and this fake's instances (and on
    ``renderers.render``, restored by ``remove``); the code paths themselves are unchanged."""

    table_of = contextvars.ContextVar("bench_table", default=None)

    def __init__(self, bot: GameBot, fake: FakeDiscord, thread_to_table: dict[int, int]) -> None:
        self.at: dict[int, dict[str, float]] = {}
        self.rows: list[dict[str, float]] = []
        host, presenter, stamp, of = bot.host, bot.presenter, self.stamp, thread_to_table

        def around(obj, name, key_of, before, after=None):
            original = getattr(obj, name)

            async def wrapper(*args, **kwargs):
                key = key_of(*args, **kwargs)
                stamp(key, before)
                try:
                    return await original(*args, **kwargs)
                finally:
                    if after:
                        stamp(key, after)
            setattr(obj, name, wrapper)

        around(host, "table_in_thread", lambda thread_id, *a, **k: of.get(thread_id), "cmd_in")
        around(host, "play", lambda table_id, *a, **k: table_id, "play_in", "play_out")
        show = presenter.show

        async def show_wrapper(table_id, *args, **kwargs):
            self.table_of.set(table_id)
            stamp(table_id, "show_in")
            return await show(table_id, *args, **kwargs)
        presenter.show = show_wrapper
        channel = bot.channel

        async def channel_wrapper(channel_id, *args, **kwargs):
            stamp(self.table_of.get(), "after_render")
            return await channel(channel_id, *args, **kwargs)
        bot.channel = channel_wrapper
        self._render = renderers.render

        def render_wrapper(*args, **kwargs):  # runs in the worker thread, with the caller's context
            stamp(self.table_of.get(), "render_in")
            try:
                return self._render(*args, **kwargs)
            finally:
                stamp(self.table_of.get(), "render_out")
        renderers.render = render_wrapper
        read_body = fake._read_body

        async def read_body_wrapper(request):
            parts = request.path.split("/")  # /api/v10/channels/<id>/messages
            table = of.get(int(parts[4])) if len(parts) == 6 and parts[3] == "channels" and parts[5] == "messages" \
                and request.method == "POST" else None
            stamp(table, "body_in")
            try:
                return await read_body(request)
            finally:
                stamp(table, "body_out")
        fake._read_body = read_body_wrapper

        self.store, self._writing = host.store, getattr(host.store, "_writing", None)
        self.lock_waits: list[float] = []
        self.lock_holds: list[float] = []
        if isinstance(self._writing, asyncio.Lock):
            self.store._writing = TimedLock(self._writing, self.lock_waits, self.lock_holds)

    def stamp(self, table_id: int | None, what: str) -> None:
        if table_id is not None:
            self.at.setdefault(table_id, {})[what] = time.perf_counter()

    def collect(self, table_id: int, sent: float, recorded: float) -> None:
        row = {**self.at.pop(table_id, {}), "sent": sent, "recorded": recorded}
        if all(row.get(a, 0) >= sent and row.get(b, 0) >= sent for _, a, b in STAGES):
            self.rows.append(row)

    def remove(self) -> None:
        renderers.render = self._render
        if isinstance(self._writing, asyncio.Lock):
            self.store._writing = self._writing  # a writer inside still releases it through the TimedLock

    def table(self) -> list[tuple[str, float, float]]:
        rows = [(label, percentile([(r[b] - r[a]) * 1000 for r in self.rows], 50),
                 percentile([(r[b] - r[a]) * 1000 for r in self.rows], 99)) for label, a, b in STAGES]
        for label, spans in (("(Store write lock: waiting)", self.lock_waits),
                             ("(Store write lock: holding)", self.lock_holds)):
            if spans:
                ms = [x * 1000 for x in spans]
                rows.append((label, percentile(ms, 50), percentile(ms, 99)))
        return rows


class TimedLock:
    """Stands in for ``Store._writing`` (an asyncio.Lock) and records how long each writer waited for
    it and held it."""

    def __init__(self, lock: asyncio.Lock, waits: list[float], holds: list[float]) -> None:
        self._lock, self._waits, self._holds, self._since = lock, waits, holds, 0.0

    async def __aenter__(self) -> None:
        asked = time.perf_counter()
        await self._lock.acquire()
        self._since = time.perf_counter()
        self._waits.append(self._since - asked)

    async def __aexit__(self, *exc) -> None:
        self._holds.append(time.perf_counter() - self._since)
        self._lock.release()

    def locked(self) -> bool:
        return self._lock.locked()


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
        self.breakdown: Breakdown | None = None
        self.versions: dict[int, int] = {}

    @property
    def host(self) -> Host:
        return self.bot.host

    async def open_lobby(self, owner, players: int) -> tuple[object, object, object]:
        """/game new for a Minoa table of ``players``; returns (lobby message, thread, table)."""
        fake = self.fake
        lobby = await (await fake.send_slash_command(
            "game new", user=owner, channel=self.general, options={"game": "minoa", "players": players})).reply(timeout=30)
        thread = await fake.wait_until(lambda: fake.channels.get(lobby.id), timeout=30, what="thread")
        for _ in range(1500):
            table = await self.host.store.table_by_thread(thread.id)
            if table is not None:
                return lobby, thread, table
            await asyncio.sleep(0.02)
        raise RuntimeError("the lobby was never tied to its thread")

    async def start_table(self, owner, other) -> tuple[int, object]:
        """The real flow: /game new, Join, Start; returns (table id, thread) once the first board is in."""
        fake = self.fake
        lobby, thread, table = await self.open_lobby(owner, 2)
        await (await fake.click_button(lobby, f"lb:join:{table.id}", user=other)).reply(timeout=30)
        mark = fake.mark()
        await (await fake.click_button(lobby, f"lb:start:{table.id}", user=owner)).reply(timeout=30)
        await fake.wait_for_message(is_board, channel=thread, after=mark, timeout=30)
        return table.id, thread

    async def start_ai_table(self, owner) -> int:
        """A table where the AI thinks: /game new for three, two AI seats, Start. The owner's seat is
        played by :meth:`autoplay` at once whenever it is to move, so the AIs think nearly all the
        time (a table with no human left would end)."""
        fake = self.fake
        lobby, thread, table = await self.open_lobby(owner, 3)
        for _ in range(2):  # the select's id carries the lobby's version: read it as shown now
            select = next(c for c in lobby.custom_ids() if c.startswith("la:"))
            await (await fake.select(lobby, select, ["normal"], user=owner)).reply(timeout=30)
        await (await fake.click_button(lobby, f"lb:start:{table.id}", user=owner)).reply(timeout=30)
        await fake.wait_for_message(is_board, channel=thread, timeout=30)
        return table.id

    async def autoplay(self, table_id: int, owner, rng: random.Random) -> None:
        """Move for ``owner`` as soon as it is their turn (as /move would: commit, then show)."""
        while True:
            table = await self.host.table(table_id)
            if table.status != "active":
                return
            if any(s.user_id == owner.id for s in self.host.waiting_on(table)):
                table = await self.host.play(table_id, owner.id, rng.choice(self.host.legal_notations(table, owner.id)))
                await self.bot.presenter.show(table_id)
            await asyncio.sleep(0.05)

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
        await asyncio.gather(*getattr(self.bot.presenter, "_ai_tasks", {}).values(), return_exceptions=True)

    async def move(self, table_id: int, thread, rng: random.Random) -> float | None:
        """One legal move by whoever is to act; returns the server-side time in ms (None: game over)."""
        host, fake = self.host, self.fake
        table = await host.table(table_id)
        if table.version != self.versions.get(table_id, table.version):
            raise RuntimeError(f"table {table_id} is at version {table.version}, not {self.versions[table_id]}")
        if table.status != "active":
            return None
        (seat,) = host.waiting_on(table)
        user = self.by_id[seat.user_id]
        notation = rng.choice(host.legal_notations(table, user.id))
        # One move per table at a time and no AI seat: the next board in the thread is this move's.
        mark, arrived = fake.mark(), self.stamps.expect_board(thread.id)
        handle = await fake.send_slash_command("move", user=user, channel=thread, options={"move": notation})
        await asyncio.wait_for(arrived, 60)
        board = await fake.wait_for_message(is_board, channel=thread, after=mark)  # already there: one scan
        reply = await handle.reply(timeout=30)
        if notation not in reply.content:
            raise RuntimeError(f"move {notation} on table {table_id} was refused: {reply.content}")
        self.versions[table_id] = table.version + 1  # checked when the table's next move starts
        sent, recorded = self.stamps.sent[handle.id], self.stamps.recorded[board.id]
        if self.breakdown is not None:
            self.breakdown.collect(table_id, sent, recorded)
        return (recorded - sent) * 1000


@contextlib.asynccontextmanager
async def running_bot(fake: FakeDiscord, db: Path, *, wrap_resume=None, **host_options):
    store = await Store.open(db)
    # No caps (Limits() is all zeros): --ai-load runs 20+ AI tables for one owner.
    host = Host(store, **{"ai_playouts": 8, "ai_seconds": 0.2, "limits": Limits(), **host_options})
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
                      profile: cProfile.Profile | None = None, breakdown: bool = False,
                      think: tuple[float, float] | None = None) -> dict:
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
            if breakdown:
                arena.breakdown = Breakdown(bot, fake, {thread.id: tid for tid, thread in tables})

            async def player(table_id, thread, table_rng):
                first = True
                while budget[0] > 0:
                    if think:  # the player looks at the board first (the first moves spread over a think)
                        await asyncio.sleep(table_rng.uniform(0, think[1]) if first else table_rng.uniform(*think))
                        first = False
                        if budget[0] <= 0:
                            return
                    budget[0] -= 1
                    ms = await arena.move(table_id, thread, table_rng)
                    if ms is None:
                        return
                    times.append(ms)

            gc.collect()  # start clean: the garbage of earlier runs in this process is not this run's
            monitor = StallMonitor().start()
            if profile:
                profile.enable()
            t = time.perf_counter()
            await asyncio.gather(*(player(tid, th, random.Random(rng.random())) for tid, th in tables))
            wall = time.perf_counter() - t
            if profile:
                profile.disable()
            await monitor.stop()
            if arena.breakdown is not None:
                arena.breakdown.remove()
            await arena.settle([tid for tid, _ in tables])
        problems = _problems(fake)
    return {"games": games, "n": len(times), "p50": percentile(times, 50), "p99": percentile(times, 99),
            "max": max(times), "mean": statistics.fmean(times), "wall": wall, "rate": len(times) / wall,
            "stall": monitor.worst_ms, "stall_p99": percentile(monitor.late, 99) * 1000, "setup": setup_s,
            "gc": monitor.worst_gc_ms, "full_gcs": monitor.full_gcs, "loop_cpu": monitor.loop_cpu,
            "process_cpu": monitor.process_cpu,
            "problems": problems, "breakdown": arena.breakdown.table() if arena.breakdown else None}


async def bench_ai_load(tmp: Path, people_tables: int, ai_tables: int, moves: int, seed: int,
                        think: tuple[float, float], workers: int | None) -> dict:
    """People's tables (two humans each, thinking ``think`` seconds) measured while ``ai_tables``
    all-AI tables play at the default budget."""
    rng = random.Random(seed)
    async with FakeDiscord() as fake:
        arena = Arena(fake, tmp / f"ai-load-{ai_tables}-{workers}.sqlite3", people_tables + ai_tables)
        async with running_bot(fake, arena.db, ai_playouts=None, ai_seconds=None, ai_workers=workers) as bot:
            arena.bot = bot
            sem = asyncio.Semaphore(10)

            async def setup(i):
                async with sem:
                    return await arena.start_table(arena.people[2 * i], arena.people[2 * i + 1])

            tables = await asyncio.gather(*(setup(i) for i in range(people_tables)))
            owners = [arena.people[2 * (people_tables + i)] for i in range(ai_tables)]
            ai_ids = [await arena.start_ai_table(owner) for owner in owners]
            autoplay = [asyncio.create_task(arena.autoplay(tid, owner, random.Random(tid)))
                        for tid, owner in zip(ai_ids, owners)]
            await asyncio.sleep(2.0 if ai_tables else 0)  # the AI tables get going
            searches = bot.host.ai.searches
            times: list[float] = []
            budget = [moves]

            async def player(table_id, thread, table_rng):
                first = True
                while budget[0] > 0:
                    await asyncio.sleep(table_rng.uniform(0, think[1]) if first else table_rng.uniform(*think))
                    first = False
                    if budget[0] <= 0:
                        return
                    budget[0] -= 1
                    ms = await arena.move(table_id, thread, table_rng)
                    if ms is None:
                        return
                    times.append(ms)

            gc.collect()
            monitor = StallMonitor().start()
            t = time.perf_counter()
            await asyncio.gather(*(player(tid, th, random.Random(rng.random())) for tid, th in tables))
            wall = time.perf_counter() - t
            await monitor.stop()
            ai_moves = bot.host.ai.searches - searches
            for task in [*autoplay, *bot.presenter._ai_tasks.values()]:
                task.cancel()
            await asyncio.gather(*autoplay, return_exceptions=True)
            await asyncio.gather(*bot.presenter._ai_tasks.values(), return_exceptions=True)
            await arena.settle([tid for tid, _ in tables])
        problems = _problems(fake)
    return {"ai_tables": ai_tables, "n": len(times), "p50": percentile(times, 50), "p99": percentile(times, 99),
            "stall": monitor.worst_ms, "gc": monitor.worst_gc_ms, "wall": wall,
            "ai_rate": ai_moves / wall, "problems": problems}


def _problems(fake: FakeDiscord) -> str:
    try:
        fake.assert_clean()
        return ""
    except AssertionError as exc:
        return str(exc)[:500]


# -- resuming stored games -------------------------------------------------------------------------

async def build_stored(db: Path, count: int, seed: int, distinct: int = 100) -> float:
    """``count`` active Minoa tables, all announced (announced_version == version). ``distinct`` of them
    are played through Host (2-4 human seats, 4..40 random legal moves); the rest are copies of those
    (table row, seats and move records) made by SQL in one transaction, with their own ids, threads
    and players: playing 1,000 tables through Host one aiosqlite round trip at a time takes ~50 s."""
    rng = random.Random(seed)
    t = time.perf_counter()
    store = await Store.open(db)
    await store.db.execute("PRAGMA synchronous=OFF")  # only speeds up building the file
    host = Host(store, seed_source=lambda: rng.randrange(1 << 31))
    guild, channel = 10**17, 10**17 + 1
    next_id = iter(range(10**17 + 2, 10**18, 7))
    templates = []
    for n in range(min(distinct, count)):
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
        templates.append(table.id)
    columns = [c.strip() for c in "guild_id, channel_id, thread_id, lobby_message_id, status_message_id, game, "
               "num_players, options, seed, status, owner_id, state, version, announced_version, settings, "
               "created_at, updated_at".split(",")]
    async with store.transaction():
        for n in range(len(templates), count):
            source, owner = templates[n % len(templates)], 10**16 + 10 * n
            cursor = await store.db.execute(
                f"INSERT INTO game_tables ({', '.join(columns)}) SELECT "
                + ", ".join("? " if c in ("thread_id", "lobby_message_id", "owner_id") else c for c in columns)
                + " FROM game_tables WHERE id = ?", (next(next_id), next(next_id), owner, source))
            new = cursor.lastrowid
            await store.db.execute(
                "INSERT INTO seats (table_id, seat, user_id, ai_level, name, dm_failed)"
                " SELECT ?, seat, ? + seat, ai_level, name || ?, dm_failed FROM seats WHERE table_id = ?",
                (new, owner, f"#{n}", source))
            await store.db.execute(
                "INSERT INTO moves (table_id, ply, version, seat, notation, words, events, created_at)"
                " SELECT ?, ply, version, seat, notation, words, events, created_at FROM moves WHERE table_id = ?",
                (new, source))
    async with store.db.execute("SELECT COUNT(*) FROM game_tables WHERE status = 'active'"
                                " AND announced_version = version AND state IS NOT NULL") as cur:
        (active,) = await cur.fetchone()
    await store.close()
    if active != count:
        raise RuntimeError(f"built {active} announced active tables, wanted {count}")
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
            await asyncio.gather(*getattr(bot.presenter, "_ai_tasks", {}).values(), return_exceptions=True)
            marks["ai_checked"] = time.perf_counter()
            done.set()
        return timed

    gc.collect()
    async with FakeDiscord() as fake:
        monitor = StallMonitor().start()
        marks["start"] = time.perf_counter()
        async with running_bot(fake, db, wrap_resume=wrap) as bot:
            marks["ready"] = time.perf_counter()
            await asyncio.wait_for(done.wait(), 60)
            scheduled = len(getattr(bot.presenter, "_ai_tasks", {}))
        await monitor.stop()
        problems = _problems(fake)
    return {"tables": len(active), "unannounced": len(unannounced), "scheduled": scheduled,
            "active_tables": t_active, "unannounced_s": t_unannounced,
            "to_ready": marks["ready"] - marks["start"],
            "start_to_done": marks["ai_checked"] - marks["start"],
            "resume_alone": marks["ai_checked"] - marks["resume_start"],
            "resume_return": marks["resume_return"] - marks["resume_start"],
            "stall": monitor.worst_ms, "gc": monitor.worst_gc_ms, "full_gcs": monitor.full_gcs,
            "problems": problems}


# -- report ----------------------------------------------------------------------------------------

def against(value: float, limit: float) -> str:
    return f"target <= {limit:g}: {'ok' if value <= limit else 'MISSED'}"


def parse_think(text: str) -> tuple[float, float] | None:
    low, _, high = text.partition("-")
    span = (float(low), float(high or low))
    return None if span[1] <= 0 else span


async def main_ai_load(args) -> None:
    loads = [int(n) for n in args.ai_load.split(",")]
    think = parse_think(args.think) or (2.0, 6.0)
    rows = []
    with tempfile.TemporaryDirectory() as tmpdir, quiet_logs():
        for n in loads:
            r = await bench_ai_load(Path(tmpdir), 20, n, args.moves_ai, args.seed + n, think, args.ai_workers)
            rows.append(r)
            print(f"  {n} AI tables: {r['n']} moves in {r['wall']:.0f} s", file=sys.stderr)
    workers = "a thread of the bot" if args.ai_workers == 0 else \
        f"{args.ai_workers if args.ai_workers is not None else 'default'} worker process(es)"
    print(f"\nPeople's /move with 20 tables (players think {args.think} s) while N AI tables play "
          f"(normal AI: 200 playouts or 1 s a move when idle, adapted to the queue; AI in {workers})")
    print(f"{'AI tables':>9} {'p50 ms':>8} {'p99 ms':>8} {'worst stall ms':>15} {'GC ms':>6} {'AI moves/s':>10}")
    for r in rows:
        print(f"{r['ai_tables']:9d} {r['p50']:8.1f} {r['p99']:8.1f} {r['stall']:15.1f} {r['gc']:6.1f} "
              f"{r['ai_rate']:10.2f}" + (f"   problems: {r['problems']}" if r["problems"] else ""))
    print(f"targets with 20 AI tables: p99 <= {TARGET_P99_MS:g} ms, worst stall <= 50 ms "
          f"(Python {sys.version.split()[0]}, {os.cpu_count()} cores)")


async def main(args) -> None:
    if args.ai_load:
        await main_ai_load(args)
        return
    profile = cProfile.Profile() if args.profile else None
    think = parse_think(args.think)
    with tempfile.TemporaryDirectory() as tmpdir, quiet_logs():
        tmp = Path(tmpdir)
        t0 = time.perf_counter()
        one = await bench_moves(tmp, 1, args.moves_1, args.seed, breakdown=args.breakdown)
        print(f"  1 game: {one['n']} moves in {one['wall']:.1f} s", file=sys.stderr)
        many = await bench_moves(tmp, args.games, args.moves_50, args.seed + 1, profile=profile,
                                 breakdown=args.breakdown)
        print(f"  {args.games} games: set up in {many['setup']:.1f} s, {many['n']} moves in {many['wall']:.1f} s",
              file=sys.stderr)
        paced = None
        if think:
            paced = await bench_moves(tmp, args.games, args.moves_paced, args.seed + 3, think=think)
            print(f"  {args.games} games, players thinking {args.think} s: {paced['n']} moves in "
                  f"{paced['wall']:.1f} s", file=sys.stderr)
        db = tmp / "stored.sqlite3"
        build = await build_stored(db, args.stored, args.seed + 2)
        print(f"  built {args.stored} stored tables in {build:.1f} s", file=sys.stderr)
        res = await bench_resume(db)
        total = time.perf_counter() - t0

    g = many["games"]
    rows = [
        ("Server-side time per /move (INTERACTION_CREATE sent -> board PNG received by the fake)",),
        ("  1 game: p50 / p99 (ms)", f"{one['p50']:7.1f} / {one['p99']:7.1f}",
         f"n={one['n']} moves, max {one['max']:.1f}"),
        (f"  {g} games, no think time: p50 / p99 (ms)", f"{many['p50']:7.1f} / {many['p99']:7.1f}",
         f"n={many['n']} moves, {g} always in flight: a queue, about {g} / throughput = "
         f"{1000 * g / many['rate']:.0f} ms (the target is for the paced run)"),
        ("    throughput (moves/s)", f"{many['rate']:7.1f}",
         f"process CPU {many['process_cpu']:.0%} of one core ({os.cpu_count()} cores), "
         f"loop thread {many['loop_cpu']:.0%}"),
    ]
    if paced:
        rows += [(f"  {g} games, players think {args.think} s: p50 / p99 (ms)",
                  f"{paced['p50']:7.1f} / {paced['p99']:7.1f}",
                  f"n={paced['n']} moves at {paced['rate']:.1f} moves/s; {against(paced['p99'], TARGET_P99_MS)}")]
    rows += [
        (f"Event loop during the {g}-game run (10 ms sleeper)",),
        ("  worst stall (ms)", f"{many['stall']:7.1f}",
         f"p99 {many['stall_p99']:.1f}; {against(many['stall'], TARGET_STALL_MS)}"),
        ("  longest GC pause (ms)", f"{many['gc']:7.1f}", f"{many['full_gcs']} full (gen 2) collections"),
    ]
    if paced:
        rows += [("  worst stall, players thinking (ms)", f"{paced['stall']:7.1f}",
                  f"longest GC pause {paced['gc']:.1f}; {against(paced['stall'], TARGET_STALL_MS)}")]
    rows += [
        (f"Resume of {res['tables']} stored active tables (all announced, {res['unannounced']} unannounced)",),
        ("  bot start -> resume() done (s)", f"{res['start_to_done']:7.3f}",
         f"login + on_ready {res['to_ready']:.3f}; {against(res['start_to_done'], TARGET_RESUME_S)}"),
        ("  resume() alone, incl. AI checks (s)", f"{res['resume_alone']:7.3f}",
         f"its body returned after {res['resume_return']:.3f}; {res['scheduled']} AI tasks ran"),
        ("  Host.active_tables() alone (s)", f"{res['active_tables']:7.3f}", f"{res['tables']} tables"),
        ("  Host.unannounced() alone (s)", f"{res['unannounced_s']:7.3f}", f"{res['unannounced']} tables"),
        ("  worst loop stall, start -> done (ms)", f"{res['stall']:7.1f}",
         f"longest GC pause {res['gc']:.1f}; {against(res['stall'], TARGET_STALL_MS)}"),
    ]
    width = max(len(r[0]) for r in rows if len(r) == 3)
    print()
    for row in rows:
        if len(row) == 1:
            print(row[0])
        else:
            name, value, note = row
            print(f"{name:<{width}}  {value:>17}   {note}")
    print(f"(whole run {total:.0f} s; Python {sys.version.split()[0]}, {os.cpu_count()} cores)")
    for label, data in (("1 game", one), (f"{g} games", many), ("paced", paced), ("resume", res)):
        if data and data["problems"]:
            print(f"fake Discord problems during {label}: {data['problems']}")
    if args.breakdown:
        print("\nWhere a move's time goes (ms between stamps at the seams; see STAGES)")
        print(f"{'stage':<34} {'1 game p50':>10} {'p99':>7}   {str(g) + ' games p50':>13} {'p99':>7}")
        for (label, p50a, p99a), (_, p50b, p99b) in zip(one["breakdown"], many["breakdown"]):
            print(f"{label:<34} {p50a:10.1f} {p99a:7.1f}   {p50b:13.1f} {p99b:7.1f}")
    if profile:
        out = io.StringIO()
        pstats.Stats(profile, stream=out).sort_stats("tottime").print_stats(30)
        print(out.getvalue())


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves-1", type=int, default=60, help="moves measured at 1 game")
    parser.add_argument("--moves-50", type=int, default=400, help="moves measured at --games games, no think time")
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--think", default="2-6", help="seconds a player looks at the board before moving, "
                        "for the paced run (uniform in LOW-HIGH; 0 skips that run)")
    parser.add_argument("--moves-paced", type=int, default=300, help="moves measured in the paced run")
    parser.add_argument("--stored", type=int, default=1000, help="stored tables for the resume figure")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--breakdown", action="store_true", help="also time the stages of each move")
    parser.add_argument("--profile", action="store_true", help="cProfile the event loop during the 50-game run")
    parser.add_argument("--ai-load", default="", help="instead: the AI-load scenario, e.g. 0,1,5,20 AI tables")
    parser.add_argument("--ai-workers", type=int, default=None, help="AI worker processes (0: a thread)")
    parser.add_argument("--moves-ai", type=int, default=150, help="people's moves measured per AI-load run")
    asyncio.run(main(parser.parse_args()))
