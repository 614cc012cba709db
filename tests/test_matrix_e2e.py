"""Every game meets every feature, through the fake Discord (STYLE.md 8a).

One scenario per game walks the features that cross most often, in the order a community meets
them, on one SQLite file (the storage-level crossings run on both backends in
``tests/test_matrix_host.py``):

- **AI levels**: a table of one person and an AI seat of every level the game declares; each AI
  seat moves (only legal moves land: a refused AI move would be logged and retried).
- **Undo**: after the person's moves, ``/undo`` takes back one that revealed nothing and refuses one
  after which something was revealed (a draw, a die, a secret, an outcome of hidden state), as the
  game's contract says (``Game.reveals``, the test's oracle). Minoa and Medina never reveal
  anything, so there is nothing to refuse; in Mafia de Cuba every move passes the box on, is heard
  by the table or shows a role, so nothing is ever taken back (``Case.undo``).
- **Play by post**: a table with a one-day clock and the ``ai`` timeout policy: when the time runs
  out, the AI moves for the person the game waits on.
- **Restart**: the bot stops mid-game and starts again; the game goes on.
- **Export, import from the middle, rematch**: the game ends by resignation, ``/export`` gives its
  record, ``/game new record: moves:`` opens a game at a middle position of it, and Rematch opens a
  lobby with the same people and options.
- **Tournament**: a tournament with one person and AI fill-ins opens its table with the AI seated.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random

import pytest

from bot.host.history import positions
from games.record import recorded_move
from games.registry import get_game
from tests.test_bot_e2e import PNG, PRODUCTION_LIMITS, World, add_ai, play
from tests.test_matrix_host import CASES, Case
from tests.test_pbp_e2e import T0, Clock


class LogWatch(logging.Handler):
    """Warnings and errors the bot logged (an AI move refused, a failed step)."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)

    def problems(self) -> list[str]:
        return [r.getMessage() for r in self.records if r.name.startswith(("bot", "games"))]


@contextlib.contextmanager
def watching_logs():
    watch = LogWatch()
    root = logging.getLogger()
    root.addHandler(watch)
    try:
        yield watch
    finally:
        root.removeHandler(watch)


class Matrix(World):
    """A world with a real bot's caps, whose thread is found per table (several games run in it)."""

    limits = PRODUCTION_LIMITS

    @contextlib.asynccontextmanager
    async def running(self):
        async with super().running() as bot:
            bot.host.announce_scale = 0.05  # Mafia de Cuba's uniform pause before a take is told
            yield bot

    def thread_of(self, table):
        return next(c for c in self.fake.threads() if c.id == table.thread_id)

    async def command(self, name: str, user, channel=None, **options):
        handle = await self.fake.send_slash_command(name, user=user, channel=channel or self.general,
                                                    options=options)
        return await handle.reply(timeout=30)

    async def new_table(self, game: str, players: int, *, people=(), ai=(), **options) -> int:
        """A lobby opened by Alice, joined by ``people``, AI seats of the ``ai`` levels, started."""
        mark = self.fake.mark()
        lobby = await self.command("game new", self.alice, game=game, players=players, **options)
        table_id = int(next(c for c in lobby.custom_ids() if c.startswith("lb:start:")).rsplit(":", 1)[1])
        for user in people:
            await (await self.fake.click_button(lobby, f"lb:join:{table_id}", user=user)).reply()
        for level in ai:
            await add_ai(self.fake, lobby, self.alice, level)
        await self.start(lobby, table_id, mark)
        return table_id

    async def start(self, lobby, table_id: int, mark: int) -> None:
        await (await self.fake.click_button(lobby, f"lb:start:{table_id}", user=self.alice)).reply()
        table = await self.host.table(table_id)
        await self.fake.wait_for_message(lambda m: any(a.data.startswith(PNG) for a in m.attachments),
                                         channel=self.thread_of(table), after=mark, timeout=30)
        await self.settled(table_id, timeout=60)

    async def resign(self, table_id: int, user) -> None:
        """``user`` resigns with ``/resign`` and its Confirm button."""
        thread = self.thread_of(await self.host.table(table_id))
        ask = await self.command("resign", user, channel=thread)
        confirm = next(c for c in ask.custom_ids() if c.startswith("rs:"))
        await (await self.fake.click_button(ask, confirm, user=user)).reply()
        await self.settled(table_id, timeout=60)

    async def act(self, table_id: int, people, pick: random.Random) -> str | None:
        """One person the table waits on plays a random legal move with ``/move``; the notation,
        or ``None`` when the game waits on nobody here."""
        table = await self.settled(table_id, timeout=60)
        users = {u.id: u for u in people}
        waiting = [s for s in self.host.waiting_on(table) if s.user_id in users]
        if table.status != "active" or not waiting:
            return None
        seat = waiting[0]
        legal = self.host.legal_notations(table, seat.user_id)
        moves = await self.host.store.moves(table_id)
        last = next((m.notation for m in reversed(moves) if m.seat == seat.seat), None)
        notation = pick.choice([n for n in legal if n != last] or legal)  # a repeat asks "again?"
        reply = await self.move(users[seat.user_id], notation, channel=self.thread_of(table))
        assert reply.ephemeral and notation in reply.content, reply.content
        return notation


