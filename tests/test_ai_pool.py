"""AI searches in worker processes (issue 11): lower priority, JSON in and notation out, a bounded
first-come queue that lets every table take its turn, and moves that land exactly once."""

from __future__ import annotations

import asyncio
import os
import threading
import time

import pytest

from bot.config import Settings
from bot.host import ai_pool, workers
from bot.host.ai_pool import AIBusy, AIPool
from games.registry import get_game
from tests.test_host import ALICE, open_host, run, started


def test_a_search_runs_in_a_worker_process_at_lower_priority_and_returns_legal_notation():
    minoa = get_game("minoa")
    state = minoa.new_game(3, {}, 5)

    async def scenario():
        pool = AIPool(1)
        notation = await pool.choose("minoa", minoa.state_to_json(state), 0, "mcts", seed=1, playouts=30, seconds=2)
        loop = asyncio.get_running_loop()
        executor = ai_pool._executor(1)
        worker_pid = await loop.run_in_executor(executor, os.getpid)
        worker_nice = await loop.run_in_executor(executor, os.nice, 0)
        return notation, worker_pid, worker_nice

    notation, pid, nice = run(scenario())
    assert notation in [minoa.format_move(state, m) for m in minoa.legal_moves(state, 0)]
    assert pid != os.getpid()
    assert nice == min(19, os.nice(0) + workers.WORKER_NICENESS)


def _slow_search(order: list[str]):
    def search(game_name, state_json, seat, level, seed, playouts, seconds):
        time.sleep(0.05)
        order.append(state_json["table"])
        return "done"
    return search


def test_tables_take_turns_and_a_table_with_many_ai_moves_cannot_starve_the_others(monkeypatch):
    order: list[str] = []
    monkeypatch.setattr(ai_pool, "search", _slow_search(order))

    async def scenario():
        pool = AIPool(0)  # one search at a time, in a thread: the order is the queue's

        async def table(name: str, moves: int) -> None:
            for _ in range(moves):  # like the host: the next AI move only after the last landed
                await pool.choose("minoa", {"table": name}, 0, "random", seed=0, playouts=1, seconds=1)

        many = asyncio.create_task(table("A", 3))
        await asyncio.sleep(0.01)  # A's first search is running; B and C ask meanwhile
        await asyncio.gather(many, table("B", 1), table("C", 1))

    run(scenario())
    assert order == ["A", "B", "C", "A", "A"]


def test_a_full_queue_refuses_at_once_and_changes_nothing(monkeypatch):
    release = threading.Event()

    def blocked(*args):
        release.wait(5)
        return "done"

    monkeypatch.setattr(ai_pool, "search", blocked)

    async def scenario():
        pool = AIPool(0, queue_limit=2)
        running = [asyncio.create_task(pool.choose("minoa", {}, 0, "random", seed=0, playouts=1, seconds=1))
                   for _ in range(3)]  # one runs, two wait
        await asyncio.sleep(0.05)
        assert pool.waiting == 2
        with pytest.raises(AIBusy):
            await pool.choose("minoa", {}, 0, "random", seed=0, playouts=1, seconds=1)
        assert pool.waiting == 2 and pool.searches == 1
        release.set()
        assert await asyncio.gather(*running) == ["done"] * 3

    run(scenario())


def test_ai_moves_through_the_pool_land_exactly_once(tmp_path):
    async def scenario():
        host = await open_host(tmp_path / "db.sqlite3", ai_workers=1)
        table = await started(host, players=2, ai=1)
        legal = host.legal_notations(table, ALICE)
        table = await host.play(table.id, ALICE, legal[0])
        # two callers ask at once (a resumed loop and a fresh one): one move lands, the other
        # finds no AI seat to act once it holds the table
        results = await asyncio.gather(host.play_ai(table.id), host.play_ai(table.id))
        after = await host.table(table.id)
        assert after.version == table.version + 1
        assert sum(r is not None for r in results) == 1
        assert host.ai.searches == 1
        moves = await host.store.moves(table.id)
        assert [m.seat for m in moves] == [0, 1]
        await host.store.close()

    run(scenario())


