"""Pairing figures (issue 14, point 5): the time of ``tournaments.pair_next_round`` (standings,
then the pairing) for a 512-player Swiss round and a 256-player round at tables of four, each after
several rounds of random results. Prints the median and the worst over several events.
Target: under one second each on this machine.

Also (issue 29, point 7) the event loop's worst stall while a 512-player Swiss round is paired:
a heartbeat task wakes every millisecond and the longest gap between its wake-ups is printed,
once with the pairing called on the loop (as before issue 29) and once through
``asyncio.to_thread`` (as the host pairs now); and the time ``import bot.host.tournaments``
takes with networkx loaded lazily.

And the repeated opponent pairs of multiplayer tables (issue 29, point 1) over simulated events:
the swap search alone (the grouping before issue 29) and the grouping now, against a brute force
over every grouping (10 players or fewer) or the exact method (14 players at tables of 4, the
issue's example; the exact method is itself checked against brute force in
tests/test_tournament_multiplayer.py), and for 256 players at tables of 4 the two side by side.
Run: python3 bench/pairing.py [--events N] [--rounds R]"""

from __future__ import annotations

import argparse
import asyncio
import random
import subprocess
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import tournaments as T  # noqa: E402
from tournaments.state import DONE, GameRecord  # noqa: E402


def event(fmt: str, players: int, rounds_before: int, seed: int, **options) -> T.Tournament:
    """A started event with ``rounds_before`` rounds of random results already in."""
    rng = random.Random(seed)
    t = T.new_tournament(T.Settings.make("medina", fmt, rounds=rounds_before + 1, max_entrants=1024, **options))
    for i in range(players):
        t = T.add_entrant(t, f"u{i}", f"Player {i}", rating=rng.uniform(-5, 30))
    t = T.start(t)
    for _ in range(rounds_before):
        t, rnd = T.pair_next_round(t)
        # results written straight into the round: the bench times pairing, not recording
        for table in t.current_round.tables:
            k = len(table.entrants)
            places = [1 + x for x in rng.sample(range(k), k)]
            if k == 2 and rng.random() < 0.1:
                places = [1, 1]
            table.games = [GameRecord(places)]
            table.places = places
        t.current_round.status = DONE
    return t


def timed(fmt: str, players: int, rounds_before: int, events: int, **options) -> list[float]:
    times = []
    for seed in range(events):
        t = event(fmt, players, rounds_before, seed, **options)
        start = time.perf_counter()
        _, rnd = T.pair_next_round(t)
        times.append(time.perf_counter() - start)
        assert rnd.tables
    return times


async def _stall(t: T.Tournament, in_thread: bool) -> float:
    """The longest gap (seconds) between heartbeats while ``t``'s next round is paired."""
    worst, stop = 0.0, False

    async def heartbeat() -> None:
        nonlocal worst
        last = time.perf_counter()
        while not stop:
            await asyncio.sleep(0.001)
            now = time.perf_counter()
            worst, last = max(worst, now - last), now

    beat = asyncio.create_task(heartbeat())
    await asyncio.sleep(0.01)
    worst = 0.0
    if in_thread:
        await asyncio.to_thread(T.pair_next_round, t)
    else:
        T.pair_next_round(t)
    await asyncio.sleep(0.005)
    stop = True
    await beat
    return worst


def loop_stalls(rounds_before: int, events: int) -> None:
    for label, in_thread in (("on the loop (before)", False), ("in a worker thread (now)", True)):
        stalls = [asyncio.run(_stall(event("swiss", 512, rounds_before, seed), in_thread)) for seed in range(events)]
        print(f"loop stall, Swiss 512 players, pairing {label}: median {statistics.median(stalls) * 1000:.0f} ms, "
              f"worst {max(stalls) * 1000:.0f} ms over {len(stalls)} events")


def _brute_repeats(players, sizes) -> int:
    """The fewest repeats of any grouping of ``players`` at tables of ``sizes``."""
    n, best = len(players), [None]
    met = [[players[a].met.get(players[b].id, 0) for b in range(n)] for a in range(n)]
    tables: list[list[int]] = [[] for _ in sizes]

    def place(p: int, repeats: int) -> None:
        if best[0] is not None and repeats >= best[0]:
            return
        if p == n:
            best[0] = repeats
            return
        for k, size in enumerate(sizes):
            if len(tables[k]) < size and (k == 0 or tables[k - 1] or sizes[k - 1] != size):
                tables[k].append(p)
                place(p + 1, repeats + sum(met[p][q] for q in tables[k][:-1]))
                tables[k].pop()
    place(0, 0)
    return best[0]


