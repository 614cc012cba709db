"""Taking back a move: at once, with consent, never past a draw or a secret, never in a rated
tournament game; the state and private views after an undo are those before the move."""

from __future__ import annotations

import asyncio
import random

import pytest

from bot.host import Host, HostError, RepeatedUndo, Store
from bot.host.history import record_text
from bot.host.undo import answer, plan, request, undo
from games.mafia_de_cuba.components import seat_role, stolen
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
            last = (await host.store.moves(moved.id))[-1]
            drew = game.reveals(host.state(table), last.seat, game.parse_move(host.state(table), last.notation),
                                host.state(moved))
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
        if game_name == "mafia_de_cuba":  # the box passes on, testimony is heard, a role is shown
            assert undone == 0 and refused > 0
        else:
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
        asked_at = table.version
        table, done, missing = await answer(host, table.id, CAROL, table.version, True)
        assert done is not None and missing == [] and table.state == start
        assert await host.store.moves(table.id) == []
        assert table.settings["undone"][-1]["moves"] == [[m.seat, m.notation] for m in done.taken]
        assert "undo_request" not in table.settings
        with pytest.raises(HostError) as late:  # a second Accept, after the undo was done
            await answer(host, table.id, BOB, asked_at, True)
        assert late.value.key == "undo.already_done"
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


def test_a_typed_undo_sent_twice_takes_back_one_move_and_offers_the_one_before(tmp_path):
    async def scenario():
        host, table = await started(tmp_path, players=2)
        table = await move(host, table)  # alice
        first = (await host.store.moves(table.id))[-1]
        table, _ = await undo(host, (await move(host, table)).id, BOB)  # bob thinks again (an earlier undo)
        table = await move(host, await move(host, table))  # bob, then alice again
        table, done = await undo(host, table.id, ALICE)
        assert len(done.taken) == 1 and len(await host.store.moves(table.id)) == 2
        with pytest.raises(RepeatedUndo) as again:
            await undo(host, table.id, ALICE)
        assert again.value.move == first.version  # the Undo button it offers: her move before
        assert len(await host.store.moves(table.id)) == 2
    run(scenario())


def test_an_ais_reply_is_taken_back_with_the_move_without_asking(tmp_path):
    async def scenario():
        host, table = await started(tmp_path, players=2, ai=1)
        start = table.state
        table = await move(host, table)
        assert await host.play_ai(table.id) is not None
        table = await host.table(table.id)
        mine, reply = await host.store.moves(table.id)
        table, done = await undo(host, table.id, ALICE, move=mine.version)  # her move's Undo button
        assert table.state == start and len(done.taken) == 2 and done.consent == []
        # the record names who took back what
        assert f"undone after ply 0 by seat 0: 0 {mine.notation}, 1 {reply.notation}" in record_text(host, table, [])
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


async def mafia_until_accusation(tmp_path, players, seed):
    """A Mafia de Cuba table of ``players`` people, alice the Godfather, played at random (every
    henchman silent in the testimony) until the Godfather must accuse; ``None`` when the box's
    round already ended the game."""
    store = await Store.open(tmp_path / f"mafia-{players}-{seed}.sqlite3")
    OPEN.append(store)
    host = Host(store, seed_source=lambda: seed)
    table = await host.open_lobby(guild_id=1, channel_id=10, owner_id=ALICE, owner_name="alice",
                                  game_name="mafia_de_cuba", num_players=players, options={})
    for user in range(ALICE + 1, ALICE + players):
        table = await host.join(table.id, user, f"p{user}")
    table = await host.start(table.id, ALICE)
    pick = random.Random(seed)
    while table.status == "active" and host.state(table).phase != "accuse":
        seat = min(host.waiting_on(table), key=lambda s: s.seat)
        legal = host.legal_notations(table, seat.user_id)
        text = "claim silent" if "claim silent" in legal else pick.choice(legal)
        table = await host.play(table.id, seat.user_id, text)
    return (host, table) if table.status == "active" else None


async def refused(host, table, user_id):
    """The undo is refused because the move told the table something, and changes nothing."""
    with pytest.raises(HostError) as refusal:
        await undo(host, table.id, user_id)
    assert refusal.value.key == "undo.revealed"
    assert (await host.table(table.id)).version == table.version


def test_an_accusations_outcome_testimony_and_questions_are_never_taken_back(tmp_path):
    """Issue 25: the Godfather accused, the table saw "joker" (or a thief out), and /undo took it
    back at once: a free test of a seat. Eight players, several seeds; a henchman's testimony and
    the Godfather's question are statements the table has heard."""
    async def scenario():
        accused = 0
        for seed in range(1, 7):
            reached = await mafia_until_accusation(tmp_path, 8, seed)
            if reached is None:
                continue
            host, table = reached
            state = host.state(table)
            last_claim = (await host.store.moves(table.id))[-1]
            await refused(host, table, table.seats[last_claim.seat].user_id)  # its testimony
            if seed == 1:  # a question and its answer
                target = next(s for s in range(1, 8) if not state.eliminated[s])
                table = await host.play(table.id, ALICE, f"ask {target + 1}")
                await refused(host, table, ALICE)
                table = await host.play(table.id, table.seats[target].user_id, "claim silent")
                await refused(host, table, table.seats[target].user_id)
                state = host.state(table)
            seat = next(s for s in range(1, 8) if seat_role(state, s) != "agent" and not state.eliminated[s])
            table = await host.play(table.id, ALICE, f"accuse {seat + 1}")
            if table.status != "active":
                continue
            assert host.state(table).accusations[-1]["outcome"] in ("joker", "thief")
            await refused(host, table, ALICE)
            accused += 1
        assert accused >= 4
    run(scenario())


