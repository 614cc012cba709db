"""Storage round trips, the host's copy of tables, and what a restart reads."""

from __future__ import annotations

import asyncio
import json
import sqlite3
from typing import Self

import pytest

from bot.host import Host, HostError, Store
from bot.host.store import MIGRATIONS

ALICE, BOB, CAROL = 101, 102, 103

pytestmark = pytest.mark.usefixtures("backend")  # every test on SQLite and on PostgreSQL (tests/conftest.py)


def run(coro):
    return asyncio.run(asyncio.wait_for(coro, 60))


async def open_host(path, **kw) -> Host:
    return Host(await Store.open(path), seed_source=lambda: 1234, ai_playouts=20, ai_seconds=5, **kw)


async def started(host: Host, players=2, ai=0, game="minoa"):
    table = await host.open_lobby(guild_id=1, channel_id=10, owner_id=ALICE, owner_name="alice",
                                  game_name=game, num_players=players, options={})
    for user, name in [(BOB, "bob"), (CAROL, "carol")][: players - 1 - ai]:
        table = await host.join(table.id, user, name)
    for _ in range(ai):
        table = await host.add_ai(table.id, ALICE, "random")
    return await host.start(table.id, ALICE)


class Trips:
    """Round trips to aiosqlite's thread made inside the block."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def __enter__(self) -> Self:
        self.start = self.store.round_trips
        return self

    def __exit__(self, *exc) -> None:
        self.count = self.store.round_trips - self.start


# -- round trips ------------------------------------------------------------------------------

@pytest.mark.sqlite_only
def test_every_awaited_aiosqlite_call_is_counted(tmp_path):
    async def scenario():
        store = await Store.open(tmp_path / "db.sqlite3")
        with Trips(store) as trips:
            async with store.db.execute("SELECT 1") as cursor:  # execute, fetch, close: three hops
                await cursor.fetchone()
        assert trips.count == 3
        with Trips(store) as trips:
            await store.get_table(1)  # a whole table with its seats: one
        assert trips.count == 1
        await store.close()
    run(scenario())


def test_a_move_commits_in_one_hop_and_the_next_read_costs_none(tmp_path):
    async def scenario():
        host = await open_host(tmp_path / "db.sqlite3")
        table = await started(host)
        await host.table(table.id)
        with Trips(host.store) as trips:
            table = await host.play(table.id, ALICE, "e9-f8")
        # the commit alone: no time control, so no vacation or time zone to look up for the next turn
        assert trips.count == 1
        with Trips(host.store) as trips:
            again = await host.table(table.id)
        assert trips.count == 0 and again.version == table.version and again.state == table.state
        with Trips(host.store) as trips:
            await host.mark_announced(table.id, table.version, board_message_id=555)
        assert trips.count == 1
        shown = await host.table(table.id)
        assert shown.announced_version == table.version and shown.board_message_id == 555
        assert (await host.store.get_table(table.id)).board_message_id == 555
        await host.store.close()
    run(scenario())


@pytest.mark.parametrize("game", ["minoa", "madeira"])
def test_a_move_through_host_and_presenter_stays_under_twenty_round_trips(tmp_path, game):
    # the bench's /move path: lookup, play, mid_turn, show
    from bench.store import move_round_trips

    figures = run(move_round_trips(tmp_path / "db.sqlite3", game, moves=8))
    assert figures["moves"] == 8 and figures["max"] <= 20, figures


def test_callers_get_their_own_copy(tmp_path):
    async def scenario():
        host = await open_host(tmp_path / "db.sqlite3")
        table = await started(host)
        mine = await host.table(table.id)
        mine.board_message_id = 99
        mine.seats[0].name = "changed"
        mine.settings["posts"] = False
        fresh = await host.table(table.id)
        assert fresh.board_message_id is None and fresh.seats[0].name == "alice" and fresh.settings["posts"]
        await host.store.close()
    run(scenario())


# -- the host's copy and other writers ---------------------------------------------------------

async def blind(store: Store) -> None:
    """Stop the store from noticing other connections' commits (the cheap check of its backend)."""
    if store.dialect == "sqlite":
        store._watch.close()
        store._watch = None
    else:
        from bot.host.pg import CHANNEL

        await store._listener.remove_listener(CHANNEL, store._heard)


