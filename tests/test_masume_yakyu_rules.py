"""Masume Yakyu rules: the seed's replayed at-bat, every table of section C, the count, runners,
challenge plays, stamina, pitching changes, innings, Tiebreak, Battery and the per-choice timer."""

from __future__ import annotations

import pytest

from games.errors import IllegalMove, MalformedMove, NotYourTurn, SetupError
from games.masume_yakyu import GAME as game
from games.masume_yakyu import hits
from games.masume_yakyu.data import BUNT, CARDS, CHALLENGE, COURSES, TEAMS, card_name
from games.masume_yakyu.grid import cell_name, final, in_zone, offset, parse_cell, spots
from games.masume_yakyu.runners import Play
from games.masume_yakyu.state import ADVANCE, CARD, DISCARD, OVER, Move


def started(players: int = 2, **options):
    """A game past the lineups (roster order, starters as given or the ace / first allowed)."""
    opts = {"team_a": "tatejima", "team_b": "samurai"} | options
    state = game.new_game(players, opts, seed=3)
    for seat in sorted(game.to_act(state)):
        state, _ = game.apply(state, seat, Move("auto"))
    for seat in sorted(game.to_act(state)):
        state, _ = game.apply(state, seat, game.legal_moves(state, seat)[0])
    assert state.phase == CARD
    return state


@pytest.fixture
def dice(monkeypatch):
    """Rig the dice: a list the test fills, read in order."""
    queue: list[int] = []

    def die(self, sides: int = 6) -> int:
        assert queue, "an unexpected die roll"
        return queue.pop(0)

    monkeypatch.setattr(Play, "die", die)
    return queue


def play(state, seat, text):
    return game.apply(state, seat, game.parse_move(state, text, seat))


def keys(events):
    return [e.key.removeprefix("masume_yakyu.event.") for e in events]


def seed_position():
    """The seed's game in Battery mode: Tatejima (catcher seat 0, pitcher seat 2) leads Samurai 17
    (batter seat 1, runner seat 3) 2-1; top of the 6th, 2 out, runners on 1st and 3rd; Tatejima's
    second pitcher, the left-hander no. 11, against Samurai's right-handed slugger (no. 4, 3B:
    AV B, HR S)."""
    state = started(4, battery=True)
    state.home = 0  # Samurai 17 (team 1) bats in the top
    state.inning, state.half, state.outs = 6, 0, 2
    state.runs = [[0, 1, 0, 1, 0, 0], [0, 0, 1, 0, 0, 0]]
    state.up = [0, 3]
    state.bases = [1, None, 2]
    state.pitcher[0] = 11
    state.hand[0] = list(TEAMS["tatejima"].pitcher(11).cards)
    return state


def test_seed_at_bat_replays_two_long_fouls_then_a_called_third_strike(dice):
    state = seed_position()
    catcher, pitcher, batter, runner = 0, 2, 1, 3
    assert TEAMS["tatejima"].pitcher(11).throws == "L"
    assert game.view(state, None)["batter"]["side"] == "R"
    # Pitch 1: the catcher calls the two-seam; aimed at E2 it runs into the zone at D2, onto the
    # bat's near spot: 3 + 3 + 1 = 7, a long foul.
    dice.append(3)
    state, _ = play(state, catcher, "card 2")
    state, _ = play(state, pitcher, "target E2")
    state, _ = play(state, runner, "stay")
    state, _ = play(state, batter, "swing C2")
    last = state.last
    assert (last["card_name"], last["final"], last["spot"]) == ("twoseam", [3, 1], "near")
    assert (last["die"], last["ba"], last["ca"], last["total"]) == (3, 3, 1, 7)
    assert (last["course"], last["lane"], last["result"]) == ("left", "fly", "long_foul")
    assert (state.balls, state.strikes) == (0, 1)
    # One cell over, the just-meet spot would have met it: 7 up the centre is a deep fly, an out.
    assert COURSES["centre"][7]["result"] == "out" and COURSES["centre"][7]["fielder"] == "deep_cf"
    # Pitch 2: the left-hander's changeup (card 8) drops from C2 to B4, low and away; upper spot:
    # 4 + 3 + 0 = 7, another long foul.
    dice.append(4)
    state, _ = play(state, catcher, "card 8")
    state, _ = play(state, pitcher, "target C2")
    state, _ = play(state, batter, "swing B5")
    state, _ = play(state, runner, "stay")
    last = state.last
    assert (last["card_name"], last["final"], last["spot"]) == ("changeup", [1, 3], "upper")
    assert (last["die"], last["ba"], last["ca"], last["total"], last["result"]) == (4, 3, 0, 7, "long_foul")
    assert (state.balls, state.strikes) == (0, 2)
    # Pitch 3: the slider aimed at A3 ends dead centre; the batter takes: called strike three.
    state, _ = play(state, catcher, "card slider")
    state, _ = play(state, pitcher, "target A3")
    state, _ = play(state, runner, "stay")
    state, events = play(state, batter, "take")
    assert state.last["final"] == [2, 2] and state.last["outcome"] == "strike_called"
    assert "strikeout_called" in keys(events) and "half_over" in keys(events)
    # two left on base, a 0 on the scoreboard; Tatejima's pitcher tires (stamina), then the bottom
    assert state.runs[1][5] == 0 and state.phase == DISCARD and game.to_act(state) == {catcher}
    assert not dice
    # The two-seam or the changeup from A3 would have left the grid away from him.
    assert final(parse_cell("A3"), 2, "L")[0] < 0 and final(parse_cell("A3"), 8, "L")[0] < 0


