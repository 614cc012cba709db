"""Minoa's rules page (shared/rules/minoa.md) as scenarios in the game's own notation."""

from __future__ import annotations

import json

import pytest

from games.errors import IllegalMove, MalformedMove, NotYourTurn, SetupError
from games.minoa import GAME as minoa
from games.minoa import board, rules
from games.minoa.notation import format_line, parse_line
from tests.play import play, random_game

# The corner triangle A(3,0) (rim edge e9-f8), its neighbour B(2,0) and the rim triangle A(2,1)
# (rim edge f8-g7): the black sticks e8-e9, e8-f7 and f7-g7 cut these three off as one region.
CORNER_CUT = ("e8-e9", "e8-f7", "f7-g7")


def state_with(num_players=2, **changes):
    """A synthetic position for rules that real play reaches only after many moves."""
    data = minoa.state_to_json(minoa.new_game(num_players))
    data.update(changes)
    return minoa.state_from_json(data)


def test_board_counts_match_the_rules_page():
    assert (len(board.VERTICES), len(board.LINE_KEYS), len(board.RIM_LINES)) == (61, 156, 24)
    assert (len(board.INTERIOR_LINES), len(board.TRIANGLE_KEYS)) == (132, 96)
    assert board.VERTEX_NAMES[:5] == ("a1", "a2", "a3", "a4", "a5")
    assert [board.vertex_name(*v) for v in ((0, 0), (4, 0), (-4, 4), (4, -4))] == ["e5", "e9", "i1", "a5"]
    # §3.5: rim edge 0 joins (4,0) to (3,1), i.e. e9 to f8; edge 4 joins (0,4) to (-1,4).
    assert format_line(board.RIM_CYCLE[0]) == "e9-f8"
    assert format_line(board.RIM_CYCLE[4]) == "i4-i5"


@pytest.mark.parametrize("players,each", [(2, 12), (3, 8), (4, 6)])
def test_setup_gives_pieces_per_player_count(players, each):
    state = minoa.new_game(players)
    assert state.pieces_left == [each] * players
    assert state.black_supply == 60
    assert sum(state.pieces_left) == 24  # the coloured pieces exactly fill the rim
    assert minoa.to_act(state) == {0}  # red starts


def test_notation_reads_either_order_and_refuses_nonsense():
    assert parse_line("e4-e5") == parse_line("E5 - e4")
    for text, reason in [("e4e5", "like e4-e5"), ("z1-e5", "no point z1"), ("e4-e6", "not neighbouring"),
                         ("a6-a5", "no point a6"), ("", "like e4-e5")]:
        with pytest.raises(MalformedMove, match=reason):
            minoa.parse_move(minoa.new_game(2), text)


def test_every_legal_move_survives_format_then_parse():
    states, _ = random_game(minoa, 3, seed=11)
    for state in states[::10]:
        for seat in minoa.to_act(state):
            for move in minoa.legal_moves(state, seat):
                assert minoa.parse_move(state, minoa.format_move(state, move)) == move


def test_a_rim_line_takes_a_coloured_piece_and_an_interior_line_a_black_stick():
    state, _ = play(minoa, minoa.new_game(3), "0 e9-f8", "1 e5-e6")
    view = minoa.view(state, None)
    assert view["lines"][parse_line("e9-f8")] == 0
    assert view["lines"][parse_line("e5-e6")] == "black"
    assert state.pieces_left == [7, 8, 8] and state.black_supply == 59
    assert minoa.to_act(state) == {2}


def test_a_black_stick_that_encloses_an_inner_region_is_refused():
    # Interior triangle A(0,0) has the lines e5-e6, e5-f5, e6-f5: the third stick would close it off.
    state, _ = play(minoa, minoa.new_game(2), "0 e5-e6", "1 e5-f5")
    before = minoa.state_to_json(state)
    with pytest.raises(IllegalMove, match="touches no rim edge"):
        minoa.apply(state, 0, minoa.parse_move(state, "e6-f5"))
    assert minoa.state_to_json(state) == before  # refused moves change nothing
    assert minoa.parse_move(state, "e6-f5") not in minoa.legal_moves(state, 0)


def test_cutting_off_a_rim_region_is_legal_under_rim_reach_but_needs_colour_under_coloured():
    state, _ = play(minoa, minoa.new_game(2), "0 e8-e9")
    assert minoa.is_legal(state, 1, minoa.parse_move(state, "e8-f8"))  # isolates A(3,0): it has a rim edge
    strict = minoa.new_game(2, {"legality": "coloured"})
    strict, _ = play(minoa, strict, "0 e8-e9")
    with pytest.raises(IllegalMove, match="without a coloured rim piece"):
        minoa.apply(strict, 1, minoa.parse_move(strict, "e8-f8"))
    # Once both sides show a colour, the same cut is legal under the strict reading too.
    strict, _ = play(minoa, strict, "1 e9-f8", "0 a1-b1")
    assert minoa.is_legal(strict, 1, minoa.parse_move(strict, "e8-f8"))


