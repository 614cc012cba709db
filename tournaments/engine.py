"""The operations on a tournament. Each takes a :class:`Tournament`, never mutates it, and returns
a new one (or raises a :mod:`~tournaments.errors` error and changes nothing).

Life of a tournament: :func:`new_tournament` -> :func:`add_entrant` / :func:`remove_entrant` /
:func:`check_in` -> :func:`start` -> per round: :func:`pair_next_round` (the tables are known and
can be announced), :func:`begin_round` (games open), :func:`record_result` per table (the round
ends by itself when its last table is decided; the tournament finishes by itself after its last
round) -> :func:`standings`, :func:`export_csv`. :func:`drop`, :func:`substitute`,
:func:`pause` / :func:`unpause` and :func:`cancel` work at any time they make sense.
"""

from __future__ import annotations

import csv
import io
from collections import Counter
from collections.abc import Iterable, Sequence
from fractions import Fraction

from games.core import competition_ranks
from tournaments import bracket as brackets
from tournaments.errors import EntryError, PairingError, PhaseError, ResultError
from tournaments.pairing import Candidate, Seated, group_tables, pair_swiss, round_robin_round, table_sizes
from tournaments.schedule import check_in_opens
from tournaments.settings import DOUBLE_ELIMINATION, ROUND_ROBIN, SWISS, SWISS_TABLES, Settings, plain
from tournaments.standings import Standing, records, standings
from tournaments.state import (
    CANCELLED, DONE, FINISHED, PAIRED, PLAYING, REGISTRATION, RUNNING,
    Entrant, GameRecord, Round, Table, Tournament,
)

MAX_NAME = 100
MAX_REASON = 300


def new_tournament(settings: Settings, *, seed: int = 0, extra: dict | None = None) -> Tournament:
    """A tournament open for registration."""
    return Tournament(settings=settings, seed=int(seed), extra=dict(extra or {}))


# -- registration -------------------------------------------------------------------------------------


def add_entrant(t: Tournament, entrant_id: str, name: str, *, members: Sequence[str] | None = None,
                rating: float = 0.0, now: float | None = None) -> Tournament:
    """Sign up a player (``members`` defaults to ``[entrant_id]``) or a team (``team_size``
    members). During a running Swiss with ``late_entry`` the entrant joins from the next round
    with no points (until ``late_until``). Refused: a name or id already entered, a player in
    another team, a full event, registration over, or (given ``now``, as for a player's own
    sign-up; an organiser's is not) sign-up closed at ``signup_closes_at``."""
    s = t.settings
    late = t.status == RUNNING and s.late_entry
    if t.status != REGISTRATION and not late:
        raise EntryError("tournament.error.registration_closed")
    if now is not None and t.status == REGISTRATION and t.signup_closes_at is not None \
            and now >= t.signup_closes_at:
        raise EntryError("tournament.error.signup_closed_at", at=int(t.signup_closes_at))
    if late and not s.late_open(late_round(t)):
        raise EntryError("tournament.error.late_closed", round=s.late_until)
    if late and t.total_rounds is not None and late_round(t) > t.total_rounds:  # the last round is paired
        raise EntryError("tournament.error.late_closed", round=t.total_rounds)
    entrant_id, name = str(entrant_id), str(name).strip()[:MAX_NAME] or str(entrant_id)
    members = [str(m) for m in (members if members is not None else [entrant_id])]
    if len(members) != s.team_size or len(set(members)) != len(members):
        raise EntryError("tournament.error.team_members", size=s.team_size, count=len(set(members)))
    if t.entrant(entrant_id) is not None:
        raise EntryError("tournament.error.already_entered", name=name)
    for member in members:
        other = t.entrant_of_player(member)
        if other is not None:
            raise EntryError("tournament.error.player_taken", player=member, team=other.name)
    active = sum(1 for e in t.entrants if e.active)
    if active >= s.max_entrants:
        raise EntryError("tournament.error.full", maximum=s.max_entrants)
    new = t.copy()
    joined = late_round(t) if late else 1
    seed = len(new.entrants) + 1 if late else 0
    new.entrants.append(Entrant(entrant_id, name, members, float(rating), seed=seed, joined_round=joined,
                                checked_in=late))
    return new


