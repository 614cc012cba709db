"""Taking back a move (``/undo``), decided by the game's contract, never by the bot.

A player may take back their latest move while it is still theirs to take back:

- never when it, or any move after it, revealed something (``Game.reveals``: a random draw, news
  for another seat's private view, a public outcome worked out from hidden state, a statement the
  table has heard), nor in a rated tournament game unless its organiser allows it;
- at once when nobody has moved since (an AI's reply does not count: it is taken back with it);
- otherwise with the consent of every other person at the table (a request with Accept / Decline
  buttons, valid only while the table stays at the version it was asked at).

Each request lands once. The Undo button on a mover's reply names its move (the version the move
was committed at): it takes back that move while it is still the user's latest, and once it has
been taken back a second click is "already done". A typed ``/undo`` (and an Undo button of an
older release, which names no move) is refused as already done (:class:`RepeatedUndo`) when it
would follow the same user's own undo with nothing in between: two sent at once take back one
move, and the refusal offers an Undo button for the move before it. A second Accept after the
undo was done, or a second request while one is open, is refused likewise.

The undo rewinds the stored state to the position before the move (rebuilt from the seed and the
earlier moves), removes the taken-back move records, notes the undo in the table's settings (the
record keeps it; the note names the user, the version it was taken at and the taken-back moves'
versions, which is how a repeat is known), bumps the version, and starts the turn's clock again.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bot.host.errors import HostError, RepeatedUndo
from bot.host.history import positions
from bot.host.store import MoveRow, StaleVersion, TableRow
from games.record import recorded_move


@dataclass
class UndoPlan:
    """What an undo would take back: the moves after ply ``keep``, ending in the user's own."""

    keep: int
    taken: list[MoveRow]
    before: Any
    #: People (user ids) whose consent is needed: those, other than the asker, who sit at the table,
    #: when someone other than an AI has moved since.
    consent: list[int]


async def plan(host: Any, table: TableRow, user_id: int) -> UndoPlan:
    """Check that ``user_id`` may take back their latest move now, and what that means."""
    if table.status != "active":
        raise HostError("undo.not_active")
    mine = {s.seat for s in table.seats if s.user_id == user_id}
    if not mine:
        raise HostError("host.not_a_player")
    if table.settings.get("tournament") is not None and table.settings.get("rated") \
            and not table.settings.get("undo_allowed"):
        raise HostError("undo.tournament")
    moves = await host.store.moves(table.id)
    index = max((i for i, m in enumerate(moves) if m.seat in mine), default=None)
    if index is None:
        raise HostError("undo.nothing")
    game = host.game(table)
    states = positions(game, table.num_players, dict(table.options), table.seed,
                       [(m.seat, m.notation) for m in moves])
    for i in range(index, len(moves)):
        move = recorded_move(game, states[i], moves[i].seat, moves[i].notation)
        if game.reveals(states[i], moves[i].seat, move, states[i + 1]):
            raise HostError("undo.revealed", move=moves[i].words.get("en", moves[i].notation))
    later_people = {table.seats[m.seat].user_id for m in moves[index + 1:]
                    if not table.seats[m.seat].is_ai} - {user_id}
    consent = sorted({s.user_id for s in table.seats if s.user_id is not None} - {user_id}) if later_people else []
    return UndoPlan(moves[index].ply - 1, moves[index:], states[index], consent)


async def _once(host: Any, table: TableRow, user_id: int, move: int | None) -> None:
    """Refuse an undo that was already done: the Undo button of ``move`` (the version that move
    was committed at) once that move was taken back; without a move, one that would follow the
    user's own undo with nothing in between (:class:`RepeatedUndo`)."""
    notes = table.settings.get("undone", [])
    if move is not None:
        if any(move in note.get("records", ()) for note in notes):
            raise HostError("undo.already_done")
    elif notes and notes[-1].get("user") == user_id and notes[-1].get("version") == table.version - 1:
        try:
            more = (await plan(host, table, user_id)).taken[0].version
        except HostError:
            more = None
        raise RepeatedUndo(table.id, more)


async def _plan(host: Any, table: TableRow, user_id: int, move: int | None) -> UndoPlan:
    """:func:`plan`, for the Undo button of ``move`` only while that move is the user's latest."""
    undo_plan = await plan(host, table, user_id)
    if move is not None and undo_plan.taken[0].version != move:
        raise HostError("undo.not_latest")
    return undo_plan


