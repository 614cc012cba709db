"""Several bot processes on one database: leases on shared background work, moves and reminders
once each, and a process killed with SIGKILL taken over by another once its leases expire."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

import pytest

from bot.host import Host, HostError, SeatRow, Store
from bot.host.leases import TICK, Leases, holder_name, table_lease, unheld_work
from bot.host.timekeeper import HALF, NINE_TENTHS, handle_due
from tests.multiprocess_worker import background

REPO = Path(__file__).resolve().parent.parent
ALICE, BOB = 101, 102
GAMES = 20


def run(coro, timeout=120):
    return asyncio.run(asyncio.wait_for(coro, timeout))


class Clock:
    def __init__(self, now: float | None = None) -> None:
        self.now = time.time() if now is None else now

    def __call__(self) -> float:
        return self.now


async def pbp_game(host: Host, clock: str = "1d") -> int:
    table = await host.open_lobby(guild_id=1, channel_id=10, owner_id=ALICE, owner_name="alice", game_name="minoa",
                                  num_players=2, options={}, settings={"clock": clock})
    await host.join(table.id, BOB, "bob")
    return (await host.start(table.id, ALICE)).id


async def ai_game(host: Host) -> int:
    """A running game whose seats are all AI (as after both players were dropped)."""
    table_id = await pbp_game(host)
    table = await host.store.get_table(table_id)
    await host.store.replace_seats(table_id, table.version, [SeatRow(0, None, "random", "AI 1"),
                                                             SeatRow(1, None, "random", "AI 2")])
    return table_id


# -- leases, on every backend ------------------------------------------------------------------

@pytest.mark.usefixtures("backend")
def test_a_lease_has_one_holder_until_it_expires_or_is_released(tmp_path):
    async def scenario():
        clock = Clock(1000.0)
        path = tmp_path / "db.sqlite3"
        first_store, second_store = await Store.open(path), await Store.open(path)
        first = Leases(first_store, holder="first", seconds=60, clock=clock)
        second = Leases(second_store, holder="second", seconds=60, clock=clock)
        assert await first.hold(TICK)
        assert not await second.hold(TICK)
        clock.now += 59
        assert await first.hold(TICK)  # renewed: another 60 s from now
        clock.now += 59
        assert not await second.hold(TICK)
        clock.now += 2  # first stopped renewing (it died): expired
        assert await second.hold(TICK)
        assert not await first.hold(TICK)
        await second.release([TICK])
        assert await first.hold(TICK)
        holders = await first_store.lease_holders(TICK)
        assert holders == {TICK: ("first", clock.now + 60)}
        await first_store.close()
        await second_store.close()
    run(scenario())


@pytest.mark.usefixtures("backend")
def test_a_process_restarted_on_its_shards_takes_its_own_leases_back_at_once(tmp_path):
    async def scenario():
        path = tmp_path / "db.sqlite3"
        store = await Store.open(path)
        crashed = Leases(store, holder=holder_name([0, 1]), seconds=60)
        assert await crashed.tables([1, 2]) == {1, 2} and await crashed.hold(TICK)
        other = Leases(store, holder=holder_name([2, 3]), seconds=60)
        assert await other.tables([1, 2]) == set()
        restarted = Leases(store, holder=holder_name([1, 0]), seconds=60)  # same shards, new process
        assert await restarted.tables([1, 2]) == {1, 2} and await restarted.hold(TICK)
        await restarted.release()  # a clean stop lets go of everything
        assert await other.tables([1, 2]) == {1, 2} and await other.hold(TICK)
        assert holder_name(None) == "bot"
        await store.close()
    run(scenario())


@pytest.mark.usefixtures("backend")
def test_a_process_without_a_holder_name_is_one_of_its_own(tmp_path):
    async def scenario():
        store = await Store.open(tmp_path / "db.sqlite3")
        first, second = Leases(store, seconds=60), Leases(store, seconds=60)
        assert first.holder != second.holder and str(os.getpid()) in first.holder
        assert await first.hold(TICK) and not await second.hold(TICK)
        await store.close()
    run(scenario())


@pytest.mark.usefixtures("backend")
def test_background_work_is_what_no_live_process_holds(tmp_path):
    """Tables whose change was not shown and tables whose AI must move, less those another live
    process holds; what is returned is now this process's."""
    async def scenario():
        clock = Clock(1000.0)
        host = Host(await Store.open(tmp_path / "db.sqlite3", clock), clock=clock, ai_workers=0)
        shown_ai, unshown_ai, unshown, held_ai, held = [await ai_game(host) for _ in range(2)] + \
            [await pbp_game(host)] + [await ai_game(host), await pbp_game(host)]
        table = await host.store.get_table(shown_ai)
        await host.mark_announced(shown_ai, table.version)
        other = Leases(host.store, holder="other", seconds=60, clock=clock)
        assert await other.tables([held_ai, held]) == {held_ai, held}
        mine = Leases(host.store, holder="mine", seconds=60, clock=clock)
        to_show, to_move = await unheld_work(host, mine)
        assert to_show == [unshown_ai, unshown] and to_move == [shown_ai, unshown_ai]
        assert await other.tables([shown_ai, unshown_ai, unshown]) == set()  # this process holds them now
        clock.now += 61  # the other process stopped renewing: its work is taken over
        assert await unheld_work(host, mine) == ([unshown_ai, unshown, held_ai, held],
                                                 [shown_ai, unshown_ai, held_ai])
        await host.store.close()
    run(scenario())


