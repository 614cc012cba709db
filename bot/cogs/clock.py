"""Play-by-post commands: ``/notify``, ``/away`` and ``/absent`` (with its vote button)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.cogs import guarded
from bot.host import HostError
from bot.i18n import ls, t
from bot.views import vote_view

if TYPE_CHECKING:
    from bot.client import GameBot


class ClockCog(commands.Cog, name="Clock"):
    def __init__(self, bot: "GameBot") -> None:
        self.bot = bot

    @app_commands.command(name=ls("cmd.notify"), description=ls("cmd.notify.desc"))
    @app_commands.rename(mode=ls("cmd.opt.mode"))
    @app_commands.describe(mode=ls("cmd.opt.mode.desc"))
    @app_commands.choices(mode=[app_commands.Choice(name=ls(f"notify.mode.{m}"), value=m)
                                for m in ("turn", "daily", "off")])
    async def notify(self, interaction: discord.Interaction, mode: str) -> None:
        lang = await self.bot.lang_for(interaction)
        await self.bot.host.set_notify(interaction.user.id, mode)
        await self.bot.reply(interaction, t(f"notify.set.{mode}", lang))

    @app_commands.command(name=ls("cmd.away"), description=ls("cmd.away.desc"))
    @app_commands.rename(days=ls("cmd.opt.days"))
    @app_commands.describe(days=ls("cmd.opt.days.desc"))
    async def away(self, interaction: discord.Interaction, days: app_commands.Range[int, 0, 30]) -> None:
        lang = await self.bot.lang_for(interaction)
        until, left = await self.bot.host.away(interaction.user.id, days)
        if until is None:
            text = t("away.back", lang, left=int(left))
        else:
            text = t("away.set", lang, until=f"<t:{int(until)}:f>", left=int(left))
        await self.bot.reply(interaction, text)
        for table in await self.bot.host.store.tables_of_user(interaction.user.id, ("active",)):
            await self.bot.presenter.refresh_status(table.id)

    @app_commands.command(name=ls("cmd.absent"), description=ls("cmd.absent.desc"))
    @app_commands.rename(player=ls("cmd.opt.player"))
    @app_commands.describe(player=ls("cmd.opt.player.desc"))
    @app_commands.guild_only()
    async def absent(self, interaction: discord.Interaction, player: discord.Member) -> None:
        table = await self.bot.host.table_in_thread(interaction.channel_id)
        seats = self.bot.host.seats_of(table, player.id)
        if not seats:
            raise HostError("vote.not_seated", player=player.display_name)
        await self._vote(interaction, table.id, seats[0], opening=True)

    @guarded
    async def vote(self, interaction: discord.Interaction, table_id: int, seat: int) -> None:
        await self._vote(interaction, table_id, seat, opening=False)

    async def _vote(self, interaction: discord.Interaction, table_id: int, seat: int, opening: bool) -> None:
        lang = await self.bot.lang_for(interaction)
        table, votes, needed = await self.bot.host.vote_absent(table_id, interaction.user.id, seat)
        public = await self.bot.guild_lang(table.guild_id)
        name = table.seats[seat].name.removesuffix(" (AI)")
        if votes >= needed:
            await self.bot.reply(interaction, t("vote.counted", lang, votes=votes, needed=needed))
            thread = await self.bot.channel(table.thread_id)
            await thread.send(t("vote.carried", public, player=name))
            await self.bot.presenter.show(table.id)
        elif opening:
            await interaction.response.send_message(
                t("vote.opened", public, voter=interaction.user.display_name, player=name, votes=votes, needed=needed),
                view=vote_view(table.id, seat, public))
        else:
            await self.bot.reply(interaction, t("vote.counted", lang, votes=votes, needed=needed))
