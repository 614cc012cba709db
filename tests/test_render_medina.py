"""The Medina board image on the shared frame (issue 10): names, the decision in words, the last
turn ringed in the highlight hue, rooftops on the cell the player named carrying the owner's
seat mark, closed colours and open/stuck palaces in the legend, and a final that explains itself.

Positions are reached with the engine (``force`` plays a seat's notation whoever's turn it is).
"""

from __future__ import annotations

import io
import json
from dataclasses import replace

import pytest
from PIL import Image

from games.medina import GAME as medina
from games.medina import rules
from games.messages import text_from_json
from renderers import common
from renderers import medina as picture
from renderers.common import DEFAULT_THEME, PALETTE
from tests.test_medina_rules import force as force_with_events

NAMES = ["Alice", "Bob", "Chiyo", "Dai"]


def force(state, *lines):
    """As the rules tests' ``force`` (each line for its seat, whoever's turn), the state only."""
    return force_with_events(state, *lines)[0]


def new(players=3, **options):
    return medina.new_game(players, {k: str(v) for k, v in options.items()}, seed=1)


def recorded(view, **options):
    with common.recording() as recorder:
        png = picture.render(view, **options)
    image = Image.open(io.BytesIO(png)).convert("RGB")
    return image, recorder, " | ".join(item.content for item in recorder.items if item.kind == "text")


def centre(view, name):
    lay = picture.board_layout(view["width"], view["height"])
    x, y = "ABCDEFGHIJKLMNOP".index(name[0]) + 1, int(name[1:])
    return lay.centre(x, y), lay


def near(a, b, tolerance=40):
    return sum(abs(p - q) for p, q in zip(a, b)) <= tolerance


def test_names_scores_and_the_decision_are_on_the_image():
    state = new(3, start_merchant="n9", e2_opening_single_placements="off")
    view = medina.view(state, None)
    image, _, drawn = recorded(view, names=NAMES[:3])
    assert image.size == (1100, 800)
    for name in NAMES[:3]:
        assert name in drawn
    assert "Alice to play" in drawn
    assert "Place a building, merchant or wall (2 placements)" in drawn
    japanese = recorded(view, names=NAMES[:3], lang="ja")[2]
    assert "建物・商人か城壁を置く(2つ)" in japanese and "Aliceの番" in japanese
    # without names: the defaults
    assert "Player 2" in recorded(view)[2]


def test_the_decision_says_a_due_rooftop_and_the_edition_1_start_merchant():
    start = new(3, edition=1)
    assert medina.decision(start, 0).key == "medina.decide.start_merchant"
    drawn = recorded(medina.view(start, None))[2]
    assert "Place the start merchant on a cell not next to the wall (merchant F7)" in drawn
    # T7: the second placement must be the seat's rooftop
    state = force(new(3, start_merchant="n9", e2_opening_single_placements="off"), "0 grey B2", "1 orange E5")
    data = medina.state_to_json(state)
    data["supply"][1] = [0] * 9
    data["supply"][2] = [0] * 9
    state = medina.state_from_json(data)
    rules.begin_turn(state, 0)
    assert medina.decision(state, 0).key == "medina.decide.place_roof_due.2"
    state, _ = medina.apply(state, 0, medina.parse_move(state, "wall 1E"))
    view = medina.view(state, None)
    assert text_from_json(view["decision"]).key == "medina.decide.roof_due"
    assert "Place your rooftop: it is due this turn (roof F7)" in recorded(view)[2]
    assert medina.decision(state, 1) is None  # only the seat to act decides


def test_a_rooftop_is_drawn_on_the_cell_the_player_named_with_the_owner_mark():
    state = force(new(3, start_merchant="n9"), "0 grey B2", "0 grey C2", "0 grey D2", "1 roof D2")
    palace = state.palaces[0]
    assert palace.owner == 1 and state.geo.names[palace.roof] == "D2"
    again = medina.state_from_json(json.loads(json.dumps(medina.state_to_json(state))))
    assert again == state and again.palaces[0].roof == palace.roof
    view = medina.view(state, None)
    assert view["palaces"][0]["roof"] == [4, 2]
    assert view["last"]["moves"][-1] == "roof D2"
    image = recorded(view)[0]
    (x, y), lay = centre(view, "D2")
    blue = PALETTE["blue"]  # seat 2's mark: a navy square with its number
    assert near(image.getpixel((round(x - lay.cell * 0.2), round(y - lay.cell * 0.25))), blue)
    (bx, by), _ = centre(view, "B2")
    assert near(image.getpixel((round(bx), round(by))), picture.BUILDING_RGB["grey"])


def test_roof_on_any_building_is_one_legal_move_and_replays():
    state = force(new(3, start_merchant="n9"), "0 grey B2", "0 grey C2")
    state = replace(state, turn=1, _legal={})
    moves = [m for m in medina.legal_moves(state, 1) if medina.format_move(state, m).startswith("roof")]
    assert [medina.format_move(state, m) for m in moves] == ["roof B2"]
    named = medina.parse_move(state, "roof C2", 1)
    assert medina.format_move(state, named) == "roof C2" and medina.is_legal(state, 1, named)
    after, _ = medina.apply(state, 1, named)
    assert after.geo.names[after.palaces[0].roof] == "C2"


