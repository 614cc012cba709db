"""The Masume Yakyu image: drawn from views only, readable inline and on a phone, the duel shown,
the play told in words and drawn (issue 27).

Measured on recordings (``renderers.common.recording``): the board's own labels (grid letters and
numbers, the count, runners, the line score) are at least 10 px when the 1100 px canvas is shown
360 px wide on a phone; the target cell, the pitch's path and the bat's spots are drawn where the
view puts them; a view whose secret differs renders the same bytes; the last play is said in
words and its ball drawn on the field; the line score has a column per inning and adds up in
extras; no Markdown and no cut caption reach the image.
"""

from __future__ import annotations

import io

import pytest
from PIL import Image

from games.ai import choose_move
from games.masume_yakyu import GAME as game
from games.masume_yakyu.runners import Play
from games.masume_yakyu.state import BAT, Move
from renderers import common
from renderers.frame import layout
from renderers.masume_yakyu import SIDE_WIDTH, line_score_columns, play_words, render

PHONE = 360 / 1100


def position(players: int = 2, plies: int = 150, seed: int = 5, **options):
    state = game.new_game(players, options, seed)
    for ply in range(plies):
        if not game.to_act(state):
            break
        seat = min(game.to_act(state))
        state, _ = game.apply(state, seat, choose_move(game, state, seat, "mixed", seed=ply))
    return state


def until(state, phase: str):
    ply = 0
    while state.phase != phase:
        seat = min(game.to_act(state))
        state, _ = game.apply(state, seat, choose_move(game, state, seat, "mixed", seed=ply))
        ply += 1
    return state


def started(players: int = 2, **options):
    """Blue Excite (seat 0) at bat in the top of the 1st against Red Excite, orders and aces set."""
    state = game.new_game(players, {"team_a": "blue", "team_b": "red"} | options, seed=3)
    for seat in sorted(game.to_act(state)):
        state, _ = game.apply(state, seat, Move("auto"))
    for seat in sorted(game.to_act(state)):
        state, _ = game.apply(state, seat, Move("starter", 1))
    state.home = 1
    return state


@pytest.fixture
def dice(monkeypatch):
    queue: list[int] = []
    monkeypatch.setattr(Play, "die", lambda self, sides=6: queue.pop(0))
    return queue


def pitch(state, card: int, target: str, batter: str, runner: str | None = None):
    """One pitch of a game in which seat 0 (and 2) bat: the defence's card and target, the offence's choice."""
    state, _ = game.apply(state, state.seat(1, "catcher"), Move("card", card))
    state, _ = game.apply(state, state.seat(1, "pitcher"), game.parse_move(state, f"target {target}"))
    if runner is not None:
        state, _ = game.apply(state, 2, Move(runner))
    return game.apply(state, 0, game.parse_move(state, batter))[0]


#: The field's part of the board (left of the grid, under the play's words).
FIELD = (12, 270, 360, 560)


def pixels(png: bytes, box, colour) -> int:
    """How many pixels of ``box`` are exactly ``colour``."""
    part = Image.open(io.BytesIO(png)).convert("RGB").crop(box)
    return {rgb: n for n, rgb in part.getcolors(part.width * part.height)}.get(tuple(colour), 0)


def texts(view, lang: str = "en", names=None):
    with common.recording() as recorder:
        png = render(view, names=names, lang=lang)
    return png, [item for item in recorder.items if item.kind == "text"]


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("players", [2, 4])
def test_board_labels_are_readable_on_a_phone(players, lang):
    state = until(position(players), "bat")
    with common.recording() as recorder:
        png = render(game.view(state, None), names=["山田太郎", "Zoë", "Kenji", "さくら"][:players], lang=lang)
    assert Image.open(io.BytesIO(png)).size == (1100, 800)
    board = layout().board
    labels = [item for item in recorder.items if item.kind == "text" and item.role == "label"
              and item.box[0] >= board[0] - 1 and item.box[2] <= board[2] + 1 and item.box[1] >= board[1] - 1]
    contents = {item.content for item in labels}
    assert set("ABCDE12345") <= contents and {"B", "S", "O"} <= contents
    for item in labels:
        assert item.size * PHONE >= 10, (item.content, item.size)