def late_open(t: Tournament) -> bool:
    """Whether someone may join the running event now: late entry is on, still open for the next
    round to be paired, and that round is one of the event's (not past its last, not a cut's)."""
    return t.status == RUNNING and t.settings.late_open(late_round(t)) \
        and (t.total_rounds is None or late_round(t) <= t.total_rounds)


def late_round(t: Tournament) -> int:
    """The first round a late entrant would play: the next one to be paired (a round already
    paired, being in ``rounds``, goes ahead without them)."""
    return len(t.rounds) + 1


def remove_entrant(t: Tournament, entrant_id: str) -> Tournament:
    """Leave during registration (later, use :func:`drop`)."""
    if t.status != REGISTRATION:
        raise EntryError("tournament.error.registration_closed")
    _entrant(t, entrant_id)
    new = t.copy()
    new.entrants = [e for e in new.entrants if e.id != str(entrant_id)]
    return new


def check_in(t: Tournament, entrant_id: str, present: bool = True, *, now: float | None = None) -> Tournament:
    """Mark an entrant present (``check_in`` events drop the absent at :func:`start`). With a
    scheduled start and ``check_in_minutes``, check-in opens that long before the start (given
    ``now``)."""
    if t.status != REGISTRATION:
        raise EntryError("tournament.error.registration_closed")
    opens = check_in_opens(t.start_at, t.settings.check_in_minutes)
    if now is not None and opens is not None and now < opens:
        raise EntryError("tournament.error.check_in_not_open", at=int(opens))
    _entrant(t, entrant_id)
    new = t.copy()
    new.entrant(str(entrant_id)).checked_in = bool(present)
    return new


def substitute(t: Tournament, entrant_id: str, old_player: str, new_player: str) -> Tournament:
    """A substitute takes ``old_player``'s seat in the entrant (a team member, or the player of
    an individual entry) for the rest of the event; results stay with the entrant."""
    entrant = _entrant(t, entrant_id)
    if str(old_player) not in entrant.members:
        raise EntryError("tournament.error.not_a_member", player=old_player, team=entrant.name)
    other = t.entrant_of_player(str(new_player))
    if other is not None:
        raise EntryError("tournament.error.player_taken", player=new_player, team=other.name)
    new = t.copy()
    members = new.entrant(entrant.id).members
    members[members.index(str(old_player))] = str(new_player)
    return new


def start(t: Tournament) -> Tournament:
    """Close registration: with ``check_in`` the entrants not checked in are removed; seeds are
    given by rating (best first, then sign-up order); the number of rounds (or the bracket) is
    fixed. Refused below ``min_entrants``."""
    if t.status != REGISTRATION:
        raise PhaseError("tournament.error.not_registration")
    new = t.copy()
    if new.settings.check_in:
        new.entrants = [e for e in new.entrants if e.checked_in]
    if len(new.entrants) < new.settings.min_entrants:
        raise EntryError("tournament.error.too_few", count=len(new.entrants), minimum=new.settings.min_entrants)
    order = sorted(range(len(new.entrants)), key=lambda i: (-new.entrants[i].rating, i))
    for seed, i in enumerate(order, start=1):
        new.entrants[i].seed = seed
    new.entrants.sort(key=lambda e: e.seed)
    new.status = RUNNING
    if new.settings.elimination:
        new.bracket = brackets.build(len(new.entrants), new.settings.format == DOUBLE_ELIMINATION,
                                     new.settings.third_place)
        brackets.resolve(new)
    else:
        count = len(new.entrants)
        if new.settings.groups > 1:
            if count < 2 * new.settings.groups:
                raise EntryError("tournament.error.too_few_groups", count=count, groups=new.settings.groups)
            new.groups = deal_groups([e.id for e in new.entrants], new.settings.groups)
            count = max(len(g) for g in new.groups)
        new.total_rounds = new.settings.auto_rounds(count)
    return new


