"""The Masume Yakyu image: drawn from views only, readable inline and on a phone, the duel shown.

Measured on recordings (``renderers.common.recording``): the board's own labels (grid letters and
numbers, the count, runners, the line score) are at least 10 px when the 1100 px canvas is shown
360 px wide on a phone; the target cell, the pitch's path and the bat's spots are drawn where the
view puts them; a view whose secret differs renders the same bytes.
"""

from __future__ import annotations

import io

import pytest
from PIL import Image

from games.ai import choose_move
from games.masume_yakyu import GAME as game
from games.masume_yakyu.state import Move
from renderers import common
from renderers.frame import layout
from renderers.masume_yakyu import render

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
    assert set("ABCDE12345") <= contents and any(c.startswith("S ") for c in contents)
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
