"""Play-by-post on the host: each turn's clock, what happens at a timeout, votes on absent
players, vacation and notification choices. Mixed into :class:`bot.host.host.Host`, whose
tables, locks, storage and commits it uses."""

from __future__ import annotations

import asyncio
import math
from datetime import datetime, timezone
from typing import Any

from games.ai import choose_move
from games.core import Game

from bot.host.clock import DAY, TimeControl, deadline, zone
from bot.host.errors import HostError, within
from bot.host.store import SeatRow, StaleVersion, TableRow

#: What happens when a player's time runs out.
TIMEOUT_POLICIES = ("remind", "ai", "skip", "drop")
#: Vacation days each player may take per calendar year (``/away``).
VACATION_DAYS_PER_YEAR = 30
NOTIFY_MODES = ("off", "turn", "daily")


class PlayByPost:
    """The play-by-post half of the host (``self`` is a :class:`~bot.host.host.Host`)."""

    async def turn_clock(self, table: TableRow, game: Game, state: Any, seats: list[SeatRow]) -> dict[str, Any]:
        """The clock columns of the turn that starts now: its start, deadline, reminder instants
        and reminder stage. No deadline without a time control, once the game is over, or while
        only AI seats act. A lone acting player on vacation (where allowed) has their clock paused."""
        now = self.clock()
        acting = game.to_act(state)
        humans = [s for s in seats if s.seat in acting and not s.is_ai]
        pauses = []
        timed = TimeControl.parse(table.settings.get("clock")).allowance is not None
        # a vacation only pauses a clock: without a time control there is nothing to look up
        if timed and len(humans) == 1 and table.settings.get("vacation", True):
            away = (await self.store.player(humans[0].user_id))["away_until"]
            if away and away > now:
                pauses.append((now, away))
        return {"turn_started_at": now, "reminded": 0, "rule_deadline_at": self.rule_deadline_at(game, state, now),
                **await self._deadlines(table, now, pauses if humans else None)}

    async def _deadlines(self, table: TableRow, start: float, pauses: list | None) -> dict[str, float | None]:
        """Deadline and reminder instants of a turn started at ``start`` (``pauses=None``: no clock).

        All three are instants when the *running* clock (playing hours and pauses excluded) has
        used half, nine tenths and all of the allowance, so a stopped clock never reminds."""
        control = TimeControl.parse(table.settings.get("clock"))
        if control.allowance is None or pauses is None:
            return {"deadline_at": None, "half_at": None, "late_at": None}
        hours = tuple(table.settings["hours"]) if table.settings.get("hours") else None
        tz = zone(await self.store.guild_zone(table.guild_id))
        return {key: deadline(start, control.allowance * share, hours, tz, pauses)
                for key, share in (("half_at", 0.5), ("late_at", 0.9), ("deadline_at", 1.0))}

    async def act_for_absent(self, table_id: int, version: int, policy: str) -> TableRow | None:
        """Time ran out on the turn at ``version``: the AI plays the waiting player's move
        (``ai``), their turn is skipped (``skip``, games whose rules allow it), or they are dropped
        and the AI plays their seat from now on (``drop``). Once only: if anything moved since
        ``version``, nothing happens and ``None`` is returned."""
        async with self.lock(table_id):
            table = await self.table(table_id)
            absent = [s.seat for s in self.waiting_on(table) if not s.is_ai]
            if table.version != version or not absent:
                return None
            if policy == "drop":
                return await self._hand_to_ai(table, absent, "dropped")
            game, state, seat = self.game(table), self.state(table), absent[0]
            if policy == "skip":
                return await self._commit_skip(table, game, state, seat, "clock.skipped")
            move = await asyncio.to_thread(choose_move, game, state, seat, "random", seed=table.seed + version)
            return await self._commit(table, game, state, seat, move, note="clock.ai_moved")

    @staticmethod
    def open_votes(table: TableRow) -> dict[str, Any]:
        """This turn's votes: ``{"seats": {seat: [voters]}, "messages": {seat: message id}}``.
        Votes are kept with the version of the turn they were cast on, so they lapse when the
        turn passes (any move or hand-over bumps the version; a vote itself does not)."""
        votes = table.settings.get("votes")
        if isinstance(votes, dict) and votes.get("turn") == table.version:
            return votes
        return {"turn": table.version, "seats": {}, "messages": {}}

    async def vote_absent(self, table_id: int, voter_id: int, seat: int) -> tuple[TableRow, int, int]:
        """A vote to hand a waiting player's seat to the AI; a majority of the other human players
        carries it, only when :meth:`_vote_allowed` says the player may be called absent. Returns the table, the
        votes so far and the votes needed; when carried, the table's ``voted_out`` has ``seat``."""
        async with self.lock(table_id):
            table = await self.table(table_id)
            if table.status != "active":
                raise HostError("host.game_over")
            if not self.seats_of(table, voter_id):
                raise HostError("host.not_a_player")
            target = next((s for s in table.seats if s.seat == seat), None)
            if target is None or target.is_ai:
                raise HostError("vote.not_human")
            if target.user_id == voter_id:
                raise HostError("vote.self")
            if target not in self.waiting_on(table):
                raise HostError("vote.not_waiting", player=target.name)
            await self._vote_allowed(table, target)
            current = self.open_votes(table)
            voters = {s.user_id for s in table.seats if s.user_id is not None and s.seat != seat}
            votes = sorted(set(current["seats"].get(str(seat), [])) | {voter_id})
            needed = len(voters) // 2 + 1
            if len(votes) >= needed:
                try:
                    await self._hand_to_ai(table, [seat], "voted_out")
                except StaleVersion:
                    raise HostError("host.stale") from None
                # Decided: no vote stays open (its own field, so a whole-settings write never undoes it).
                return await self._written(table.id, self.store.update_setting(table.id, ("votes",), lambda _: {})), \
                    len(votes), needed
            turn = table.version

            def count(stored: Any) -> dict[str, Any]:  # runs in the store's transaction
                fresh = stored if isinstance(stored, dict) and stored.get("turn") == turn else \
                    {"turn": turn, "seats": {}, "messages": {}}
                fresh["seats"][str(seat)] = votes
                return fresh
            try:
                written = await self._written(table.id, self.store.update_setting(table.id, ("votes",), count,
                                                                                  version=turn))
            except StaleVersion:
                raise HostError("host.stale") from None
            return written, len(votes), needed

    async def _vote_allowed(self, table: TableRow, target: SeatRow) -> None:
        """A vote waits for the player's time to run out (the deadline already leaves out playing
        hours and their vacation); without a clock, for their turn to last the server's
        ``absent_wait``, and never while they are on vacation (where the table allows it)."""
        now = self.clock()
        if table.deadline_at is not None:
            if now < table.deadline_at:
                raise HostError("vote.too_early_clock", player=target.name, left=_hours_until(table.deadline_at, now))
            return
        away = (await self.store.player(target.user_id))["away_until"]
        if table.settings.get("vacation", True) and away and away > now:
            raise HostError("vote.on_vacation", player=target.name, left=_hours_until(away, now))
        wait = await self.absent_wait(table.guild_id)
        opens = (table.turn_started_at or table.updated_at) + wait
        if now < opens:
            raise HostError("vote.too_early", player=target.name, hours=f"{wait / 3600:g}", left=_hours_until(opens, now))

    async def note_vote_message(self, table_id: int, version: int, seat: int, message_id: int) -> None:
        """Remember the message showing the vote on ``seat`` in the turn at ``version`` (to close it
        when the vote is decided); nothing if the turn has passed meanwhile."""
        def note(stored: Any) -> dict[str, Any]:
            fresh = stored if isinstance(stored, dict) and stored.get("turn") == version else \
                {"turn": version, "seats": {}, "messages": {}}
            fresh.setdefault("messages", {})[str(seat)] = message_id
            return fresh
        try:
            await self._written(table_id, self.store.update_setting(table_id, ("votes",), note, version=version))
        except StaleVersion:
            pass

    async def set_notify(self, user_id: int, mode: str) -> None:
        if mode not in NOTIFY_MODES:
            raise HostError("notify.bad", modes=", ".join(NOTIFY_MODES))
        await self.store.set_player(user_id, notify=mode)

    async def away(self, user_id: int, days: int) -> tuple[float | None, float]:
        """Go on vacation for ``days`` (0 ends it early, refunding whole unused days). Clocks of
        the player's waiting games stop until then, except in games that forbid vacation.
        Returns the vacation's end and the days left this year."""
        now = self.clock()
        player = await self.store.player(user_id)
        year = datetime.fromtimestamp(now, timezone.utc).year
        used = player["vacation_used"] if player["vacation_year"] == year else 0.0
        away = player["away_until"] if player["away_until"] and player["away_until"] > now else None
        days = within("days", days, 0, VACATION_DAYS_PER_YEAR)  # one /away takes at most a year's allowance
        if days == 0:
            if away is not None:
                used = max(0.0, used - int((away - now) // DAY))
            away = None
        else:
            if used + days > VACATION_DAYS_PER_YEAR:
                raise HostError("away.no_allowance", left=int(VACATION_DAYS_PER_YEAR - used))
            away = max(now, away or now) + days * DAY
            used += days
        await self.store.set_player(user_id, away_until=away, vacation_year=year, vacation_used=used)
        for table in await self.store.tables_of_user(user_id, ("active",)):
            async with self.lock(table.id):
                # Judged again under the lock, on the stored table: the turn may have passed to
                # someone else meanwhile, whose deadline must not take this vacation.
                fresh = await self.table(table.id)
                humans = [s for s in self.waiting_on(fresh) if not s.is_ai]
                if [s.user_id for s in humans] != [user_id] or not fresh.settings.get("vacation", True) \
                        or fresh.turn_started_at is None or fresh.deadline_at is None:
                    continue
                pauses = [(max(now, fresh.turn_started_at), away)] if away else []
                deadlines = await self._deadlines(fresh, fresh.turn_started_at, pauses)
                try:  # only onto the turn just judged (another process may commit a move meanwhile)
                    await self._written(fresh.id, self.store.update_at(fresh.id, fresh.version, **deadlines))
                except StaleVersion:
                    continue  # the next turn's clock was computed with the vacation already stored
        return away, VACATION_DAYS_PER_YEAR - used



def _hours_until(instant: float, now: float) -> str:
    """Whole hours from ``now`` to ``instant``, rounded up, at least 1 (for "in about N h")."""
    return f"{max(1, math.ceil((instant - now) / 3600)):d}"