def pause(t: Tournament, paused: bool = True) -> Tournament:
    """Pause (or, with ``paused=False``, resume) a running event: while paused no round is
    paired; the games of the round being played go on and are recorded."""
    if t.status != RUNNING:
        raise PhaseError("tournament.error.not_running")
    if t.paused == bool(paused):
        raise PhaseError("tournament.error.already_paused" if paused else "tournament.error.not_paused")
    new = t.copy()
    new.paused = bool(paused)
    return new


def unpause(t: Tournament) -> Tournament:
    return pause(t, False)


def cancel(t: Tournament) -> Tournament:
    if t.status in (FINISHED, CANCELLED):
        raise PhaseError("tournament.error.over")
    new = t.copy()
    new.status = CANCELLED
    return new


def drop(t: Tournament, entrant_id: str) -> Tournament:
    """Withdraw an entrant. In registration this is leaving. Running: not paired again; a table of
    theirs already being played stays (the host lets an AI finish the game and records it with
    the entrant in ``abandoned``); in elimination their undecided match is lost by forfeit."""
    entrant = _entrant(t, entrant_id)
    if t.status == REGISTRATION:
        return remove_entrant(t, entrant_id)
    if t.status != RUNNING:
        raise PhaseError("tournament.error.over")
    if not entrant.active:
        raise EntryError("tournament.error.already_dropped", name=entrant.name)
    new = t.copy()
    current = new.current_round
    # the round being played keeps them (their game is finished for them); the next does not
    new.entrant(entrant.id).dropped_from = len(new.rounds) + 1
    if new.in_bracket:
        if current is not None and current.status != DONE:
            for table in current.tables:
                if entrant.id in table.entrants and not table.decided:
                    places = [2 if e == entrant.id else 1 for e in table.entrants]
                    _decide(new, current, table, places, reason="dropped")
        brackets.resolve(new)
        _maybe_finish(new)
    return new


def drop_players(t: Tournament, players: Iterable[str]) -> tuple[Tournament, list[str]]:
    """Withdraw the still active entrants of ``players`` (a team goes with its member): the
    timeout rule's drop. Returns the new state and the entrant ids withdrawn (none: unchanged)."""
    dropped: list[str] = []
    for player in players:
        entrant = t.entrant_of_player(str(player))
        if entrant is not None and entrant.active and t.status == RUNNING and entrant.id not in dropped:
            t = drop(t, entrant.id)
            dropped.append(entrant.id)
    return t, dropped


# -- rounds ---------------------------------------------------------------------------------------------


def pair_next_round(t: Tournament) -> tuple[Tournament, Round]:
    """Pair the next round: returns the new state and the round (its tables, each with its sides
    in seat order, and its byes). Refused while a round is unfinished or after the end."""
    if t.status != RUNNING:
        raise PhaseError("tournament.error.not_running")
    if t.paused:
        raise PhaseError("tournament.error.paused")
    current = t.current_round
    if current is not None and current.status != DONE:
        raise PhaseError("tournament.error.round_unfinished", round=current.number)
    new = t.copy()
    number = len(new.rounds) + 1
    fmt = new.settings.format
    if new.in_bracket:
        brackets.resolve(new)
        matches = brackets.ready(new)
        if not matches:
            raise PhaseError("tournament.error.over")
        tables = []
        # the better seed sits first: the event's seeds, or a cut's own (its standings order)
        seed = {eid: n for n, eid in enumerate(new.cut_seeds)} if new.cut_seeds else \
            {e.id: e.seed for e in new.entrants}
        for i, m in enumerate(matches, start=1):
            a, b = m.sides
            first = (a, b) if seed[a] <= seed[b] else (b, a)
            tables.append(Table(i, list(first), match=m.id))
        rnd = Round(number, tables)
    else:
        if new.total_rounds is not None and number > new.total_rounds:
            raise PhaseError("tournament.error.over")
        asked = [e for e, wanted in new.bye_requests.items() if wanted == number]
        resting = sorted(e for e in asked if _plays(new, e, number))
        for e in asked:  # granted, or moot for one withdrawn since
            del new.bye_requests[e]
        players = [row for row in standings(new) if _plays(new, row.entrant, number) and row.entrant not in resting]
        if fmt == ROUND_ROBIN:
            rnd = _round_robin(new, number)
        elif len(players) < (new.settings.table_size if fmt == SWISS_TABLES else 2):
            raise PairingError("tournament.error.too_few_active", count=len(players))
        elif fmt == SWISS:
            rnd = _swiss(new, number, players)
        else:
            rnd = _tables(new, number, players)
        rnd.half_byes = resting
    new.rounds.append(rnd)
    return new, rnd


