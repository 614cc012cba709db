"""Masume Yakyu figures: the AI table (each level against the others and against a simple
heuristic player over N three-inning two-player games, seats swapped every game), the time per
decision of each level by phase, a full random 9-inning game, one duel's resolution, and one
render against its PNG encode alone.
Run: python3 bench/masume_yakyu.py [--games 200] [--rounds 30] [--innings 3]"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench import common
from bench.common import median_ms
from games.ai import choose_move
from games.masume_yakyu import duel
from games.masume_yakyu.grid import cell_name, in_zone, index, offset, xy
from games.masume_yakyu.runners import steal_eligible
from games.masume_yakyu.state import Move
from games.registry import get_game
from games.rng import Rng

game = get_game("masume_yakyu")


def heuristic(state, seat: int, rng: Rng) -> Move:
    """The yardstick: a simple fixed player. The pitcher throws any card and aims it low in the
    zone (just below it with two strikes, anywhere in it with three balls); a reliever comes in
    when three cards are left. The batter expects the straight: he swings at a target in the zone
    (at any target with two strikes) and takes the rest, never bunts, and steals with a fast
    runner (speed A or S) before two strikes. A runner goes on an even or better challenge."""
    s = state
    legal = game.legal_moves(s, seat)
    if s.phase == "lineup":
        return Move("auto") if Move("auto") in legal else legal[0]
    if s.phase == "card":
        changes = [m for m in legal if m.kind == "change"]
        if changes and len(s.hand[seat % 2]) <= 3:
            return changes[0]
        return rng.choice([m for m in legal if m.kind == "card"])
    if s.phase == "target":
        dx, dy = offset(s.card, duel.current_pitcher(s).throws)
        rows = (1, 2, 3) if s.balls == 3 else (4,) if s.strikes == 2 else (3,)
        aims = [index(x - dx, y - dy) for x in (1, 2, 3) for y in rows if 0 <= x - dx < 5 and 0 <= y - dy < 5]
        return Move("target", rng.choice(aims)) if aims else rng.choice(legal)
    if s.phase == "bat":
        going = steal_eligible(s)
        fast = bool(going) and s.strikes < 2 and _speed(s, s.bases[max(going)]) >= 1
        if "batter" not in s.roles(seat) or s.bat is not None:
            return Move("steal" if fast else "stay")
        steal = fast and not s.split(s.offence)
        if in_zone(*xy(s.target)) or s.strikes == 2:
            return Move("swing", s.target, steal)
        return Move("take", 0, steal)
    if s.phase == "advance":
        item = s.queue[0]
        return Move("go" if item["kind"] == "dropped" or _speed(s, item["slot"]) >= item["mod"] else "hold")
    return rng.choice(legal)


def _speed(s, slot: int) -> int:
    from games.masume_yakyu.data import CHALLENGE, TEAMS
    return CHALLENGE["run_modifier"][TEAMS[s.teams[s.offence]].batter(s.lineup[s.offence][slot]).run]


def match(seed: int, players: dict[int, str], num_players: int = 2, options: dict | None = None):
    """One game, team ``t`` played by ``players[t]`` (a level or ``heuristic``); returns the final
    state and each level's decision times by phase."""
    state = game.new_game(num_players, options or {}, seed)
    times: dict[tuple[str, str], list[float]] = {}
    ply = 0
    while game.to_act(state):
        for seat in sorted(game.to_act(state)):
            if seat not in game.to_act(state):
                continue
            who = players[seat % 2]
            start = time.perf_counter()
            if who == "heuristic":
                move = heuristic(state, seat, Rng(seed * 100_003 + ply))
            else:
                move = choose_move(game, state, seat, who, seed=seed * 100_003 + ply)
            times.setdefault((who, state.phase), []).append((time.perf_counter() - start) * 1000)
            state, _ = game.apply(state, seat, move)
            ply += 1
    return state, times


def table(pairs, games: int, innings: int, num_players: int = 2) -> dict[tuple[str, str], list[float]]:
    """Print one row per pair: the first player's wins (with a 95 % interval) and runs a game."""
    times: dict[tuple[str, str], list[float]] = {}
    options = {"innings": innings} | ({"battery": "on"} if num_players > 2 else {})
    for first, second in pairs:
        wins = runs_for = runs_against = 0
        for seed in range(games):
            team = seed % 2  # seats swapped every game
            state, spent = match(seed, {team: first, 1 - team: second}, num_players, options)
            wins += game.result(state).ranks[team] == 1
            runs_for += state.score(team)
            runs_against += state.score(1 - team)
            for key, values in spent.items():
                times.setdefault(key, []).extend(values)
        rate = wins / games
        margin = 1.96 * math.sqrt(rate * (1 - rate) / games)
        print(f"  {first:>9} vs {second:<9}: won {wins}/{games} = {100 * rate:.1f} % ± {100 * margin:.1f}; "
              f"runs a game {runs_for / games:.2f} to {runs_against / games:.2f}", flush=True)
    return times


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=30)
    parser.add_argument("--innings", type=int, default=3)
    args = parser.parse_args()
    print(f"AI table: 2 players, {args.innings} innings, {args.games} games a row, seats swapped every game")
    times = table([("normal", "easy"), ("normal", "heuristic"), ("hard", "normal"), ("hard", "easy"),
                   ("hard", "heuristic"), ("easy", "heuristic")], args.games, args.innings)
    print(f"Battery (4 players), {max(20, args.games // 4)} games a row")
    for key, values in table([("normal", "easy")], max(20, args.games // 4), args.innings, 4).items():
        times.setdefault(key, []).extend(values)
    for (level, phase), values in sorted(times.items()):
        if level != "heuristic" and phase not in ("lineup", "over"):
            values.sort()
            print(f"  time per decision, {level} {phase}: median {statistics.median(values):.2f} ms, "
                  f"95th {values[int(0.95 * (len(values) - 1))]:.2f} ms, max {values[-1]:.2f} ms "
                  f"over {len(values)}")
    print(f"full random 9-inning game: {median_ms(lambda i: common.playout(game, 2, i), args.rounds):.1f} ms")
    state = common.midgame(game, 2, 40)
    while state.phase != "bat":
        seat = min(game.to_act(state))
        state, _ = game.apply(state, seat, choose_move(game, state, seat, "random", seed=1))
    seat = min(game.to_act(state))
    move = game.parse_move(state, f"swing {cell_name(12)}")
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