#: The cells each scenario checks, for the summary a failure prints.
CELLS = ("ai_levels", "undo_taken_back", "undo_refused", "pbp_timeout_ai", "restart", "export_import_middle",
         "rematch", "tournament_ai_fill_in")


async def undo_cells(world: Matrix, game_name: str, case: Case, table_id: int, pick: random.Random) -> set[str]:
    """The person plays on and tries ``/undo`` after their moves until each answer the game can
    give was seen (``Case.undo``); checks every answer against the contract (``Game.reveals``)."""
    game = get_game(game_name)
    seen: set[str] = set()
    wanted = set(case.undo)
    for _ in range(40):
        if wanted <= seen:
            break
        if await world.act(table_id, [world.alice], pick) is None:
            break
        table = await world.settled(table_id, timeout=60)
        moves = await world.host.store.moves(table_id)
        mine = max(i for i, m in enumerate(moves) if m.seat == 0)
        states = positions(game, table.num_players, dict(table.options), table.seed,
                           [(m.seat, m.notation) for m in moves])
        revealed = any(_reveals(game, states[i], moves[i], states[i + 1]) for i in range(mine, len(moves)))
        if ("undo_refused" if revealed else "undo_taken_back") in seen:
            continue
        reply = await world.command("undo", world.alice, channel=world.thread_of(table))
        after = await world.settled(table_id, timeout=60)
        if revealed:
            assert "cannot be taken back" in reply.content, reply.content
            assert after.version == table.version
            seen.add("undo_refused")
        else:
            assert "Taken back" in reply.content, reply.content
            assert len(await world.host.store.moves(table_id)) == mine
            seen.add("undo_taken_back")
    assert wanted <= seen, f"{game_name}: undo cells {wanted - seen} never reached"
    return {"undo_taken_back", "undo_refused"}  # both cells checked: each as the game allows


def _reveals(game, before, move, after) -> bool:
    return game.reveals(before, move.seat, recorded_move(game, before, move.seat, move.notation), after)


