"""Madeira figures: full random playouts (2, 3, 4 players), plies per 4-player game, one
legal-move generation mid-game, one render of the inline summary and of the full board, and the
PNG encode alone of each image (interleaved with the render, see bench.common.RATIO_NOTE).
Prints medians. Run: python3 bench/madeira.py [--rounds N]"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench import common  # noqa: E402
from bench.common import median_ms  # noqa: E402
from games.registry import get_game  # noqa: E402
from renderers.madeira import render, render_detail  # noqa: E402

madeira = get_game("madeira")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=50)
    rounds = parser.parse_args().rounds
    state = common.midgame(madeira, 4, 120)
    seat = min(madeira.to_act(state))
    view = madeira.view(state, None)
    drawing = common.render_figures(render, view, rounds)
    detail = common.render_figures(render_detail, view, rounds)
    image, detail_image = drawing.image, detail.image
    plies = [common.playout(madeira, 4, seed).ply for seed in range(rounds)]
    figures = {
        "playout 2p (ms)": median_ms(lambda i: common.playout(madeira, 2, i), rounds),
        "playout 3p (ms)": median_ms(lambda i: common.playout(madeira, 3, i), rounds),
        "playout 4p (ms)": median_ms(lambda i: common.playout(madeira, 4, i), rounds),
        # A fresh copy each time, so the per-state cache does not help.
        "legal moves mid-game (ms)": median_ms(lambda i: madeira.legal_moves(state.clone(), seat), rounds * 4),
        **drawing.figures,
        **{f"full board: {key}": value for key, value in detail.figures.items()},
    }
    common.print_figures(figures)
    print(f"{'plies per 4p playout (median)':30s} {statistics.median(plies):8.0f}")
    print(f"{'PNG size (KB)':30s} {len(drawing.png) / 1024:8.1f}")
    print(f"{'image size (px)':30s} {image.width:>4d} x {image.height}")
    print(f"{'full board PNG size (KB)':30s} {len(detail.png) / 1024:8.1f}")
    print(f"{'full board size (px)':30s} {detail_image.width:>4d} x {detail_image.height}")


if __name__ == "__main__":
    main()
