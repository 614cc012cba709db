"""Pairing figures (issue 14, point 5): the time of ``tournaments.pair_next_round`` (standings,
then the pairing) for a 512-player Swiss round and a 256-player round at tables of four, each after
several rounds of random results. Prints the median and the worst over several events.
Target: under one second each on this machine.
Run: python3 bench/pairing.py [--events N] [--rounds R]"""

from __future__ import annotations

import argparse
import random
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


if __name__ == "__main__":
    main()
