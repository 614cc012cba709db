"""Every game's board image against the inline-size standard: render time vs PNG encode alone
(target: at most 2x), bytes per image (target: at most 300 KB), and the smallest label and
headline at Discord's 550 x 400 inline size (targets: 10 and 12 px).

    python3 bench/boards.py [--rounds 15]

Representative states: start, middle and final of a seeded random game at the smallest and the
largest player count. Encode alone re-encodes the rendered picture itself (decoded to RGB), so
it is the cost of the quantize + zlib step of that very image.
"""

from __future__ import annotations

import argparse
import io
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from PIL import Image  # noqa: E402

import renderers  # noqa: E402
from bench.common import median_ms  # noqa: E402
from games.ai import choose_move  # noqa: E402
from games.registry import all_games  # noqa: E402
from renderers import common  # noqa: E402
from renderers.frame import inline_scale  # noqa: E402

NAMES = ["山田太郎", "Zoë Ångström", "Kenji", "Alexandria", "さくら"]


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


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=15)
    rounds = parser.parse_args().rounds
    print(f"{'game':12s} {'state':10s} {'size':>9s} {'render ms':>9s} {'encode ms':>9s} {'ratio':>5s} "
          f"{'KB':>5s} {'label px':>8s} {'headline px':>11s}")
    for game in sorted(all_games(), key=lambda g: g.name):
        if not renderers.has_renderer(game.name):
            continue
        for players in sorted({game.min_players, game.max_players}):
            for label, state in states(game, players):
                view = game.view(state, None)
                names = NAMES[:players]
                png = renderers.render(game.name, view, names=names)
                image = Image.open(io.BytesIO(png)).convert("RGB")
                render_ms = median_ms(lambda i: renderers.render(game.name, view, names=names), rounds)
                encode_ms = median_ms(lambda i: common.encode_png(image), rounds)
                with common.recording() as recorder:
                    renderers.render(game.name, view, names=names)
                scale = inline_scale(*image.size)
                smallest = {role: min((item.size * scale for item in recorder.items
                                       if item.kind == "text" and item.role == role), default=float("nan"))
                            for role in ("label", "headline")}
                print(f"{game.name:12s} {f'{players}p {label}':10s} {image.width:4d}x{image.height:<4d} "
                      f"{render_ms:9.1f} {encode_ms:9.1f} {render_ms / encode_ms:5.2f} {len(png) / 1024:5.0f} "
                      f"{smallest['label']:8.1f} {smallest['headline']:11.1f}")
                if renderers.has_detail(game.name) and label == "middle":
                    full = renderers.render_detail(game.name, view, names=names)
                    print(f"{'':12s} {'(full)':10s} {'':9s} {median_ms(lambda i: renderers.render_detail(game.name, view, names=names), rounds):9.1f} "
                          f"{'':9s} {'':5s} {len(full) / 1024:5.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
