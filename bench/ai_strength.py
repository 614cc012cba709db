"""How strong the built-in AI is, per game and player count (issue 26).

Prints, for each board game:

- ``normal`` against a one-ply greedy player (the move of largest immediate gain, the game's
  :meth:`~games.core.Game.move_prior`, ties at random);
- ``normal`` against the MCTS the AI used before issue 26 (:mod:`bench.mcts_baseline`) at 4x that
  level's budget (800 playouts, 4 s);
- the level ladder: ``easy`` against ``normal``, ``normal`` against ``hard``;
- CPU seconds per ``normal`` decision (mean, worst) over the games played;
- the saved blunder positions (``tests/data/ai_positions_*.json``): how often ``normal`` (and the
  old MCTS at its 200 playouts) takes the clear best move, in 5 seeds each;
- Minoa gifts: in ``--n`` mid-game positions where some move hands the opponent nothing at once
  and some other hands it 5 triangles or more, how often ``normal`` (and the old MCTS at 200
  playouts) hands it 5 or more.

A match seats the player measured in one seat and its opponent in all the others, rotating the
seat each game. A win is first place (a shared first counts 1/k); the share is given with n and a
95 % Wilson interval, against the fair share 1/players. Seeds are fixed, so a run repeats when the
playout budgets, not the clock, end the searches (on a loaded machine the clock may cut some).

    python -m bench.ai_strength --n 10                      # everything, 10 games a match
    python -m bench.ai_strength --games minoa --matches greedy --n 20
    python -m bench.ai_strength --matches positions         # the blunder positions only

The old MCTS at 4x costs about 4 s a decision: ``--n 4`` for that match already takes minutes.
"""

from __future__ import annotations

import argparse
import json
import math
import pathlib
import statistics
import time
from collections.abc import Callable
from typing import Any, Hashable

from bench.ai_positions import load
from bench.mcts_baseline import baseline_move
from games.ai import BUDGETS, choose_move
from games.core import Game
from games.registry import get_game
from games.rng import Rng

BOARD_GAMES = ("minoa", "medina", "middle_ages", "madeira")
DATA = pathlib.Path(__file__).resolve().parent.parent / "tests" / "data"
#: The budget of the ``mcts`` level before issue 26, and the baseline's 4x of it.
OLD_BUDGET = (200, 1.0)

Player = Callable[[Game, Any, int, int], Hashable]


def level(name: str) -> Player:
    return lambda game, state, seat, seed: choose_move(game, state, seat, name, seed=seed)


def greedy(game: Game, state: Any, seat: int, seed: int) -> Hashable:
    """The move of largest immediate gain, ties at random (on a determinized state: no secret)."""
    rng = Rng(seed)
    legal = game.legal_moves(state, seat)
    prior = game.move_prior(game.determinize(state, seat, rng), seat, legal) or [0.0] * len(legal)
    top = max(prior)
    return rng.choice([m for m, p in zip(legal, prior) if p == top])


def old_mcts(factor: int) -> Player:
    playouts, seconds = OLD_BUDGET
    return lambda game, state, seat, seed: baseline_move(game, state, seat, seed=seed, playouts=playouts * factor,
                                                          seconds=seconds * factor)


def wilson(wins: float, n: int) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    z, p = 1.96, wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def match(game: Game, players: int, hero: Player, villain: Player, n: int, seed: int) -> dict[str, Any]:
    """``n`` games of ``hero`` in one seat (rotating) against ``villain`` in the others."""
    wins, cpu = 0.0, []
    for g in range(n):
        hero_seat = g % players
        state = game.new_game(players, {}, seed * 10_000 + g)
        ply = 0
        while game.to_act(state):
            seat = min(game.to_act(state))
            move_seed = seed * 1_000_003 + g * 10_007 + ply
            if seat == hero_seat:
                start = time.process_time()
                move = hero(game, state, seat, move_seed)
                cpu.append(time.process_time() - start)
            else:
                move = villain(game, state, seat, move_seed)
            state, _ = game.apply(state, seat, move)
            ply += 1
        ranks = game.result(state).ranks
        if ranks[hero_seat] == 1:
            wins += 1 / ranks.count(1)
    low, high = wilson(wins, n)
    return {"n": n, "share": wins / n if n else 0.0, "low": low, "high": high, "fair": 1 / players,
            "cpu_mean": statistics.fmean(cpu) if cpu else 0.0, "cpu_worst": max(cpu, default=0.0),
            "decisions": len(cpu)}


def positions(game_name: str, seeds: int = 5) -> list[dict[str, Any]]:
    path = DATA / f"ai_positions_{game_name}.json"
    if not path.exists():
        return []
    rows = []
    for record in json.loads(path.read_text()):
        game, state, seat = load(record)
        found = {"normal": 0, "old": 0}
        for s in range(seeds):
            if game.format_move(state, choose_move(game, state, seat, "normal", seed=s)) in record["best"]:
                found["normal"] += 1
            old = baseline_move(game, state, seat, seed=s, playouts=OLD_BUDGET[0], seconds=OLD_BUDGET[1])
            if game.format_move(state, old) in record["best"]:
                found["old"] += 1
        rows.append({"seed": record["seed"], "legal": record["legal"], "gain": record["gain"], "seeds": seeds,
                     **found})
    return rows