def test_the_number_of_workers_is_a_setting():
    assert Settings.from_env({"BOT_AI_WORKERS": "3"}).ai_workers == 3
    assert Settings.from_env({"BOT_AI_WORKERS": "0"}).ai_workers == 0
    assert Settings.from_env({}).ai_workers is None
    assert AIPool(None).workers == ai_pool.default_workers() >= 1
    with pytest.raises(ValueError, match="BOT_AI_WORKERS"):
        Settings.from_env({"BOT_AI_WORKERS": "many"})


# -- issue 26: people first, budgets that adapt to the queue ------------------------------------------

def _recording_search(calls: list[tuple], release: threading.Event):
    """A search that records (table, playouts, seconds) and, for the table named "first", holds its
    worker until ``release``: the requests made meanwhile queue up."""
    def search(game_name, state_json, seat, level, seed, playouts, seconds):
        calls.append((state_json["table"], playouts, seconds))
        if state_json["table"] == "first":
            release.wait(5)
        return "done"
    return search


async def _queued(pool: AIPool, count: int) -> None:
    for _ in range(200):
        if pool.waiting == count:
            return
        await asyncio.sleep(0.005)
    raise AssertionError(f"{pool.waiting} requests wait, not {count}")


def test_a_persons_request_queued_after_ai_only_ones_is_served_first(monkeypatch):
    calls: list[tuple] = []
    release = threading.Event()
    monkeypatch.setattr(ai_pool, "search", _recording_search(calls, release))

    async def scenario():
        pool = AIPool(0)  # one search at a time: the order is the queue's
        ask = lambda table, for_person: asyncio.create_task(  # noqa: E731
            pool.choose("minoa", {"table": table}, 0, "normal", seed=0, for_person=for_person))
        tasks = [ask("first", False)]
        await asyncio.sleep(0.02)  # "first" holds the worker
        for number, (table, for_person) in enumerate([("machines 1", False), ("machines 2", False),
                                                      ("person 1", True), ("machines 3", False),
                                                      ("person 2", True)], 1):
            tasks.append(ask(table, for_person))
            await _queued(pool, number)
        release.set()
        await asyncio.gather(*tasks)
        return pool.counters

    counters = run(scenario())
    assert [table for table, _, _ in calls] == ["first", "person 1", "person 2", "machines 1", "machines 2",
                                                "machines 3"]
    assert (counters.for_people, counters.for_machines, counters.aged) == (2, 4, 0)


def test_without_priority_the_queue_is_first_come_as_before(monkeypatch):
    calls: list[tuple] = []
    release = threading.Event()
    monkeypatch.setattr(ai_pool, "search", _recording_search(calls, release))

    async def scenario():
        pool = AIPool(0, priority=False, adaptive=False)
        tasks = [asyncio.create_task(pool.choose("minoa", {"table": "first"}, 0, "normal", seed=0, for_person=False))]
        await asyncio.sleep(0.02)
        for number, (table, for_person) in enumerate([("machines", False), ("person", True)], 1):
            tasks.append(asyncio.create_task(pool.choose("minoa", {"table": table}, 0, "normal", seed=0,
                                                         for_person=for_person)))
            await _queued(pool, number)
        release.set()
        await asyncio.gather(*tasks)

    run(scenario())
    full = ai_pool.BUDGETS["normal"]
    assert calls == [("first", *full), ("machines", *full), ("person", *full)]  # full budgets


def test_ai_only_work_that_waited_long_enough_goes_ahead_of_people(monkeypatch):
    calls: list[tuple] = []
    release = threading.Event()
    monkeypatch.setattr(ai_pool, "search", _recording_search(calls, release))
    now = [0.0]

    async def scenario():
        pool = AIPool(0, aging_seconds=30, clock=lambda: now[0])
        tasks = [asyncio.create_task(pool.choose("minoa", {"table": "first"}, 0, "normal", seed=0))]
        await asyncio.sleep(0.02)
        tasks.append(asyncio.create_task(pool.choose("minoa", {"table": "machines"}, 0, "normal", seed=0,
                                                     for_person=False)))
        await _queued(pool, 1)
        now[0] = 10.0  # people's requests arrive later, while the AI-only one ages
        for number, table in enumerate(["person 1", "person 2"], 2):
            tasks.append(asyncio.create_task(pool.choose("minoa", {"table": table}, 0, "normal", seed=0)))
            await _queued(pool, number)
        now[0] = 30.0  # the AI-only request has waited 30 s: it is next
        release.set()
        await asyncio.gather(*tasks)
        return pool.counters

    counters = run(scenario())
    assert [table for table, _, _ in calls] == ["first", "machines", "person 1", "person 2"]
    assert counters.aged == 1