def test_accusing_a_thief_at_six_players_is_never_taken_back(tmp_path):
    async def scenario():
        for seed in range(1, 30):
            reached = await mafia_until_accusation(tmp_path, 6, seed)
            if reached is None:
                continue
            host, table = reached
            state = host.state(table)
            thieves = [s for s in range(1, 6) if seat_role(state, s) == "thief"]
            if not thieves or state.recovered + state.takes[thieves[0]][1] >= stolen(state):
                continue  # no thief, or one whose diamonds would end the game
            table = await host.play(table.id, ALICE, f"accuse {thieves[0] + 1}")
            assert host.state(table).eliminated[thieves[0]] and table.status == "active"
            await refused(host, table, ALICE)
            return
        pytest.fail("no seed gave a thief to accuse")
    run(scenario())


def test_a_move_that_told_nobody_anything_is_taken_back_at_once(tmp_path):
    """Minoa has no secrets and no chance: a plain move is still undone at once."""
    async def scenario():
        host, table = await started(tmp_path, "minoa", players=2)
        start, version = table.state, table.version
        table = await move(host, table)
        back, done = await undo(host, table.id, ALICE)
        assert back.state == start and back.version == version + 2 and len(done.taken) == 1
    run(scenario())


def test_a_move_landing_between_the_last_consent_and_the_undo_stands_and_the_undo_is_too_late(tmp_path, monkeypatch):
    """``answer`` checks the request under the table's lock, lets go of it, then undoes: a move
    committed in between (alice plays on instead) stands, and the undo is refused as out of date
    rather than taking back that newer move."""
    import bot.host.undo as undo_module

    async def scenario():
        host, table = await started(tmp_path, players=2)
        table = await move(host, table)  # alice
        table = await move(host, table)  # bob
        table, _ = await request(host, table.id, ALICE)
        real_undo, landed = undo_module.undo, []

        async def after_a_move(host_, table_id, user_id, **kw):
            landed.append(await move(host, await host.table(table_id)))  # alice, meanwhile
            return await real_undo(host_, table_id, user_id, **kw)

        monkeypatch.setattr(undo_module, "undo", after_a_move)
        with pytest.raises(HostError) as late:
            await answer(host, table.id, BOB, table.version, True)
        assert late.value.key == "undo.stale"
        now = await host.table(table.id)
        assert now.version == landed[0].version and now.state == landed[0].state
        assert len(await host.store.moves(table.id)) == 3 and "undone" not in now.settings
    run(scenario())


async def two_processes(tmp_path):
    """Two hosts on one database (two bot processes) and a two-player game alice has moved in."""
    first, table = await started(tmp_path, players=2)
    second_store = await Store.open(tmp_path / "db.sqlite3")
    OPEN.append(second_store)
    second = Host(second_store, seed_source=lambda: 77)
    start = table.state
    table = await move(first, table)
    return first, second, table, start


def meanwhile(monkeypatch, host, action):
    """``host``'s next rewind (the undo's write) runs ``action`` first, as another process would."""
    real_rewind = host.store.rewind

    async def rewind(*args, **kw):
        await action()
        return await real_rewind(*args, **kw)

    monkeypatch.setattr(host.store, "rewind", rewind)


@pytest.mark.parametrize("button", [False, True])
def test_two_processes_taking_back_the_same_move_at_once_take_it_back_once(tmp_path, monkeypatch, button):
    async def scenario():
        first, second, table, start = await two_processes(tmp_path)
        version = table.version if button else None
        meanwhile(monkeypatch, first, lambda: undo(second, table.id, ALICE, move=version))
        with pytest.raises(HostError) as told:
            await undo(first, table.id, ALICE, move=version)
        if button:
            assert told.value.key == "undo.already_done"
        else:
            assert isinstance(told.value, RepeatedUndo) and told.value.move is None
        back = await first.table(table.id)
        assert back.state == start and back.version == table.version + 1 and len(back.settings["undone"]) == 1
        assert await first.store.moves(table.id) == []
    run(scenario())


def test_an_undo_overtaken_by_another_processs_move_is_refused_and_the_move_stands(tmp_path, monkeypatch):
    async def scenario():
        first, second, table, _start = await two_processes(tmp_path)
        landed = []

        async def bob_moves():
            landed.append(await move(second, await second.table(table.id)))

        meanwhile(monkeypatch, first, bob_moves)
        with pytest.raises(HostError) as told:
            await undo(first, table.id, ALICE)
        assert told.value.key == "host.stale" and not isinstance(told.value, RepeatedUndo)
        now = await first.table(table.id)
        assert now.version == landed[0].version and len(await first.store.moves(table.id)) == 2
        assert "undone" not in now.settings
    run(scenario())


def test_after_an_undo_a_restart_knows_whose_turn_it_is(tmp_path):
    """The stored acting seats follow the position the undo went back to: alice's reply and the
    AI's are taken back, so a restart finds no AI turn to play."""
    async def scenario():
        host, table = await started(tmp_path, players=2, ai=1)
        table = await move(host, table)
        assert (await host.resume_work())[1] == [table.id]  # the AI to move
        assert await host.play_ai(table.id) is not None
        table, _ = await undo(host, table.id, ALICE)
        assert host.waiting_on(table)[0].user_id == ALICE
        assert (await host.resume_work())[1] == []
    run(scenario())
