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
