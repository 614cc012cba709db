"""Madeira's two images (issue 10): the inline summary and the full board.

The summary says whose turn it is and what they must decide in words, prints the last move large
on the highlight hue, the players' names and public scores, never an engine id; the full board
keeps everything inside its boxes too; the final image explains the score and the tie-break.
"""

from __future__ import annotations

import io
import json
import random
import re

import pytest
from PIL import Image

from games.madeira.engine import KINDS
from games.messages import CATALOGUE, Text, text_from_json
from games.registry import get_game
from renderers import common
from renderers import madeira as R
from tests.play import random_game
from tests.test_render_standard import NAMES, _check_boxes, _pixels

madeira = get_game("madeira")

#: Engine ids that once reached the image; none may be drawn.
INTERNAL = re.compile(r"\b(wood_pay|wood_gain|setup_city|setup_field|upkeep_buy|arow|arequest|aguild|bturn|"
                      r"bchoose|btturn|wmove|smove|cdecide|escore|kr)\b")


def _states(seed: int, players: int, every: int = 1):
    out, _ = random_game(madeira, players, seed=seed, pick=random.Random(seed).choice)
    return out[::every] + ([out[-1]] if (len(out) - 1) % every else [])


def _record(function, view, **options):
    with common.recording() as recorder:
        png = function(view, **options)
    return Image.open(io.BytesIO(png)).convert("RGB"), recorder


def test_every_prompt_kind_is_said_in_words_in_both_languages():
    seen: dict[str, Text] = {}
    for seed, players in ((3, 4), (5, 3), (7, 2), (9, 4)):
        for state in _states(seed, players):
            if state.prompt is not None:
                seat = state.prompt["s"]
                said = madeira.decision(state, seat)
                assert said is not None and madeira.decision(state, (seat + 1) % state.n) is None
                seen.setdefault(state.prompt["t"], said)
                assert text_from_json(madeira.view(state, None)["decision"]) == said
    assert len(seen) >= 15
    for kind in KINDS:
        if f"madeira.prompt.{kind}" in CATALOGUE:  # a kind that asks a player
            assert f"madeira.decide.{kind}" in CATALOGUE, kind
    for kind, said in seen.items():
        for lang in ("en", "ja"):
            words = said.in_lang(lang)
            assert "{" not in words and "madeira." not in words and not INTERNAL.search(words), (kind, words)
        assert said.in_lang("en") != said.in_lang("ja")


def test_seat_colours_are_palette_names():
    for players in (2, 3, 4):
        colours = madeira.seat_colours(madeira.new_game(players, {}, 1))
        assert colours == ["yellow", "red", "purple", "blue"][:players]
        assert all(c in common.SEAT_COLOURS for c in colours)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_summary_names_the_turn_the_decision_and_the_players_and_no_engine_id(lang):
    for state in _states(21, 4, every=40):
        view = madeira.view(state, None)
        image, recorder = _record(R.render, view, names=NAMES[:4], lang=lang)
        assert image.size == (1100, 800)
        _check_boxes(image.size, recorder, f"summary ply {state.ply}")
        drawn = " ".join(item.content for item in recorder.items if item.kind == "text")
        assert not INTERNAL.search(drawn), INTERNAL.search(drawn)
        for name in NAMES[:4]:
            assert common.displayable(name)[:3] in drawn
        if view["decision"]:
            decision = text_from_json(view["decision"]).in_lang(lang)
            assert decision[1:12] in drawn  # said in words (the first letter may be capitalised)
        if view["last"] and not view["result"]:  # in players' words, not the notation (issue 28)
            words = view["last"]["words"][lang]
            assert view["last"]["move"] not in drawn or view["last"]["move"] in words
            assert any(item.content.lower().startswith(words[:8].lower()) and item.role == "headline"
                       and item.size >= 24 for item in recorder.items), words


def test_the_last_move_is_marked_in_the_highlight_hue_on_the_board():
    state = next(s for s in _states(21, 4) if s.last and s.last["move"].startswith("row "))
    view = madeira.view(state, None)
    image = Image.open(io.BytesIO(R.render(view))).convert("RGB")
    row = int(view["last"]["move"].split()[1])
    # the dice rows come first in Phase A: the ring frames the row just chosen
    box = image.crop((0, 118, 640, 800))
    highlight = sum(1 for p in _pixels(box) if p == common.HIGHLIGHT)
    assert highlight > 200, f"row {row}: {highlight} highlight pixels"
    other = madeira.view(_states(21, 4)[0], None)
    blank = Image.open(io.BytesIO(R.render(other))).convert("RGB").crop((0, 118, 640, 800))
    assert sum(1 for p in _pixels(blank) if p == common.HIGHLIGHT) == 0


