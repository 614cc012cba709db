"""Scale-out on PostgreSQL: 1, 2 and 4 bot processes (sharded) on one database, 2,000 tables.

Host level (no Discord): ``--tables`` Minoa tables are opened in a fresh schema, ``--ai-share`` of
them with an AI seat (level ``random``: its search is a few microseconds, so what is measured is
the storage and host cost of an AI move, not a search; searches run in worker processes per host
and are sized separately, see docs/architecture.md). Then for each process count N the tables are
split as shards are (table i to process i mod N), each process with its own store (pool sized from
the server for N processes) and host, and every table plays for ``--seconds``: its person thinks a
random ``0 .. 2 x --think`` seconds, plays a legal move (the latency counted as a person's), and at
an AI table the AI answers at once. A finished game is replaced by a new one at the same table's
place. Printed per process count: moves/s (people's and AI's), people's p50/p99 and the worst wait
(the longest any person waited for a move to land), and the CPU the processes and the server used.

This machine has 2 cores, shared by the bot processes, PostgreSQL and the bench: beyond what one
process and the server can use of them, more processes only share the same two cores. The figures
of interest are the per-move costs (CPU ms per move of a bot process and of the server), which are
the inputs of the capacity model.

Run: PYTHONPATH=. python3 bench/scaleout.py [--tables 2000] [--processes 1,2,4] [--seconds 10] [--think 2]
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import os
import random
import sys
import time
import uuid
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.host import Host, HostError, Store  # noqa: E402
from bot.host.ai_pool import AIBusy  # noqa: E402
from bot.host.host import Limits  # noqa: E402

NO_CAPS = Limits(0, 0, 0, 0, 0, 24.0)
URL = os.environ.get("TEST_DATABASE_URL", "postgresql://postgres@127.0.0.1:5432/test")


async def open_table(host: Host, n: int, ai: bool) -> int:
    owner = 10**17 + 2 * n
    table = await host.open_lobby(guild_id=n, channel_id=10, owner_id=owner, owner_name=f"p{n}",
                                  game_name="minoa", num_players=2, options={})
    if ai:
        await host.add_ai(table.id, owner, "random")
    else:
        await host.join(table.id, owner + 1, f"q{n}")
    return (await host.start(table.id, owner)).id


async def open_all(target: str, count: int, ai_share: float) -> list[tuple[int, bool]]:
    host = Host(await Store.open(target), seed_source=lambda: 1, ai_workers=0, limits=NO_CAPS)
    rng = random.Random(5)
    plan = [(n, rng.random() < ai_share) for n in range(count)]
    tables: list[tuple[int, bool]] = []
    for start in range(0, count, 100):
        ids = await asyncio.gather(*(open_table(host, n, ai) for n, ai in plan[start:start + 100]))
        tables += [(table_id, ai) for table_id, (_, ai) in zip(ids, plan[start:start + 100])]
    await host.store.close()
    return tables


async def drive(target: str, tables: list[tuple[int, bool]], processes: int, start_at: float, seconds: float,
                think: float, seed: int) -> dict:
    pool = int(os.environ["BENCH_POOL"]) if os.environ.get("BENCH_POOL") else None
    store = await Store.open(target, processes=processes, pool=pool)
    host = Host(store, seed_source=lambda: 1, ai_workers=0, limits=NO_CAPS)
    rng = random.Random(seed)
    people: list[float] = []
    ai_moves = 0
    await asyncio.sleep(max(0.0, start_at - time.time()))
    cpu = time.process_time()
    end = start_at + seconds

    async def play(table_id: int, ai: bool, n: int) -> None:
        nonlocal ai_moves
        await asyncio.sleep(rng.uniform(0, 2 * think))  # the tables do not all start at once
        turn = 0
        while time.time() < end:
            table = await host.table(table_id)
            if table.status != "active":
                table_id = await open_table(host, n + 10**6 * (turn + 1), ai)
                continue
            waiting = [s for s in host.waiting_on(table) if not s.is_ai]
            if not waiting:
                try:
                    if await host.play_ai(table_id) is not None:
                        ai_moves += 1
                except AIBusy:  # the bot's answer too: the AI moves a moment later
                    await asyncio.sleep(0.1)
                continue
            user = waiting[0].user_id
            legal = host.legal_notations(table, user)
            began = time.perf_counter()
            try:
                await host.play(table_id, user, legal[turn % len(legal)])
            except HostError:
                continue
            finally:
                turn += 1
            if time.time() < end:
                people.append(time.perf_counter() - began)
            await asyncio.sleep(rng.uniform(0, 2 * think))
    await asyncio.gather(*(play(table_id, ai, n) for n, (table_id, ai) in enumerate(tables)))
    used = time.process_time() - cpu
    pool = store.pool_size
    await store.close()
    return {"people": people, "ai": ai_moves, "cpu": used, "pool": pool}


def _process(target, tables, processes, start_at, seconds, think, seed, out) -> None:
    try:
        out.put(asyncio.run(drive(target, tables, processes, start_at, seconds, think, seed)))
    except BaseException as exc:  # told to the parent, which would otherwise wait for ever
        out.put({"error": f"{type(exc).__name__}: {exc}"})
        raise


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q / 100 * len(ordered)))] if ordered else float("nan")


async def server_cpu_ms(url: str) -> float:
    """CPU time of the PostgreSQL server's processes so far (from /proc: the server is local; other
    clients of the same server, such as tests running meanwhile, are counted too)."""
    total = 0
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            with open(f"/proc/{pid}/stat") as stat:
                fields = stat.read().rsplit(")", 1)
            with open(f"/proc/{pid}/comm") as comm:
                name = comm.read().strip()
        except OSError:
            continue
        if name.startswith("postgres"):
            parts = fields[1].split()
            # utime + stime, and cutime + cstime: the postmaster is credited with the sessions
            # that ended (the bench's stores close before the second reading), in clock ticks
            total += int(parts[11]) + int(parts[12]) + int(parts[13]) + int(parts[14])
    return total * 1000 / os.sysconf("SC_CLK_TCK")


def measure(target: str, tables: list[tuple[int, bool]], processes: int, seconds: float, think: float) -> dict:
    start_at = time.time() + 3.0
    context = multiprocessing.get_context("spawn")
    out = context.Queue()
    workers = [context.Process(target=_process, args=(target, tables[k::processes], processes, start_at, seconds,
                                                      think, k, out)) for k in range(processes)]
    for worker in workers:
        worker.start()
    time.sleep(max(0.0, start_at - time.time()))
    server_before = asyncio.run(server_cpu_ms(URL))
    results = []
    for _ in workers:
        try:
            results.append(out.get(timeout=seconds + 120))
        except Exception:  # noqa: BLE001 - a process that died without a word
            codes = [w.exitcode for w in workers]
            raise SystemExit(f"a bench process ended without its figures (exit codes {codes})") from None
        if "error" in results[-1]:
            raise SystemExit(f"a bench process failed: {results[-1]['error']}")
    server_after = asyncio.run(server_cpu_ms(URL))
    for worker in workers:
        worker.join()
    people = [x for r in results for x in r["people"]]
    ai = sum(r["ai"] for r in results)
    moves = len(people) + ai
    return {"people/s": len(people) / seconds, "ai/s": ai / seconds, "p50": percentile(people, 50) * 1000,
            "p99": percentile(people, 99) * 1000, "worst": max(people, default=0) * 1000,
            "bot_cpu_ms": sum(r["cpu"] for r in results) * 1000 / max(1, moves),
            "pg_cpu_ms": (server_after - server_before) / max(1, moves), "pool": results[0]["pool"]}


async def _schema(sql: str) -> None:
    import asyncpg

    conn = await asyncpg.connect(URL, timeout=5)
    try:
        await conn.execute(sql)
    finally:
        await conn.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, default=2000)
    parser.add_argument("--ai-share", type=float, default=0.5, help="share of the tables with an AI seat")
    parser.add_argument("--processes", default="1,2,4")
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--think", type=float, default=2.0, help="a person's mean thinking time, seconds")
    parser.add_argument("--pool", type=int, default=None, help="connections per process (default: sized from the server)")
    args = parser.parse_args()
    if args.pool:
        os.environ["BENCH_POOL"] = str(args.pool)  # spawned processes inherit it
    try:
        asyncio.run(_schema("SELECT 1"))
    except Exception as exc:  # noqa: BLE001  (any failure to connect: say so and stop)
        print(f"PostgreSQL not reachable at {URL} ({type(exc).__name__}): skipped")
        return
    schema = f"scale_{uuid.uuid4().hex[:10]}"
    asyncio.run(_schema(f"CREATE SCHEMA {schema}"))
    target = f"{URL}{'&' if '?' in URL else '?'}schema={schema}"
    try:
        began = time.perf_counter()
        tables = asyncio.run(open_all(target, args.tables, args.ai_share))
        print(f"{len(tables)} Minoa tables ({sum(ai for _, ai in tables)} with an AI seat) opened in "
              f"{time.perf_counter() - began:.1f} s; people think 0-{2 * args.think:g} s; {args.seconds:g} s per run;"
              f" {os.cpu_count()} cores shared by the bot processes, PostgreSQL and the bench")
        print(f"{'processes':>9}{'pool':>6}{'people/s':>10}{'AI/s':>8}{'moves/s':>9}{'p50 ms':>8}{'p99 ms':>8}"
              f"{'worst ms':>10}{'bot CPU ms/move':>17}{'PG CPU ms/move':>16}")
        for processes in [int(n) for n in args.processes.split(",")]:
            r = measure(target, tables, processes, args.seconds, args.think)
            print(f"{processes:>9}{r['pool']:>6}{r['people/s']:>10.0f}{r['ai/s']:>8.0f}{r['people/s'] + r['ai/s']:>9.0f}"
                  f"{r['p50']:>8.1f}{r['p99']:>8.1f}{r['worst']:>10.1f}{r['bot_cpu_ms']:>17.2f}{r['pg_cpu_ms']:>16.2f}")
    finally:
        asyncio.run(_schema(f"DROP SCHEMA {schema} CASCADE"))


if __name__ == "__main__":
    main()
