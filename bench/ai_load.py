"""A person's wait for an AI reply while other tables keep the AI busy (issue 26). Prints figures;
never run as a test.

Through the real Host, Store (a SQLite file) and AI pool with its worker processes (one per core
but one: one worker on a 2-core machine); no Discord (bench/bot.py measures the whole path). Every
table is 2-player Minoa with ``normal`` AI seats. Each table's AI turns run as the bot's presenter
runs them: wait ``BOT_AI_DELAY`` (1.5 s, so people can follow), then ``Host.play_ai``; ``AIBusy``
retries after a pause.

- **A person's wait** is the time ``Host.play_ai`` takes for the AI's reply at a person's table
  (queue + search + commit): what a person waits on top of the deliberate ``BOT_AI_DELAY``.
- **/move** is a person's own move committed through ``Host.play`` in the same runs.
- **Other AI tables**: ``ai-only`` tables where every seat is an AI (a tournament's fill-ins
  playing each other), or ``people`` tables, each a person (thinking ``--think`` seconds) against
  an AI. With ``ai-only`` the one measured person plays against N busy AI-only tables; with
  ``people`` every one of the N + 1 people is measured (each has N other people's AI tables busy).
  Load 0 is one person alone; it is the same run for both kinds.
- **before** is main's behaviour before issue 26: one first-come queue, every search with its full
  budget (200 playouts or ``BOT_AI_SECONDS`` = 1 s); **after** is people first and budgets that
  shrink with the queue, never below a quarter of the level's.

Every run starts its tables at once and plays ``--warm-up`` seconds (8) before its figures count:
the first moves of 21 tables started in the same second are a burst no steady load has (with
``--warm-up 0`` they are counted; ``--trace`` prints each reply's time and wait).
People think ``--think`` seconds (2-6, as bench/bot.py's people) before each move, the one person
of the runs without other people ``--think-alone`` (0.5-1.5 s: more replies to measure); a run lasts
``--seconds`` and longer, up to ``--max-seconds``, until the measured people have ``--min-replies``
replies (a run where every reply waits 20 s would otherwise have none). The p99 of n replies is
their nearest-rank 99th percentile: with n < 100 it is the worst one.

Targets (issue 26): a person's AI wait p99 <= 3 s with 20 other AI tables; people's /move p99 <=
150 ms.

Run: python3 bench/ai_load.py [--loads 0,5,20] [--kinds ai-only,people] [--modes before,after]
[--seconds 20] [--workers N] [--think 2-6] [--ai-delay 1.5]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import dataclasses
import os
import random
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.host import Host, Store  # noqa: E402
from bot.host import ai_pool  # noqa: E402
from bot.host.ai_pool import AIBusy, AIPool  # noqa: E402
from bot.host.host import Limits  # noqa: E402
from bot.host.store import SeatRow  # noqa: E402

TARGET_WAIT_S = 3.0
TARGET_MOVE_MS = 150.0
GAME, LEVEL = "minoa", "normal"
BUSY_RETRY = 0.5  # as the presenter's AI_BUSY_RETRY
#: main's BOT_AI_SECONDS default before issue 26: every search's seconds, replacing the level's
BEFORE_SECONDS = 1.0


def percentile(values: list[float], q: float) -> float:
    """Nearest-rank percentile (q in 0..100) of a non-empty list."""
    ordered = sorted(values)
    rank = max(1, min(len(ordered), round(q / 100 * len(ordered) + 0.5)))
    return ordered[rank - 1]


@dataclass
class Figures:
    waits: list[float] = field(default_factory=list)  # seconds, measured people's AI replies
    when: list[float] = field(default_factory=list)  # perf_counter at each reply
    moves: list[float] = field(default_factory=list)  # ms, people's Host.play
    other_replies: int = 0  # AI moves at AI-only tables


class Run:
    """One host over one SQLite file, its tables and their actors, for one load and mode."""

    def __init__(self, host: Host, ai_delay: float, seed: int) -> None:
        self.host, self.ai_delay = host, ai_delay
        self.rng = random.Random(seed)
        self.figures = Figures()
        self.stopping = False
        self.measure_from = float("inf")  # perf_counter: figures count from the end of the warm-up
        self._users = 1000

    async def new_table(self, person: int | None) -> int:
        """A started 2-player table: ``person`` against a ``normal`` AI, or (``None``) two AIs."""
        host = self.host
        self._users += 1
        owner = person or self._users
        lobby = await host.open_lobby(guild_id=1, channel_id=10, owner_id=owner, owner_name=f"u{owner}",
                                      game_name=GAME, num_players=2, options={})
        if person is None:  # a tournament's fill-ins: every seat an AI's, as tournaments seat them
            await host.store.replace_seats(lobby.id, lobby.version, [SeatRow(0, None, LEVEL, "AI 1"),
                                                                     SeatRow(1, None, LEVEL, "AI 2")])
        else:
            await host.add_ai(lobby.id, owner, LEVEL)
        return (await host.start(lobby.id, owner)).id

    async def ai_reply(self, table_id: int) -> float | None:
        """The presenter's AI turn: the pause, then ``play_ai`` (retried while the queue is full);
        the seconds ``play_ai`` took, ``None`` when no AI seat was to act."""
        await asyncio.sleep(self.ai_delay)
        start = time.perf_counter()
        while True:
            try:
                moved = await self.host.play_ai(table_id)
                break
            except AIBusy:
                await asyncio.sleep(BUSY_RETRY)
        return None if moved is None else time.perf_counter() - start

    async def ai_only_table(self) -> None:
        """An AI-only table playing on; a finished game is followed by a new one."""
        while not self.stopping:
            table_id = await self.new_table(None)
            while not self.stopping and await self.ai_reply(table_id) is not None:
                self.figures.other_replies += 1

    async def person(self, user_id: int, think: tuple[float, float]) -> None:
        """A person against an AI: think, move, wait for the AI's reply; again, game after game."""
        host, rng = self.host, random.Random(self.rng.random())
        while not self.stopping:
            table_id = await self.new_table(user_id)
            while not self.stopping:
                table = await host.table(table_id)
                if table.status != "active":
                    break
                if any(s.user_id == user_id for s in host.waiting_on(table)):
                    await asyncio.sleep(rng.uniform(*think))
                    if self.stopping:
                        return
                    notation = rng.choice(host.legal_notations(table, user_id))
                    start = time.perf_counter()
                    await host.play(table_id, user_id, notation)
                    if start >= self.measure_from:
                        self.figures.moves.append((time.perf_counter() - start) * 1000)
                    continue
                waited = await self.ai_reply(table_id)
                if waited is not None and not self.stopping and time.perf_counter() - waited >= self.measure_from:
                    self.figures.waits.append(waited)
                    self.figures.when.append(time.perf_counter())