def forbid(t: Tournament, first: str, second: str, forbidden: bool = True) -> Tournament:
    """Forbid (or, with ``forbidden=False``, allow again) two entrants to be paired, from the
    next round paired on (Swiss and multiplayer tables: never while any pairing avoids it; a
    round robin and a bracket are fixed and ignore it). Team-mates need none: a team is one
    entrant."""
    if t.status not in (REGISTRATION, RUNNING):
        raise PhaseError("tournament.error.over")
    a, b = _entrant(t, first), _entrant(t, second)
    if a.id == b.id:
        raise EntryError("tournament.error.forbid_self", name=a.name)
    pair = sorted((a.id, b.id))
    new = t.copy()
    present = pair in new.forbidden
    if forbidden and not present:
        new.forbidden.append(pair)
    elif not forbidden and present:
        new.forbidden.remove(pair)
    else:
        raise EntryError("tournament.error.forbid_already" if forbidden else "tournament.error.forbid_none",
                         first=a.name, second=b.name)
    return new


def request_bye(t: Tournament, entrant_id: str, wanted: bool = True) -> Tournament:
    """An entrant asks to sit out the next round to be paired with a half-point bye (a draw's
    points; half a bye at multiplayer tables), or withdraws the request. Swiss formats only; at
    most one request at a time."""
    entrant = _entrant(t, entrant_id)
    s = t.settings
    if s.format not in (SWISS, SWISS_TABLES) or t.stage != 1:
        raise EntryError("tournament.error.bye_format", format=s.format)
    if t.status not in (REGISTRATION, RUNNING) or not entrant.active:
        raise PhaseError("tournament.error.over")
    number = len(t.rounds) + 1
    if t.total_rounds is not None and number > t.total_rounds:
        raise PhaseError("tournament.error.over")
    new = t.copy()
    if wanted:
        if entrant.id in new.bye_requests:
            raise EntryError("tournament.error.bye_already", round=new.bye_requests[entrant.id])
        new.bye_requests[entrant.id] = number
    else:
        if entrant.id not in new.bye_requests:
            raise EntryError("tournament.error.bye_none")
        del new.bye_requests[entrant.id]
    return new


def _plays(t: Tournament, entrant_id: str, number: int) -> bool:
    e = t.entrant(entrant_id)
    return e.joined_round <= number and (e.dropped_from is None or e.dropped_from > number)


def _history(t: Tournament) -> tuple[dict[str, Counter], dict[str, list[int]], set[str]]:
    """Opponents met (counted), seat history (+1 first, -1 second / seat fraction) and byes."""
    met: dict[str, Counter] = {e.id: Counter() for e in t.entrants}
    seats: dict[str, list] = {e.id: [] for e in t.entrants}
    byes: set[str] = set()
    for rnd in t.rounds:
        byes.update(rnd.byes)
        for table in rnd.tables:
            size = len(table.entrants)
            for i, a in enumerate(table.entrants):
                for b in table.entrants:
                    if a != b:
                        met[a][b] += 1
                seats[a].append((1 if i == 0 else -1) if size == 2 else i / (size - 1))
    return met, seats, byes


def _forbidden(t: Tournament) -> dict[str, frozenset[str]]:
    out: dict[str, set[str]] = {}
    for a, b in t.forbidden:
        out.setdefault(a, set()).add(b)
        out.setdefault(b, set()).add(a)
    return {e: frozenset(others) for e, others in out.items()}


