"""Masume Yakyu runners (C8), exact results: who scores on a home run, nothing after the third
out, how runners move and push each other, steals of 2nd and 3rd with their modifiers, the die's
faces and the words the events name. The property tests check invariants of random games; these
pin the arithmetic, each from a position built by hand with the dice rigged."""

from __future__ import annotations

from collections import Counter

import pytest

from games.masume_yakyu import hits
from games.masume_yakyu.data import CHALLENGE, COURSES
from games.masume_yakyu.runners import Play, resolve_steal, steal_eligible
from games.messages import Text
from tests.test_masume_yakyu_rules import dice, started  # noqa: F401 - the rigged-dice fixture

# Tatejima bats in the top of the 1st of ``started()``: batting order 1 SS (Run A: +1), 2 LF (B: 0),
# 3 CF (A: +1), 4 1B (C: -1), 5 RF; Samurai 17 fields.
SS, LF, CF, FIRST, RF = 0, 1, 2, 3, 4


def position(bases, outs=0):
    """A fresh play of Tatejima's half-inning with ``bases`` (batting-order slots or None)."""
    state = started()
    state.bases, state.outs = list(bases), outs
    return Play(state.copy())


def runs(play: Play) -> int:
    return play.state.score(play.state.offence)


def scorers(play: Play) -> list[str]:
    return [params["runner"] for key, params, _ in play.events if key == "masume_yakyu.event.run"]


# -- home runs and the third out ---------------------------------------------------------------

@pytest.mark.parametrize("bases,expected", [
    ([None, None, None], ["5 RF"]),
    ([None, None, SS], ["1 SS", "5 RF"]),  # a lone runner on 3rd scores too
    ([SS, None, CF], ["3 CF", "1 SS", "5 RF"]),
    ([SS, LF, CF], ["3 CF", "2 LF", "1 SS", "5 RF"]),  # a grand slam: lead runners first
])
def test_a_home_run_scores_every_runner_and_the_batter(bases, expected):
    play = position(bases)
    hits.apply_cell(play, RF, COURSES["fly"][10], [])
    assert runs(play) == len(expected) and scorers(play) == expected
    assert play.state.bases == [None, None, None] and play.state.outs == 0


def test_a_grounder_for_the_third_out_with_the_bases_loaded_scores_nobody():
    play = position([SS, LF, CF], outs=2)
    assert COURSES["grounder"][2]["result"] == "grounder"
    hits.apply_cell(play, RF, COURSES["grounder"][2], [])
    assert play.state.outs == 3 and play.over
    assert runs(play) == 0 and scorers(play) == []
    assert play.state.bases == [SS, LF, CF]  # the half is over: nobody moved


def test_a_grounder_with_one_out_and_the_bases_loaded_is_a_double_play_that_scores_nobody():
    play = position([SS, LF, CF], outs=1)
    hits.apply_cell(play, RF, COURSES["grounder"][2], [])
    assert play.state.outs == 3 and runs(play) == 0


def test_outs_count_to_three_and_no_further():
    play = position([None, None, None], outs=1)
    assert play.out() is False and play.state.outs == 2 and not play.over
    assert play.out(2) is True and play.state.outs == 3 and play.over


# -- moving runners ----------------------------------------------------------------------------

def test_runners_move_to_their_targets_and_the_others_stay():
    play = position([SS, None, CF])
    play.move({2: 3})  # the runner on 3rd scores; the one on 1st was not sent
    assert play.state.bases == [SS, None, None] and scorers(play) == ["3 CF"]
    play = position([SS, LF, None])
    play.move({1: 2})
    assert play.state.bases == [SS, None, LF] and scorers(play) == []
    play = position([SS, None, None])
    play.move({0: -1})  # never backwards
    assert play.state.bases == [SS, None, None]


def test_a_trailing_runner_pushes_the_lead_runner_one_base_ahead():
    play = position([SS, LF, None])
    play.move({0: 1})  # the runner from 1st takes 2nd: the one there goes on to 3rd
    assert play.state.bases == [None, SS, LF]
    play = position([SS, LF, None])
    play.move({0: 2})  # ... and from 3rd home
    assert play.state.bases == [None, None, SS] and scorers(play) == ["2 LF"]
    play = position([SS, LF, CF])
    play.move({0: 1})  # a chain: each lead runner one base ahead of the one behind him
    assert play.state.bases == [None, SS, LF] and scorers(play) == ["3 CF"]


