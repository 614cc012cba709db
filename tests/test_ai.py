"""The built-in AI plays every registered game through the contract alone."""

from __future__ import annotations

import pytest

from games.ai import choose_move, reward
from games.errors import SetupError
from games.registry import all_games, get_game
from tests.play import random_game


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.name)
def test_random_level_plays_legal_moves_reproducibly(game):
    state = game.new_game(game.min_players)
    seat = min(game.to_act(state))
    first = choose_move(game, state, seat, "random", seed=5)
    assert first in game.legal_moves(state, seat)
    assert choose_move(game, state, seat, "random", seed=5) == first


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.name)
def test_mcts_level_returns_a_legal_move_and_is_reproducible_with_a_playout_budget(game):
    state = random_game(game, game.max_players, seed=2)[0][20]
    seat = min(game.to_act(state))
    move = choose_move(game, state, seat, "mcts", seed=1, playouts=30, seconds=60)
    assert move in game.legal_moves(state, seat)
    assert choose_move(game, state, seat, "mcts", seed=1, playouts=30, seconds=60) == move


def test_mcts_finds_the_only_winning_move():
    """Last black stick, full rim: closing the red corner (f7-g7) wins 3-0; any other stick ties 0-0."""
    from games.minoa import board, rules
    from games.minoa.notation import parse_line

    minoa = get_game("minoa")
    data = minoa.state_to_json(minoa.new_game(2))
    lines = [rules.EMPTY] * 156
    for i, rim in enumerate(board.RIM_CYCLE):
        lines[rim] = rules.COLOUR + (0 if i < 2 else i % 2)  # e9-f8 and f8-g7 red, the rest mixed
    for stick in ("e8-e9", "e8-f7"):
        lines[parse_line(stick)] = rules.BLACK
    data.update(lines=lines, pieces_left=[0, 0], black_supply=1)
    state = minoa.state_from_json(data)
    move = choose_move(minoa, state, 0, "mcts", seed=3, playouts=400, seconds=60)
    assert minoa.format_move(state, move) == "f7-g7"
    assert minoa.result(minoa.apply(state, 0, move)[0]).ranks == [1, 2]


def test_unknown_level_is_refused():
    minoa = get_game("minoa")
    with pytest.raises(SetupError, match="Unknown AI level"):
        choose_move(minoa, minoa.new_game(2), 0, "grandmaster")


def test_reward_is_one_for_the_winner_and_zero_for_the_last():
    minoa = get_game("minoa")
    final = random_game(minoa, 3, seed=4)[0][-1]
    ranks = minoa.result(final).ranks
    gains = reward(minoa, final)
    assert gains[ranks.index(1)] == 1.0 and gains[ranks.index(max(ranks))] == 0.0


def test_margin_shares_rank_by_lead_and_gain_prior_counts_the_lead_a_move_adds():
    from games.core import gain_prior, margin_shares

    shares = margin_shares([30, 20, 10], 10.0)
    assert shares[0] > 0.5 > shares[1] > shares[2] and abs(margin_shares([5, 5], 3.0)[0] - 0.5) < 1e-9
    assert margin_shares([60, 0], 8.0)[0] > margin_shares([10, 0], 8.0)[0]  # a big win beats a narrow one
    minoa = get_game("minoa")
    state = minoa.new_game(2)
    moves = minoa.legal_moves(state, 0)
    assert gain_prior(minoa, state, 0, moves, minoa.scores) == [0] * len(moves)  # nothing claims at once


def test_a_finished_playout_counts_the_margin_as_well_as_the_rank():
    from games.ai import playout_value

    minoa = get_game("minoa")
    final = random_game(minoa, 2, seed=4)[0][-1]
    ranks = minoa.result(final).ranks
    value = playout_value(minoa, final, minoa.evaluate(final))
    winner = ranks.index(1)
    assert 0.5 < value[winner] < 1.0 and value[1 - winner] < 0.5
    assert playout_value(minoa, final, None) == reward(minoa, final)


def test_the_search_orders_moves_on_determinized_states_only(monkeypatch):
    """Madeira's prior reads every seat's pirates (its estimated score), which only a
    determinized state may hold for the other seats: the search never hands it the real state."""
    madeira = get_game("madeira")
    real = random_game(madeira, 2, seed=3)[0][40]
    seat = min(madeira.to_act(real))
    given = []
    original = type(madeira).move_prior

    def recording(self, state, who, moves):
        given.append(state)
        return original(self, state, who, moves)

    monkeypatch.setattr(type(madeira), "move_prior", recording)
    choose_move(madeira, real, seat, "normal", seed=1, playouts=30, seconds=60)
    assert given and all(state is not real for state in given)