async def one_run(tmp: Path, kind: str, load: int, mode: str, args) -> dict:
    store = await Store.open(tmp / f"{kind}-{load}-{mode}.sqlite3")
    before = mode == "before"
    seeds = random.Random(load)
    host = Host(store, ai_workers=args.workers, limits=Limits(), seed_source=lambda: seeds.randrange(1 << 31),
                ai_seconds=BEFORE_SECONDS if before else None)
    if before:  # main's pool: one first-come queue, full budgets
        host.ai = AIPool(args.workers, priority=False, adaptive=False)
    run = Run(host, args.ai_delay, seed=load)
    people = 1 + (load if kind == "people" else 0)
    alone = args.think_alone if people == 1 else args.think  # one person: replies sooner, more of them
    actors = [asyncio.create_task(run.person(2000 + i, alone)) for i in range(people)]
    if kind == "ai-only":
        actors += [asyncio.create_task(run.ai_only_table()) for _ in range(load)]
    await asyncio.sleep(args.warm_up)  # every table under way: the start, all at once, is no steady state
    start = run.measure_from = time.perf_counter()
    at_start = dataclasses.replace(host.ai.counters)
    while True:
        await asyncio.sleep(0.25)
        wall = time.perf_counter() - start
        if wall >= args.max_seconds or (wall >= args.seconds and len(run.figures.waits) >= args.min_replies):
            break
    run.stopping = True
    counters, wall = host.ai.counters, time.perf_counter() - start
    searches, budgeted = counters.searches - at_start.searches, counters.budgeted - at_start.budgeted
    for actor in actors:
        actor.cancel()
    await asyncio.gather(*actors, return_exceptions=True)
    await store.close()
    f = run.figures
    if args.trace:  # when (s into the measured span) each reply came, and its wait
        print(" ".join(f"{t - start:.0f}:{w:.1f}" for t, w in zip(f.when, f.waits)), file=sys.stderr)
    return {"kind": kind, "load": load, "mode": mode, "n": len(f.waits), "wall": wall,
            "p50": statistics.median(f.waits) if f.waits else float("nan"),
            "p99": percentile(f.waits, 99) if f.waits else float("nan"),
            "moves": len(f.moves), "move_p99": percentile(f.moves, 99) if f.moves else float("nan"),
            "rate": searches / wall, "searches": searches, "aged": counters.aged - at_start.aged,
            "mean_playouts": (counters.playouts - at_start.playouts) / budgeted if budgeted else None,
            "floor": counters.at_floor - at_start.at_floor}