def repeat_counts(events: int) -> None:
    from collections import Counter
    from fractions import Fraction
    from itertools import combinations

    from tournaments import pairing as P

    def repeats(groups, players):
        return sum(players[a].met.get(players[b].id, 0) for g in groups for a, b in combinations(g, 2))

    for n, size, rounds_played, reference in ((9, 3, 3, "brute force"), (12, 4, 3, "brute force"),
                                              (13, 5, 3, "exact"), (14, 4, 3, "exact"), (16, 4, 4, "exact"),
                                              (40, 4, 8, None), (256, 4, 12, None)):
        sizes, _ = P.table_sizes(n, size, 3, 5)
        totals, worse_old, worse_new, rounds, slowest = Counter(), 0, 0, 0, 0.0
        for seed in range(events if n > 20 else events * 10):
            rng = random.Random(seed)
            ids = [f"p{i}" for i in range(n)]
            score = {i: Fraction(0) for i in ids}
            met = {i: Counter() for i in ids}
            for _ in range(rounds_played):
                order = sorted(ids, key=lambda i: (-score[i], int(i[1:])))
                players = [P.Seated(i, score[i], dict(met[i])) for i in order]
                objective = P._Objective(players)
                reach = len(sizes) if len(sizes) <= 16 else 4
                old = repeats(P.swap_search(objective, P.fill_from_top(sizes), reach), players)
                started = time.perf_counter()
                tables = P.group_tables(players, sizes)
                slowest = max(slowest, time.perf_counter() - started)
                index = {p.id: k for k, p in enumerate(players)}
                new = repeats([[index[p] for p in t] for t in tables], players)
                if reference == "brute force":
                    best = _brute_repeats(players, sizes)
                elif reference == "exact":
                    best = repeats(P.exact_grouping(objective, sizes), players)
                else:
                    best = new
                totals.update(old=old, new=new, best=best)
                worse_old += old > best
                worse_new += new > best
                rounds += 1
                for t in tables:
                    for a, b in combinations(t, 2):
                        met[a][b] += 1
                        met[b][a] += 1
                    for place, p in enumerate(rng.sample(t, len(t))):
                        score[p] += len(t) - 1 - place
        label = f"{n} players at tables of {size} {'+'.join(map(str, sizes)) if len(sizes) < 6 else ''}".rstrip()
        if reference:
            print(f"repeats, {label}, {rounds} rounds: swap search alone {totals['old']} "
                  f"({worse_old} rounds above the {reference}), now {totals['new']} ({worse_new} above), "
                  f"{reference} {totals['best']}; slowest grouping {slowest * 1000:.0f} ms")
        else:
            print(f"repeats, {label}, {rounds} rounds: swap search alone {totals['old']}, now {totals['new']}; "
                  f"slowest grouping {slowest * 1000:.0f} ms")


def import_cost() -> None:
    script = ("import resource, sys, time; t = time.perf_counter(); import bot.host.tournaments, bot.cogs.tournament; "
              "t1 = time.perf_counter(); r1 = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss; "
              "loaded = 'networkx' in sys.modules; import networkx; t2 = time.perf_counter(); "
              "r2 = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss; "
              "print(t1 - t, loaded, t2 - t1, (r2 - r1) / 1024)")
    root = Path(__file__).resolve().parent.parent
    out = subprocess.run([sys.executable, "-c", script], cwd=root, capture_output=True, text=True, check=True)
    seconds, loaded, nx_seconds, nx_mib = out.stdout.split()
    print(f"import bot.host.tournaments + bot.cogs.tournament: {float(seconds) * 1000:.0f} ms, "
          f"networkx loaded: {loaded}; networkx itself (now at the first Swiss pairing): "
          f"{float(nx_seconds) * 1000:.0f} ms, +{float(nx_mib):.1f} MiB peak memory")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, default=5)
    parser.add_argument("--rounds", type=int, default=5, help="rounds of random results before the timed pairing")
    args = parser.parse_args()
    for label, fmt, players, options in (
        ("Swiss, 512 players", "swiss", 512, {}),
        ("tables of 4, 256 players", "swiss_tables", 256, {"table_size": 4}),
    ):
        times = timed(fmt, players, args.rounds, args.events, **options)
        print(f"{label}, round {args.rounds + 1}: median {statistics.median(times) * 1000:.0f} ms, "
              f"worst {max(times) * 1000:.0f} ms over {len(times)} events (target < 1000 ms)")
    loop_stalls(args.rounds, args.events)
    import_cost()
    repeat_counts(args.events)


if __name__ == "__main__":
    main()
