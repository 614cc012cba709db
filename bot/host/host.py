"""The platform-free game host: lobbies, seats, turn flow, AI turns and storage.

It knows no Discord and no game's rules: it talks to games only through the engine contract
(:mod:`games.core`). Every check about *who* may act (seated, their seat's turn, game running,
not stale) happens here, in one place, before the engine checks the rules of the move.
"""

from __future__ import annotations

import asyncio
import copy
import hashlib
import json
import logging
import random
import time
from dataclasses import dataclass
from typing import Any, Awaitable, Callable

from games.ai import seat_level
from games.core import Game, competition_ranks
from games.errors import GameError
from games.messages import LANGUAGES, Text, text_to_json, translate
from games.record import SKIPPED, seed_value
from games.registry import get_game

import bot.messages  # noqa: F401  (registers the host's texts)
from bot.host.ai_pool import AIPool
from bot.host.clock import DAY, TimeControl, parse_hours, zone
from bot.host.deadlines import RuleDeadlines
from bot.host.errors import HostError, RepeatedMove
from bot.host.pbp import TIMEOUT_POLICIES, PlayByPost
from bot.host.store import MoveRow, RepeatedRecord, SeatRow, StaleVersion, Store, TableRow, count_lobbies

#: The longest move text the host reads (every game's notation is far shorter): longer input is
#: refused before any parser sees it.
MAX_NOTATION = 200
#: Table ids are SQLite integers; a forged larger one is refused, not sent to storage.
MAX_TABLE_ID = (1 << 63) - 1

#: Level an AI seat gets when it takes over a human's seat (resigned, dropped, voted out).
RESIGN_AI_LEVEL = "easy"
#: Seconds a /resign confirmation stays open.
RESIGN_SECONDS = 60

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Limits:
    """Caps on what one person or one server may keep open (0 = no cap), how long a lobby may
    wait for its start, and the default wait before an absent player may be voted out."""

    lobbies_per_user: int = 0
    lobbies_per_server: int = 0
    ai_games_per_user: int = 0
    ai_games_per_server: int = 0
    lobby_days: float = 0.0
    absent_wait_hours: float = 24.0


#: Server settings ``/settings`` may store, each checked before it is written.
SERVER_SETTINGS = ("language", "timezone", "absent_wait")
#: Hours a server may ask a turn to last before a vote on its absent player (``absent_wait``).
ABSENT_WAIT_RANGE = (1, 720)


@dataclass(frozen=True)
class Decision:
    """A seat's decision as the move builder's buttons remember it: the seat, how many moves it
    had made before it (so its next decision, even an identical one, is another), and a digest
    of what it may play and the game's words for the choice. Another seat's move that leaves
    these alone (a simultaneous phase) does not change it."""

    seat: int
    made: int
    digest: str

    def __str__(self) -> str:  # as custom ids carry it
        return f"{self.seat}:{self.made}:{self.digest}"


@dataclass
class Standing:
    """The final ranking as the host reports it: the engine's, with seats that left the game
    (resigned, dropped at a timeout, voted out) last; ``resigned`` lists those seats."""

    scores: list[int] | None
    ranks: list[int]
    resigned: list[int]


