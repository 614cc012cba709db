"""Issue 12 in the host (no Discord): votes on absent players that cannot be abused, versioned
writes of table data, checked server settings, caps on lobbies and AI games, lobby expiry."""

from __future__ import annotations

import asyncio
from datetime import datetime, timezone

import pytest

from bot.host import Host, HostError, Store
from bot.host.clock import DAY
from bot.host.host import Limits
from bot.host.store import MIGRATIONS, StaleVersion

pytestmark = pytest.mark.usefixtures("backend")  # every test on SQLite and on PostgreSQL (tests/conftest.py)

ALICE, BOB, CAROL = 101, 102, 103
GUILD = 1
T0 = datetime(2026, 11, 23, 12, 0, tzinfo=timezone.utc).timestamp()
HOUR = 3600.0


class Clock:
    def __init__(self, now: float = T0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


def run(coro):
    return asyncio.run(asyncio.wait_for(coro, 60))


async def opened(tmp_path, limits: Limits | None = None, name="db.sqlite3"):
    clock = Clock()
    store = await Store.open(tmp_path / name, clock)
    return Host(store, clock=clock, limits=limits, seed_source=lambda: 7), clock


async def lobby(host: Host, owner=ALICE, guild=GUILD, players=2, settings=None):
    return await host.open_lobby(guild_id=guild, channel_id=10, owner_id=owner, owner_name=f"p{owner}",
                                 game_name="minoa", num_players=players, options={}, settings=settings or {})


async def started(host: Host, players=2, settings=None, ai=0):
    table = await lobby(host, players=players, settings=settings)
    for user in (BOB, CAROL)[: players - 1 - ai]:
        await host.join(table.id, user, f"p{user}")
    for _ in range(ai):
        await host.add_ai(table.id, ALICE, "random")
    return await host.start(table.id, ALICE)


async def move(host: Host, table_id: int, user: int):
    table = await host.table(table_id)
    return await host.play(table_id, user, host.legal_notations(table, user)[0])


def test_a_vote_needs_the_players_time_run_out_or_the_servers_wait(tmp_path):
    async def scenario():
        host, clock = await opened(tmp_path)
        free = await started(host)  # no clock: one vote is a majority of two players
        clock.now = T0 + 1
        with pytest.raises(HostError, match="only once their turn has lasted 24 h"):
            await host.vote_absent(free.id, BOB, 0)
        assert not (await host.table(free.id)).seats[0].is_ai
        clock.now = T0 + 24 * HOUR
        table, votes, needed = await host.vote_absent(free.id, BOB, 0)
        assert (votes, needed) == (1, 1) and table.seats[0].is_ai and table.settings["voted_out"] == [0]
        # With a clock: a vote once the time is up (before the server's wait, or long after it).
        clock.now = T0
        quick = await started(host, settings={"clock": "10m"})
        slow = await started(host, settings={"clock": "3d"})
        clock.now = T0 + 599
        with pytest.raises(HostError, match="only once their time has run out \\(in about 1 h\\)"):
            await host.vote_absent(quick.id, BOB, 0)
        clock.now = T0 + 601
        assert (await host.vote_absent(quick.id, BOB, 0))[0].seats[0].is_ai
        clock.now = T0 + 2 * DAY
        with pytest.raises(HostError, match="only once their time has run out \\(in about 24 h\\)"):
            await host.vote_absent(slow.id, BOB, 0)
        # A server may set its own wait.
        await host.set_server_setting(GUILD, "absent_wait", "2")
        clock.now = T0
        patient = await started(host)
        clock.now = T0 + 2 * HOUR - 1
        with pytest.raises(HostError, match="2 h"):
            await host.vote_absent(patient.id, BOB, 0)
        clock.now = T0 + 2 * HOUR
        assert (await host.vote_absent(patient.id, BOB, 0))[0].seats[0].is_ai
        # Without a clock, a player on vacation cannot be voted out until back.
        clock.now = T0
        resting = await started(host)
        await host.away(ALICE, 3)
        clock.now = T0 + 2 * DAY
        with pytest.raises(HostError, match="p101 is on vacation"):
            await host.vote_absent(resting.id, BOB, 0)
        clock.now = T0 + 3 * DAY
        assert (await host.vote_absent(resting.id, BOB, 0))[0].seats[0].is_ai
        await host.store.close()
    run(scenario())


def test_votes_lapse_when_the_turn_passes(tmp_path):
    async def scenario():
        host, clock = await opened(tmp_path)
        table = await started(host, players=3)
        clock.now = T0 + 25 * HOUR
        table, votes, needed = await host.vote_absent(table.id, BOB, 0)
        assert (votes, needed) == (1, 2)
        await move(host, table.id, ALICE)  # Alice was there after all: the vote is over
        await move(host, table.id, BOB)
        await move(host, table.id, CAROL)
        clock.now += 25 * HOUR
        table, votes, needed = await host.vote_absent(table.id, CAROL, 0)
        assert (votes, needed) == (1, 2) and not table.seats[0].is_ai  # Bob's old vote does not count
        table, votes, needed = await host.vote_absent(table.id, BOB, 0)
        assert table.seats[0].is_ai and table.settings["voted_out"] == [0]
        await host.store.close()
    run(scenario())


def test_seats_voted_out_or_dropped_rank_like_resigned_ones(tmp_path):
    async def scenario():
        host, clock = await opened(tmp_path)
        for reason in ("voted_out", "dropped", "resigned"):
            table = await started(host, players=3)
            # Ended early (e.g. by an admin): the running scores are all equal.
            table = await host.store.update_table(table.id, table.version, status="finished",
                                                  settings={**table.settings, reason: [0]})
            standing = host.standing(table)
            assert standing.ranks == [3, 1, 1] and standing.resigned == [0], reason
        assert Host.replaced_text(table, "en") == ""
        table.settings = {"voted_out": [0], "dropped": [2]}
        assert Host.replaced_text(table, "en") == "p101 (voted out), p103 (time ran out)"
        await host.store.close()
    run(scenario())


def test_away_judges_the_waiting_player_again_under_the_lock(tmp_path):
    async def scenario():
        host, clock = await opened(tmp_path)
        table = await started(host, settings={"clock": "1d"})
        assert table.deadline_at == T0 + DAY
        other = Host(await Store.open(tmp_path / "db.sqlite3", clock), clock=clock)  # another process
        async with host.lock(table.id):
            away = asyncio.create_task(host.away(ALICE, 3))
            while not host.lock(table.id)._waiters:  # /away read Alice's games and waits for the table
                await asyncio.sleep(0.001)
            await move(other, table.id, ALICE)  # meanwhile Alice's move lands: Bob's turn now
            await host.store.caught_up()  # PostgreSQL: its commit notice has arrived
        until, _left = await away
        assert until == T0 + 3 * DAY
        table = await host.table(table.id)
        assert [s.user_id for s in host.waiting_on(table)] == [BOB]
        assert table.deadline_at == T0 + DAY  # Bob's turn did not inherit Alice's vacation
        await other.store.close()
        await host.store.close()
    run(scenario())


def test_table_data_is_written_versioned_or_one_field_at_a_time(tmp_path):
    async def scenario():
        host, clock = await opened(tmp_path)
        table = await started(host, settings={"clock": "1d"})
        with pytest.raises(ValueError):  # a whole settings document without a version: refused
            await host.store.update_table(table.id, settings={**table.settings, "votes": {}})
        await move(host, table.id, ALICE)
        with pytest.raises(StaleVersion):  # a write meant for the earlier turn lands nowhere
            await host.store.update_at(table.id, table.version, deadline_at=T0 + 9 * DAY)
        fresh = await host.store.get_table(table.id)
        assert fresh.deadline_at == T0 + DAY and fresh.version == table.version + 1
        done = await host.store.update_at(table.id, fresh.version, deadline_at=T0 + 2 * DAY)
        assert done.deadline_at == T0 + 2 * DAY and done.version == fresh.version  # no new version
        await host.store.close()
    run(scenario())


def test_a_vote_is_never_overwritten_by_a_whole_settings_write_from_an_older_copy(tmp_path):
    async def scenario():
        host, clock = await opened(tmp_path)
        table = await started(host, players=3)
        older = await host.store.get_table(table.id)  # e.g. another process, about to write settings
        clock.now = T0 + 25 * HOUR
        await host.vote_absent(table.id, BOB, 0)  # a vote does not bump the version
        await host.note_vote_message(table.id, older.version, 0, 555)
        await host.store.update_table(table.id, older.version, settings={**older.settings, "note": 1})
        table = await host.table(table.id)
        # The vote is kept (so its message can be closed), though the new version ended its turn.
        assert table.settings["note"] == 1
        assert table.settings["votes"] == {"turn": older.version, "seats": {"0": [BOB]}, "messages": {"0": 555}}
        assert host.open_votes(table)["seats"] == {}
        table, votes, needed = await host.vote_absent(table.id, CAROL, 0)
        assert (votes, needed) == (1, 2)
        table, votes, needed = await host.vote_absent(table.id, BOB, 0)
        assert table.seats[0].is_ai and table.settings["votes"] == {}  # decided: nothing left open
        await host.store.close()
    run(scenario())


def test_server_settings_are_checked_and_need_a_server(tmp_path):
    async def scenario():
        host, clock = await opened(tmp_path)
        with pytest.raises(HostError, match="only in a server"):
            await host.set_server_setting(None, "language", "ja")
        with pytest.raises(HostError, match="“xx” is not a language"):
            await host.set_server_setting(GUILD, "language", "xx")
        for bad in ("0", "721", "soon", "-3"):
            with pytest.raises(HostError, match="whole number of hours from 1 to 720"):
                await host.set_server_setting(GUILD, "absent_wait", bad)
        with pytest.raises(HostError, match="Unknown time zone"):
            await host.set_server_setting(GUILD, "timezone", "Mars/Base")
        assert await host.store.guild_lang(GUILD) is None and await host.store.guild_option(GUILD, "absent_wait") is None
        rows = await host.store._read(lambda conn: conn.execute(
            "SELECT COUNT(*) FROM guild_settings WHERE guild_id IS NULL").fetchone()[0])
        assert rows == 0
        assert await host.set_server_setting(GUILD, "language", "ja") == "ja"
        assert await host.set_server_setting(GUILD, "absent_wait", "48") == "48"
        assert await host.absent_wait(GUILD) == 48 * HOUR and await host.absent_wait(2) == 24 * HOUR
        with pytest.raises(HostError, match="only in a server"):  # no lobby without a server
            await lobby(host, guild=None)
        assert await host.store.tables_with_status("lobby") == []
        await host.store.close()
    run(scenario())


def test_caps_on_open_lobbies_per_person_and_per_server(tmp_path):
    async def scenario():
        host, clock = await opened(tmp_path, Limits(lobbies_per_user=2, lobbies_per_server=3))
        first = await lobby(host)
        await lobby(host)
        with pytest.raises(HostError, match="already have 2 open lobbies"):
            await lobby(host)
        await lobby(host, owner=BOB)
        with pytest.raises(HostError, match="This server already has 3 open lobbies"):
            await lobby(host, owner=CAROL)
        await lobby(host, owner=CAROL, guild=2)  # another server has room
        await host.cancel(first.id, ALICE)
        await lobby(host)  # a cancelled lobby frees its place
        assert len(await host.store.tables_with_status("lobby")) == 4
        await host.store.close()
    run(scenario())


def test_caps_on_running_games_with_ai(tmp_path):
    async def scenario():
        host, clock = await opened(tmp_path, Limits(ai_games_per_user=1, ai_games_per_server=2))
        await started(host, ai=1)
        waiting = await lobby(host)
        await host.add_ai(waiting.id, ALICE, "random")
        with pytest.raises(HostError, match="already run 1 games with AI"):
            await host.start(waiting.id, ALICE)
        assert (await host.table(waiting.id)).status == "lobby"
        await started(host)  # without AI: no cap
        other = await host.open_lobby(guild_id=GUILD, channel_id=10, owner_id=BOB, owner_name="bob",
                                      game_name="minoa", num_players=2, options={}, settings={})
        await host.add_ai(other.id, BOB, "random")
        await host.start(other.id, BOB)
        third = await host.open_lobby(guild_id=GUILD, channel_id=10, owner_id=CAROL, owner_name="carol",
                                      game_name="minoa", num_players=2, options={}, settings={})
        await host.add_ai(third.id, CAROL, "random")
        with pytest.raises(HostError, match="This server already runs 2 games with AI"):
            await host.start(third.id, CAROL)
        await host.store.close()
    run(scenario())


def test_lobbies_expire_after_the_configured_days(tmp_path):
    async def scenario():
        host, clock = await opened(tmp_path, Limits(lobby_days=7))
        old = await lobby(host)
        game = await started(host)
        clock.now = T0 + 3 * DAY
        young = await lobby(host, owner=BOB)
        clock.now = T0 + 7 * DAY - 1
        assert await host.expire_lobbies() == []
        clock.now = T0 + 7 * DAY + 1
        (closed,) = await host.expire_lobbies()
        assert closed.id == old.id and closed.status == "cancelled" and closed.settings["expired"] is True
        assert (await host.table(young.id)).status == "lobby" and (await host.table(game.id)).status == "active"
        assert await host.expire_lobbies() == []
        unlimited, _ = await opened(tmp_path, name="other.sqlite3")
        await lobby(unlimited)
        unlimited.clock.now = T0 + 400 * DAY
        assert await unlimited.expire_lobbies() == []  # 0 days: lobbies never expire
        await unlimited.store.close()
        await host.store.close()
    run(scenario())


def test_the_server_options_migration_is_appended(tmp_path):
    async def scenario():
        host, clock = await opened(tmp_path)
        assert await host.store.schema_version() == len(MIGRATIONS)
        await host.store.set_guild_option(GUILD, "absent_wait", "5")
        await host.store.set_guild_option(GUILD, "absent_wait", "6")
        assert await host.store.guild_option(GUILD, "absent_wait") == "6"
        await host.store.close()
    run(scenario())


def test_caps_and_waits_come_from_the_environment():
    from bot.config import Settings

    assert Settings.from_env({}).limits() == Limits(3, 25, 3, 20, 7.0, 24.0)
    env = {"BOT_LOBBIES_PER_USER": "0", "BOT_AI_GAMES_PER_SERVER": "5", "BOT_LOBBY_DAYS": "2.5",
           "BOT_ABSENT_WAIT_HOURS": "12"}
    assert Settings.from_env(env).limits() == Limits(0, 25, 3, 5, 2.5, 12.0)
    for name, bad in (("BOT_LOBBIES_PER_USER", "many"), ("BOT_AI_GAMES_PER_USER", "-1"),
                      ("BOT_LOBBY_DAYS", "week"), ("BOT_ABSENT_WAIT_HOURS", "a day")):
        with pytest.raises(ValueError, match=name):
            Settings.from_env({name: bad})