def gift(game: Game, state: Any, seat: int, move: Hashable) -> float:
    """The most the next seat to act can gain at once after ``move`` (its immediate gain, the
    game's prior, on the state after the move): what ``move`` hands a rival."""
    after, _ = game.apply(state, seat, move)
    if not game.to_act(after):
        return 0.0
    rival = min(game.to_act(after))
    if rival == seat:
        return 0.0
    prior = game.move_prior(after, rival, game.legal_moves(after, rival)) or [0.0]
    return max(0.0, max(prior))


def gifts(game_name: str, positions_count: int, seed: int, at_least: float = 5.0) -> dict[str, int]:
    """Over ``positions_count`` mid-game positions (random play to a random ply) where some move
    hands the next seat nothing: how often ``normal`` hands it ``at_least`` or more."""
    game = get_game(game_name)
    rng = Rng(seed)
    found = {"positions": 0, "gifted": 0, "old_gifted": 0}
    attempts = 0
    while found["positions"] < positions_count and attempts < positions_count * 10:
        attempts += 1
        state = game.new_game(2, {}, seed * 1000 + attempts)
        for _ in range(20 + rng.below(40)):
            if not game.to_act(state):
                break
            seat = min(game.to_act(state))
            state, _ = game.apply(state, seat, rng.choice(game.legal_moves(state, seat)))
        if not game.to_act(state):
            continue
        seat = min(game.to_act(state))
        legal = game.legal_moves(state, seat)
        handed = [gift(game, state, seat, m) for m in legal]
        if min(handed) > 0 or max(handed) < at_least:
            continue  # no move is safe, or none gifts anything worth counting
        found["positions"] += 1
        chosen = choose_move(game, state, seat, "normal", seed=attempts)
        if gift(game, state, seat, chosen) >= at_least:
            found["gifted"] += 1
        old = baseline_move(game, state, seat, seed=attempts, playouts=OLD_BUDGET[0], seconds=OLD_BUDGET[1])
        if gift(game, state, seat, old) >= at_least:
            found["old_gifted"] += 1
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", default=",".join(BOARD_GAMES), help="comma-separated game names")
    parser.add_argument("--matches", default="greedy,old4x,ladder,positions,gifts",
                        help="any of greedy, old4x, ladder, positions, gifts (Minoa only)")
    parser.add_argument("--n", type=int, default=10, help="games per match")
    parser.add_argument("--n-old", type=int, default=None, help="games against the old MCTS at 4x (default: --n)")
    parser.add_argument("--players", type=int, default=None, help="player count (default: 2, or the minimum)")
    parser.add_argument("--seed", type=int, default=26)
    args = parser.parse_args(argv)
    wanted = set(args.matches.split(","))
    print(f"budgets: {BUDGETS} (playouts, seconds); old MCTS: {OLD_BUDGET}")
    for name in args.games.split(","):
        game = get_game(name)
        players = args.players or max(2, game.min_players)
        runs: list[tuple[str, Player, Player, int]] = []
        if "greedy" in wanted:
            runs.append(("normal vs greedy", level("normal"), greedy, args.n))
        if "old4x" in wanted:
            runs.append(("normal vs old MCTS x4", level("normal"), old_mcts(4), args.n_old or args.n))
        if "ladder" in wanted:
            runs.append(("normal vs easy", level("normal"), level("easy"), args.n))
            runs.append(("hard vs normal", level("hard"), level("normal"), args.n))
        for label, hero, villain, n in runs:
            started = time.perf_counter()
            row = match(game, players, hero, villain, n, args.seed)
            print(f"{name} {players}p {label:22s} share {row['share']:.2f} (n={row['n']}, 95% "
                  f"{row['low']:.2f}-{row['high']:.2f}, fair {row['fair']:.2f})  cpu/decision mean "
                  f"{row['cpu_mean']:.3f}s worst {row['cpu_worst']:.3f}s ({row['decisions']} decisions, "
                  f"{time.perf_counter() - started:.0f}s wall)", flush=True)
        if "gifts" in wanted and name == "minoa":
            row = gifts(name, args.n, args.seed)
            print(f"minoa 2p gifts: normal handed the next seat >= 5 triangles in {row['gifted']} of "
                  f"{row['positions']} positions where a move handing nothing existed (and some move "
                  f"handed >= 5); the old MCTS (200 playouts) in {row['old_gifted']}", flush=True)
        if "positions" in wanted:
            for row in positions(name):
                print(f"{name} position seed {row['seed']} ({row['legal']} moves, best gains {row['gain']}): "
                      f"normal {row['normal']}/{row['seeds']}, old MCTS {row['old']}/{row['seeds']}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