def _late(table: TableRow, version: int) -> HostError:
    """Why an answer or an undo bound to ``version`` comes too late: that undo was done, or the
    game moved on."""
    done = any(note.get("version") == version for note in table.settings.get("undone", []))
    return HostError("undo.already_done" if done else "undo.stale")


async def undo(host: Any, table_id: int, user_id: int, *, move: int | None = None, version: int | None = None,
               consented: bool = False) -> tuple[TableRow, UndoPlan]:
    """Take back the user's latest move now: ``move`` for the Undo button of that move; typed
    (neither), at most once in a row (:func:`_once`); ``consented``: the others agreed, at
    ``version``. Raises ``HostError("undo.needs_consent")`` when the others must agree first."""
    async with host.lock(table_id):
        table = await host.table(table_id)
        if version is not None and table.version != version:
            raise _late(table, version)
        if version is None:
            await _once(host, table, user_id, move)
        undo_plan = await _plan(host, table, user_id, move)
        if undo_plan.consent and not consented:
            raise HostError("undo.needs_consent")
        game = host.game(table)
        seat = undo_plan.taken[0].seat
        note = {"by": seat, "after_ply": undo_plan.keep, "at": host.clock(),
                "moves": [[m.seat, m.notation] for m in undo_plan.taken],
                "user": user_id, "version": table.version, "records": [m.version for m in undo_plan.taken]}
        settings = {**table.settings, "undone": [*table.settings.get("undone", []), note]}
        settings.pop("undo_request", None)
        clock = await host.turn_clock(table, game, undo_plan.before, table.seats)
        try:  # through the host's write-through copy of the table, like every write of a move
            after = await host._written(table.id, host.store.rewind(
                table.id, table.version, undo_plan.keep, state=game.state_to_json(undo_plan.before),
                settings=settings, acting=_acting(game, undo_plan.before), **clock))
        except StaleVersion:  # another process changed the table meanwhile: perhaps this very undo
            table = await host.table(table_id)
            if version is None:
                await _once(host, table, user_id, move)
            raise HostError("host.stale") from None
        return after, undo_plan


def _acting(game: Any, state: Any) -> int:
    return sum(1 << seat for seat in game.to_act(state))


async def request(host: Any, table_id: int, user_id: int, *, move: int | None = None) -> tuple[TableRow, UndoPlan]:
    """Ask the others to agree to an undo (of ``move``, for its Undo button): the request is
    stored for this version of the table, once."""
    async with host.lock(table_id):
        table = await host.table(table_id)
        await _once(host, table, user_id, move)
        asked = table.settings.get("undo_request")
        if isinstance(asked, dict) and asked.get("by") == user_id and asked.get("version") == table.version:
            raise HostError("undo.already_asked")
        undo_plan = await _plan(host, table, user_id, move)
        changed = await host.store.update_setting(
            table.id, ("undo_request",), lambda _: {"by": user_id, "version": table.version, "yes": [user_id]},
            version=table.version)
        return changed, undo_plan


async def answer(host: Any, table_id: int, user_id: int, version: int,
                 accept: bool) -> tuple[TableRow, UndoPlan | None, list[int]]:
    """Accept or decline the open undo request of ``version``. Returns the table, what was taken
    back (``None`` while people have yet to agree, or after a decline, which closes the request),
    and who has yet to agree."""
    async with host.lock(table_id):
        table = await host.table(table_id)
        asked = table.settings.get("undo_request")
        if not isinstance(asked, dict) or asked.get("version") != version or table.version != version:
            raise _late(table, version)
        if user_id == asked["by"]:
            raise HostError("undo.own_request")
        undo_plan = await plan(host, table, asked["by"])
        if user_id not in undo_plan.consent:
            raise HostError("host.not_a_player")
        if not accept:
            table = await host.store.update_setting(table.id, ("undo_request",), lambda _: None)
            return table, None, undo_plan.consent
        yes = sorted(set(asked["yes"]) | {user_id})
        table = await host.store.update_setting(table.id, ("undo_request",), lambda current: {**current, "yes": yes})
        missing = [u for u in undo_plan.consent if u not in yes]
    if missing:
        return table, None, missing
    table, done = await undo(host, table_id, asked["by"], version=version, consented=True)
    return table, done, []
