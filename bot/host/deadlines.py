"""The rules' own time limits (:meth:`games.core.Game.deadline`) and uniform announcement pauses
(:meth:`games.core.Game.announce_delay`), for any game, any seats and any moves.

A rule's deadline is measured from the start of the current decision, which every commit stores
(``turn_started_at``), so the due time needs no storage of its own and survives a restart: the
host works it out again from the stored table. When it passes with the table's version unchanged,
the moves the engine named are played, each with the version check, so a deadline is acted on
once even if two timers (or two processes) fire; a move the engine leaves to the AI (``None``) is
chosen by the seat's AI level (a human's seat: the game's first level).

Mixed into :class:`bot.host.host.Host`, whose tables, locks and commits it uses.
"""

from __future__ import annotations

import asyncio
from typing import Any

from bot.host.store import TableRow
from games.ai import choose_move, seat_level
from games.core import Deadline, Game
from games.registry import all_games

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

    async def deadline_tables(self) -> list[TableRow]:
        """The active tables whose current decision has a rule deadline (for a restart)."""
        names = tuple(game.name for game in all_games() if has_deadlines(game))
        # only the tables of games with rule deadlines are read and parsed
        return [table for table in await self.store.tables_with_status("active", games=names)
                if self.rule_deadline(table) is not None]

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
