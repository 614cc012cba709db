"""Mafia de Cuba figures: how often each side wins in AI-only games (the ``basic`` AI in every
seat) per player count, with and without the Cleaner; a full random game per player count; one
render of the table and the PNG encode alone of the same image (interleaved, see
bench.common.RATIO_NOTE). Prints medians and percentages; nothing here gates a test.

Sides: the Boss (the Godfather, Loyal Henchmen, Cleaner: all diamonds back), the Thieves
(Godfather out), an Agent (accused: alone), the Cleaner alone (shot an Agent).

Run: python3 bench/mafia.py [--games 200] [--rounds 30]"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench import common
from bench.common import median_ms
from games.ai import choose_move
from games.registry import get_game
from renderers.mafia_de_cuba import render

GAME = get_game("mafia_de_cuba")
SIDE = {"godfather_wins": "boss", "no_theft": "boss", "godfather_eliminated": "thieves",
        "agent_accused": "agent", "cleaner_shot_agent": "cleaner"}
SIDES = ("boss", "thieves", "agent", "cleaner")


def ai_game(players: int, seed: int, options: dict, level: str = "basic") -> str:
    """One AI-only game; returns the winning side."""
    state = GAME.new_game(players, {**options, "godfather": "random"}, seed)
    ply = 0
    while GAME.to_act(state):
        seat = min(GAME.to_act(state))
        move = choose_move(GAME, state, seat, level, seed=seed * 7919 + ply)
        state, _ = GAME.apply(state, seat, move)
        ply += 1
    return SIDE[state.outcome]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=30)
    args = parser.parse_args()
    for level in ("basic", "random"):
        for cleaner in ("off", "replace"):
            print(f"AI {level}, cleaner {cleaner}: wins per side over {args.games} games")
            print(f"{'players':>8} " + " ".join(f"{side:>8}" for side in SIDES))
            for players in range(6, 13):
                tally = Counter(ai_game(players, seed, {"cleaner": cleaner}, level) for seed in range(args.games))
                print(f"{players:>8} " + " ".join(f"{100 * tally[side] / args.games:7.1f}%" for side in SIDES))
    figures = {}
    for players in (6, 9, 12):
        figures[f"random game {players}p (ms)"] = median_ms(lambda i, n=players: common.playout(GAME, n, i, {}), args.rounds)
    state = common.midgame(GAME, 12, 20, {"cleaner": "replace"})
    names = ["山田太郎", "Zoë", "Kenji", "Alexandria the Magnificent", "さくら", "Bob", "Carol", "Dave", "Eve",
             "Frank", "Grace", "Heidi"]
    drawing = common.render_figures(lambda v: render(v, names=names), GAME.view(state, None), args.rounds)
    figures.update({k: v for k, v in drawing.figures.items() if k != "render / encode"})
    common.print_figures(figures)
    print(f"{'render / encode':30s} {drawing.figures['render / encode']:8.2f}   (target <= 1.5)")
    print(f"{'PNG size (KB)':30s} {len(drawing.png) / 1024:8.1f}   (target < 300)")


if __name__ == "__main__":
    main()
