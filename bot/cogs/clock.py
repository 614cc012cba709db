"""Play-by-post commands: ``/notify``, ``/away`` and ``/absent`` (with its vote button)."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.cogs import guarded
from bot.host import HostError
from bot.host.pbp import VACATION_DAYS_PER_YEAR
from bot.i18n import ls, t
from bot.views import vote_view

if TYPE_CHECKING:
    from bot.client import GameBot

log = logging.getLogger(__name__)


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
    async def away(self, interaction: discord.Interaction,
                   days: app_commands.Range[int, 0, VACATION_DAYS_PER_YEAR]) -> None:
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
        if interaction.guild_id is None:
            raise HostError("settings.guild_only")
        table = await self.bot.host.table_in_thread(interaction.channel_id)
        seats = self.bot.host.seats_of(table, player.id)
        if not seats:
            raise HostError("vote.not_seated", player=player.display_name)
        await self._vote(interaction, table.id, seats[0], turn=None)

    @guarded
    async def vote(self, interaction: discord.Interaction, table_id: int, seat: int, turn: int | None) -> None:
        """The vote button: counts only in the turn it was opened in; a button of an earlier turn
        closes its message and changes nothing."""
        table = await self.bot.host.table(table_id)
        if turn is None or turn != table.version or table.status != "active":
            lang = await self.bot.lang_for(interaction)
            public = await self.bot.guild_lang(table.guild_id)
            await interaction.response.send_message(t("vote.lapsed", lang), ephemeral=True)
            await self._edit_vote_message(table, interaction.message.id if interaction.message else None,
                                          t("vote.closed_lapsed", public), closed=True)
            return
        await self._vote(interaction, table_id, seat, turn=turn)

    async def _vote(self, interaction: discord.Interaction, table_id: int, seat: int, turn: int | None) -> None:
        """Count a vote (``turn``: the button's turn; ``None`` for ``/absent``), then keep the one
        vote message of this turn up to date: its tally, and closed once decided."""
        lang = await self.bot.lang_for(interaction)
        host = self.bot.host
        before = await host.table(table_id)
        await self._close_lapsed(before)
        table, votes, needed = await host.vote_absent(table_id, interaction.user.id, seat)
        public = await self.bot.guild_lang(table.guild_id)
        name = table.seats[seat].name.removesuffix(" (AI)")
        if turn is not None:
            message_id = interaction.message.id if interaction.message else None
        else:  # /absent: this turn's vote message on that seat, if one is open
            message_id = host.open_votes(before)["messages"].get(str(seat))
        if votes >= needed:
            await self.bot.reply(interaction, t("vote.counted", lang, votes=votes, needed=needed))
            await self._edit_vote_message(table, message_id, t("vote.closed_carried", public, player=name,
                                                                votes=votes, needed=needed), closed=True)
            thread = await self.bot.channel(table.thread_id)
            await thread.send(t("vote.carried", public, player=name), allowed_mentions=discord.AllowedMentions.none())
            await self.bot.presenter.show(table.id)
        elif message_id is None:  # the first vote of this turn on that seat: the public vote message
            await interaction.response.send_message(
                t("vote.opened", public, voter=interaction.user.display_name, player=name, votes=votes, needed=needed),
                view=vote_view(table.id, seat, table.version, public), allowed_mentions=discord.AllowedMentions.none())
            message = await interaction.original_response()
            await host.note_vote_message(table.id, table.version, seat, message.id)
        else:
            await self.bot.reply(interaction, t("vote.counted", lang, votes=votes, needed=needed))
            await self._edit_vote_message(table, message_id, t("vote.tally", public, player=name, votes=votes,
                                                                needed=needed), closed=False)

    async def _close_lapsed(self, table) -> None:
        """Vote messages of an earlier turn still showing their button: closed before a vote of
        this turn is counted (a click on one is refused anyway, see :meth:`vote`)."""
        votes = table.settings.get("votes")
        if not isinstance(votes, dict) or votes.get("turn") == table.version or not votes.get("messages"):
            return
        public = await self.bot.guild_lang(table.guild_id)
        for message_id in votes["messages"].values():
            await self._edit_vote_message(table, message_id, t("vote.closed_lapsed", public), closed=True)

    async def _edit_vote_message(self, table, message_id: int | None, content: str, *, closed: bool) -> None:
        if message_id is None or table.thread_id is None:
            return
        thread = await self.bot.channel(table.thread_id)
        extra = {"view": None} if closed else {}
        try:
            await thread.get_partial_message(message_id).edit(
                content=content, allowed_mentions=discord.AllowedMentions.none(), **extra)
        except discord.HTTPException:
            log.warning("could not update the vote message %s of table %s", message_id, table.id, exc_info=True)