def _swiss(t: Tournament, number: int, players: list[Standing]) -> Round:
    met, seats, byes = _history(t)
    forbidden = _forbidden(t)
    candidates = [Candidate(row.entrant, row.points, met[row.entrant], sum(seats[row.entrant]),
                            tuple(seats[row.entrant]), row.entrant in byes, forbidden.get(row.entrant, frozenset()))
                  for row in players]
    result = pair_swiss(candidates)
    tables = [Table(i, [a, b]) for i, (a, b) in enumerate(result.pairs, start=1)]
    return Round(number, tables, byes=[result.bye] if result.bye else [])


def _tables(t: Tournament, number: int, players: list[Standing]) -> Round:
    from games.registry import get_game

    game = get_game(t.settings.game)
    size = t.settings.table_size
    sizes, bye_count = table_sizes(len(players), size, max(3, game.min_players), game.max_players)
    if not sizes:
        raise PairingError("tournament.error.too_few_active", count=len(players))
    met, seats, had_bye = _history(t)
    byes: list[str] = []
    if bye_count:
        # the lowest in the standings without a bye yet; then the lowest
        bottom_up = [row.entrant for row in reversed(players)]
        eligible = [e for e in bottom_up if e not in had_bye] + [e for e in bottom_up if e in had_bye]
        byes = eligible[:bye_count]
    forbidden = _forbidden(t)
    seated = [Seated(row.entrant, row.points, met[row.entrant],
                     sum(seats[row.entrant]) / len(seats[row.entrant]) if seats[row.entrant] else 0.5,
                     forbidden.get(row.entrant, frozenset()))
              for row in players if row.entrant not in byes]
    groups = group_tables(seated, sizes)
    return Round(number, [Table(i, g) for i, g in enumerate(groups, start=1)], byes=byes)


def deal_groups(ids: Sequence[str], count: int) -> list[list[str]]:
    """``ids`` (by seed) dealt into ``count`` groups in snake order (1 2 3 3 2 1 1 2 3...), so
    every group gets as strong a field as the seeds allow."""
    groups: list[list[str]] = [[] for _ in range(count)]
    for i, eid in enumerate(ids):
        lap, k = divmod(i, count)
        groups[k if lap % 2 == 0 else count - 1 - k].append(eid)
    return groups


def _round_robin(t: Tournament, number: int) -> Round:
    tables, byes = [], []
    groups = t.groups or [[e.id for e in sorted(t.entrants, key=lambda e: e.seed)]]
    for ids in groups:
        if number > t.settings.auto_rounds(len(ids)):  # a smaller group has played all its rounds
            continue
        for a, b in round_robin_round(ids, number - 1):
            present = [x for x in (a, b) if x is not None and _plays(t, x, number)]
            if len(present) == 2:
                tables.append(Table(len(tables) + 1, [a, b]))
            elif present:
                byes.append(present[0])
    return Round(number, tables, byes=byes)


def begin_round(t: Tournament) -> Tournament:
    """The paired round's games open: results may now be recorded."""
    current = t.current_round
    if t.status != RUNNING or current is None or current.status != PAIRED:
        raise PhaseError("tournament.error.nothing_to_begin")
    new = t.copy()
    new.current_round.status = PLAYING
    if not new.current_round.tables:
        new.current_round.status = DONE
        _maybe_finish(new)
    return new