@pytest.mark.usefixtures("backend")
def test_two_processes_claiming_the_same_tables_at_once_split_them(tmp_path):
    async def scenario():
        path = tmp_path / "db.sqlite3"
        stores = [await Store.open(path) for _ in range(2)]
        leases = [Leases(store, holder=f"p{n}", seconds=60) for n, store in enumerate(stores)]
        ids = list(range(1, 201))
        got = await asyncio.gather(*(lease.tables(ids) for lease in leases for _ in range(3)))
        first, second = got[0] | got[1] | got[2], got[3] | got[4] | got[5]
        assert not first & second and first | second == set(ids)
        holders = await stores[0].lease_holders("table:")
        assert {holders[table_lease(i)][0] for i in first} <= {"p0"}
        for store in stores:
            await store.close()
    run(scenario())


@pytest.mark.usefixtures("backend")
def test_two_hosts_on_one_database_land_every_move_once_and_send_every_reminder_once(tmp_path):
    """Twenty games; every move is sent to both hosts at once (a click reaching two processes):
    exactly one lands. Then reminders fall due and both hosts look at once: each is sent once."""
    async def scenario():
        clock = Clock()
        path = tmp_path / "db.sqlite3"
        hosts = [Host(await Store.open(path, clock), clock=clock, ai_workers=0) for _ in range(2)]
        tables = [await pbp_game(hosts[n % 2]) for n in range(GAMES)]

        async def move(host: Host, table_id: int, user: int, notation: str):
            try:
                return await host.play(table_id, user, notation)
            except HostError as refused:
                return refused

        for _ in range(4):  # four plies in every game, all games at once
            await hosts[0].store.caught_up()  # PostgreSQL: the other host's commits are noticed
            plays = []
            for table_id in tables:
                table = await hosts[0].table(table_id)
                user = hosts[0].waiting_on(table)[0].user_id
                notation = hosts[0].legal_notations(table, user)[0]
                plays += [move(hosts[0], table_id, user, notation), move(hosts[1], table_id, user, notation)]
            outcomes = await asyncio.gather(*plays)
            for pair in zip(outcomes[::2], outcomes[1::2]):
                assert sum(not isinstance(o, HostError) for o in pair) == 1, pair
        for table_id in tables:
            moves = await hosts[0].store.moves(table_id)
            assert [m.ply for m in moves] == [1, 2, 3, 4]
        clock.now += 0.6 * 86400  # half of every turn's day is used
        due = await asyncio.gather(handle_due(hosts[0], clock.now), handle_due(hosts[1], clock.now))
        sent = Counter((d.table.id, d.stage) for batch in due for d in batch)
        assert sent == Counter({(t, HALF): 1 for t in tables})
        clock.now += 0.35 * 86400
        due = await asyncio.gather(handle_due(hosts[1], clock.now), handle_due(hosts[0], clock.now))
        sent = Counter((d.table.id, d.stage) for batch in due for d in batch)
        assert sent == Counter({(t, NINE_TENTHS): 1 for t in tables})
        for host in hosts:
            await host.store.close()
    run(scenario())


