"""Every interaction lands once, at the host: an undo sent twice takes back one move, a button
clicked twice plays once, the move builder is bound to the acting seat's decision (not the
table's version), and the resign confirmation lives in storage, not in the button's id."""

from __future__ import annotations

import asyncio

import pytest

from bot.host import Host, HostError, RepeatedUndo, Store
from bot.host.undo import answer, request, undo
from games.mafia_de_cuba import GAME as MAFIA
from tests.test_undo import ALICE, BOB, CAROL, OPEN, move, run, started

pytestmark = pytest.mark.usefixtures("backend")  # every test on SQLite and on PostgreSQL (tests/conftest.py)


async def alice_vs_ai(tmp_path, moves: int = 2):
    """Alice and an AI at Minoa, Alice's ``moves`` moves each answered by the AI."""
    host, table = await started(tmp_path, players=2, ai=1)
    for _ in range(moves):
        table = await move(host, table)
        assert await host.play_ai(table.id) is not None
        table = await host.table(table.id)
    return host, table


def test_two_typed_undos_at_once_take_back_one_move_and_offer_the_one_before(tmp_path):
    async def scenario():
        host, table = await alice_vs_ai(tmp_path)
        before = await host.store.moves(table.id)
        results = await asyncio.gather(undo(host, table.id, ALICE), undo(host, table.id, ALICE),
                                       return_exceptions=True)
        done = [r for r in results if not isinstance(r, BaseException)]
        (repeat,) = [r for r in results if isinstance(r, BaseException)]
        assert len(done) == 1 and len(done[0][1].taken) == 2  # Alice's move and the AI's reply
        assert await host.store.moves(table.id) == before[:2]
        assert isinstance(repeat, RepeatedUndo) and repeat.move == before[0].version  # her move before it
        # The button it offers takes back that one, once.
        table, again = await undo(host, table.id, ALICE, move=repeat.move)
        assert [m.version for m in again.taken] == [m.version for m in before[:2]]
        with pytest.raises(HostError, match="already been taken back"):
            await undo(host, table.id, ALICE, move=repeat.move)
        await host.store.close()
    run(scenario())


def test_an_undo_button_takes_back_its_own_move_once(tmp_path):
    async def scenario():
        host, table = await alice_vs_ai(tmp_path)
        mine = [m for m in await host.store.moves(table.id) if m.seat == 0]
        with pytest.raises(HostError, match="earlier move"):  # not her latest move any more
            await undo(host, table.id, ALICE, move=mine[0].version)
        results = await asyncio.gather(*(undo(host, table.id, ALICE, move=mine[1].version) for _ in range(2)),
                                       return_exceptions=True)
        (refused,) = [r for r in results if isinstance(r, BaseException)]
        assert isinstance(refused, HostError) and refused.key == "undo.already_done"
        assert len(await host.store.moves(table.id)) == 2
        # A typed /undo right after it is a repeat too; after a move it is not.
        with pytest.raises(RepeatedUndo):
            await undo(host, table.id, ALICE)
        table = await move(host, await host.table(table.id))
        table, done = await undo(host, table.id, ALICE)
        assert len(done.taken) == 1
        await host.store.close()
    run(scenario())


def test_a_request_is_made_once_and_a_second_accept_is_already_done(tmp_path):
    async def scenario():
        host, table = await started(tmp_path, players=2)
        table = await move(host, table)
        table = await move(host, table)
        table, _ = await request(host, table.id, ALICE)
        with pytest.raises(HostError, match="already asked"):
            await request(host, table.id, ALICE)
        asked = table.version
        table, done, _ = await answer(host, table.id, BOB, asked, True)
        assert done is not None
        with pytest.raises(HostError, match="already been taken back"):
            await answer(host, table.id, BOB, asked, True)
        await host.store.close()
    run(scenario())