# -- section C tables -----------------------------------------------------------------------------


def test_pitch_cards_offsets_mirror_and_left_handed_names():
    assert sorted(CARDS) == list(range(1, 13))
    right = {n: offset(n, "R") for n in CARDS}
    assert right == {1: (0, 0), 2: (1, 0), 3: (2, 0), 4: (-1, 0), 5: (-2, 0), 6: (1, 1), 7: (0, 2),
                     8: (-1, 2), 9: (1, 2), 10: (0, -1), 11: (-1, -1), 12: (1, -1)}
    for n in CARDS:
        dx, dy = right[n]
        assert offset(n, "L") == ((-dx if 2 <= n <= 6 else dx), dy)
    assert (card_name(8, "R"), card_name(8, "L"), card_name(9, "R"), card_name(9, "L")) == (
        "curve", "changeup", "changeup", "curve")
    # the left-hander's curve (card 9) breaks to +x, his changeup (card 8) to -x
    assert offset(9, "L") == (1, 2) and offset(8, "L") == (-1, 2)
    assert {CARDS[n].group for n in (7, 8, 9)} == {"slow"} and {CARDS[n].group for n in (1, 10, 11, 12)} == {"fast"}


def test_strike_zone_is_the_central_three_by_three():
    zone = [cell_name(y * 5 + x) for y in range(5) for x in range(5) if in_zone(x, y)]
    assert zone == ["B2", "C2", "D2", "B3", "C3", "D3", "B4", "C4", "D4"]


def test_bat_card_plus_shape_mirrors_for_left_handed_batters():
    c3 = parse_cell("C3")
    assert spots(c3, "R") == [("just", 2, 2), ("upper", 2, 1), ("near", 3, 2), ("lower", 2, 3), ("far", 1, 2)]
    assert spots(c3, "L") == [("just", 2, 2), ("upper", 2, 1), ("near", 1, 2), ("lower", 2, 3), ("far", 3, 2)]
    assert [k for k, *_ in spots(parse_cell("A1"), "R")] == ["just", "near", "lower"]  # off-grid parts drop


def test_courses_spots_and_advantages():
    assert hits.course_of("just", "R") == ("centre", "centre")
    assert hits.course_of("near", "R") == ("left", "fly") and hits.course_of("near", "L") == ("right", "fly")
    assert hits.course_of("lower", "R") == ("left", "grounder")
    assert hits.course_of("upper", "R") == ("right", "fly") and hits.course_of("far", "L") == ("left", "grounder")
    # BA examples of the rules page: catcher C/B/B -> 1 and 1; 1B C/S/C -> 3 and 0; SS B/C/A -> 1 and 3
    from games.masume_yakyu.data import Batter
    for grades, power, contact in (("CBB", 1, 1), ("CSC", 3, 0), ("BCA", 1, 3)):
        batter = Batter(1, "X", grades[0], grades[1], grades[2], "R")
        assert hits.batting_advantage(batter, "just") == power == hits.batting_advantage(batter, "near")
        assert hits.batting_advantage(batter, "far") == contact == hits.batting_advantage(batter, "lower")
    assert [hits.course_advantage(2, y) for y in range(5)] == [-1, 1, 1, 0, -1]
    assert hits.hit_total(6, 3, 1) == 10 and hits.hit_total(1, 0, -1) == 1


