"""Tournaments on the host (no Discord) on a real SQLite file: rounds opened as game tables,
results recorded when games finish, ratings, and restarts in the middle of a round."""

from __future__ import annotations

import asyncio

import pytest

import tournaments as T
from bot.host import Host, HostError, Store
from bot.host.store import MIGRATIONS
from bot.host.tournaments import TournamentService, state_of

pytestmark = pytest.mark.usefixtures("backend")  # every test on SQLite and on PostgreSQL (tests/conftest.py)

ORGANISER = 900
PEOPLE = [101, 102, 103, 104]


def run(coro):
    return asyncio.run(asyncio.wait_for(coro, 120))


async def open_service(path) -> TournamentService:
    host = Host(await Store.open(path), seed_source=lambda: 4321, ai_playouts=4, ai_seconds=1, ai_workers=0)
    return TournamentService(host)


async def play_out(host: Host, table_id: int) -> None:
    """People play their first legal move, AI seats their own, until the game ends."""
    while True:
        table = await host.table(table_id)
        if table.status != "active":
            return
        seat = host.waiting_on(table)[0]
        if seat.is_ai:
            await host.play_ai(table_id)
        else:
            await host.play(table_id, seat.user_id, host.legal_notations(table, seat.user_id)[0], version=table.version)


async def active_tables(service: TournamentService, tournament_id: int, round_number: int | None = None):
    return [link for link in await service.store.tournament_links(tournament_id)
            if link.status == "active" and (round_number is None or link.round == round_number)]


async def new_event(service, *, game="minoa", format="swiss", people=PEOPLE, ai=4, **options):
    row = await service.create(guild_id=1, channel_id=10, owner_id=ORGANISER, game=game, format=format,
                               options=options)
    for user in people:
        await service.join(row.id, user, f"player {user}")
    if ai:
        await service.add_ai(row.id, ai)
    return row


def test_a_swiss_event_runs_from_sign_up_to_the_end_and_rates_every_game(tmp_path):
    async def scenario():
        service = await open_service(tmp_path / "db.sqlite3")
        row = await new_event(service, rounds=3)
        with pytest.raises(T.EntryError):
            await service.join(row.id, PEOPLE[0], "again")
        row, refused = await service.start(row.id)
        assert refused == []
        t = state_of(row)
        assert t.status == "running" and t.current_round.status == "playing"
        links = await active_tables(service, row.id, 1)
        assert len(links) == 4  # 8 entrants, two per table
        for link in links:
            table = await service.host.table(link.table_id)
            players = T.table_seats(t, 1, link.number)
            assert [s.user_id for s in table.seats] == [None if p.startswith("ai:") else int(p) for p in players]
            assert table.settings["tournament"] == row.id and table.settings["rated"] is True
        played = 0
        while state_of(await service.get(row.id)).status == "running":
            (link, *_) = await active_tables(service, row.id)
            await play_out(service.host, link.table_id)
            played += 1
        t = state_of(await service.get(row.id))
        assert t.status == "finished" and played == 12 and len(t.rounds) == 3
        met = [frozenset(table.entrants) for rnd in t.rounds for table in rnd.tables]
        assert len(met) == len(set(met))  # no rematch in a Swiss of 8 over 3 rounds
        assert all(table.places for rnd in t.rounds for table in rnd.tables)
        # every game between two people changed both ratings; games against an AI rate nobody
        human_games = {p: 0 for p in PEOPLE}
        for rnd in t.rounds:
            for table in rnd.tables:
                if not any(e.startswith("ai:") for e in table.entrants):
                    for e in table.entrants:
                        human_games[int(e)] += 1
        ratings = await service.store.ratings(1, "minoa")
        assert {u: ratings[u][2] for u in ratings} == {u: n for u, n in human_games.items() if n}
        history = await service.store.rating_history(1, "minoa", PEOPLE[0])
        assert len(history) == human_games[PEOPLE[0]]
        await service.store.close()
    run(scenario())


def test_a_round_whose_games_all_finished_while_the_bot_was_down_moves_on_at_resume(tmp_path):
    async def scenario():
        db = tmp_path / "db.sqlite3"
        service = await open_service(db)
        row = await new_event(service, rounds=2)
        await service.start(row.id)
        first, *rest = await active_tables(service, row.id, 1)
        await play_out(service.host, first.table_id)  # recorded as it ends
        assert len(state_of(await service.get(row.id)).current_round.tables[0].games) == 1
        await service.store.close()

        # The bot is down; the other games still end (e.g. another process's commits).
        host = Host(await Store.open(db), seed_source=lambda: 1, ai_playouts=4, ai_seconds=1, ai_workers=0)
        for link in rest:
            await play_out(host, link.table_id)
        await host.store.close()

        service = await open_service(db)
        t = state_of(await service.get(row.id))
        assert len(t.rounds) == 1 and sum(1 for tb in t.rounds[0].tables if tb.decided) == 1
        assert await service.resume() == [row.id]
        t = state_of(await service.get(row.id))
        assert t.rounds[0].status == "done" and len(t.rounds) == 2 and t.current_round.status == "playing"
        assert len(await active_tables(service, row.id, 2)) == 4
        unrated = await service.store.unrated_tables()
        assert unrated == []  # the games finished while down were rated at resume
        assert await service.resume() == [row.id]  # a second resume changes nothing
        assert len(state_of(await service.get(row.id)).rounds) == 2
        assert len(await service.store.tournament_links(row.id)) == 8
        await service.store.close()
    run(scenario())


