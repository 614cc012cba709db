"""Medina's rules page (shared/rules/medina.md) as scenarios written in the game's notation.

Most positions are reached with :func:`force`: each line ``"SEAT NOTATION"`` is played by the named
seat through ``Medina.apply`` (every placement rule and effect of the engine applies), only the
turn order is bypassed so a worked example takes a few lines instead of a whole game. Turn
structure itself (§6) is tested with ordinary play.
"""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from games.errors import AmbiguousMove, IllegalMove, MalformedMove, SetupError
from games.medina import GAME as medina
from games.medina import board, rules, scoring
from games.medina.placement import has_placement
from games.medina.state import MERCHANT, PLAY, START_MERCHANT
from tests.play import play, random_game


def force(state, *lines):
    """Play each ``SEAT NOTATION`` for that seat, whoever's turn it is; returns (state, events)."""
    events = []
    for line in lines:
        seat_text, notation = line.split(" ", 1)
        seat = int(seat_text)
        if state.phase != START_MERCHANT:
            state = replace(state, phase=PLAY, turn=seat, turn_size=2, placements_left=2, roof_due=False,
                            roof_done=False, tea_this_turn=False, _legal={})
        state, happened = medina.apply(state, seat, medina.parse_move(state, notation, seat))
        events += happened
    return state, events


def keys(events):
    return [e.key for e in events]


def new(players=3, **options):
    return medina.new_game(players, {k: str(v) for k, v in options.items()}, seed=1)


def cell(state, name):
    return state.geo.by_name[name]


def legal(state, seat=None):
    seat = state.turn if seat is None else seat
    return {medina.format_move(state, m) for m in medina.legal_moves(state, seat)}


def refused(state, seat, notation, reason):
    before = medina.state_to_json(state)
    with pytest.raises(IllegalMove, match=reason):
        force(state, f"{seat} {notation}")
    assert medina.state_to_json(state) == before


# -- §3 / §16.1 geometry -----------------------------------------------------------------------


def test_geometry_counts_of_both_sides():
    for geo, (cities, walls, interior) in ((board.LARGE, (176, 54, 126)), (board.SMALL, (140, 48, 96))):
        assert len(geo.city) == cities and sum(geo.is_wall_space) == walls and sum(geo.is_interior) == interior
        assert len(geo.tower_cell) == 4
    geo = board.LARGE
    assert geo.names[geo.index(14, 1)] == "N1" and geo.names[geo.index(1, 11)] == "A11"
    assert {n: geo.xy(i) for n, i in geo.tower_cell.items()} == {1: (0, 0), 3: (17, 0), 2: (17, 12), 4: (0, 12)}
    assert [geo.xy(c[0]) for c in geo.arm_cells] == [(1, 0), (0, 1), (16, 12), (17, 11), (16, 0), (17, 1),
                                                      (1, 12), (0, 11)]  # 1E 1S 2W 2N 3W 3S 4E 4N


@pytest.mark.parametrize("edition,players,side", [(1, 3, (16, 11)), (1, 4, (16, 11)), (2, 2, (14, 10)),
                                                  (2, 3, (16, 11)), (2, 4, (16, 11))])
def test_setup_per_edition_and_player_count(edition, players, side):
    state = new(players, edition=edition)
    assert (state.geo.width, state.geo.height) == side
    supply = {(1, 3): [6] * 4 + [4, 0, 4, 8, 10], (1, 4): [5] * 4 + [4, 0, 3, 6, 8],
              (2, 2): [8] * 4 + [4, 2, 4, 12, 15], (2, 3): [6] * 4 + [4, 1, 4, 8, 12],
              (2, 4): [5] * 4 + [4, 0, 3, 6, 9]}[(edition, players)]
    assert state.supply == [supply] * players
    view = medina.view(state, None)
    assert view["building_colours"][1] == ("black" if edition == 1 else "purple")
    if edition == 1:
        assert state.phase == START_MERCHANT and not state.lines and state.tower_merchants == [0] * 4
        assert all(state.geo.is_interior[state.geo.by_name[m.split()[1]]] for m in legal(state))
    else:
        (start,) = state.lines[0]
        assert state.geo.is_interior[start]
        assert state.tower_merchants == [3, 2, 1, 0]
        assert view["neutral_colour"] == {2: "yellow", 3: "green", 4: None}[players]


def test_setup_refusals_and_fixed_cells():
    with pytest.raises(SetupError, match="edition 1 is for 3 or 4"):
        medina.new_game(2, {"edition": "1"})
    with pytest.raises(SetupError, match="start player places the start merchant"):
        medina.new_game(3, {"edition": "1", "start_merchant": "f7"})
    with pytest.raises(SetupError, match="well=on"):
        medina.new_game(3, {"well_cell": "f7"})
    with pytest.raises(SetupError, match="not an interior cell"):
        medina.new_game(3, {"start_merchant": "a1"})
    with pytest.raises(SetupError, match="not an interior cell"):
        medina.new_game(3, {"start_merchant": "z9"})
    with pytest.raises(SetupError, match="not an interior cell"):
        medina.new_game(2, {"start_merchant": "o5"})  # column O is the ring on the 14x10 side
    state = medina.new_game(3, {"well": "on", "well_cell": "H6", "startMerchant": "C9"})
    assert state.geo.names[state.well] == "H6" and state.geo.names[state.lines[0][0]] == "C9"
    # The page's camelCase flag names are accepted too.
    assert medina.new_game(3, {"towerReclaimPerArm": "on", "lastRoofRule": "noOtherRoofs"}).options[
        "last_roof_rule"] == "no_other_roofs"


