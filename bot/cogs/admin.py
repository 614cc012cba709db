"""Server settings for admins: ``/settings language``, ``timezone`` and ``absent_wait``; and the
one place every interaction passes to note its user's Discord language (for DMs)."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.host import HostError
from bot.host.host import ABSENT_WAIT_RANGE
from bot.i18n import lang_of_locale, ls, t

if TYPE_CHECKING:
    from bot.client import GameBot

log = logging.getLogger(__name__)


class AdminCog(commands.Cog, name="Admin"):
    settings = app_commands.Group(name=ls("cmd.settings"), description=ls("cmd.settings.desc"), guild_only=True,
                                  default_permissions=discord.Permissions(manage_guild=True))

    def __init__(self, bot: "GameBot") -> None:
        self.bot = bot

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """Every interaction (a Join click, any button, any command) tells the user's Discord
        language: remember it, so DMs speak it from the first one on."""
        if lang_of_locale(interaction.locale) is None:
            return  # a Discord in neither language: DMs follow the server, nothing to note
        try:
            await self.bot.lang_for(interaction)
        except Exception:  # noqa: BLE001  (noting a language must never disturb the interaction)
            log.warning("could not note the language of user %s", interaction.user.id, exc_info=True)

    async def _admin_only(self, interaction: discord.Interaction) -> str:
        """The caller's language, after checking here what Discord's default permissions only
        suggest: a server (not a DM) and the Manage Server permission."""
        lang = await self.bot.lang_for(interaction)
        if interaction.guild_id is None:
            raise HostError("settings.guild_only")
        if not interaction.permissions.manage_guild:
            raise HostError("settings.need_manage")
        return lang

    @settings.command(name=ls("cmd.settings.language"), description=ls("cmd.settings.language.desc"))
    @app_commands.rename(language=ls("cmd.opt.language"))
    @app_commands.describe(language=ls("cmd.opt.language.desc"))
    @app_commands.choices(language=[app_commands.Choice(name=ls("settings.language.en"), value="en"),
                                    app_commands.Choice(name="日本語", value="ja")])
    async def language(self, interaction: discord.Interaction, language: str) -> None:
        """The language of the bot's public posts here, and of replies to people whose Discord is
        in neither Japanese nor English."""
        lang = await self._admin_only(interaction)
        stored = await self.bot.host.set_server_setting(interaction.guild_id, "language", language)
        await self.bot.reply(interaction, t("settings.language_set_to", lang, language=t(f"language.{stored}", lang)))

    @settings.command(name=ls("cmd.settings.timezone"), description=ls("cmd.settings.timezone.desc"))
    @app_commands.rename(zone_name=ls("cmd.opt.zone"))
    @app_commands.describe(zone_name=ls("cmd.opt.zone.desc"))
    async def timezone(self, interaction: discord.Interaction, zone_name: str) -> None:
        """The time zone of playing hours in this server's games."""
        lang = await self._admin_only(interaction)
        name = await self.bot.host.set_server_setting(interaction.guild_id, "timezone", zone_name)
        await self.bot.reply(interaction, t("settings.timezone_set", lang, zone=name))

    @settings.command(name=ls("cmd.settings.absent_wait"), description=ls("cmd.settings.absent_wait.desc"))
    @app_commands.rename(hours=ls("cmd.opt.wait_hours"))
    @app_commands.describe(hours=ls("cmd.opt.wait_hours.desc"))
    async def absent_wait(self, interaction: discord.Interaction,
                          hours: app_commands.Range[int, ABSENT_WAIT_RANGE[0], ABSENT_WAIT_RANGE[1]]) -> None:
        """How long a turn must last before the other players may vote its player out (when the
        player's time has not run out)."""
        lang = await self._admin_only(interaction)
        stored = await self.bot.host.set_server_setting(interaction.guild_id, "absent_wait", str(hours))
        await self.bot.reply(interaction, t("settings.absent_wait_set", lang, hours=stored))
