"""Masume Yakyu figures: the ``mixed`` AI's win rate against the ``random`` player over N full
9-inning two-player games (seats alternate), its time per decision by role, a full random
9-inning game, one duel's resolution, and one render against its PNG encode alone.
Run: python3 bench/masume_yakyu.py [--games 200] [--rounds 30]"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench import common
from bench.common import median_ms
from games.ai import choose_move
from games.registry import get_game

game = get_game("masume_yakyu")


def match(seed: int, mixed_seat: int, players: int = 2, options: dict | None = None):
    """One game, ``mixed`` on the seats of ``mixed_seat``'s team; returns (state, times by role)."""
    state = game.new_game(players, options or {}, seed)
    times: dict[str, list[float]] = {}
    ply = 0
    while game.to_act(state):
        for seat in sorted(game.to_act(state)):
            if seat not in game.to_act(state):
                continue
            level = "mixed" if seat % 2 == mixed_seat else "random"
            start = time.perf_counter()
            move = choose_move(game, state, seat, level, seed=seed * 100_003 + ply)
            spent = (time.perf_counter() - start) * 1000
            if level == "mixed":
                times.setdefault(state.phase, []).append(spent)
            state, _ = game.apply(state, seat, move)
            ply += 1
    return state, times


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=30)
    args = parser.parse_args()
    for players, options, label in ((2, {}, "2 players, 9 innings"),
                                    (4, {"battery": "on"}, "Battery (mixed team vs random team)")):
        wins = runs_for = runs_against = 0
        times: dict[str, list[float]] = {}
        games = args.games if players == 2 else max(20, args.games // 4)
        for seed in range(games):
            team = seed % 2
            state, spent = match(seed, team, players, options)
            result = game.result(state)
            wins += result.ranks[team] == 1
            runs_for += state.score(team)
            runs_against += state.score(1 - team)
            for role, values in spent.items():
                times.setdefault(role, []).extend(values)
        print(f"{label}: mixed AI won {wins}/{games} = {100 * wins / games:.1f}% against random; "
              f"runs per game {runs_for / games:.2f} for, {runs_against / games:.2f} against")
        for phase, values in sorted(times.items()):
            print(f"  time per decision, {phase}: median {statistics.median(values):.3f} ms, "
                  f"max {max(values):.2f} ms over {len(values)} decisions")
    print(f"full random 9-inning game: {median_ms(lambda i: common.playout(game, 2, i), args.rounds):.1f} ms")
    state = common.midgame(game, 2, 40)
    while state.phase != "bat":
        seat = min(game.to_act(state))
        state, _ = game.apply(state, seat, choose_move(game, state, seat, "random", seed=1))
    seat = min(game.to_act(state))
    move = game.parse_move(state, "swing C3")
    print(f"one duel's resolution: {median_ms(lambda i: game.apply(state, seat, move), args.rounds * 10):.3f} ms")
    try:
        from renderers.masume_yakyu import render
    except ImportError:
        return
    view = game.view(common.midgame(game, 2, 200), None)
    drawing = common.render_figures(render, view, args.rounds)
    for name, value in drawing.figures.items():
        print(f"{name}: {value:.2f}")
    print(f"PNG: {len(drawing.png) // 1024} KB")


if __name__ == "__main__":
    main()