def test_random_setup_is_seeded_and_keeps_the_merchant_off_the_well():
    for seed in range(40):
        a = medina.new_game(2, {"well": "on"}, seed)
        assert medina.state_to_json(a) == medina.state_to_json(medina.new_game(2, {"well": "on"}, seed))
        assert a.lines[0][0] != a.well and a.geo.is_interior[a.well] and a.geo.is_interior[a.lines[0][0]]



def test_a_random_well_avoids_a_fixed_start_merchant():
    """§5.2 (issue 13.2): the well is drawn among the interior cells other than a fixed start merchant's."""
    state = medina.new_game(3, {"start_merchant": "H6", "well": "on"}, 150)
    assert state.geo.names[state.lines[0][0]] == "H6" and state.well != state.lines[0][0]
    for players in (2, 3, 4):
        for seed in range(400):
            state = medina.new_game(players, {"start_merchant": "h6", "well": "on"}, seed)
            assert state.geo.is_interior[state.well] and state.geo.names[state.well] != "H6"
            assert state.geo.names[state.lines[0][0]] == "H6"
    # Both cells fixed on the same cell is still the player's choice to refuse, with its reason.
    with pytest.raises(SetupError, match="well's cell h6"):
        medina.new_game(3, {"start_merchant": "h6", "well": "on", "well_cell": "h6"})

# -- §6 turn structure -----------------------------------------------------------------------------


def test_edition2_opening_turns_place_one_piece_then_two():
    state = new(3, start_merchant="h6")
    state, _ = play(medina, state, "0 grey B2")
    assert medina.to_act(state) == {1}
    state, _ = play(medina, state, "1 orange L9")
    assert medina.to_act(state) == {2}
    state, _ = play(medina, state, "2 wall 1E")
    assert medina.to_act(state) == {2}  # the third turn has two placements
    state, _ = play(medina, state, "2 wall 1E", "0 wall 2W")
    assert medina.to_act(state) == {0} and state.placements_left == 1
    two = new(2, start_merchant="h6")
    two, _ = play(medina, two, "0 grey B2")
    assert medina.to_act(two) == {1} and two.placements_left == 2
    off = new(3, start_merchant="h6", e2_opening_single_placements="off")
    off, _ = play(medina, off, "0 grey B2")
    assert medina.to_act(off) == {0}


def test_edition1_start_player_places_the_start_merchant_then_a_normal_turn():
    state = new(3, edition=1)
    refused(state, 0, "merchant A5", "touches no wall space")
    with pytest.raises(IllegalMove, match="start merchant"):
        medina.apply(state, 0, medina.parse_move(state, "grey F5"))
    state, _ = play(medina, state, "0 merchant F5")
    assert state.supply[0][MERCHANT] == 8  # the extra merchant is not from the supply
    state, _ = play(medina, state, "0 grey B2", "0 wall 1E")
    assert medina.to_act(state) == {1}
    anywhere = new(3, edition=1, e1_start_merchant_anywhere="on")
    assert "merchant A5" in legal(anywhere)



def test_edition1_screens_before_the_start_merchant_tell_each_seat_the_truth():
    """Issue 13.4: only the start player can act, and only with the start merchant."""
    state = new(3, edition=1)
    start = medina.private_view(state, 0)
    assert start["placeable"] == [] and start["start_merchant"] == {"seat": 0, "you": True, "anywhere": False}
    en, ja = medina.describe_private(start, "en"), medina.describe_private(start, "ja")
    assert "You could place now" not in en and "merchant F7" in en and "start merchant" in en
    assert "今置けるもの" not in ja and "スタートの商人" in ja and "merchant F7" in ja
    for seat in (1, 2):
        other = medina.private_view(state, seat)
        assert other["placeable"] == [] and other["start_merchant"] == {"seat": 0, "you": False, "anywhere": False}
        en, ja = medina.describe_private(other, "en"), medina.describe_private(other, "ja")
        assert "You could place now" not in en and "Seat 0 places the start merchant" in en
        assert "今置けるもの" not in ja and "席0" in ja and "スタートの商人" in ja
    anywhere = medina.private_view(new(3, edition=1, e1_start_merchant_anywhere="on"), 0)
    assert "on any cell" in medina.describe_private(anywhere, "en")
    assert "好きなマス" in medina.describe_private(anywhere, "ja")
    # Once it is placed, the screens list the pieces again.
    state, _ = play(medina, state, "0 merchant F5")
    assert "start_merchant" not in medina.private_view(state, 1)
    assert "grey" in medina.private_view(state, 1)["placeable"]
    assert "You could place now: grey" in medina.describe_private(medina.private_view(state, 0), "en")