def test_reveal_shows_the_path_and_the_spots_and_the_target_before_it():
    state = until(position(), "card")
    d, o = state.defence, state.offence
    state, _ = game.apply(state, d, Move("card", 1))
    state, _ = game.apply(state, d, game.parse_move(state, "target C3"))
    with common.recording() as recorder:
        render(game.view(state, None))
    assert any(item.content.endswith("C3") for item in recorder.items if item.kind == "text")
    state, _ = game.apply(state, o, game.parse_move(state, "swing B2"))
    view = game.view(state, None)
    with common.recording() as recorder:
        render(view)
    letters = {item.content for item in recorder.items if item.kind == "text" and item.content in "JUNLF"}
    assert letters >= {"J", "U", "N", "L", "F"}


def test_the_image_never_depends_on_a_secret():
    state = until(position(4, battery=True), "target")
    d = state.defence
    twin = state.copy()
    twin.card = next(c for c in state.hand[d] if c != state.card) if len(state.hand[d]) > 1 else state.card
    twin.hand[d] = list(reversed(state.hand[d]))
    for seat in (None, 1 - d, 3 - d):
        assert render(game.view(state, seat)) == render(game.view(twin, seat))


def test_final_image_names_the_winner():
    state = position(2, plies=5000, innings=1)
    assert state.phase == "over"
    with common.recording() as recorder:
        render(game.view(state, None), lang="ja")
    assert any("勝ち" in item.content for item in recorder.items if item.kind == "text")


def test_render_refuses_other_views():
    with pytest.raises(ValueError):
        render({"game": "medina"})


def test_the_play_is_said_in_words_and_its_ball_drawn_on_the_field(dice):
    state = started()
    state.bases = [None, 0, None]  # no. 1 on 2nd
    state.up = [2, 0]  # no. 3 LF bats left-handed: his far spot goes to left, on the ground
    dice.append(1)  # far spot on C3: 1 + 3 (AV A, Run B) + 1 = 5, the grounder through the hole
    before = render(game.view(state, None))
    state = pitch(state, 1, "C3", "swing B3")
    assert (state.last["spot"], state.last["course"], state.last["fielder"]) == ("far", "left", "hole")
    words = play_words(game.view(state, None), "en")
    assert words == "Grounder through the infield: single to left · runner to 3rd"
    assert play_words(game.view(state, None), "ja") == "内野を抜けてレフト前ヒット、走者は3塁へ"
    png, drawn = texts(game.view(state, None))
    assert words in [item.content for item in drawn]
    # the ball's course and the runners' paths in the last move's hue (the base a runner stands
    # on was in it before)
    assert pixels(png, FIELD, common.HIGHLIGHT) > pixels(before, FIELD, common.HIGHLIGHT) + 1000


def test_the_runners_paths_and_a_double_play_in_words(dice):
    state = started()
    state.bases = [0, None, None]
    state.up = [3, 0]  # no. 4, right-handed: his lower spot pulls a grounder to the left side
    dice.append(1)  # 1 + 0 (AV C, Run C) + 1 = 2: grounder to third, a double play with nobody out
    state = pitch(state, 1, "C3", "swing C2")
    assert state.last["fielder"] == "3b_grounder" and state.outs == 2
    assert play_words(game.view(state, None), "en") == "Grounder to third: double play · runner out"
    dice.append(6)  # the next batter: 6 + ... a home run with nobody on, then a walk
    state.up = [3, 0]
    state = pitch(state, 1, "C3", "swing C3")
    assert play_words(game.view(state, None), "en").startswith("Home run")


def test_a_walk_a_steal_and_three_out_in_words(dice):
    state = started()
    state.bases, state.balls = [None, 8, None], 3  # no. 9 on 2nd, no. 1 at bat
    dice += [6, 1]  # the runner on 2nd steals 3rd after ball four
    state = pitch(state, 1, "A1", "steal take")
    assert play_words(game.view(state, None), "en") == "Ball four: walk · runner steals 3rd"
    state.outs, state.strikes = 2, 2
    state = pitch(state, 1, "C3", "take")
    view = game.view(state, None)
    assert play_words(view, "en") == "Called strike three: out · three out"
    assert view["bases"] == [None, None, None]  # the runners left on base go off with the third out


