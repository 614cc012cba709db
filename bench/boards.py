"""Every game's board image against the inline-size standard and issue 11's targets: render
time vs the PNG encode alone (target: at most 1.5x), bytes per image (target: under 300 KB), and
the smallest label and headline at Discord's 550 x 400 inline size (targets: 10 and 12 px).

    python3 bench/boards.py [--rounds 21]

Representative states: start, middle and final of a seeded random game at the smallest and the
largest player count (and, for a game with one, the full board of the middle state).

Render vs encode alone, like with like: each round times one whole render (draw + encode, static
layers and sprites already cached, as in a running bot) and one encode alone of the very image
that render hands to its encoder, with the renderer's own encode path (for the default theme
its game's fixed palette + zlib level 3; a per-image quantize before issue 11), alternating
which goes first; the figures are the medians and the median of the per-round ratios, so load
on a shared machine hits both sides of a ratio alike. The ratio is 1 + draw / encode: a cheaper
encode raises it, so read it with the render ms, which is what a player waits for.
"""

from __future__ import annotations

import argparse
import functools
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import renderers
from bench.common import render_figures
from games.ai import choose_move
from games.registry import all_games
from renderers.frame import inline_scale

NAMES = ["山田太郎", "محمد علي", "김민준", "Kenji 🐉", "Ана Петрова", "สมชาย", "דוד כהן", "राहुल", "张伟", "Zoë Ångström", "Nguyễn Văn An", "さくら"]


def states(game, players: int, seed: int = 5):
    """Start, middle and final state of one seeded random game."""
    state = game.new_game(players, {}, seed)
    history = [state]
    while game.to_act(state):
        seat = min(game.to_act(state))
        move = choose_move(game, state, seat, "random", seed=seed * 1000 + len(history))
        state, _ = game.apply(state, seat, move)
        history.append(state)
    return [("start", history[0]), ("middle", history[len(history) // 2]), ("final", history[-1])]


def row(game_name: str, label: str, measured) -> str:
    figures, image = measured.figures, measured.image
    scale = inline_scale(*image.size)
    smallest = {role: min((item.size * scale for item in measured.recorder.items
                           if item.kind == "text" and item.role == role), default=float("nan"))
                for role in ("label", "headline")}
    return (f"{game_name:12s} {label:10s} {image.width:4d}x{image.height:<4d} {figures['render (ms)']:9.1f} "
            f"{figures['encode alone (ms)']:9.1f} {figures['render / encode']:5.2f} {len(measured.png) / 1024:5.0f} "
            f"{smallest['label']:8.1f} {smallest['headline']:11.1f}")


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=21)
    rounds = parser.parse_args().rounds
    print(f"{'game':12s} {'state':10s} {'size':>9s} {'render ms':>9s} {'encode ms':>9s} {'ratio':>5s} "
          f"{'KB':>5s} {'label px':>8s} {'headline px':>11s}")
    worst = (0.0, "")
    for game in sorted(all_games(), key=lambda g: g.name):
        if not renderers.has_renderer(game.name):
            continue
        for players in sorted({game.min_players, game.max_players}):
            names = NAMES[:players]
            for label, state in states(game, players):
                view = game.view(state, None)
                render = functools.partial(renderers.render, game.name, names=names)
                measured = render_figures(render, view, rounds)
                print(row(game.name, f"{players}p {label}", measured))
                worst = max(worst, (measured.figures["render / encode"], f"{game.name} {players}p {label}"))
                if renderers.has_detail(game.name) and label == "middle":
                    detail = functools.partial(renderers.render_detail, game.name, names=names)
                    measured = render_figures(detail, view, rounds)
                    print(row("", "(full)", measured))
    print(f"highest ratio {worst[0]:.2f} ({worst[1]}; target <= 1.5)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