def test_rules_help_explains_the_last_player_with_roofs_rule_and_the_edition1_start():
    from games.medina.messages import RULES_HELP

    en, ja = RULES_HELP["en"], RULES_HELP["ja"]
    assert "last_roof_rule" in en and "no_other_roofs" in en and "only `roof`" in en
    assert "last_roof_rule" in ja and "no_other_roofs" in ja and "最後の屋根" in ja
    assert "start merchant" in en and "スタートの商人" in ja
    assert "edition 1: black" not in en and "第1版では黒" not in ja  # no tea in edition 1 (§13)

def test_a_seat_that_cannot_place_is_skipped_and_the_game_ends_when_nobody_can():
    data = medina.state_to_json(new(3, start_merchant="h6", e2_opening_single_placements="off"))
    data["supply"][1] = [0] * 9
    state = medina.state_from_json(data)
    state, events = play(medina, state, "0 grey B2", "0 wall 1E")
    assert medina.to_act(state) == {2}
    assert ("medina.event.pass", {"seat": 1}) in [(e.key, dict(e.params)) for e in events]
    # A whole random game: every seat asked to act can, and at the end nobody can place.
    states, _ = random_game(medina, 4, seed=3)
    assert all(medina.legal_moves(s, s.turn) for s in states[:-1])
    assert not any(has_placement(states[-1], seat) for seat in range(4))


def test_t4_a_single_placement_when_no_second_is_possible():
    data = medina.state_to_json(new(3, start_merchant="h6", e2_opening_single_placements="off"))
    data["supply"][0] = [0, 0, 0, 0, 0, 0, 0, 0, 1]  # one wall only
    state = medina.state_from_json(data)
    state, _ = play(medina, state, "0 wall 1E")
    assert medina.to_act(state) == {1}


def test_tea_break_shortens_a_turn_once_and_never_a_single_placement_turn():
    state = new(3, start_merchant="n9", tea="on")
    assert "tea" not in legal(state)  # nobody holds a tea tile yet
    state, events = force(state, "1 purple C3", "1 roof C3")
    assert state.tea == [0, 3, 0] and "medina.event.tea_gained" in keys(events)
    # Seat 1's forced turn still has a placement left; the next real turns follow.
    state = replace(state, turn=1, turn_size=1, placements_left=1, _legal={})
    with pytest.raises(IllegalMove, match="only one placement"):
        medina.apply(state, 1, medina.parse_move(state, "tea"))
    state = replace(state, turn=1, turn_size=2, placements_left=2, _legal={})
    state, events = play(medina, state, "1 tea")
    assert state.tea[1] == 2 and state.placements_left == 1 and medina.to_act(state) == {1}
    with pytest.raises(IllegalMove, match="already took a tea break"):
        medina.apply(state, 1, medina.parse_move(state, "tea"))
    state, _ = play(medina, state, "1 wall 1E")
    assert medina.to_act(state) == {2}
    # A15: the tea tile may also be spent after the first placement; it ends the turn.
    state = replace(state, turn=1, turn_size=2, placements_left=2, tea_this_turn=False, _legal={})
    state, _ = play(medina, state, "1 wall 1E", "1 tea")
    assert medina.to_act(state) == {2} and state.tea[1] == 1
    off = new(3)
    with pytest.raises(IllegalMove, match="without tea tiles"):
        medina.apply(off, 0, medina.parse_move(off, "tea"))


def test_t7_last_player_with_roofs_must_place_a_rooftop():
    state, _ = force(new(3, start_merchant="n9", e2_opening_single_placements="off"), "0 grey B2", "1 orange E5")
    data = medina.state_to_json(state)
    data["supply"][1] = [0] * 9
    data["supply"][2] = [0] * 9
    state = medina.state_from_json(data)
    rules.begin_turn(state, 0)
    assert state.roof_due and medina.view(state, None)["roof_due"]
    state, _ = play(medina, state, "0 wall 1E")
    assert legal(state) == {"roof B2", "roof E5"}  # the second placement must be a rooftop
    with pytest.raises(IllegalMove, match="rooftops"):
        medina.apply(state, 0, medina.parse_move(state, "wall 1E"))
    off = medina.state_from_json({**data, "options": {**data["options"], "last_roof_rule": "off"}})
    rules.begin_turn(off, 0)
    assert not off.roof_due
    # no_other_roofs: triggers as soon as nobody else holds an own rooftop, even if they can place.
    other = medina.state_from_json({**data, "options": {**data["options"], "last_roof_rule": "no_other_roofs"},
                                    "supply": [data["supply"][0], [5, 5, 5, 5, 0, 1, 4, 8, 12],
                                               [5, 5, 5, 5, 0, 1, 4, 8, 12]]})
    rules.begin_turn(other, 0)
    assert other.roof_due