def test_only_the_current_phase_is_lit():
    dark = common.DEFAULT_THEME.text
    for state in (_states(4, 3)[-1], *[s for s in _states(4, 3) if s.phase == "C"][:1]):
        view = madeira.view(state, None)
        image = Image.open(io.BytesIO(R.render(view))).convert("RGB")
        lit = []
        x = 12 + 14 + common.text_width(R.translate("madeira.board.round", "en", round=5, rounds=5), size=24, bold=True)
        for i, letter in enumerate("ABCDE"):
            px = image.getpixel((round(x + i * 38 + 4), 124 + 23))
            if max(abs(a - b) for a, b in zip(px, dark)) < 30:
                lit.append(letter)
        assert lit == ([] if view["result"] else [view["phase"]]), (view["phase"], lit)


def test_seat_cards_carry_the_seat_mark_and_text_reads_on_its_background():
    view = madeira.view(_states(4, 4)[30], None)
    image = Image.open(io.BytesIO(R.render(view))).convert("RGB")
    yellow = common.PALETTE["yellow"]
    # the yellow seat's mark (seat 1: a circle) is on its card, its number dark on yellow
    card = image.crop((652, 124, 1088, 300))
    assert sum(1 for p in _pixels(card) if max(abs(x - y) for x, y in zip(p, yellow)) <= 12) > 300
    assert common.ink_on(yellow) == (24, 22, 20)
    assert common.contrast(common.ink_on(yellow), yellow) >= 4.5


def test_the_final_summary_explains_the_score_and_the_tie_break():
    final = _states(13, 4)[-1]
    view = madeira.view(final, None)
    image, recorder = _record(R.render, view, names=NAMES[:4], lang="en")
    drawn = [item.content for item in recorder.items if item.kind == "text"]
    result = view["result"]
    winner = result["ranks"].index(1)
    assert any("wins" in s and common.displayable(NAMES[winner])[:3] in s for s in drawn)
    for seat in range(4):
        assert str(result["scores"][seat]) in drawn and f"−{result['pirate_pp'][seat]}" in drawn
        assert result["scores"][seat] == result["track"][seat] + result["resource_pp"][seat] - result["pirate_pp"][seat]
    # a tie on PP: the engine names it, the image says who the Passing Column put first
    tied = final.clone()
    a, b = tied.order[0], tied.order[1]
    tied.p[b]["pp"] = tied.p[a]["pp"]
    tie_view = madeira.view(tied, None)
    assert [a, b] in tie_view["result"]["ties"]
    _, recorder = _record(R.render, tie_view, names=NAMES[:4], lang="en")
    drawn = " ".join(item.content for item in recorder.items if item.kind == "text")
    assert "higher in the Passing Column" in drawn and common.displayable(NAMES[a])[:3] in drawn


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_full_board_keeps_inside_its_boxes_and_shows_no_engine_id(lang):
    rng = random.Random(lang)
    for trial in range(6):
        players = rng.randint(2, 4)
        states = _states(rng.randrange(1000), players)
        state = states[-1] if trial == 5 else states[rng.randrange(len(states))]
        view = madeira.view(state, None)
        image, recorder = _record(R.render_detail, view, names=NAMES[:players], lang=lang)
        _check_boxes(image.size, recorder, f"detail trial {trial}")
        drawn = " ".join(item.content for item in recorder.items if item.kind == "text")
        assert not INTERNAL.search(drawn)
        assert "treasu" not in drawn.lower() or "treasurer" in drawn.lower()
        for name in NAMES[:players]:
            assert common.displayable(name)[:3] in drawn


def test_pirate_totals_never_reach_either_image_before_the_end():
    states = _states(8, 4)
    for state in (states[len(states) // 3], states[2 * len(states) // 3]):
        other = state.clone()
        for seat, p in enumerate(other.p):
            p["pirates"] += 3 * seat + 5
        a, b = madeira.view(state, None), madeira.view(other, None)
        assert json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)
        assert R.render_detail(a) == R.render_detail(b)
        assert R.render_detail(madeira.view(state, 2)) == R.render_detail(a)
        assert R.render(madeira.view(state, 2)) == R.render(a)