def parse_span(text: str) -> tuple[float, float]:
    low, _, high = text.partition("-")
    return float(low), float(high or low)


async def main(args) -> None:
    loads = [int(n) for n in args.loads.split(",")]
    kinds = args.kinds.split(",")
    modes = args.modes.split(",")
    workers = ai_pool.default_workers() if args.workers is None else args.workers
    if workers:
        ai_pool.warm_up(workers)
    rows = []
    t0 = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmpdir:
        tmp = Path(tmpdir)
        warm = await one_run(tmp, "people", 0, "after", argparse.Namespace(**{
            **vars(args), "seconds": 0, "max_seconds": 4, "min_replies": 1, "warm_up": 0, "trace": False}))
        del warm  # the workers have imported the games and searched once
        for load in loads:
            for kind in (kinds[:1] if load == 0 else kinds):
                for mode in modes:
                    r = await one_run(tmp, kind, load, mode, args)
                    rows.append(r)
                    print(f"  {kind} x {load}, {mode}: {r['n']} replies, {r['moves']} moves in {r['wall']:.0f} s",
                          file=sys.stderr)
    total = time.perf_counter() - t0
    print(f"\nA person's wait for an AI reply (Host.play_ai: queue + search + commit, on top of BOT_AI_DELAY "
          f"{args.ai_delay:g} s)\nwith N other AI tables busy, after {args.warm_up:g} s of warm-up; "
          f"people think {args.think[0]:g}-{args.think[1]:g} s "
          f"(one alone {args.think_alone[0]:g}-{args.think_alone[1]:g} s); "
          f"2-player {GAME}, AI level {LEVEL}; {workers} AI worker process(es), {os.cpu_count()} cores")
    head = (f"{'other tables':>15} {'mode':>6} {'n':>4} {'wait p50 s':>10} {'wait p99 s':>10} {'/move n':>7} "
            f"{'/move p99 ms':>12} {'searches/s':>10} {'playouts':>8} {'at floor':>8}")
    print(head)
    for r in rows:
        label = "none" if r["load"] == 0 else f"{r['load']} {r['kind']}"
        playouts = f"{r['mean_playouts']:8.0f}" if r["mean_playouts"] is not None else f"{'-':>8}"
        print(f"{label:>15} {r['mode']:>6} {r['n']:4d} {r['p50']:10.2f} {r['p99']:10.2f} {r['moves']:7d} "
              f"{r['move_p99']:12.1f} {r['rate']:10.2f} {playouts} {r['floor']:8d}")
    print(f"targets with 20 other AI tables: wait p99 <= {TARGET_WAIT_S:g} s, /move p99 <= {TARGET_MOVE_MS:g} ms; "
          f"'playouts' is the mean budgeted (before: 200 or 1 s each); total {total:.0f} s "
          f"(Python {sys.version.split()[0]})")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--loads", default="0,5,20", help="numbers of other AI tables")
    parser.add_argument("--kinds", default="ai-only,people", help="ai-only, people or both")
    parser.add_argument("--modes", default="before,after", help="before (main's queue), after, or both")
    parser.add_argument("--warm-up", type=float, default=8.0,
                        help="seconds every run plays before its figures count (tables started at once)")
    parser.add_argument("--seconds", type=float, default=20.0, help="least measured length of a run")
    parser.add_argument("--max-seconds", type=float, default=40.0, help="most measured length of a run")
    parser.add_argument("--trace", action="store_true", help="print each reply's time and wait")
    parser.add_argument("--min-replies", type=int, default=6, help="measured replies a run waits for")
    parser.add_argument("--workers", type=int, default=None, help="AI worker processes (default: one per core but one)")
    parser.add_argument("--think", type=parse_span, default=(2.0, 6.0),
                        help="think time of people with other people's tables around, LOW-HIGH s")
    parser.add_argument("--think-alone", type=parse_span, default=(0.5, 1.5),
                        help="think time of the one measured person without other people, LOW-HIGH s")
    parser.add_argument("--ai-delay", type=float, default=1.5, help="BOT_AI_DELAY, seconds")
    with contextlib.suppress(KeyboardInterrupt):
        asyncio.run(main(parser.parse_args()))
