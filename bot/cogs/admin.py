"""Server settings for admins: ``/settings language``."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.host.clock import zone
from bot.i18n import ls, t

if TYPE_CHECKING:
    from bot.client import GameBot


class AdminCog(commands.Cog, name="Admin"):
    settings = app_commands.Group(name=ls("cmd.settings"), description=ls("cmd.settings.desc"), guild_only=True,
                                  default_permissions=discord.Permissions(manage_guild=True))

    def __init__(self, bot: "GameBot") -> None:
        self.bot = bot

    @settings.command(name=ls("cmd.settings.language"), description=ls("cmd.settings.language.desc"))
    @app_commands.rename(language=ls("cmd.opt.language"))
    @app_commands.describe(language=ls("cmd.opt.language.desc"))
    @app_commands.choices(language=[app_commands.Choice(name="English", value="en"),
                                    app_commands.Choice(name="日本語", value="ja")])
    async def language(self, interaction: discord.Interaction, language: str) -> None:
        """The language of the bot's public posts here, and of replies to people whose Discord is
        in neither Japanese nor English."""
        await self.bot.host.store.set_guild_lang(interaction.guild_id, language)
        await self.bot.reply(interaction, t("settings.language_set", language))

    @settings.command(name=ls("cmd.settings.timezone"), description=ls("cmd.settings.timezone.desc"))
    @app_commands.rename(zone_name=ls("cmd.opt.zone"))
    @app_commands.describe(zone_name=ls("cmd.opt.zone.desc"))
    async def timezone(self, interaction: discord.Interaction, zone_name: str) -> None:
        """The time zone of playing hours in this server's games."""
        lang = await self.bot.lang_for(interaction)
        name = zone(zone_name.strip()).key  # raises a clear error for an unknown zone
        await self.bot.host.store.set_guild_zone(interaction.guild_id, name)
        await self.bot.reply(interaction, t("settings.timezone_set", lang, zone=name))
