"""A finished game's record and animated replay as Discord files (used by ``/export``, ``/replay``
and the post that follows a game's final board).

A replay redraws every position of the game: about a second or two of CPU. It is drawn in a worker
process of its own (one, niced, shared by the whole bot), so the event loop's GIL stays free for
players' moves, and replays are drawn one at a time however many games end together. The worker
never outlives the bot (:mod:`bot.host.workers`).
"""

from __future__ import annotations

import asyncio
import io
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

import discord

import renderers
from bot.host import workers
from bot.host.history import frame_plies, positions, record_text, require_over
from bot.host.store import TableRow
from games.registry import get_game
from renderers.animation import animate

#: Frames of a replay at most: one per move for most games, an even spread for long ones.
REPLAY_FRAMES = 80

_executor: ProcessPoolExecutor | None = None


def _pool() -> ProcessPoolExecutor:
    global _executor
    if not workers.alive(_executor):  # none yet, or stopped
        _executor = workers.pool(1)
    return _executor


def warm_up() -> None:
    """Start the replay worker now (``python -m bot`` at start), not at the first game's end."""
    workers.warm_up(_pool(), 1)


def draw_replay(game_name: str, num_players: int, options: dict[str, Any], seed: int,
                moves: list[tuple[int, str]], names: list[str], lang: str) -> bytes:
    """The GIF of a game given as plain data (so a worker process can draw it)."""
    game = get_game(game_name)
    states = positions(game, num_players, options, seed, moves)
    pngs = [renderers.render(game_name, game.view(states[ply], None), names=names, lang=lang)
            for ply in frame_plies(len(states), REPLAY_FRAMES)]
    return animate(pngs)


def _stem(table: TableRow) -> str:
    return f"{table.game}-{table.id}"


async def record_file(host: Any, table: TableRow) -> discord.File:
    """The game's record as ``GAME-ID.txt`` (refused while the game runs)."""
    require_over(table)
    text = record_text(host, table, await host.store.moves(table.id))
    return discord.File(io.BytesIO(text.encode("utf-8")), filename=f"{_stem(table)}.txt")


async def replay_gif(host: Any, table: TableRow, lang: str) -> bytes | None:
    """The game as an animated GIF of its public positions; ``None`` for a game without a board
    image. Refused while the game runs."""
    global _executor
    require_over(table)
    if not renderers.has_renderer(table.game):
        return None
    moves = [(m.seat, m.notation) for m in await host.store.moves(table.id)]
    args = (table.game, table.num_players, dict(table.options), table.seed, moves,
            [seat.name for seat in table.seats], lang)
    loop = asyncio.get_running_loop()
    try:
        return await loop.run_in_executor(_pool(), draw_replay, *args)
    except BrokenProcessPool:  # the worker died (killed, out of memory): one fresh try
        workers.retire(_executor)
        _executor = None
        return await loop.run_in_executor(_pool(), draw_replay, *args)


def replay_file(table: TableRow, gif: bytes) -> discord.File:
    """A replay as the file Discord gets (a new one per send: a file can be sent once)."""
    return discord.File(io.BytesIO(gif), filename=f"{_stem(table)}-replay.gif", description=f"{table.game} #{table.id}")
