"""Minoa's result detail (who won, a team draw, a shared win), decision() and seat_colours()."""

from __future__ import annotations

import itertools

import pytest

from games.messages import Text, text_from_json
from games.minoa import GAME as minoa
from games.minoa import board, rules
from games.minoa.notation import parse_line

ROW_E = ("e1", "e2", "e3", "e4", "e5", "e6", "e7", "e8", "e9")
# a3 -> e5 -> i3: a zig-zag through the centre, symmetric under the half turn.
ZIGZAG = ("a3", "b3", "c4", "d4", "e5", "f5", "g4", "h4", "i3")


def _path(points) -> list[int]:
    return [parse_line(f"{a}-{b}") for a, b in itertools.pairwise(points)]


def final_state(num_players: int, rim_owner, cuts) -> rules.MinoaState:
    """A finished position: rim edge ``i`` (rules page §3.5 order) holds ``rim_owner(i)``; black
    sticks on ``cuts``."""
    lines = [rules.EMPTY] * len(board.LINE_KEYS)
    for i, line in enumerate(board.RIM_CYCLE):
        lines[line] = rules.COLOUR + rim_owner(i)
    for line in cuts:
        lines[line] = rules.BLACK
    data = minoa.state_to_json(minoa.new_game(num_players))
    data.update(lines=lines, pieces_left=[0] * num_players, black_supply=60 - len(cuts), finished=True,
                ended_by="claimed", last={"seat": 0, "lines": [cuts[-1]], "autofill": None})
    return minoa.state_from_json(data)


def two_player_draw() -> rules.MinoaState:
    """Red holds the lower half of the rim, blue the upper; row e cuts the board: 48-48."""
    return final_state(2, lambda i: 0 if i < 12 else 1, _path(ROW_E))


def four_player_team_draw() -> rules.MinoaState:
    """Row e and the zig-zag cut four quarters; a half turn maps red's onto blue's and yellow's
    onto green's, so the teams tie 48-48 whatever the quarters' sizes."""
    owner = {0: 0, 1: 2, 2: 1, 3: 3}  # rim quarters 0-5, 6-11, 12-17, 18-23
    return final_state(4, lambda i: owner[i // 6], _path(ROW_E) + _path(ZIGZAG))


def test_a_team_tie_is_a_team_draw_with_no_winning_team():
    state = four_player_team_draw()
    result = minoa.result(state)
    teams = result.detail["team_scores"]
    assert teams == [48, 48] and sum(result.scores) == 96
    assert result.scores[0] != result.scores[2]  # partners differ: the seats' own scores are not the result
    assert result.detail["outcome"] == "team_draw" and result.detail["winning_team"] is None
    assert result.ranks == [1, 1, 1, 1]
    assert result.detail["regions"] == [1, 1, 1, 1] and result.detail["tie_break"] is None
    view = minoa.view(state, None)
    assert view["result"]["outcome"] == "team_draw" and view["result"]["team_scores"] == [48, 48]


def test_a_team_win_names_the_winning_team():
    owner = {0: 0, 1: 2, 2: 0, 3: 3}  # red takes a second quarter from blue
    state = final_state(4, lambda i: owner[i // 6], _path(ROW_E) + _path(ZIGZAG))
    result = minoa.result(state)
    assert result.detail["outcome"] == "team_win" and result.detail["winning_team"] == 0
    assert result.ranks == [1, 2, 1, 2]
    assert result.scores[1] == 0


def test_two_players_on_48_draw():
    result = minoa.result(two_player_draw())
    assert result.scores == [48, 48] and result.ranks == [1, 1]
    assert result.detail["outcome"] == "draw" and result.detail["tie_break"] is None


@pytest.mark.parametrize("scores,outcome,ranks", [
    ([40, 40, 16], "shared_win", [1, 1, 3]),
    ([50, 30, 16], "win", [1, 2, 3]),
    ([32, 32, 32], "draw", [1, 1, 1]),
])
def test_three_player_outcomes(monkeypatch, scores, outcome, ranks):
    monkeypatch.setattr(rules, "territory", lambda state: list(scores))
    state = minoa.state_from_json(dict(minoa.state_to_json(minoa.new_game(3)), finished=True, ended_by="claimed"))
    result = minoa.result(state)
    assert result.ranks == ranks and result.detail["outcome"] == outcome


def test_decision_says_what_the_seat_to_move_may_place():
    state = minoa.new_game(2)
    assert minoa.decision(state, 0) == Text("minoa.decide.either", pieces=12, black=60)
    assert minoa.decision(state, 1) is None  # not its turn
    said = minoa.decision(state, 0)
    assert "rim piece" in said.in_lang("en") and "黒い棒" in said.in_lang("ja")
    data = minoa.state_to_json(state)
    no_pieces = minoa.state_from_json(dict(data, pieces_left=[0, 12]))
    assert minoa.decision(no_pieces, 0).key == "minoa.decide.black_only"
    no_black = minoa.state_from_json(dict(data, black_supply=0))
    assert minoa.decision(no_black, 0).key == "minoa.decide.piece_no_black"
    # the view carries the decision for the image, readable back in both languages
    view = minoa.view(state, None)
    assert text_from_json(view["decision"]).in_lang("en").startswith("Place a rim piece")
    assert minoa.view(two_player_draw(), None)["decision"] is None
    assert minoa.decision(two_player_draw(), 0) is None


def test_seat_colours_follow_the_seat_order():
    assert minoa.seat_colours(minoa.new_game(2)) == ["red", "blue"]
    assert minoa.seat_colours(minoa.new_game(4)) == ["red", "blue", "yellow", "green"]
