"""Grid baseball's live per-choice timer on the host (the generic rule-deadline support): when a
player's time runs out the host plays what the rules name (the batter takes; the AI picks the
defence's card and target), once, with the version check; a timer of 0 (play-by-post) sets none."""

from __future__ import annotations

import asyncio

from bot.host import Host, Store


def run(coro):
    return asyncio.run(asyncio.wait_for(coro, 60))


class Clock:
    def __init__(self) -> None:
        self.now = 2_000_000.0

    def __call__(self) -> float:
        return self.now


async def started(host: Host, options: dict):
    table = await host.open_lobby(guild_id=1, channel_id=10, owner_id=101, owner_name="alice",
                                  game_name="masume_yakyu", num_players=2, options=options)
    table = await host.join(table.id, 102, "bob")
    table = await host.start(table.id, 101)
    # both batting orders are set before the game: no timer on them (every seat acts as it likes)
    while host.rule_deadline(table) is None and table.status == "active":
        seat = min(host.waiting_on(table), key=lambda s: s.seat)
        legal = host.legal_notations(table, seat.user_id)
        choice = "order auto" if "order auto" in legal else legal[0]
        table = await host.play(table.id, seat.user_id, choice, version=table.version)
    return table


def test_a_players_time_runs_out_and_the_host_plays_for_them_once(tmp_path):
    async def scenario():
        clock = Clock()
        store = await Store.open(tmp_path / "db.sqlite3")
        host = Host(store, clock=clock, seed_source=lambda: 11, ai_workers=0)
        try:
            table = await started(host, {"timer": 20, "innings": 1})
            due, limit = host.rule_deadline(table)
            assert due == clock.now + 20 and set(limit.moves) == set(host.game(table).to_act(host.state(table)))
            assert await host.play_deadline(table.id, table.version) is None  # not yet
            played = 0
            for _ in range(6):  # several decisions in a row run out: card, target, the batter's take...
                clock.now += 21
                after = await host.play_deadline(table.id, table.version)
                assert after is not None and after.version > table.version
                assert await host.play_deadline(table.id, table.version) is None  # once only
                moves = await store.moves(table.id, after_version=table.version)
                assert moves and all(m.events[0]["key"] == "deadline.played" for m in moves)
                played += len(moves)
                table = after
                if host.rule_deadline(table) is None:
                    break
            assert played >= 3
            takes = [m for m in await store.moves(table.id) if m.notation == "take"]
            assert takes, "a batter who ran out of time takes the pitch"
        finally:
            await store.close()
    run(scenario())


def test_no_timer_in_play_by_post(tmp_path):
    async def scenario():
        store = await Store.open(tmp_path / "db.sqlite3")
        host = Host(store, clock=Clock(), seed_source=lambda: 11, ai_workers=0)
        try:
            table = await host.open_lobby(guild_id=1, channel_id=10, owner_id=101, owner_name="alice",
                                          game_name="masume_yakyu", num_players=2, options={"innings": 1})
            table = await host.join(table.id, 102, "bob")
            table = await host.start(table.id, 101)
            assert host.rule_deadline(table) is None and await host.deadline_tables() == []
        finally:
            await store.close()
    run(scenario())
