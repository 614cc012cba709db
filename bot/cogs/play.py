"""Playing in a game's thread: ``/move`` (with autocomplete), the Move button's builder,
``/board``, ``/hand``, ``/resign``."""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

import renderers
from bot.cogs import guarded
from bot.history_views import undo_view
from bot.host import Decision, HostError, RepeatedMove, TableRow
from bot.i18n import ls, t
from bot.presenter import board_file, private_file, private_text
from bot.views import builder_view, confirm_view, resign_view
from games.errors import GameError

if TYPE_CHECKING:
    from bot.client import GameBot

AUTOCOMPLETE_LIMIT = 25
#: Seconds the board post after a move waits for the mover's answer to go first.
REPLY_FIRST = 2.0


class PlayCog(commands.Cog, name="Play"):
    def __init__(self, bot: "GameBot") -> None:
        self.bot = bot

    async def _table_here(self, interaction: discord.Interaction) -> TableRow:
        return await self.bot.host.table_in_thread(interaction.channel_id)

    # -- /move ------------------------------------------------------------------------------

    @app_commands.command(name=ls("cmd.move"), description=ls("cmd.move.desc"))
    @app_commands.rename(notation=ls("cmd.opt.notation"))
    @app_commands.describe(notation=ls("cmd.opt.notation.desc"))
    async def move(self, interaction: discord.Interaction, notation: str) -> None:
        table = await self._table_here(interaction)
        try:
            await self._play(interaction, table.id, notation, version=None)
        except RepeatedMove as repeat:  # sent twice? play it again only on a click bound to this version
            lang = await self.bot.lang_for(interaction)
            await self.bot.reply(interaction, repeat.message(lang),
                                 view=confirm_view(repeat.table_id, repeat.version, repeat.notation, lang))

    @move.autocomplete("notation")
    async def move_autocomplete(self, interaction: discord.Interaction,
                                current: str) -> list[app_commands.Choice[str]]:
        """The acting player's legal moves matching what they typed (prefix matches first)."""
        try:
            table = await self._table_here(interaction)
            legal = self.bot.host.legal_notations(table, interaction.user.id)
        except GameError:
            return []
        typed = current.strip().lower()
        starts = [n for n in legal if n.lower().startswith(typed)]
        contains = [n for n in legal if typed in n.lower() and n not in starts]
        return [app_commands.Choice(name=n[:100], value=n[:100]) for n in (starts + contains)[:AUTOCOMPLETE_LIMIT]]

    async def _play(self, interaction: discord.Interaction, table_id: int, notation: str,
                    version: int | None, edit: bool = False, decision: Decision | None = None) -> None:
        # Acknowledge first: on a busy bot the commit may wait, and Discord drops an interaction
        # that is not acknowledged within 3 seconds.
        if edit:
            await interaction.response.defer()
        else:
            await interaction.response.defer(ephemeral=True, thinking=True)
        lang = await self.bot.lang_for(interaction)
        table = await self.bot.host.play(table_id, interaction.user.id, notation, version=version, decision=decision)
        # Committed. From here on nothing may say otherwise: the reply and the posts are each
        # retried until shown, and neither waits on the other.
        presenter = self.bot.presenter

        async def reply() -> None:
            done = t("play.played", lang, move=notation)
            extra = {}
            if await presenter.mid_turn(table):  # you move again: here is the board meanwhile
                done += "\n" + t("play.again", lang)
                png = await presenter.board_image(table, lang)
                if png is not None:
                    extra = {"attachments": [board_file(table, png, await presenter.alt_text(table, lang))]}
            # Editing the deferred answer (not a new followup): a repeated attempt shows it once.
            view = undo_view(table.id, table.version, lang) if table.status == "active" else None
            await interaction.edit_original_response(content=done, view=view, **extra)

        # The answer first, as a rule (the board then shows this move on its own, even when the next
        # one follows at once); a slow answer holds the board back REPLY_FIRST seconds at most.
        answer = asyncio.create_task(presenter.delivery.run(
            ("reply", interaction.id), reply, what=f"the reply to {notation} on table {table.id}"))
        await asyncio.wait([answer], timeout=REPLY_FIRST)
        await presenter.show(table.id)
        await answer

    # -- the move builder -------------------------------------------------------------------

    @guarded
    async def open_builder(self, interaction: discord.Interaction, table_id: int) -> None:
        lang = await self.bot.lang_for(interaction)
        table = await self.bot.host.table(table_id)
        decision, legal = await self.bot.host.decision_of(table, interaction.user.id)
        await self.bot.reply(interaction, t("play.pick", lang, count=len(legal)),
                             view=builder_view(table.id, decision, legal, "", lang,
                                               grid=self.bot.host.game(table).move_grid))

    @guarded
    async def builder_pick(self, interaction: discord.Interaction, table_id: int, shown: Decision | int,
                           value: str) -> None:
        """The next step of a builder opened on the seat's decision ``shown`` (or, from an older
        release, on a table version)."""
        lang = await self.bot.lang_for(interaction)
        host = self.bot.host
        table = await host.table(table_id)
        if isinstance(shown, Decision):
            decision, legal = shown, await host.check_decision(table, interaction.user.id, shown)
        elif table.version != shown:
            raise HostError("host.stale")
        else:
            decision, legal = await host.decision_of(table, interaction.user.id)
        kind, _, chosen = value.partition(":")
        if kind == "m" and chosen in legal:
            prefix = chosen
            while not _shows(legal, prefix, chosen):
                prefix = prefix[:-1]
            await interaction.response.edit_message(
                content=t("play.picked", lang, move=chosen),
                view=builder_view(table.id, decision, legal, prefix, lang, picked=chosen))
        elif kind == "p" and any(n.startswith(chosen) for n in legal):
            await interaction.response.edit_message(
                content=t("play.pick_more", lang, prefix=chosen),
                view=builder_view(table.id, decision, legal, chosen, lang, grid=host.game(table).move_grid))
        else:
            raise HostError("play.no_legal", text=chosen)

    @guarded
    async def play_from_button(self, interaction: discord.Interaction, table_id: int, version: int,
                               notation: str) -> None:
        await self._play(interaction, table_id, notation, version=version, edit=True)

    @guarded
    async def play_on_decision(self, interaction: discord.Interaction, table_id: int, decision: Decision,
                               notation: str) -> None:
        await self._play(interaction, table_id, notation, version=None, edit=True, decision=decision)

    # -- looking ----------------------------------------------------------------------------

    @app_commands.command(name=ls("cmd.board"), description=ls("cmd.board.desc"))
    async def board(self, interaction: discord.Interaction) -> None:
        table = await self._table_here(interaction)
        lang = await self.bot.lang_for(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        game = self.bot.host.game(table)
        caption = t("play.board_caption", lang, table=table.id, game=game.titles.get(lang, game.name))
        presenter = self.bot.presenter
        alt = await presenter.alt_text(table, lang)
        files = [board_file(table, png, alt, suffix=suffix) for png, suffix in (
            (await presenter.board_image(table, lang), ""),
            (await presenter.board_image(table, lang, detail=True), "-full")) if png is not None]
        await interaction.followup.send(caption, files=files, ephemeral=True)

    @guarded
    async def show_full_board(self, interaction: discord.Interaction, table_id: int) -> None:
        """The Full board button: the whole board of a game whose inline image is a summary."""
        await interaction.response.defer(ephemeral=True, thinking=True)
        lang = await self.bot.lang_for(interaction)
        table = await self.bot.host.table(table_id)
        game = self.bot.host.game(table)
        png = await self.bot.presenter.board_image(table, lang, detail=True)
        caption = t("play.full_board", lang, table=table.id, game=game.titles.get(lang, game.name))
        file = board_file(table, png, await self.bot.presenter.alt_text(table, lang), suffix="-full")
        await interaction.followup.send(caption, file=file, ephemeral=True)

    @app_commands.command(name=ls("cmd.hand"), description=ls("cmd.hand.desc"))
    async def hand(self, interaction: discord.Interaction) -> None:
        table = await self._table_here(interaction)
        await self._show_private(interaction, table)

    @guarded
    async def show_private(self, interaction: discord.Interaction, table_id: int) -> None:
        await self._show_private(interaction, await self.bot.host.table(table_id))

    async def _show_private(self, interaction: discord.Interaction, table: TableRow) -> None:
        lang = await self.bot.lang_for(interaction)
        seat, _view, private = self.bot.host.private_view(table, interaction.user.id)
        game = self.bot.host.game(table)
        title = game.titles.get(lang, game.name)
        if private is None:
            await self.bot.reply(interaction, t("play.no_private", lang, game=title))
            return
        words = game.describe_private(private, lang)
        text = private_text(table, game, words, lang)
        if not renderers.has_private(table.game):
            await self.bot.reply(interaction, text)
            return
        await interaction.response.defer(ephemeral=True, thinking=True)  # the picture is drawn first
        image = await self.bot.presenter.private_image(table, seat, private, lang)
        await self.bot.reply(interaction, text,
                             file=private_file(table, None if image is None else (image, words)))

    # -- resigning --------------------------------------------------------------------------

    @app_commands.command(name=ls("cmd.resign"), description=ls("cmd.resign.desc"))
    async def resign_command(self, interaction: discord.Interaction) -> None:
        table = await self._table_here(interaction)
        until = await self.bot.host.ask_resign(table.id, interaction.user.id)  # refuses non-players
        lang = await self.bot.lang_for(interaction)
        await self.bot.reply(interaction, t("play.resign_confirm", lang, table=table.id),
                             view=resign_view(table.id, lang, until))

    @guarded
    async def cancel_resign(self, interaction: discord.Interaction, table_id: int) -> None:
        await self.bot.host.drop_resign(table_id, interaction.user.id)
        lang = await self.bot.lang_for(interaction)
        await interaction.response.edit_message(content=t("resign.cancelled", lang), view=None)

    @guarded
    async def resign(self, interaction: discord.Interaction, table_id: int, until: int | None) -> None:
        await interaction.response.defer()  # acknowledged before the commit, answered after it
        lang = await self.bot.lang_for(interaction)
        before = await self.bot.host.table(table_id)
        name = next((s.name for s in before.seats if s.user_id == interaction.user.id), interaction.user.display_name)
        try:
            table = await self.bot.host.confirm_resign(table_id, interaction.user.id, until)
        except HostError as refused:
            if refused.key != "resign.expired":
                raise
            await interaction.edit_original_response(content=t("resign.expired", lang), view=None)  # closes it
            return
        # Committed: the answer, the notice in the thread and the board are each retried until shown.
        presenter = self.bot.presenter

        async def reply() -> None:
            await interaction.edit_original_response(content=t("play.resigned", lang, player=name), view=None)

        async def notice() -> None:
            public = await self.bot.guild_lang(table.guild_id)
            key = "play.resigned" if table.status == "finished" else "play.resigned_ai"
            thread = await self.bot.channel(table.thread_id)
            await thread.send(t(key, public, player=name), allowed_mentions=discord.AllowedMentions.none())

        async def notice_then_board() -> None:
            await presenter.delivery.run(("resigned", table.id, table.version), notice,
                                         what=f"the resignation on table {table.id}")
            await presenter.show(table.id)

        await asyncio.gather(
            presenter.delivery.run(("reply", interaction.id), reply, what=f"the resignation reply on table {table.id}"),
            notice_then_board())


def _shows(legal: list[str], prefix: str, move: str) -> bool:
    from bot.views import narrow

    choices, whole = narrow(legal, prefix)
    return whole and move in choices