def test_the_copy_is_never_served_after_another_process_committed(tmp_path):
    async def scenario():
        path = tmp_path / "db.sqlite3"
        first = await open_host(path)
        table = await started(first)
        await first.table(table.id)  # first holds a copy
        second = await open_host(path)  # another bot process on the same file
        await second.play(table.id, ALICE, "e9-f8")
        await first.store.caught_up()  # PostgreSQL: the commit's notice has arrived (SQLite: at once)
        seen = await first.table(table.id)
        assert seen.version == table.version + 1 and seen.state["pieces_left"] == [11, 12]
        # and first can go on from there: Bob's move lands through first
        after = await first.play(table.id, BOB, "f8-g7")
        assert after.state["pieces_left"] == [11, 11]
        await second.store.caught_up()
        second_view = await second.table(table.id)
        assert second_view.version == after.version
        await first.store.close()
        await second.store.close()
    run(scenario())


def test_a_copy_that_missed_a_commit_costs_at_most_a_refused_commit(tmp_path):
    async def scenario():
        path = tmp_path / "db.sqlite3"
        first = await open_host(path)
        table = await started(first)
        await first.table(table.id)
        await blind(first.store)  # as if the commit landed in the cheap check's blind spot
        second = await open_host(path)
        await second.play(table.id, ALICE, "e9-f8")
        # on first's stale copy it is still Alice's turn: her move is judged on it, refused by the
        # version check in the commit, and reported as today
        with pytest.raises(HostError) as refused:
            await first.play(table.id, ALICE, "f8-g7")
        assert refused.value.key == "host.stale"
        assert (await first.table(table.id)).version == table.version + 1  # reloaded
        assert len(await first.store.moves(table.id)) == 1
        await first.store.close()
        await second.store.close()
    run(scenario())


def test_a_move_refused_on_a_stale_copy_is_judged_again_on_the_stored_table(tmp_path):
    async def scenario():
        path = tmp_path / "db.sqlite3"
        first = await open_host(path)
        table = await started(first)
        await first.table(table.id)
        await blind(first.store)
        second = await open_host(path)
        await second.play(table.id, ALICE, "e9-f8")
        # on first's stale copy it is not Bob's turn yet; on the stored table it is
        after = await first.play(table.id, BOB, "f8-g7")
        assert after.version == table.version + 2 and after.state["pieces_left"] == [11, 11]
        await first.store.close()
        await second.store.close()
    run(scenario())


@pytest.mark.sqlite_only
def test_writes_the_host_did_not_make_drop_its_copy(tmp_path):
    async def scenario():
        host = await open_host(tmp_path / "db.sqlite3")
        table = await started(host)
        await host.table(table.id)
        await host.store.set_dm_failed(table.id, 1, True)  # the presenter writes this directly
        assert (await host.table(table.id)).seats[1].dm_failed
        assert await host.store.claim_stage(table.id, table.version, 1)
        assert (await host.table(table.id)).reminded == 1
        async with host.store.transaction():  # raw statements through the connection
            await host.store.db.execute("UPDATE game_tables SET owner_id = ? WHERE id = ?", (BOB, table.id))
        assert (await host.table(table.id)).owner_id == BOB
        with sqlite3.connect(tmp_path / "db.sqlite3") as db:  # another connection altogether
            db.execute("UPDATE game_tables SET owner_id = ? WHERE id = ?", (CAROL, table.id))
        assert (await host.table(table.id)).owner_id == CAROL
        await host.store.close()
    run(scenario())


def test_a_stale_version_drops_the_copy(tmp_path):
    async def scenario():
        host = await open_host(tmp_path / "db.sqlite3")
        table = await started(host)
        await host.table(table.id)
        with pytest.raises(HostError, match="changed"):
            await host.play(table.id, ALICE, "e9-f8", version=table.version - 1)
        clicks = await asyncio.gather(*(host.play(table.id, ALICE, "e9-f8", version=table.version)
                                        for _ in range(2)), return_exceptions=True)
        assert sum(1 for c in clicks if isinstance(c, HostError) and c.key == "play.already_done") == 1
        assert (await host.table(table.id)).version == table.version + 1
        await host.store.close()
    run(scenario())


# -- what a restart reads --------------------------------------------------------------------