def test_teams_have_nine_batters_and_five_pitchers():
    assert len(TEAMS) >= 4
    for team in TEAMS.values():
        assert [b.number for b in team.batters] == list(range(1, 10))
        assert [p.number for p in team.pitchers] == [1, 11, 12, 13, 14]
        assert 7 <= len(team.pitcher(1).cards) <= 8
        for p in team.pitchers:
            assert 1 in p.cards and 5 <= len(p.cards) <= 8 and p.throws in "RL"
        for b in team.batters:
            assert {b.av, b.hr, b.run} <= set("SABC") and b.bats in "RLS"


# One expected outcome per course cell, from 0 out with runners on 1st and 2nd (slots 0 and 1),
# batter slot 2, no end-run runners: (outs, runs, bases, queued running decision kinds).
EXPECTED = {
    ("fly", 1): (0, 0, [0, 1, None], []), ("fly", 2): (1, 0, [0, 1, None], []),
    ("fly", 3): (0, 0, [2, 0, 1], []), ("fly", 4): (1, 0, [0, 1, None], []),
    ("fly", 5): (0, 0, [2, 0, 1], ["extra"]), ("fly", 6): (1, 0, [0, 1, None], []),
    ("fly", 7): (0, 0, [0, 1, None], []), ("fly", 8): (1, 0, [0, 1, None], ["tag"]),
    ("fly", 9): (0, 1, [None, 2, 0], ["extra"]), ("fly", 10): (0, 3, [None, None, None], []),
    ("grounder", 1): (0, 0, [0, 1, None], []), ("grounder", 2): (2, 0, [None, 0, None], []),
    ("grounder", 3): (2, 0, [None, 0, None], []), ("grounder", 4): (0, 0, [2, 0, 1], []),
    ("grounder", 5): (0, 0, [2, 0, 1], []), ("grounder", 6): (0, 0, [2, 0, 1], ["extra"]),
    ("grounder", 7): (0, 0, [0, 1, None], []), ("grounder", 8): (0, 1, [2, 0, None], []),
    ("grounder", 9): (0, 1, [None, 2, 0], []), ("grounder", 10): (0, 1, [None, 2, 0], []),
    ("centre", 1): (1, 0, [0, 1, None], []), ("centre", 2): (2, 0, [None, 0, None], []),
    ("centre", 3): (1, 0, [0, 1, None], []), ("centre", 4): (0, 0, [2, 0, 1], []),
    ("centre", 5): (0, 0, [2, 0, 1], ["extra"]), ("centre", 6): (1, 0, [0, 1, None], []),
    ("centre", 7): (1, 0, [0, 1, None], ["tag"]), ("centre", 8): (0, 1, [2, 0, None], []),
    ("centre", 9): (0, 1, [None, 2, 0], ["extra"]), ("centre", 10): (0, 3, [None, None, None], []),
}


@pytest.mark.parametrize("lane,cell", sorted(EXPECTED))
def test_every_course_cell(lane, cell, dice):
    state = started()
    state.bases = [0, 1, None]
    state.up[state.offence] = 2
    dice += [6, 1]  # infield-hit challenges: the batter wins
    p = Play(state.copy())
    hits.apply_cell(p, 2, COURSES[lane][cell], [])
    outs, runs, bases, queued = EXPECTED[(lane, cell)]
    s = p.state
    assert (s.outs, s.score(s.offence), s.bases, [q["kind"] for q in s.queue]) == (outs, runs, bases, queued)


def test_end_run_runners_take_two_and_are_doubled_off_on_liners():
    state = started()
    state.bases = [0, None, None]
    p = Play(state.copy())
    hits.apply_cell(p, 2, COURSES["fly"][3], [0])  # Texas-leaguer: end-run runner +2
    assert p.state.bases == [2, None, 0]
    p = Play(state.copy())
    hits.apply_cell(p, 2, COURSES["centre"][3], [0])  # liner: the runner is doubled off
    assert p.state.outs == 2 and p.state.bases == [None, None, None]
    p = Play(state.copy())
    hits.apply_cell(p, 2, COURSES["grounder"][2], [0])  # grounder with the runner going: no double play
    assert p.state.outs == 1 and p.state.bases == [None, 0, None]


