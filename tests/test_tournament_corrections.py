"""Corrections (issue 29, point 4): an organiser corrects an earlier round's result (standings and
tie-breaks follow, pairings made stay, a bracket match only while what it fed is unplayed), and
pairs the current round again before any of its games has a result or, on the host, a move."""

from __future__ import annotations

import asyncio

import pytest

import tournaments as T
from bot.host import Host, HostError, Store
from bot.host.tournaments import TournamentService, state_of


def swiss(n=6, rounds=3, fmt="swiss", **options):
    t = T.new_tournament(T.Settings.make("medina", fmt, rounds=rounds, **options))
    for i in range(n):
        t = T.add_entrant(t, f"p{i}", f"P{i}", rating=float(n - i))
    return T.start(t)


def play_round(t, winner_first=True):
    t, rnd = T.pair_next_round(t)
    t = T.begin_round(t)
    for table in rnd.tables:
        t = T.record_result(t, table.number, places=[1, 2] if winner_first else [2, 1])
    return t


def test_a_corrected_earlier_result_moves_the_standings_and_tie_breaks_and_keeps_the_pairings():
    t = play_round(play_round(swiss()))
    t, rnd3 = T.pair_next_round(t)
    before = {row.entrant: (row.points, row.tie_breaks["buchholz"]) for row in T.standings(t)}
    table = t.rounds[0].tables[0]
    a, b = table.entrants
    fixed = T.correct_result(t, 1, table.number, [2, 1], "wrong result reported")
    after = {row.entrant: (row.points, row.tie_breaks["buchholz"]) for row in T.standings(fixed)}
    assert after[a][0] == before[a][0] - 1 and after[b][0] == before[b][0] + 1
    # Buchholz of everyone who met a or b changes with their points
    met_a = {o for r in t.rounds for tb in r.tables if a in tb.entrants for o in tb.entrants if o != a}
    assert any(after[o][1] != before[o][1] for o in met_a)
    corrected = fixed.rounds[0].tables[0]
    assert corrected.places == [2, 1] and corrected.corrected == [1, 2] and corrected.reason == "wrong result reported"
    # the pairings already made (round 3 too) stay as they were
    assert [[tb.entrants for tb in r.tables] for r in fixed.rounds] == [[tb.entrants for tb in r.tables] for r in t.rounds]
    assert T.Tournament.from_json(fixed.to_json()).to_json() == fixed.to_json()


@pytest.mark.parametrize("call, key", [
    (lambda t: T.correct_result(t, 9, 1, [2, 1], "x"), "tournament.error.no_round"),
    (lambda t: T.correct_result(t, 1, 99, [2, 1], "x"), "tournament.error.no_table"),
    (lambda t: T.correct_result(t, 1, 1, [1, 2], "x"), "tournament.error.same_result"),
    (lambda t: T.correct_result(t, 1, 1, [2, 1], "  "), "tournament.error.no_reason"),
    (lambda t: T.correct_result(t, 1, 1, [3, 1], "x"), "tournament.error.bad_places"),
    (lambda t: T.correct_result(t, 2, 1, [2, 1], "x"), "tournament.error.not_decided"),
])
def test_a_correction_is_refused_with_a_reason_and_changes_nothing(call, key):
    t = play_round(swiss())
    t, _ = T.pair_next_round(t)
    t = T.begin_round(t)
    snapshot = t.to_json()
    with pytest.raises(T.TournamentError) as raised:
        call(t)
    assert raised.value.key == key
    assert t.to_json() == snapshot


def test_a_bracket_match_is_corrected_only_while_the_match_it_fed_is_unplayed():
    t = T.new_tournament(T.Settings.make("medina", "single_elimination"))
    for i in range(4):
        t = T.add_entrant(t, f"p{i}", f"P{i}", rating=float(4 - i))
    t = T.start(t)
    t, rnd = T.pair_next_round(t)
    t = T.begin_round(t)
    t = T.record_result(t, 1, places=[1, 2])
    first_winner = t.rounds[0].tables[0].entrants[0]
    # the other semi-final is still being played: the final is not paired, the correction goes in
    fixed = T.correct_result(t, 1, 1, [2, 1], "the loser had won")
    assert fixed.match("W2-1").sides[0] == fixed.rounds[0].tables[0].entrants[1] != first_winner
    fixed = T.record_result(fixed, 2, places=[1, 2])
    fixed, final = T.pair_next_round(fixed)
    assert first_winner not in final.tables[0].entrants
    with pytest.raises(T.PhaseError) as raised:  # the final is paired now
        T.correct_result(fixed, 1, 1, [1, 2], "changed my mind")
    assert raised.value.key == "tournament.error.correct_too_late"