ISSUE13_T7 = ["0 brown I4", "1 purple A6", "1 grey N6", "0 orange G2", "0 wall 1S", "1 wall 2W", "1 roof A6",
              "0 purple L8", "0 merchant E5", "1 orange H2", "1 brown J4", "0 roof I4", "0 roof L8",
              "1 orange I2", "1 brown N2", "0 roof G2", "0 roof N6"]


def test_t7_a_due_rooftop_that_became_impossible_does_not_cut_the_turn_short():
    """T2 / T4 with T7 (issue 13.1): seat 1's rooftop is due (seat 0 holds none), seat 1 first puts a
    neutral rooftop on the only palace it could roof; it still has a second, compulsory placement."""
    state = new(2, start_merchant="F5", last_roof_rule="no_other_roofs")
    state, _ = play(medina, state, *ISSUE13_T7)
    assert medina.to_act(state) == {1} and state.roof_due and state.placements_left == 2
    assert legal(state) >= {"roof N2", "neutral N2"} and "wall 1E" in legal(state)
    state, _ = play(medina, state, "1 neutral N2")
    assert medina.to_act(state) == {1} and state.placements_left == 1
    assert not medina.view(state, None)["roof_due"]  # the obligation lapsed: no own rooftop fits any more
    assert "wall 1E" in legal(state) and not any(m.startswith("roof") for m in legal(state))
    decision = medina.decision(state, 1)
    assert decision.key == "medina.decide.place.left"
    state, _ = play(medina, state, "1 wall 1E")
    assert medina.to_act(state) == {0}


# -- §7.1 buildings (§16.3, §8) ----------------------------------------------------------------------


def test_a_building_must_extend_the_open_palace_until_it_is_roofed():
    state, _ = force(new(3, start_merchant="n9"), "0 grey C3", "1 grey D3")
    refused(state, 2, "grey J8", "grey palace at C3 is still open")
    assert "grey C4" in legal(replace(state, turn=2, _legal={}), 2)
    state, _ = force(state, "2 roof C3")
    state, _ = force(state, "2 grey J8")  # a new grey palace
    assert len(state.palaces) == 2


def test_a_stuck_palace_lets_a_new_one_start_and_can_still_be_roofed():
    state, _ = force(new(3, start_merchant="n9"), "0 grey A1", "0 stable B1", "0 stable A2")
    view = medina.view(state, None)
    assert view["palaces"][0]["status"] == "stuck"
    state, _ = force(state, "1 grey J8")  # no open grey palace: a new one starts
    state, _ = force(state, "1 roof A1")  # [A21] the stuck one may still be roofed
    assert state.palaces[0].owner == 1


def test_buildings_never_touch_another_palace_even_diagonally():
    state, _ = force(new(3, start_merchant="n9"), "0 orange E5")
    refused(state, 1, "grey F6", "touches another palace")
    refused(state, 1, "grey F5", "touches another palace")
    state, _ = force(state, "1 grey G7")


def test_worked_example_8_purple_next_to_grey_and_a_roofed_purple_palace():
    state, _ = force(new(3, start_merchant="n9"), "0 grey G5", "0 grey H5", "1 purple C5", "1 roof C5")
    options = {m.split()[1] for m in legal(replace(state, turn=2, _legal={}), 2) if m.startswith("purple")}
    geo = state.geo
    forbidden = {geo.names[j] for c in ("G5", "H5", "C5") for j in geo.n8_self[geo.by_name[c]] if j in geo.names}
    assert options and not options & forbidden
    assert {"B5", "D5", "F5", "I5", "F6", "G4"} <= forbidden  # next to or diagonal to a palace
    assert "E5" in options and "J5" in options


# -- §7.2 / §7.3 rooftops (§16.5) -----------------------------------------------------------------


def test_one_own_rooftop_per_colour_and_none_on_a_roofed_palace():
    state, _ = force(new(3, start_merchant="n9"), "0 grey B2", "0 roof B2", "1 grey J8")
    refused(state, 0, "roof J8", "already own a grey palace")
    refused(state, 1, "roof B2", "already has a rooftop")
    refused(state, 1, "roof F9", "no building on F9")
    state, _ = force(state, "1 neutral J8")  # [A5] a neutral rooftop has no colour limit
    assert state.palaces[1].owner == -1 and scoring.scores(state)[1] == 0


# -- §7.4 stables (§16.4) ---------------------------------------------------------------------------


def test_stable_rules():
    state, _ = force(new(3, start_merchant="n9"), "0 grey C3", "0 roof C3", "1 orange E5")
    state, _ = force(state, "1 stable C4")  # next to a roofed palace
    refused(state, 1, "stable D4", "touches another palace")  # diagonal to both palaces
    refused(state, 1, "stable C5", "must touch a building")  # its only contact is a stable
    state, _ = force(state, "2 stable B3")  # [A4] touching a stable of the same palace is fine
    assert state.palaces[0].stables == (cell(state, "C4"), cell(state, "B3"))
    refused(state, 1, "stable J9", "must touch a building")