def test_deep_fly_scores_the_runner_on_third_only_with_fewer_than_two_out():
    state = started()
    state.bases = [None, None, 0]
    p = Play(state.copy())
    hits.apply_cell(p, 1, COURSES["centre"][7], [])
    assert p.state.score(p.state.offence) == 1 and p.state.outs == 1
    state.outs = 2
    p = Play(state.copy())
    hits.apply_cell(p, 1, COURSES["centre"][7], [])
    assert p.state.score(p.state.offence) == 0 and p.state.outs == 3


def test_bunt_table():
    assert BUNT["row_modifier"] == {"0": -1, "1": -1, "2": 0, "3": 1, "4": 1}
    assert hits.bunt_result(1, 2, "just") == (1, "double_play")
    assert hits.bunt_result(1, 3, "just") == (2, "lead_out")
    assert hits.bunt_result(4, 2, "lower") == (4, "sacrifice")
    assert hits.bunt_result(5, 4, "far") == (6, "bunt_single")
    assert hits.bunt_result(6, 3, "upper") == (1, "double_play")  # an upper-spot bunt pops up
    state = started()
    state.bases = [0, 1, None]
    p = Play(state.copy())
    hits.apply_bunt(p, 2, "double_play")  # the seed: 0 out, 1st and 2nd -> 2 out, runner on 2nd
    assert p.state.outs == 2 and p.state.bases == [None, 0, None]
    p = Play(state.copy())
    hits.apply_bunt(p, 2, "sacrifice")
    assert p.state.outs == 1 and p.state.bases == [None, 0, 1]
    p = Play(state.copy())
    hits.apply_bunt(p, 2, "lead_out")
    assert p.state.outs == 1 and p.state.bases == [2, 0, None]


def test_challenge_modifiers_and_ties(dice):
    assert CHALLENGE["run_modifier"] == {"S": 2, "A": 1, "B": 0, "C": -1}
    state = started()  # Tatejima batting order 1: SS, Run A (+1)
    state.home = 1
    p = Play(state.copy())
    dice += [3, 4]
    assert p.challenge(0, 0, "steal", 1)  # 3+1 vs 4: a tie is safe
    dice += [2, 4]
    assert not p.challenge(0, 0, "steal", 1)


def test_steal_on_a_take_and_strikeout_double_play(dice):
    state = started()
    state.home = 1
    state.bases = [0, None, None]
    state.strikes = 2
    state.up = [1, 0]
    dice += [1, 6]  # the steal fails
    state, _ = play(state, 1, "card 1")
    state, _ = play(state, 1, "target C3")
    state, events = play(state, 0, "steal take")
    assert "strikeout_called" in keys(events) and "challenge_out" in keys(events)
    assert state.outs == 2 and state.bases == [None, None, None]


def test_caught_stealing_for_the_third_out_keeps_the_batter_up(dice):
    state = started()
    state.home = 1
    state.bases, state.outs, state.up = [0, None, None], 2, [4, 0]
    dice += [1, 6]
    state, _ = play(state, 1, "card 1")
    state, _ = play(state, 1, "target A1")
    state, events = play(state, 0, "steal take")
    assert "challenge_out" in keys(events) and "half_over" in keys(events)
    assert state.up[0] == 4  # he leads off the next inning


def test_double_steal_challenges_the_lead_runner_with_the_third_base_modifier(dice):
    state = started()
    state.home = 1
    state.bases = [0, 1, None]
    dice += [6, 1]
    state, _ = play(state, 1, "card 7")  # fork: slow group, defence -1, +1 for 3rd
    state, _ = play(state, 1, "target C1")
    state, events = play(state, 0, "steal take")
    challenge = next(e for e in events if e.key.endswith("challenge_safe"))
    assert challenge.params["dmod"] == "+0"
    assert state.bases == [None, 0, 1]


def test_walk_forces_runners(dice):
    state = started()
    state.bases = [0, 1, 2]
    state.balls = 3
    state.up[state.offence] = 3
    state, _ = play(state, state.defence, "card 1")
    state, _ = play(state, state.defence, "target A1")
    state, events = play(state, state.offence, "take")
    assert "walk" in keys(events) and state.score(state.offence) == 1
    assert state.bases == [3, 0, 1]


