"""``/rules`` and ``/games``."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.cogs import guarded
from bot.cogs.lobby import GAME_CHOICES
from bot.host import HostError
from bot.host.history import page_of, sat_at
from bot.i18n import ls, t
from bot.posts import clip, fit_embed, fit_lines
from bot.views import games_view
from games.messages import join_names
from games.registry import get_game

if TYPE_CHECKING:
    from bot.client import GameBot

#: Games per ``/games`` page: 12 lines of at most 150 characters fit one message with room to spare.
GAMES_PER_PAGE = 12
GAMES_LINE = 150


class InfoCog(commands.Cog, name="Info"):
    def __init__(self, bot: "GameBot") -> None:
        self.bot = bot

    @app_commands.command(name=ls("cmd.rules"), description=ls("cmd.rules.desc"))
    @app_commands.rename(game=ls("cmd.opt.game"))
    @app_commands.describe(game=ls("cmd.opt.game.desc"))
    @app_commands.choices(game=GAME_CHOICES)
    async def rules(self, interaction: discord.Interaction, game: str) -> None:
        lang = await self.bot.lang_for(interaction)
        chosen = get_game(game)
        text = chosen.rules_help.get(lang) or chosen.rules_help.get("en", "")
        # An embed holds 4,096 characters, twice a message: rules help is never cut short.
        embed = discord.Embed(title=chosen.titles.get(lang, chosen.name), description=text)
        await self.bot.reply(interaction, embed=fit_embed(embed, lang))

    @app_commands.command(name=ls("cmd.games"), description=ls("cmd.games.desc"))
    @app_commands.rename(show=ls("cmd.opt.show"))
    @app_commands.describe(show=ls("cmd.opt.show.desc"))
    @app_commands.choices(show=[app_commands.Choice(name=ls(f"games.show.{s}"), value=s) for s in ("current", "finished")])
    async def games(self, interaction: discord.Interaction, show: str = "current") -> None:
        lang = await self.bot.lang_for(interaction)
        text, view = await self._games_page(interaction.user.id, 0, lang, finished=show == "finished")
        await self.bot.reply(interaction, text, view=view or discord.utils.MISSING)

    @guarded
    async def games_page(self, interaction: discord.Interaction, user_id: int, page: int,
                         finished: bool = False) -> None:
        """Previous / Next under ``/games``: the same (ephemeral) message shows another page."""
        lang = await self.bot.lang_for(interaction)
        if interaction.user.id != user_id:
            raise HostError("games.not_yours")
        text, view = await self._games_page(user_id, page, lang, finished=finished)
        await interaction.response.edit_message(content=text, view=view)

    async def _games_page(self, me: int, page: int, lang: str, *,
                          finished: bool = False) -> tuple[str, discord.ui.View | None]:
        """One page of the user's games, those waiting on them first, and its buttons; or of
        their finished games, newest first, with their place."""
        if finished:
            return await self._finished_page(me, page, lang)
        host = self.bot.host
        lines = []
        for table in await host.store.tables_of_user(me):
            waiting = host.waiting_on(table)
            mine = any(s.user_id == me for s in waiting)
            if table.status == "lobby":
                status = t("games.lobby", lang)
            elif mine:
                status = t("games.your_turn", lang)
            else:
                status = t("games.waiting", lang, waiting=join_names((s.name for s in waiting), lang) or "-")
            if table.deadline_at and table.status == "active":
                status += " · " + t("games.due", lang, due=f"<t:{int(table.deadline_at)}:R>")
            title = host.game(table).titles.get(lang, table.game)
            link = f"<#{table.thread_id}>" if table.thread_id else ""
            lines.append((not mine, table.id, t("games.line", lang, marker="▶" if mine else "·", table=table.id,
                                                  game=title, status=status, link=link)))
        if not lines:
            return t("games.none", lang), None
        return _paged([line for *_, line in sorted(lines)], me, page, lang, finished=False)

    async def _finished_page(self, me: int, page: int, lang: str) -> tuple[str, discord.ui.View | None]:
        host = self.bot.host
        lines = []
        for table in await host.store.finished_tables_of_user(me):
            standing, seats = host.standing(table), sat_at(table, me)
            if standing is None or not seats:
                continue
            title = host.game(table).titles.get(lang, table.game)
            status = t("games.place", lang, place=standing.ranks[seats[0]], players=table.num_players)
            link = f"<#{table.thread_id}>" if table.thread_id else ""
            lines.append(t("games.line", lang, marker="·", table=table.id, game=title, status=status, link=link))
        if not lines:
            return t("games.none_finished", lang), None
        return _paged(lines, me, page, lang, finished=True)


def _paged(lines: list[str], me: int, page: int, lang: str, *, finished: bool) -> tuple[str, discord.ui.View | None]:
    """Page ``page`` (clamped) of ``lines``, GAMES_PER_PAGE of them, with its Previous / Next."""
    page, pages = page_of(len(lines), GAMES_PER_PAGE, page)
    shown = [clip(line, GAMES_LINE) for line in lines[page * GAMES_PER_PAGE:(page + 1) * GAMES_PER_PAGE]]
    footer = [t("games.page", lang, page=page + 1, pages=pages, count=len(lines))] if pages > 1 else []
    return fit_lines(shown + footer, lang, tail=len(footer)), games_view(me, page, pages, lang, finished=finished)
