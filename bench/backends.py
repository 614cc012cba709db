"""Moves per second and p99 ``/move`` latency: SQLite vs PostgreSQL, one vs two processes.

Host level (no Discord): ``--games`` Minoa tables between two people are opened, then every table
plays at once (a new game where one ends), each with its own loop of legal moves through ``Host.play`` (the versioned commit
and its move record, what ``/move`` costs in storage), for ``--seconds``. With two processes the
tables are split between two OS processes, each with its own store and host on the same
database (the shards of two bot processes), and the figures are summed. AI searches are not
involved: they run in each process's own worker pool (per process, as the compose file sets it),
so they do not change the storage figures.

PostgreSQL: a fresh schema of ``--url`` (default ``TEST_DATABASE_URL`` or
``postgresql://postgres@127.0.0.1:5432/test``), dropped at the end; skipped with a line if no
server answers. Latency counts from the call to the committed table.

Each line prints moves/s, the p99 and the worst latency of a move (the longest any caller
waited: strictly first come, first served, it stays near the p99), the fewest and most moves one
table made (every table is served alike), and for PostgreSQL its ratios to SQLite's. ``--sync full`` makes both backends flush every commit to the disk (see the
README's "Durability"); ``--compare`` also runs PostgreSQL with its one-statement work on
connections of the bot's own loop instead of worker threads (the design measured against).

Run: PYTHONPATH=. python3 bench/backends.py [--games 20] [--seconds 5] [--processes 1,2] [--sync normal|full] [--compare]
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import os
import statistics
import sys
import tempfile
import time
import uuid
from pathlib import Path

# The repository first: bench/bot.py would otherwise shadow the bot package.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.host import Host, HostError, Store

ALICE, BOB = 101, 102


async def open_games(host: Host, count: int) -> list[int]:
    ids = []
    for n in range(count):
        table = await host.open_lobby(guild_id=n, channel_id=10, owner_id=ALICE, owner_name="alice",
                                      game_name="minoa", num_players=2, options={})
        await host.join(table.id, BOB, "bob")
        ids.append((await host.start(table.id, ALICE)).id)
    return ids


async def opened(target: str, count: int) -> list[int]:
    host = Host(await Store.open(target), seed_source=lambda: 1, ai_workers=0)
    ids = await open_games(host, count)
    await host.store.close()
    return ids


async def drive(target: str, table_ids: list[int], start_at: float, seconds: float,
                design: str = "workers") -> tuple[list[float], list[int]]:
    """Every table plays legal moves, one after another, from ``start_at`` for ``seconds``;
    returns the latency of each move that landed, in seconds, and how many landed per table. ``design`` (PostgreSQL): where
    one-statement work runs, ``workers`` (threads, the store's design) or ``loop`` (connections of
    the bot's loop, the design measured against)."""
    host = Host(await Store.open(target, sync=os.environ.get("BENCH_SYNC", "normal")), seed_source=lambda: 1,
                ai_workers=0)
    if hasattr(host.store, "statements_on_loop"):
        host.store.statements_on_loop = design == "loop"
    latencies: list[float] = []
    landed = [0] * len(table_ids)
    await asyncio.sleep(max(0.0, start_at - time.time()))
    end = start_at + seconds

    async def play(table_id: int, place: int) -> None:
        n = 0
        while time.time() < end:
            table = await host.table(table_id)
            if table.status != "active":  # the game ended: the table's players start another
                table_id = (await open_games(host, 1))[0]
                continue
            user = host.waiting_on(table)[0].user_id
            legal = host.legal_notations(table, user)
            notation = legal[n % len(legal)]
            n += 1
            began = time.perf_counter()
            try:
                await host.play(table_id, user, notation)
            except HostError:
                continue
            latencies.append(time.perf_counter() - began)
            landed[place] += 1
    await asyncio.gather(*(play(t, n) for n, t in enumerate(table_ids)))
    await host.store.close()
    return latencies, landed


def _process(target: str, table_ids: list[int], start_at: float, seconds: float, design: str, out) -> None:
    out.put(asyncio.run(drive(target, table_ids, start_at, seconds, design)))


def measure(target: str, table_ids: list[int], processes: int, seconds: float,
            design: str = "workers") -> tuple[float, float, int, float, int, int]:
    """``(moves per second, p99 latency in ms, moves, worst latency in ms, fewest and most moves
    of one table)`` with the tables split over ``processes``."""
    start_at = time.time() + 1.5  # every process has opened its store by then
    if processes == 1:
        latencies, landed = asyncio.run(drive(target, table_ids, start_at, seconds, design))
    else:
        context = multiprocessing.get_context("spawn")
        out = context.Queue()
        workers = [context.Process(target=_process, args=(target, table_ids[n::processes], start_at, seconds, design, out))
                   for n in range(processes)]
        for worker in workers:
            worker.start()
        parts = [out.get() for _ in workers]
        latencies = [x for part in parts for x in part[0]]
        landed = [n for part in parts for n in part[1]]
        for worker in workers:
            worker.join()
    p99 = statistics.quantiles(latencies, n=100)[98] * 1000 if len(latencies) > 100 else float("nan")
    return (len(latencies) / seconds, p99, len(latencies), max(latencies, default=0.0) * 1000, min(landed),
            max(landed))


async def _schema(url: str, sql: str) -> None:
    import asyncpg

    conn = await asyncpg.connect(url, timeout=5)
    try:
        await conn.execute(sql)
    finally:
        await conn.close()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--url", default=os.environ.get("TEST_DATABASE_URL",
                                                        "postgresql://postgres@127.0.0.1:5432/test"))
    parser.add_argument("--processes", default="1,2", help="process counts to run, e.g. 1 or 1,2")
    parser.add_argument("--sync", default="normal", choices=("normal", "full"),
                        help="what a commit waits for on both backends (BOT_DB_SYNC)")
    parser.add_argument("--compare", action="store_true",
                        help="PostgreSQL also with its one-statement work on worker threads (the other design)")
    args = parser.parse_args()
    counts = [int(n) for n in args.processes.split(",")]
    os.environ["BENCH_SYNC"] = args.sync  # read by every process's store (spawned ones inherit it)
    print(f"{args.games} Minoa games playing at once for {args.seconds:g} s, host level, {os.cpu_count()} cores,"
          f" BOT_DB_SYNC={args.sync}")
    print("targets: PostgreSQL >= 0.8x SQLite's moves/s, p99 <= 1.5x; worst <= 3x p99")
    print(f"{'backend':<24}{'processes':>10}{'moves/s':>10}{'p99 ms':>9}{'worst ms':>10}{'worst/p99':>10}{'moves':>8}"
          f"{'per table':>14}")
    first: dict[int, tuple] = {}

    def line(name: str, processes: int, figures: tuple) -> None:
        rate, p99, moves, worst, fewest, most = figures
        print(f"{name:<24}{processes:>10}{rate:>10.0f}{p99:>9.1f}{worst:>10.1f}{worst / p99:>10.1f}{moves:>8}"
              f"{f'{fewest}-{most}':>14}")
        if name != "SQLite" and processes in first:
            base = first[processes]
            print(f"{'':<24}{'':>10}{rate / base[0]:>9.2f}x{p99 / base[1]:>8.2f}x   (of SQLite's)")

    with tempfile.TemporaryDirectory() as folder:
        for processes in counts:
            target = str(Path(folder) / f"bench-{processes}.sqlite3")
            ids = asyncio.run(opened(target, args.games))
            first[processes] = measure(target, ids, processes, args.seconds)
            line("SQLite", processes, first[processes])
    try:
        asyncio.run(_schema(args.url, "SELECT 1"))
    except Exception as exc:  # noqa: BLE001  (any failure to connect: say so and stop)
        print(f"PostgreSQL not reachable at {args.url} ({type(exc).__name__}): skipped")
        return
    designs = ["workers", "loop"] if args.compare else ["workers"]
    for processes in counts:
        for design in designs:
            schema = f"bench_{uuid.uuid4().hex[:12]}"
            asyncio.run(_schema(args.url, f"CREATE SCHEMA {schema}"))
            try:
                target = f"{args.url}{'&' if '?' in args.url else '?'}schema={schema}"
                ids = asyncio.run(opened(target, args.games))
                name = "PostgreSQL" + (f" ({design})" if args.compare else "")
                line(name, processes, measure(target, ids, processes, args.seconds, design))
            finally:
                asyncio.run(_schema(args.url, f"DROP SCHEMA {schema} CASCADE"))


if __name__ == "__main__":
    main()