def test_foul_with_two_strikes_keeps_the_count(dice):
    state = started()
    state.strikes = 2
    dice.append(1)  # near spot, total small: a foul
    d, o = state.defence, state.offence
    state, _ = play(state, d, "card 1")
    state, _ = play(state, d, "target C3")
    side = game.view(state, None)["batter"]["side"]
    anchor = "B3" if side == "R" else "D3"  # near spot on C3
    state, _ = play(state, o, f"swing {anchor}")
    assert state.last["spot"] == "near"
    if state.last["result"] in ("foul", "long_foul"):
        assert state.strikes == 2


def test_dropped_third_strike_lets_the_batter_run(dice):
    state = started()
    state.strikes = 2
    d, o = state.defence, state.offence
    state, _ = play(state, d, "card 7")  # fork from C3 ends at C5, low
    state, _ = play(state, d, "target C3")
    state, _ = play(state, o, "swing A1")
    assert state.phase == ADVANCE and state.queue[0]["kind"] == "dropped"
    assert state.outs == 0
    dice += [6, 1]
    state, _ = play(state, o, "go")
    assert state.bases[0] is not None and state.outs == 0


def test_a_steal_on_a_dropped_third_strike_is_challenged_before_the_batter_runs(dice):
    """C8 settles a steal "when the batter takes or misses": on a dropped third strike too."""
    state = started()
    state.home = 1  # seat 0 bats
    state.bases, state.strikes, state.up = [None, 0, None], 2, [1, 0]
    state, _ = play(state, 1, "card 7")  # fork from C3 ends at C5, low: the catcher drops it
    state, _ = play(state, 1, "target C3")
    dice += [6, 1]  # the steal of 3rd: safe
    state, events = play(state, 0, "steal swing A1")
    steal = next(e for e in events if e.key.endswith("challenge_safe"))
    assert steal.params["play"].key == "masume_yakyu.play.steal"
    assert state.bases == [None, None, 0] and state.outs == 0
    assert state.phase == ADVANCE and state.queue[0]["kind"] == "dropped"
    dice += [6, 1]  # then the batter runs: safe at 1st
    state, _ = play(state, 0, "go")
    assert state.bases == [1, None, 0] and state.outs == 0 and not dice


def test_caught_stealing_on_a_dropped_third_strike_with_two_out_ends_the_half(dice):
    state = started()
    state.home = 1
    state.bases, state.strikes, state.outs, state.up = [0, None, None], 2, 2, [1, 0]
    state, _ = play(state, 1, "card 7")
    state, _ = play(state, 1, "target C3")
    dice += [1, 6]  # thrown out at 2nd: the third out
    state, events = play(state, 0, "steal swing A1")
    assert "challenge_out" in keys(events) and "half_over" in keys(events)
    assert state.up[0] == 2 and not state.queue  # his turn is over; the next batter leads off


def test_ball_four_gives_a_stealing_forced_runner_his_base_without_a_challenge(dice):
    state = started()
    state.home = 1
    state.bases, state.balls, state.up = [0, None, None], 3, [1, 0]
    state, _ = play(state, 1, "card 1")
    state, _ = play(state, 1, "target A1")
    state, events = play(state, 0, "steal take")  # no die may be rolled
    assert "walk" in keys(events) and not any("challenge" in k for k in keys(events))
    assert state.bases == [1, 0, None] and state.outs == 0


def test_ball_four_still_challenges_a_stealing_runner_it_does_not_force(dice):
    state = started()
    state.home = 1
    state.bases, state.balls, state.up = [None, 0, None], 3, [1, 0]
    state, _ = play(state, 1, "card 1")
    state, _ = play(state, 1, "target A1")
    dice += [1, 6]  # the runner on 2nd, not forced, is thrown out at 3rd after the walk
    state, events = play(state, 0, "steal take")
    assert keys(events).index("walk") < keys(events).index("challenge_out")
    assert state.bases == [1, None, None] and state.outs == 1


def test_bunt_foul_off_the_grid_with_two_strikes_is_a_strikeout():
    state = started()
    state.strikes = 2
    d, o = state.defence, state.offence
    state, _ = play(state, d, "card 7")
    state, _ = play(state, d, "target C5")
    state, events = play(state, o, "bunt C4")
    assert "strikeout_bunt" in keys(events) and state.outs == 1


