"""Medina figures: full random playouts (2, 3, 4 players; both editions), one legal-move
generation mid-game, one render (the 1100 x 800 frame of issue 10, with names), and the PNG encode
alone of the same image (interleaved with the render, see bench.common.RATIO_NOTE). Prints medians.
Targets: a 4-player playout <= 200 ms (issue 4), render <= 1.5x the encode alone (issue 11), PNG <
300 KB.
Run: python3 bench/medina.py [--rounds N]"""

from __future__ import annotations

import argparse
import sys
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench import common  # noqa: E402
from bench.common import median_ms  # noqa: E402
from games.registry import get_game  # noqa: E402
from renderers.medina import render  # noqa: E402

medina = get_game("medina")


def playout(players: int, seed: int, options: dict | None = None):
    return common.playout(medina, players, seed, options)


def midgame(players: int = 4, plies: int = 70, options: dict | None = None):
    return common.midgame(medina, players, plies, options or {"well": "on", "tea": "on"} if players < 4 else {})


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=50)
    rounds = parser.parse_args().rounds
    state = midgame()
    view = medina.view(state, None)
    names = ["山田太郎", "Zoë", "Kenji", "Alexandria the Magnificent"]
    drawing = common.render_figures(lambda v: render(v, names=names), view, rounds)
    figures = {
        "playout 2p E2 (ms)": median_ms(lambda i: playout(2, i), rounds),
        "playout 3p E2 modules (ms)": median_ms(lambda i: playout(3, i, {"well": "on", "tea": "on"}), rounds),
        "playout 3p E1 (ms)": median_ms(lambda i: playout(3, i, {"edition": "1"}), rounds),
        "playout 4p E1 (ms)": median_ms(lambda i: playout(4, i, {"edition": "1"}), rounds),
        "playout 4p E2 (ms)": median_ms(lambda i: playout(4, i), rounds),
        # A fresh copy each time, so the per-state caches do not help.
        "legal moves mid-game (ms)": median_ms(
            lambda i: medina.legal_moves(replace(state, _scan=None, _legal={}), state.turn), rounds * 4),
        **drawing.figures,  # "render / encode" printed below with its target
    }
    common.print_figures({k: v for k, v in figures.items() if k != "render / encode"})
    ratio = figures["render / encode"]
    worst = max(figures[k] for k in figures if k.startswith("playout 4p"))
    print(f"{'render / encode':30s} {ratio:8.2f}   (target <= 1.5)")
    print(f"{'slowest 4p playout (ms)':30s} {worst:8.2f}   (target <= 200)")
    print(f"{'PNG size (KB)':30s} {len(drawing.png) / 1024:8.1f}   (target < 300)")


if __name__ == "__main__":
    main()