def test_a_cancelled_request_leaves_the_queue_and_the_others_are_served(monkeypatch):
    calls: list[tuple] = []
    release = threading.Event()
    monkeypatch.setattr(ai_pool, "search", _recording_search(calls, release))

    async def scenario():
        pool = AIPool(0)
        first = asyncio.create_task(pool.choose("minoa", {"table": "first"}, 0, "normal", seed=0))
        await asyncio.sleep(0.02)
        gone = asyncio.create_task(pool.choose("minoa", {"table": "gone"}, 0, "normal", seed=0))
        kept = asyncio.create_task(pool.choose("minoa", {"table": "kept"}, 0, "normal", seed=0, for_person=False))
        await _queued(pool, 2)
        gone.cancel()
        await asyncio.gather(gone, return_exceptions=True)
        assert pool.waiting == 1
        release.set()
        await asyncio.gather(first, kept)
        assert pool.waiting == 0 and pool._running == 0

    run(scenario())
    assert [table for table, _, _ in calls] == ["first", "kept"]


def test_the_budget_is_the_levels_own_when_idle_and_shrinks_with_the_queue_to_a_floor():
    for level, (playouts, seconds) in ai_pool.BUDGETS.items():
        idle = ai_pool.budget(level, 0, 1)
        assert (idle.playouts, idle.seconds, idle.share) == (playouts, seconds, 1.0)
        one = ai_pool.budget(level, 1, 1)
        assert one.share == 0.5 and one.seconds == seconds / 2 and one.playouts == max(1, round(playouts / 2))
        assert ai_pool.budget(level, 1, 2).share == pytest.approx(2 / 3)  # two workers share the queue
        shares = [ai_pool.budget(level, behind, 1).share for behind in range(0, 40)]
        assert shares == sorted(shares, reverse=True)  # never more for a longer queue
        floor = ai_pool.budget(level, 20, 1)
        assert floor.share == ai_pool.FLOOR == 0.25
        assert floor.playouts == max(1, round(playouts / 4)) and floor.seconds == seconds / 4
        assert ai_pool.budget(level, 500, 1) == floor
    capped = ai_pool.budget("normal", 0, 1, seconds_cap=0.3)
    assert (capped.playouts, capped.seconds) == (ai_pool.BUDGETS["normal"][0], 0.3)
    assert ai_pool.budget("random", 5, 1) == ai_pool.Budget(None, None)  # no search: nothing to budget


def test_the_pool_gives_each_search_the_budget_of_its_queue(monkeypatch):
    calls: list[tuple] = []
    release = threading.Event()
    monkeypatch.setattr(ai_pool, "search", _recording_search(calls, release))

    async def scenario():
        pool = AIPool(0)
        first = asyncio.create_task(pool.choose("minoa", {"table": "first"}, 0, "hard", seed=0))
        await asyncio.sleep(0.02)
        queued = []
        for number in range(1, 6):  # five people and three AI-only requests wait
            queued.append(asyncio.create_task(pool.choose("minoa", {"table": f"p{number}"}, 0, "hard", seed=0)))
            await _queued(pool, number)
        for number in range(1, 4):
            queued.append(asyncio.create_task(pool.choose("minoa", {"table": f"m{number}"}, 0, "hard", seed=0,
                                                          for_person=False)))
            await _queued(pool, 5 + number)
        release.set()
        await asyncio.gather(first, *queued)
        return pool.counters

    counters = run(scenario())
    hard_playouts, hard_seconds = ai_pool.BUDGETS["hard"]
    budgets = {table: (playouts, seconds) for table, playouts, seconds in calls}
    assert budgets["first"] == (hard_playouts, hard_seconds)  # an idle pool: the named budget
    # people: shrunk for the people behind them (4, 3, 2, 1, 0): floor, floor, 1/3, 1/2, full
    assert [budgets[f"p{n}"][0] for n in range(1, 6)] == [round(hard_playouts * s) for s in (0.25, 0.25, 1 / 3, 0.5, 1)]
    # AI-only work: for the AI-only requests behind it (2, 1, 0)
    assert [budgets[f"m{n}"][0] for n in range(1, 4)] == [round(hard_playouts * s) for s in (1 / 3, 0.5, 1)]
    assert min(seconds for _, seconds in budgets.values()) == hard_seconds * ai_pool.FLOOR
    assert (counters.full, counters.scaled, counters.at_floor) == (3, 4, 2)
    assert counters.budgeted == 9 and counters.last == ai_pool.Budget(hard_playouts, hard_seconds, 1.0)