def test_tag_up_decision_goes_to_the_runner(dice):
    state = started()
    state.bases = [None, None, 0]
    p = Play(state.copy())
    hits.apply_cell(p, 1, COURSES["centre"][6], [])
    from games.masume_yakyu import duel
    duel.settle_queue(p)
    state = p.done()
    assert state.phase == ADVANCE and game.to_act(state) == {state.offence}
    assert [str(m.kind) for m in game.legal_moves(state, state.offence)] == ["go", "hold"]
    dice += [6, 1]
    state, _ = play(state, state.offence, "go")
    assert state.score(state.offence) == 1 and state.phase == CARD


# -- stamina, changes, innings ------------------------------------------------------------------


def test_stamina_discard_is_secret_and_pitching_change_restores_the_hand():
    state = started(innings=1)
    state.outs = 2
    d, o = state.defence, state.offence
    state, _ = play(state, d, "card 1")
    state, _ = play(state, d, "target C3")
    state.strikes = 2
    state, _ = play(state, o, "swing A5")
    assert state.phase == DISCARD and game.to_act(state) == {d}
    views = []
    for card in (7, 5):
        after, events = play(state, d, f"discard {card}")
        assert card not in after.hand[d] and after.removed[d] == 1
        views.append(game.view(after, o))
        assert all(str(card) not in str(e.params) for e in events)
    # The offence's view never says which card went.
    assert views[0] == views[1]
    state = after
    # the other side now pitches; it may change pitchers before the first pitch
    d2 = state.defence
    change = [m for m in game.legal_moves(state, d2) if m.kind == "change"]
    assert change
    state, _ = game.apply(state, d2, change[0])
    assert state.pitcher[d2] == change[0].arg and state.removed[d2] == 0
    assert sorted(state.hand[d2]) == list(TEAMS[state.teams[d2]].pitcher(change[0].arg).cards)
    with pytest.raises(IllegalMove):
        play(state, d2, f"change {state.used[d2][0]}")  # a removed pitcher does not return


def test_no_change_in_the_middle_of_an_at_bat():
    state = started()
    state.balls = 1
    assert not [m for m in game.legal_moves(state, state.defence) if m.kind == "change"]


def test_home_team_skips_the_bottom_when_ahead_and_walks_off():
    state = started(innings=1)
    state.runs = [[0], [0]]
    state.runs[state.home][0] = 1
    state.outs = 2
    d, o = state.defence, state.offence
    state.strikes = 2
    state, _ = play(state, d, "card 1")
    state, _ = play(state, d, "target C3")
    state, events = play(state, o, "take")
    assert state.phase == OVER and "game_over" in keys(events)
    assert game.result(state).ranks[state.home] == 1
    # walk-off: bottom of the last inning, tied, bases loaded, ball four
    state = started(innings=1)
    state.half = 1
    state.bases, state.balls = [0, 1, 2], 3
    d, o = state.defence, state.offence
    state, _ = play(state, d, "card 1")
    state, _ = play(state, d, "target A1")
    state, events = play(state, o, "take")
    assert state.phase == OVER and state.score(state.home) == 1


def test_tied_after_regulation_goes_to_extra_innings():
    state = started(innings=1)
    state.half, state.outs, state.strikes = 1, 2, 2
    d, o = state.defence, state.offence
    state, _ = play(state, d, "card 1")
    state, _ = play(state, d, "target C3")
    state, _ = play(state, o, "take")
    if state.phase == DISCARD:
        state, _ = game.apply(state, d, game.legal_moves(state, d)[0])
    assert state.phase == CARD and state.inning == 2 and state.half == 0


