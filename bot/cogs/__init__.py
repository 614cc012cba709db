"""One cog per concern: the lobby, playing a game, and information."""

from __future__ import annotations

import functools
from typing import Any, Awaitable, Callable

import discord

from bot.host import HostError


def guarded(handler: Callable[..., Awaitable[Any]]) -> Callable[..., Awaitable[Any]]:
    """Component callbacks do not pass through the command tree's error handler: route their
    errors to the bot's one error path (specific, ephemeral, in the user's language)."""

    @functools.wraps(handler)
    async def wrapper(self: Any, interaction: discord.Interaction, *args: Any, **kwargs: Any) -> Any:
        try:
            return await handler(self, interaction, *args, **kwargs)
        except Exception as exc:  # noqa: BLE001  (refuse() logs anything unexpected)
            await self.bot.refuse(interaction, exc)

    return wrapper


def parse_options(text: str | None) -> dict[str, str]:
    """``"advanced=on legality=coloured"`` to a dict; the host validates names and values."""
    options: dict[str, str] = {}
    for pair in (text or "").replace(",", " ").split():
        key, sep, value = pair.partition("=")
        if not sep or not key or not value:
            raise HostError("lobby.bad_options", example="advanced=on legality=coloured")
        options[key] = value
    return options