# -- §7.5 merchants (§16.6, §8) ----------------------------------------------------------------------


def test_merchant_line_grows_from_its_ends_only():
    state = new(3, start_merchant="f5")
    merchants = lambda s: {m.split()[1] for m in legal(replace(s, turn=0, _legal={}), 0) if m.startswith("merchant")}
    assert merchants(state) == {"F4", "E5", "G5", "F6"}
    refused(state, 0, "merchant H5", "grow from one of its ends")
    state, _ = force(state, "0 merchant E5", "0 merchant G5")
    assert merchants(state) == {"E4", "D5", "E6", "G4", "H5", "G6"}  # six extension cells
    state, _ = force(state, "0 merchant G4")
    assert merchants(state) == {"E4", "D5", "E6", "G3", "H4"}  # one placement later, five
    refused(state, 1, "merchant F4", "grow from one of its ends")  # F4 touches two merchants
    assert [state.geo.names[i] for i in state.lines[-1]] == ["G4", "G5", "F5", "E5"]


def test_a_new_merchant_line_only_when_the_active_one_is_blocked_and_touching_no_merchant():
    state, _ = force(new(3, start_merchant="f5"), "0 merchant F6", "0 merchant F7")
    refused(state, 0, "merchant B2", "grow from one of its ends")
    # Block both ends with two palaces; E6 and G6 touch only the middle merchant F6.
    state, _ = force(state, "1 grey E4", "1 grey F4", "1 grey G4", "1 grey E5", "2 grey G5",
                     "2 orange E7", "2 orange E8", "2 orange F8", "1 orange G8", "1 orange G7")
    refused(state, 0, "merchant E6", "touches no merchant")
    state, _ = force(state, "0 merchant B2")
    assert len(state.lines) == 2 and state.lines[-1] == (cell(state, "B2"),)
    assert medina.view(state, None)["active_ends"] == [[2, 2]]


# -- §7.6 walls (§16.2) ------------------------------------------------------------------------------


def test_walls_grow_from_the_towers_and_keep_a_gate():
    state = new(3, start_merchant="h6")
    assert {"wall 1E", "wall 1S", "wall 2W", "wall 2N", "wall 3W", "wall 3S", "wall 4E", "wall 4N"} <= legal(state)
    state, _ = force(state, "0 wall 1E")
    assert state.kind[state.geo.index(1, 0)] != 0 and state.kind[state.geo.index(2, 0)] == 0
    state, _ = force(state, *["0 wall 1E"] * 6, *["1 wall 3W"] * 8)  # x = 1..7 and x = 9..16
    refused(state, 2, "wall 1E", "close the side's gate")
    refused(state, 2, "wall 3W", "close the side's gate")
    assert sum(1 for x in range(1, 17) if state.kind[state.geo.index(x, 0)]) == 15
    with pytest.raises(MalformedMove, match="no wall arm 1W"):
        medina.parse_move(state, "wall 1W")


# -- §9.1 closure and tea (§16.7, §16.9) ------------------------------------------------------------


@pytest.mark.parametrize("edition", [1, 2])
def test_closure_when_every_player_roofed_a_colour(edition):
    state = new(3, edition=edition) if edition == 1 else new(3, start_merchant="n9")
    if edition == 1:
        state, _ = play(medina, state, "0 merchant H6")
    state, events = force(state, "0 brown B2", "0 roof B2", "1 brown E5", "1 roof E5")
    assert not state.closed[2]
    state, events = force(state, "2 brown J9", "2 roof J9")
    assert state.closed[2] and "medina.event.closed.brown" in keys(events)
    if edition == 2:
        assert [s[2] for s in state.supply] == [0, 0, 0]  # removed from the supplies
        assert medina.private_view(state, 0)["pieces"]["brown"] == 0
    else:
        assert [s[2] for s in state.supply] == [5, 5, 5]  # still behind the screens, unplaceable
    refused(state, 0, "brown M3", "brown is closed")
    assert "brown" in medina.private_view(state, 0)["closed"]
    assert "brown" not in medina.private_view(state, 0)["placeable"]


def test_neutral_rooftops_do_not_close_a_colour():
    state, _ = force(new(3, start_merchant="n9"), "0 brown B2", "0 roof B2", "1 brown E5", "1 roof E5",
                     "2 brown J9", "2 neutral J9")
    assert not state.closed[2]


def test_tea_tiles_three_two_one_zero():
    state = new(4, start_merchant="n9", tea="on")
    state, _ = force(state, "0 purple B2", "0 roof B2", "1 purple E5", "1 roof E5", "2 purple J9", "2 roof J9",
                     "3 purple M3", "3 roof M3")
    assert state.tea == [3, 2, 1, 0] and state.tea_pool == 0