def test_a_region_with_one_colour_is_claimed():
    state, _ = play(minoa, minoa.new_game(2), "0 e9-f8", "1 e8-e9", "0 f8-g7", "1 e8-f7", "0 f7-g7")
    view = minoa.view(state, None)
    corner = next(r for r in view["regions"] if len(r["triangles"]) == 3)
    assert corner["status"] == "claimed" and corner["owner"] == 0
    assert minoa.scores(state) == [3, 0]


def test_a_region_with_two_colours_is_not_claimed():
    state, _ = play(minoa, minoa.new_game(2), "0 e9-f8", "1 f8-g7", *(f"{i % 2} {m}" for i, m in enumerate(CORNER_CUT)))
    view = minoa.view(state, None)
    corner = next(r for r in view["regions"] if len(r["triangles"]) == 3)
    assert corner["status"] == "mixed" and corner["owner"] is None
    assert minoa.scores(state) == [0, 0]


def test_a_region_with_an_empty_rim_edge_is_still_open():
    state, _ = play(minoa, minoa.new_game(2), "0 e9-f8", "1 e8-e9", "0 e8-f7", "1 f7-g7")
    corner = next(r for r in minoa.view(state, None)["regions"] if len(r["triangles"]) == 3)
    assert corner["status"] == "open" and corner["owner"] is None


def test_partners_colours_do_not_merge_by_default_but_may_by_option():
    moves = ("0 e9-f8", "1 e8-e9", "2 f8-g7", "3 e8-f7", "0 f7-g7")
    strict, _ = play(minoa, minoa.new_game(4), *moves)
    assert minoa.scores(strict) == [0, 0, 0, 0]
    merged, _ = play(minoa, minoa.new_game(4, {"team_colours": "merged"}), *moves)
    assert minoa.scores(merged) == [3, 0, 0, 0]  # red and yellow are partners; red placed first


def _fill_rim_for_seat_zero(state, opponent_plays_black=True):
    """Seat 0 places its 12 pieces; seat 1 answers with the first legal black stick each time."""
    events = []
    for _ in range(12):
        rim = next(m for m in minoa.legal_moves(state, 0) if board.IS_RIM[m.line])
        state, events = minoa.apply(state, 0, rim)
        if minoa.to_act(state) == {1} and state.pieces_left[0] > 0:
            black = next(m for m in minoa.legal_moves(state, 1) if not board.IS_RIM[m.line])
            state, _ = minoa.apply(state, 1, black)
    return state, events


def test_advanced_game_auto_fills_the_last_holders_pieces():
    state, events = _fill_rim_for_seat_zero(minoa.new_game(2, {"advanced": "on"}))
    assert state.pieces_left == [0, 0]
    assert all(state.lines[l] != rules.EMPTY for l in board.RIM_LINES)
    assert sum(1 for l in board.RIM_LINES if state.lines[l] == rules.COLOUR + 1) == 12
    assert [e.key for e in events] == ["minoa.event.autofill"] and events[0].params == {"seat": 1, "count": 12}
    assert len(minoa.view(state, None)["last"]["lines"]) == 13
    assert minoa.to_act(state) == {1}  # the turn passes on from the player who placed the last piece


def test_basic_game_does_not_auto_fill():
    state, events = _fill_rim_for_seat_zero(minoa.new_game(2))
    assert state.pieces_left == [0, 12] and not events


def test_three_players_auto_fill_only_when_one_holder_is_left():
    state = state_with(3, pieces_left=[1, 0, 3])
    # Make the rim consistent: 4 empty rim edges, the rest already coloured by seat 1.
    lines = list(state.lines)
    for rim in board.RIM_CYCLE[4:]:
        lines[rim] = rules.COLOUR + 1
    state = state_with(3, pieces_left=[1, 0, 3], lines=lines, options={"advanced": True, "legality": "rim",
                                                                       "team_colours": "separate"})
    state, events = play(minoa, state, f"0 {format_line(board.RIM_CYCLE[0])}")
    assert [e.key for e in events] == ["minoa.event.autofill"] and state.pieces_left == [0, 0, 0]


def test_a_seat_without_a_legal_move_passes_automatically():
    lines = [rules.EMPTY] * 156
    for rim in board.RIM_CYCLE[:8]:
        lines[rim] = rules.COLOUR + 1  # seat 1 has placed all its pieces
    state = state_with(3, lines=lines, pieces_left=[8, 0, 8], black_supply=0)
    state, events = play(minoa, state, f"0 {format_line(board.RIM_CYCLE[8])}")
    assert [(e.key, dict(e.params)) for e in events] == [("minoa.event.pass", {"seat": 1})]
    assert minoa.to_act(state) == {2}
    with pytest.raises(IllegalMove, match="passing happens automatically"):
        minoa.parse_move(state, "pass")


