"""Every game meets every feature in storage, on SQLite and on PostgreSQL (STYLE.md 8a).

The storage-level half of the games-by-features matrix (the Discord half is
``tests/test_matrix_e2e.py``, which shares :data:`CASES`). For each game, on a real store of each
backend, with the caps a real bot has:

- **AI levels**: every level the game declares moves its seat, and only legal moves land;
- **undo**: a move that revealed nothing is taken back, one after which something was revealed is
  refused (as ``Case.undo`` says the game allows);
- **play by post**: a one-day clock with the ``ai`` policy: the AI moves once for the late person;
- **restart**: the store is closed and opened again by a new host; the game goes on;
- **export and import from the middle**: the game ends by resignation, its record is imported at
  its middle move (``moves``), and the new game starts at exactly that position;
- **rematch**: the same game and options, the person who asks seated first;
- **tournament**: a tournament with one person and AI fill-ins opens its table with the AI seated;
  then, over a second round: the organiser keeps two fill-ins apart (``forbid``), the person asks
  for a half-point bye, round one's tables are adjudicated and one result corrected; the
  standings follow the correction and round two opens with the bye given and the pair apart;
- **rule deadlines across a restart**: after the restart the stored deadline (``rule_deadline_at``)
  lists the table exactly when its decision has a rule deadline, with the same due time; past it,
  the deadline's moves are played once.
"""

from __future__ import annotations

import asyncio
import random
from dataclasses import dataclass, field

import pytest

import tournaments as T
from bot.config import Settings
from bot.host import Host, HostError, Store
from bot.host.deadlines import has_deadlines
from bot.host.history import imported, positions, record_text, rematch
from bot.host.timekeeper import handle_due
from bot.host.tournaments import TournamentService, state_of
from bot.host.undo import undo
from games.record import recorded_move
from games.registry import get_game

pytestmark = pytest.mark.usefixtures("backend")  # every test on SQLite and on PostgreSQL (tests/conftest.py)

ALICE, BOB = 101, 102
ALICE_ID = str(ALICE)  # her entrant id in a tournament
T0 = 1_800_000_000.0


@dataclass(frozen=True)
class Case:
    """How a game sits at the matrix: its player count, options for a short game, the tournament
    format that fits it, and what ``/undo`` can meet in it against an AI."""

    players: int
    options: dict = field(default_factory=dict)
    tournament: dict = field(default_factory=lambda: {"format": "swiss"})
    #: Minoa and Medina never reveal anything (no chance, nothing a move shows); in Mafia de Cuba
    #: every move passes the box on, is heard by the table or shows a role.
    undo: frozenset = frozenset({"undo_taken_back", "undo_refused"})
    #: Options that make a live table's decisions timed by the rules (Mafia's are on by default).
    timed: dict = field(default_factory=dict)


TAKEN_ONLY = frozenset({"undo_taken_back"})
CASES = {
    "minoa": Case(players=2, undo=TAKEN_ONLY),
    "medina": Case(players=2, undo=TAKEN_ONLY),
    "middle_ages": Case(players=2),
    "madeira": Case(players=2),
    "mafia_de_cuba": Case(players=6, tournament={"format": "swiss_tables", "table_size": 6},
                          undo=frozenset({"undo_refused"})),
    "masume_yakyu": Case(players=2, options={"innings": "1"}, timed={"timer": 60}),
}