def test_runners_are_cleared_at_the_games_final_out():
    state = started(innings=1)
    state.runs = [[0], [1]]  # the home team leads in the top of the last inning
    state.bases, state.outs, state.strikes, state.up = [7, 8, None], 2, 2, [0, 0]
    state = pitch(state, 1, "C3", "take")
    assert state.phase == "over" and state.last["outs"] == 3 and state.last["after"] == [7, 8, None]
    view = game.view(state, None)
    assert view["bases"] == [None, None, None]
    assert play_words(view, "en") == "Called strike three: out · three out"


def test_the_line_score_has_a_column_per_inning_and_adds_up_in_extras():
    view = game.view(started(innings=2), None)
    assert [label for label, _ in line_score_columns(view)] == ["1", "2"]
    assert len(line_score_columns(game.view(started(), None))) == 9
    state = started(innings=2)
    state.runs = [[0, 1, 0, 0, 2, 0, 0, 0, 0, 1, 0, 3], [1, 0, 0, 0, 0, 2, 0, 0, 0, 1, 0, 0]]
    state.inning, state.half = 12, 1
    view = game.view(state, None)
    columns = line_score_columns(view)
    assert [label for label, _ in columns] == ["1-4"] + [str(i) for i in range(5, 13)]
    _, drawn = texts(view)
    shown = [item.content for item in drawn]
    assert "1-4" in shown and "12" in shown
    for team in (0, 1):  # the columns add up to R
        assert sum(sum(state.runs[team][i] for i in innings) for _, innings in columns) == state.score(team)


def test_no_markdown_and_no_cut_caption_on_the_image():
    state = started()
    for lang in ("en", "ja"):
        for view in (game.view(state, None), game.view(game.new_game(2, {}, 1), None)):
            _, drawn = texts(view, lang)
            assert not any("`" in item.content for item in drawn)
            caption = "grid as the pitcher sees it" if lang == "en" else "投手から見たマス"
            assert caption in [item.content for item in drawn]
    battery = started(4, battery=True)
    battery.bases = [0, None, None]
    battery, _ = game.apply(battery, 1, Move("card", 1))
    battery, _ = game.apply(battery, 3, game.parse_move(battery, "target C3"))
    _, drawn = texts(game.view(battery, None))
    assert not any("`" in item.content or item.content.endswith("…") for item in drawn if item.role != "text")


def test_an_off_grid_pitch_stays_clear_of_the_caption():
    state = started()
    state = pitch(state, 7, "C4", "take")  # the fork from C4 ends below the grid
    assert state.last["final"] == [2, 5]
    png, drawn = texts(game.view(state, None))
    caption = next(item for item in drawn if item.content.startswith("fork (7)"))
    assert pixels(png, tuple(round(v) for v in caption.box), (200, 40, 40)) == 0  # no ring of the ball in it


def test_battery_teams_share_a_colour_and_the_headline_names_the_seat_asked():
    state = started(4, battery=True)
    assert game.seat_colours(state) == ["blue", "red", "blue", "red"]
    state.bases = [0, None, None]
    state, _ = game.apply(state, 1, Move("card", 1))
    state, _ = game.apply(state, 3, game.parse_move(state, "target C3"))
    state, _ = game.apply(state, 0, game.parse_move(state, "swing C3"))  # the batter has chosen
    assert state.phase == BAT and game.to_act(state) == {2}
    view = game.view(state, None)
    assert view["decision"]["text"] == "masume_yakyu.decide.steal"
    _, drawn = texts(view, names=["Ann", "Bob", "Cid", "Dee"])
    headlines = [item.content for item in drawn if item.role == "headline"]
    assert "Cid to play" in headlines and "steal on this pitch, or stay?" in headlines


def test_the_batter_and_pitcher_are_described_in_words():
    state = started()
    _, drawn = texts(game.view(state, None))
    shown = [item.content for item in drawn]
    assert "At bat: 1 CF, bats left" in shown and "average B · power C · speed A" in shown
    assert "Pitcher: no. 1, throws right" in shown and "8 of 8 pitch cards left" in shown
    assert not any("AV " in s or "Run " in s for s in shown)


def test_the_seat_cards_leave_the_board_its_width():
    assert layout(SIDE_WIDTH).board[2] - layout(SIDE_WIDTH).board[0] > layout().board[2] - layout().board[0]