def test_a_stop_between_opening_a_table_and_dealing_it_is_finished_at_resume(tmp_path):
    async def scenario():
        db = tmp_path / "db.sqlite3"
        service = await open_service(db)
        row = await new_event(service, rounds=1)
        # start stored, tables not opened yet (the process stopped right after)
        await service._change(row.id, T.start)
        await service.store.close()
        service = await open_service(db)
        await service.resume()
        assert len(await active_tables(service, row.id, 1)) == 4
        await service.store.close()
    run(scenario())


def test_multiplayer_tables_of_medina_with_a_drop_and_an_adjudication(tmp_path):
    async def scenario():
        service = await open_service(tmp_path / "db.sqlite3")
        row = await new_event(service, game="medina", format="swiss_tables", people=PEOPLE[:3], ai=6,
                              table_size=3, rounds=2)
        await service.start(row.id)
        links = await active_tables(service, row.id, 1)
        assert len(links) == 3
        t = state_of(await service.get(row.id))
        # a player is dropped: an AI finishes their game, recorded as abandoned (placed last)
        dropped = str(PEOPLE[0])
        mine = next(link for link in links if dropped in T.table_seats(t, 1, link.number))
        await service.drop(row.id, dropped)
        table = await service.host.table(mine.table_id)
        assert table.settings["dropped"] and all(s.user_id != PEOPLE[0] for s in table.seats)
        await play_out(service.host, mine.table_id)
        t = state_of(await service.get(row.id))
        decided = t.rounds[0].table(mine.number)
        assert decided.games[0].abandoned == [dropped]
        assert decided.places[decided.entrants.index(dropped)] == 3
        # the organiser adjudicates another table: its game is cancelled, the reason kept
        other = next(link for link in links if link.number != mine.number)
        with pytest.raises(T.ResultError):
            await service.adjudicate(row.id, other.number, [1, 2], "too few places")
        await service.adjudicate(row.id, other.number, [1, 2, 3], "a player's connection died")
        assert (await service.host.table(other.table_id)).status == "cancelled"
        for link in await active_tables(service, row.id, 1):
            await play_out(service.host, link.table_id)
        t = state_of(await service.get(row.id))
        assert t.rounds[0].table(other.number).reason == "a player's connection died"
        assert len(t.rounds) == 2 and all(dropped not in tb.entrants for tb in t.rounds[1].tables)
        assert sum(len(tb.entrants) for tb in t.rounds[1].tables) + len(t.rounds[1].byes) == 8
        # the adjudicated game is not rated; the abandoned one rated only the dropped player
        assert other.table_id not in {r[1] for u in PEOPLE for r in await service.store.rating_history(1, "medina", u)}
        await service.cancel(row.id)
        assert await active_tables(service, row.id) == []
        with pytest.raises(T.PhaseError):
            await service.start(row.id)
        with pytest.raises(HostError):
            await service.get(12345)
        await service.store.close()
    run(scenario())


def test_a_rated_game_outside_tournaments_is_rated_once_and_a_resigning_player_counts_as_abandoning(tmp_path):
    async def scenario():
        db = tmp_path / "db.sqlite3"
        service = await open_service(db)
        host = service.host
        table = await host.open_lobby(guild_id=1, channel_id=10, owner_id=101, owner_name="a", game_name="medina",
                                      num_players=3, options={}, settings={"rated": True})
        await host.join(table.id, 102, "b")
        await host.join(table.id, 103, "c")
        await host.start(table.id, 101)
        await host.resign(table.id, 103)  # an AI takes the seat; the others play on
        await play_out(host, table.id)
        ratings = await service.store.ratings(1, "medina")
        assert set(ratings) == {103} and ratings[103][0] < 25  # only the abandoning player's rating changes
        await service.store.close()
        service = await open_service(db)
        await service.resume()
        assert (await service.store.ratings(1, "medina")) == ratings  # not rated twice
        unrated = await service.host.open_lobby(guild_id=1, channel_id=10, owner_id=101, owner_name="a",
                                                game_name="minoa", num_players=2, options={})
        await service.host.join(unrated.id, 102, "b")
        await service.host.start(unrated.id, 101)
        await play_out(service.host, unrated.id)
        assert await service.store.ratings(1, "minoa") == {}
        await service.store.close()
    run(scenario())


