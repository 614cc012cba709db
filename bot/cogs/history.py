"""``/history``, ``/export``, ``/replay`` and ``/stats``: a game's story and a player's figures."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.cogs import guarded
from bot.history_views import HISTORY_ITEMS, consent_view, history_pages_view, undo_view
from bot.host import HostError, RepeatedUndo
from bot.host.history import figures, history_lines, page_of, rematch, require_over, summarise
from bot.host.store import TableRow
from bot.host.undo import answer, request, undo
from bot.i18n import ls, t
from bot.posts import clip, fit_lines, fit_list
from bot.presenter import open_thread, pinging
from bot.replays import record_file, replay_file, replay_gif
from games.registry import get_game
from games.typed import quoted

if TYPE_CHECKING:
    from bot.client import GameBot

#: Moves per ``/history`` page: 15 lines of at most 120 characters fit one message.
MOVES_PER_PAGE = 15
HISTORY_LINE = 120
#: Finished games read for ``/stats`` at most (the newest).
STATS_GAMES = 1000


class HistoryCog(commands.Cog, name="History"):
    def __init__(self, bot: "GameBot") -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(*HISTORY_ITEMS)

    async def _table(self, interaction: discord.Interaction, table_id: int | None) -> TableRow:
        """The table named, or the one whose thread this is; only tables of this server."""
        host = self.bot.host
        if table_id is None:
            return await host.table_in_thread(interaction.channel_id)
        try:
            table = await host.table(table_id)
        except HostError:
            raise HostError("history.no_table", table=quoted(table_id)) from None
        if table.guild_id != interaction.guild_id:
            raise HostError("history.no_table", table=table_id)
        return table

    # -- /history ---------------------------------------------------------------------------

    @app_commands.command(name=ls("cmd.history"), description=ls("cmd.history.desc"))
    @app_commands.rename(table=ls("cmd.opt.table_id"), page=ls("cmd.opt.page"))
    @app_commands.describe(table=ls("cmd.opt.table_id.desc"), page=ls("cmd.opt.page.desc"))
    async def history(self, interaction: discord.Interaction, table: app_commands.Range[int, 1] | None = None,
                      page: app_commands.Range[int, 1] | None = None) -> None:
        row = await self._table(interaction, table)
        lang = await self.bot.lang_for(interaction)
        text, view = await self._page(row, None if page is None else page - 1, lang)
        await self.bot.reply(interaction, text, view=view or discord.utils.MISSING,
                             allowed_mentions=discord.AllowedMentions.none())

    @guarded
    async def history_page(self, interaction: discord.Interaction, table_id: int, page: int) -> None:
        lang = await self.bot.lang_for(interaction)
        text, view = await self._page(await self.bot.host.table(table_id), page, lang)
        await interaction.response.edit_message(content=text, view=view)

    async def _page(self, table: TableRow, page: int | None, lang: str) -> tuple[str, discord.ui.View | None]:
        """A page of the move list (``None``: the last page, where the game is now)."""
        lines = history_lines(table, await self.bot.host.store.moves(table.id), lang)
        game = self.bot.host.game(table)
        title = t("history.title", lang, table=table.id, game=game.titles.get(lang, game.name), moves=len(lines))
        if not lines:
            return f"{title}\n{t('history.none', lang)}", None
        page, pages = page_of(len(lines), MOVES_PER_PAGE, page)
        shown = [clip(line, HISTORY_LINE) for line in lines[page * MOVES_PER_PAGE:(page + 1) * MOVES_PER_PAGE]]
        footer = [t("history.page", lang, page=page + 1, pages=pages)] if pages > 1 else []
        return fit_lines([title, *shown, *footer], lang, head=1, tail=len(footer)), \
            history_pages_view(table.id, page, pages, lang)

    # -- /export and /replay ------------------------------------------------------------------

    @app_commands.command(name=ls("cmd.export"), description=ls("cmd.export.desc"))
    @app_commands.rename(table=ls("cmd.opt.table_id"))
    @app_commands.describe(table=ls("cmd.opt.table_id.desc"))
    async def export(self, interaction: discord.Interaction, table: app_commands.Range[int, 1] | None = None) -> None:
        row = await self._table(interaction, table)
        lang = await self.bot.lang_for(interaction)
        file = await record_file(self.bot.host, row)
        await self.bot.reply(interaction, t("history.record", lang, table=row.id), file=file)

    @app_commands.command(name=ls("cmd.replay"), description=ls("cmd.replay.desc"))
    @app_commands.rename(table=ls("cmd.opt.table_id"), share=ls("cmd.opt.share"))
    @app_commands.describe(table=ls("cmd.opt.table_id.desc"), share=ls("cmd.opt.share.desc"))
    async def replay(self, interaction: discord.Interaction, table: app_commands.Range[int, 1] | None = None,
                     share: bool = False) -> None:
        row = await self._table(interaction, table)
        lang = await self.bot.lang_for(interaction)
        require_over(row)  # before a public "thinking…": a refusal stays ephemeral
        await interaction.response.defer(ephemeral=not share, thinking=True)
        gif = await replay_gif(self.bot.host, row, lang)
        if gif is None:
            raise HostError("history.no_image", table=row.id)
        await interaction.followup.send(t("history.replay", lang, table=row.id), file=replay_file(row, gif),
                                        ephemeral=not share)

    # -- /undo -------------------------------------------------------------------------------

    @app_commands.command(name=ls("cmd.undo"), description=ls("cmd.undo.desc"))
    async def undo_command(self, interaction: discord.Interaction) -> None:
        table = await self.bot.host.table_in_thread(interaction.channel_id)
        await self._undo(interaction, table.id)

    @guarded
    async def undo_click(self, interaction: discord.Interaction, table_id: int, move: int | None) -> None:
        await self._undo(interaction, table_id, move)

    async def _undo(self, interaction: discord.Interaction, table_id: int, move: int | None = None) -> None:
        """At once when the rules and the table allow it, else a request to the other players;
        once (``bot.host.undo``): a repeat is refused, offering the move before it."""
        host, me = self.bot.host, interaction.user.id
        lang = await self.bot.lang_for(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        try:
            table, done = await undo(host, table_id, me, move=move)
        except RepeatedUndo as repeat:
            if repeat.move is None:
                raise
            await self.bot.reply(interaction, f"{repeat.message(lang)} {t('undo.repeated_more', lang)}",
                                 view=undo_view(repeat.table_id, repeat.move, lang))
            return
        except HostError as refused:
            if refused.key != "undo.needs_consent":
                raise
            table, asked = await request(host, table_id, me, move=move)
            await self._ask(table, asked, me)
            await self.bot.reply(interaction, t("undo.asked", lang))
            return
        await self.bot.reply(interaction, t("undo.done_reply", lang, moves=len(done.taken)))
        await self._taken_back(table, done, me)

    async def _ask(self, table: TableRow, asked, asker: int) -> None:
        lang = await self.bot.guild_lang(table.guild_id)
        # Many moves taken back at once give way ("… and N more"); the players asked stay whole.
        text = fit_list("undo.request", lang, [m.words.get(lang, m.notation) for m in asked.taken], param="moves",
                        player=f"<@{asker}>", others=" ".join(f"<@{u}>" for u in asked.consent))
        thread = await self.bot.channel(table.thread_id)
        await self.bot.presenter.delivery.run(
            ("undo-ask", table.id, table.version),
            lambda: thread.send(text, view=consent_view(table.id, table.version, lang),
                                allowed_mentions=pinging(asked.consent)),
            what=f"the undo request on table {table.id}")

    async def _taken_back(self, table: TableRow, done, user_id: int) -> None:
        """Say in the thread what was taken back, then the board and the private views as they are
        now (a new board post; DMs to the seats whose view changed)."""
        lang = await self.bot.guild_lang(table.guild_id)
        text = fit_list("undo.done", lang, [m.words.get(lang, m.notation) for m in done.taken], param="moves",
                        player=f"<@{user_id}>")
        thread = await self.bot.channel(table.thread_id)
        await self.bot.presenter.delivery.run(
            ("undo-said", table.id, table.version),
            lambda: thread.send(text,
                                allowed_mentions=discord.AllowedMentions.none()),
            what=f"the undo note on table {table.id}")
        await self.bot.presenter.show(table.id)

    @guarded
    async def undo_answer(self, interaction: discord.Interaction, table_id: int, version: int, accept: bool) -> None:
        lang = await self.bot.lang_for(interaction)
        host = self.bot.host
        asked = (await host.table(table_id)).settings.get("undo_request") or {}
        table, done, missing = await answer(host, table_id, interaction.user.id, version, accept)
        glang = await self.bot.guild_lang(table.guild_id)
        if done is not None:
            await interaction.response.edit_message(content=t("undo.agreed", glang), view=None)
            await self._taken_back(table, done, asked.get("by", interaction.user.id))
        elif not accept:
            await interaction.response.edit_message(
                content=t("undo.declined", glang, player=f"<@{interaction.user.id}>"), view=None,
                allowed_mentions=discord.AllowedMentions.none())
        else:
            await self.bot.reply(interaction, t("undo.waiting", lang, players=" ".join(f"<@{u}>" for u in missing)),
                                 allowed_mentions=discord.AllowedMentions.none())

    # -- rematch ----------------------------------------------------------------------------

    @guarded
    async def rematch(self, interaction: discord.Interaction, table_id: int) -> None:
        """The Rematch button: a new lobby in the old game's channel, its people mentioned."""
        old = await self.bot.host.table(table_id)
        await self.bot.lang_for(interaction)
        new = await rematch(self.bot.host, old, interaction.user.id, interaction.user.display_name)
        lang = await self.bot.guild_lang(new.guild_id)
        presenter = self.bot.presenter
        embed, view = presenter.lobby_message(new, lang)
        people = [s.user_id for s in new.seats if s.user_id is not None]
        channel = await self.bot.channel(new.channel_id)
        message = await channel.send(
            t("rematch.post", lang, table=old.id, mentions=" ".join(f"<@{u}>" for u in people)),
            embed=embed, view=view, allowed_mentions=pinging(people))
        await self.bot.host.attach(new.id, lobby_message_id=message.id)  # first: a quick Start threads it
        title = self.bot.host.game(new).titles.get(lang, new.game)
        await self.bot.host.attach(new.id, thread_id=await open_thread(message, f"{title} #{new.id}"[:100]))
        await self.bot.reply(interaction, t("rematch.opened", await self.bot.lang_for(interaction),
                                            table=new.id, link=message.jump_url))

    # -- /stats -----------------------------------------------------------------------------

    @app_commands.command(name=ls("cmd.stats"), description=ls("cmd.stats.desc"))
    @app_commands.rename(player=ls("cmd.opt.player"))
    @app_commands.describe(player=ls("cmd.opt.player.desc"))
    async def stats(self, interaction: discord.Interaction, player: discord.User | None = None) -> None:
        who = player or interaction.user
        lang = await self.bot.lang_for(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        host = self.bot.host
        rows = []
        for table in await host.store.finished_tables_of_user(who.id, limit=STATS_GAMES):
            found = figures(host, table, await host.store.moves(table.id), who.id)
            if found is not None:
                rows.append(found)
        summary = summarise(rows)
        name = getattr(who, "display_name", None) or who.name
        if not summary:
            await self.bot.reply(interaction, t("stats.none", lang, player=name))
            return
        lines = [t("stats.title", lang, player=name)]
        for s in summary:
            title = get_game(s.game).titles.get(lang, s.game)
            pace = t("stats.pace", lang, seconds=_duration(s.average_move_seconds, lang)) \
                if s.average_move_seconds is not None else ""
            lines.append(t("stats.line", lang, game=title, played=s.played, wins=s.wins,
                           place=f"{s.average_place:.2f}", timeouts=s.timeouts, pace=pace))
        await self.bot.reply(interaction, fit_lines(lines, lang, head=1), allowed_mentions=discord.AllowedMentions.none())


def _duration(seconds: float, lang: str) -> str:
    """A thinking time as people say it: 42 s, 3.5 min, 2.1 h, 1.5 d."""
    for limit, unit, size in ((90, "s", 1), (5400, "min", 60), (129600, "h", 3600), (float("inf"), "d", 86400)):
        if seconds < limit:
            value = seconds / size
            return t(f"stats.unit.{unit}", lang, value=f"{value:.0f}" if unit == "s" else f"{value:.1f}")
    raise AssertionError("unreachable")
