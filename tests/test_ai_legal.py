"""The AI only plays legal moves, in every game, at every level (issue 25): a Masume Yakyu table
against ``mcts`` logged ``"starter 13" is not legal now`` after the AI's ``order 2``, because the
search's root took the moves of another seat acting at the same time. A determinized state never
changes the deciding seat's own knowledge or choices; a move refused anyway is logged with the
table and the position, and the AI chooses again on the real state."""

from __future__ import annotations

import asyncio
import logging

import pytest

from bot.host import Host, Store
from games.ai import choose_move
from games.registry import all_games, get_game
from games.rng import Rng
from tests.play import play, random_positions

GAMES = sorted(all_games(), key=lambda g: g.name)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_every_ai_level_plays_a_legal_move_of_the_real_state(game):
    for players, seed in ((game.min_players, 1), (game.max_players, 2)):
        for ply, state in enumerate(random_positions(game, players, seed, 6)):
            for seat in sorted(game.to_act(state)):
                legal = game.legal_moves(state, seat)
                for level in game.ai_levels:
                    move = choose_move(game, state, seat, level, seed=ply, playouts=8, seconds=30)
                    assert move in legal, (game.name, players, ply, seat, level, game.format_move(state, move))


def test_mcts_chooses_its_own_batting_order_while_the_other_team_names_its_starter():
    """The reported table: the person's lineup is complete, the AI has placed one batter."""
    game = get_game("masume_yakyu")
    state, _ = play(game, game.new_game(2, {}, 3), "0 auto", "1 order 2")
    assert game.to_act(state) == {0, 1}
    move = choose_move(game, state, 1, "mcts", seed=1, playouts=20, seconds=30)
    assert move in game.legal_moves(state, 1) and move.kind in ("order", "auto")


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_determinize_keeps_the_seats_own_knowledge_turn_and_choices(game):
    for players in range(game.min_players, game.max_players + 1):
        for ply, state in enumerate(random_positions(game, players, players, 25)):
            for seat in range(players):
                other = game.determinize(state, seat, Rng(ply * 31 + seat))
                assert game.view(other, seat) == game.view(state, seat), (game.name, players, ply, seat)
                assert game.to_act(other) == game.to_act(state)
                assert game.legal_moves(other, seat) == game.legal_moves(state, seat)


def test_an_ai_move_refused_anyway_is_logged_and_the_ai_moves_again_on_the_real_state(tmp_path, caplog):
    async def scenario():
        store = await Store.open(tmp_path / "db.sqlite3")
        try:
            host = Host(store, seed_source=lambda: 3, ai_playouts=5, ai_seconds=30, ai_workers=0)
            table = await host.open_lobby(guild_id=1, channel_id=10, owner_id=101, owner_name="alice",
                                          game_name="masume_yakyu", num_players=2, options={})
            table = await host.add_ai(table.id, 101, "mcts")
            table = await host.start(table.id, 101)
            searched, wrong = host.ai.choose, ["starter 13"]  # refused once: a fresh search moves

            async def failing(*args, **kwargs):
                return wrong.pop(0) if wrong else await searched(*args, **kwargs)

            host.ai.choose = failing
            moved = await host.play_ai(table.id)
            assert moved.version == table.version + 1 and (await store.moves(table.id))[-1].seat == 1
            wrong += ["order 99", "order 99"]  # refused twice: a random legal move of the real state
            again = await host.play_ai(table.id)
            assert again.version == moved.version + 1 and (await store.moves(table.id))[-1].seat == 1
            return table.id
        finally:
            await store.close()

    with caplog.at_level(logging.ERROR, logger="bot.host.host"):
        table_id = asyncio.run(asyncio.wait_for(scenario(), 120))
    refusals = [r.getMessage() for r in caplog.records if "refused" in r.getMessage()]
    assert len(refusals) == 3
    assert all(f"table {table_id} (masume_yakyu, version" in m and "seat 1" in m and "(normal)" in m
               and '"phase": "lineup"' in m for m in refusals)
    assert "'starter 13'" in refusals[0] and "'order 99'" in refusals[-1]
