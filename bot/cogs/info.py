"""``/rules`` and ``/games``."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.cogs.lobby import GAME_CHOICES
from bot.i18n import ls, t
from games.registry import get_game

if TYPE_CHECKING:
    from bot.client import GameBot


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
        embed = discord.Embed(title=chosen.titles.get(lang, chosen.name), description=text[:4096])
        await self.bot.reply(interaction, embed=embed)

    @app_commands.command(name=ls("cmd.games"), description=ls("cmd.games.desc"))
    async def games(self, interaction: discord.Interaction) -> None:
        lang = await self.bot.lang_for(interaction)
        host, me = self.bot.host, interaction.user.id
        lines = []
        for table in await host.store.tables_of_user(me):
            waiting = host.waiting_on(table)
            mine = any(s.user_id == me for s in waiting)
            if table.status == "lobby":
                status = t("games.lobby", lang)
            elif mine:
                status = t("games.your_turn", lang)
            else:
                status = t("games.waiting", lang, waiting=", ".join(s.name for s in waiting) or "-")
            if table.deadline_at and table.status == "active":
                status += " · " + t("games.due", lang, due=f"<t:{int(table.deadline_at)}:R>")
            title = host.game(table).titles.get(lang, table.game)
            link = f"<#{table.thread_id}>" if table.thread_id else ""
            lines.append((not mine, table.id, t("games.line", lang, marker="▶" if mine else "·", table=table.id,
                                                  game=title, status=status, link=link)))
        text = "\n".join(line for *_, line in sorted(lines)) or t("games.none", lang)
        await self.bot.reply(interaction, text[:2000])
