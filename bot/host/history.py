"""A game's story after the fact: its record, its move list, replay frames and players' figures.

Nothing here changes a table. Everything public is built from what was already public (the move
words posted in the thread, the public view of each past position); a record carries the seed and
every notation, which can reveal hidden pieces and future draws, so the host hands it out only for
games that are over.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Sequence

from bot.host.errors import HostError
from bot.host.store import MoveRow, TableRow
from games.core import Game
from games.messages import Text
from games.record import Header, parse_record_line, play_recorded, read_header, replay_lines, write
from games.registry import get_game
from games.typed import integer, quoted

#: Notes the host puts on a move that the player did not choose (time ran out).
TIMEOUT_NOTES = ("clock.ai_moved", "clock.skipped")
#: Ended tables whose story may be told in full (record, replay).
OVER = ("finished", "cancelled")


def record_text(host: Any, table: TableRow, moves: Sequence[MoveRow]) -> str:
    """The game's record (``games.record``): header, who sat where, how it ended, every move.

    ``python -m games replay GAME --moves FILE`` replays it to the table's stored state."""
    game = host.game(table)
    header = Header(table.game, table.num_players, table.seed, dict(table.options))
    comments = [f"table {table.id}"]
    for seat in table.seats:
        kind = f"AI {seat.ai_level}" if seat.is_ai else "human"
        comments.append(f"seat {seat.seat}: {seat.name} ({kind})")
    standing = host.standing(table)
    if standing is not None:
        comments.append("ranks: " + " ".join(str(rank) for rank in standing.ranks))
        if standing.resigned:
            comments.append("left the game: seats " + " ".join(str(s) for s in standing.resigned))
    elif table.status == "cancelled":
        comments.append("cancelled")
    for note in table.settings.get("undone", []):  # the record keeps every take-back
        taken = ", ".join(f"{seat} {notation}" for seat, notation in note.get("moves", []))
        comments.append(f"undone after ply {note.get('after_ply')} by seat {note.get('by')}: {taken}")
    if table.status == "finished" and game.to_act(host.state(table)):
        comments.append("ended before the rules' end (resigned)")
    return write(header, [(m.seat, m.notation) for m in moves], comments)


def require_over(table: TableRow) -> None:
    """Records and replays only of games that are over: a running game's seed and notations
    could tell a player what is hidden."""
    if table.status not in OVER:
        raise HostError("history.not_over", table=table.id)


def history_lines(table: TableRow, moves: Sequence[MoveRow], lang: str) -> list[str]:
    """One line per move: number, who, the move in words (as posted in the thread), when.

    Times are Discord timestamps, shown in each reader's own time zone."""
    lines = []
    for move in moves:
        who = table.seats[move.seat].name if move.seat < len(table.seats) else f"#{move.seat}"
        words = move.words.get(lang) or move.words.get("en") or move.notation
        when = f" · <t:{int(move.created_at)}:f>" if move.created_at else ""
        lines.append(f"{move.ply}. **{who}**: {words}{when}")
    return lines