def test_a_restart_finds_the_ai_seats_to_move_from_stored_acting_seats(tmp_path):
    async def scenario():
        host = await open_host(tmp_path / "db.sqlite3")
        waiting_on_ai = await started(host, players=2, ai=1)  # alice, then the AI
        waiting_on_ai = await host.play(waiting_on_ai.id, ALICE, host.legal_notations(waiting_on_ai, ALICE)[0])
        waiting_on_alice = await started(host, players=2, ai=1)
        people = await started(host, players=2)
        await host.mark_announced(waiting_on_alice.id, waiting_on_alice.version)
        await host.mark_announced(people.id, people.version)
        with Trips(host.store) as trips:
            unannounced, ai_to_move = await host.resume_work()
        assert trips.count == 2  # two id lists; no state read
        assert ai_to_move == [waiting_on_ai.id] and unannounced == [waiting_on_ai.id]
        await host.store.close()
    run(scenario())


@pytest.mark.sqlite_only
def test_a_schema_3_file_is_migrated_and_its_acting_seats_found_once(tmp_path):
    from games.registry import get_game

    path = tmp_path / "old.sqlite3"
    game = get_game("minoa")
    state = game.new_game(2, {}, 1)  # seat 0 acts
    with sqlite3.connect(path) as db:  # a file written by the previous release (schema 3)
        for _reason, sql in MIGRATIONS[:3]:
            db.executescript(sql)
        db.execute("PRAGMA user_version = 3")
        for table_id, ai_seat in ((1, 0), (2, 1), (3, None)):
            db.execute("INSERT INTO game_tables (id, channel_id, game, num_players, options, seed, status, owner_id,"
                       " state, version, announced_version, created_at, updated_at)"
                       " VALUES (?, 10, 'minoa', 2, '{}', 1, 'active', 101, ?, 3, 3, 0, 0)",
                       (table_id, json.dumps(game.state_to_json(state))))
            for seat in (0, 1):
                ai = seat == ai_seat
                db.execute("INSERT INTO seats (table_id, seat, user_id, ai_level, name) VALUES (?, ?, ?, ?, ?)",
                           (table_id, seat, None if ai else 100 + seat, "random" if ai else None, f"p{seat}"))

    async def scenario():
        host = await open_host(path)
        table = await host.table(1)
        assert table.state is not None and table.version == 3
        with Trips(host.store) as trips:
            assert await host.resume_work() == ([], [1])  # table 1's AI (seat 0) acts; table 2's waits
        assert trips.count == 4  # ids, AI tables, their states (parsed once), the acting seats stored
        with Trips(host.store) as trips:
            assert await host.resume_work() == ([], [1])
        assert trips.count == 2
        await host.store.close()
    run(scenario())
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == len(MIGRATIONS)
        assert dict(db.execute("SELECT id, acting FROM game_tables")) == {1: 1, 2: 1, 3: None}


def test_a_new_state_without_acting_seats_forgets_the_stored_ones(tmp_path):
    async def scenario():
        host = await open_host(tmp_path / "db.sqlite3")
        table = await started(host, players=2, ai=1)
        await host.store.update_table(table.id, state=table.state)  # a writer that does not know
        assert await host.store._read(lambda conn: conn.execute(
            "SELECT acting FROM game_tables WHERE id = ?", (table.id,)).fetchone()[0]) is None
        await host.store.close()
    run(scenario())


# -- settings: one field at a time, or versioned ---------------------------------------------------

def test_a_resignation_by_another_process_survives_a_concurrent_private_delivered_mark(tmp_path):
    async def scenario():
        path = tmp_path / "db.sqlite3"
        first = await open_host(path)
        table = await started(first, players=3)
        second = await open_host(path)  # another bot process on the same file
        write = first.store._write

        async def the_other_process_commits_meanwhile(fn, *args, **kw):
            await second.resign(table.id, CAROL)  # lands between first's decision and its write
            first.store._write = write
            return await write(fn, *args, **kw)

        first.store._write = the_other_process_commits_meanwhile
        await first.mark_private_delivered(table.id, 0, {"hand": ["a card"]})
        for host in (first, second):
            await host.store.caught_up()  # PostgreSQL: the other's commit notice has arrived
            seen = await host.table(table.id)
            assert seen.settings["resigned"] == [2] and seen.seats[2].is_ai
            assert set(seen.settings["private_sent"]) == {"0"}
            assert seen.version == table.version + 1 and seen.status == "active"
        await first.store.close()
        await second.store.close()
    run(scenario())