def record_result(t: Tournament, table_number: int, *, places: Sequence[int] | None = None,
                  scores: Sequence[float] | None = None, abandoned: Iterable[str] = (),
                  reason: str | None = None) -> Tournament:
    """Record a game at a table of the round being played, by finishing ``places`` (1 = best,
    ties share; in the order of ``Table.entrants``) or by ``scores`` (higher is better), or
    both (places decide, scores feed ``game_score``). Sides in ``abandoned`` (dropped and
    replaced by an AI) are placed last.

    Best-of-N: each call is one game; the match is decided at N//2+1 wins (drawn games do not
    count); an elimination game that is drawn decides nothing (another game is needed).
    ``reason`` makes it an organiser's adjudication: the places given are the match result, even
    over a result already recorded, and the reason is kept."""
    current = t.current_round
    if t.status != RUNNING or current is None or current.status != PLAYING:
        raise PhaseError("tournament.error.no_round_playing")
    table = current.table(int(table_number))
    if table is None:
        raise ResultError("tournament.error.no_table", table=table_number, round=current.number)
    if table.decided and reason is None:
        raise ResultError("tournament.error.already_decided", table=table.number)
    size = len(table.entrants)
    abandoned = [str(a) for a in abandoned]
    for a in abandoned:
        if a not in table.entrants:
            raise ResultError("tournament.error.not_at_table", entrant=a, table=table.number)
    if scores is not None:
        try:
            scores = [float(x) for x in scores]
        except (TypeError, ValueError):
            raise ResultError("tournament.error.bad_scores", table=table.number, size=size) from None
        if len(scores) != size or any(x != x or abs(x) > 1e9 for x in scores):
            raise ResultError("tournament.error.bad_scores", table=table.number, size=size)
    if places is None:
        if scores is None:
            raise ResultError("tournament.error.no_result", table=table.number)
        places = competition_ranks(scores)
    places = _checked_places(table, places, abandoned)
    if reason is not None:
        reason = _checked_reason(reason)
    new = t.copy()
    rnd = new.current_round
    table = rnd.table(table.number)
    best_of = new.settings.best_of if new.in_bracket else 1
    game = GameRecord(places, scores, abandoned, first=len(table.games) % 2 if best_of > 1 else 0)
    if reason is not None:
        if best_of == 1:
            table.games = [game]
        _decide(new, rnd, table, places, reason)
    else:
        table.games.append(game)
        if best_of == 1 and not (new.in_bracket and len(set(places)) < size):
            _decide(new, rnd, table, places, None)
        else:
            wins = [sum(1 for g in table.games if g.places[i] == 1 and g.places.count(1) == 1) for i in range(size)]
            needed = best_of // 2 + 1
            if max(wins) >= needed:
                _decide(new, rnd, table, [1 if w == max(wins) else 2 for w in wins], None)
    return new


def _checked_places(table: Table, places: Sequence[int], abandoned: Sequence[str] = ()) -> list[int]:
    """``places`` for ``table`` as competition ranks (abandoned sides tied last), or a
    :class:`ResultError` naming the table and how many places it needs."""
    size = len(table.entrants)
    try:
        places = [int(p) for p in places]
    except (TypeError, ValueError):
        raise ResultError("tournament.error.bad_places", table=table.number, size=size) from None
    if len(places) != size or any(not 1 <= p <= size for p in places):
        raise ResultError("tournament.error.bad_places", table=table.number, size=size)
    keys = [(1 if e in abandoned else 0, p) for e, p in zip(table.entrants, places)]
    return [1 + sum(1 for other in keys if other < key) for key in keys]


def _checked_reason(reason: str) -> str:
    reason = str(reason).strip()[:MAX_REASON]
    if not reason:
        raise ResultError("tournament.error.no_reason")
    return reason


def correct_result(t: Tournament, round_number: int, table_number: int, places: Sequence[int],
                   reason: str) -> Tournament:
    """An organiser corrects the result of a decided table of any round so far (issue 29): the
    new places replace the match result (the first recorded are kept in ``Table.corrected``,
    the ``reason`` in ``Table.reason``, so the table counts as adjudicated and is not rated).
    Standings and tie-breaks follow, being computed from the results; pairings already made
    stay. In a bracket the winner changes only while the matches it feeds are still unplayed
    (a walkover it gave is taken back)."""
    if t.status != RUNNING:
        raise PhaseError("tournament.error.not_running")
    table = _table(t, round_number, table_number)
    if not table.decided:
        raise ResultError("tournament.error.not_decided", table=table.number, round=int(round_number))
    places = _checked_places(table, places)
    reason = _checked_reason(reason)
    if places == table.places:
        raise ResultError("tournament.error.same_result", table=table.number, round=int(round_number))
    new = t.copy()
    tb = new.rounds[int(round_number) - 1].table(table.number)
    if tb.match is not None:
        if places.count(1) != 1:
            raise ResultError("tournament.error.bracket_needs_winner", table=table.number)
        played = {x.match for r in new.rounds for x in r.tables if x.match is not None and x is not tb}
        if _unsettle(new, tb.match, played):
            raise PhaseError("tournament.error.correct_too_late", table=table.number, round=int(round_number))
        m = new.match(tb.match)
        m.winner = tb.entrants[places.index(1)]
        m.loser = next(e for e in tb.entrants if e != m.winner)
    if tb.corrected is None:
        tb.corrected = list(tb.places)
    tb.places, tb.reason = places, reason
    if tb.match is not None:
        brackets.resolve(new)
        _maybe_finish(new)
    return new