@pytest.mark.parametrize("modules,named", [({"well": "on"}, "well=on"), ({"tea": "on"}, "tea=on"),
                                           ({"well": "on", "tea": "on", "well_cell": "h6"}, "well=on, tea=on")])
def test_edition1_refuses_the_edition2_modules(modules, named):
    """§1 / §13 (issue 13.3): the well and the tea tiles are edition-2 components; edition 1 has
    no tea tiles to hand out (none from black rooftops), so set-up refuses them by name."""
    with pytest.raises(SetupError) as refused_setup:
        medina.new_game(3, {"edition": "1", **modules})
    error = refused_setup.value
    assert error.key == "medina.setup.e1_modules" and error.params["modules"] == named
    assert "edition-2" in error.message("en") and named in error.message("en")
    assert "第2版" in error.message("ja") and named in error.message("ja")
    for players in (3, 4):  # both off (the default) is fine
        assert medina.new_game(players, {"edition": "1", "well": "off", "tea": "off"}).tea_pool == 0


def test_a_neutral_purple_rooftop_discards_its_tea_batch_or_is_ignored():
    block = new(3, start_merchant="n9", tea="on")
    block, events = force(block, "0 purple B2", "0 neutral B2", "1 purple E5", "1 roof E5")
    assert block.tea == [0, 2, 0] and block.tea_pool == 1 and "medina.event.tea_discarded" in keys(events)
    ignore = new(3, start_merchant="n9", tea="on", neutral_mode="ignore")
    ignore, _ = force(ignore, "0 purple B2", "0 neutral B2", "1 purple E5", "1 roof E5")
    assert ignore.tea == [0, 3, 0]


# -- §9.2 palace tiles (§16.8) -------------------------------------------------------------------------


def test_palace_tile_example_s0_ties_keep_the_holder_and_a_stable_takes_it():
    state, _ = play(medina, new(3, edition=1), "0 merchant N9")
    row3 = [f"0 brown {c}3" for c in "CDEFGH"]
    row7 = [f"1 brown {c}7" for c in "CDEFGH"]
    state, events = force(state, *row3, "0 roof C3")
    assert state.palace_tile[2] == 0 and "medina.event.palace_tile.brown" in keys(events)
    state, events = force(state, *row7, "1 roof C7")
    assert state.palace_tile[2] == 0 and not [k for k in keys(events) if "palace_tile" in k]  # a tie
    state, events = force(state, "1 stable C8")
    assert state.palace_tile[2] == 1 and scoring.tile_points(state, 1) == (3, 0)
    # The tip of [S0]: now A needs two stables to take the tile back.
    state, _ = force(state, "0 stable C2")
    assert state.palace_tile[2] == 1
    state, _ = force(state, "0 stable D2")
    assert state.palace_tile[2] == 0


def test_palace_tile_example_s1_purple():
    state = new(4, start_merchant="n9", tea="on")  # seats: 0 red, 1 blue, 2 yellow, 3 green
    state, _ = force(state, "0 purple C3", "1 purple D3", "2 purple E3", "3 purple F3", "0 roof C3")
    assert state.palace_tile[1] == 0 and state.tea[0] == 3
    state, _ = force(state, "3 purple C7", "3 purple D7", "2 purple E7", "1 purple F7", "3 roof C7")
    assert state.palace_tile[1] == 0 and state.tea[3] == 2  # tie: Red keeps it
    state, _ = force(state, "1 purple C10", "1 purple D10", "2 purple E10", "2 purple F10", "3 purple G10",
                     "1 roof C10")
    assert state.palace_tile[1] == 2 and state.palaces[2].owner == 1 and state.tea[1] == 1
    state, _ = force(state, "0 stable C2", "0 stable D2")
    assert state.palace_tile[1] == 0 and scoring.tile_points(state, 0) == (2, 0)


def test_a_neutral_palace_blocks_a_palace_tile_or_is_ignored():
    block, _ = force(new(3, start_merchant="n9"), "0 grey B2", "0 grey B3", "0 neutral B2", "1 grey J8",
                     "1 roof J8")
    assert block.palace_tile[0] == 0 and scoring.tile_points(block, 1) == (0, 0)  # nobody scores it
    assert medina.view(block, None)["palace_tiles"][0]["holder"] == "neutral"
    ignore, _ = force(new(3, start_merchant="n9", neutral_mode="ignore"), "0 grey B2", "0 grey B3",
                      "0 neutral B2", "1 grey J8", "1 roof J8")
    assert ignore.palace_tile[0] == 1 and scoring.tile_points(ignore, 1) == (1, 0)


# -- §9.3 tower tiles (§16.8, §16.9) ----------------------------------------------------------------


