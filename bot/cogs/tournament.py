"""``/tournament`` (new, start, standings, drop, adjudicate, cancel, export, fill; the organiser's
pause, resume, add and substitute; a player's team), the sign-up message's Join / Leave / Check in
buttons and a team invitation's Accept / Decline buttons (``/leaderboard`` and ``/rating``:
:mod:`bot.cogs.ratings`).

Handlers are thin: they check who may act, make one call to the tournament service
(:mod:`bot.host.tournaments`) and reply. What the tournament has to show (each round's game
threads with their players mentioned, the standings after each round, the podium) is brought up
to date from storage by :meth:`TournamentCog.sync`, after every change and at start, one
tournament at a time and one Discord call after another (discord.py waits out rate limits);
a thread that could not be created is tried again later.
"""

from __future__ import annotations

import asyncio
import io
import logging
import re
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

import tournaments as T
from bot.cogs import guarded, parse_options
from bot.host import HostError
from bot.host.store import TournamentRow
from bot.host.tournaments import MAX_FILL, TournamentService, is_ai, rating_summary, state_of
from bot.i18n import ls, t
from bot.posts import EMBED_FIELD, MESSAGE_LIMIT, clip, fit_embed, fit_lines, fit_list, fit_post
from bot.presenter import pinging
from games.messages import translate
from games.registry import all_games, get_game
from games.typed import integer, shown
from renderers.tournament import render_bracket_pages, render_podium, render_standings_pages
from tournaments.schedule import check_in_opens
from tournaments.settings import entrants_text, points_text, settings_text
from tournaments.state import CANCELLED, DONE, FINISHED, REGISTRATION, RUNNING

if TYPE_CHECKING:
    from bot.client import GameBot

log = logging.getLogger(__name__)

GAME_CHOICES = [app_commands.Choice(name=ls(f"game.{game.name}"), value=game.name) for game in all_games()]
FORMAT_CHOICES = [app_commands.Choice(name=ls(f"tournament.format.{f}"), value=f) for f in T.FORMATS]
#: Seconds before threads that could not be created are tried again.
RETRY_SECONDS = 30.0
#: The options of ``/tournament new`` for the organiser's schedule and entry rules.
ORGANISER_OPTIONS = ("team_size", "late_entry", "late_until", "round_start", "playing_hours", "start_at",
                     "signup_closes", "check_in_minutes", "drop_on_timeout")
#: The options of ``/tournament new`` for scoring, tie-breaks and entry numbers (issue 29); with
#: ``settings`` (any engine setting by name) every setting of the engine is reachable.
RULE_OPTIONS = ("points", "tie_breaks", "entrants", "settings")
#: Seconds between looks for scheduled starts and rounds whose time has come (with ticking on).
WAKE_SECONDS = 30.0
#: Entrants listed on the sign-up message (as many as its field holds) and lines of standings in
#: a text post (the images show them all).
LISTED = 40
STANDING_LINES = 20
#: Characters of an adjudication's reason repeated in the channel and the game's thread.
REASON_SHOWN = 300


def _places(text: str) -> list[int]:
    """``"1/2"`` to ``[1, 2]`` (the tournament checks each place against the table's size); a
    place is a short number, so a long digit string is refused before it is read."""
    parts = [p for p in re.split(r"[/,\s]+", text.strip()) if p]
    places = [integer(p) if p.isdigit() else None for p in parts]
    if not places or None in places:
        raise HostError("tourney.bad_places", value=shown(text, 50))
    return places


def _plain(value: float) -> str:
    return f"{value:g}"


#: Discord takes at most this many files on one message.
MAX_FILES = 10


def _files(images: list[bytes], stem: str) -> list[discord.File]:
    """PNG pages as files: ``stem.png``, then ``stem-2.png``..."""
    return [discord.File(io.BytesIO(png), filename=f"{stem}{'' if i == 0 else f'-{i + 1}'}.png")
            for i, png in enumerate(images)]


