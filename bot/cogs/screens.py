"""``/screens``: when a player's private view (a screen, a hand) comes by DM."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.host import HostError
from bot.i18n import ls, t

if TYPE_CHECKING:
    from bot.client import GameBot

#: ``turn``: one DM per turn, when it passes (a Medina screen changes with every placement);
#: ``every``: a DM after every change.
SCREENS_WHEN = ("turn", "every")


class ScreensCog(commands.Cog, name="Screens"):
    def __init__(self, bot: "GameBot") -> None:
        self.bot = bot

    @app_commands.command(name=ls("cmd.screens"), description=ls("cmd.screens.desc"))
    @app_commands.rename(when=ls("cmd.opt.when"))
    @app_commands.describe(when=ls("cmd.opt.when.desc"))
    @app_commands.choices(when=[app_commands.Choice(name=ls(f"screens.when.{w}"), value=w) for w in SCREENS_WHEN])
    async def screens(self, interaction: discord.Interaction, when: str = "turn") -> None:
        lang = await self.bot.lang_for(interaction)
        if when not in SCREENS_WHEN:  # a forged value
            raise HostError("notify.bad", modes=", ".join(SCREENS_WHEN))
        await self.bot.host.store.set_screens(interaction.user.id, when)
        await self.bot.reply(interaction, t(f"screens.set.{when}", lang))