def _unsettle(t: Tournament, match_id: str, played: set[str]) -> bool:
    """Take back what ``match_id``'s result fed (sides, walkovers), on ``t`` in place; ``True``
    (and ``t`` is to be thrown away) when a match it fed was already paired."""
    for m in t.bracket:
        slots = [i for i, source in enumerate(m.sources) if source.partition(":")[2] == match_id]
        if not slots:
            continue
        if m.id in played:
            return True
        for i in slots:
            m.sides[i] = None
        if m.winner is not None:  # a walkover (or no second final) that followed from it
            m.winner = m.loser = None
            if _unsettle(t, m.id, played):
                return True
    return False


def unpair_round(t: Tournament) -> Tournament:
    """Take back the current round's pairing before any of its results (the host checks that
    no game has a move): the next :func:`pair_next_round` pairs it again from the standings as
    they are now, so entrants withdrawn since it was paired are left out of it."""
    current = t.current_round
    if t.status != RUNNING or current is None or current.status == DONE:
        raise PhaseError("tournament.error.nothing_to_repair")
    if any(table.decided or table.games for table in current.tables):
        raise PhaseError("tournament.error.repair_results", round=current.number)
    new = t.copy()
    popped = new.rounds.pop()
    number = popped.number
    for e in popped.half_byes:  # asked for this round: still asked for when it is paired again
        new.bye_requests[e] = number
    for e in new.entrants:
        if e.dropped_from == number + 1:
            e.dropped_from = number
    if new.in_bracket:
        brackets.resolve(new)
    return new


def _decide(t: Tournament, rnd: Round, table: Table, places: list[int], reason: str | None) -> None:
    table.places = list(places)
    table.reason = reason
    if table.match is not None:
        m = t.match(table.match)
        if places.count(1) == 1:
            winner = table.entrants[places.index(1)]
            m.winner, m.loser = winner, next(e for e in table.entrants if e != winner)
            m.round_played = rnd.number
    if all(tb.decided for tb in rnd.tables):
        rnd.status = DONE
        if t.in_bracket:
            brackets.resolve(t)
        _maybe_finish(t)


def _maybe_finish(t: Tournament) -> None:
    current = t.current_round
    if current is not None and current.status != DONE:
        return
    if t.in_bracket:
        if brackets.final_decided(t):
            t.status = FINISHED
    elif t.total_rounds is not None and len(t.rounds) >= t.total_rounds:
        if t.settings.cut:
            _start_cut(t)
        else:
            t.status = FINISHED


def _start_cut(t: Tournament) -> None:
    """Stage 2: the best ``cut`` active entrants of the standings after the last round play a
    bracket seeded in that order (fewer than two left: the event ends)."""
    rows = [row for row in standings(t) if t.entrant(row.entrant).active]
    size = min(t.settings.cut, len(rows))
    if size < 2:
        t.status = FINISHED
        return
    t.stage = 2
    t.cut_seeds = [row.entrant for row in rows[:size]]
    t.bracket = brackets.build(size, t.settings.cut_format == DOUBLE_ELIMINATION, t.settings.third_place)
    brackets.resolve(t)
    if brackets.final_decided(t):
        t.status = FINISHED


# -- for the host ---------------------------------------------------------------------------------------


def table_seats(t: Tournament, round_number: int, table_number: int, game_index: int | None = None) -> list[str]:
    """The player ids in seat order for a game at a table (the next game when ``game_index`` is
    ``None``). Teams alternate seats (A1 B1 A2 B2: Minoa's partners sit opposite); in best-of-N
    the sides take turns to sit first."""
    table = _table(t, round_number, table_number)
    index = len(table.games) if game_index is None else int(game_index)
    sides = list(table.entrants)
    if t.in_bracket and t.settings.best_of > 1 and index % 2:
        sides.reverse()
    members = [t.entrant(e).members for e in sides]
    return [team[k] for k in range(t.settings.team_size) for team in members]