def test_tiebreak_places_runners_in_the_11th_and_12th():
    state = started(tiebreak=True)
    assert state.inning == 11 and state.bases == [8, 7, None] and state.up[state.offence] == 0
    assert all(p != 1 for p in state.pitcher)  # no ace
    # end the top of the 11th after the lead-off and the next batter: the 12th's top starts
    # with the two batters before its lead-off on base
    view = game.view(state, None)
    assert view["bases"][0]["order"] == 9 and view["bases"][1]["order"] == 8
    p = Play(state.copy())
    from games.masume_yakyu import innings
    p.state.up[p.state.offence] = 4
    p.state.half = 1
    innings.next_half(p)  # to the top of the 12th
    s = p.state
    assert s.inning == 12 and s.bases == [3, 2, None] and s.outs == 0
    p.state.up[p.state.defence] = 1  # the team batting next
    innings.next_half(p)  # bottom of the 12th; lead-off no. 2 -> no. 9 on 2nd, no. 1 on 1st
    assert p.state.bases == [0, 8, None]


def test_tiebreak_two_relievers_only():
    state = game.new_game(2, {"tiebreak": True, "two_relievers": True}, seed=1)
    state, _ = game.apply(state, 0, Move("auto"))
    assert [m.arg for m in game.legal_moves(state, 0)] == [11, 12]


# -- Battery ----------------------------------------------------------------------------------


def test_battery_catcher_card_seen_only_by_the_pitcher_seat():
    state = started(4, battery=True)
    d = state.defence
    catcher, pitcher = d, d + 2
    assert game.to_act(state) == {catcher}
    assert [r for r in state.roles(pitcher)] == ["pitcher"]
    views = {}
    for card in sorted(state.hand[d])[:2]:
        after, events = game.apply(state, catcher, Move("card", card))
        secret = [e for e in events if e.key.endswith("card_secret")]
        assert secret and secret[0].seats == frozenset({catcher, pitcher})
        assert game.private_view(after, pitcher)["pitch"]["number"] == card
        assert game.to_act(after) == {pitcher}
        views[card] = {seat: game.view(after, seat) for seat in (1 - d, 3 - d)} | {None: game.view(after, None)}
        assert "pitch" not in game.private_view(after, 1 - d)
    a, b = views.values()
    assert a == b  # the offence and spectators see nothing of the card


def test_battery_batter_and_runner_choose_apart():
    state = started(4, battery=True)
    state.bases = [0, None, None]
    d, o = state.defence, state.offence
    state, _ = play(state, d, "card 1")
    state, _ = play(state, d + 2, "target C3")
    assert game.to_act(state) == {o, o + 2}
    assert [m.kind for m in game.legal_moves(state, o + 2)] == ["steal", "stay"]
    swing, _ = play(state, o, "swing C3")
    take, _ = play(state, o, "take")
    assert game.view(swing, o + 2) == game.view(take, o + 2)  # the runner does not see the bat
    assert game.view(swing, d) == game.view(take, d)
    steal, _ = play(state, o + 2, "steal")
    stay, _ = play(state, o + 2, "stay")
    assert game.view(steal, o) == game.view(stay, o)


def test_three_players_pair_against_one():
    state = started(3)
    state.bases = [0, None, None]
    d, o = state.defence, state.offence
    state, _ = play(state, state.seat(d, "catcher"), "card 1")
    state, _ = play(state, state.seat(d, "pitcher"), "target C3")
    seats = game.to_act(state)
    if o == 1:  # the lone player bats and runs in one move
        assert seats == {1} and Move("take", 0, True) in game.legal_moves(state, 1)
    else:
        assert seats == {0, 2}


def test_battery_result_ranks_by_team():
    state = started(4, battery=True)
    state.phase = OVER
    state.runs = [[2], [1]]
    assert game.result(state).ranks == [1, 2, 1, 2]


# -- set-up, notation, timer --------------------------------------------------------------------


def test_setup_errors():
    assert game.new_game(4, {}, 1).battery  # four players always play Battery
    with pytest.raises(SetupError):
        game.new_game(2, {"battery": True}, 1)
    three = game.new_game(3, {}, 1)  # a pair against one player
    assert three.battery and three.team_seats(0) == (0, 2) and three.team_seats(1) == (1,)
    with pytest.raises(SetupError):
        game.new_game(2, {"team_a": "red", "team_b": "red"}, 1)


def test_notation_round_trip_and_aliases():
    state = started()
    for text, move in (("card 5", Move("card", 5)), ("card slider", Move("card", 5)),
                       ("ｃａｒｄ　５", Move("card", 5)), ("target b2", Move("target", 6)),
                       ("swing C3 steal", Move("swing", 12, True)), ("steal bunt c4", Move("bunt", 17, True)),
                       ("見送り", Move("take")), ("order auto", Move("auto"))):
        assert game.parse_move(state, text) == move
    for bad in ("swing Z9", "card five", "fly", "", "x" * 100):
        with pytest.raises(MalformedMove):
            game.parse_move(state, bad)


