"""The platform-free host on a real SQLite file: lobby, turn flow, versioned moves, restarts."""

from __future__ import annotations

import asyncio
import sqlite3

import pytest

from bot.host import Host, HostError, Store
from games.errors import IllegalMove, MalformedMove, SetupError

ALICE, BOB, CAROL, MALLORY = 101, 102, 103, 666

pytestmark = pytest.mark.usefixtures("backend")  # every test on SQLite and on PostgreSQL (tests/conftest.py)


def run(coro):
    return asyncio.run(asyncio.wait_for(coro, 60))


async def open_host(path, **kw) -> Host:
    return Host(await Store.open(path), seed_source=lambda: 1234, ai_playouts=20, ai_seconds=5, **kw)


async def started(host: Host, players=2, ai=0, options=None):
    table = await host.open_lobby(guild_id=1, channel_id=10, owner_id=ALICE, owner_name="alice",
                                  game_name="minoa", num_players=players, options=options or {})
    for user, name in [(BOB, "bob"), (CAROL, "carol")][: players - 1 - ai]:
        table = await host.join(table.id, user, name)
    for _ in range(ai):
        table = await host.add_ai(table.id, ALICE, "random")
    return await host.start(table.id, ALICE)


@pytest.mark.sqlite_only
def test_storage_uses_wal_and_records_its_schema_version(tmp_path):
    async def scenario():
        store = await Store.open(tmp_path / "bot.sqlite3")
        assert await store.journal_mode() == "wal"
        await store.close()
    run(scenario())
    with sqlite3.connect(tmp_path / "bot.sqlite3") as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] >= 1


def test_lobby_rules(tmp_path):
    async def scenario():
        host = await open_host(tmp_path / "db.sqlite3")
        table = await host.open_lobby(guild_id=1, channel_id=10, owner_id=ALICE, owner_name="alice",
                                      game_name="minoa", num_players=3, options={"advanced": "on"})
        assert table.status == "lobby" and [s.user_id for s in table.seats] == [ALICE]
        assert table.options == {"advanced": "on", "legality": "rim", "team_colours": "separate"}
        with pytest.raises(HostError, match="already joined"):
            await host.join(table.id, ALICE, "alice")
        with pytest.raises(HostError, match="Only the player who opened"):
            await host.start(table.id, BOB)
        with pytest.raises(HostError, match="2 of 3 seats are still empty"):
            await host.start(table.id, ALICE)
        table = await host.join(table.id, BOB, "bob")
        with pytest.raises(HostError, match="Only the player who opened"):
            await host.add_ai(table.id, BOB, "random")
        with pytest.raises(HostError, match="Unknown AI level"):
            await host.add_ai(table.id, ALICE, "godlike")
        table = await host.add_ai(table.id, ALICE, "mcts")
        with pytest.raises(HostError, match="All 3 seats are taken"):
            await host.join(table.id, CAROL, "carol")
        table = await host.leave(table.id, BOB)
        assert [s.name for s in table.seats] == ["alice", "AI 1 (normal)"] and table.seats[1].seat == 1
        with pytest.raises(HostError, match="use Cancel"):
            await host.leave(table.id, ALICE)
        table = await host.join(table.id, CAROL, "carol")
        table = await host.start(table.id, ALICE)
        assert table.status == "active" and table.state["pieces_left"] == [8, 8, 8]
        with pytest.raises(HostError, match="lobby is closed"):
            await host.join(table.id, MALLORY, "mallory")
        await host.store.close()
    run(scenario())


def test_bad_game_settings_are_refused_before_a_lobby_exists(tmp_path):
    async def scenario():
        host = await open_host(tmp_path / "db.sqlite3")
        for name, players, options, message in [("chess", 2, {}, "Unknown game"), ("minoa", 6, {}, "2 to 4"),
                                                ("minoa", 2, {"legality": "x"}, "cannot be")]:
            with pytest.raises(SetupError, match=message):
                await host.open_lobby(guild_id=1, channel_id=10, owner_id=ALICE, owner_name="a",
                                      game_name=name, num_players=players, options=options)
        assert await host.active_tables() == []
        await host.store.close()
    run(scenario())


def test_only_the_seat_to_act_may_move_and_refusals_change_nothing(tmp_path):
    async def scenario():
        host = await open_host(tmp_path / "db.sqlite3")
        table = await started(host)
        version = table.version
        with pytest.raises(HostError, match="not playing in this game"):
            await host.play(table.id, MALLORY, "e9-f8")
        with pytest.raises(HostError, match="not your turn: waiting on alice"):
            await host.play(table.id, BOB, "e9-f8")
        with pytest.raises(MalformedMove):
            await host.play(table.id, ALICE, "e9-x8")
        table = await host.play(table.id, ALICE, "e5-e6")
        table = await host.play(table.id, BOB, "e5-f5")
        with pytest.raises(IllegalMove, match="touches no rim edge"):
            await host.play(table.id, ALICE, "e6-f5")
        after = await host.table(table.id)
        assert after.version == version + 2 and after.state == table.state
        assert [m.notation for m in await host.store.moves(table.id)] == ["e5-e6", "e5-f5"]
        assert host.legal_notations(after, ALICE)[0] == "e9-f8"
        with pytest.raises(HostError, match="not your turn"):
            host.legal_notations(after, BOB)
        await host.store.close()
    run(scenario())