def seat_places(t: Tournament, round_number: int, table_number: int, seat_ranks: Sequence[int],
                game_index: int | None = None) -> list[int]:
    """The sides' places (for :func:`record_result`) from a game's ranks by seat (the engine's
    ``Result.ranks``) at that table: a team takes its members' best rank."""
    table = _table(t, round_number, table_number)
    seats = table_seats(t, round_number, table_number, game_index)
    best: dict[str, int] = {}
    for player, rank in zip(seats, seat_ranks):
        side = t.entrant_of_player(player).id
        best[side] = min(best.get(side, rank), rank)
    values = [-best[e] for e in table.entrants]
    return competition_ranks(values)


def export_csv(t: Tournament) -> str:
    """Pairings and results, one line per side per table and one per bye: round, table, match,
    seat, entrant, name, place, points, score, adjudication reason."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["round", "table", "match", "seat", "entrant", "name", "place", "points", "score", "reason"])
    s = t.settings
    for rnd in t.rounds:
        for table in rnd.tables:
            points = s.points_for(table.places) if table.decided else [None] * len(table.entrants)
            for i, eid in enumerate(table.entrants):
                score = sum(Fraction(str(g.scores[i])) for g in table.games if g.scores is not None) \
                    if any(g.scores is not None for g in table.games) else None
                writer.writerow([rnd.number, table.number, table.match or "", i + 1, eid, _csv_safe(t.entrant(eid).name),
                                 table.places[i] if table.decided else "",
                                 "" if points[i] is None else plain(points[i]),
                                 "" if score is None else plain(score), _csv_safe(table.reason or "")])
        for eid in rnd.byes:
            writer.writerow([rnd.number, "bye", "", "", eid, _csv_safe(t.entrant(eid).name), "",
                             plain(Fraction(str(s.bye_points))), "", ""])
        for eid in rnd.half_byes:
            writer.writerow([rnd.number, "half_bye", "", "", eid, _csv_safe(t.entrant(eid).name), "",
                             plain(s.half_bye_points), "", ""])
    return out.getvalue()


def _csv_safe(text: str) -> str:
    """A cell a spreadsheet will not run as a formula (a name may start with = + - @)."""
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text


def _entrant(t: Tournament, entrant_id: str) -> Entrant:
    entrant = t.entrant(str(entrant_id))
    if entrant is None:
        raise EntryError("tournament.error.not_entered", entrant=entrant_id)
    return entrant


def _table(t: Tournament, round_number: int, table_number: int) -> Table:
    if not 1 <= int(round_number) <= len(t.rounds):
        raise ResultError("tournament.error.no_round", round=round_number)
    table = t.rounds[int(round_number) - 1].table(int(table_number))
    if table is None:
        raise ResultError("tournament.error.no_table", table=table_number, round=round_number)
    return table


def points(t: Tournament) -> dict[str, Fraction]:
    """Every entrant's points now."""
    return {eid: rec.points for eid, rec in records(t).items()}


def rating_seats(t: Tournament, round_number: int, table_number: int, game_index: int = -1) -> list:
    """The :class:`~tournaments.ratings.Seat` list of a recorded game at a table (the last one by
    default) for :func:`tournaments.ratings.rate_game`: each member's side place, teams as teams,
    abandoning sides marked. The host adds ``human=False`` for seats an AI played from the start."""
    from tournaments.ratings import Seat

    table = _table(t, round_number, table_number)
    if not table.games:
        raise ResultError("tournament.error.no_result", table=table_number)
    index = game_index % len(table.games)
    game = table.games[index]
    seats = table_seats(t, round_number, table_number, index)
    out = []
    for player in seats:
        side = t.entrant_of_player(player).id
        i = table.entrants.index(side)
        out.append(Seat(player, game.places[i], team=i if t.settings.team_size > 1 else None,
                        abandoned=side in game.abandoned))
    return out
