"""Play-by-post in the host (no Discord): deadlines, reminders, timeout policies, playing hours,
vacation, votes, and overdue games after downtime — with a clock the test moves by hand."""

from __future__ import annotations

import asyncio
from datetime import datetime, timezone

import pytest

from bot.host import Host, HostError, Store
from bot.host.clock import DAY
from bot.host.history import imported
from bot.host.timekeeper import HALF, NINE_TENTHS, TIME_UP, handle_due
from games import registry
from games.record import SKIPPED, Header, write
from tests.toy_hidden import ToyHidden

pytestmark = pytest.mark.usefixtures("backend")  # every test on SQLite and on PostgreSQL (tests/conftest.py)

ALICE, BOB, CAROL = 101, 102, 103
T0 = datetime(2026, 11, 23, 12, 0, tzinfo=timezone.utc).timestamp()


class Clock:
    def __init__(self, now: float = T0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


def run(coro):
    return asyncio.run(asyncio.wait_for(coro, 60))


async def started(host: Host, settings: dict, game="minoa", players=2, guild=1):
    table = await host.open_lobby(guild_id=guild, channel_id=10, owner_id=ALICE, owner_name="alice",
                                  game_name=game, num_players=players, options={}, settings=settings)
    for user, name in [(BOB, "bob"), (CAROL, "carol")][: players - 1]:
        await host.join(table.id, user, name)
    return await host.start(table.id, ALICE)


@pytest.fixture
def toy():
    game = registry.register(ToyHidden())
    yield game
    registry._GAMES.pop(game.name, None)


def test_lobby_settings_are_checked(tmp_path):
    async def scenario():
        host = Host(await Store.open(tmp_path / "db.sqlite3"))
        for settings, message in [({"clock": "4d"}, "one of 1, 2, 3, 5, 7, 14"), ({"clock": "soon"}, "not a time control"),
                                  ({"hours": "25-3"}, "like 9-23"), ({"timeout": "panic"}, "Unknown timeout policy"),
                                  ({"timeout": "skip"}, "do not allow skipping")]:
            with pytest.raises(HostError, match=message):
                await started(host, settings)
        table = await started(host, {"clock": "2/day", "hours": "9-23", "timeout": "ai"})
        assert table.settings["clock"] == "2/day" and table.settings["hours"] == [9, 23]
        await host.store.close()
    run(scenario())


def test_reminders_at_half_and_nine_tenths_then_time_up_each_once(tmp_path):
    async def scenario():
        clock = Clock()
        host = Host(await Store.open(tmp_path / "db.sqlite3"), clock=clock)
        table = await started(host, {"clock": "1d"})
        assert table.turn_started_at == T0 and table.deadline_at == T0 + DAY
        clock.now = T0 + 0.4 * DAY
        assert await handle_due(host, clock.now) == []
        clock.now = T0 + 0.5 * DAY
        due = await handle_due(host, clock.now)
        assert [(d.stage, [s.user_id for s in d.seats]) for d in due] == [(HALF, [ALICE])]
        assert await handle_due(host, clock.now) == []  # never twice
        clock.now = T0 + 0.95 * DAY
        assert [d.stage for d in await handle_due(host, clock.now)] == [NINE_TENTHS]
        clock.now = T0 + DAY + 1
        assert [(d.stage, d.policy) for d in await handle_due(host, clock.now)] == [(TIME_UP, "remind")]
        assert await handle_due(host, clock.now + DAY) == []
        # A move starts the next turn's clock afresh.
        table = await host.play(table.id, ALICE, "e9-f8")
        assert table.turn_started_at == clock.now and table.deadline_at == clock.now + DAY and table.reminded == 0
        await host.store.close()
    run(scenario())


def test_after_downtime_only_the_latest_reminder_goes_out(tmp_path):
    async def scenario():
        clock = Clock()
        host = Host(await Store.open(tmp_path / "db.sqlite3"), clock=clock)
        await started(host, {"clock": "2d"})
        assert [d.stage for d in await handle_due(host, T0 + 1.9 * DAY)] == [NINE_TENTHS]  # half-time skipped
        await host.store.close()
    run(scenario())


def test_timeout_policy_ai_moves_for_the_absent_player_once(tmp_path):
    async def scenario():
        clock = Clock()
        host = Host(await Store.open(tmp_path / "db.sqlite3"), clock=clock)
        table = await started(host, {"clock": "10m", "timeout": "ai"})
        clock.now = T0 + 601
        due = await handle_due(host, clock.now)
        assert [(d.stage, d.policy) for d in due] == [(TIME_UP, "ai")]
        moves = await host.store.moves(table.id)
        assert len(moves) == 1 and moves[0].seat == 0 and moves[0].events[0]["key"] == "clock.ai_moved"
        after = await host.table(table.id)
        assert host.waiting_on(after)[0].user_id == BOB and after.deadline_at == clock.now + 600
        assert await handle_due(host, clock.now) == []
        await host.store.close()
    run(scenario())


def test_timeout_policy_drop_hands_the_seat_to_the_ai_and_marks_the_result(tmp_path):
    async def scenario():
        clock = Clock()
        host = Host(await Store.open(tmp_path / "db.sqlite3"), clock=clock)
        table = await started(host, {"clock": "1d", "timeout": "drop"}, players=3)
        clock.now = T0 + DAY + 5
        assert [d.policy for d in await handle_due(host, clock.now)] == ["drop"]
        table = await host.table(table.id)
        assert table.seats[0].is_ai and table.settings["dropped"] == [0] and table.deadline_at is None
        with pytest.raises(HostError, match="not playing"):
            await host.play(table.id, ALICE, "e9-f8")
        await host.store.close()
    run(scenario())


def test_timeout_policy_skip_where_the_rules_allow(tmp_path, toy):
    async def scenario():
        clock = Clock()
        host = Host(await Store.open(tmp_path / "db.sqlite3"), clock=clock)
        table = await started(host, {"clock": "1d", "timeout": "skip"}, game="toy_hidden")
        hand = toy.state_from_json(table.state).hands[0]
        clock.now = T0 + DAY + 5
        assert [d.policy for d in await handle_due(host, clock.now)] == ["skip"]
        table = await host.table(table.id)
        assert toy.state_from_json(table.state).hands[0] == hand[1:] and host.waiting_on(table)[0].user_id == BOB
        await host.store.close()
    run(scenario())


def test_a_record_with_a_skipped_turn_is_played_on_at_start(tmp_path, toy):
    """A record of a game whose turn was skipped (``SEAT -``) is imported like any other: the skip
    is played again at Start (before, Start stopped at it with a malformed move)."""
    async def scenario():
        host = Host(await Store.open(tmp_path / "db.sqlite3"))
        state = toy.new_game(2, {}, 11)
        first = state.hands[0][0]
        text = write(Header("toy_hidden", 2, 11, {}), [(0, SKIPPED), (1, f"play {state.hands[1][0]}")])
        found = imported(text, "toy_hidden", 2)
        table = await host.open_lobby(guild_id=1, channel_id=10, owner_id=ALICE, owner_name="alice",
                                      game_name="toy_hidden", num_players=2, options={}, seed=found.header.seed,
                                      settings={"imported_moves": found.moves, "record_moves": found.total})
        await host.join(table.id, BOB, "bob")
        table = await host.start(table.id, ALICE)
        moves = await host.store.moves(table.id)
        assert [(m.seat, m.notation) for m in moves] == found.moves and table.settings["imported_moves"] == 2
        assert all(m.events[0]["key"] == "record.imported" for m in moves)
        assert toy.state_from_json(table.state).hands[0][0] != first  # the skip spent alice's first card
        assert host.waiting_on(table)[0].user_id == ALICE
        await host.store.close()
    run(scenario())


def test_playing_hours_stop_the_clock(tmp_path):
    async def scenario():
        clock = Clock(datetime(2026, 11, 23, 22, 0, tzinfo=timezone.utc).timestamp())
        store = await Store.open(tmp_path / "db.sqlite3")
        await store.set_guild_zone(1, "Asia/Tokyo")  # 22:00 UTC is 07:00 in Tokyo
        host = Host(store, clock=clock)
        table = await started(host, {"clock": "1/day", "hours": "9-21"})
        due = datetime.fromtimestamp(table.deadline_at, timezone.utc)
        # 12 hours a day run (9-21 Tokyo); 24 hours of clock take two playing days: due at 21:00 Tokyo
        # on the next day = 12:00 UTC on the 25th.
        assert due == datetime(2026, 11, 25, 12, 0, tzinfo=timezone.utc)
        await store.close()
    run(scenario())


def test_vacation_stops_the_clock_within_the_yearly_allowance(tmp_path):
    async def scenario():
        clock = Clock()
        host = Host(await Store.open(tmp_path / "db.sqlite3"), clock=clock)
        relaxed = await started(host, {"clock": "1d"})
        strict = await started(host, {"clock": "1d", "vacation": False})
        clock.now = T0 + 3600
        until, left = await host.away(ALICE, 3)
        assert until == clock.now + 3 * DAY and left == 27
        assert (await host.table(relaxed.id)).deadline_at == T0 + DAY + 3 * DAY
        assert (await host.table(strict.id)).deadline_at == T0 + DAY  # tournaments forbid vacation
        with pytest.raises(HostError, match="27 days"):
            await host.away(ALICE, 28)
        until, left = await host.away(ALICE, 0)  # back early: unused whole days come back
        assert until is None and left == 30
        assert (await host.table(relaxed.id)).deadline_at == T0 + DAY
        await host.store.close()
    run(scenario())


def test_other_players_can_vote_an_absent_player_out(tmp_path):
    async def scenario():
        clock = Clock()
        host = Host(await Store.open(tmp_path / "db.sqlite3"), clock=clock)
        table = await started(host, {}, players=3)  # Alice to move; Bob and Carol vote
        clock.now = T0 + DAY  # no clock: a vote once her turn has lasted the server's wait (24 h)
        with pytest.raises(HostError, match="your own seat"):
            await host.vote_absent(table.id, ALICE, 0)
        with pytest.raises(HostError, match="not waiting on bob"):
            await host.vote_absent(table.id, ALICE, 1)
        table, votes, needed = await host.vote_absent(table.id, BOB, 0)
        assert (votes, needed) == (1, 2) and not table.seats[0].is_ai
        table, votes, needed = await host.vote_absent(table.id, CAROL, 0)
        assert table.seats[0].is_ai and table.settings["voted_out"] == [0]
        await host.store.close()
    run(scenario())


def test_a_hundred_games_overdue_after_downtime_are_handled_once_each_even_by_two_processes(tmp_path):
    async def scenario():
        clock = Clock()
        path = tmp_path / "db.sqlite3"
        host = Host(await Store.open(path), clock=clock)
        tables = [await started(host, {"clock": "1d", "timeout": "ai"}) for _ in range(100)]
        await host.store.close()
        clock.now = T0 + 5 * DAY  # the bot was down for days
        first = Host(await Store.open(path), clock=clock)
        second = Host(await Store.open(path), clock=clock)
        handled = await asyncio.gather(handle_due(first, clock.now), handle_due(second, clock.now))
        assert sorted(d.table.id for batch in handled for d in batch) == sorted(t.id for t in tables)
        assert all(d.stage == TIME_UP for batch in handled for d in batch)  # no stale reminders
        for table in tables:
            assert len(await first.store.moves(table.id)) == 1
        assert await handle_due(first, clock.now) == []
        await first.store.close()
        await second.store.close()
    run(scenario())