def test_the_current_round_is_paired_again_without_a_player_withdrawn_meanwhile():
    t = play_round(swiss(n=7))
    t, rnd = T.pair_next_round(t)
    t = T.begin_round(t)
    gone = rnd.tables[0].entrants[0]
    t = T.drop(t, gone)
    again = T.unpair_round(t)
    assert len(again.rounds) == 1 and again.entrant(gone).dropped_from == 2
    again, rnd = T.pair_next_round(again)
    seated = [e for tb in rnd.tables for e in tb.entrants] + rnd.byes
    assert gone not in seated and len(seated) == 6
    t = T.record_result(t, 1, places=[1, 2])
    with pytest.raises(T.PhaseError) as raised:
        T.unpair_round(t)
    assert raised.value.key == "tournament.error.repair_results"


def test_the_host_pairs_again_only_before_any_move_and_a_correction_moves_the_standings(tmp_path):
    async def scenario():
        store = await Store.open(tmp_path / "db.sqlite3")
        try:
            host = Host(store, seed_source=lambda: 7, ai_playouts=4, ai_seconds=1, ai_workers=0)
            service = TournamentService(host)
            row = await service.create(guild_id=1, channel_id=10, owner_id=9, game="minoa", format="swiss",
                                       options={"rounds": 2, "rated": False})
            for user in (101, 102, 103, 104):
                await service.join(row.id, user, f"player {user}")
            row, _ = await service.start(row.id)
            links = [k for k in await store.tournament_links(row.id) if k.status == "active"]
            assert len(links) == 2
            await service.drop(row.id, "104")  # 104's game is handed to an AI; before any move
            # 104's table (if the AI has not moved yet) and the other are closed and paired again
            assert not [m for k in links for m in await store.moves(k.table_id)]
            row = await service.repair(row.id)
            active = [k for k in await store.tournament_links(row.id) if k.status == "active"]
            cancelled = [k for k in await store.tournament_links(row.id) if k.status == "cancelled"]
            assert len(cancelled) == 2 and len(active) == 1  # three players left: one table, one bye
            assert state_of(row).rounds[0].byes and "104" not in state_of(row).rounds[0].tables[0].entrants
            # someone moves: no more pairing again
            active = [k for k in await store.tournament_links(row.id) if k.status == "active"]
            table = await host.table(active[0].table_id)
            seat = host.waiting_on(table)[0]
            if seat.is_ai:
                await host.play_ai(table.id)
            else:
                await host.play(table.id, seat.user_id, host.legal_notations(table, seat.user_id)[0],
                                version=table.version)
            with pytest.raises(HostError) as raised:
                await service.repair(row.id)
            assert raised.value.key == "tourney.repair_moved"
        finally:
            await store.close()

    asyncio.run(asyncio.wait_for(scenario(), 120))


@pytest.mark.usefixtures("backend")  # on SQLite and on PostgreSQL (tests/conftest.py)
def test_a_correction_rates_the_server_again_from_the_corrected_game_on(tmp_path):
    from tests.test_tournament_host import play_out

    async def scenario():
        store = await Store.open(tmp_path / "db.sqlite3")
        try:
            host = Host(store, seed_source=lambda: 11, ai_playouts=4, ai_seconds=1, ai_workers=0)
            service = TournamentService(host)
            row = await service.create(guild_id=1, channel_id=10, owner_id=9, game="minoa", format="swiss",
                                       options={"rounds": 2})
            people = (101, 102, 103, 104)
            for user in people:
                await service.join(row.id, user, f"player {user}")
            row, _ = await service.start(row.id)

            async def play_next() -> None:
                link = next(k for k in await store.tournament_links(row.id) if k.status == "active")
                await play_out(host, link.table_id)

            for _ in range(3):  # round 1, and one game of round 2
                await play_next()
            t = state_of(await service.get(row.id))
            assert t.status == "running" and len(t.rounds) == 2
            table = t.rounds[0].tables[0]
            flipped = [2, 1] if table.places == [1, 2] else [1, 2]
            row = await service.correct(row.id, 1, table.number, flipped, "scored the wrong way round")
            await play_next()  # the last game, rated after the correction
            t = state_of(await service.get(row.id))
            assert t.status == "finished" and t.rounds[0].tables[0].places == flipped

            # the order the games were rated in, from the history; the corrected game is gone from it
            links = {k.table_id: (k.round, k.number) for k in await store.tournament_links(row.id)}
            order = sorted({(at, table_id) for user in people
                            for _, table_id, _, _, _, at in await store.rating_history(1, "minoa", user)})
            assert [links[table_id] for _, table_id in order].count((1, 1)) == 0 and len(order) == 3
            # an independent replay of the other games, in that order, from no rating at all
            expected: dict[str, T.Rating] = {}
            for _, table_id in order:
                expected.update(T.rate_game(expected, T.rating_seats(t, *links[table_id])))
            stored = await store.ratings(1, "minoa")
            assert set(stored) == {int(p) for p in expected}
            for player, rating in expected.items():
                mu, sigma, games = stored[int(player)]
                assert (mu, sigma, games) == (pytest.approx(rating.mu), pytest.approx(rating.sigma), rating.games)
        finally:
            await store.close()

    asyncio.run(asyncio.wait_for(scenario(), 120))