def test_a_play_button_clicked_twice_plays_once(tmp_path):
    async def scenario():
        host, table = await started(tmp_path, players=3)
        legal = host.legal_notations(table, ALICE)
        results = await asyncio.gather(*(host.play(table.id, ALICE, legal[0], version=table.version) for _ in range(2)),
                                       return_exceptions=True)
        (refused,) = [r for r in results if isinstance(r, BaseException)]
        assert isinstance(refused, HostError) and refused.key == "play.already_done"
        # another move at that version, or an old version, is just stale
        with pytest.raises(HostError, match="moved on"):
            await host.play(table.id, ALICE, legal[1], version=table.version)
        decision, legal = await host.decision_of(await host.table(table.id), BOB)
        results = await asyncio.gather(*(host.play(table.id, BOB, legal[0], decision=decision) for _ in range(2)),
                                       return_exceptions=True)
        (refused,) = [r for r in results if isinstance(r, BaseException)]
        assert isinstance(refused, HostError) and refused.key == "play.already_done"
        assert len(await host.store.moves(table.id)) == 2
        with pytest.raises(HostError, match="moved on"):  # Bob's decision is made: another move of it is stale
            await host.play(table.id, BOB, legal[1], decision=decision)
        with pytest.raises(HostError, match="not playing"):  # a forged seat
            await host.play(table.id, BOB, legal[1], decision=type(decision)(0, 0, decision.digest))
        await host.store.close()
    run(scenario())


def test_the_builder_survives_other_seats_testimony_in_mafia(tmp_path):
    async def scenario():
        host, table = await started(tmp_path, "mafia_de_cuba", players=6, ai=4)
        human = BOB  # seat 1; Alice (seat 0) is the Godfather
        while MAFIA.state_from_json(table.state).phase != "testimony":
            acting = host.waiting_on(table)
            if any(s.is_ai for s in acting):
                table = await host.play_ai(table.id)
                continue
            seat = acting[0]
            legal = host.legal_notations(table, seat.user_id)
            table = await host.play(table.id, seat.user_id, next(n for n in legal if not n.startswith("bag")))
        decision, legal = await host.decision_of(table, human)
        assert decision.seat == 1 and "claim 3 1" in legal
        while len(host.waiting_on(table)) > 1:  # every AI seat testifies meanwhile
            table = await host.play_ai(table.id)
        assert [s.seat for s in host.waiting_on(table)] == [1]
        assert await host.check_decision(table, human, decision) == legal  # still Bob's decision
        table = await host.play(table.id, human, "claim 3 1", decision=decision)
        assert MAFIA.state_from_json(table.state).phase == "accuse"
        with pytest.raises(HostError, match="already played claim 3 1"):
            await host.play(table.id, human, "claim 3 1", decision=decision)
        with pytest.raises(HostError, match="moved on"):
            await host.check_decision(table, human, decision)
        await host.store.close()
    run(scenario())


def test_a_resignation_needs_its_stored_confirmation(tmp_path):
    async def scenario():
        now = [1000.0]
        store = await Store.open(tmp_path / "db.sqlite3")
        OPEN.append(store)
        host = Host(store, clock=lambda: now[0], seed_source=lambda: 77)
        table = await host.open_lobby(guild_id=1, channel_id=10, owner_id=ALICE, owner_name="alice",
                                      game_name="minoa", num_players=3, options={})
        for user, name in ((BOB, "bob"), (CAROL, "carol")):
            table = await host.join(table.id, user, name)
        table = await host.start(table.id, ALICE)
        far = 10 ** 12
        with pytest.raises(HostError, match="expired"):  # a forged id: no /resign was asked
            await host.confirm_resign(table.id, ALICE, far)
        until = await host.ask_resign(table.id, ALICE)
        assert until == 1060
        for user, at in ((ALICE, far), (ALICE, None), (BOB, until)):  # another id, an old id, another user
            with pytest.raises(HostError, match="expired"):
                await host.confirm_resign(table.id, user, at)
        await host.drop_resign(table.id, ALICE)  # Cancel
        with pytest.raises(HostError, match="expired"):
            await host.confirm_resign(table.id, ALICE, until)
        until = await host.ask_resign(table.id, ALICE)
        now[0] += 61
        with pytest.raises(HostError, match="expired"):
            await host.confirm_resign(table.id, ALICE, until)
        assert (await host.table(table.id)).status == "active" and not (await host.table(table.id)).seats[0].is_ai
        until = await host.ask_resign(table.id, ALICE)
        table = await host.confirm_resign(table.id, ALICE, until)
        assert table.seats[0].is_ai and table.settings["resigned"] == [0]
        with pytest.raises(HostError, match="already resigned"):
            await host.confirm_resign(table.id, ALICE, until)
        with pytest.raises(HostError, match="not playing"):
            await host.ask_resign(table.id, 999)
        await store.close()
    run(scenario())
