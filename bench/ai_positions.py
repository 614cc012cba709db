"""Find positions where one move is clearly best at a glance, for the AI blunder tests (issue 26).

Plays games in which each seat takes the move of largest immediate gain half of the time and a
random move otherwise (so the boards look like play, not like chaos), and keeps each position
where the best move's gain (the game's :meth:`~games.core.Game.move_prior`: triangles, points,
coins) is at least ``--gain`` and beats every other move by at least ``--clear``. A position is
stored as a game record (seed, options, moves), so it survives changes of the state's format:

    python -m bench.ai_positions minoa --players 2 --gain 11 --clear 8 --keep 6 --min-legal 40 \
        > tests/data/ai_positions_minoa.json

Each record names the best moves (``best``: notations, all equally good at a glance) and their
``gain``, and the runner-up's (``second``).
"""

from __future__ import annotations

import argparse
import json
import sys

from games.registry import get_game
from games.rng import Rng


def positions(name: str, players: int, gain: float, clear: float, keep: int, games: int, seed: int,
              min_legal: int = 0) -> list[dict]:
    game = get_game(name)
    found: list[dict] = []
    for g in range(games):
        rng = Rng(seed * 1000 + g)
        state = game.new_game(players, {}, seed * 1000 + g)
        record: list[str] = []
        taken_here = 0
        while game.to_act(state) and len(found) < keep:
            seat = min(game.to_act(state))
            legal = game.legal_moves(state, seat)
            prior = game.move_prior(game.determinize(state, seat, rng), seat, legal) or [0.0] * len(legal)
            ranked = sorted(zip(prior, range(len(legal))), reverse=True)
            top = ranked[0][0]
            best = [legal[i] for p, i in ranked if p == top]
            second = next((p for p, _ in ranked if p < top), None)
            if (top >= gain and second is not None and top - second >= clear and len(best) <= 2
                    and taken_here < 1 and len(record) >= 6 and len(legal) >= min_legal):
                found.append({"game": name, "players": players, "options": {}, "seed": seed * 1000 + g,
                              "moves": list(record), "seat": seat, "legal": len(legal),
                              "best": [game.format_move(state, m) for m in best], "gain": top,
                              "second": second})
                taken_here += 1
            move = legal[ranked[0][1]] if rng.below(2) else rng.choice(legal)
            record.append(f"{seat} {game.format_move(state, move)}")
            state, _ = game.apply(state, seat, move)
        if len(found) >= keep:
            break
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--gain", type=float, default=10)
    parser.add_argument("--clear", type=float, default=5)
    parser.add_argument("--keep", type=int, default=5)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=26)
    parser.add_argument("--min-legal", type=int, default=0, help="only positions with this many legal moves")
    args = parser.parse_args(argv)
    found = positions(args.game, args.players, args.gain, args.clear, args.keep, args.games, args.seed,
                      args.min_legal)
    json.dump(found, sys.stdout, indent=1)
    print()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())


def load(record: dict):
    """``(game, state, seat)`` of a stored position: its record replayed from its seed."""
    game = get_game(record["game"])
    state = game.new_game(record["players"], record.get("options") or {}, record["seed"])
    for line in record["moves"]:
        seat_text, notation = line.split(" ", 1)
        seat = int(seat_text)
        state, _ = game.apply(state, seat, game.parse_move(state, notation, seat))
    return game, state, record["seat"]