class Clock:
    def __init__(self, now: float = T0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


def revealed_since(game, table, moves, index: int) -> bool:
    """Whether any move from ``moves[index]`` on revealed something (the game's contract)."""
    states = positions(game, table.num_players, dict(table.options), table.seed, [(m.seat, m.notation) for m in moves])
    return any(game.reveals(states[i], moves[i].seat, recorded_move(game, states[i], moves[i].seat, moves[i].notation),
                            states[i + 1]) for i in range(index, len(moves)))


class Matrix:
    """A host on a store at ``path`` with the caps of a real bot; tables opened by Alice."""

    def __init__(self, path, game_name: str) -> None:
        self.path, self.game_name = path, game_name
        self.game, self.case = get_game(game_name), CASES[game_name]
        self.clock = Clock()
        self.pick = random.Random(25)

    async def open(self) -> Host:
        self.host = Host(await Store.open(self.path), clock=self.clock, seed_source=lambda: 2511, ai_playouts=8,
                         ai_seconds=2, ai_workers=0, limits=Settings(token="-").limits())
        return self.host

    async def table(self, players: int, *, people=(), ai=(), settings=None, options=None, seed=None):
        host = self.host
        table = await host.open_lobby(guild_id=1, channel_id=10, owner_id=ALICE, owner_name="alice",
                                      game_name=self.game_name, num_players=players,
                                      options=self.case.options if options is None else options,
                                      settings=settings, seed=seed)
        for user in people:
            table = await host.join(table.id, user, f"user {user}")
        for level in ai:
            table = await host.add_ai(table.id, ALICE, level)
        return await host.start(table.id, ALICE)

    async def ai_moves(self, table_id: int):
        while await self.host.play_ai(table_id) is not None:
            pass
        return await self.host.table(table_id)

    async def person_moves(self, table_id: int, people=(ALICE,)):
        """A waiting person plays a random legal move (AI seats first answer): the table after."""
        table = await self.ai_moves(table_id)
        waiting = [s for s in self.host.waiting_on(table) if s.user_id in people]
        if table.status != "active" or not waiting:
            return None
        seat = waiting[0]
        notation = self.pick.choice(self.host.legal_notations(table, seat.user_id))
        await self.host.play(table_id, seat.user_id, notation, version=table.version)
        return await self.ai_moves(table_id)


async def timed_table(m: Matrix) -> int:
    """A live table (Alice and Bob) played until its decision has a rule deadline, in a game
    that has them."""
    table = await m.table(m.case.players, people=[BOB], ai=["random"] * (m.case.players - 2),
                          options={**m.case.options, **m.case.timed})
    for _ in range(40):
        table = await m.ai_moves(table.id)
        if not has_deadlines(m.game) or m.host.rule_deadline(table) is not None:
            break
        await m.person_moves(table.id, (ALICE, BOB))
    assert not has_deadlines(m.game) or m.host.rule_deadline(table) is not None
    return table.id


async def rule_deadline_after_restart(m: Matrix, table_id: int) -> None:
    """A host opened after a restart finds the table's rule deadline from storage alone, the same
    as the state's; past it the deadline's moves land once."""
    host = m.host
    table = await host.table(table_id)
    due = host.rule_deadline(table)
    pending = {d.id: d for d in await host.deadline_tables()}
    if due is None:
        assert table_id not in pending
        return
    assert pending[table_id].due == pytest.approx(due[0]) and pending[table_id].version == table.version
    saved = m.clock.now
    m.clock.now = due[0] + 1
    played = await host.play_deadline(table_id, table.version)
    assert played is not None and played.version > table.version
    assert await host.play_deadline(table_id, table.version) is None  # once
    m.clock.now = saved


def _placing(entrants: list[str], who: str, place: int) -> list[int]:
    """Places for a table: ``who`` (if there) at ``place``, the others in seat order in the places left."""
    others = iter(p for p in range(1, len(entrants) + 1) if p != place or who not in entrants)
    return [place if e == who else next(others) for e in entrants]


async def tournament_round_two(m: Matrix, service: TournamentService, size: int) -> None:
    """A second tournament of two rounds: a forbidden pair, a requested bye and a corrected result
    meet the game's tables (all of round one adjudicated: the games themselves are the cell
    above)."""
    host = m.host
    # two tables in each round (round two without Alice): 4 at a two-seat game (the third of
    # round two has the bye), 13 at tables of 6 (7 + 6, then 6 + 6)
    fill = 3 if size == 2 else 2 * size
    event = await service.create(guild_id=1, channel_id=10, owner_id=ALICE, game=m.game_name,
                                 format=m.case.tournament["format"],
                                 options={**{k: v for k, v in m.case.tournament.items() if k != "format"}, "rounds": 2})
    await service.join(event.id, ALICE, "alice")
    await service.add_ai(event.id, fill)
    event, refused = await service.start(event.id)
    assert not refused
    first = state_of(event).rounds[0]
    assert len(first.tables) == 2
    # two fill-ins who sat together in round one may not meet again; Alice sits round two out
    kept_apart = next(t.entrants for t in first.tables if ALICE_ID not in t.entrants)[:2]
    await service.forbid(event.id, kept_apart[0], kept_apart[1])
    _, asked = await service.request_bye(event.id, ALICE)
    assert asked == 2
    for table in first.tables:  # Alice wins her table
        event = await service.adjudicate(event.id, table.number, _placing(table.entrants, ALICE_ID, 1), "matrix")
    before = state_of(await service.get(event.id))
    alice_table = next(t for t in before.rounds[0].tables if ALICE_ID in t.entrants)
    won = T.points(before)[ALICE_ID]
    # the organiser corrects Alice's table: she came last
    last = _placing(alice_table.entrants, ALICE_ID, size)
    event = await service.correct(event.id, 1, alice_table.number, last, "scored the wrong way round")
    after = state_of(event)
    assert after.rounds[0].tables[alice_table.number - 1].corrected == alice_table.places
    assert T.points(after)[ALICE_ID] < won
    second = after.rounds[1]
    assert ALICE_ID in second.half_byes and all(ALICE_ID not in t.entrants for t in second.tables)
    assert not any(set(kept_apart) <= set(t.entrants) for t in second.tables)
    links = [k for k in await host.store.tournament_links(event.id) if k.round == 2]
    assert len(links) == len(second.tables)
    for link in links:
        table = await host.table(link.table_id)
        assert all(s.is_ai for s in table.seats) and table.status in ("active", "finished")


def scenario(tmp_path, game_name: str):
    async def main():
        m = Matrix(tmp_path / "db.sqlite3", game_name)
        host, game, case = await m.open(), m.game, m.case
        try:
            # AI seats at every level: each moves, and only legal moves land.
            levels = list(game.ai_levels)
            players = max(game.min_players, min(game.max_players, 1 + len(levels)))
            ai_table = await m.table(players, ai=(levels + ["random"] * players)[: players - 1])
            for _ in range(60):
                moved = {mv.seat for mv in await host.store.moves(ai_table.id)}
                if set(range(1, players)) <= moved or await m.person_moves(ai_table.id) is None:
                    break
            assert set(range(1, players)) <= {mv.seat for mv in await host.store.moves(ai_table.id)}

            # Undo against an AI: taken back when nothing was revealed since, refused otherwise.
            undo_table = await m.table(case.players, ai=["random"] * (case.players - 1))
            seen: set[str] = set()
            for _ in range(40):
                if case.undo <= seen or (table := await m.person_moves(undo_table.id)) is None:
                    break
                moves = await host.store.moves(table.id)
                mine = max(i for i, mv in enumerate(moves) if mv.seat == 0)
                if revealed_since(game, table, moves, mine):
                    with pytest.raises(HostError) as refused:
                        await undo(host, table.id, ALICE)
                    assert refused.value.key == "undo.revealed"
                    assert (await host.table(table.id)).version == table.version
                    seen.add("undo_refused")
                elif "undo_taken_back" not in seen:
                    after, done = await undo(host, table.id, ALICE)
                    assert len(await host.store.moves(table.id)) == mine and done.taken[0].seat == 0
                    assert after.state == game.state_to_json(positions(
                        game, table.num_players, dict(table.options), table.seed,
                        [(mv.seat, mv.notation) for mv in moves[:mine]])[-1])
                    seen.add("undo_taken_back")
            assert case.undo <= seen, f"never met: {case.undo - seen}"
            for done in (ai_table.id, undo_table.id):  # the person leaves: these AI games end
                if (await host.table(done)).status == "active":
                    await host.resign(done, ALICE)

            # Play by post: the AI moves for the person whose day ran out.
            pbp = await m.table(case.players, people=[BOB], ai=["random"] * (case.players - 2),
                                settings={"clock": "1d", "timeout": "ai"})
            for _ in range(2):
                await m.person_moves(pbp.id, (ALICE, BOB))
            table = await m.ai_moves(pbp.id)
            before = len(await host.store.moves(pbp.id))
            m.clock.now = table.deadline_at + 60
            assert await handle_due(host, m.clock.now)
            moves = await host.store.moves(pbp.id)
            assert len(moves) > before and moves[before].events[0]["key"] == "clock.ai_moved"
            assert not await handle_due(host, m.clock.now)  # once

            # A restart: the store opened again by a new host; the games go on, rule deadlines too.
            live = await timed_table(m)
            await host.store.close()
            host = await m.open()
            table = await host.table(pbp.id)
            assert table.state == (await host.store.get_table(pbp.id)).state and table.status == "active"
            await rule_deadline_after_restart(m, pbp.id)
            await rule_deadline_after_restart(m, live)
            assert await m.person_moves(pbp.id, (ALICE, BOB)) is not None

            # Resign to the end, then import the record at its middle move.
            for user in (ALICE, BOB):
                if (await host.table(pbp.id)).status == "active":
                    await host.resign(pbp.id, user)
            finished = await host.table(pbp.id)
            assert finished.status == "finished"
            moves = await host.store.moves(pbp.id)
            middle = len(moves) // 2
            record = imported(record_text(host, finished, moves), game_name, case.players, middle)
            # the lobby /game new record: moves: opens; the moves are played at Start
            branch = await host.open_lobby(guild_id=1, channel_id=10, owner_id=ALICE, owner_name="alice",
                                           game_name=game_name, num_players=case.players,
                                           options=dict(record.header.options), seed=record.header.seed,
                                           settings={"rated": False, "imported_moves": record.moves,
                                                     "record_moves": record.total})
            branch = await host.join(branch.id, BOB, "bob")
            for _ in range(case.players - 2):
                branch = await host.add_ai(branch.id, ALICE, "random")
            branch = await host.start(branch.id, ALICE)
            assert [mv.notation for mv in await host.store.moves(branch.id)] == [mv.notation for mv in moves[:middle]]
            assert branch.state == game.state_to_json(positions(
                game, case.players, dict(finished.options), finished.seed,
                [(mv.seat, mv.notation) for mv in moves[:middle]])[-1])

            # Rematch: the same game and options, the asker first.
            new = await rematch(host, finished, ALICE, "alice")
            assert new.status == "lobby" and new.options == finished.options and new.seats[0].user_id == ALICE

            # A tournament table with AI fill-ins.
            service = TournamentService(host)
            size = case.tournament.get("table_size", 2)
            options = {k: v for k, v in case.tournament.items() if k != "format"}
            event = await service.create(guild_id=1, channel_id=10, owner_id=ALICE, game=game_name,
                                         format=case.tournament["format"], options=options)
            await service.join(event.id, ALICE, "alice")
            await service.add_ai(event.id, size - 1)
            await service.start(event.id)
            (link,) = await host.store.tournament_links(event.id)
            table = await m.ai_moves(link.table_id)
            assert sum(s.is_ai for s in table.seats) == size - 1 and table.status in ("active", "finished")
            await tournament_round_two(m, service, size)
        finally:
            await host.store.close()
    asyncio.run(asyncio.wait_for(main(), 240))


@pytest.mark.parametrize("game_name", list(CASES))
def test_every_feature_in_storage_with(game_name, tmp_path):
    scenario(tmp_path, game_name)