class Host(PlayByPost, RuleDeadlines):
    """Owns the tables of one bot process. Every method is a short, complete transaction."""

    def __init__(self, store: Store, *, clock: Callable[[], float] = time.time,
                 ai_playouts: int | None = None, ai_seconds: float | None = None, seed_source: Callable[[], int] | None = None,
                 ai_workers: int | None = None, ai_seconds_cap: float | None = None, limits: Limits | None = None):
        self.store = store
        self.limits = limits or Limits()
        self.clock = clock
        #: A fixed budget for every AI search (tests, benches), in place of the levels' own budgets
        #: and their adaptation to the queue; ``None``: each level's own.
        self.ai_playouts = ai_playouts
        self.ai_seconds = ai_seconds
        #: AI searches run in worker processes (``ai_workers`` of them; 0 = a thread of this one),
        #: people's tables first, none longer than ``ai_seconds_cap`` (``BOT_AI_SECONDS``) if set.
        self.ai = AIPool(ai_workers, seconds_cap=ai_seconds_cap)
        self.seed_source = seed_source or (lambda: random.SystemRandom().randrange(1 << 31))
        self._locks: dict[int, asyncio.Lock] = {}
        #: The host's copy of tables: id -> (store generation, table stamp, row), written through
        #: on every write the host makes; see :meth:`table`.
        self._tables: dict[int, tuple[int, int, TableRow]] = {}
        #: Called with the table as committed right after a game finishes (tournaments, ratings);
        #: a failing hook is logged, never reported as a failed move.
        self.finish_hooks: list[Callable[[TableRow], Awaitable[None]]] = []

    def lock(self, table_id: int) -> asyncio.Lock:
        """Moves on one table are applied one after another in this process (the version check
        in storage covers other processes)."""
        return self._locks.setdefault(table_id, asyncio.Lock())

    # -- reading ------------------------------------------------------------------------------

    @staticmethod
    def game(table: TableRow) -> Game:
        return get_game(table.game)

    def state(self, table: TableRow) -> Any:
        if table.state is None:
            raise HostError("host.not_started")
        return self.game(table).state_from_json(table.state)

    async def table(self, table_id: int) -> TableRow:
        """The table as stored, from the host's copy when nothing can have changed it since.

        The copy is written through on every write the host makes (each returns the row as
        committed) and is dropped when the store wrote the table for someone else (its
        ``stamp`` moved), when any other connection may have committed (the store's
        ``generation``, read without a round trip) and on ``StaleVersion``. Callers get their
        own copy to change as they like; the state dict is shared and read-only."""
        if not 0 < table_id <= MAX_TABLE_ID:  # e.g. a forged button id
            raise HostError("host.no_table", table=str(table_id)[:24])
        found = self._cached(table_id)
        if found is not None:
            return found
        generation, stamp = self.store.generation(), self.store.stamp(table_id)
        table = await self.store.get_table(table_id)
        if table is None:
            raise HostError("host.no_table", table=table_id)
        return self._keep(table, generation, stamp)

    async def table_in_thread(self, thread_id: int) -> TableRow:
        generation = self.store.generation()
        table = await self.store.table_by_thread(thread_id)
        if table is None:
            raise HostError("host.no_table_here")
        return self._keep(table, generation)

    def _cached(self, table_id: int) -> TableRow | None:
        entry = self._tables.get(table_id)
        if entry is None:
            return None
        if entry[0] != self.store.generation() or entry[1] != self.store.stamp(table_id):
            del self._tables[table_id]
            return None
        return _copy(entry[2])

    def _keep(self, table: TableRow, generation: int, stamp: int | None = None) -> TableRow:
        """Remember ``table``, read (or written) while the store's generation was ``generation``
        (and, for a read, the table's stamp ``stamp``), unless anything may have changed it since."""
        now = self.store.stamp(table.id)
        if generation == self.store.generation() and (stamp is None or stamp == now):
            self._tables[table.id] = (generation, now, table)
        else:
            self._tables.pop(table.id, None)
        return _copy(table)

    async def _written(self, table_id: int, write: Any) -> TableRow:
        """Await a store write that returns the table as committed, and remember it; a refused
        (stale) write drops the copy, so the next read is the stored table."""
        generation = self.store.generation()
        try:
            table = await write
        except StaleVersion:
            self._tables.pop(table_id, None)
            raise
        return self._keep(table, generation)

    @staticmethod
    def seats_of(table: TableRow, user_id: int) -> list[int]:
        return [s.seat for s in table.seats if s.user_id == user_id]

    def waiting_on(self, table: TableRow) -> list[SeatRow]:
        if table.status != "active":
            return []
        acting = self.game(table).to_act(self.state(table))
        return [s for s in table.seats if s.seat in acting]

    def acting_seat(self, table: TableRow, user_id: int) -> int:
        """The seat ``user_id`` may act for now; raises a specific ``HostError`` otherwise."""
        if table.status == "lobby":
            raise HostError("host.not_started")
        if table.status != "active":
            raise HostError("host.game_over")
        mine = self.seats_of(table, user_id)
        if not mine:
            raise HostError("host.not_a_player")
        acting = [seat for seat in mine if seat in self.game(table).to_act(self.state(table))]
        if not acting:
            names = ", ".join(s.name for s in self.waiting_on(table)) or "-"
            raise HostError("host.not_your_turn", waiting=names)
        return acting[0]

    def legal_notations(self, table: TableRow, user_id: int) -> list[str]:
        """The acting player's legal moves in notation (for autocomplete and the move builder)."""
        seat = self.acting_seat(table, user_id)
        game, state = self.game(table), self.state(table)
        return [game.format_move(state, move) for move in game.legal_moves(state, seat)]

    def _decision(self, table: TableRow, seat: int, made: int) -> tuple[Decision | None, list[str]]:
        """``seat``'s decision (``None`` when it need not act) and its legal moves in notation."""
        if table.status != "active":
            return None, []
        game, state = self.game(table), self.state(table)
        if seat not in game.to_act(state):
            return None, []
        legal = [game.format_move(state, move) for move in game.legal_moves(state, seat)]
        said = json.dumps([legal, text_to_json(game.decision(state, seat))], ensure_ascii=False, sort_keys=True)
        return Decision(seat, made, hashlib.sha256(said.encode()).hexdigest()[:10]), legal

    async def decision_of(self, table: TableRow, user_id: int) -> tuple[Decision, list[str]]:
        """The decision the user's acting seat faces now, and its legal moves in notation (the
        move builder is bound to it); refuses a user who may not act, like :meth:`acting_seat`."""
        seat = self.acting_seat(table, user_id)
        decision, legal = self._decision(table, seat, len(await self.store.seat_moves(table.id, seat)))
        assert decision is not None  # the seat acts
        return decision, legal

    async def check_decision(self, table: TableRow, user_id: int, shown: Decision,
                             move: str | None = None) -> list[str]:
        """Refuse a click of the move builder unless the user's seat ``shown.seat`` still faces
        the decision the builder was opened on, whatever other seats played meanwhile: "already
        done" when the click's ``move`` is what the seat played in that decision (a second click),
        else "the game moved on" when the decision changed. Returns the legal moves in notation."""
        if shown.seat not in self.seats_of(table, user_id):
            raise HostError("host.not_a_player")
        made = await self.store.seat_moves(table.id, shown.seat)
        if move is not None and shown.made < len(made) and made[shown.made] == move:
            raise HostError("play.already_done", move=move)
        now, legal = self._decision(table, shown.seat, len(made))
        if now != shown:
            raise HostError("host.stale")
        return legal

    async def _late_click(self, table: TableRow, user_id: int, version: int, move: str) -> None:
        """Refuse a click bound to ``version`` after the table moved on from it: "already done"
        when the change right after ``version`` was this very move by the user (a second click),
        else "the game moved on"."""
        if version < table.version:
            after = await self.store.moves(table.id, after_version=version)
            if after and after[0].version == version + 1 and after[0].notation == move \
                    and after[0].seat in self.seats_of(table, user_id):
                raise HostError("play.already_done", move=move)
        raise HostError("host.stale")

    def seat_colours(self, table: TableRow) -> list[str]:
        """Each seat's colour (palette names) once the game has started, else ``[]``."""
        return self.game(table).seat_colours(self.state(table)) if table.state is not None else []

    def decision(self, table: TableRow, seat: int) -> Text | None:
        """What ``seat`` must decide now, in words to be said in the reader's language."""
        return self.game(table).decision(self.state(table), seat) if table.state is not None else None

    def public_view(self, table: TableRow) -> dict[str, Any]:
        return self.game(table).view(self.state(table), None)

    def private_view(self, table: TableRow, user_id: int) -> tuple[int, dict[str, Any], dict[str, Any] | None]:
        """``(seat, view, private part)`` of the user's seat; refuses users without a seat."""
        mine = self.seats_of(table, user_id)
        if not mine:
            raise HostError("host.not_a_player")
        game, state = self.game(table), self.state(table)
        return mine[0], game.view(state, mine[0]), game.private_view(state, mine[0])

    @staticmethod
    def replaced_seats(table: TableRow) -> list[int]:
        """Seats the AI took over after a timeout (dropped) or a vote (voted out)."""
        return sorted(set(table.settings.get("dropped", [])) | set(table.settings.get("voted_out", [])))

    @staticmethod
    def replaced_text(table: TableRow, lang: str) -> str:
        """Who the AI replaced and why, e.g. "alice (voted out), bob (time ran out)"."""
        why = {seat: translate(f"replaced.{reason}", lang) for reason in ("dropped", "voted_out")
               for seat in table.settings.get(reason, [])}
        return ", ".join(f"{table.seats[seat].name.removesuffix(' (AI)')} ({reason})"
                         for seat, reason in sorted(why.items())
                         if seat < len(table.seats))

    def standing(self, table: TableRow) -> Standing | None:
        """The final ranking, or ``None`` while the game runs."""
        if table.status != "finished" or table.state is None:
            return None
        game, state = self.game(table), self.state(table)
        # A seat handed to the AI by a timeout or a vote ranks like a resigned one.
        resigned = sorted(set(table.settings.get("resigned", [])) | set(self.replaced_seats(table)))
        result = game.result(state)
        scores = result.scores if result else game.scores(state)
        if result and not resigned:
            return Standing(result.scores, list(result.ranks), [])
        # Resigned seats rank below everyone; the rest keep the engine's order (or the running score).
        base = result.ranks if result else competition_ranks(scores or [0] * len(table.seats))
        keys = [(-base[s] if s not in resigned else -10_000) for s in range(len(table.seats))]
        return Standing(scores, competition_ranks(keys), resigned)

    # -- lobby --------------------------------------------------------------------------------

    async def open_lobby(self, *, guild_id: int | None, channel_id: int, owner_id: int, owner_name: str,
                         game_name: str, num_players: int, options: dict[str, Any],
                         settings: dict[str, Any] | None = None, seed: int | None = None) -> TableRow:
        """A new lobby with the owner in seat 0; game, player count and options are checked now.
        The caps on open lobbies count the lobbies people open: a tournament's table (its settings
        name the tournament) is opened whatever its organiser or server has open."""
        game = get_game(game_name)
        seed = self.seed_source() if seed is None else seed_value(seed)  # a given seed: an imported record's
        game.new_game(num_players, options, seed)  # raises SetupError for a bad count or option
        # a table that plays by post takes the options' slow defaults (no live-play time limits)
        by_post = TimeControl.parse((settings or {}).get("clock")).by_post
        resolved = game.format_options(game.played_options(num_players, game.resolve_options(options, by_post=by_post)))
        if guild_id is None:  # a lobby lives in a server's channel; a DM would leave an orphan
            raise HostError("settings.guild_only")
        limits = self.limits

        def within_caps(conn):  # counted in the insert's transaction: two quick clicks cannot both pass
            if limits.lobbies_per_user and count_lobbies(conn, owner_id=owner_id) >= limits.lobbies_per_user:
                raise HostError("limit.lobbies_user", limit=limits.lobbies_per_user)
            if limits.lobbies_per_server and count_lobbies(conn, guild_id=guild_id) >= limits.lobbies_per_server:
                raise HostError("limit.lobbies_server", limit=limits.lobbies_per_server)
        tournament = (settings or {}).get("tournament") is not None
        return await self.store.create_table(
            guild_id=guild_id, channel_id=channel_id, game=game.name, num_players=num_players, options=resolved,
            seed=seed, owner_id=owner_id, owner_name=owner_name, settings=table_settings(game, settings or {}),
            within=None if tournament else within_caps)

    async def attach(self, table_id: int, **message_ids: int | None) -> TableRow:
        """Remember where the table lives on the platform (thread, lobby message, status message)."""
        return await self._written(table_id, self.store.update_table(table_id, **message_ids))

    async def join(self, table_id: int, user_id: int, name: str) -> TableRow:
        async with self.lock(table_id):
            table = await self._lobby(table_id)
            if self.seats_of(table, user_id):
                raise HostError("host.already_joined")
            if len(table.seats) >= table.num_players:
                raise HostError("host.lobby_full", count=table.num_players)
            seats = table.seats + [SeatRow(len(table.seats), user_id, None, name)]
            return await self._written(table_id, self.store.replace_seats(table_id, table.version, seats))

    async def leave(self, table_id: int, user_id: int) -> TableRow:
        async with self.lock(table_id):
            table = await self._lobby(table_id)
            if not self.seats_of(table, user_id):
                raise HostError("host.not_in_lobby")
            if user_id == table.owner_id:
                raise HostError("host.owner_cannot_leave")
            return await self._written(table_id, self.store.replace_seats(table_id, table.version, _renumber(
                [s for s in table.seats if s.user_id != user_id])))

    async def add_ai(self, table_id: int, by_user: int, level: str, *, version: int | None = None) -> TableRow:
        """An AI seat of ``level`` (owner only). ``version``, when given (the Add AI select), is the
        lobby's as its owner saw it: a pick sent twice adds one seat, the second is refused."""
        async with self.lock(table_id):
            table = await self._lobby(table_id)
            self._owner_only(table, by_user)
            if version is not None and version != table.version:
                raise HostError("lobby.changed")
            game = self.game(table)
            try:  # an older name (mcts, basic, mixed) is stored as the level it is now
                level = game.resolve_level(level)
            except GameError as unknown:
                raise HostError(unknown.key, **unknown.params) from None
            if len(table.seats) >= table.num_players:
                raise HostError("host.lobby_full", count=table.num_players)
            number = 1 + sum(1 for s in table.seats if s.is_ai)
            seats = table.seats + [SeatRow(len(table.seats), None, level, f"AI {number} ({level})")]
            return await self._written(table_id, self.store.replace_seats(table_id, table.version, seats))

    async def start(self, table_id: int, by_user: int) -> TableRow:
        """Deal the game once every seat is taken (owner only)."""
        async with self.lock(table_id):
            table = await self._lobby(table_id)
            self._owner_only(table, by_user)
            if len(table.seats) != table.num_players:
                raise HostError("host.seats_missing", missing=table.num_players - len(table.seats),
                                count=table.num_players)
            if any(s.is_ai for s in table.seats) and await self.store.tournament_link(table_id) is None:
                await self._check_ai_caps(table)
            game = self.game(table)
            state = game.new_game(table.num_players, table.options, table.seed)
            clock = await self.turn_clock(table, game, state, table.seats)
            table = await self._written(table_id, self.store.replace_seats(
                table_id, table.version, table.seats, status="active", state=game.state_to_json(state),
                acting=acting_mask(game, state), **clock))
            for seat, notation in table.settings.get("imported_moves", []):  # a game imported from a record
                state = self.state(table)
                if notation == SKIPPED and game.can_skip:
                    table = await self._commit_skip(table, game, state, seat, "record.imported")
                else:
                    table = await self._commit(table, game, state, seat, game.parse_move(state, notation, seat),
                                               "record.imported")
            if "imported_moves" in table.settings:  # done: keep how many, not the list
                table = await self.store.update_setting(table_id, ("imported_moves",), lambda moves: len(moves))
            return table

    async def cancel(self, table_id: int, by_user: int) -> TableRow:
        async with self.lock(table_id):
            table = await self._lobby(table_id)
            self._owner_only(table, by_user)
            return await self._written(table_id, self.store.update_table(table_id, table.version, status="cancelled"))

    async def _check_ai_caps(self, table: TableRow) -> None:
        """Running games with AI seats cost CPU for as long as they last: at most so many per
        person who opened them and per server. These caps are on the games people open: a
        tournament's tables are neither checked (:meth:`start`) nor counted (``count_ai_games``)."""
        limits = self.limits
        if limits.ai_games_per_user and \
                await self.store.count_ai_games(owner_id=table.owner_id) >= limits.ai_games_per_user:
            raise HostError("limit.ai_user", limit=limits.ai_games_per_user)
        if limits.ai_games_per_server and table.guild_id is not None and \
                await self.store.count_ai_games(guild_id=table.guild_id) >= limits.ai_games_per_server:
            raise HostError("limit.ai_server", limit=limits.ai_games_per_server)

    async def expire_lobbies(self) -> list[TableRow]:
        """Close the lobbies that waited longer than ``limits.lobby_days`` for their start
        (versioned: a lobby started meanwhile stays started). Returns the lobbies closed."""
        if not self.limits.lobby_days:
            return []
        closed = []
        for stale in await self.store.stale_lobbies(self.clock() - self.limits.lobby_days * DAY):
            async with self.lock(stale.id):
                try:
                    closed.append(await self._written(stale.id, self.store.update_table(
                        stale.id, stale.version, status="cancelled", settings={**stale.settings, "expired": True})))
                except StaleVersion:
                    continue  # started, joined or cancelled meanwhile: looked at again next time
        return closed

    async def set_server_setting(self, guild_id: int | None, name: str, value: str) -> str:
        """Store one ``/settings`` value of a server after checking it; returns the value as
        stored. Refuses a DM (no server) and any value the bot cannot use, writing nothing."""
        if guild_id is None:
            raise HostError("settings.guild_only")
        if name == "language":
            if value not in LANGUAGES:
                raise HostError("settings.bad_language", language=str(value)[:20], languages=", ".join(LANGUAGES))
            await self.store.set_guild_lang(guild_id, value)
        elif name == "timezone":
            value = zone(str(value).strip()).key  # raises a clear error for an unknown zone
            await self.store.set_guild_zone(guild_id, value)
        elif name == "absent_wait":
            low, high = ABSENT_WAIT_RANGE
            if not str(value).isdigit() or not low <= int(value) <= high:
                raise HostError("settings.bad_absent_wait", hours=str(value)[:20], low=low, high=high)
            value = str(int(value))
            await self.store.set_guild_option(guild_id, "absent_wait", value)
        else:
            raise HostError("settings.unknown", name=str(name)[:40], names=", ".join(SERVER_SETTINGS))
        return value

    async def absent_wait(self, guild_id: int | None) -> float:
        """Seconds a turn of a game without a clock must last before a vote on its player."""
        stored = await self.store.guild_option(guild_id, "absent_wait")
        hours = float(stored) if stored and stored.isdigit() else self.limits.absent_wait_hours
        return hours * 3600.0

    async def _lobby(self, table_id: int) -> TableRow:
        table = await self.table(table_id)
        if table.status != "lobby":
            raise HostError("host.lobby_closed")
        return table

    @staticmethod
    def _owner_only(table: TableRow, user_id: int) -> None:
        if user_id != table.owner_id:
            raise HostError("host.owner_only")

    # -- play ---------------------------------------------------------------------------------

    async def play(self, table_id: int, user_id: int, text: str, *, version: int | None = None,
                   decision: Decision | None = None) -> TableRow:
        """A human's move in notation. ``version``, when given (a confirmation's button), must
        still be current; ``decision``, when given (the move builder's buttons), must still be the
        seat's (:meth:`check_decision`), and the move is played on the current state. A click
        that arrives again after its move landed is refused as already done.

        Typed (neither), a move that repeats the same player's move just before it, with nothing
        in between, raises :class:`RepeatedMove` instead of landing twice: the player confirms it
        on the version they saw (a legitimate identical move on a later turn always has someone
        else's move, or a new turn, in between)."""
        if len(text) > MAX_NOTATION:
            raise HostError("host.move_too_long", limit=MAX_NOTATION)
        async with self.lock(table_id):
            cached = self._cached(table_id) is not None

            async def check(table: TableRow) -> tuple[int, Any, Any, Any]:
                if version is not None and version != table.version:
                    await self._late_click(table, user_id, version, text)
                if decision is not None:
                    await self.check_decision(table, user_id, decision, text)
                seat = decision.seat if decision is not None else self.acting_seat(table, user_id)
                game, state = self.game(table), self.state(table)
                return seat, game, state, game.parse_move(state, text, seat)

            table = await self.table(table_id)
            try:
                seat, game, state, move = await check(table)
            except GameError:
                if not cached:
                    raise
                # Refused on the host's copy: judge again on the stored table, so a copy that
                # missed another process's commit can cost at most a refused commit.
                self._tables.pop(table_id, None)
                table = await self.table(table_id)
                seat, game, state, move = await check(table)
            return await self._commit(table, game, state, seat, move,
                                      refuse_repeat=version is None and decision is None)

    @staticmethod
    def seen_by_a_person(table: TableRow) -> bool:
        """Whether a person plays at ``table`` and so waits for its AI's moves: a seat still held
        by a person (a seat someone resigned, dropped or was voted out of is an AI's). The AI pool
        serves such tables before AI-only ones (a tournament's fill-ins playing each other)."""
        return any(not seat.is_ai for seat in table.seats)

    async def play_ai(self, table_id: int) -> TableRow | None:
        """Let one AI seat that must act move; ``None`` when no AI seat is to act.

        An AI move the game refuses anyway is logged with the table and the position, and the AI
        chooses again on the real state: a fresh search, then a uniformly random legal move, so a
        table never waits on a person because its AI failed."""
        async with self.lock(table_id):
            table = await self.table(table_id)
            ai_seats = [s for s in self.waiting_on(table) if s.is_ai]
            if not ai_seats:
                return None
            seat = ai_seats[0]
            game, state = self.game(table), self.state(table)
            level = seat_level(game, seat.ai_level)
            for attempt in range(2):
                # The search is CPU work: a worker process does it, so this process's GIL stays
                # free for everyone else's moves. May raise AIBusy when too many searches wait.
                notation = await self.ai.choose(table.game, table.state, seat.seat, level,
                                                seed=table.seed + table.version + attempt,
                                                for_person=self.seen_by_a_person(table),
                                                playouts=self.ai_playouts, seconds=self.ai_seconds)
                try:
                    return await self._commit(table, game, state, seat.seat,
                                              game.parse_move(state, notation, seat.seat))
                except GameError as error:
                    log.error("table %s (%s, version %s): the AI (%s) of seat %s chose %r, refused: %s; "
                              "position: %s", table.id, table.game, table.version, level, seat.seat, notation,
                              error, json.dumps(table.state, sort_keys=True))
            legal = game.legal_moves(state, seat.seat)
            return await self._commit(table, game, state, seat.seat,
                                      random.Random(table.seed + table.version).choice(legal))

    async def _commit(self, table: TableRow, game: Game, state: Any, seat: int, move: Any,
                      note: str | None = None, *, refuse_repeat: bool = False) -> TableRow:
        notation = game.format_move(state, move)
        words = {lang: game.describe_move(state, move, lang) for lang in LANGUAGES}
        after, events = game.apply(state, seat, move)  # raises IllegalMove, state untouched
        return await self._commit_state(table, game, after, seat, notation, words, events, note,
                                        refuse_repeat=refuse_repeat, announce_at=self.announce_at(game, state, move))

    async def _commit_skip(self, table: TableRow, game: Game, state: Any, seat: int, note: str) -> TableRow:
        """``seat``'s turn skipped (a game whose rules allow it), recorded as ``-``."""
        after, events = game.skip(state, seat)
        words = {lang: translate("clock.skipped_words", lang) for lang in LANGUAGES}
        return await self._commit_state(table, game, after, seat, SKIPPED, words, events, note)

    async def _commit_state(self, table: TableRow, game: Game, after: Any, seat: int, notation: str,
                            words: dict[str, str], events: list, note: str | None, *,
                            refuse_repeat: bool = False, announce_at: float | None = None) -> TableRow:
        """The new state, its move record and the next turn's clock, in one versioned transaction."""
        status = "finished" if not game.to_act(after) else "active"
        happened = [e.to_json() for e in events]
        if note:  # e.g. "the AI moved because time ran out": shown with the move
            happened.insert(0, {"key": note, "params": {"seat": seat}})
        record = MoveRow(seat, notation, words, happened)
        clock = await self.turn_clock(table, game, after, table.seats)
        try:
            return await self._finished(await self._written(table.id, self.store.commit_move(
                table.id, table.version, record, refuse_repeat=refuse_repeat, state=game.state_to_json(after),
                status=status, acting=acting_mask(game, after), announce_at=announce_at, **clock)))
        except StaleVersion:
            raise HostError("host.stale") from None
        except RepeatedRecord:
            raise RepeatedMove(table.id, table.version, notation) from None

    async def resign(self, table_id: int, user_id: int) -> TableRow:
        """The player leaves the game for good. With two players left, or no human left, the game
        ends; otherwise an AI takes the seat and the others play on. Resigned seats rank last."""
        async with self.lock(table_id):
            table = await self.table(table_id)
            return await self._hand_to_ai(table, self._resigning(table, user_id), "resigned")

    def _resigning(self, table: TableRow, user_id: int) -> list[int]:
        """The seats ``user_id`` would resign now; refuses when there are none to resign."""
        left = table.settings.get("left") or {}
        if any(left.get(str(seat)) == user_id for seat in table.settings.get("resigned", [])):
            raise HostError("resign.already_done")
        if table.status != "active":
            raise HostError("host.game_over" if table.status == "finished" else "host.not_started")
        mine = self.seats_of(table, user_id)
        if not mine:
            raise HostError("host.not_a_player")
        return mine

    async def ask_resign(self, table_id: int, user_id: int) -> int:
        """``/resign``: store the user's confirmation, open until the instant returned (host
        clock, :data:`RESIGN_SECONDS` from now); the Confirm button checks it here, in storage."""
        table = await self.table(table_id)
        self._resigning(table, user_id)
        until = int(self.clock()) + RESIGN_SECONDS
        await self._written(table_id, self.store.update_setting(table_id, ("resign_asked", str(user_id)),
                                                                lambda _: until))
        return until

    async def drop_resign(self, table_id: int, user_id: int) -> None:
        """Cancel: the user's open confirmation, if any, is closed."""
        user = str(user_id)
        if user in ((await self.table(table_id)).settings.get("resign_asked") or {}):
            await self._written(table_id, self.store.update_setting(
                table_id, ("resign_asked",), lambda asked: {k: v for k, v in (asked or {}).items() if k != user}))

    async def confirm_resign(self, table_id: int, user_id: int, until: int | None) -> TableRow:
        """The Confirm button of the ``/resign`` that stored ``until``: resigns only while that
        confirmation, stored for this user, is still open (a forged or old button does nothing)."""
        async with self.lock(table_id):
            table = await self.table(table_id)
            mine = self._resigning(table, user_id)
            stored = (table.settings.get("resign_asked") or {}).get(str(user_id))
            if until is None or stored != until or self.clock() > stored:
                raise HostError("resign.expired")
            return await self._hand_to_ai(table, mine, "resigned")  # the seat goes: so does its use

    async def _hand_to_ai(self, table: TableRow, seats: list[int], reason: str) -> TableRow:
        """An AI takes ``seats`` for the rest of the game, recorded under ``reason`` (resigned,
        dropped, voted_out); a resignation that leaves fewer than two sides, or no human, ends it."""
        marked = sorted(set(table.settings.get(reason, [])) | set(seats))
        # who sat there, for ratings (the seat becomes an AI's)
        left = {**table.settings.get("left", {}), **{str(s.seat): s.user_id for s in table.seats
                                                      if s.seat in seats and s.user_id is not None}}
        settings = {**table.settings, reason: marked, "left": left}
        resigned = set(settings.get("resigned", []))
        humans_left = [s for s in table.seats if s.user_id is not None and s.seat not in seats]
        if reason == "resigned" and (table.num_players - len(resigned) <= 1 or not humans_left):
            return await self._finished(await self._written(table.id, self.store.update_table(
                table.id, table.version, status="finished", settings=settings, deadline_at=None)))
        replaced = [SeatRow(s.seat, None, RESIGN_AI_LEVEL, f"{s.name} (AI)") if s.seat in seats else s
                    for s in table.seats]
        clock = await self.turn_clock(table, self.game(table), self.state(table), replaced)
        return await self._written(table.id, self.store.replace_seats(table.id, table.version, replaced,
                                                                      settings=settings, **clock))

    async def _finished(self, table: TableRow) -> TableRow:
        if table.status == "finished":
            for hook in self.finish_hooks:
                try:
                    await hook(_copy(table))
                except Exception:
                    log.exception("a finish hook failed for table %s", table.id)
        return table

    # -- what the platform still has to show ----------------------------------------------------

    async def mark_announced(self, table_id: int, version: int, **message_ids: int | None) -> TableRow:
        """``version`` has been shown; with ``message_ids`` (e.g. the board post's), remember
        those in the same update."""
        return await self._written(table_id, self.store.update_table(table_id, announced_version=version,
                                                                     **message_ids))

    async def unannounced(self) -> list[TableRow]:
        """Tables whose latest change has not been shown yet (e.g. a crash right after a commit)."""
        return await self.store.tables_with_status("active", "finished", unannounced_only=True)

    async def active_tables(self) -> list[TableRow]:
        return await self.store.tables_with_status("lobby", "active")

    async def resume_work(self, chunk: int = 50) -> tuple[list[int], list[int]]:
        """What a restart must do, without parsing every stored state: the ids of the tables
        whose latest change was not shown, and of the active tables where an AI seat must act.

        The acting seats are stored with every state; tables stored before that (schema 3) are
        parsed once, ``chunk`` at a time with a pause for the event loop between, and theirs
        stored."""
        unannounced = await self.store.unannounced_ids()
        to_move, unknown, ai_of = [], [], {}
        for table_id, acting, ai_seats in await self.store.ai_seat_tables():
            ai_of[table_id] = ai_seats
            if acting is None:
                unknown.append(table_id)
            elif any(acting >> seat & 1 for seat in ai_seats):
                to_move.append(table_id)
        for start in range(0, len(unknown), chunk):
            found = []
            for table_id, version, game_name, state in await self.store.states_of(unknown[start:start + chunk]):
                if state is None:
                    continue
                game = get_game(game_name)
                mask = acting_mask(game, game.state_from_json(json.loads(state)))
                found.append((table_id, version, mask))
                if any(mask >> seat & 1 for seat in ai_of[table_id]):
                    to_move.append(table_id)
            await self.store.set_acting(found)
        return unannounced, sorted(to_move)

    def private_updates(self, table: TableRow) -> list[tuple[SeatRow, dict[str, Any]]]:
        """Human seats whose private view differs from the one last delivered to them."""
        if table.state is None:
            return []
        game, state = self.game(table), self.state(table)
        sent = table.settings.get("private_sent", {})
        updates = []
        for seat in table.seats:
            if seat.is_ai:
                continue
            private = game.private_view(state, seat.seat)
            if private is not None and sent.get(str(seat.seat)) != _digest(private):
                updates.append((seat, private))
        return updates

    async def mark_private_delivered(self, table_id: int, seat: int, private: dict[str, Any]) -> None:
        """Remember which private view ``seat`` was sent: only its own field of the settings is
        written, read and changed in one transaction, so a resignation or vote committed
        meanwhile by another process (or coroutine) is kept."""
        digest = _digest(private)
        await self._written(table_id, self.store.update_setting(table_id, ("private_sent", str(seat)),
                                                                lambda _sent: digest))


