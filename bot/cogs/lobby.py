"""``/game new`` and the lobby's buttons: join, leave, add AI, start, cancel."""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.cogs import guarded, parse_options
from bot.host.history import MAX_RECORD_MOVES, RECORD_BYTES, imported
from bot.host import HostError
from bot.host.clock import PRESETS
from bot.host.host import TIMEOUT_POLICIES
from bot.i18n import ls, t
from bot.presenter import open_thread
from games.messages import Text, register_messages
from games.registry import all_games

if TYPE_CHECKING:
    from bot.client import GameBot

log = logging.getLogger(__name__)

# Game titles join the catalogue so the command translator can name the choices in Japanese.
register_messages({f"game.{game.name}": dict(game.titles) for game in all_games()})
GAME_CHOICES = [app_commands.Choice(name=ls(f"game.{game.name}"), value=game.name) for game in all_games()]
CLOCK_CHOICES = [app_commands.Choice(name=ls(f"clock.preset.{preset}"), value=preset) for preset in PRESETS]
TIMEOUT_CHOICES = [app_commands.Choice(name=ls(f"timeout.{policy}"), value=policy) for policy in TIMEOUT_POLICIES]


class LobbyCog(commands.Cog, name="Lobby"):
    game = app_commands.Group(name=ls("cmd.game"), description=ls("cmd.game.desc"), guild_only=True)

    def __init__(self, bot: "GameBot") -> None:
        self.bot = bot

    @game.command(name=ls("cmd.game.new"), description=ls("cmd.game.new.desc"))
    @app_commands.rename(game=ls("cmd.opt.game"), players=ls("cmd.opt.players"), options=ls("cmd.opt.options"),
                         clock=ls("cmd.opt.clock"), hours=ls("cmd.opt.hours"), timeout=ls("cmd.opt.timeout"),
                         vacation=ls("cmd.opt.vacation"), posts=ls("cmd.opt.posts"), rated=ls("cmd.opt.rated"),
                         record=ls("cmd.opt.record"), moves=ls("cmd.opt.moves"))
    @app_commands.describe(game=ls("cmd.opt.game.desc"), players=ls("cmd.opt.players.desc"),
                           options=ls("cmd.opt.options.desc"), clock=ls("cmd.opt.clock.desc"),
                           hours=ls("cmd.opt.hours.desc"), timeout=ls("cmd.opt.timeout.desc"),
                           vacation=ls("cmd.opt.vacation.desc"), posts=ls("cmd.opt.posts.desc"),
                           rated=ls("cmd.opt.rated_game.desc"), record=ls("cmd.opt.record.desc"),
                           moves=ls("cmd.opt.moves.desc"))
    @app_commands.choices(game=GAME_CHOICES, clock=CLOCK_CHOICES, timeout=TIMEOUT_CHOICES)
    async def new(self, interaction: discord.Interaction, game: str, players: app_commands.Range[int, 1, 12],
                  options: str | None = None, clock: str = "none", hours: str | None = None,
                  timeout: str = "remind", vacation: bool = True, posts: bool = True, rated: bool = True,
                  record: discord.Attachment | None = None,
                  moves: app_commands.Range[int, 0, MAX_RECORD_MOVES] | None = None) -> None:
        """Open a lobby. ``rated`` (default on): when the game ends, its human players' ratings
        change by their places among themselves; AI seats are never rated, so a game with fewer
        than two people changes nothing, and a player an AI replaced counts as last (the others'
        ratings are then left as they were). ``record``: a game record (``/export``) to go on from
        its last position, or with ``moves`` after its first that many moves (so a finished game
        is replayed from any point), for practice or to recover a game; such a game is never rated."""
        if interaction.guild_id is None:  # before anything is written: no orphan lobby in a DM
            raise HostError("settings.guild_only")
        if isinstance(interaction.channel, discord.Thread):
            raise HostError("lobby.not_in_thread")
        await self.bot.lang_for(interaction)  # the owner's language, for their DMs
        settings = {"clock": clock, "hours": hours, "timeout": timeout, "vacation": vacation, "posts": posts,
                    "rated": rated}
        given, seed = parse_options(options), None
        if record is None and moves is not None:
            raise HostError("record.moves_alone", option=Text("cmd.opt.moves"), record=Text("cmd.opt.record"))
        if record is not None:  # go on from a record's position: its options and seed, unrated
            if given:
                raise HostError("record.options_given")
            if record.size > RECORD_BYTES:
                raise HostError("record.too_big", limit=RECORD_BYTES // 1024)
            try:
                text = (await record.read()).decode("utf-8")
            except (UnicodeDecodeError, discord.HTTPException):
                raise HostError("record.unreadable") from None
            found = imported(text, game, players, moves)
            given, seed = dict(found.header.options), found.header.seed
            settings.update(rated=False, imported_moves=found.moves, record_moves=found.total)
        table = await self.bot.host.open_lobby(
            guild_id=interaction.guild_id, channel_id=interaction.channel_id, owner_id=interaction.user.id,
            owner_name=interaction.user.display_name, game_name=game, num_players=players,
            options=given, settings=settings, seed=seed)
        lang = await self.bot.guild_lang(interaction.guild_id)
        embed, view = self.bot.presenter.lobby_message(table, lang)
        await interaction.response.send_message(embed=embed, view=view)
        message = await interaction.original_response()
        await self.bot.host.attach(table.id, lobby_message_id=message.id)
        title = self.bot.host.game(table).titles.get(lang, table.game)
        try:
            thread_id = await open_thread(message, f"{title} #{table.id}"[:100])
        except discord.HTTPException:  # the lobby stands; its thread is made with the first board
            log.warning("could not open the thread of lobby %s", table.id, exc_info=True)
            await self.bot.reply(interaction, t("lobby.thread_later", await self.bot.lang_for(interaction)))
            return
        await self.bot.host.attach(table.id, thread_id=thread_id)

    @new.autocomplete("options")
    async def options_autocomplete(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        """Suggest ``key=value`` for the chosen game's options, keeping what was typed before."""
        chosen = getattr(interaction.namespace, "game", None)
        games = [g for g in all_games() if g.name == chosen] or all_games()
        done, _, last = current.rpartition(" ")
        typed = {pair.partition("=")[0] for pair in done.split()}
        suggestions = []
        for game in games:
            for option in game.options:
                if option.name in typed:
                    continue
                values = option.describe().get("choices") or [str(option.default)]
                for value in values:
                    pair = f"{option.name}={value}"
                    if pair.startswith(last):
                        suggestions.append((f"{done} {pair}".strip()))
        return [app_commands.Choice(name=s[:100], value=s[:100]) for s in dict.fromkeys(suggestions)][:25]

    @guarded
    async def action(self, interaction: discord.Interaction, table_id: int, action: str, level: str = "",
                     version: int | None = None) -> None:
        """A lobby button or the Add AI select (``version``: the lobby's, as the select was shown);
        the lobby message is redrawn in place."""
        host, user = self.bot.host, interaction.user
        await self.bot.lang_for(interaction)  # a player who only pressed Join gets DMs in their language
        if action == "start":
            await self._start(interaction, table_id)
            return
        if action == "join":
            table = await host.join(table_id, user.id, user.display_name)
        elif action == "leave":
            table = await host.leave(table_id, user.id)
        elif action == "add_ai":
            table = await host.add_ai(table_id, user.id, level, version=version)
        else:
            table = await host.cancel(table_id, user.id)
        lang = await self.bot.guild_lang(table.guild_id)
        embed, view = self.bot.presenter.lobby_message(table, lang)
        await interaction.response.edit_message(embed=embed, view=view)
        if action == "cancel":
            await self._close_thread(table, t("lobby.cancelled_post", lang))

    async def _start(self, interaction: discord.Interaction, table_id: int) -> None:
        """Start: acknowledged before the commit; after it, the lobby message, the greetings and
        the first board are each retried until shown (never "nothing was changed")."""
        await interaction.response.defer()
        table = await self.bot.host.start(table_id, interaction.user.id)
        presenter = self.bot.presenter

        async def lobby() -> None:
            fresh = await self.bot.host.table(table_id)
            embed, view = presenter.lobby_message(fresh, await self.bot.guild_lang(fresh.guild_id))
            await interaction.edit_original_response(embed=embed, view=view)

        async def greet_then_board() -> None:
            await presenter.check_dms(table)
            await presenter.show(table.id)

        await asyncio.gather(presenter.delivery.run(("reply", interaction.id), lobby,
                                                    what=f"the lobby of table {table_id}"),
                             greet_then_board())

    async def _close_thread(self, table, text: str) -> None:
        """Say why in the lobby's thread, then archive it (sending would unarchive it)."""
        if table.thread_id is None:
            return
        try:
            thread = await self.bot.channel(table.thread_id)
            await thread.send(text, allowed_mentions=discord.AllowedMentions.none())
            await thread.edit(archived=True)
        except discord.HTTPException:
            log.warning("could not archive the thread of table %s", table.id, exc_info=True)

    async def expire_lobbies(self) -> None:
        """Lobbies never started within ``BOT_LOBBY_DAYS``: closed, their message says so, their
        thread archived (called by the bot's tick)."""
        days = self.bot.host.limits.lobby_days
        for table in await self.bot.host.expire_lobbies():
            await self.bot.presenter.refresh_lobby(table)
            lang = await self.bot.guild_lang(table.guild_id)
            await self._close_thread(table, t("lobby.expired_post", lang, days=f"{days:g}"))