def test_a_double_click_lands_once(tmp_path):
    async def scenario():
        host = await open_host(tmp_path / "db.sqlite3")
        table = await started(host)
        clicks = await asyncio.gather(*(host.play(table.id, ALICE, "e9-f8", version=table.version)
                                        for _ in range(2)), return_exceptions=True)
        assert sum(1 for c in clicks if isinstance(c, HostError) and c.key == "play.already_done") == 1
        assert len(await host.store.moves(table.id)) == 1
        await host.store.close()
    run(scenario())


def test_two_processes_racing_on_one_file_never_both_land(tmp_path):
    async def scenario():
        path = tmp_path / "db.sqlite3"
        first = await open_host(path)
        table = await started(first)
        second = await open_host(path)  # another bot process (a second shard) on the same file
        await second.table(table.id)  # both have read the same version: whoever commits second is refused
        # (the version the player saw goes with each, as a button carries it: a move needs no read
        # before its commit, so the first may land before the second even starts)
        results = await asyncio.gather(first.play(table.id, ALICE, "e9-f8", version=table.version),
                                       second.play(table.id, ALICE, "f8-g7", version=table.version),
                                       return_exceptions=True)
        assert sum(1 for r in results if isinstance(r, HostError) and r.key == "host.stale") == 1, results
        moves = await first.store.moves(table.id)
        assert len(moves) == 1
        assert (await first.table(table.id)).state["pieces_left"] == [11, 12]
        await first.store.close()
        await second.store.close()
    run(scenario())


def test_a_restart_resumes_the_game_and_knows_what_was_not_shown(tmp_path):
    async def scenario():
        path = tmp_path / "db.sqlite3"
        host = await open_host(path)
        table = await started(host)
        await host.mark_announced(table.id, table.version)
        table = await host.play(table.id, ALICE, "e9-f8")  # committed, then the process dies
        await host.store.close()

        host = await open_host(path)
        pending = await host.unannounced()
        assert [t.id for t in pending] == [table.id] and pending[0].version == table.version
        await host.mark_announced(table.id, pending[0].version)
        assert await host.unannounced() == []
        table = await host.play(table.id, BOB, "f8-g7")
        assert table.state["pieces_left"] == [11, 11]
        await host.store.close()
    run(scenario())


def test_ai_seats_play_by_themselves_to_the_end(tmp_path):
    async def scenario():
        host = await open_host(tmp_path / "db.sqlite3")
        table = await started(host, players=3, ai=1)
        while table.status == "active":
            if await host.play_ai(table.id) is None:
                (seat,) = host.waiting_on(table)
                user = seat.user_id
                table = await host.play(table.id, user, host.legal_notations(table, user)[-1])
            table = await host.table(table.id)
        standing = host.standing(table)
        assert sorted(standing.ranks)[0] == 1 and sum(standing.scores) == 96
        moves = await host.store.moves(table.id)
        assert [m.ply for m in moves] == list(range(1, len(moves) + 1))
        assert moves[-1].version == table.version
        await host.store.close()
    run(scenario())


def test_resigning_ends_a_two_player_game_and_hands_a_seat_to_the_ai_otherwise(tmp_path):
    async def scenario():
        host = await open_host(tmp_path / "db.sqlite3")
        duel = await started(host)
        duel = await host.resign(duel.id, BOB)
        assert duel.status == "finished" and host.standing(duel).ranks == [1, 2]
        with pytest.raises(HostError, match="over"):
            await host.play(duel.id, ALICE, "e9-f8")

        three = await started(host, players=3)
        three = await host.resign(three.id, ALICE)
        assert three.status == "active" and three.seats[0].is_ai and three.seats[0].ai_level == "easy"
        with pytest.raises(HostError, match="not playing"):
            await host.play(three.id, ALICE, "e9-f8")
        assert await host.play_ai(three.id) is not None  # the AI plays the resigned seat's turn
        await host.store.close()
    run(scenario())


@pytest.mark.sqlite_only
def test_an_older_database_is_migrated_forward_keeping_its_games(tmp_path):
    from bot.host.store import MIGRATIONS

    path = tmp_path / "old.sqlite3"
    with sqlite3.connect(path) as db:  # a file written by the first release (schema 1)
        db.executescript(MIGRATIONS[0][1])
        db.execute("INSERT INTO game_tables (channel_id, game, num_players, options, seed, status, owner_id,"
                   " created_at, updated_at) VALUES (10, 'minoa', 2, '{}', 1, 'lobby', 101, 0, 0)")
        db.execute("PRAGMA user_version = 1")

    async def scenario():
        store = await Store.open(path)
        assert (await store.get_table(1)).game == "minoa"
        await store.set_user_lang(101, "ja")
        assert await store.user_lang(101) == "ja"
        await store.close()
    run(scenario())
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == len(MIGRATIONS)