def scenario_for(game_name: str):
    case = CASES[game_name]
    game = get_game(game_name)
    clock = Clock()

    async def scenario(world: Matrix):
        pick = random.Random(25)
        cells: set[str] = set()
        with watching_logs() as logs:
            async with world.running() as bot:
                # -- AI seats at every level
                levels = list(game.ai_levels)
                players = max(game.min_players, min(game.max_players, 1 + len(levels)))
                seated = (levels + ["easy"] * players)[: players - 1]
                extra = {"options": " ".join(f"{k}={v}" for k, v in case.options.items())} if case.options else {}
                ai_table = await world.new_table(game_name, players, ai=seated, **extra)
                ai_seats = set(range(1, players))
                for _ in range(60):
                    moved = {m.seat for m in await world.host.store.moves(ai_table)}
                    if ai_seats <= moved or (await world.host.table(ai_table)).status != "active":
                        break
                    await world.act(ai_table, [world.alice], pick)
                moved = {m.seat for m in await world.host.store.moves(ai_table)}
                assert ai_seats <= moved, f"AI seats {ai_seats - moved} never moved"
                cells.add("ai_levels")
                undo_table = await world.new_table(game_name, case.players, ai=["easy"] * (case.players - 1),
                                                   **extra)
                cells |= await undo_cells(world, game_name, case, undo_table, pick)
                for done in (ai_table, undo_table):  # the person leaves: the AI games end
                    if (await world.host.table(done)).status == "active":
                        await world.resign(done, world.alice)
                    assert (await world.host.table(done)).status == "finished"

                # -- play by post: the AI moves for a person whose day ran out
                fill = ["easy"] * (case.players - 2)  # Alice, Bob and (Mafia de Cuba) AI seats
                pbp = await world.new_table(game_name, case.players, people=[world.bob], ai=fill,
                                            clock="1d", timeout="ai", **extra)
                people = [world.alice, world.bob]
                for _ in range(2):
                    await world.act(pbp, people, pick)
                before = len(await world.host.store.moves(pbp))
                table = await world.settled(pbp)
                assert any(s.user_id is not None for s in world.host.waiting_on(table))
                clock.now = (table.deadline_at or T0) + 60
                await bot.tick()
                await world.settled(pbp, timeout=60)
                moves = await world.host.store.moves(pbp)
                assert len(moves) > before and any(e.get("key") == "clock.ai_moved"
                                                   for m in moves[before:] for e in m.events)
                cells.add("pbp_timeout_ai")

            # -- a restart mid-game: the game goes on
            async with world.running():
                table = await world.settled(pbp, timeout=60)
                before = len(await world.host.store.moves(pbp))
                assert await world.act(pbp, people, pick) is not None
                assert len(await world.host.store.moves(pbp)) > before
                cells.add("restart")

                # -- resign to the end, export, import from the middle, rematch
                for user in people:
                    if (await world.host.table(pbp)).status == "active":
                        await world.resign(pbp, user)
                finished = await world.host.table(pbp)
                assert finished.status == "finished"
                record = await world.command("export", world.alice, table=pbp)
                (file,) = record.attachments
                moves = await world.host.store.moves(pbp)
                middle = len(moves) // 2
                mark = world.fake.mark()
                lobby = await world.command("game new", world.alice, game=game_name, players=case.players,
                                            record=(file.filename, file.data), moves=middle)
                imported = int(next(c for c in lobby.custom_ids() if c.startswith("lb:start:")).rsplit(":", 1)[1])
                await (await world.fake.click_button(lobby, f"lb:join:{imported}", user=world.bob)).reply()
                for _ in fill:
                    await add_ai(world.fake, lobby, world.alice)
                await world.start(lobby, imported, mark)
                table = await world.host.table(imported)
                expected = positions(game, case.players, dict(finished.options), finished.seed,
                                     [(m.seat, m.notation) for m in moves[:middle]])[-1]
                assert [m.notation for m in (await world.host.store.moves(imported))][:middle] == \
                    [m.notation for m in moves[:middle]]
                if len(await world.host.store.moves(imported)) == middle:  # no AI moved since
                    assert table.state == game.state_to_json(expected)
                cells.add("export_import_middle")

                story = await world.fake.wait_for_message(
                    lambda m: any(a.filename.endswith(".txt") for a in m.attachments),
                    channel=world.thread_of(finished), timeout=60)
                opened = await (await world.fake.click_button(story, f"rm:{pbp}", user=world.alice)).reply()
                assert opened.ephemeral and "#" in opened.content
                again = max(t.id for t in await world.host.store.tables_with_status("lobby"))
                rematch = await world.host.table(again)
                assert rematch.game == game_name and rematch.options == finished.options
                assert rematch.seats[0].user_id == world.alice.id  # she left the game to an AI, and may ask
                cells.add("rematch")

                # -- a tournament table with an AI fill-in
                signup = await world.command("tournament new", world.alice, game=game_name, **case.tournament)
                join = next(c for c in signup.custom_ids() if c.startswith("tn:join:"))
                await (await world.fake.click_button(signup, join, user=world.alice)).reply()
                size = case.tournament.get("table_size", 2)
                filled = await world.command("tournament fill", world.alice, count=size - 1)
                assert filled.ephemeral
                started = await world.command("tournament start", world.alice)
                assert "Round 1 started: 1 tables, 0 byes" in started.content, started.content
                links = []
                for _ in range(500):
                    links = [link for link in await world.host.store.tournament_links(
                        int(join.rsplit(":", 1)[1])) if link.thread_id is not None]
                    if links:
                        break
                    await asyncio.sleep(0.02)
                (link,) = links
                table = await world.settled(link.table_id, timeout=60)
                assert sum(s.is_ai for s in table.seats) == size - 1 and table.status in ("active", "finished")
                cells.add("tournament_ai_fill_in")
        assert cells == set(CELLS), f"{game_name}: cells not reached: {set(CELLS) - cells}"
        assert not [p for p in logs.problems() if "IllegalMove" in p or "AI" in p], logs.problems()

    return scenario, clock


@pytest.mark.timeout(660)  # its scenario is given longer than the default limit
@pytest.mark.parametrize("game_name", list(CASES))
def test_every_feature_with(game_name, tmp_path):
    scenario, clock = scenario_for(game_name)
    play(scenario, tmp_path, timeout=600, clock=clock, world_class=Matrix)
