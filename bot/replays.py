"""A finished game's record and animated replay as Discord files (used by ``/export``, ``/replay``
and the post that follows a game's final board)."""

from __future__ import annotations

import asyncio
import functools
import io
from concurrent.futures import Executor
from typing import Any

import discord

import renderers
from bot.host.history import frame_plies, positions, record_text, require_over
from bot.host.store import TableRow
from renderers.animation import animate

#: Frames of a replay at most: one per move for most games, an even spread for long ones.
REPLAY_FRAMES = 80


def _stem(table: TableRow) -> str:
    return f"{table.game}-{table.id}"


async def record_file(host: Any, table: TableRow) -> discord.File:
    """The game's record as ``GAME-ID.txt`` (refused while the game runs)."""
    require_over(table)
    text = record_text(host, table, await host.store.moves(table.id))
    return discord.File(io.BytesIO(text.encode("utf-8")), filename=f"{_stem(table)}.txt")


def _draw(game: Any, table: TableRow, moves: list, names: list[str], lang: str) -> bytes:
    states = positions(game, table, moves)
    pngs = [renderers.render(table.game, game.view(states[ply], None), names=names, lang=lang)
            for ply in frame_plies(len(states), REPLAY_FRAMES)]
    return animate(pngs)


async def replay_file(host: Any, table: TableRow, lang: str, executor: Executor | None = None) -> discord.File | None:
    """The game as an animated GIF of its public positions, drawn off the event loop; ``None`` for
    a game without a board image. Refused while the game runs."""
    require_over(table)
    if not renderers.has_renderer(table.game):
        return None
    moves = await host.store.moves(table.id)
    names = [seat.name for seat in table.seats]
    gif = await asyncio.get_running_loop().run_in_executor(
        executor, functools.partial(_draw, host.game(table), table, moves, names, lang))
    return discord.File(io.BytesIO(gif), filename=f"{_stem(table)}-replay.gif",
                        description=f"{table.game} #{table.id}")
