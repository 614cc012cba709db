"""Tournaments and ratings on the host (no Discord): the pure core (:mod:`tournaments`) stored as
one JSON document per tournament with a version check, its rounds opened as game tables of the
:class:`~bot.host.host.Host`, results recorded when those games finish, and openskill ratings
per (server, game, player) for every finished rated game.

Everything is re-derived from storage: :meth:`TournamentService.advance` looks at the stored
tournament and its linked game tables and does whatever is due (begin a paired round, open the
games a round still lacks, record finished games, pair the next round), so the same call serves
a finished game, an organiser's action and a restart (a round whose games all ended while the
bot was down moves on at :meth:`TournamentService.resume`). The platform learns that something
is to be shown through :attr:`TournamentService.listeners` and reads what to show from storage.
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass
from typing import Any, Callable

import tournaments as T
from games.errors import GameError
from tournaments import schedule
from tournaments.engine import MAX_NAME
from tournaments.state import CANCELLED, DONE, FINISHED, PAIRED, PLAYING, REGISTRATION, RUNNING

from bot.host.clock import zone
from bot.host.errors import HostError, within
from bot.host.store import SeatRow, StaleVersion, TableRow, TournamentLink, TournamentRow

log = logging.getLogger(__name__)

#: Entrant ids of AI fill-ins start with this (people are their Discord user id; a team is
#: ``team:`` and its captain's id).
AI_PREFIX = "ai:"
TEAM_PREFIX = "team:"
#: AI fill-ins one ``/tournament fill`` adds at most.
MAX_FILL = 64
#: Attempts to rate a server's game again after a correction while other games keep finishing.
RERATE_TRIES = 5
#: Move notes that say the table's timeout policy acted for an absent seat.
TIMEOUT_NOTES = ("clock.ai_moved", "clock.skipped")
#: The settings of a tournament's game tables unless the organiser chose otherwise: no clock,
#: and vacation off (a tournament waits for nobody's holiday).
TABLE_DEFAULTS = {"clock": "none", "timeout": "remind", "vacation": False, "posts": True}


def is_ai(player: str) -> bool:
    return str(player).startswith(AI_PREFIX)


def state_of(row: TournamentRow) -> T.Tournament:
    return T.Tournament.from_json(row.state)


@dataclass(frozen=True)
class RatingSummary:
    """What a tournament's games did to ratings: ``games`` recorded, ``rated`` of them moved
    ratings, ``ai_only`` had fewer than two sides with a person (AI fill-ins are left out of
    ratings, so nobody was left to be rated against), ``adjudicated`` had their result set by the
    organiser (not rated)."""

    games: int
    rated: int
    ai_only: int
    adjudicated: int


def rating_summary(t: T.Tournament) -> RatingSummary:
    games = rated = ai_only = adjudicated = 0
    for rnd in t.rounds:
        for table in rnd.tables:
            people = sum(1 for side in table.entrants
                         if any(not is_ai(m) for m in t.entrant(side).members))
            for _ in table.games:
                games += 1
                if table.reason is not None:
                    adjudicated += 1
                elif people < 2:
                    ai_only += 1
                elif t.settings.rated:
                    rated += 1
    return RatingSummary(games, rated, ai_only, adjudicated)


@dataclass(frozen=True)
class Refusal:
    """A game of a round that could not open now (``table``: its table number), and why; the
    next :meth:`TournamentService.advance` tries it again."""

    round: int
    table: int
    error: GameError


class TournamentService:
    """Tournaments of one bot process; each method is a short transaction on the stored state."""

    def __init__(self, host: Any) -> None:
        self.host = host
        self.store = host.store
        self._locks: dict[int, asyncio.Lock] = {}
        #: Called with a tournament id whenever it has something new to show (tables opened, a
        #: round done, the end); listeners read what from storage.
        self.listeners: list[Callable[[int], None]] = []
        host.finish_hooks.append(self.table_finished)

    def lock(self, tournament_id: int) -> asyncio.Lock:
        return self._locks.setdefault(tournament_id, asyncio.Lock())

    def _notify(self, tournament_id: int) -> None:
        for listener in self.listeners:
            try:
                listener(tournament_id)
            except Exception:
                log.exception("a tournament listener failed for tournament %s", tournament_id)

    # -- reading ----------------------------------------------------------------------------------

    async def get(self, tournament_id: int) -> TournamentRow:
        row = await self.store.get_tournament(int(tournament_id)) if 0 < int(tournament_id) < 1 << 62 else None
        if row is None:
            raise HostError("tourney.none", id=tournament_id)
        return row

    async def _change(self, tournament_id: int, change: Callable[[T.Tournament], T.Tournament]) -> tuple[TournamentRow, T.Tournament]:
        """Apply a core operation to the stored tournament and store the result (one version)."""
        async with self.lock(tournament_id):
            row = await self.get(tournament_id)
            new = change(state_of(row))
            return await self._save(row, new), new

    async def _save(self, row: TournamentRow, t: T.Tournament) -> TournamentRow:
        try:
            return await self.store.update_tournament(row.id, row.version, state=t.to_json(), status=t.status)
        except StaleVersion:
            raise HostError("host.stale") from None

    # -- registration -----------------------------------------------------------------------------

    async def create(self, *, guild_id: int, channel_id: int, owner_id: int, game: str, format: str,
                     options: dict[str, Any], table: dict[str, Any] | None = None) -> TournamentRow:
        """A new tournament open for sign-up. ``options``: :meth:`tournaments.Settings.make`'s;
        ``table``: the games' table settings (clock, timeout, ...) and ``ai_level`` for fill-ins."""
        options = dict(options)
        when = {name: options.pop(name) for name in ("start_at", "signup_closes") if name in options}
        settings = T.Settings.make(game, format, **options)
        table = {**TABLE_DEFAULTS, **(table or {})}
        ai_level = table.pop("ai_level", "random")
        t = T.new_tournament(settings, seed=self.host.seed_source(),
                             extra={"table": table, "ai_level": ai_level, "names": {}})
        now, tz = self.host.clock(), await self.zone(guild_id)
        if when.get("start_at"):
            t.start_at = schedule.parse_when(when["start_at"], now, tz, "start_at")
        if when.get("signup_closes"):
            t.signup_closes_at = schedule.parse_when(when["signup_closes"], now, tz, "signup_closes")
            if t.start_at is not None and t.signup_closes_at > t.start_at:
                raise T.SettingsError("tournament.error.signup_after_start")
        return await self.store.create_tournament(guild_id=guild_id, channel_id=channel_id, owner_id=owner_id,
                                                  game=settings.game, status=t.status, state=t.to_json())

    async def attach(self, tournament_id: int, message_id: int) -> TournamentRow:
        """Remember the sign-up message."""
        return await self.store.update_tournament(tournament_id, message_id=message_id)

    async def zone(self, guild_id: int | None) -> Any:
        """The server's time zone (``/settings timezone``; UTC when unset)."""
        return zone(await self.store.guild_zone(guild_id))

    async def join(self, tournament_id: int, user_id: int, name: str, *, by_organiser: bool = False) -> TournamentRow:
        """Sign up (seeded by the player's rating in this server's game); after the start, a
        late entry when the event allows it. A player's own sign-up keeps to the sign-up window;
        an organiser adding them does not."""
        if (await self._state(tournament_id)).settings.team_size > 1:
            raise HostError("tourney.team_event", id=tournament_id)
        return await self._enter(tournament_id, str(user_id), name, [(user_id, name)], by_organiser)

    async def _enter(self, tournament_id: int, entrant_id: str, name: str, people: list[tuple[int, str]],
                     by_organiser: bool) -> TournamentRow:
        row = await self.get(tournament_id)
        stored = await self.store.ratings(row.guild_id, row.game, [user for user, _ in people])
        ratings = [T.Rating(*stored[user]).ordinal if user in stored else 0.0 for user, _ in people]
        now = None if by_organiser else self.host.clock()

        def join(t: T.Tournament) -> T.Tournament:
            new = T.add_entrant(t, entrant_id, name, members=[str(user) for user, _ in people],
                                rating=sum(ratings) / len(ratings), now=now)
            names = new.extra.setdefault("names", {})
            names.update({str(user): said for user, said in people})
            names[entrant_id] = name
            new.extra.get("invites", {}).pop(str(people[-1][0]), None)
            return new
        row, _ = await self._change(tournament_id, join)
        return row

    async def _state(self, tournament_id: int) -> T.Tournament:
        return state_of(await self.get(tournament_id))

    async def leave(self, tournament_id: int, user_id: int) -> TournamentRow:
        """Leave during sign-up: a team member withdraws the whole team."""
        def leave(t: T.Tournament) -> T.Tournament:
            return T.remove_entrant(t, self._entrant_id(t, user_id))
        row, _ = await self._change(tournament_id, leave)
        return row

    async def check_in(self, tournament_id: int, user_id: int) -> TournamentRow:
        """Check in (for a team, any member checks in the team), within the check-in window."""
        now = self.host.clock()
        row, _ = await self._change(tournament_id, lambda t: T.check_in(t, self._entrant_id(t, user_id), True,
                                                                          now=now))
        return row

    @staticmethod
    def _entrant_id(t: T.Tournament, player: int | str) -> str:
        """The entrant a player plays for (their own entry, or their team)."""
        entrant = t.entrant_of_player(str(player))
        return entrant.id if entrant is not None else str(player)

    # -- teams ------------------------------------------------------------------------------------

    async def invite(self, tournament_id: int, captain: int, captain_name: str, partner: int, partner_name: str,
                     team_name: str) -> TournamentRow:
        """A player asks a partner to form a team (team events): kept until the partner accepts
        or declines; nothing is entered yet. Refused when either already plays in the event."""
        name = str(team_name).strip()[:MAX_NAME]
        if not name:
            raise HostError("tourney.team_name")
        if int(captain) == int(partner):
            raise HostError("tourney.team_self")

        def invite(t: T.Tournament) -> T.Tournament:
            if t.settings.team_size != 2:
                raise HostError("tourney.not_team_event", id=tournament_id)
            if t.status != REGISTRATION and not T.late_open(t):
                raise T.EntryError("tournament.error.registration_closed")
            for user, said in ((captain, captain_name), (partner, partner_name)):
                if t.entrant_of_player(str(user)) is not None:
                    raise T.EntryError("tournament.error.player_taken", player=said,
                                       team=t.entrant_of_player(str(user)).name)
            if any(e.name.casefold() == name.casefold() for e in t.entrants):
                raise T.EntryError("tournament.error.already_entered", name=name)
            new = t.copy()
            new.extra.setdefault("invites", {})[str(partner)] = {
                "captain": int(captain), "captain_name": captain_name, "partner_name": partner_name, "name": name}
            return new
        row, _ = await self._change(tournament_id, invite)
        return row

    async def accept(self, tournament_id: int, partner: int, captain: int) -> TournamentRow:
        """The invited partner agrees: the team is entered (captain first)."""
        invite = (await self._state(tournament_id)).extra.get("invites", {}).get(str(partner))
        if invite is None or invite["captain"] != int(captain):
            raise HostError("tourney.no_invite")
        return await self._enter(tournament_id, f"{TEAM_PREFIX}{captain}", invite["name"],
                                 [(int(captain), invite["captain_name"]), (int(partner), invite["partner_name"])],
                                 False)

    async def decline(self, tournament_id: int, partner: int, captain: int) -> TournamentRow:
        def decline(t: T.Tournament) -> T.Tournament:
            invite = t.extra.get("invites", {}).get(str(partner))
            if invite is None or invite["captain"] != int(captain):
                raise HostError("tourney.no_invite")
            new = t.copy()
            del new.extra["invites"][str(partner)]
            return new
        row, _ = await self._change(tournament_id, decline)
        return row

    async def add_team(self, tournament_id: int, people: list[tuple[int, str]], team_name: str) -> TournamentRow:
        """The organiser enters a team directly (no confirmation needed)."""
        if len({user for user, _ in people}) != len(people):
            raise HostError("tourney.team_self")
        name = str(team_name).strip() or " & ".join(said for _, said in people)
        return await self._enter(tournament_id, f"{TEAM_PREFIX}{people[0][0]}", name, people, True)

    async def add_ai(self, tournament_id: int, count: int) -> TournamentRow:
        """``count`` (1 to :data:`MAX_FILL`) AI fill-ins (entrants ``ai:1``, ``ai:2``... who sit
        as AI seats)."""
        count = within("count", count, 1, MAX_FILL)

        def add(t: T.Tournament) -> T.Tournament:
            taken = sum(1 for e in t.entrants if is_ai(e.id))
            size = t.settings.team_size
            for n in range(taken + 1, taken + count + 1):
                members = [f"{AI_PREFIX}{n}"] if size == 1 else [f"{AI_PREFIX}{n}.{k}" for k in range(1, size + 1)]
                t = T.add_entrant(t, f"{AI_PREFIX}{n}", f"AI {n}", members=members)
                if t.settings.check_in:
                    t = T.check_in(t, f"{AI_PREFIX}{n}", True)
            return t
        row, _ = await self._change(tournament_id, add)
        return row

    # -- running ----------------------------------------------------------------------------------

    async def start(self, tournament_id: int) -> tuple[TournamentRow, list[Refusal]]:
        """Close sign-up and open the first round's games (all of them: a tournament's tables
        are under no person's caps). Returns the tournament and the games that could not open."""
        await self._change(tournament_id, T.start)
        refused = await self.advance(tournament_id)
        return await self.get(tournament_id), refused

    async def drop(self, tournament_id: int, player: str) -> TournamentRow:
        """Withdraw an entrant: not paired again; an AI finishes a game of theirs still being played
        (recorded as abandoned: a loss for them, excluded from the others' ratings)."""
        row, t = await self._change(tournament_id, lambda t: T.drop(t, self._entrant_id(t, player)))
        if t.status == RUNNING and t.current_round is not None and not is_ai(player):
            entrant = t.entrant(self._entrant_id(t, player))
            users = {int(m) for m in (entrant.members if entrant else [player]) if str(m).isdigit()}
            for link in await self.store.tournament_links(tournament_id):
                if link.round == t.current_round.number and link.status == "active":
                    await self._hand_over(link.table_id, users)
        await self.advance(tournament_id)
        return await self.get(tournament_id)

    async def _hand_over(self, table_id: int, users: set[int]) -> None:
        async with self.host.lock(table_id):
            table = await self.host.table(table_id)
            seats = [s.seat for s in table.seats if s.user_id in users]
            if table.status == "active" and seats:
                await self.host._hand_to_ai(table, seats, "dropped")

    async def pause(self, tournament_id: int, paused: bool = True) -> TournamentRow:
        """Pause (no new round is paired; games being played go on) or resume the event; a
        resumed event pairs its next round at once when one is due."""
        row, _ = await self._change(tournament_id, lambda t: T.pause(t, paused))
        if not paused:
            await self.advance(tournament_id)
            row = await self.get(tournament_id)
        return row

    async def substitute(self, tournament_id: int, player: int, substitute: int, name: str) -> tuple[TournamentRow, list[int]]:
        """``substitute`` takes ``player``'s place in their entry for the rest of the event; the
        seat of a game of theirs still being played passes to the substitute (the game goes on).
        Returns the tournament and the game tables whose seat changed."""
        def swap(t: T.Tournament) -> T.Tournament:
            if t.status not in (REGISTRATION, RUNNING):
                raise T.PhaseError("tournament.error.over")
            new = T.substitute(t, self._entrant_id(t, player), str(player), str(substitute))
            new.extra.setdefault("names", {})[str(substitute)] = name
            entrant = new.entrant_of_player(str(substitute))
            if entrant.id == str(player):  # an individual entry keeps its id; its name follows the player
                entrant.name = name
                new.extra["names"][entrant.id] = name
            return new
        row, t = await self._change(tournament_id, swap)
        changed = []
        current = t.current_round
        for link in await self.store.tournament_links(tournament_id):
            if current is not None and link.round == current.number and link.status == "active":
                async with self.host.lock(link.table_id):
                    table = await self.host.table(link.table_id)
                    if table.status == "active" and any(s.user_id == int(player) for s in table.seats):
                        seats = [SeatRow(s.seat, int(substitute), None, name) if s.user_id == int(player) else s
                                 for s in table.seats]
                        await self.host._written(table.id, self.store.replace_seats(table.id, table.version, seats))
                        changed.append(table.id)
        return row, changed

    async def adjudicate(self, tournament_id: int, table_number: int, places: list[int], reason: str) -> TournamentRow:
        """The organiser sets a table's result (with the reason kept); its game, if still being
        played, is cancelled (unrated)."""
        _, t = await self._change(tournament_id, lambda t: T.record_result(t, table_number, places=places,
                                                                            reason=reason))
        number = len(t.rounds)
        for link in await self.store.tournament_links(tournament_id):
            if link.round == number and link.number == int(table_number) and link.status in ("lobby", "active"):
                await self._cancel_table(link.table_id)
        await self.advance(tournament_id)
        return await self.get(tournament_id)

    async def correct(self, tournament_id: int, round_number: int, table_number: int, places: list[int],
                      reason: str) -> TournamentRow:
        """The organiser corrects an earlier (or the current round's) decided result: standings and
        tie-breaks follow; pairings already made stay (see :func:`tournaments.correct_result`)."""
        await self._change(tournament_id, lambda t: T.correct_result(t, round_number, table_number, places, reason))
        await self.rerate_after(tournament_id, round_number, table_number)
        await self.advance(tournament_id)  # a bracket match may have become ready
        return await self.get(tournament_id)

    async def repair(self, tournament_id: int) -> TournamentRow:
        """Pair the current round again (after a drop, a forbidden pair or a requested bye) while
        none of its games has a move: its games are closed and the round is paired anew."""
        async with self.lock(tournament_id):
            row = await self.get(tournament_id)
            t = state_of(row)
            current = t.current_round
            links = [link for link in await self.store.tournament_links(tournament_id)
                     if current is not None and link.round == current.number and link.status in ("lobby", "active")]
            for link in links:
                if await self.store.moves(link.table_id):
                    raise HostError("tourney.repair_moved", table=link.number, round=link.round)
            await self._save(row, T.unpair_round(t))
        for link in links:
            await self._cancel_table(link.table_id)
        await self.advance(tournament_id)
        return await self.get(tournament_id)

    async def forbid(self, tournament_id: int, first: int | str, second: int | str,
                     forbidden: bool = True) -> TournamentRow:
        """Keep two players' entries apart in later pairings (or allow them to meet again)."""
        row, _ = await self._change(tournament_id, lambda t: T.forbid(t, self._entrant_id(t, first),
                                                                       self._entrant_id(t, second), forbidden))
        return row

    async def request_bye(self, tournament_id: int, player: int | str,
                          wanted: bool = True) -> tuple[TournamentRow, int]:
        """A player asks (or stops asking) to sit out the next round with a half-point bye.
        Returns the tournament and the round asked for."""
        row, t = await self._change(tournament_id, lambda t: T.request_bye(t, self._entrant_id(t, player), wanted))
        return row, len(t.rounds) + 1

    async def cancel(self, tournament_id: int) -> TournamentRow:
        row, _ = await self._change(tournament_id, T.cancel)
        for link in await self.store.tournament_links(tournament_id):
            if link.status in ("lobby", "active"):
                await self._cancel_table(link.table_id)
        self._notify(tournament_id)
        return row

    async def _cancel_table(self, table_id: int) -> None:
        async with self.host.lock(table_id):
            table = await self.host.table(table_id)
            if table.status in ("lobby", "active"):
                await self.host._written(table_id, self.store.update_table(
                    table_id, table.version, status="cancelled", deadline_at=None))

    async def advance(self, tournament_id: int) -> list[Refusal]:
        """Do whatever is due, from what is stored: begin a paired round, open the games the round
        lacks, record finished ones, pair the next round when one ends. Safe to call any time.
        Returns the games that were refused opening (each logged; the others open regardless)."""
        rate: list[tuple[T.Tournament, TournamentLink, TableRow]] = []
        refused: list[Refusal] = []
        # Other bot processes on the same database wait too: a round's games open once.
        async with self.lock(tournament_id), self.store.exclusive(f"tournament:{tournament_id}"):
            row = await self.get(tournament_id)
            while True:
                t = state_of(row)
                if t.status != RUNNING:
                    break
                current = t.current_round
                if current is None or current.status == DONE:
                    if t.paused:
                        break
                    waiting = await self._scheduled(row, t)
                    if waiting is not None:
                        if waiting is not t:
                            row = await self._save(row, waiting)
                        break
                    try:
                        # in a worker thread: a large round takes a noticeable fraction of a second
                        # of pure computation, which would stall every other table's moves
                        t, _ = await asyncio.to_thread(T.pair_next_round, t)
                    except T.TournamentError:
                        log.exception("tournament %s cannot pair its next round", tournament_id)
                        break
                    row = await self._save(row, T.begin_round(t))
                    continue
                if current.status == PAIRED:
                    row = await self._save(row, T.begin_round(t))
                    continue
                recorded = await self._play_round(row, t, current, rate, refused)
                if recorded is None:
                    break
                t = recorded
                row = await self._save(row, t)
                rate = [(t, link, table) for _, link, table in rate]
        for t, link, table in rate:
            await self._rate_linked(t, link, table)
        self._notify(tournament_id)
        return refused

    async def _scheduled(self, row: TournamentRow, t: T.Tournament) -> T.Tournament | None:
        """``None`` when the next round may be paired now; else the tournament to keep while it
        waits for its scheduled time or the playing hours (the due time stored, and said once in
        the channel, so a restart waits for the same moment)."""
        number, now = len(t.rounds) + 1, self.host.clock()
        due = t.extra.get("round_due")
        if not due or due.get("round") != number:
            s = t.settings
            if s.round_start == "now" and not s.playing_hours:
                return None
            at = schedule.round_due(s.round_start, s.playing_hours, now, await self.zone(row.guild_id),
                                    first=number == 1)
            if at <= now:
                return None
            new = t.copy()
            new.extra["round_due"] = {"round": number, "at": at}
            self._tell(new, "tourney.round_scheduled", id=row.id, round=number, at=int(at))
            return new
        return t if due["at"] > now else None

    @staticmethod
    def _tell(t: T.Tournament, key: str, **params: Any) -> None:
        """Something to say in the tournament's channel (posted once, in order, by the platform)."""
        t.extra.setdefault("notices", []).append({"key": key, "params": params})

    async def notices(self, tournament_id: int) -> list[dict[str, Any]]:
        """What is still to be said in the channel, in order."""
        t = await self._state(tournament_id)
        return t.extra.get("notices", [])[t.extra.get("notices_said", 0):]

    async def said(self, tournament_id: int, count: int) -> None:
        """``count`` more notices have been posted."""
        def said(t: T.Tournament) -> T.Tournament:
            new = t.copy()
            new.extra["notices_said"] = new.extra.get("notices_said", 0) + count
            return new
        await self._change(tournament_id, said)

    async def wake(self) -> list[int]:
        """What time has made due: a scheduled start (an event that has too few entrants then is
        cancelled, said in its channel) and rounds waiting for their time. Returns the ids of
        the tournaments that changed."""
        now, woken = self.host.clock(), []
        for row in await self.store.tournaments_with_status(REGISTRATION, RUNNING):
            t = state_of(row)
            try:
                if row.status == REGISTRATION and t.start_at is not None and t.start_at <= now:
                    try:
                        await self.start(row.id)
                    except T.EntryError:  # too few entrants at the scheduled start
                        def cancel(t: T.Tournament, tid: int = row.id) -> T.Tournament:
                            new = T.cancel(t)
                            entrants = [e for e in t.entrants if e.checked_in or not t.settings.check_in]
                            self._tell(new, "tourney.start_failed", id=tid, count=len(entrants),
                                       minimum=t.settings.min_entrants)
                            return new
                        await self._change(row.id, cancel)
                    woken.append(row.id)
                elif row.status == RUNNING:
                    due = t.extra.get("round_due")
                    if not t.paused and due and due.get("round") == len(t.rounds) + 1 and due["at"] <= now:
                        await self.advance(row.id)
                        woken.append(row.id)
            except Exception:
                log.exception("waking tournament %s failed", row.id)
        return woken

    async def _play_round(self, row: TournamentRow, t: T.Tournament, current: T.Round,
                          rate: list, refused: list[Refusal]) -> T.Tournament | None:
        """Open what the playing round lacks (a game refused is added to ``refused`` and the
        others still open); record its finished games. Returns the tournament with new results,
        or ``None`` when nothing was recorded."""
        # a cancelled game of an undecided table belonged to a pairing taken back (/tournament repair)
        links = {(link.number, link.game_index): link for link in await self.store.tournament_links(row.id)
                 if link.round == current.number and link.status != "cancelled"}
        changed = False
        for table in current.tables:
            if table.decided:
                continue
            index = len(table.games)
            link = links.get((table.number, index))
            if link is None or link.status == "lobby":
                try:
                    if link is None:
                        await self._open(row, t, current.number, table.number, index)
                    else:
                        await self._deal(row, t, link)
                except GameError as error:
                    log.warning("tournament %s: the game of round %s, table %s could not open: %s",
                                row.id, current.number, table.number, error)
                    refused.append(Refusal(current.number, table.number, error))
            elif link.status == "finished":
                game_table = await self.host.table(link.table_id)
                try:
                    t = self._record(t, link, game_table)
                except T.TournamentError:  # left for the organiser to adjudicate
                    log.exception("the result of table %s cannot be recorded in tournament %s", link.table_id, row.id)
                    continue
                rate.append((t, link, game_table))
                changed = True
                if t.settings.drop_on_timeout:
                    t = self._drop_timed_out(row, t, await self.timed_out(game_table))
        return t if changed else None

    async def _open(self, row: TournamentRow, t: T.Tournament, round_number: int, number: int, index: int) -> None:
        """One game of a table as a game table of the host, linked first, then seated and dealt
        (a stop in between is finished by the next :meth:`advance`)."""
        players = T.table_seats(t, round_number, number, index)
        table = await self.host.open_lobby(
            guild_id=row.guild_id, channel_id=row.channel_id, owner_id=row.owner_id, owner_name="-",
            game_name=t.settings.game, num_players=len(players), options=dict(t.settings.game_options),
            settings={**t.extra.get("table", {}), "rated": bool(t.settings.rated), "tournament": row.id})
        await self.store.link_table(table.id, row.id, round_number, number, index)
        await self._deal(row, t, TournamentLink(table.id, row.id, round_number, number, index))

    async def _deal(self, row: TournamentRow, t: T.Tournament, link: TournamentLink) -> None:
        players = T.table_seats(t, link.round, link.number, link.game_index)
        names = t.extra.get("names", {})
        level = t.extra.get("ai_level", "random")
        seats = [SeatRow(i, None if is_ai(p) else int(p), level if is_ai(p) else None,
                         names.get(p) or (t.entrant_of_player(p).name if t.entrant_of_player(p) else p))
                 for i, p in enumerate(players)]
        async with self.host.lock(link.table_id):
            table = await self.host.table(link.table_id)
            await self.host._written(table.id, self.store.replace_seats(table.id, table.version, seats))
        await self.host.start(link.table_id, row.owner_id)

    async def timed_out(self, table: TableRow) -> list[int]:
        """The people the table's timeout policy acted against: dropped at a timeout (the AI took
        their seat), or a move made for them (``ai``) or skipped (``skip``) when time ran out."""
        left = table.settings.get("left", {})
        users = {left.get(str(seat)) for seat in table.settings.get("dropped", [])}
        for move in await self.store.moves(table.id):
            for event in move.events:
                if event.get("key") in TIMEOUT_NOTES:
                    seat = event.get("params", {}).get("seat")
                    users.add(table.seats[seat].user_id if seat is not None and seat < len(table.seats) else None)
                    users.add(left.get(str(seat)))
        return sorted(u for u in users if u is not None)

    def _drop_timed_out(self, row: TournamentRow, t: T.Tournament, users: list[int]) -> T.Tournament:
        """The timeout rule: entrants of ``users`` are withdrawn from later rounds, said in the channel."""
        if t.status != RUNNING or not users:
            return t
        t, dropped = T.drop_players(t, [str(u) for u in users])
        for entrant_id in dropped:
            self._tell(t, "tourney.timeout_dropped", id=row.id, name=t.entrant(entrant_id).name,
                       players=" ".join(f"<@{m}>" for m in t.entrant(entrant_id).members if not is_ai(m)))
        return t

    def _record(self, t: T.Tournament, link: TournamentLink, table: TableRow) -> T.Tournament:
        """The finished game's result at its tournament table: places from the host's standing
        (resigned seats last), players an AI took over marked as abandoning."""
        standing = self.host.standing(table)
        players = T.table_seats(t, link.round, link.number, link.game_index)
        places = T.seat_places(t, link.round, link.number, standing.ranks, link.game_index)
        sides = t.rounds[link.round - 1].table(link.number).entrants
        taken_over = {int(s) for s in table.settings.get("left", {})} & {s.seat for s in table.seats if s.is_ai}
        abandoned = sorted({t.entrant_of_player(players[s]).id for s in taken_over})
        scores = None
        if standing.scores is not None and t.settings.team_size == 1:
            by_player = dict(zip(players, standing.scores))
            scores = [by_player[t.entrant(e).members[0]] for e in sides]
        return T.record_result(t, link.number, places=places, scores=scores, abandoned=abandoned)

    # -- a game finished --------------------------------------------------------------------------

    async def table_finished(self, table: TableRow) -> None:
        """The host's finish hook: a tournament's game moves its tournament on; any other rated
        game updates its players' ratings."""
        link = await self.store.tournament_link(table.id)
        if link is not None:
            await self.advance(link.tournament_id)
        elif table.settings.get("rated"):
            await self.rate_table(table)

    async def resume(self) -> list[int]:
        """After a start: every running tournament does what is due (a round whose games all
        finished while stopped moves on), and finished rated games not rated yet are rated.
        Returns the ids of the tournaments to show."""
        rows = await self.store.tournaments_with_status(RUNNING, FINISHED)
        for row in rows:
            if row.status == RUNNING:
                try:
                    await self.advance(row.id)
                except Exception:
                    log.exception("resuming tournament %s failed", row.id)
        for table_id in await self.store.unrated_tables():
            try:
                table = await self.host.table(table_id)
                link = await self.store.tournament_link(table_id)
                if link is None:
                    await self.rate_table(table)
                else:
                    await self._rate_linked(state_of(await self.get(link.tournament_id)), link, table)
            except Exception:
                log.exception("rating table %s at resume failed", table_id)
        return [row.id for row in rows]

    # -- ratings ----------------------------------------------------------------------------------

    @staticmethod
    def _linked_seats(t: T.Tournament, link: TournamentLink) -> list[T.Seat]:
        """The seats a tournament's game is rated with: none when the event is unrated, the game
        is not recorded, or its table's result was set or corrected by the organiser."""
        tournament_table = t.rounds[link.round - 1].table(link.number) if link.round <= len(t.rounds) else None
        if not t.settings.rated or tournament_table is None or len(tournament_table.games) <= link.game_index \
                or tournament_table.reason is not None:
            return []
        return [T.Seat(s.player, s.place, s.team, s.abandoned, human=not is_ai(s.player))
                for s in T.rating_seats(t, link.round, link.number, link.game_index)]

    async def _rate_linked(self, t: T.Tournament, link: TournamentLink, table: TableRow) -> None:
        """Rate a tournament's game once it is recorded (not when adjudicated or unrated)."""
        seats = self._linked_seats(t, link)
        if seats:
            await self._apply(table, seats)

    def _table_seats(self, table: TableRow) -> list[T.Seat]:
        """A game outside tournaments: each seat's rank; a player an AI took over (dropped, voted
        out, resigned mid-game) counts as abandoning."""
        standing = self.host.standing(table)
        if standing is None:
            return []
        left = table.settings.get("left", {})
        seats = []
        for s in table.seats:
            user = s.user_id if s.user_id is not None else left.get(str(s.seat))
            if user is None:
                seats.append(T.Seat(f"{AI_PREFIX}{s.seat}", standing.ranks[s.seat], human=False))
            else:
                seats.append(T.Seat(str(user), standing.ranks[s.seat], abandoned=s.user_id is None))
        return seats

    async def rate_table(self, table: TableRow) -> None:
        """Rate a finished game outside tournaments (see :meth:`_table_seats`)."""
        seats = self._table_seats(table)
        if seats:
            await self._apply(table, seats)

    @staticmethod
    def _rating(seats: list[T.Seat]) -> Callable[[dict[int, tuple]], dict[int, tuple]]:
        def rate(stored: dict[int, tuple]) -> dict[int, tuple]:
            current = {str(user): T.Rating(*value) for user, value in stored.items()}
            return {int(p): (r.mu, r.sigma, r.games) for p, r in T.rate_game(current, seats).items()}
        return rate

    async def _apply(self, table: TableRow, seats: list[T.Seat]) -> None:
        """Rate the game from the ratings as stored in the same transaction (two games of one
        player finishing together never lose an update)."""
        await self.store.apply_ratings(table.id, table.guild_id or 0, table.game,
                                       [int(s.player) for s in seats if s.human], self._rating(seats))

    async def rerate_after(self, tournament_id: int, round_number: int, table_number: int) -> int:
        """A result was corrected: the server's ratings in the game are computed again from that
        table's games on (those games now unrated, every later game rated again from the ratings
        as they then are). Returns how many games were rated again."""
        row = await self.get(tournament_id)
        games = [link.table_id for link in await self.store.tournament_links(tournament_id)
                 if link.round == round_number and link.number == table_number]
        for _ in range(RERATE_TRIES):  # a game rated meanwhile: read the games again
            later = await self.store.rated_since(row.guild_id, row.game, games)
            if not later:
                return 0
            states: dict[int, T.Tournament] = {}
            replay = []
            for table_id, at in later:
                table = await self.host.table(table_id)
                link = await self.store.tournament_link(table_id)
                if link is None:
                    seats = self._table_seats(table)
                else:
                    if link.tournament_id not in states:
                        states[link.tournament_id] = state_of(await self.get(link.tournament_id))
                    seats = self._linked_seats(states[link.tournament_id], link)
                replay.append((table_id, at, [int(s.player) for s in seats if s.human], self._rating(seats)))
            if await self.store.rerate(row.guild_id, row.game, later[0][1], replay):
                return sum(1 for _, _, users, _ in replay if users)
        log.warning("tournament %s: the ratings after round %s, table %s could not be computed again",
                    tournament_id, round_number, table_number)
        return 0

    async def rating(self, guild_id: int, game: str, user_id: int) -> T.Rating | None:
        stored = (await self.store.ratings(guild_id, game, [user_id])).get(user_id)
        return T.Rating(*stored) if stored else None

    async def leaderboard(self, guild_id: int, game: str, limit: int = 20) -> list:
        stored = await self.store.ratings(guild_id, game)
        return T.leaderboard({str(u): T.Rating(*v) for u, v in stored.items()}, limit=limit)


__all__ = ["AI_PREFIX", "RatingSummary", "Refusal", "TournamentService", "is_ai", "rating_summary", "state_of",
           "CANCELLED", "FINISHED", "PLAYING",
           "REGISTRATION", "RUNNING"]