def test_a_walk_forces_only_the_chain_from_first():
    play = position([SS, None, CF])
    play.force_batter(RF)
    assert play.state.bases == [RF, SS, CF] and runs(play) == 0
    play = position([None, LF, CF])
    play.force_batter(RF)
    assert play.state.bases == [RF, LF, CF]
    play = position([SS, LF, None])
    play.force_batter(RF)
    assert play.state.bases == [RF, SS, LF]
    assert position([SS, LF, CF]).forced() == [0, 1, 2] and position([None, LF, CF]).forced() == []


# -- steals ------------------------------------------------------------------------------------

def challenge_event(play: Play) -> tuple[str, dict]:
    (key, params, _), = [e for e in play.events if "challenge" in e[0]]
    return key.removeprefix("masume_yakyu.event."), params


@pytest.mark.parametrize("group", ["fast", "slow", "other"])
def test_a_steal_of_second_gets_the_pitchs_modifier_alone(group, dice):
    play = position([CF, None, None])
    dice += [3, 5]
    resolve_steal(play, group)
    mod = CHALLENGE["steal_pitch_defence"][group]
    key, params = challenge_event(play)
    assert (params["rdie"], params["rmod"], params["rtotal"]) == (3, "+1", 4)
    assert (params["ddie"], params["dtotal"]) == (5, 5 + mod)
    safe = 4 >= 5 + mod
    assert key == ("challenge_safe" if safe else "challenge_out")
    assert play.state.bases == ([None, CF, None] if safe else [None, None, None])
    assert play.state.outs == (0 if safe else 1)


def test_a_steal_of_third_adds_the_third_base_modifier(dice):
    play = position([None, SS, None])
    dice += [4, 2]  # 4 + 1 (Run A) vs 2 + 1 (fast) + 1 (3rd): safe
    resolve_steal(play, "fast")
    key, params = challenge_event(play)
    assert key == "challenge_safe" and params["dmod"] == "+2" and params["dtotal"] == 4
    assert params["base"] == Text("masume_yakyu.base.2") and params["play"] == Text("masume_yakyu.play.steal")
    assert params["runner"] == "1 SS"
    assert play.state.bases == [None, None, SS] and play.state.outs == 0


def test_a_runner_caught_stealing_is_out_and_the_trailing_runner_stays(dice):
    play = position([CF, SS, None])
    dice += [1, 6]
    resolve_steal(play, "other")
    key, params = challenge_event(play)
    assert key == "challenge_out" and params["runner"] == "1 SS" and params["dmod"] == "+1"
    assert play.state.bases == [CF, None, None] and play.state.outs == 1


def test_with_runners_on_first_and_third_only_the_runner_on_first_steals(dice):
    play = position([CF, None, SS])
    assert steal_eligible(play.state) == [0]
    dice += [6, 1]
    resolve_steal(play, "other")
    _, params = challenge_event(play)
    assert params["runner"] == "3 CF" and params["dmod"] == "+0" and params["base"] == Text("masume_yakyu.base.1")
    assert play.state.bases == [None, CF, SS]


def test_who_steals_follows_the_free_bases():
    assert steal_eligible(position([SS, LF, None]).state) == [0, 1]
    assert steal_eligible(position([SS, LF, CF]).state) == []
    assert steal_eligible(position([None, LF, CF]).state) == []
    assert steal_eligible(position([None, None, CF]).state) == []


def test_a_runner_on_third_alone_does_not_steal(dice):
    play = position([None, None, SS])
    resolve_steal(play, "fast")  # no die is rolled (the rigged dice would refuse one)
    assert play.events == [] and play.state.bases == [None, None, SS]


# -- the die and the words ---------------------------------------------------------------------

def test_the_die_shows_one_to_its_number_of_sides():
    play = position([None, None, None])
    assert set(Counter(play.die() for _ in range(600))) == {1, 2, 3, 4, 5, 6}
    assert set(Counter(play.die(2) for _ in range(100))) == {1, 2}


def test_a_challenge_names_the_runner_and_signs_the_modifiers(dice):
    play = position([None, None, None])
    dice += [2, 2]
    assert not play.challenge(FIRST, 1, "infield", 0)  # 2 - 1 (Run C) vs 2 + 1
    key, params, seats = play.events[-1]
    assert key == "masume_yakyu.event.challenge_out" and seats is None
    assert params == {"runner": "4 1B", "play": Text("masume_yakyu.play.infield"), "base": Text("masume_yakyu.base.0"),
                      "rdie": 2, "rmod": "−1", "ddie": 2, "dmod": "+1", "rtotal": 1, "dtotal": 3}
    assert play.who(0, play.state.defence) == "1 CF"  # the fielding team's order names its own players