def page_of(count: int, per_page: int, page: int | None) -> tuple[int, int]:
    """``(page, pages)`` for a list of ``count`` lines, ``per_page`` to a page: ``page`` counts from
    0, ``None`` is the last page, and any other number (a stale or forged button, an option past
    the end) is brought within the pages there are."""
    pages = max(1, -(-count // per_page))
    return (pages - 1 if page is None else min(max(page, 0), pages - 1)), pages


def positions(game: Game, num_players: int, options: dict[str, Any], seed: int,
              moves: Sequence[tuple[int, str]]) -> list[Any]:
    """Every position of a game, from the set-up to the last move, rebuilt from its seed and its
    ``(seat, notation)`` moves (pure CPU work: run it off the event loop)."""
    states = [game.new_game(num_players, options, seed)]
    for seat, notation in moves:
        states.append(play_recorded(game, states[-1], seat, notation))
    return states


def frame_plies(count: int, limit: int) -> list[int]:
    """Which of ``count`` positions (0 = the set-up) a replay shows: all of them when they fit in
    ``limit`` frames, else an even spread that always keeps the first and the last."""
    if count <= limit:
        return list(range(count))
    step = (count - 1) / (limit - 1)
    return sorted({round(i * step) for i in range(limit)})


@dataclass
class GameFigures:
    """One player's figures in one game: what ``/stats`` adds up."""

    game: str
    place: int
    players: int
    won: bool
    move_seconds: list[float]
    timeouts: int


def seats_left(table: TableRow, user_id: int) -> set[int]:
    """The seats ``user_id`` left to an AI (resigned, dropped, voted out) at ``table``."""
    return {int(seat) for seat, user in table.settings.get("left", {}).items() if user == user_id}


def sat_at(table: TableRow, user_id: int) -> list[int]:
    """Every seat ``user_id`` held at ``table``: those they still hold and those they left."""
    return sorted({s.seat for s in table.seats if s.user_id == user_id} | seats_left(table, user_id))


def figures(host: Any, table: TableRow, moves: Sequence[MoveRow], user_id: int) -> GameFigures | None:
    """The user's figures in a finished table (``None`` when they did not sit at it).

    A seat the user left (resigned, dropped, voted out) counts with its final place; the time per
    move is measured from the previous move only for moves the user made in person."""
    standing = host.standing(table)
    if standing is None:
        return None
    left, seats = seats_left(table, user_id), set(sat_at(table, user_id))
    if not seats:
        return None
    seat = min(seats)
    replaced = set(standing.resigned)
    thinking, timeouts = [], 0
    previous = None
    for move in moves:
        notes = {event.get("key") for event in move.events}
        if move.seat in seats:
            if notes & set(TIMEOUT_NOTES):
                timeouts += 1
            elif previous is not None and move.seat not in left and move.created_at:
                thinking.append(max(0.0, move.created_at - previous))
        previous = move.created_at or previous
    if seat in table.settings.get("dropped", []):
        timeouts += 1
    place = standing.ranks[seat]
    return GameFigures(table.game, place, table.num_players, place == 1 and seat not in replaced,
                       thinking, timeouts)


@dataclass
class Stats:
    """``/stats`` for one game: the sums over the user's finished games of it."""

    game: str
    played: int
    wins: int
    average_place: float
    average_move_seconds: float | None
    timeouts: int


def summarise(rows: Sequence[GameFigures]) -> list[Stats]:
    """Per game, in order of most played."""
    by_game: dict[str, list[GameFigures]] = {}
    for row in rows:
        by_game.setdefault(row.game, []).append(row)
    stats = []
    for game, games in by_game.items():
        seconds = [s for g in games for s in g.move_seconds]
        stats.append(Stats(game, len(games), sum(g.won for g in games),
                           sum(g.place for g in games) / len(games),
                           sum(seconds) / len(seconds) if seconds else None,
                           sum(g.timeouts for g in games)))
    stats.sort(key=lambda s: (-s.played, s.game))
    return stats


#: Play settings a rematch keeps (not the tournament link, votes, resignations or seats' history).
REMATCH_SETTINGS = ("clock", "hours", "timeout", "vacation", "posts", "rated")
#: Seconds a click's claim to open the rematch holds off other clicks. Opening it is a few store
#: calls; a claim older than this was left by a process that died (or was stopped) mid-way.
REMATCH_CLAIM_SECONDS = 120.0


def rematch_claim(user_id: int, now: float) -> str:
    """The mark a click leaves in the finished table's ``rematch`` setting while it opens the
    rematch (the new table's id replaces it once opened)."""
    return f"claim:{user_id}:{now}"


def claim_expired(claim: Any, now: float) -> bool:
    """Whether ``claim`` (a :func:`rematch_claim` mark) is older than :data:`REMATCH_CLAIM_SECONDS`:
    its process died mid-way, and another click may take over."""
    try:
        made = float(str(claim).rsplit(":", 1)[1])
    except (IndexError, ValueError):  # not a mark of ours: no one will ever finish it
        return True
    return now - made > REMATCH_CLAIM_SECONDS


async def rematch(host: Any, table: TableRow, user_id: int, user_name: str) -> TableRow:
    """A new lobby for the same game, options and play settings, opened by a person who sat at the
    finished game (also one who left it to an AI: otherwise a game every person resigned from
    would have nobody to ask for its rematch): they sit first, the game's other people take their seats again in the same
    order (anyone may Leave), the same AI levels sit where AIs sat from the start, and the seats of
    players who left stay open. One rematch per game: a second click is told where it is, or that
    it is being opened; a claim left by a process that died expires (:data:`REMATCH_CLAIM_SECONDS`)."""
    if table.status != "finished":
        raise HostError("rematch.not_over", table=table.id)
    if table.settings.get("tournament") is not None:
        raise HostError("rematch.tournament", table=table.id)
    if not sat_at(table, user_id):
        raise HostError("host.not_a_player")
    now = host.clock()
    token = rematch_claim(user_id, now)

    def claim(current: Any) -> Any:
        if current is None or (not isinstance(current, int) and claim_expired(current, now)):
            return token
        return current

    def ours(then: Any) -> Callable[[Any], Any]:
        """Write ``then`` only while the claim is still this click's (it may have expired and been
        taken over by another click meanwhile)."""
        return lambda current: then if current == token else current

    claimed = await host.store.update_setting(table.id, ("rematch",), claim)
    if claimed.settings["rematch"] != token:
        taken = claimed.settings["rematch"]
        if isinstance(taken, int):
            raise HostError("rematch.taken", table=table.id, rematch=taken)
        raise HostError("rematch.opening", table=table.id)
    new = None
    try:
        new = await host.open_lobby(
            guild_id=table.guild_id, channel_id=table.channel_id, owner_id=user_id, owner_name=user_name,
            game_name=table.game, num_players=table.num_players, options=dict(table.options),
            settings={k: v for k, v in table.settings.items() if k in REMATCH_SETTINGS})
        for seat in table.seats:
            if seat.user_id is not None and seat.user_id != user_id:
                new = await host.join(new.id, seat.user_id, seat.name)
        left = table.settings.get("left", {})
        for seat in table.seats:
            if seat.is_ai and str(seat.seat) not in left:
                new = await host.add_ai(new.id, user_id, seat.ai_level)
    except Exception:  # e.g. a player at their lobby limit: no half-made rematch stays behind
        if new is not None:
            await host.cancel(new.id, user_id)
        await host.store.update_setting(table.id, ("rematch",), ours(None))
        raise
    await host.store.update_setting(table.id, ("rematch",), ours(new.id))
    return new


#: An imported record's size at most (a long game's record is a few tens of kilobytes).
RECORD_BYTES = 512 * 1024
#: The most moves a record of that size can hold (a move line is at least 4 bytes, ``0 x``).
MAX_RECORD_MOVES = RECORD_BYTES // 4


@dataclass(frozen=True)
class ImportedRecord:
    """What ``/game new ... record:`` plays at Start: the record's header, its first ``len(moves)``
    moves, and how many moves the whole record has."""

    header: Header
    moves: list[tuple[int, str]]
    total: int


def imported(text: str, game_name: str, players: int, moves: Any = None) -> ImportedRecord:
    """Read a record to go on from a position of its game (``/game new ... record: moves:``):
    after its first ``moves`` moves, or all of them when ``moves`` is ``None``.

    The whole record is replayed by the rules first: a record that does not name ``game_name``
    and ``players`` in its header, has an unusable seed, or has a move the rules refuse is refused
    with the reason (and, for a move, its line); so is ``moves`` outside 0 to the record's number
    of moves, and a position with nothing left to play (all the moves of a finished game), which
    says how many moves to give instead."""
    lines = text.splitlines()
    header = read_header(lines)  # SetupError: a seed out of range, a player count that is no number
    if header is None:
        raise HostError("record.no_header")
    if header.game != game_name or header.players != players:
        raise HostError("record.mismatch", game=header.game, players=header.players)
    game = get_game(game_name)
    state = game.new_game(players, dict(header.options), header.seed)  # SetupError: a bad option
    end, total, error = replay_lines(game, state, lines)
    if error is not None:
        raise HostError("record.bad_move", line=error["line"], reason=error["message"])
    taken = total if moves is None else integer(moves)
    if taken is None or not 0 <= taken <= total:
        raise HostError("record.moves_range", moves=quoted(moves), total=total, option=Text("cmd.opt.moves"))
    if taken == total and not game.to_act(end):
        raise HostError("record.finished", total=total, last=total - 1, option=Text("cmd.opt.moves"))
    recorded = [parsed for line in lines if (parsed := parse_record_line(game, end, line)) is not None]
    return ImportedRecord(header, recorded[:taken], total)