def test_the_migration_is_one_entry_at_the_end():
    reason, sql = next((r, s) for r, s in MIGRATIONS if "CREATE TABLE tournaments" in s)
    assert "tournaments" in reason and sql.count("CREATE TABLE") == 5


def test_a_failing_finish_hook_never_fails_the_move_that_ended_the_game(tmp_path):
    async def scenario():
        host = Host(await Store.open(tmp_path / "db.sqlite3"), seed_source=lambda: 7, ai_workers=0)
        seen = []

        async def broken(table):
            seen.append(table.id)
            raise RuntimeError("a hook bug")
        host.finish_hooks.append(broken)
        table = await host.open_lobby(guild_id=1, channel_id=10, owner_id=101, owner_name="a", game_name="minoa",
                                      num_players=2, options={})
        await host.join(table.id, 102, "b")
        await host.start(table.id, 101)
        await play_out(host, table.id)  # the last move commits and is returned as usual
        assert (await host.table(table.id)).status == "finished" and seen == [table.id]
        await host.store.close()
    run(scenario())


def test_a_rated_two_player_game_stores_exactly_what_openskill_gives(tmp_path):
    async def scenario():
        service = await open_service(tmp_path / "db.sqlite3")
        host = service.host
        table = await host.open_lobby(guild_id=5, channel_id=10, owner_id=101, owner_name="a", game_name="minoa",
                                      num_players=2, options={}, settings={"rated": True})
        await host.join(table.id, 102, "b")
        await host.start(table.id, 101)
        await play_out(host, table.id)
        standing = host.standing(await host.table(table.id))
        expected = T.rate_game({}, [T.Seat("101", standing.ranks[0]), T.Seat("102", standing.ranks[1])])
        stored = await service.store.ratings(5, "minoa")
        assert stored == {int(p): (r.mu, r.sigma, 1) for p, r in expected.items()}
        history = await service.store.rating_history(5, "minoa", 101)
        assert [(h[0], h[1], h[4]) for h in history] == [("minoa", table.id, 1)]
        board = await service.leaderboard(5, "minoa")
        assert [row.player for row in board] == sorted(["101", "102"], key=lambda p: -expected[p].ordinal)
        assert all(row.rating.provisional for row in board)
        await service.store.close()
    run(scenario())


def test_a_round_opens_all_its_tables_under_the_production_caps_and_they_are_nobodys_ai_games(tmp_path):
    """With the caps production runs with (Settings.limits(): 3 lobbies and 3 AI games per person,
    20 AI games per server), the organiser at their lobby cap starts an event of 2 people and 64
    AI fill-ins: all 33 tables of round 1 open at once. They count against nobody: the organiser
    and an entrant still start their own AI games, up to the per-person cap, which still holds."""
    from bot.config import Settings

    async def scenario():
        host = Host(await Store.open(tmp_path / "db.sqlite3"), seed_source=lambda: 4321, ai_workers=0,
                    limits=Settings(token="").limits())
        try:
            await play(TournamentService(host))
        finally:  # a failed assertion must not leave PostgreSQL's worker threads running
            await host.store.close()

    async def play(service: TournamentService):
        host = service.host
        own = [await host.open_lobby(guild_id=1, channel_id=10, owner_id=ORGANISER, owner_name="o",
                                     game_name="minoa", num_players=2, options={}) for _ in range(3)]
        with pytest.raises(HostError) as refused:  # at the lobby cap
            await host.open_lobby(guild_id=1, channel_id=10, owner_id=ORGANISER, owner_name="o", game_name="minoa",
                                  num_players=2, options={})
        assert refused.value.key == "limit.lobbies_user"
        row = await new_event(service, people=PEOPLE[:2], ai=64, rounds=1)
        row, refused = await service.start(row.id)
        t = state_of(row)
        assert refused == [] and len(t.current_round.tables) == 33 and t.current_round.byes == []
        assert len(await active_tables(service, row.id, 1)) == 33
        assert await host.store.count_ai_games(owner_id=ORGANISER) == 0
        assert await host.store.count_ai_games(guild_id=1) == 0
        for lobby in own:  # the organiser's own games with an AI, as if the event were not running
            await host.add_ai(lobby.id, ORGANISER, "random")
            await host.start(lobby.id, ORGANISER)
        fourth = await host.open_lobby(guild_id=1, channel_id=10, owner_id=ORGANISER, owner_name="o",
                                       game_name="minoa", num_players=2, options={})
        await host.add_ai(fourth.id, ORGANISER, "random")
        with pytest.raises(HostError) as refused:
            await host.start(fourth.id, ORGANISER)
        assert refused.value.key == "limit.ai_user"  # the cap on people's games holds
        entrant = await host.open_lobby(guild_id=1, channel_id=10, owner_id=PEOPLE[0], owner_name="p",
                                        game_name="minoa", num_players=2, options={})
        await host.add_ai(entrant.id, PEOPLE[0], "random")
        await host.start(entrant.id, PEOPLE[0])
        assert await host.store.count_ai_games(guild_id=1) == 4
    run(scenario())