def test_the_last_turn_is_ringed_in_the_highlight_hue_and_printed_in_the_header():
    state = force(new(3, start_merchant="n9"), "0 orange E5")
    view = medina.view(state, None)
    image, recorder, _ = recorded(view, names=NAMES[:3])
    assert "orange E5" in [item.content for item in recorder.items if item.role == "headline"]
    (x, y), lay = centre(view, "E5")
    edge = round(x - lay.cell / 2 - 1)
    assert near(image.getpixel((edge, round(y))), DEFAULT_THEME.highlight, 60)
    # no other cell carries the highlight
    (fx, fy), _ = centre(view, "H8")
    assert not near(image.getpixel((round(fx - lay.cell / 2 - 1), round(fy))), DEFAULT_THEME.highlight, 60)


def test_closed_colours_and_open_or_stuck_palaces_are_in_the_legend():
    state = force(new(3, start_merchant="n9"), "0 brown B2", "0 roof B2", "1 brown E5", "1 roof E5",
                  "2 brown J9", "2 roof J9", "0 grey A11", "0 stable B11", "0 stable A10", "1 grey H3")
    view = medina.view(state, None)
    assert view["closed"] == ["brown"]
    drawn = recorded(view)[2]
    assert "closed" in drawn and "stuck A11" in drawn and "open H3" in drawn and "new palace" in drawn
    ja = recorded(view, lang="ja")[2]
    assert "除外" in ja and "拡張可" in ja and "不可" in ja and "A11" in ja


def test_the_final_image_ranks_explains_scores_and_names_the_tie_break():
    state = force(new(3, start_merchant="n9"), "0 grey B2", "0 grey C2", "0 roof B2", "1 orange F6",
                  "1 roof F6", "1 stable F7", "2 brown K3", "2 brown L3", "2 roof K3")
    tied = medina.state_from_json({**medina.state_to_json(replace(state, phase="over")),
                                   "palace_tile": [None, None, None, None]})
    result = medina.result(tied)
    assert result.detail["tie_break"] == {"rule": "roofed_first", "score": 2, "seats": [0, 1], "sizes": [2, 2]}
    view = medina.view(tied, None)
    drawn = recorded(view, names=NAMES[:3])[2]
    assert "Alice wins" in drawn
    assert "Alice ahead of Bob at 2 points: Tie broken by who roofed their largest palace (2 pieces) first" in drawn
    assert "Palaces: grey 2" in drawn and "Tiles: palace 0 · tower 0" in drawn
    bigger = medina.state_from_json({**medina.state_to_json(tied), "palaces": [
        {**p, "stables": p["stables"] + (["M3"] if p["buildings"] == ["K3", "L3"] else [])}
        for p in medina.state_to_json(tied)["palaces"]]})
    # seat 3 wins outright on 3; seats 1 and 2 tie on 2 and the earlier roofing ranks them
    assert medina.result(bigger).detail["tie_break"]["rule"] == "roofed_first"


def test_largest_palace_tie_break_in_words():
    from games.medina.scoring import tie_break

    assert tie_break([5, 5, 1], [4, 3, 1], [1, 2, 3]) == {"rule": "largest_palace", "score": 5, "seats": [0, 1],
                                                         "sizes": [4, 3]}
    assert tie_break([5, 4, 1], [4, 3, 1], [1, 2, 3]) is None
    assert tie_break([5, 5, 1], [4, 4, 1], [1, 1, 3]) is None  # a shared rank: no tie was broken


def test_seat_colours_and_every_seat_mark_on_the_cards():
    state = new(4)
    assert medina.seat_colours(state) == ["red", "blue", "yellow", "green"]
    _, recorder, _ = recorded(medina.view(state, None), names=NAMES)
    side = picture.frame_layout().side
    marks = [item for item in recorder.items if item.kind == "sprite" and item.box[0] >= side[0]]
    assert len(marks) >= 4


@pytest.mark.parametrize("players,options", [(2, {"well": "on", "tea": "on"}), (3, {"edition": "1"}), (4, {})])
def test_random_positions_render_inside_their_boxes(players, options):
    from tests.play import random_game

    states, _ = random_game(medina, players, options, seed=4)
    for state in (states[0], states[len(states) // 3], states[-1]):
        _, recorder, _ = recorded(medina.view(state, None), names=NAMES[:players])
        for item in recorder.items:
            x0, y0, x1, y1 = item.box
            assert 0 <= x0 and x1 <= 1101 and 0 <= y0 and y1 <= 801, item
            if item.limit:
                lx0, ly0, lx1, ly1 = item.limit
                assert x0 >= lx0 - 1 and y0 >= ly0 - 1 and x1 <= lx1 + 1 and y1 <= ly1 + 1, item


def test_refuses_what_is_not_a_medina_view():
    with pytest.raises(ValueError, match="not a Medina view"):
        picture.render({"game": "minoa"})
    with pytest.raises(ValueError, match="lacks"):
        picture.render({"game": "medina"})
    with pytest.raises(ValueError, match="language"):
        picture.render(medina.view(new(3), None), lang="fr")
