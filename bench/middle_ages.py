"""Middle Ages figures: a full random 5-player playout, one legal-move generation mid-game, one
render, and the PNG encode alone of the same image (interleaved with the render, see
bench.common.RATIO_NOTE). Prints medians.
Run: python3 bench/middle_ages.py [--rounds N]"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench import common  # noqa: E402
from bench.common import median_ms  # noqa: E402
from games.registry import get_game  # noqa: E402
from renderers.middle_ages import draw, render  # noqa: E402

middle_ages = get_game("middle_ages")


def playout(players: int, seed: int):
    return common.playout(middle_ages, players, seed)


def midgame(players: int = 5, plies: int = 50):
    return common.midgame(middle_ages, players, plies)


def common_states(players: int, seed: int) -> list:
    """Every state of one random game, in order (as a table renders them move after move)."""
    from tests.play import random_game

    return random_game(middle_ages, players, seed=seed)[0]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=50)
    rounds = parser.parse_args().rounds
    state = midgame()
    view = middle_ages.view(state, None)
    drawing = common.render_figures(render, view, rounds)
    image = drawing.image
    seat = min(middle_ages.to_act(state))
    figures = {
        "playout 5p (ms)": median_ms(lambda i: playout(5, i), rounds),
        "playout 2p (ms)": median_ms(lambda i: playout(2, i), rounds),
        "legal moves mid-game (ms)": median_ms(lambda i: middle_ages.legal_moves(state, seat), rounds * 4),
        "view (ms)": median_ms(lambda i: middle_ages.view(state, None), rounds),
        "draw alone (ms)": median_ms(lambda i: draw(view), rounds),
        **drawing.figures,  # "render / encode" printed below with its target
    }
    # the same view again hits the cached seat and event cards; in play 1-2 cards change per move
    views = [middle_ages.view(s, None) for s in common_states(5, 3)]
    figures["render, game sequence (ms)"] = median_ms(lambda i: render(views[i % len(views)]), len(views))
    common.print_figures({k: v for k, v in figures.items() if k != "render / encode"}, 28)
    print(f"{'render / encode':28s} {figures['render / encode']:8.2f}   (target <= 1.5)")
    print(f"{'sequence render / encode':28s} "
          f"{figures['render, game sequence (ms)'] / figures['encode alone (ms)']:8.2f}")
    print(f"{'PNG size (KB)':28s} {len(drawing.png) / 1024:8.1f}")
    print(f"{'image size (px)':28s} {image.width:>4d} x {image.height}")


if __name__ == "__main__":
    main()
