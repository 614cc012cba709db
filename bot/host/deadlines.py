"""The rules' own time limits (:meth:`games.core.Game.deadline`) and uniform announcement pauses
(:meth:`games.core.Game.announce_delay`), for any game, any seats and any moves.

A rule's deadline is measured from the start of the current decision, which every commit stores
(``turn_started_at``); the due instant is stored beside it (``rule_deadline_at``, written by
:meth:`RuleDeadlines.rule_deadline_at` with every new state), so a restart (and every tick's
adoption of a dead process's tables) finds the tables to time by an index, reads no state and
parses none. Tables stored before that column are parsed once, off the event loop, and theirs
stored (:meth:`RuleDeadlines.deadline_tables`). When it passes with the table's version unchanged,
the moves the engine named are played, each with the version check, so a deadline is acted on
once even if two timers (or two processes) fire; a move the engine leaves to the AI (``None``) is
chosen by the seat's AI level (a human's seat: the game's first level).

Mixed into :class:`bot.host.host.Host`, whose tables, locks and commits it uses.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any, NamedTuple

from bot.host.store import UNKNOWN_DEADLINE, TableRow
from games.ai import choose_move, seat_level
from games.core import Deadline, Game
from games.registry import get_game

#: Tables whose unknown deadline is worked out per trip to a worker thread.
CHUNK = 100


class PendingDeadline(NamedTuple):
    """A table whose current decision (at ``version``) has a rule deadline due at ``due``."""

    id: int
    version: int
    due: float


def _due_of(rows: list[tuple[int, int, str, str | None, float]]) -> list[tuple[int, int, float | None]]:
    """``(id, version, due or None)`` of stored tables, each state parsed once (a worker thread)."""
    found = []
    for table_id, version, game_name, text, start in rows:
        game = get_game(game_name)
        limit = None if text is None else game.deadline(game.state_from_json(json.loads(text)))
        found.append((table_id, version, None if limit is None else start + limit.seconds))
    return found

#: The note stored with a move the host played because a rule's time ran out.
PLAYED_NOTE = "deadline.played"


def has_deadlines(game: Game) -> bool:
    """Whether the game declares rule deadlines at all (a cheap test before parsing states)."""
    return type(game).deadline is not Game.deadline


class RuleDeadlines:
    """The rule-deadline half of the host (``self`` is a :class:`~bot.host.host.Host`)."""

    #: Scales every announcement pause (tests make it small; 1.0 in play).
    announce_scale: float = 1.0

    def rule_deadline(self, table: TableRow) -> tuple[float, Deadline] | None:
        """When the current decision's rule deadline falls due (host clock) and what it plays."""
        if table.status != "active" or table.state is None:
            return None
        game = self.game(table)
        if not has_deadlines(game):
            return None
        limit = game.deadline(self.state(table))
        if limit is None:
            return None
        start = table.turn_started_at if table.turn_started_at is not None else table.updated_at
        return start + limit.seconds, limit

    def rule_deadline_at(self, game: Game, state: Any, start: float) -> float | None:
        """The ``rule_deadline_at`` to store with ``state``, whose decision starts at ``start``."""
        if not has_deadlines(game):
            return None
        limit = game.deadline(state)
        return None if limit is None else start + limit.seconds

    async def deadline_tables(self) -> list[PendingDeadline]:
        """The active tables whose current decision has a rule deadline (for a restart), from the
        stored ``rule_deadline_at``: no state is read. Those stored before it was (not known yet)
        are worked out once: a game without rule deadlines needs no parse; the others' states are
        parsed in a worker thread, :data:`CHUNK` at a time, and the results stored."""
        pending, unknown, untimed = [], [], []
        for table_id, version, game_name, due in await self.store.rule_deadlines():
            if due != UNKNOWN_DEADLINE:
                pending.append(PendingDeadline(table_id, version, due))
            elif has_deadlines(get_game(game_name)):
                unknown.append(table_id)
            else:
                untimed.append((table_id, version, None))
        if untimed:
            await self.store.set_rule_deadlines(untimed)
        for start in range(0, len(unknown), CHUNK):
            rows = await self.store.deadline_inputs(unknown[start:start + CHUNK])
            found = await asyncio.to_thread(_due_of, rows)
            await self.store.set_rule_deadlines(found)
            pending += [PendingDeadline(*row) for row in found if row[2] is not None]
        return sorted(pending)

    async def play_deadline(self, table_id: int, version: int) -> TableRow | None:
        """The rule deadline of the decision at ``version`` has passed: play the moves it names for
        the seats still to act, in seat order. Nothing happens (``None``) if the table moved on
        since ``version`` or the time is not up yet."""
        async with self.lock(table_id):
            table = await self.table(table_id)
            due = self.rule_deadline(table)
            if table.version != version or due is None or self.clock() < due[0]:
                return None
            game, limit = self.game(table), due[1]
            played = None
            for seat, notation in sorted(limit.moves.items()):
                state = self.state(table)
                if seat not in game.to_act(state):
                    continue
                if notation is None:
                    level = seat_level(game, table.seats[seat].ai_level)  # a person's seat: normal
                    move = await asyncio.to_thread(choose_move, game, state, seat, level,
                                                   seed=table.seed + table.version)
                else:
                    move = game.parse_move(state, notation, seat)
                table = played = await self._commit(table, game, state, seat, move, note=PLAYED_NOTE)
            return played

    # -- announcement pauses ---------------------------------------------------------------------

    def announce_at(self, game: Game, state: Any, move: Any) -> float | None:
        """When a move about to be committed in ``state`` may be told: stored with the commit
        (``TableRow.announce_at``), so a restart or another process waits the same pause."""
        delay = game.announce_delay(state, move) * self.announce_scale
        return self.clock() + delay if delay > 0 else None

    def announce_pause(self, table: TableRow) -> float:
        """Seconds still to wait before showing the table's latest version (0: show it now)."""
        if table.announce_at is None:
            return 0.0
        return max(0.0, table.announce_at - self.clock())
