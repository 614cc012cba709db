"""What every game's benchmark needs: random playouts through the contract and medians."""

from __future__ import annotations

import statistics
import time
from typing import Any, Callable

from games.ai import choose_move
from games.core import Game


def playout(game: Game, players: int, seed: int, options: dict | None = None) -> Any:
    """A whole game of uniformly random legal moves (the AI's ``random`` level)."""
    state = game.new_game(players, options or {}, seed)
    ply = 0
    while game.to_act(state):
        seat = min(game.to_act(state))
        state, _ = game.apply(state, seat, choose_move(game, state, seat, "random", seed=seed * 1000 + ply))
        ply += 1
    return state


def midgame(game: Game, players: int, plies: int, options: dict | None = None, seed: int = 1) -> Any:
    """The position after ``plies`` random moves, for timing one legal-move generation or render."""
    state = game.new_game(players, options or {}, seed)
    for ply in range(plies):
        seat = min(game.to_act(state))
        state, _ = game.apply(state, seat, choose_move(game, state, seat, "random", seed=ply))
    return state


def median_ms(fn: Callable[[int], Any], rounds: int) -> float:
    """Median wall time of ``fn(i)`` over ``rounds`` calls, in milliseconds."""
    times = []
    for i in range(rounds):
        start = time.perf_counter()
        fn(i)
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def render_figures(render: Callable[[dict], bytes], draw: Callable[[dict], Any], view: dict,
                   rounds: int) -> tuple[dict[str, float], Any]:
    """Median render time and PNG-encode-alone time of one view (the issues' render <= 2x encode
    target), with static layers built first as a running bot has them; also returns the image."""
    from renderers.common import encode_png

    render(view)
    image = draw(view)
    figures = {"render (ms)": median_ms(lambda i: render(view), rounds),
               "PNG encode alone (ms)": median_ms(lambda i: encode_png(image), rounds)}
    return figures, image


def print_figures(figures: dict[str, float], width: int = 30) -> None:
    for name, value in figures.items():
        print(f"{name:{width}s} {value:8.2f}")
