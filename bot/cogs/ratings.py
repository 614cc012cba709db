"""``/leaderboard`` and ``/rating``: the ratings of a server's players, per game.

Ratings are kept by the tournament service (:mod:`bot.host.tournaments`) for every finished
rated game, in a tournament or not; this cog only reads them. ``/leaderboard game`` answers in the
channel with the list as text (players mentioned without pinging) and as an image
(:mod:`renderers.ratings`); ``/rating @player [game]`` answers privately with the player's
ratings and their latest changes, game by game (for one game, with a sparkline of them).
"""

from __future__ import annotations

import asyncio
import io
import logging
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

import tournaments as T
from bot.i18n import ls, t
from bot.posts import fit_lines
from games.registry import all_games, get_game
from renderers.ratings import ROWS, render_history, render_leaderboard
from tournaments.ratings import PROVISIONAL_GAMES

if TYPE_CHECKING:
    from bot.client import GameBot

log = logging.getLogger(__name__)

GAME_CHOICES = [app_commands.Choice(name=ls(f"game.{game.name}"), value=game.name) for game in all_games()]
#: Latest changes listed by /rating, per game.
HISTORY = 8


def _signed(value: float) -> str:
    return f"{value:+.1f}"


class RatingsCog(commands.Cog, name="Ratings"):
    def __init__(self, bot: GameBot) -> None:
        self.bot = bot

    async def _ratings(self, guild_id: int, game: str) -> dict[str, T.Rating]:
        stored = await self.bot.host.store.ratings(guild_id, game)
        return {str(user): T.Rating(*value) for user, value in stored.items()}

    async def _name(self, guild: discord.Guild | None, game: str, user_id: int) -> str:
        """A player's name for the image: the server's member cache, else the name they had at
        their latest rated table (no request to Discord)."""
        member = guild.get_member(user_id) if guild is not None else None
        if member is not None:
            return member.display_name
        history = await self.bot.host.store.rating_history(guild.id if guild else 0, game, user_id, last=1)
        if history:
            table = await self.bot.host.table(history[0][1])
            for seat in table.seats:
                if seat.user_id == user_id:
                    return seat.name
            left = table.settings.get("names", {})
            if str(user_id) in left:
                return str(left[str(user_id)])
        user = self.bot.get_user(user_id)
        return user.display_name if user is not None else str(user_id)

    @app_commands.command(name=ls("cmd.leaderboard"), description=ls("cmd.leaderboard.desc"))
    @app_commands.guild_only()
    @app_commands.rename(game=ls("cmd.opt.game"))
    @app_commands.describe(game=ls("cmd.opt.game.desc"))
    @app_commands.choices(game=GAME_CHOICES)
    async def leaderboard(self, interaction: discord.Interaction, game: str) -> None:
        lang = await self.bot.lang_for(interaction)
        title = get_game(game).titles.get(lang, game)
        rows = T.leaderboard(await self._ratings(interaction.guild_id, game))
        if not rows:
            await self.bot.reply(interaction, t("tourney.leaderboard_empty", lang, game=title),
                                 allowed_mentions=discord.AllowedMentions.none())
            return
        await interaction.response.defer(thinking=True)
        shown = rows[:ROWS]
        lines = [t("tourney.leaderboard_title", lang, game=title)]
        lines += [t("tourney.leaderboard_line", lang, rank=r.rank, player=f"<@{r.player}>",
                    rating=f"{r.rating.ordinal:.1f}", games=r.rating.games,
                    provisional=t("tourney.provisional", lang) if r.rating.provisional else "") for r in shown]
        if len(rows) > len(shown):
            lines.append(t("tourney.more", lang, count=len(rows) - len(shown)))
        view = {"game": title, "total": len(rows), "rows": [
            {"rank": r.rank, "name": await self._name(interaction.guild, game, int(r.player)),
             "rating": r.rating.ordinal, "games": r.rating.games, "provisional": r.rating.provisional}
            for r in shown]}
        image = await asyncio.to_thread(render_leaderboard, view, lang=lang, provisional_games=PROVISIONAL_GAMES)
        await interaction.followup.send(fit_lines(lines, lang, head=1),
                                        file=discord.File(io.BytesIO(image), filename=f"leaderboard-{game}.png"),
                                        allowed_mentions=discord.AllowedMentions.none())

    @app_commands.command(name=ls("cmd.rating"), description=ls("cmd.rating.desc"))
    @app_commands.guild_only()
    @app_commands.rename(player=ls("cmd.opt.player"), game=ls("cmd.opt.game"))
    @app_commands.describe(player=ls("cmd.opt.player.desc"), game=ls("cmd.opt.game.desc"))
    @app_commands.choices(game=GAME_CHOICES)
    async def rating(self, interaction: discord.Interaction, player: discord.User, game: str | None = None) -> None:
        """Each game's rating (provisional marked), then its latest changes, newest first: the
        rating after each rated game and by how much that game moved it."""
        lang = await self.bot.lang_for(interaction)
        store = self.bot.host.store
        games = [game] if game else [g.name for g in all_games()]
        lines: list[str] = []
        files: list[discord.File] = []
        rated = False
        for name in games:
            stored = (await store.ratings(interaction.guild_id, name, [player.id])).get(player.id)
            title = get_game(name).titles.get(lang, name)
            if stored is None:
                if game:
                    lines.append(t("tourney.rating_none", lang, player=player.display_name, game=title))
                continue
            rated = True
            rating = T.Rating(*stored)
            lines.append(t("tourney.rating_line", lang, player=player.display_name, game=title,
                           rating=f"{rating.ordinal:.1f}", games=rating.games,
                           provisional=t("tourney.provisional", lang) if rating.provisional else ""))
            history = await store.rating_history(interaction.guild_id, name, player.id, last=HISTORY + 1)
            after = [mu - 3 * sigma for _, _, mu, sigma, _, _ in history]
            changes = []
            for i, (_, table_id, _, _, played, _) in enumerate(history[:HISTORY]):
                # the rating before this game: the next older entry, or the start for a first game
                earlier = after[i + 1] if i + 1 < len(after) else T.Rating().ordinal if played == 1 else None
                moved = f" ({_signed(after[i] - earlier)})" if earlier is not None else ""
                changes.append(f"#{table_id} {after[i]:.1f}{moved}")
            if changes:
                lines.append(t("tourney.history", lang, changes=" · ".join(changes)))
            if game and len(history) >= 2:  # one game asked: its sparkline too
                shown = {"player": player.display_name, "game": title, "points": [
                    {"rating": mu - 3 * sigma, "provisional": T.Rating(mu, sigma, played).provisional}
                    for _, _, mu, sigma, played, _ in reversed(history[:HISTORY])]}
                image = await asyncio.to_thread(render_history, shown, lang=lang)
                files.append(discord.File(io.BytesIO(image), filename=f"rating-{player.id}-{name}.png"))
        if not rated:  # say why: no finished rated game with another person yet
            if not lines:
                lines.append(t("tourney.rating_none_any", lang, player=player.display_name))
            lines.append(t("tourney.rating_why_none", lang))
        await self.bot.reply(interaction, fit_lines(lines, lang), files=files,
                             allowed_mentions=discord.AllowedMentions.none())