class SignupButton(discord.ui.DynamicItem[discord.ui.Button], template=r"tn:(?P<action>join|leave|check):(?P<id>\d+)"):
    """Join / Leave / Check in on a tournament's sign-up message (works across restarts)."""

    STYLES = {"join": discord.ButtonStyle.success, "leave": discord.ButtonStyle.secondary,
              "check": discord.ButtonStyle.primary}

    def __init__(self, action: str, tournament_id: int, lang: str = "en") -> None:
        super().__init__(discord.ui.Button(label=t(f"button.tourney.{action}", lang), style=self.STYLES[action],
                                           custom_id=f"tn:{action}:{tournament_id}"))
        self.action, self.tournament_id = action, tournament_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]):
        return cls(match["action"], int(match["id"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        cog = interaction.client.get_cog("Tournament")
        await cog.button(interaction, self.tournament_id, self.action)


class TeamButton(discord.ui.DynamicItem[discord.ui.Button],
                 template=r"tn:(?P<action>accept|decline):(?P<id>\d+):(?P<captain>\d+)"):
    """Accept / Decline on a team invitation (only the invited partner may answer)."""

    STYLES = {"accept": discord.ButtonStyle.success, "decline": discord.ButtonStyle.secondary}

    def __init__(self, action: str, tournament_id: int, captain: int, lang: str = "en") -> None:
        super().__init__(discord.ui.Button(label=t(f"button.tourney.{action}", lang), style=self.STYLES[action],
                                           custom_id=f"tn:{action}:{tournament_id}:{captain}"))
        self.action, self.tournament_id, self.captain = action, tournament_id, captain

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]):
        return cls(match["action"], int(match["id"]), int(match["captain"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        cog = interaction.client.get_cog("Tournament")
        await cog.answer(interaction, self.tournament_id, self.captain, self.action)


class TournamentCog(commands.Cog, name="Tournament"):
    tournament = app_commands.Group(name=ls("cmd.tournament"), description=ls("cmd.tournament.desc"), guild_only=True)

    def __init__(self, bot: "GameBot") -> None:
        self.bot = bot
        self.service = TournamentService(bot.host)
        self.service.listeners.append(self.changed)
        self._tasks: dict[int, asyncio.Task[None]] = {}
        self._wanted: set[int] = set()
        self._resumed = False
        #: What each sign-up message shows now (edited again only when it changed).
        self._shown: dict[int, Any] = {}
        self._waker: asyncio.Task[None] | None = None

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(SignupButton, TeamButton)

    async def cog_unload(self) -> None:
        for task in self._tasks.values():
            task.cancel()
        if self._waker is not None:
            self._waker.cancel()

    # -- helpers ----------------------------------------------------------------------------------

    async def _pick(self, interaction: discord.Interaction, tournament_id: int | None, *statuses: str) -> TournamentRow:
        """The tournament named, or the latest of this server in one of ``statuses``."""
        if tournament_id is not None:
            row = await self.service.get(tournament_id)
            if row.guild_id != interaction.guild_id:
                raise HostError("tourney.none", id=tournament_id)
            return row
        rows = await self.bot.host.store.tournaments_with_status(*statuses, guild_id=interaction.guild_id)
        if not rows:
            raise HostError("tourney.none_here")
        return rows[-1]

    @staticmethod
    def _organiser(interaction: discord.Interaction, row: TournamentRow) -> None:
        perms = getattr(interaction, "permissions", None)
        if interaction.user.id != row.owner_id and not (perms is not None and perms.manage_guild):
            raise HostError("tourney.organiser_only", id=row.id)

    def signup_message(self, row: TournamentRow, lang: str, zone: str = "UTC") -> tuple[discord.Embed, discord.ui.View | None]:
        tm = state_of(row)
        s = tm.settings
        game = get_game(s.game)
        embed = discord.Embed(title=t("tourney.title", lang, id=row.id, game=game.titles.get(lang, game.name),
                                      format=translate(f"tournament.format.{s.format}", lang)))
        rounds = tm.total_rounds or s.rounds or t("tourney.rounds_auto", lang)
        embed.description = "\n".join([t("tourney.body", lang, owner=f"<@{row.owner_id}>", rounds=rounds,
                                         size=s.table_size, rated=t("tourney.rated" if s.rated else "tourney.unrated", lang),
                                         check_in=self._entry_line(s, lang)),
                                        *self._rules_lines(s, lang),
                                        *self._schedule_lines(tm, lang, zone)])
        names = [("✅ " if s.check_in and e.checked_in else "") + e.name for e in tm.entrants]
        listed = fit_lines(names, lang, limit=EMBED_FIELD, more="tourney.more", at_most=LISTED) \
            or t("tourney.no_entrants", lang)
        embed.add_field(name=t("tourney.entrants", lang, count=len(names)), value=listed, inline=False)
        embed.set_footer(text=t(f"tourney.status.{tm.status}", lang, round=len(tm.rounds)))
        individual = s.team_size == 1
        fit_embed(embed, lang)
        if tm.status == REGISTRATION:
            actions = (("join",) if individual else ()) + ("leave",) + (("check",) if s.check_in else ())
        elif tm.status == RUNNING and individual and T.late_open(tm):
            actions = ("join",)  # late entry
        else:
            return embed, None
        view = discord.ui.View(timeout=None)
        for action in actions:
            view.add_item(SignupButton(action, row.id, lang))
        return embed, view

    @staticmethod
    def _showing(row: TournamentRow) -> tuple:
        """What of a tournament its sign-up message shows (to edit it only when that changed)."""
        tm = state_of(row)
        return (tm.status, tm.paused, str(tm.extra.get("round_due")), len(tm.rounds),
                tuple((e.name, e.checked_in, e.active) for e in tm.entrants))

    @staticmethod
    def _entry_line(s: T.Settings, lang: str) -> str:
        if s.check_in:
            return t("tourney.check_in_needed", lang)
        if s.team_size > 1:
            return t("tourney.team_line", lang, size=s.team_size)
        return t("tourney.no_check_in", lang)

    @staticmethod
    def _rules_lines(s: T.Settings, lang: str) -> list[str]:
        """The scoring, tie-breaks and entry numbers the event was set with (issue 29), so every
        setting an organiser can choose is stated where people sign up."""
        lines = []
        if s.elimination:
            lines.append(t("tourney.rules_best_of", lang, games=s.best_of))
            if s.format == "double_elimination":
                lines.append(t("tourney.rules_reset_on" if s.grand_final_reset else "tourney.rules_reset_off", lang))
        elif s.two_sided:
            lines.append(t("tourney.rules_points", lang, win=_plain(s.points_win), draw=_plain(s.points_draw),
                           loss=_plain(s.points_loss), bye=_plain(s.bye_points)))
        else:
            lines.append(t("tourney.rules_places", lang, places="/".join(_plain(p) for p in s.place_points),
                           bye=_plain(s.bye_points)))
        if s.cycles == 2:
            lines.append(t("tourney.rules_double_round_robin", lang))
        if s.groups > 1:
            lines.append(t("tourney.rules_groups", lang, groups=s.groups))
        if s.cut:
            lines.append(t("tourney.rules_cut", lang, cut=s.cut,
                           format=translate(f"tournament.format.{s.cut_format}", lang)))
            lines.append(t("tourney.rules_best_of", lang, games=s.best_of))
            if s.cut_format == "double_elimination":
                lines.append(t("tourney.rules_reset_on" if s.grand_final_reset else "tourney.rules_reset_off", lang))
        if s.third_place:
            lines.append(t("tourney.rules_third_place", lang))
        if s.tie_breaks:
            names = ", ".join(translate(f"tournament.tb.{name}", lang) for name in s.tie_breaks)
            lines.append(t("tourney.rules_tie_breaks", lang, names=names))
        lines.append(t("tourney.rules_entrants", lang, minimum=s.min_entrants, maximum=s.max_entrants))
        if s.rated:
            lines.append(t("tourney.rated_rule", lang))
        return lines

    @staticmethod
    def _schedule_lines(tm: T.Tournament, lang: str, zone: str) -> list[str]:
        """What the sign-up message says about time and entry: pause, scheduled start, windows,
        when rounds start, playing hours, late entry, teams, the timeout rule."""
        s, lines = tm.settings, []
        if tm.status not in (REGISTRATION, RUNNING):
            return lines
        if tm.paused:
            lines.append(t("tourney.paused_line", lang))
        if tm.status == REGISTRATION:
            if s.team_size > 1 and s.check_in:  # else it is the entry line
                lines.append(t("tourney.team_line", lang, size=s.team_size))
            if tm.start_at is not None:
                lines.append(t("tourney.start_at_line", lang, at=int(tm.start_at)))
            if tm.signup_closes_at is not None:
                lines.append(t("tourney.signup_closes_line", lang, at=int(tm.signup_closes_at)))
            opens = check_in_opens(tm.start_at, s.check_in_minutes)
            if s.check_in and opens is not None:
                lines.append(t("tourney.check_in_opens_line", lang, at=int(opens)))
        if s.round_start == "now":
            if s.playing_hours:
                lines.append(t("tourney.round_start_now", lang))
        elif s.round_start[-1] in "hm":
            lines.append(t("tourney.round_start_after", lang, delay=s.round_start))
        else:
            lines.append(t("tourney.round_start_at", lang, time=s.round_start, zone=zone))
        if s.playing_hours:
            lines.append(t("tourney.hours_line", lang, hours=s.playing_hours, zone=zone))
        due = tm.extra.get("round_due")
        if tm.status == RUNNING and not tm.paused and due and due.get("round") == len(tm.rounds) + 1:
            lines.append(t("tourney.next_round_line", lang, round=due["round"], at=int(due["at"])))
        if tm.status == RUNNING and T.late_open(tm) and s.team_size == 1:
            lines.append(t("tourney.late_line", lang, round=T.late_round(tm)))
        if s.drop_on_timeout and tm.extra.get("table", {}).get("timeout", "remind") != "remind":
            lines.append(t("tourney.timeout_rule", lang))
        return lines

    async def _zone(self, guild_id: int | None) -> str:
        return await self.bot.host.store.guild_zone(guild_id) or "UTC"

    async def _refresh_signup(self, row: TournamentRow) -> None:
        if row.message_id is None:
            return
        lang = await self.bot.guild_lang(row.guild_id)
        embed, view = self.signup_message(row, lang, await self._zone(row.guild_id))
        self._shown[row.id] = self._showing(row)
        try:
            channel = await self.bot.channel(row.channel_id)
            await channel.get_partial_message(row.message_id).edit(embed=embed, view=view,
                                                                   allowed_mentions=discord.AllowedMentions.none())
        except discord.HTTPException:
            log.warning("could not update the sign-up message of tournament %s", row.id, exc_info=True)

    async def _announce(self, interaction: discord.Interaction, row: TournamentRow, key: str, *,
                        pings: list[int] = (), **params: Any) -> None:
        """An organiser's action done: said publicly in the tournament's channel (in the server's
        language) and confirmed to the organiser (in theirs)."""
        channel = await self.bot.channel(row.channel_id)
        await channel.send(clip(t(key, await self.bot.guild_lang(row.guild_id), **params), MESSAGE_LIMIT),
                           allowed_mentions=pinging(pings))
        await self.bot.reply(interaction, clip(t(key, await self.bot.lang_for(interaction), **params), MESSAGE_LIMIT),
                             allowed_mentions=discord.AllowedMentions.none())

    # -- commands ---------------------------------------------------------------------------------

    @tournament.command(name=ls("cmd.tournament.new"), description=ls("cmd.tournament.new.desc"))
    @app_commands.rename(game=ls("cmd.opt.game"), format=ls("cmd.opt.format"), rounds=ls("cmd.opt.rounds"),
                         table_size=ls("cmd.opt.table_size"), rated=ls("cmd.opt.rated"),
                         check_in=ls("cmd.opt.check_in"), place_points=ls("cmd.opt.place_points"),
                         best_of=ls("cmd.opt.best_of"), options=ls("cmd.opt.options"), clock=ls("cmd.opt.clock"),
                         timeout=ls("cmd.opt.timeout"), posts=ls("cmd.opt.posts"), **{
                             name: ls(f"cmd.opt.{name}") for name in ORGANISER_OPTIONS + RULE_OPTIONS})
    @app_commands.describe(game=ls("cmd.opt.game.desc"), format=ls("cmd.opt.format.desc"),
                           rounds=ls("cmd.opt.rounds.desc"), table_size=ls("cmd.opt.table_size.desc"),
                           rated=ls("cmd.opt.rated.desc"), check_in=ls("cmd.opt.check_in.desc"),
                           place_points=ls("cmd.opt.place_points.desc"), best_of=ls("cmd.opt.best_of.desc"),
                           options=ls("cmd.opt.options.desc"), clock=ls("cmd.opt.clock.desc"),
                           timeout=ls("cmd.opt.timeout.desc"), posts=ls("cmd.opt.posts.desc"), **{
                               name: ls(f"cmd.opt.{name}.desc") for name in ORGANISER_OPTIONS + RULE_OPTIONS})
    @app_commands.choices(game=GAME_CHOICES, format=FORMAT_CHOICES)
    async def new(self, interaction: discord.Interaction, game: str, format: str = "swiss",
                  rounds: app_commands.Range[int, 1, 30] | None = None,
                  table_size: app_commands.Range[int, 2, 8] | None = None, rated: bool = True,
                  check_in: bool = False, place_points: str | None = None,
                  best_of: app_commands.Range[int, 1, 7] | None = None, options: str | None = None,
                  clock: str = "none", timeout: str = "remind", posts: bool = True,
                  team_size: app_commands.Range[int, 1, 4] | None = None, late_entry: bool | None = None,
                  late_until: app_commands.Range[int, 2, 30] | None = None, round_start: str | None = None,
                  playing_hours: str | None = None, start_at: str | None = None, signup_closes: str | None = None,
                  check_in_minutes: app_commands.Range[int, 0, 10080] | None = None,
                  drop_on_timeout: bool | None = None, points: str | None = None, tie_breaks: str | None = None,
                  entrants: str | None = None, settings: str | None = None) -> None:
        if isinstance(interaction.channel, discord.Thread):
            raise HostError("tourney.not_in_thread")
        chosen: dict[str, Any] = {"rounds": rounds, "rated": rated, "check_in": check_in,
                                  "game_options": parse_options(options)}
        given = {"table_size": table_size, "place_points": place_points, "best_of": best_of, "team_size": team_size,
                 "late_entry": late_entry, "late_until": late_until, "round_start": round_start,
                 "playing_hours": playing_hours, "start_at": start_at, "signup_closes": signup_closes,
                 "check_in_minutes": check_in_minutes, "drop_on_timeout": drop_on_timeout,
                 "tie_breaks": tie_breaks or None}
        given = {name: value for name, value in given.items() if value is not None}
        given.update(points_text(points) if points else {})
        given.update(entrants_text(entrants) if entrants else {})
        # ``settings`` reaches every setting of the engine by name; one named twice is refused
        by_name = settings_text(settings) if settings else {}
        for name in by_name:
            if name in given:
                raise T.SettingsError("tournament.error.setting_twice", name=name)
            if name == "game_options":
                raise T.SettingsError("tournament.error.settings_text", value="game_options=...")
        chosen.update(by_name)
        chosen.update(given)
        row = await self.service.create(guild_id=interaction.guild_id, channel_id=interaction.channel_id,
                                        owner_id=interaction.user.id, game=game, format=format, options=chosen,
                                        table={"clock": clock, "timeout": timeout, "posts": posts})
        lang = await self.bot.guild_lang(interaction.guild_id)
        embed, view = self.signup_message(row, lang, await self._zone(interaction.guild_id))
        await interaction.response.send_message(embed=embed, view=view, allowed_mentions=discord.AllowedMentions.none())
        message = await interaction.original_response()
        await self.service.attach(row.id, message.id)

    @guarded
    async def button(self, interaction: discord.Interaction, tournament_id: int, action: str) -> None:
        user = interaction.user
        if action == "join":
            row = await self.service.join(tournament_id, user.id, user.display_name)
        elif action == "leave":
            row = await self.service.leave(tournament_id, user.id)
        else:
            row = await self.service.check_in(tournament_id, user.id)
        lang = await self.bot.guild_lang(row.guild_id)
        embed, view = self.signup_message(row, lang, await self._zone(row.guild_id))
        await interaction.response.edit_message(embed=embed, view=view, allowed_mentions=discord.AllowedMentions.none())
        said = {"join": "tourney.joined", "leave": "tourney.left", "check": "tourney.checked_in"}[action]
        await interaction.followup.send(t(said, await self.bot.lang_for(interaction), id=row.id), ephemeral=True,
                                        allowed_mentions=discord.AllowedMentions.none())

    @tournament.command(name=ls("cmd.tournament.fill"), description=ls("cmd.tournament.fill.desc"))
    @app_commands.rename(count=ls("cmd.opt.count"), tournament_id=ls("cmd.opt.tournament"))
    @app_commands.describe(count=ls("cmd.opt.count.desc"), tournament_id=ls("cmd.opt.tournament.desc"))
    async def fill(self, interaction: discord.Interaction, count: app_commands.Range[int, 1, MAX_FILL],
                   tournament_id: int | None = None) -> None:
        row = await self._pick(interaction, tournament_id, REGISTRATION)
        self._organiser(interaction, row)
        row = await self.service.add_ai(row.id, count)
        await self.bot.reply(interaction, t("tourney.filled", await self.bot.lang_for(interaction), count=count, id=row.id),
                             allowed_mentions=discord.AllowedMentions.none())
        await self._refresh_signup(row)

    @tournament.command(name=ls("cmd.tournament.start"), description=ls("cmd.tournament.start.desc"))
    @app_commands.rename(tournament_id=ls("cmd.opt.tournament"))
    @app_commands.describe(tournament_id=ls("cmd.opt.tournament.desc"))
    async def start(self, interaction: discord.Interaction, tournament_id: int | None = None) -> None:
        row = await self._pick(interaction, tournament_id, REGISTRATION)
        self._organiser(interaction, row)
        # Opening a round's tables takes a moment; deferred ephemerally, so a refusal stays private.
        await interaction.response.defer(ephemeral=True, thinking=True)
        row, refused = await self.service.start(row.id)
        tm = state_of(row)
        first = tm.rounds[0] if tm.rounds else None
        if first is not None:
            await self._announce(interaction, row, "tourney.started", id=row.id, tables=len(first.tables),
                                 byes=len(first.byes))
        else:  # the first round waits for its scheduled time (said in the channel too)
            due = tm.extra.get("round_due") or {}
            await self._announce(interaction, row, "tourney.started_later", id=row.id, at=int(due.get("at", 0)))
        if refused:  # something real refused a game (not a cap: a tournament's tables are under none)
            lang = await self.bot.lang_for(interaction)
            await self.bot.reply(interaction, fit_list("tourney.tables_refused", lang, [str(r.table) for r in refused],
                                                       param="tables", round=refused[0].round,
                                                       reason=refused[0].error.message(lang)),
                                 allowed_mentions=discord.AllowedMentions.none())
        await self._refresh_signup(row)

    @tournament.command(name=ls("cmd.tournament.standings"), description=ls("cmd.tournament.standings.desc"))
    @app_commands.rename(tournament_id=ls("cmd.opt.tournament"))
    @app_commands.describe(tournament_id=ls("cmd.opt.tournament.desc"))
    async def standings(self, interaction: discord.Interaction, tournament_id: int | None = None) -> None:
        row = await self._pick(interaction, tournament_id, RUNNING, FINISHED)
        lang = await self.bot.lang_for(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        text, files = await self._standings_post(row, lang, t("tourney.standings_now", lang, id=row.id))
        await interaction.followup.send(text, files=files, ephemeral=True, allowed_mentions=discord.AllowedMentions.none())

    @tournament.command(name=ls("cmd.tournament.drop"), description=ls("cmd.tournament.drop.desc"))
    @app_commands.rename(player=ls("cmd.opt.player"), tournament_id=ls("cmd.opt.tournament"))
    @app_commands.describe(player=ls("cmd.opt.player.desc"), tournament_id=ls("cmd.opt.tournament.desc"))
    async def drop(self, interaction: discord.Interaction, player: discord.User,
                   tournament_id: int | None = None) -> None:
        row = await self._pick(interaction, tournament_id, REGISTRATION, RUNNING)
        self._organiser(interaction, row)
        await interaction.response.defer(ephemeral=True, thinking=True)
        row = await self.service.drop(row.id, str(player.id))
        await self._announce(interaction, row, "tourney.dropped", pings=[player.id], player=f"<@{player.id}>",
                             id=row.id)
        for link in await self.bot.host.store.tournament_links(row.id):
            if link.status == "active" and link.thread_id:  # an AI took a seat: let it play
                await self.bot.presenter.show(link.table_id)
                self.bot.presenter.schedule_ai(link.table_id)

    @tournament.command(name=ls("cmd.tournament.adjudicate"), description=ls("cmd.tournament.adjudicate.desc"))
    @app_commands.rename(table=ls("cmd.opt.table"), result=ls("cmd.opt.result"), reason=ls("cmd.opt.reason"),
                         tournament_id=ls("cmd.opt.tournament"))
    @app_commands.describe(table=ls("cmd.opt.table.desc"), result=ls("cmd.opt.result.desc"),
                           reason=ls("cmd.opt.reason.desc"), tournament_id=ls("cmd.opt.tournament.desc"))
    async def adjudicate(self, interaction: discord.Interaction, table: app_commands.Range[int, 1, 1000],
                         result: str, reason: str, tournament_id: int | None = None) -> None:
        row = await self._pick(interaction, tournament_id, RUNNING)
        self._organiser(interaction, row)
        places = _places(result)
        await interaction.response.defer(ephemeral=True, thinking=True)
        number = len(row.state["rounds"])  # the round being played (the next may open at once)
        row = await self.service.adjudicate(row.id, table, places, reason)
        params = {"table": table, "id": row.id, "places": "/".join(map(str, places)),
                  "reason": shown(reason, REASON_SHOWN)}
        await self._announce(interaction, row, "tourney.adjudicated", **params)
        lang = await self.bot.guild_lang(row.guild_id)
        for link in await self.bot.host.store.tournament_links(row.id):
            if link.round == number and link.number == table and link.status == "cancelled" \
                    and link.thread_id:  # the closed game's thread says why
                thread = await self.bot.channel(link.thread_id)
                await thread.send(t("tourney.adjudicated", lang, **params),
                                  allowed_mentions=discord.AllowedMentions.none())

    @tournament.command(name=ls("cmd.tournament.correct"), description=ls("cmd.tournament.correct.desc"))
    @app_commands.rename(round=ls("cmd.opt.round"), table=ls("cmd.opt.table"), result=ls("cmd.opt.result"),
                         reason=ls("cmd.opt.reason"), tournament_id=ls("cmd.opt.tournament"))
    @app_commands.describe(round=ls("cmd.opt.round.desc"), table=ls("cmd.opt.table.desc"),
                           result=ls("cmd.opt.result.desc"), reason=ls("cmd.opt.reason.desc"),
                           tournament_id=ls("cmd.opt.tournament.desc"))
    async def correct(self, interaction: discord.Interaction, round: app_commands.Range[int, 1, 1000],
                      table: app_commands.Range[int, 1, 1000], result: str, reason: str,
                      tournament_id: int | None = None) -> None:
        """Correct an earlier round's result (issue 29): the channel is told, standings follow."""
        row = await self._pick(interaction, tournament_id, RUNNING)
        self._organiser(interaction, row)
        places = _places(result)
        await interaction.response.defer(ephemeral=True, thinking=True)
        before = state_of(row)
        was = before.rounds[round - 1].table(table) if round <= len(before.rounds) else None
        row = await self.service.correct(row.id, round, table, places, reason)
        corrected = state_of(row).rounds[round - 1].table(table)
        await self._announce(interaction, row, "tourney.corrected", id=row.id, round=round, table=table,
                             was="/".join(map(str, was.places if was and was.places else [])),
                             places="/".join(map(str, corrected.places)), reason=shown(reason, REASON_SHOWN))

    @tournament.command(name=ls("cmd.tournament.repair"), description=ls("cmd.tournament.repair.desc"))
    @app_commands.rename(tournament_id=ls("cmd.opt.tournament"))
    @app_commands.describe(tournament_id=ls("cmd.opt.tournament.desc"))
    async def repair(self, interaction: discord.Interaction, tournament_id: int | None = None) -> None:
        """Pair the current round again before any of its games has a move (issue 29)."""
        row = await self._pick(interaction, tournament_id, RUNNING)
        self._organiser(interaction, row)
        await interaction.response.defer(ephemeral=True, thinking=True)
        row = await self.service.repair(row.id)
        await self._announce(interaction, row, "tourney.repaired", id=row.id, round=len(row.state["rounds"]))

    @tournament.command(name=ls("cmd.tournament.forbid"), description=ls("cmd.tournament.forbid.desc"))
    @app_commands.rename(player=ls("cmd.opt.player"), other=ls("cmd.opt.other"), allow=ls("cmd.opt.allow"),
                         tournament_id=ls("cmd.opt.tournament"))
    @app_commands.describe(player=ls("cmd.opt.player.desc"), other=ls("cmd.opt.other.desc"),
                           allow=ls("cmd.opt.allow.desc"), tournament_id=ls("cmd.opt.tournament.desc"))
    async def forbid(self, interaction: discord.Interaction, player: discord.User, other: discord.User,
                     allow: bool = False, tournament_id: int | None = None) -> None:
        """Keep two players apart in later pairings (issue 29), or let them meet again."""
        row = await self._pick(interaction, tournament_id, REGISTRATION, RUNNING)
        self._organiser(interaction, row)
        row = await self.service.forbid(row.id, player.id, other.id, not allow)
        await self.bot.reply(interaction, t("tourney.allowed" if allow else "tourney.forbidden",
                                            await self.bot.lang_for(interaction), id=row.id,
                                            first=f"<@{player.id}>", second=f"<@{other.id}>"),
                             allowed_mentions=discord.AllowedMentions.none())

    @tournament.command(name=ls("cmd.tournament.bye"), description=ls("cmd.tournament.bye.desc"))
    @app_commands.rename(cancel=ls("cmd.opt.cancel_bye"), tournament_id=ls("cmd.opt.tournament"))
    @app_commands.describe(cancel=ls("cmd.opt.cancel_bye.desc"), tournament_id=ls("cmd.opt.tournament.desc"))
    async def bye(self, interaction: discord.Interaction, cancel: bool = False,
                  tournament_id: int | None = None) -> None:
        """A player asks to sit out the next round with a half-point bye (issue 29)."""
        row = await self._pick(interaction, tournament_id, REGISTRATION, RUNNING)
        row, number = await self.service.request_bye(row.id, interaction.user.id, not cancel)
        await self.bot.reply(interaction, t("tourney.bye_withdrawn" if cancel else "tourney.bye_requested",
                                            await self.bot.lang_for(interaction), id=row.id, round=number,
                                            points=_plain(float(state_of(row).settings.half_bye_points))),
                             allowed_mentions=discord.AllowedMentions.none())

    @tournament.command(name=ls("cmd.tournament.cancel"), description=ls("cmd.tournament.cancel.desc"))
    @app_commands.rename(tournament_id=ls("cmd.opt.tournament"))
    @app_commands.describe(tournament_id=ls("cmd.opt.tournament.desc"))
    async def cancel(self, interaction: discord.Interaction, tournament_id: int | None = None) -> None:
        row = await self._pick(interaction, tournament_id, REGISTRATION, RUNNING)
        self._organiser(interaction, row)
        row = await self.service.cancel(row.id)
        await self._announce(interaction, row, "tourney.cancelled", id=row.id)
        await self._refresh_signup(row)

    @tournament.command(name=ls("cmd.tournament.pause"), description=ls("cmd.tournament.pause.desc"))
    @app_commands.rename(tournament_id=ls("cmd.opt.tournament"))
    @app_commands.describe(tournament_id=ls("cmd.opt.tournament.desc"))
    async def pause(self, interaction: discord.Interaction, tournament_id: int | None = None) -> None:
        await self._pause(interaction, tournament_id, True)

    @tournament.command(name=ls("cmd.tournament.resume"), description=ls("cmd.tournament.resume.desc"))
    @app_commands.rename(tournament_id=ls("cmd.opt.tournament"))
    @app_commands.describe(tournament_id=ls("cmd.opt.tournament.desc"))
    async def resume(self, interaction: discord.Interaction, tournament_id: int | None = None) -> None:
        await self._pause(interaction, tournament_id, False)

    async def _pause(self, interaction: discord.Interaction, tournament_id: int | None, paused: bool) -> None:
        row = await self._pick(interaction, tournament_id, RUNNING)
        self._organiser(interaction, row)
        await interaction.response.defer(ephemeral=True, thinking=True)
        row = await self.service.pause(row.id, paused)
        await self._announce(interaction, row, "tourney.paused" if paused else "tourney.resumed", id=row.id)
        await self._refresh_signup(row)

    @tournament.command(name=ls("cmd.tournament.add"), description=ls("cmd.tournament.add.desc"))
    @app_commands.rename(player=ls("cmd.opt.player"), partner=ls("cmd.opt.partner"),
                         team_name=ls("cmd.opt.team_name"), tournament_id=ls("cmd.opt.tournament"))
    @app_commands.describe(player=ls("cmd.opt.player.desc"), partner=ls("cmd.opt.partner.desc"),
                           team_name=ls("cmd.opt.team_name.desc"), tournament_id=ls("cmd.opt.tournament.desc"))
    async def add(self, interaction: discord.Interaction, player: discord.Member, partner: discord.Member | None = None,
                  team_name: str | None = None, tournament_id: int | None = None) -> None:
        row = await self._pick(interaction, tournament_id, REGISTRATION, RUNNING)
        self._organiser(interaction, row)
        people = [player] + ([partner] if partner is not None else [])
        if any(p.bot for p in people):
            raise HostError("tourney.not_a_person")
        if state_of(row).settings.team_size > 1:
            if partner is None:
                raise HostError("tourney.team_self")
            row = await self.service.add_team(row.id, [(p.id, p.display_name) for p in people],
                                              team_name or "")
        else:
            if partner is not None:
                raise HostError("tourney.not_team_event", id=row.id)
            row = await self.service.join(row.id, player.id, player.display_name, by_organiser=True)
        tm = state_of(row)
        entrant = tm.entrant_of_player(str(player.id))
        mentions = " ".join(f"<@{p.id}>" for p in people)
        if tm.status == RUNNING:
            await self._announce(interaction, row, "tourney.added_late", pings=[p.id for p in people],
                                 player=mentions, id=row.id, round=entrant.joined_round)
        else:
            await self._announce(interaction, row, "tourney.added", pings=[p.id for p in people], player=mentions,
                                 id=row.id)
        await self._refresh_signup(row)

    @tournament.command(name=ls("cmd.tournament.substitute"), description=ls("cmd.tournament.substitute.desc"))
    @app_commands.rename(player=ls("cmd.opt.player"), substitute=ls("cmd.opt.substitute"),
                         tournament_id=ls("cmd.opt.tournament"))
    @app_commands.describe(player=ls("cmd.opt.player.desc"), substitute=ls("cmd.opt.substitute.desc"),
                           tournament_id=ls("cmd.opt.tournament.desc"))
    async def substitute(self, interaction: discord.Interaction, player: discord.User, substitute: discord.Member,
                         tournament_id: int | None = None) -> None:
        row = await self._pick(interaction, tournament_id, REGISTRATION, RUNNING)
        self._organiser(interaction, row)
        if substitute.bot:
            raise HostError("tourney.not_a_person")
        await interaction.response.defer(ephemeral=True, thinking=True)
        row, changed = await self.service.substitute(row.id, player.id, substitute.id, substitute.display_name)
        params = {"player": f"<@{player.id}>", "substitute": f"<@{substitute.id}>"}
        await self._announce(interaction, row, "tourney.substituted", pings=[substitute.id], id=row.id, **params)
        lang = await self.bot.guild_lang(row.guild_id)
        for table_id in changed:  # the game's thread says who plays on, and shows them the board
            table = await self.bot.host.table(table_id)
            if table.thread_id:
                thread = await self.bot.channel(table.thread_id)
                await thread.send(t("tourney.sub_thread", lang, **params), allowed_mentions=pinging([substitute.id]))
            await self.bot.presenter.show(table_id)
        await self._refresh_signup(row)

    @tournament.command(name=ls("cmd.tournament.team"), description=ls("cmd.tournament.team.desc"))
    @app_commands.rename(team_name=ls("cmd.opt.team_name"), partner=ls("cmd.opt.partner"),
                         tournament_id=ls("cmd.opt.tournament"))
    @app_commands.describe(team_name=ls("cmd.opt.team_name.desc"), partner=ls("cmd.opt.partner.desc"),
                           tournament_id=ls("cmd.opt.tournament.desc"))
    async def team(self, interaction: discord.Interaction, team_name: str, partner: discord.Member,
                   tournament_id: int | None = None) -> None:
        row = await self._pick(interaction, tournament_id, REGISTRATION, RUNNING)
        if partner.bot:
            raise HostError("tourney.not_a_person")
        user = interaction.user
        row = await self.service.invite(row.id, user.id, user.display_name, partner.id, partner.display_name,
                                        team_name)
        name = state_of(row).extra["invites"][str(partner.id)]["name"]
        lang = await self.bot.guild_lang(row.guild_id)
        view = discord.ui.View(timeout=None)
        for action in ("accept", "decline"):
            view.add_item(TeamButton(action, row.id, user.id, lang))
        channel = await self.bot.channel(row.channel_id)
        await channel.send(t("tourney.invited", lang, partner=f"<@{partner.id}>", captain=f"<@{user.id}>", name=name,
                             id=row.id), view=view, allowed_mentions=pinging([partner.id]))
        await self.bot.reply(interaction, t("tourney.invite_sent", await self.bot.lang_for(interaction), name=name,
                                            id=row.id), allowed_mentions=discord.AllowedMentions.none())

    @guarded
    async def answer(self, interaction: discord.Interaction, tournament_id: int, captain: int, action: str) -> None:
        """The invited partner accepts (the team is entered) or declines a team invitation."""
        invites = state_of(await self.service.get(tournament_id)).extra.get("invites", {})
        invite = invites.get(str(interaction.user.id))
        if invite is None or invite["captain"] != captain:
            mine = any(i["captain"] == captain for i in invites.values())
            raise HostError("tourney.invite_not_yours" if mine else "tourney.no_invite")
        lang = await self.bot.guild_lang(interaction.guild_id)
        if action == "accept":
            row = await self.service.accept(tournament_id, interaction.user.id, captain)
            entrant = state_of(row).entrant_of_player(str(interaction.user.id))
            text = t("tourney.team_entered", lang, name=entrant.name, id=row.id,
                     players=" & ".join(f"<@{m}>" for m in entrant.members))
        else:
            row = await self.service.decline(tournament_id, interaction.user.id, captain)
            text = t("tourney.declined", lang, name=invite["name"])
        await interaction.response.edit_message(content=text, view=None,
                                                allowed_mentions=discord.AllowedMentions.none())
        await self._refresh_signup(row)

    @tournament.command(name=ls("cmd.tournament.export"), description=ls("cmd.tournament.export.desc"))
    @app_commands.rename(tournament_id=ls("cmd.opt.tournament"))
    @app_commands.describe(tournament_id=ls("cmd.opt.tournament.desc"))
    async def export(self, interaction: discord.Interaction, tournament_id: int | None = None) -> None:
        row = await self._pick(interaction, tournament_id, RUNNING, FINISHED, CANCELLED)
        data = T.export_csv(state_of(row)).encode("utf-8")
        await self.bot.reply(interaction, t("tourney.export_caption", await self.bot.lang_for(interaction), id=row.id),
                             file=discord.File(io.BytesIO(data), filename=f"tournament-{row.id}.csv"),
                             allowed_mentions=discord.AllowedMentions.none())

    # -- bringing Discord up to date ----------------------------------------------------------------

    @commands.Cog.listener()
    async def on_ready(self) -> None:
        if self._resumed:
            return
        self._resumed = True
        try:
            for tournament_id in await self.service.resume():
                self.changed(tournament_id)
        except Exception:
            log.exception("resuming the tournaments failed")
        if self.bot.settings.tick_seconds > 0:  # tests without ticking call wake() themselves
            self._waker = asyncio.get_running_loop().create_task(self._waking(), name="tournament-waker")

    async def _waking(self) -> None:
        while True:
            await asyncio.sleep(WAKE_SECONDS)
            try:
                await self.wake()
            except Exception:
                log.exception("waking the tournaments failed")

    async def wake(self) -> None:
        """Start what time has made due (scheduled starts, rounds waiting for their hour) and
        show it."""
        for tournament_id in await self.service.wake():
            self.changed(tournament_id)

    def changed(self, tournament_id: int) -> None:
        """Bring the tournament's posts and threads up to date soon (one sync at a time each)."""
        self._wanted.add(tournament_id)
        running = self._tasks.get(tournament_id)
        if running is None or running.done():
            self._tasks[tournament_id] = asyncio.get_running_loop().create_task(
                self._syncing(tournament_id), name=f"tournament-{tournament_id}")

    async def _syncing(self, tournament_id: int) -> None:
        while tournament_id in self._wanted:
            self._wanted.discard(tournament_id)
            try:
                async with self.bot.host.store.exclusive(f"tournament posts:{tournament_id}"):  # one process posts
                    synced = await self.sync(tournament_id)
                if not synced:
                    asyncio.get_running_loop().call_later(RETRY_SECONDS, self.changed, tournament_id)
            except Exception:
                log.exception("showing tournament %s failed", tournament_id)

    async def sync(self, tournament_id: int) -> bool:
        """Post what is due, in order: standings of each round just done (from that round's
        results only, however late), a thread for each opened game (its players mentioned), the
        podium at the end. ``False`` when something failed and must be tried again later (a
        refused standings post holds back the later ones and the podium, not the games' threads)."""
        row = await self.service.get(tournament_id)
        tm = state_of(row)
        lang = await self.bot.guild_lang(row.guild_id)
        channel = await self.bot.channel(row.channel_id)
        done = [r.number for r in tm.rounds if r.status == DONE]
        ok = standings_posted = True
        for number in done:
            if number > row.announced_round and not (tm.status == FINISHED and number == done[-1]):
                heading = t("tourney.standings_after", lang, id=row.id, round=number)
                # Posted, then recorded: a stop in between leaves the post in the channel, found there.
                # However late, it shows rounds 1..number only.
                try:
                    if await self._posted(channel, lambda m, heading=heading: m.content.split("\n", 1)[0] == heading) \
                            is None:
                        text, files = await self._standings_post(row, lang, heading, through_round=number)
                        await channel.send(text, files=files, allowed_mentions=discord.AllowedMentions.none())
                except discord.HTTPException:  # tried again later; the games go on meanwhile
                    log.warning("could not post the standings after round %s of tournament %s; trying again later",
                                number, row.id, exc_info=True)
                    ok = standings_posted = False
                    break
                row = await self.bot.host.store.update_tournament(row.id, announced_round=number)
        missing = [link for link in await self.bot.host.store.tournament_links(row.id)
                   if link.thread_id is None and link.status in ("active", "finished")]
        made = await self._threads_made(channel) if missing else {}
        for link in missing:
            try:
                await self._open_thread(row, tm, link, channel, lang, made)
            except discord.HTTPException:
                log.warning("could not open the thread of table %s; trying again later", link.table_id,
                            exc_info=True)
                ok = False
        notices = await self.service.notices(row.id)
        for notice in notices:  # the timeout rule's drops, rounds waiting for their time
            params = notice["params"]
            pings = [int(p) for p in re.findall(r"<@(\d+)>", str(params.get("players", "")))]
            await channel.send(clip(t(notice["key"], lang, **params), MESSAGE_LIMIT), allowed_mentions=pinging(pings))
        if notices:
            await self.service.said(row.id, len(notices))
            row = await self.service.get(row.id)
        if tm.status == FINISHED and row.podium_message_id is None and standings_posted:  # the podium comes last
            message = await self._podium(row, tm, channel, lang)
            row = await self.bot.host.store.update_tournament(row.id, podium_message_id=message.id,
                                                              announced_round=len(tm.rounds))
            await self._refresh_signup(row)
        elif self._shown.get(row.id) != self._showing(row):
            await self._refresh_signup(row)
        return ok

    async def _posted(self, channel: Any, match: Any, limit: int = 50) -> discord.Message | None:
        """The bot's own recent message in ``channel`` that ``match`` accepts, if any."""
        async for message in channel.history(limit=limit):
            if message.author.id == self.bot.user.id and match(message):
                return message
        return None

    async def _threads_made(self, channel: Any) -> dict[str, Any]:
        """The active threads under ``channel`` by name (one request): a thread made just before
        a stop, not yet recorded, is taken up instead of made twice."""
        threads = await channel.guild.active_threads()
        return {th.name: th for th in threads if th.parent_id == channel.id and th.owner_id == self.bot.user.id}

    async def _open_thread(self, row: TournamentRow, tm: T.Tournament, link: Any, channel: Any, lang: str,
                           made: dict[str, Any]) -> None:
        """The game's thread with its first post (the players mentioned), then recorded: after a
        stop anywhere in between, the thread found under its name and the post in it are not made
        again."""
        table = await self.bot.host.table(link.table_id)
        name = t("tourney.thread_name", lang, id=row.id, round=link.round, table=link.number)[:100]
        humans = [s.user_id for s in table.seats if s.user_id is not None]
        players = " vs ".join(f"<@{s.user_id}>" if s.user_id else s.name for s in table.seats)
        intro = t("tourney.table_intro", lang, id=row.id, round=link.round, table=link.number, players=players)
        thread = made.pop(name, None)
        if thread is None or await self._posted(thread, lambda m: m.content == intro, limit=10) is None:
            if thread is None:
                thread = await channel.create_thread(name=name, type=discord.ChannelType.public_thread,
                                                     auto_archive_duration=10080)
            await thread.send(intro, allowed_mentions=pinging(humans))
        await self.bot.host.attach(table.id, thread_id=thread.id)
        await self.bot.presenter.show(table.id)

    async def _standings_post(self, row: TournamentRow, lang: str, heading: str,
                              through_round: int | None = None) -> tuple[str, list[discord.File]]:
        """The standings (now, or after round ``through_round``: from that round's results only)
        as text (the top lines) and as images (a large field on several pages), with the byes of
        the round being played (after round N: of round N+1)."""
        tm = state_of(row)
        view = T.standings_view(tm, tm.extra.get("names"), title=heading.strip("*"), through_round=through_round)
        if len(tm.groups) > 1 and not tm.in_bracket:  # a round robin in groups: a picture per group
            images = []
            for k in range(len(tm.groups)):
                name = chr(ord("A") + k) if k < 26 else str(k + 1)
                shown = T.standings_view(tm, tm.extra.get("names"), through_round=through_round, group=k,
                                         title=f"{heading.strip('*')} · {t('tourney.group', lang, name=name)}")
                images += await asyncio.to_thread(render_standings_pages, shown, lang=lang)
        else:
            images = await asyncio.to_thread(render_standings_pages, view, lang=lang)
        files = _files(images, f"standings-{row.id}")[:MAX_FILES]
        if tm.in_bracket:  # the bracket first: where everyone stands, and who meets whom next
            bracket = T.bracket_view(tm, tm.extra.get("names"), title=heading.strip("*"))
            files = [*_files(await asyncio.to_thread(render_bracket_pages, bracket, lang=lang), f"bracket-{row.id}"),
                     *files][:MAX_FILES]
        lines = [t("tourney.standing_line", lang, rank=r["rank"], name=r["name"], points=_plain(r["points"]))
                 + (f" ({t('tournament.image.dropped', lang)})" if r["dropped"] else "") for r in view["rows"]]
        if through_round is None:
            current = tm.current_round
            byes = current.byes if current is not None and current.status != DONE else []
        else:
            byes = tm.rounds[through_round].byes if through_round < len(tm.rounds) else []
        byes_line = [fit_list("tourney.byes", lang, [tm.entrant(b).name for b in byes], param="names",
                              limit=MESSAGE_LIMIT // 4)] if byes else []
        # The heading first (a repost is found by it), the top lines, the byes last.
        return fit_post([heading], [[line] for line in lines], byes_line, lang, keep="first", more="tourney.more",
                        at_most=STANDING_LINES), files

    @staticmethod
    def _ratings_said(tm: T.Tournament, lang: str) -> str:
        """Which of the event's games moved ratings, and why the others did not (issue 29)."""
        if not tm.settings.rated:
            return t("tourney.podium_unrated", lang)
        summary = rating_summary(tm)
        lines = [t("tourney.podium_rated", lang, rated=summary.rated, games=summary.games)]
        if summary.ai_only:
            lines.append(t("tourney.podium_ai_only", lang, count=summary.ai_only))
        if summary.adjudicated:
            lines.append(t("tourney.podium_adjudicated", lang, count=summary.adjudicated))
        return " ".join(lines)

    async def _podium(self, row: TournamentRow, tm: T.Tournament, channel: Any, lang: str) -> discord.Message:
        view = T.standings_view(tm, tm.extra.get("names"), title=t("tourney.status.finished", lang))
        image = await asyncio.to_thread(render_podium, view, lang=lang)
        standings_images = await asyncio.to_thread(render_standings_pages, view, lang=lang)
        bracket_images = []
        if tm.in_bracket:
            bracket = T.bracket_view(tm, tm.extra.get("names"), title=t("tourney.status.finished", lang))
            bracket_images = await asyncio.to_thread(render_bracket_pages, bracket, lang=lang)
        top = [r for r in view["rows"] if r["rank"] <= 3]

        def people(r: dict) -> list[int]:
            """The people who play for an entry now (a substitute, a team's members)."""
            return [int(m) for m in tm.entrant(r["id"]).members if not is_ai(m) and str(m).isdigit()]

        def who(r: dict) -> str:
            # a person is mentioned; a team is named with its people; an AI is named
            players = people(r)
            if tm.settings.team_size == 1 or not players:
                return f"<@{players[0]}>" if players else r["name"]
            return f"{r['name']} ({' & '.join(f'<@{p}>' for p in players)})"
        first = ", ".join(who(r) for r in top if r["rank"] == 1)
        podium = [f"{r['rank']}. {who(r)} ({_plain(r['points'])})" for r in top]
        humans = [user for r in top for user in people(r)]
        ratings = self._ratings_said(tm, lang)
        content = fit_list("tourney.podium", lang, podium, param="podium", sep=" · ", id=row.id, first=first,
                           limit=MESSAGE_LIMIT - len(ratings) - 1)
        content = f"{content}\n{ratings}"
        posted = await self._posted(channel, lambda m: m.content == content)  # before a stop, not recorded
        if posted is not None:
            return posted
        return await channel.send(content,
                                  files=[discord.File(io.BytesIO(image), filename=f"podium-{row.id}.png"),
                                         *_files(bracket_images, f"bracket-{row.id}"),
                                         *_files(standings_images, f"final-{row.id}")][:MAX_FILES],
                                  allowed_mentions=pinging(humans))
