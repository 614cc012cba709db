"""What every game's benchmark needs: random playouts through the contract and medians."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Self

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


#: How a render is weighed against its encode (the issues' render <= 1.5x encode target).
RATIO_NOTE = """\
Render vs encode alone, like with like: each round times one whole render (draw + encode, static
layers and sprites already cached, as in a running bot) and one encode alone of the very image
that render hands to its encoder, with the renderer's own encode path (for the default theme
its game's fixed palette + zlib level 3; a per-image quantize before issue 11), alternating
which goes first; the figures are the medians and the median of the per-round ratios, so load
on a shared machine hits both sides of a ratio alike. Times are the thread's CPU time, not the
wall clock: on a loaded 2-core machine the wall clock counts the time other processes held the
core (ratios from 1.2 to 2.0 for one image), CPU time stays within a few per cent. The ratio is 1 + draw / encode: a cheaper
encode raises it, so read it with the render ms, which is what a player waits for."""


@dataclass
class RenderFigures:
    figures: dict[str, float]  # "render (ms)", "encode alone (ms)", "render / encode"
    image: Any  # the image the render handed to its encoder
    png: bytes
    recorder: Any  # the texts and sprites of one render (renderers.common.recording)


def render_figures(render: Callable[[dict], bytes], view: dict, rounds: int) -> RenderFigures:
    """Render and encode-alone figures of one view, interleaved (see :data:`RATIO_NOTE`)."""
    from renderers.common import encode_png, recording

    with recording() as recorder:  # also captures what the render hands to encode_png
        png = render(view)
    image, how = recorder.encoded[-1]
    render(view)  # the static layers again, outside the recording, as a running bot has them
    renders, encodes, ratios = [], [], []
    for i in range(rounds):
        times = {}
        for stage in (("render", "encode") if i % 2 == 0 else ("encode", "render")):
            start = time.thread_time()
            if stage == "render":
                render(view)
            else:
                encode_png(image, **how)
            times[stage] = (time.thread_time() - start) * 1000
        renders.append(times["render"])
        encodes.append(times["encode"])
        ratios.append(times["render"] / times["encode"])
    figures = {"render (ms)": statistics.median(renders), "encode alone (ms)": statistics.median(encodes),
               "render / encode": statistics.median(ratios)}
    return RenderFigures(figures, image, png, recorder)


def print_figures(figures: dict[str, float], width: int = 30) -> None:
    for name, value in figures.items():
        print(f"{name:{width}s} {value:8.2f}")


class StallMonitor:
    """Sleeps ``interval`` in a loop and records how late each wake-up was. Also records, for the
    same span, the longest garbage-collector pause and the CPU used by the loop's thread and by the
    whole process (bot, fake Discord and render threads share it), so a stall can be attributed."""

    def __init__(self, interval: float = 0.01) -> None:
        self.interval = interval
        self.late: list[float] = []
        self.gc_pauses: list[tuple[float, int]] = []
        self._gc_start = 0.0
        self._task: asyncio.Task | None = None

    async def _run(self) -> None:
        while True:
            start = time.perf_counter()
            await asyncio.sleep(self.interval)
            self.late.append(max(0.0, time.perf_counter() - start - self.interval))

    def _gc(self, phase: str, info: dict) -> None:
        if phase == "start":
            self._gc_start = time.perf_counter()
        else:
            self.gc_pauses.append((time.perf_counter() - self._gc_start, info["generation"]))

    def start(self) -> StallMonitor:
        self._cpu = (time.perf_counter(), time.thread_time(), time.process_time())
        gc.callbacks.append(self._gc)
        self._task = asyncio.create_task(self._run(), name="stall-monitor")
        return self

    async def stop(self) -> None:
        wall, loop_cpu, process_cpu = (b - a for a, b in zip(
            self._cpu, (time.perf_counter(), time.thread_time(), time.process_time())))
        self.loop_cpu, self.process_cpu = loop_cpu / wall, process_cpu / wall
        gc.callbacks.remove(self._gc)
        if self._task:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task

    @property
    def worst_ms(self) -> float:
        return max(self.late, default=0.0) * 1000

    @property
    def worst_gc_ms(self) -> float:
        return max((p for p, _ in self.gc_pauses), default=0.0) * 1000

    @property
    def full_gcs(self) -> int:
        return sum(1 for _, generation in self.gc_pauses if generation == 2)

    async def __aenter__(self) -> Self:
        self.start()
        await asyncio.sleep(0)
        return self

    async def __aexit__(self, *exc) -> None:
        await asyncio.sleep(self.interval * 1.5)  # a stall at the very end still gets measured
        await self.stop()