# -- a process killed with SIGKILL, on PostgreSQL ---------------------------------------------

@pytest.fixture
def pg_url(pg_schemas):
    return run(pg_schemas.create("multiprocess"))


@pytest.mark.timeout(480)  # its scenario is given longer than the default limit
def test_a_process_killed_mid_game_is_taken_over_once_its_leases_expire(pg_url):
    """A worker process moves twenty AI games and sends the reminders due, then is killed with
    SIGKILL. This process cannot take its work while the dead one's leases live; once they
    expire it takes everything over: every game goes on with each move landing once (nothing
    the dead process reported lost), every reminder is sent exactly once."""
    lease_seconds = 30.0

    async def setup():
        host = Host(await Store.open(pg_url), ai_workers=0)
        ai_tables = [await ai_game(host) for _ in range(GAMES)]
        pbp_tables = [await pbp_game(host) for _ in range(GAMES)]
        now = time.time()
        for table_id in pbp_tables:  # half of each turn is used now; nine tenths much later
            table = await host.store.get_table(table_id)
            await host.store.update_at(table_id, table.version, half_at=now - 1, late_at=now + 86400)
        await host.store.close()
        return ai_tables, pbp_tables

    ai_tables, pbp_tables = run(setup())
    worker = subprocess.Popen([sys.executable, "-m", "tests.multiprocess_worker", pg_url, "worker",
                               str(lease_seconds), "0.1"], cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              text=True, env={**os.environ, "PYTHONPATH": str(REPO)})
    lines: list[str] = []
    try:
        # Kill it once it sent every reminder due and is in the middle of the AI games.
        while sum(line.startswith("REMINDED") for line in lines) < GAMES or \
                sum(line.startswith("MOVED") for line in lines) < 3 * GAMES:
            line = worker.stdout.readline()
            assert line, f"the worker stopped: {worker.stderr.read()}"
            lines.append(line.split("\n")[0])
        killed_at = time.time()
        worker.send_signal(signal.SIGKILL)
        lines += worker.communicate(timeout=30)[0].splitlines()  # what it printed before it died
    finally:
        if worker.poll() is None:
            worker.kill()
            worker.wait()
    worker_moves = [tuple(map(int, line.split()[1:])) for line in lines if line.startswith("MOVED")]
    worker_reminders = [tuple(map(int, line.split()[1:])) for line in lines if line.startswith("REMINDED")]
    assert Counter(worker_reminders) == Counter({(t, HALF): 1 for t in pbp_tables})

    async def take_over():
        store = await Store.open(pg_url)
        clock = Clock()
        host = Host(store, ai_workers=0, ai_playouts=2, ai_seconds=0.2)
        leases = Leases(store, holder="survivor", seconds=lease_seconds, clock=clock)
        for table_id in pbp_tables:  # nine tenths of each turn is used now
            table = await store.get_table(table_id)
            await store.update_at(table_id, table.version, late_at=clock.now - 1)
        # While the dead process's leases live, its work is not taken.
        held = await store.lease_holders()
        assert held[TICK][0] == "worker"
        expiry = max(until for holder, until in held.values() if holder == "worker")
        assert expiry <= killed_at + lease_seconds  # each lease was renewed at most one lease time ago
        report: list[tuple[str, int, int]] = []
        assert await background(host, leases, report=lambda *words: report.append(words)) == 0
        assert not await leases.hold(TICK)
        # Once they expired, everything is taken over, and nothing done twice.
        clock.now = expiry + 0.001
        for _ in range(5):  # five rounds of the survivor's background work
            await background(host, leases, report=lambda *words: report.append(words))
        reminders = [(t, stage) for kind, t, stage in report if kind == "REMINDED"]
        assert Counter(worker_reminders + reminders) == Counter(
            {**{(t, HALF): 1 for t in pbp_tables}, **{(t, NINE_TENTHS): 1 for t in pbp_tables}})
        taken = Counter(t for kind, t, _v in report if kind == "MOVED")
        assert taken == Counter({t: 5 for t in ai_tables})  # every game goes on, a move a round
        held = await store.lease_holders()
        assert {held[table_lease(t)][0] for t in ai_tables} == {held[TICK][0]} == {"survivor"}
        survivor_moves = [(t, v) for kind, t, v in report if kind == "MOVED"]
        for table_id in ai_tables:
            moves = await store.moves(table_id)
            assert [m.ply for m in moves] == list(range(1, len(moves) + 1))  # one record per move
            versions = [m.version for m in moves]
            assert len(set(versions)) == len(moves)
            # what the dead one reported stands, the survivor's moves follow it, none lost
            reported = sorted(v for t, v in worker_moves + survivor_moves if t == table_id)
            assert set(reported) <= set(versions) and len(reported) == len(set(reported))
            assert versions[-1] == max(reported) == (await store.get_table(table_id)).version
        await store.close()
    run(take_over(), timeout=300)


