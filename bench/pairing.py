"""Pairing figures (issue 14, point 5): the time of ``tournaments.pair_next_round`` (standings,
then the pairing) for a 512-player Swiss round and a 256-player round at tables of four, each after
several rounds of random results. Prints the median and the worst over several events.
Target: under one second each on this machine.

Also (issue 29, point 7) the event loop's worst stall while a 512-player Swiss round is paired:
a heartbeat task wakes every millisecond and the longest gap between its wake-ups is printed,
once with the pairing called on the loop (as before issue 29) and once through
``asyncio.to_thread`` (as the host pairs now); and the time ``import bot.host.tournaments``
takes with networkx loaded lazily.
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


def import_cost() -> None:
    script = ("import sys, time; t = time.perf_counter(); import bot.host.tournaments, bot.cogs.tournament; "
              "print(time.perf_counter() - t, 'networkx' in sys.modules)")
    root = Path(__file__).resolve().parent.parent
    out = subprocess.run([sys.executable, "-c", script], cwd=root, capture_output=True, text=True, check=True)
    seconds, loaded = out.stdout.split()
    print(f"import bot.host.tournaments + bot.cogs.tournament: {float(seconds) * 1000:.0f} ms, "
          f"networkx loaded: {loaded}")


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


if __name__ == "__main__":
    main()