def tower_example(**options):
    state, _ = play(medina, new(3, edition=1, **options), "0 merchant H6")
    state, _ = force(state, "0 black N1", "0 black N2", "1 black O2", "1 black P2", "0 roof N1",
                     "1 brown K1", "1 brown K2", "1 roof K2")
    state, events = force(state, "0 wall 3W", "0 wall 3W")
    assert state.tower_holder[2] is None  # (16,0) and (15,0) touch only empty cells
    state, events = force(state, "0 wall 3W")  # (14,0) touches N1
    assert state.tower_holder[2] == 0 and "medina.event.tower_tile" in keys(events)
    state, _ = force(state, "1 wall 3W", "1 wall 3W", "1 wall 3W")  # (11,0) touches K1
    assert state.tower_holder[2] == 1
    return force(state, "0 wall 3S", "0 wall 3S")  # (17,2) touches P2 of the black palace


def test_tower_example_s0_refuses_the_reclaim_through_the_other_arm():
    state, events = tower_example()
    assert state.tower_holder[2] == 1 and not [k for k in keys(events) if "tower" in k]
    assert scoring.tile_points(state, 1) == (3, 3)  # the brown palace tile and tower tile 3


def test_tower_example_with_reclaim_per_arm():
    state, _ = tower_example(tower_reclaim_per_arm="on")
    assert state.tower_holder[2] == 0


def test_tower_merchants_go_to_the_first_taker_only():
    state, events = force(new(3, start_merchant="n9"), "0 grey A1", "0 roof A1", "1 wall 1E")
    assert state.tower_holder[0] == 0 and state.supply[0][MERCHANT] == 8 + 3
    assert medina.private_view(state, 0)["pieces"]["merchant"] == 11
    assert "medina.event.tower_merchants" in keys(events)
    state, _ = force(state, "1 wall 1S")  # the same palace again: nothing
    state, events = force(state, "1 orange C1", "1 roof C1", "2 wall 1E", "2 wall 1E")
    assert state.tower_holder[0] == 1 and state.supply[1][MERCHANT] == 8
    state, _ = force(state, "0 stable A2")  # A1's palace already took tile 1: no reclaim
    assert state.tower_holder[0] == 1


def test_a_roof_on_a_palace_already_on_two_towers_takes_both_tiles():
    state, _ = force(new(3, start_merchant="h6"), "0 wall 1E", "0 wall 3W", "1 grey A1")
    for x in "BCDEFGHIJKLMNOP":
        state, _ = force(state, f"{'012'[ord(x) % 3]} grey {x}1")
    state, _events = force(state, "2 roof A1")
    assert state.tower_holder[0] == 2 and state.tower_holder[2] == 2
    assert state.supply[2][MERCHANT] == 8 + 3 + 1


def test_a_neutral_first_taker_sends_the_tower_merchants_to_the_box():
    state, events = force(new(3, start_merchant="n9"), "0 grey A1", "0 neutral A1", "1 wall 1E")
    assert state.tower_holder[0] == -1 and state.tower_merchants[0] == 0
    assert "medina.event.tower_merchants_box" in keys(events)
    state, _ = force(state, "1 orange C1", "1 roof C1", "2 wall 1E", "2 wall 1E")
    assert state.tower_holder[0] == 1 and state.supply[1][MERCHANT] == 8


# -- §11 scoring ---------------------------------------------------------------------------------------


def test_score_example_17():
    state = new(3, start_merchant="e4")
    state, _events = force(
        state,
        "0 purple C2", "1 purple D2", "2 purple E2", "0 purple C3", "1 purple D3", "0 roof C2",
        "0 stable C1", "1 stable D1", "2 stable E1",
        "1 wall 1E", "1 wall 1E", "2 wall 1E", "2 wall 1E", "2 wall 1E",
        "1 merchant D4", "1 merchant C4", "1 merchant B4", "2 merchant B3", "2 merchant B2", "2 merchant B1",
        "0 merchant E3",
    )
    (palace,) = state.palaces
    assert scoring.palace_breakdown(state, palace) == {"buildings": 5, "stables": 3, "merchants": 6, "walls": 3,
                                                      "well": 0}
    assert scoring.palace_points(state, palace) == 17
    assert medina.view(state, None)["palaces"][0]["points"] == 17
    # Red also holds the purple tile (2) and tower tile 1 (1), with its 3 merchants.
    assert state.tower_holder[0] == 0 and state.supply[0][MERCHANT] == 8 + 3 - 1
    assert scoring.scores(state) == [17 + 2 + 1, 0, 0]


def test_well_example_plus_eight():
    state = new(4, start_merchant="c9", well="on", well_cell="h6")
    assert {state.geo.names[i] for i in state.bonus} == {"F6", "J6", "H4", "H8"}
    refused(state, 0, "grey G5", "next to the well")
    refused(state, 0, "grey H6", "is the well")
    state, _ = force(state, "0 purple F4", "0 purple G4", "0 purple H4", "0 purple F5", "0 purple F6",
                     "0 roof F4", "3 grey J6", "3 grey K6", "3 roof J6", "1 brown H8", "1 brown H9", "1 roof H8")
    assert scoring.scores(state) == [5 + 8 + 2, 2 + 4 + 3, 0, 2 + 4 + 1]
    state, _ = force(state, "2 merchant C8")  # the line grows from C9
    assert scoring.palace_breakdown(state, state.palaces[0])["well"] == 8