def table_settings(game: Game, given: dict[str, Any]) -> dict[str, Any]:
    """The lobby's table settings, checked: clock, playing hours, timeout policy, vacation, posts."""
    settings = dict(given)
    settings["clock"] = TimeControl.parse(settings.get("clock")).format()
    hours = parse_hours(settings.get("hours")) if isinstance(settings.get("hours"), (str, type(None))) \
        else tuple(settings["hours"])
    settings["hours"] = list(hours) if hours else None
    policy = settings.get("timeout") or "remind"
    if policy not in TIMEOUT_POLICIES:
        raise HostError("clock.bad_policy", policy=policy, policies=", ".join(TIMEOUT_POLICIES))
    if policy == "skip" and not game.can_skip:
        raise HostError("clock.no_skip", game=game.titles.get("en", game.name))
    settings["timeout"] = policy
    settings["vacation"] = bool(settings.get("vacation", True))
    settings["posts"] = bool(settings.get("posts", True))
    return settings


def acting_mask(game: Game, state: Any) -> int:
    """The seats that must act in ``state`` as a bitmask (seat n: bit n), as storage keeps it."""
    return sum(1 << seat for seat in game.to_act(state))


def _copy(table: TableRow) -> TableRow:
    """A copy a caller may change (seats, settings, options too); the state dict is shared."""
    mine = copy.copy(table)
    mine.seats = [copy.copy(seat) for seat in table.seats]
    mine.settings = dict(table.settings)
    mine.options = dict(table.options)
    return mine


def _renumber(seats: list[SeatRow]) -> list[SeatRow]:
    return [SeatRow(i, s.user_id, s.ai_level, s.name, s.dm_failed) for i, s in enumerate(seats)]


def _digest(data: Any) -> str:
    return hashlib.sha256(json.dumps(data, sort_keys=True).encode()).hexdigest()[:16]