def test_bot_ai_seconds_is_an_optional_cap_within_a_range():
    assert Settings.from_env({}).ai_seconds_cap is None  # unset: each level's own budget
    assert Settings.from_env({"BOT_AI_SECONDS": " 0.5 "}).ai_seconds_cap == 0.5
    assert Settings.from_env({"BOT_AI_SECONDS": "60"}).ai_seconds_cap == 60
    for bad in ("0", "0.05", "61", "-1", "fast", "nan", "inf"):
        with pytest.raises(ValueError, match=r"BOT_AI_SECONDS must be a number of seconds from 0\.1 to 60 "
                                             r"\(leave it unset for each AI level's own budget\), not '"):
            Settings.from_env({"BOT_AI_SECONDS": bad})


def test_the_host_asks_for_people_first_with_the_levels_budget_capped_by_the_setting(tmp_path, monkeypatch):
    calls: list[tuple] = []
    normal_playouts, normal_seconds = ai_pool.BUDGETS["normal"]
    hard_playouts, hard_seconds = ai_pool.BUDGETS["hard"]
    cap = (normal_seconds + hard_seconds) / 2  # above normal's own seconds, below hard's
    monkeypatch.setattr(ai_pool, "search", lambda game_name, state_json, seat, level, seed, playouts, seconds:
                        calls.append((level, playouts, seconds)) or _first_legal(game_name, state_json, seat))

    async def scenario():
        from bot.host import Host, Store
        from bot.host.store import SeatRow

        host = Host(await Store.open(tmp_path / "db.sqlite3"), seed_source=lambda: 1, ai_workers=0,
                    ai_seconds_cap=cap)
        lobby = await host.open_lobby(guild_id=1, channel_id=10, owner_id=ALICE, owner_name="alice",
                                      game_name="minoa", num_players=2, options={})
        lobby = await host.add_ai(lobby.id, ALICE, "hard")
        person = await host.start(lobby.id, ALICE)
        assert host.seen_by_a_person(person)
        await host.play(person.id, ALICE, host.legal_notations(person, ALICE)[0])
        assert await host.play_ai(person.id) is not None
        # a tournament's fill-ins: every seat an AI's
        lobby = await host.open_lobby(guild_id=1, channel_id=10, owner_id=ALICE, owner_name="alice",
                                      game_name="minoa", num_players=2, options={})
        await host.store.replace_seats(lobby.id, lobby.version, [SeatRow(0, None, "normal", "AI 1"),
                                                                 SeatRow(1, None, "normal", "AI 2")])
        machines = await host.start(lobby.id, ALICE)
        assert not host.seen_by_a_person(machines)
        assert await host.play_ai(machines.id) is not None
        counters = host.ai.counters
        await host.store.close()
        return counters

    counters = run(scenario())
    assert (counters.for_people, counters.for_machines) == (1, 1)
    assert calls == [("hard", hard_playouts, cap),  # hard's own playouts, its seconds capped
                     ("normal", normal_playouts, normal_seconds)]  # an idle pool: normal's own budget


def _first_legal(game_name, state_json, seat):
    game = get_game(game_name)
    state = game.state_from_json(state_json)
    return game.format_move(state, game.legal_moves(state, seat)[0])


def test_each_searchs_budget_is_logged_at_debug(monkeypatch, caplog):
    monkeypatch.setattr(ai_pool, "search", lambda *args: "done")
    playouts, seconds = ai_pool.BUDGETS["normal"]
    with caplog.at_level("DEBUG", logger="bot.host.ai_pool"):
        run(AIPool(0).choose("minoa", {}, 1, "normal", seed=0, for_person=False))
    assert f"AI search for AI-only play (minoa, seat 1, level normal): {playouts} playouts, {seconds} s, " \
           f"100% of the level's budget; 0 waiting" in caplog.text
