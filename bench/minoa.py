"""Minoa figures: a full random playout, one legal-move generation mid-game, one render, and the
PNG encode alone of the same image (interleaved with the render, see bench.common.RATIO_NOTE).
Prints medians; targets: playout <= 50 ms (issue 2), render <= 1.5x the encode alone (issue 11).
Run: python3 bench/minoa.py [--rounds N]"""

from __future__ import annotations

import argparse
import dataclasses
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench import common  # noqa: E402
from bench.common import median_ms  # noqa: E402
from games.registry import get_game  # noqa: E402
from renderers.minoa import render  # noqa: E402

minoa = get_game("minoa")


def playout(players: int, seed: int):
    return common.playout(minoa, players, seed)


def midgame(players: int = 3, plies: int = 40):
    return common.midgame(minoa, players, plies)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=50)
    rounds = parser.parse_args().rounds
    state = midgame()
    view = minoa.view(state, None)
    drawing = common.render_figures(render, view, rounds)
    figures = {
        "playout 2p (ms)": median_ms(lambda i: playout(2, i), rounds),
        "playout 3p (ms)": median_ms(lambda i: playout(3, i), rounds),
        "playout 4p (ms)": median_ms(lambda i: playout(4, i), rounds),
        # A fresh copy each time, so the per-state cache of legal black sticks does not help.
        "legal moves mid-game (ms)": median_ms(
            lambda i: minoa.legal_moves(dataclasses.replace(state, _legal_black=None), state.turn), rounds * 4),
        **drawing.figures,  # "render / encode" printed below with its target
    }
    common.print_figures({k: v for k, v in figures.items() if k != "render / encode"}, 28)
    ratio = figures["render / encode"]
    worst = max(figures[k] for k in figures if k.startswith("playout"))
    print(f"{'render / encode':28s} {ratio:8.2f}   (target <= 1.5)")
    print(f"{'slowest playout (ms)':28s} {worst:8.2f}   (target <= 50)")
    print(f"{'PNG size (KB)':28s} {len(drawing.png) / 1024:8.1f}   (target < 300)")


if __name__ == "__main__":
    main()