def test_describe_move_never_names_a_secret():
    state = started()
    for move in (Move("card", 5), Move("swing", 12, True), Move("take"), Move("steal"), Move("discard", 7),
                 Move("order", 3), Move("bunt", 4)):
        for lang in ("en", "ja"):
            said = game.describe_move(state, move, lang)
            assert "5" not in said and "C3" not in said and "7" not in said and "slider" not in said
            assert "steal" not in said.lower() or move.kind == "steal" and "chosen" in said


def test_illegal_moves_are_refused_with_reasons():
    state = started()
    d, o = state.defence, state.offence
    with pytest.raises(IllegalMove) as error:
        play(state, d, "target C3")
    assert "choosing a pitch card" in error.value.message("en")
    with pytest.raises(IllegalMove):
        play(state, d, "card 99")
    before = game.state_to_json(state)
    with pytest.raises(NotYourTurn):
        game.apply(state, o, Move("take"))
    assert game.state_to_json(state) == before


def test_deadline_is_off_by_default_and_takes_for_the_batter():
    state = started()
    assert game.deadline(state) is None
    state = started(timer=20)
    d, o = state.defence, state.offence
    deadline = game.deadline(state)
    assert deadline.seconds == 20 and deadline.moves == {d: None}
    state, _ = play(state, d, "card 1")
    state, _ = play(state, d, "target C3")
    deadline = game.deadline(state)
    assert deadline.moves == {o: "take"}
    move = game.parse_move(state, deadline.moves[o])
    assert move in game.legal_moves(state, o)
    battery = started(4, battery=True, timer=5)
    battery.bases = [0, None, None]
    d, o = battery.defence, battery.offence
    battery, _ = play(battery, d, "card 1")
    battery, _ = play(battery, d + 2, "target C3")
    assert game.deadline(battery).moves == {o: "take", o + 2: "stay"}
    assert game.deadline(game.new_game(2, {"timer": 20}, 1)) is None  # no clock on the lineup


def test_a_running_decision_that_times_out_holds_with_two_players_as_with_four():
    for players in (2, 4):
        state = started(players, battery=players == 4, timer=20)
        state.strikes = 2
        d, o = state.defence, state.offence
        state, _ = play(state, d, "card 7")  # a dropped third strike: the batter may run
        state, _ = play(state, state.seat(d, "pitcher"), "target C3")
        state, _ = play(state, o, "swing A1")
        assert state.phase == ADVANCE
        runner = state.seat(o, "runner")
        assert game.deadline(state).moves == {runner: "hold"}, players


def test_move_grid_lays_cells_out_five_by_five():
    state = started()
    d = state.defence
    state, _ = play(state, d, "card 1")
    grid = game.move_grid([game.format_move(state, m) for m in game.legal_moves(state, d)])
    assert len(grid) == 5 and all(len(row) == 5 for row in grid)
    assert grid[0][0] == ("A1", "target A1") and grid[2][2] == ("C3", "target C3")
    assert game.move_grid(["take", "swing A1"]) is None
    swings = [f"steal swing {cell_name(c)}" for c in range(25)]
    assert game.move_grid(swings)[4][4] == ("E5", "steal swing E5")


def test_private_view_in_words_shows_the_hand_the_pitch_and_the_lineup():
    state = started(4, battery=True)
    d = state.defence
    card = sorted(state.hand[d])[1]
    state, _ = game.apply(state, d, Move("card", card))
    throws = TEAMS[state.teams[d]].pitcher(state.pitcher[d]).throws
    for lang, word in (("en", "Batting order"), ("ja", "打順")):
        pitcher_text = game.describe_private(game.private_view(state, d + 2), lang)
        name = game.describe_private({"team": state.teams[d], "pitch": {"number": card, "name": card_name(card, throws)}}, lang)
        assert word in pitcher_text and name.splitlines()[1] in pitcher_text
        for c in state.hand[d]:
            assert str(c) in pitcher_text.splitlines()[1]
        offence_text = game.describe_private(game.private_view(state, 1 - d), lang)
        assert name.splitlines()[1] not in offence_text
