"""The Middle Ages board image meets the inline standard (issue 10): names on the seat cards,
estate words in the server's language, the decision in words, the penalty as a preview, the
result explained, every tile candidate inside the image; and the engine says in words what it
asks and what happened."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image

import renderers
from games.core import Event
from games.messages import CATALOGUE, text_from_json, translate
from games.middle_ages import GAME as ma
from games.middle_ages import scoring
from games.middle_ages.data import ESTATES
from renderers import common
from renderers import middle_ages as board
from tests.play import random_game

NAMES = ["Alice", "ボブ", "Carol", "Dmitri", "Eve"]


def _recorded(view, **options):
    with common.recording() as recorder:
        png = renderers.render("middle_ages", view, **options)
    return Image.open(io.BytesIO(png)), recorder


def _texts(recorder, role=None):
    return [item for item in recorder.items if item.kind == "text" and (role is None or item.role == role)]


def _inside(image, recorder):
    for item in recorder.items:
        x0, y0, x1, y1 = item.box
        assert x0 >= -1 and y0 >= -1 and x1 <= image.width + 1 and y1 <= image.height + 1, item
        if item.limit is not None:
            lx0, ly0, lx1, ly1 = item.limit
            assert x0 >= lx0 - 1 and y0 >= ly0 - 1 and x1 <= lx1 + 1 and y1 <= ly1 + 1, item


def _states(n, seed, options=None):
    states, _ = random_game(ma, n, options or {"barracks_loss": "victim"}, seed=seed)
    return states


# -- the board image ----------------------------------------------------------------------------


@pytest.mark.parametrize("n", [2, 5])
def test_names_seat_numbers_and_coins_are_on_the_image(n):
    state = _states(n, 3)[40]
    image, recorder = _recorded(ma.view(state, None), names=NAMES[:n])
    drawn = " ".join(item.content for item in _texts(recorder, "headline"))
    for seat in range(n):
        assert NAMES[seat] in drawn
        assert str(state.coins[seat]) in drawn  # the public score on the seat's card
    assert image.size == (1100, 800)


def test_without_names_the_players_are_numbered():
    _, recorder = _recorded(ma.view(_states(3, 1)[10], None), lang="ja")
    drawn = " ".join(item.content for item in _texts(recorder))
    assert all(f"プレイヤー{i}" in drawn for i in (1, 2, 3))


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_estate_words_are_labels_in_the_server_language_never_cut(lang):
    _, recorder = _recorded(ma.view(_states(5, 2)[30], None), names=NAMES, lang=lang)
    labels = {item.content for item in _texts(recorder, "label")}
    for estate in ESTATES:
        assert translate(f"middle_ages.estate.{estate}", lang) in labels
    assert not any(label.endswith("…") for label in labels)
    sizes = [item.size for item in _texts(recorder, "label")]
    assert min(sizes) >= 20  # 10 px at inline size: tile and column numbers too


def test_column_and_row_numbers_and_tile_numbers_are_labels_at_five_players():
    state = _states(5, 4)[1]
    _, recorder = _recorded(ma.view(state, None), names=NAMES)
    labels = [item.content for item in _texts(recorder, "label")]
    for number in range(1, 7):
        assert str(number) in labels
    numbers = [slot["tile"]["number"] for row in ma.view(state, None)["rows"] for slot in row if slot["tile"]]
    assert len(numbers) == 4 * 6 and all(str(number) in labels for number in numbers)


def test_the_header_says_the_decision_in_words_and_the_last_move_large():
    state = next(s for s in _states(4, 5) if s.pending and s.pending[0]["kind"] == "scout")
    image, recorder = _recorded(ma.view(state, None), names=NAMES[:4], lang="en")
    headline = " ".join(item.content for item in _texts(recorder, "headline"))
    assert "rampart: send your scout to a tile (scout R-C)" in headline
    assert state.last["notation"] in headline
    assert any(item.content == state.last["notation"] and item.size >= 30 for item in _texts(recorder))


def test_the_penalty_is_a_preview_and_only_in_the_second_half():
    states = _states(3, 6)
    early = next(s for s in states if s.round == 3)
    late = next(s for s in states if s.round == 12 and any(scoring.penalty(s, p) for p in range(3)))
    _, recorder = _recorded(ma.view(early, None), names=NAMES[:3])
    drawn = [item.content for item in _texts(recorder)]
    assert not any("if the game ended now" in t for t in drawn)
    assert not any(t.startswith("-") for t in drawn)  # no red score from move 0
    image, recorder = _recorded(ma.view(late, None), names=NAMES[:3])
    previews = [item for item in _texts(recorder) if "if the game ended now" in item.content]
    assert len(previews) == sum(1 for p in range(3) if scoring.penalty(late, p))
    headline = [item.content for item in _texts(recorder, "headline")]
    for seat in range(3):  # the big figure is the coins, not the coins minus the penalty
        assert str(late.coins[seat]) in headline
    # the preview is in the muted colour, not in a seat colour or red
    x0, y0, x1, y1 = (round(v) for v in previews[0].box)
    colours = {c for _, c in image.convert("RGB").crop((x0, y0, x1, y1)).getcolors(10_000)}
    assert common.DEFAULT_THEME.muted in colours or any(
        sum(abs(a - b) for a, b in zip(c, common.DEFAULT_THEME.muted)) < 12 for c in colours)


def test_the_final_image_ranks_and_explains_each_score():
    final = _states(4, 7)[-1]
    result = ma.result(final)
    _, recorder = _recorded(ma.view(final, None), names=NAMES[:4])
    drawn = " ".join(item.content for item in _texts(recorder))
    headline = [item.content for item in _texts(recorder, "headline")]
    winner = result.ranks.index(1)
    assert f"{NAMES[winner]} wins" in drawn or "Shared win" in drawn
    for seat in range(4):
        assert f"coins {final.coins[seat]}" in drawn
        assert f"score {result.scores[seat]}" in drawn or str(result.scores[seat]) in headline
        empty = result.detail["empty"][seat]
        assert (f"empty estates {empty}: -{10 * empty}" if empty else "no empty estate") in drawn
    assert "#1" in drawn


def test_a_tie_broken_by_an_estate_is_said_in_words():
    final = _states(2, 8)[-1]
    view = ma.view(final, None)
    view["result"] = dict(view["result"], scores=[40, 40], ranks=[1, 2],
                          ties=[{"seats": [0, 1], "score": 40, "estate": "palace"}])
    _, recorder = _recorded(view, names=["Ann", "Bo"])
    assert "Ann, Bo tie at 40: most palace tiles decides" in " ".join(i.content for i in _texts(recorder))
    view["result"]["ties"] = [{"seats": [0, 1], "score": 40, "estate": None}]
    view["result"]["ranks"] = [1, 1]
    _, recorder = _recorded(view, names=["Ann", "Bo"], lang="ja")
    assert "同順位" in " ".join(i.content for i in _texts(recorder))


def test_ties_name_the_estate_that_decided():
    keys = [(30, 2, 1, 0, 0, 0, 0, 0, 0), (30, 1, 3, 0, 0, 0, 0, 0, 0), (12, 0, 0, 0, 0, 0, 0, 0, 0),
            (12, 0, 0, 0, 0, 0, 0, 0, 0)]
    assert scoring.ties(keys) == [{"seats": [0, 1], "score": 30, "estate": "palace"},
                                  {"seats": [2, 3], "score": 12, "estate": None}]


def test_every_tile_candidate_stays_inside_the_image():
    """The bug of issue 10: the third of three revive/lose candidates was drawn past the edge."""
    seen = 0
    most = 0
    for seed in range(12):
        n = 2 + seed % 4
        for state in _states(n, 100 + seed):
            if not state.pending or state.pending[0]["kind"] not in ("revive", "lose"):
                continue
            seat = state.pending[0]["seat"]
            candidates = state.graveyards[seat] if state.pending[0]["kind"] == "revive" \
                else state.estates[seat][state.pending[0]["estate"]]
            image, recorder = _recorded(ma.view(state, None), names=NAMES[:n])
            _inside(image, recorder)
            numbers = {item.content for item in _texts(recorder, "label")}
            assert {str(i + 1) for i in range(len(candidates))} <= numbers
            seen += 1
            most = max(most, len(candidates))
    assert seen >= 5 and most >= 3


def test_seat_marks_on_lords_carry_the_seat_shape_without_colour():
    state = _states(5, 9)[12]
    view = ma.view(state, None)
    g = board.geometry(5)
    image = board.draw(view, names=NAMES).convert("RGB")
    for r, row in enumerate(view["rows"]):
        for c, slot in enumerate(row):
            if slot["lord"] is not None:
                cx, cy = g.slot_centre(r, c)
                centre = (round(cx + g.tile / 2 - 14), round(cy - g.tile / 2 + 14))
                # the mark's number is drawn in black or white on the seat colour
                crop = image.crop((centre[0] - 8, centre[1] - 8, centre[0] + 8, centre[1] + 8))
                inks = {c for _, c in crop.getcolors(1000)}
                assert any(max(c) < 60 or min(c) > 230 for c in inks)


def test_random_states_in_both_languages_stay_in_their_boxes():
    rng = random.Random(10)
    for trial in range(8):
        n = rng.randint(2, 5)
        states = _states(n, rng.randrange(1000), {"barracks_loss": rng.choice(["latest", "victim"])})
        state = states[rng.randrange(len(states))]
        image, recorder = _recorded(ma.view(state, None), names=NAMES[:n], lang=rng.choice(["en", "ja"]))
        _inside(image, recorder)


# -- the engine says it in words ----------------------------------------------------------------


def test_decision_names_what_is_asked_in_both_languages():
    kinds = set()
    for seed in range(6):
        for state in _states(2 + seed % 4, 200 + seed):
            for seat in range(state.num_players):
                said = ma.decision(state, seat)
                if seat not in ma.to_act(state):
                    assert said is None
                    continue
                kind = state.pending[0]["kind"] if state.pending else ("place" if state.phase == "place" else "go")
                kinds.add(kind)
                assert said.key == f"middle_ages.decide.{kind}"
                for lang in ("en", "ja"):
                    words = said.in_lang(lang)
                    assert "{" not in words and "middle_ages." not in words
                view = ma.view(state, None)
                assert text_from_json(view["decision"]) == said
    assert {"place", "go", "revive", "scout", "coin", "plot", "lose"} <= kinds
    assert ma.seat_colours(ma.new_game(5, {}, 1)) == ["red", "blue", "yellow", "green", "purple"]


def test_every_event_resolution_is_said_in_words_to_everyone():
    seats = {"seat": 0, "to_seat": 1, "by_seat": 1}
    for seed in range(8):
        n = 2 + seed % 4
        state = ma.new_game(n, {"barracks_loss": "victim"}, 300 + seed)
        rng = random.Random(seed)
        cards = 0
        while ma.to_act(state):
            seat = min(ma.to_act(state))
            state, events = ma.apply(state, seat, rng.choice(ma.legal_moves(state, seat)))
            for i, event in enumerate(events):
                assert isinstance(event, Event) and event.seats is None  # public: the post lists it
                assert set(CATALOGUE[event.key]) >= {"en", "ja"}, event.key
                params = {k: (f"P{v + 1}" if k in seats else v) for k, v in event.params.items()}
                for lang in ("en", "ja"):
                    said = translate(event.key, lang, **params)
                    assert "{" not in said and said != event.key, (event.key, lang, said)
                if event.key.startswith("middle_ages.ev.card."):
                    cards += 1
                    follow = events[i + 1] if i + 1 < len(events) else None
                    assert follow is not None and follow.key.startswith(
                        ("middle_ages.ev.card_", "middle_ages.ev.lost.")), follow
        assert cards == 4