def test_event_params_naming_seats_show_the_players():
    from bot.host.store import SeatRow, TableRow
    from bot.presenter import _seat_names
    from games.messages import Text

    table = TableRow(id=1, guild_id=1, channel_id=1, thread_id=1, lobby_message_id=None, status_message_id=None,
                     game="minoa", num_players=2, options={}, seed=0, status="active", owner_id=ALICE, state=None,
                     version=1, announced_version=0, settings={}, created_at=0, updated_at=0,
                     seats=[SeatRow(0, ALICE, None, "alice"), SeatRow(1, BOB, None, "bob")])
    said = _seat_names({"seat": 0, "victim_seat": 1, "count": 1,
                        "why": {"text": "minoa.reason.taken", "params": {}}}, table)
    assert said["seat"] == "1 (alice)" and said["victim_seat"] == "2 (bob)" and said["count"] == 1
    assert said["why"] == Text("minoa.reason.taken")


def test_move_records_can_be_read_whole_or_just_the_last_few(tmp_path):
    async def scenario():
        host = await open_host(tmp_path / "db.sqlite3")
        table = await started(host)
        for user, move in [(ALICE, "e9-f8"), (BOB, "f8-g7"), (ALICE, "g7-h6")]:
            table = await host.play(table.id, user, move)
        assert [m.notation for m in await host.store.moves(table.id)] == ["e9-f8", "f8-g7", "g7-h6"]
        assert [m.notation for m in await host.store.moves(table.id, last=2)] == ["f8-g7", "g7-h6"]
        assert [m.ply for m in await host.store.moves(table.id, after_version=table.version - 1)] == [3]
        await host.store.close()
    run(scenario())


@pytest.mark.parametrize("game_name", ["medina", "middle_ages"])
def test_a_typed_move_sent_twice_lands_once_and_a_later_identical_move_lands(tmp_path, game_name):
    """Issue 12.3: the same typed move twice in a row (a resend) is not applied twice; playing it
    again takes a confirmation bound to the version seen; the same move on a later turn, after
    someone else's move, is just played."""
    from bot.host import RepeatedMove
    from games.rng import Rng

    async def scenario():
        host = await open_host(tmp_path / "db.sqlite3")
        table = await host.open_lobby(guild_id=1, channel_id=10, owner_id=ALICE, owner_name="alice",
                                      game_name=game_name, num_players=2, options={})
        table = await host.start((await host.join(table.id, BOB, "bob")).id, ALICE)
        users = {0: ALICE, 1: BOB}
        rng, last_by = Rng(5), {}
        repeated = later = False
        for _ in range(400):
            if repeated and later:
                break
            seat = host.waiting_on(table)[0].seat
            legal = host.legal_notations(table, users[seat])
            previous = last_by.get(seat)
            someone_else_since = previous is not None and previous[1] < table.version
            if previous and previous[0] in legal and someone_else_since and not later:
                notation = previous[0]  # an identical move on a later turn: just played
                later = True
            else:
                notation = rng.choice(legal)
            table = await host.play(table.id, users[seat], notation)
            last_by[seat] = (notation, table.version)
            if host.waiting_on(table) and host.waiting_on(table)[0].seat == seat and not repeated \
                    and notation in host.legal_notations(table, users[seat]):
                before, recorded = table.version, len(await host.store.moves(table.id))
                with pytest.raises(RepeatedMove) as refused:
                    await host.play(table.id, users[seat], notation)
                assert refused.value.version == before and (await host.table(table.id)).version == before
                assert len(await host.store.moves(table.id)) == recorded  # nothing recorded
                table = await host.play(table.id, users[seat], notation, version=refused.value.version)
                assert table.version == before + 1
                with pytest.raises(HostError, match="already played"):  # the confirmation clicked twice
                    await host.play(table.id, users[seat], notation, version=refused.value.version)
                repeated = True
                last_by[seat] = (notation, table.version)
        assert repeated and later
        await host.store.close()
    run(scenario())


def test_oversized_text_and_forged_table_ids_are_refused_specifically(tmp_path):
    async def scenario():
        host = await open_host(tmp_path / "db.sqlite3")
        table = await started(host)
        with pytest.raises(HostError, match="too long to be a move"):
            await host.play(table.id, ALICE, "e9-f8 " * 2000)
        for forged in (10 ** 30, 0, -5):
            with pytest.raises(HostError, match="does not exist"):
                await host.table(forged)
        assert (await host.table(table.id)).version == table.version
        await host.store.close()
    run(scenario())