def test_a_private_delivered_mark_survives_a_resignation_written_from_an_older_copy(tmp_path):
    async def scenario():
        path = tmp_path / "db.sqlite3"
        first = await open_host(path)
        table = await started(first, players=3)
        await first.table(table.id)  # first's copy, read before the other process's mark
        second = await open_host(path)
        write = first.store._write

        async def the_other_process_commits_meanwhile(fn, *args, **kw):
            await second.mark_private_delivered(table.id, 1, {"hand": ["a card"]})
            first.store._write = write
            return await write(fn, *args, **kw)

        first.store._write = the_other_process_commits_meanwhile
        await first.resign(table.id, CAROL)  # versioned: the mark does not move the version
        stored = await second.store.get_table(table.id)
        assert stored.settings["resigned"] == [2] and set(stored.settings["private_sent"]) == {"1"}
        await first.store.close()
        await second.store.close()
    run(scenario())


def test_update_setting_writes_one_field_and_honours_a_version(tmp_path):
    from bot.host.store import StaleVersion

    async def scenario():
        host = await open_host(tmp_path / "db.sqlite3")
        table = await started(host)
        before = await host.store.get_table(table.id)
        after = await host.store.update_setting(table.id, ("votes", "1"), lambda old: sorted({*(old or []), ALICE}))
        assert after.settings == {**before.settings, "votes": {"1": [ALICE]}}
        assert after.version == before.version and after.updated_at == before.updated_at
        after = await host.store.update_setting(table.id, ("votes", "1"), lambda old: sorted({*old, BOB}),
                                                version=before.version)
        assert after.settings["votes"] == {"1": [ALICE, BOB]}
        with pytest.raises(StaleVersion):
            await host.store.update_setting(table.id, ("votes", "1"), lambda old: [], version=before.version - 1)
        with pytest.raises(StaleVersion):
            await host.store.update_setting(9999, ("votes",), lambda old: {})
        assert (await host.store.get_table(table.id)).settings["votes"] == {"1": [ALICE, BOB]}
        await host.store.close()
    run(scenario())


@pytest.mark.parametrize("sync, waits", [("normal", ("1", "off")), ("full", ("2", "on"))])
def test_what_a_commit_waits_for_is_the_chosen_sync_mode(tmp_path, sync, waits):
    """``BOT_DB_SYNC``: SQLite's ``synchronous`` (1 NORMAL, 2 FULL) and PostgreSQL's
    ``synchronous_commit`` promise the same on both backends (README, "Durability")."""
    async def scenario():
        store = await Store.open(tmp_path / "db.sqlite3", sync=sync)
        try:
            if store.dialect == "sqlite":
                found = await store._read(lambda conn: str(conn.execute("PRAGMA synchronous").fetchone()[0]))
                assert found == waits[0]
            else:
                found = await store._read(lambda conn: conn.execute("SELECT current_setting('synchronous_commit')").fetchone()[0])
                assert found == waits[1]
        finally:
            await store.close()
        with pytest.raises(ValueError, match="sync must be one of normal, full"):
            await Store.open(tmp_path / "other.sqlite3", sync="fast")
    run(scenario())


def test_durability_and_pool_settings_are_read_and_checked():
    from bot.config import Settings

    assert (Settings.from_env({}).db_sync, Settings.from_env({}).pg_pool, Settings.from_env({}).processes) == (
        "normal", None, 1)
    chosen = Settings.from_env({"BOT_DB_SYNC": "FULL", "BOT_PG_POOL": "12", "BOT_SHARD_COUNT": "8",
                                "BOT_SHARD_IDS": "0-1"})
    assert (chosen.db_sync, chosen.pg_pool, chosen.processes) == ("full", 12, 4)
    for env, words in [({"BOT_DB_SYNC": "fast"}, "BOT_DB_SYNC must be normal or full"),
                       ({"BOT_PG_POOL": "0"}, "from 1 to 64"), ({"BOT_PG_POOL": "65"}, "from 1 to 64"),
                       ({"BOT_PG_POOL": "four"}, "whole number of connections")]:
        with pytest.raises(ValueError, match=words):
            Settings.from_env(env)
