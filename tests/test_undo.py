"""Taking back a move: at once, with consent, never past a draw or a secret, never in a rated
tournament game; the state and private views after an undo are those before the move."""

from __future__ import annotations

import asyncio
import random

import pytest

from bot.host import Host, HostError, RepeatedUndo, Store
from bot.host.undo import answer, plan, request, undo
from games.registry import get_game
from tests.test_history import finished_game

pytestmark = pytest.mark.usefixtures("backend")  # every test on SQLite and on PostgreSQL (tests/conftest.py)

ALICE, BOB, CAROL = 101, 102, 103
GAMES = ["minoa", "medina", "middle_ages", "madeira", "masume_yakyu", "mafia_de_cuba"]


def run(coro):
    async def closing():
        try:
            return await coro
        finally:
            for store in list(OPEN):
                await store.close()
            OPEN.clear()
    return asyncio.run(asyncio.wait_for(closing(), 240))


OPEN: list = []


async def started(tmp_path, game_name="minoa", players=2, ai=0):
    store = await Store.open(tmp_path / "db.sqlite3")
    OPEN.append(store)
    host = Host(store, seed_source=lambda: 77, ai_playouts=10, ai_seconds=2)
    table = await host.open_lobby(guild_id=1, channel_id=10, owner_id=ALICE, owner_name="alice",
                                  game_name=game_name, num_players=players, options={})
    for user, name in [(BOB, "bob"), (CAROL, "carol"), (104, "dave"), (105, "erin"), (106, "frank")][: players - 1 - ai]:
        table = await host.join(table.id, user, name)
    for _ in range(ai):
        table = await host.add_ai(table.id, ALICE, "random")
    return host, await host.start(table.id, ALICE)


async def move(host, table, pick=None):
    seat = min(host.waiting_on(table), key=lambda s: s.seat)
    legal = host.legal_notations(table, seat.user_id)
    return await host.play(table.id, seat.user_id, (pick or random.Random(table.version)).choice(legal),
                           version=table.version)


def views(host, table):
    game, state = host.game(table), host.state(table)
    return [game.view(state, s) for s in range(table.num_players)], \
        [game.private_view(state, s) for s in range(table.num_players)]


@pytest.mark.parametrize("game_name", GAMES)
def test_an_undo_restores_the_state_and_every_view_or_is_refused_after_a_draw(tmp_path, game_name):
    """In every game: each of a player's moves is either taken back (the position, the public and
    private views are those before it) or, when it drew or revealed something, refused."""
    async def scenario():
        host, table = await started(tmp_path, game_name, players=max(3, get_game(game_name).min_players))
        undone = refused = 0
        for _ in range(40):
            if table.status != "active":
                break
            before, seen = table.state, views(host, table)
            mover = min(host.waiting_on(table), key=lambda s: s.seat).user_id
            moved = await move(host, table)
            if moved.status != "active":  # the game ended with it: nothing left to take back
                break
            game = host.game(moved)
            drew = game.reveals(host.state(table), min(host.seats_of(moved, mover)), host.state(moved))
            try:
                back, done = await undo(host, moved.id, mover)
            except HostError as error:
                assert error.key == "undo.revealed" and drew
                refused += 1
                table = moved
                continue
            assert not drew and back.state == before and views(host, back) == seen
            assert back.version == moved.version + 1 and len(done.taken) == 1
            assert (await host.store.moves(back.id))[-1:] == (await host.store.moves(table.id))[-1:]
            undone += 1
            table = await move(host, back, pick=random.Random(1000 + back.version))  # play on another way
        assert undone > 0
        if game_name == "madeira":
            assert refused > 0, "Madeira rolls dice on some moves"
        await host.store.close()
    run(scenario())


def test_after_someone_else_moved_the_others_must_agree(tmp_path):
    async def scenario():
        host, table = await started(tmp_path, players=3)
        start = table.state
        table = await move(host, table)  # alice
        table = await move(host, table)  # bob
        with pytest.raises(HostError) as needs:
            await undo(host, table.id, ALICE)
        assert needs.value.key == "undo.needs_consent"
        asked_plan = await plan(host, table, ALICE)
        assert asked_plan.consent == [BOB, CAROL] and len(asked_plan.taken) == 2
        table, _ = await request(host, table.id, ALICE)
        with pytest.raises(HostError, match="must answer your request"):
            await answer(host, table.id, ALICE, table.version, True)
        with pytest.raises(HostError, match="not playing"):
            await answer(host, table.id, 999, table.version, True)
        table, done, missing = await answer(host, table.id, BOB, table.version, True)
        assert done is None and missing == [CAROL] and table.state != start
        table, done, missing = await answer(host, table.id, CAROL, table.version, True)
        assert done is not None and missing == [] and table.state == start
        assert await host.store.moves(table.id) == []
        assert table.settings["undone"][-1]["moves"] == [[m.seat, m.notation] for m in done.taken]
        assert "undo_request" not in table.settings
        await host.store.close()
    run(scenario())


def test_a_decline_or_a_new_move_ends_the_request(tmp_path):
    async def scenario():
        host, table = await started(tmp_path, players=2)
        table = await move(host, table)
        table = await move(host, table)
        table, _ = await request(host, table.id, ALICE)
        table, done, _ = await answer(host, table.id, BOB, table.version, False)
        assert done is None and table.settings.get("undo_request") is None
        with pytest.raises(HostError, match="out of date"):
            await answer(host, table.id, BOB, table.version, True)
        table, _ = await request(host, table.id, ALICE)
        version = table.version
        table = await move(host, table)  # alice plays on instead
        with pytest.raises(HostError, match="out of date"):
            await answer(host, table.id, BOB, version, True)
        await host.store.close()
    run(scenario())


def test_an_ais_reply_is_taken_back_with_the_move_without_asking(tmp_path):
    async def scenario():
        host, table = await started(tmp_path, players=2, ai=1)
        start = table.state
        table = await move(host, table)
        assert await host.play_ai(table.id) is not None
        table = await host.table(table.id)
        table, done = await undo(host, table.id, ALICE)
        assert table.state == start and len(done.taken) == 2 and done.consent == []
        await host.store.close()
    run(scenario())


def test_no_undo_in_a_rated_tournament_game_unless_allowed_nor_in_a_finished_game(tmp_path):
    async def scenario():
        host, table = await started(tmp_path, players=2)
        table = await move(host, table)
        await host.store.update_setting(table.id, ("tournament",), lambda _: 1)
        await host.store.update_setting(table.id, ("rated",), lambda _: True)
        with pytest.raises(HostError, match="tournament"):
            await undo(host, table.id, ALICE)
        await host.store.update_setting(table.id, ("undo_allowed",), lambda _: True)
        table, _ = await undo(host, table.id, ALICE)
        with pytest.raises(RepeatedUndo) as again:  # at once again: sent twice, and nothing more to take back
            await undo(host, table.id, ALICE)
        assert again.value.move is None
        with pytest.raises(HostError, match="not moved yet"):
            await undo(host, table.id, BOB)
        with pytest.raises(HostError, match="not playing"):
            await undo(host, table.id, 999)
        await host.store.close()
        (tmp_path / "f").mkdir()
        host, finished = await finished_game(tmp_path / "f", "minoa", players=2)
        with pytest.raises(HostError, match="not being played"):
            await undo(host, finished.id, ALICE)
        await host.store.close()
    run(scenario())