def test_the_game_ends_where_it_stands_when_nobody_can_move():
    lines = [rules.EMPTY] * 156
    for i, rim in enumerate(board.RIM_CYCLE):
        lines[rim] = rules.COLOUR + i % 2  # one big region with both colours
    state = state_with(2, lines=lines, pieces_left=[0, 0], black_supply=1)
    state, events = play(minoa, state, "0 e5-e6")
    assert state.finished and state.ended_by == "stalled"
    assert [e.key for e in events] == ["minoa.event.stalled"]
    result = minoa.result(state)
    assert result.scores == [0, 0] and result.ranks == [1, 1]  # the mixed region scores for nobody
    with pytest.raises(NotYourTurn, match="over"):
        minoa.apply(state, 1, minoa.parse_move(state, "e6-e7"))


def test_the_game_ends_when_every_region_is_claimed():
    states, _record = random_game(minoa, 2, seed=3)
    final = states[-1]
    assert final.finished and final.ended_by == "claimed"
    assert all(r["status"] == "claimed" for r in minoa.view(final, None)["regions"])
    result = minoa.result(final)
    assert sum(result.scores) == 96


def test_four_players_rank_by_team_totals():
    checked = 0
    for seed in range(12):
        final = random_game(minoa, 4, seed=seed)[0][-1]
        result = minoa.result(final)
        red_yellow, blue_green = result.detail["team_scores"]
        assert red_yellow == result.scores[0] + result.scores[2]
        assert blue_green == result.scores[1] + result.scores[3]
        assert result.ranks[0] == result.ranks[2] and result.ranks[1] == result.ranks[3]
        assert (result.ranks[0] == 1) == (red_yellow >= blue_green)
        assert (result.ranks[1] == 1) == (blue_green >= red_yellow)
        # Some seed must show a seat outscoring a player of the winning team yet losing.
        if max(result.scores[s] for s in range(4) if result.ranks[s] == 2) > min(
            result.scores[s] for s in range(4) if result.ranks[s] == 1
        ):
            checked += 1
    assert checked


def test_moves_out_of_turn_and_after_the_end_are_refused():
    state = minoa.new_game(3)
    with pytest.raises(NotYourTurn, match="Seat 1 cannot act now; waiting on 0"):
        minoa.apply(state, 1, minoa.parse_move(state, "e9-f8"))
    assert minoa.legal_moves(state, 1) == []


def test_taken_lines_and_empty_supplies_are_refused_with_reasons():
    state, _ = play(minoa, minoa.new_game(2), "0 e9-f8")
    with pytest.raises(IllegalMove, match="already taken"):
        minoa.apply(state, 1, minoa.parse_move(state, "f8-e9"))
    empty_hand = state_with(2, pieces_left=[0, 12], lines=[rules.COLOUR + 0 if l in board.RIM_CYCLE[:12] else 0
                                                              for l in range(156)])
    with pytest.raises(IllegalMove, match="no coloured pieces left"):
        minoa.apply(empty_hand, 0, minoa.parse_move(empty_hand, format_line(board.RIM_CYCLE[20])))
    no_black = state_with(2, black_supply=0)
    with pytest.raises(IllegalMove, match="black sticks are used up"):
        minoa.apply(no_black, 0, minoa.parse_move(no_black, "e5-e6"))


def test_options_are_validated():
    with pytest.raises(SetupError, match="no option"):
        minoa.new_game(2, {"colour": "red"})
    with pytest.raises(SetupError, match="cannot be"):
        minoa.new_game(2, {"legality": "strict"})
    with pytest.raises(SetupError, match="2 to 4 players"):
        minoa.new_game(5)
    assert minoa.new_game(2, {"ADVANCED": "On"}).options["advanced"] is True


def test_errors_and_move_words_exist_in_japanese():
    state = minoa.new_game(2)
    with pytest.raises(IllegalMove) as refused:
        play(minoa, state, "0 e5-e6", "1 e5-f5", "0 e6-f5")
    assert "端" in refused.value.message("ja")
    assert minoa.describe_move(state, parse_move := minoa.parse_move(state, "e9-f8"), "ja") == "e9-f8 に赤のコマ"
    assert minoa.describe_move(state, parse_move, "en") == "red piece on e9-f8"


def test_state_round_trips_through_json_text():
    states, _ = random_game(minoa, 4, {"advanced": "on"}, seed=5)
    for state in states[::7]:
        again = minoa.state_from_json(json.loads(json.dumps(minoa.state_to_json(state))))
        assert again == state
        assert minoa.legal_moves(again, again.turn) == minoa.legal_moves(state, state.turn)