def test_merchants_and_walls_count_once_per_palace_and_touch_stables_too():
    state, _ = force(new(3, start_merchant="c2"), "0 grey A1", "0 roof A1", "0 stable A2", "1 wall 1S",
                     "1 wall 1S", "1 wall 1E", "2 merchant B2")
    # Walls (0,1) and (0,2) touch A1 and A2; (1,0) touches A1; B2 touches A2 and nothing else.
    assert scoring.palace_breakdown(state, state.palaces[0]) == {"buildings": 1, "stables": 1, "merchants": 1,
                                                                "walls": 3, "well": 0}


def test_tie_break_largest_palace_then_earlier_roofing():
    state, _ = force(new(3, start_merchant="n9"), "0 grey B2", "0 grey C2", "0 roof B2", "1 orange F6",
                     "1 roof F6", "1 stable F7", "2 brown K3", "2 brown L3", "2 roof K3")
    finished = replace(state, phase="over")
    result = medina.result(finished)
    # Scores: seat 0: 2 + grey tile 1 = 3; seat 1: 2 + orange tile 4 = 6; seat 2: 2 + brown tile 3 = 5.
    assert result.scores == [3, 6, 5] and result.ranks == [3, 1, 2]
    tied = medina.state_from_json({**medina.state_to_json(finished), "palace_tile": [None, None, None, None]})
    result = medina.result(tied)
    # Equal totals and equally large palaces: the earlier roofing wins.
    assert result.scores == [2, 2, 2] and result.ranks == [1, 2, 3]
    bigger = medina.state_from_json({**medina.state_to_json(tied), "palaces": [
        {**p, "stables": p["stables"] + (["M3"] if p["buildings"] == ["K3", "L3"] else [])}
        for p in medina.state_to_json(tied)["palaces"]]})
    assert medina.result(bigger).ranks == [2, 3, 1] and medina.result(bigger).scores == [2, 2, 3]


# -- notation ------------------------------------------------------------------------------------------


def test_notation_forms_aliases_and_refusals():
    state = new(3, start_merchant="h6")
    parse = lambda text: medina.format_move(state, medina.parse_move(state, text))
    assert parse("orange F7") == parse("ORANGE f7") == parse("橙 Ｆ７") == parse("orangeF7") == "orange F7"
    assert parse("wall 1e") == parse("城壁 1東") == parse("wall 1 E") == parse("1E") == "wall 1E"
    assert parse("tea") == parse("ティー") == "tea"
    assert parse("stable F7") == "stable F7" and parse("小屋 F7") == "stable F7"
    with pytest.raises(AmbiguousMove, match="orange F7"):
        medina.parse_move(state, "F7")
    with pytest.raises(AmbiguousMove, match="wall 1E, wall 1S"):
        medina.parse_move(state, "wall 1")
    with pytest.raises(AmbiguousMove):
        medina.parse_move(state, "building F7")
    with pytest.raises(IllegalMove, match="second colour is purple"):
        medina.parse_move(state, "black F7")
    for text, reason in [("castle F7", "not a piece"), ("orange Q7", "no cell Q7"), ("orange F12", "no cell F12"),
                         ("", "write a piece"), ("orange F7 now", "write a piece"), ("wall F7", "names an arm"),
                         ("orange 1E", "city cell")]:
        with pytest.raises(MalformedMove, match=reason):
            medina.parse_move(state, text)
    # The 2-player side has no column O or row 11.
    small = new(2)
    with pytest.raises(MalformedMove, match="columns A-N, rows 1-10"):
        medina.parse_move(small, "grey O3")


def test_shortened_forms_resolve_when_only_one_move_fits():
    state, _ = force(new(3, start_merchant="h6"), "0 grey B2")
    state = replace(state, turn=1, _legal={})
    assert medina.format_move(state, medina.parse_move(state, "roof")) == "roof B2"
    assert medina.format_move(state, medina.parse_move(state, "roof B2")) == "roof B2"
    with pytest.raises(AmbiguousMove, match="grey B3, stable B3"):
        medina.parse_move(state, "B3", 1)
    with pytest.raises(IllegalMove, match="no legal move"):
        medina.parse_move(new(4), "neutral")


def test_describe_move_in_both_languages():
    state = new(3, start_merchant="h6")
    move = medina.parse_move(state, "purple F7")
    assert medina.describe_move(state, move, "en") == "purple building on F7"
    assert medina.describe_move(state, move, "ja") == "F7 に紫の建物"
    assert medina.describe_move(state, medina.parse_move(state, "wall 3S"), "ja") == "3S に城壁"


def test_refused_moves_leave_the_state_untouched_and_json_round_trips():
    state, _ = force(new(3, start_merchant="h6", well="on", well_cell="l8", tea="on"), "0 grey B2", "0 roof B2")
    data = json.loads(json.dumps(medina.state_to_json(state)))
    assert medina.state_from_json(data) == state
    refused(state, 1, "grey B3", "touches another palace")
