"""Masume Yakyu's AI levels: ``easy`` is the old randomised ``mixed`` policy; ``normal`` and
``hard`` play the situation (bunts only with runners on and fewer than 2 out, steals and running
decisions by the odds of the challenge, targets away from the batter's best reply, pitching
changes on stamina) and beat ``easy``. The bench (``bench/masume_yakyu.py``) prints the full table."""

from __future__ import annotations

import pytest

from games.ai import choose_move
from games.masume_yakyu import GAME as game
from games.masume_yakyu import ai as easy_ai
from games.masume_yakyu import tactics
from games.masume_yakyu.data import TEAMS
from games.masume_yakyu.grid import parse_cell
from games.masume_yakyu.state import ADVANCE, BAT, CARD, Move
from games.rng import Rng
from tests.test_masume_yakyu_render import started

SEEDS = range(24)


def at_bat(state, target: str = "C3", card: int = 1):
    """The pitch is in (``card`` aimed at ``target``): the batter's turn."""
    state.card, state.target, state.phase = card, parse_cell(target), BAT
    return state


def test_levels_and_the_old_name():
    assert game.ai_levels == ("easy", "normal", "hard")
    assert game.resolve_level("mixed") == "easy" and game.resolve_level("mcts") == "normal"
    state = at_bat(started())
    for seed in SEEDS:  # easy is the randomised policy exactly
        assert choose_move(game, state, 0, "easy", seed=seed) == easy_ai.choose(game, state, 0, Rng(seed))


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_bunts_only_with_runners_on_and_fewer_than_two_out(level):
    for bases, outs in (([None, None, None], 0), ([0, None, None], 2), ([0, 1, None], 2)):
        for target in ("B4", "C4", "D5", "C2"):
            state = started()
            state.bases, state.outs, state.up = bases, outs, [8, 0]  # the weak no. 9 bats
            state = at_bat(state, target, card=7)
            moves = {choose_move(game, state, 0, level, seed=seed).kind for seed in SEEDS}
            assert "bunt" not in moves, (bases, outs, target)


def test_the_easy_level_still_bunts_with_the_bases_empty():
    """What the situational levels fixed (issue 27: 2,100 bunts with the bases empty)."""
    state = at_bat(started(), "C4", card=7)
    assert any(choose_move(game, state, 0, "easy", seed=seed).kind == "bunt" for seed in range(200))


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_steals_by_the_count_and_the_odds_of_the_challenge(level):
    def steals(slot: int, outs: int, balls: int, strikes: int) -> int:
        state = at_bat(started(), "B4", card=7)
        state.bases, state.outs, state.balls, state.strikes, state.up = [slot, None, None], outs, balls, strikes, [4, 0]
        return sum(choose_move(game, state, 0, level, seed=seed).steal for seed in SEEDS)

    slugger, leadoff = 3, 0  # no. 4 (speed C) and no. 1 (speed A) on 1st
    assert steals(slugger, 0, 0, 0) == 0  # the odds are against him
    assert steals(leadoff, 0, 0, 0) >= len(SEEDS) // 2  # they are with him
    assert steals(leadoff, 0, 3, 0) == 0  # the batter takes ball four: he walks to 2nd
    # two out and two strikes: a strikeout ends the inning anyway, so even the slugger may go
    assert steals(slugger, 2, 3, 2) > 0


def test_running_decisions_go_when_the_odds_pay():
    """A single with two out: the runner now on 3rd may try for home (the batter is on 1st)."""
    def decides(slot: int, mod: int) -> Move:
        state = started()
        state.outs, state.phase, state.bases = 2, ADVANCE, [4, None, slot]
        state.queue = [{"kind": "extra", "base": 2, "mod": mod, "slot": slot}]
        return choose_move(game, state, 0, "normal", seed=1)

    assert decides(0, 0) == Move("go")  # no. 1, speed A: safe 26 times in 36
    assert decides(3, 1) == Move("hold")  # no. 4, speed C, against a strong throw: 10 in 36


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_the_pitcher_aims_where_the_batters_best_reply_does_worst(level):
    state = started()
    state.phase, state.card, state.up = "target", 1, [3, 0]  # the straight to the slugger
    sit = tactics.Situation(state)
    soft = tactics.SOFTNESS[level]
    values = tactics._pitch_values(sit, 1, tactics._replies(state, sit, soft))
    assert max(values) == values[parse_cell("C3")]  # down the middle concedes most
    for seed in SEEDS:  # drawn among the targets that concede least, never the heart of the zone
        target = choose_move(game, state, 1, level, seed=seed).arg
        assert values[target] <= min(values) + 0.02, (seed, target)


def test_a_tired_pitcher_is_relieved_before_an_at_bat():
    state = started()
    state.phase = CARD
    state.hand[1], state.removed[1] = [1, 2, 3], 5  # the ace has lost five of his eight cards
    move = choose_move(game, state, 1, "normal", seed=1)
    relievers = {p.number: len(p.cards) for p in TEAMS["red"].pitchers}
    assert move.kind == "change" and relievers[move.arg] == max(n for k, n in relievers.items() if k != 1)
    state.hand[1], state.removed[1] = list(TEAMS["red"].pitcher(1).cards), 0  # fresh: he pitches
    assert choose_move(game, state, 1, "normal", seed=1).kind == "card"


def test_the_stamina_removal_keeps_the_most_varied_hand():
    state = started()
    state.phase, state.discard_team = "discard", 1
    state.hand[1] = [1, 2, 3, 7]  # straight, two-seam (1 arm side), shoot (2 arm side), fork (2 down)
    assert choose_move(game, state, 1, "normal", seed=1) == Move("discard", 2)


def test_the_situational_level_beats_the_easy_one():
    wins = 0
    for seed in range(10):
        team = seed % 2  # seats swapped
        state = game.new_game(2, {"innings": 1}, seed)
        ply = 0
        while game.to_act(state):
            seat = min(game.to_act(state))
            level = "normal" if seat == team else "easy"
            state, _ = game.apply(state, seat, choose_move(game, state, seat, level, seed=seed * 1000 + ply))
            ply += 1
        wins += game.result(state).ranks[team] == 1
    assert wins >= 8