# -- shards and settings ----------------------------------------------------------------------

def test_shard_settings_are_read_and_checked():
    from bot.config import Settings

    one = Settings.from_env({})
    assert (one.shard_count, one.shard_ids, one.syncs_commands, one.store_target) == (None, None, True, "bot.sqlite3")
    second = Settings.from_env({"BOT_SHARD_COUNT": "4", "BOT_SHARD_IDS": "2-3", "DATABASE_URL": "postgresql://db/bot"})
    assert (second.shard_count, second.shard_ids, second.syncs_commands) == (4, (2, 3), False)
    assert second.store_target == "postgresql://db/bot"
    assert Settings.from_env({"BOT_SHARD_COUNT": "4", "BOT_SHARD_IDS": "0,3"}).syncs_commands
    assert Settings.from_env({"BOT_SHARD_COUNT": "2", "BOT_SHARD_IDS": "1", "BOT_SYNC_COMMANDS": "1"}).syncs_commands
    assert Settings.from_env({"BOT_SHARD_COUNT": "2"}).shard_ids == (0, 1)
    for env, words in [({"BOT_SHARD_IDS": "0"}, "needs BOT_SHARD_COUNT"),
                       ({"BOT_SHARD_COUNT": "2", "BOT_SHARD_IDS": "1-2"}, "outside 0-1"),
                       ({"BOT_SHARD_COUNT": "two"}, "whole number of shards"),
                       ({"BOT_SHARD_COUNT": "2", "BOT_SHARD_IDS": "a"}, "shard ids and ranges"),
                       ({"DATABASE_URL": "sqlite:///bot.db"}, "postgresql:// URL"),
                       ({"BOT_SYNC_COMMANDS": "maybe"}, "1 or 0"),
                       ({"BOT_LEASE_SECONDS": "20"}, "longer than BOT_TICK_SECONDS")]:
        with pytest.raises(ValueError, match=words):
            Settings.from_env(env)


def test_two_processes_on_shard_ranges_share_one_database_and_only_one_registers_commands(pg_url):
    """Two bot processes (shards 0 and 1 of 2) log in to the fake Discord over one PostgreSQL
    database: each identifies with its own shard, and only the one holding shard 0 syncs."""
    from bot.__main__ import run as run_bot
    from bot.config import Settings
    from tests.fakediscord import FakeDiscord

    async def main():
        async with FakeDiscord() as fake:
            with fake.patch_discord():
                processes = [asyncio.create_task(run_bot(Settings(
                    token=fake.token, database_url=pg_url, shard_count=2, shard_ids=(n,), ai_workers=0,
                    tick_seconds=0))) for n in (1, 0)]
                try:
                    await fake.wait_until(lambda: len(fake.live_sessions()) == 2 and fake.commands(), timeout=30,
                                          what="both processes logged in and the commands were registered")
                    # A session is live only after its bot's setup_hook, where commands are synced, returned.
                    shards = sorted(tuple(s.shard) for s in fake.live_sessions())
                    syncs = [r for r in fake.requests if r[0] == "PUT" and r[1].endswith("/commands")]
                finally:
                    for task in processes:
                        task.cancel()
                    await asyncio.gather(*processes, return_exceptions=True)
        return shards, syncs

    shards, syncs = asyncio.run(asyncio.wait_for(main(), 90))
    assert shards == [(0, 2), (1, 2)]
    assert len(syncs) == 1
