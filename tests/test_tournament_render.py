"""The standings and podium images: measured at Discord's inline size (550 x 400) and on a phone
360 px wide, in English and Japanese: every text at least 10 px seen both ways (the headline
facts 12 px inline), inside its box and the canvas, the names on the image, large fields on
several pages, the round results all shown."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image

import renderers
import tournaments as T
from renderers import common
from renderers.frame import inline_scale
from renderers.tournament import (
    MAX_PAGES,
    draw_podium,
    draw_standings,
    render_podium,
    render_standings,
    render_standings_pages,
    standings_pages,
)

NAMES = ["山田太郎", "Zoë Ångström-Łukasz", "Kenji 🐉", "Alexandria the Magnificent", "さくら", "Bob", "Ravi"]
MINIMUM_INLINE = {"headline": 12, "text": 10}
#: Discord on a phone shows an image about 360 px wide: every text at least 10 px there.
PHONE_WIDTH, MINIMUM_PHONE = 360, 10


def finished(fmt: str, n: int, **options) -> T.Tournament:
    t = T.new_tournament(T.Settings.make("medina", fmt, **options))
    for i in range(n):
        t = T.add_entrant(t, f"u{i}", NAMES[i % len(NAMES)] + (f" {i}" if i >= len(NAMES) else ""))
    t = T.start(t)
    rng = random.Random(n)
    while t.status == "running":
        t, rnd = T.pair_next_round(t)
        t = T.begin_round(t)
        for tb in rnd.tables:
            k = len(tb.entrants)
            t = T.record_result(t, tb.number, places=[1 + x for x in rng.sample(range(k), k)])
    return t


VIEWS = {
    "swiss-7": lambda: T.standings_view(finished("swiss", 7, rounds=4), title="Medina Cup"),
    "swiss-60": lambda: T.standings_view(finished("swiss", 60, rounds=9), title="A very long tournament title " * 3),
    "tables-9": lambda: T.standings_view(finished("swiss_tables", 9, table_size=3), title="Tables"),
    "double-6": lambda: T.standings_view(finished("double_elimination", 6), title="Knockout"),
}


def check(draw, view, lang, where, size=(1100, 800), **options):
    with common.recording() as recorder:
        image = draw(view, lang=lang, **options)
    assert image.size == size
    width, height = size
    scale = inline_scale(*image.size)
    phone = min(1.0, PHONE_WIDTH / width)
    texts = [item for item in recorder.items if item.kind == "text"]
    assert texts
    for item in texts:
        assert item.size * scale >= MINIMUM_INLINE[item.role] - 1e-6, f"{where}: {item.content!r} too small"
        assert item.size * phone >= MINIMUM_PHONE - 1e-6, \
            f"{where}: {item.content!r} is {item.size * phone:.1f} px on a phone"
        x0, y0, x1, y1 = item.box
        assert x0 >= -1 and y0 >= -1 and x1 <= width + 1 and y1 <= height + 1, f"{where}: {item.content!r} off the canvas"
        if item.limit:
            lx0, ly0, lx1, ly1 = item.limit
            assert x0 >= lx0 - 1 and y0 >= ly0 - 1 and x1 <= lx1 + 1 and y1 <= ly1 + 1, \
                f"{where}: {item.content!r} leaves its box"
    return " ".join(item.content for item in texts), texts


def glyph_height_on_a_phone(texts, image_width):
    """The smallest height of an inked digit or capital seen on a phone (the recorded boxes
    are the drawn text's ink boxes on the canvas)."""
    phone = PHONE_WIDTH / image_width
    heights = [(item.box[3] - item.box[1]) * phone for item in texts
               if item.content and item.content[0].isalnum() and item.content[0].isupper() or item.content.isdigit()]
    return min(heights)


@pytest.mark.parametrize("name", sorted(VIEWS))
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_standings_image_is_readable_inline_and_on_a_phone(name, lang):
    view = VIEWS[name]()
    pages = standings_pages(view, lang)
    drawn_pages = []
    for page in range(pages):
        drawn, texts = check(draw_standings, view, lang, f"{name} {lang} p{page}", size=(720, 800), page=page)
        # the capitals and digits are inked at least 7 px tall on a 360 px phone (10 px type)
        assert glyph_height_on_a_phone(texts, 720) >= 7, f"{name} {lang} p{page}"
        drawn_pages.append(drawn)
        assert ("Standings" in drawn) if lang == "en" else ("順位表" in drawn)
    everything = " ".join(drawn_pages)
    for row in view["rows"][:pages * 9]:  # every row of the pages is on them, with its results
        assert common.displayable(row["name"])[:3] in everything
    rows = view["rows"]
    if len(rows) > 9:
        assert pages > 1 and (("page 1/" in drawn_pages[0]) if lang == "en" else ("ページ" in drawn_pages[0]))
    # every round's result of the first row is printed (as W3 / ○3, 2/3, bye...)
    first = drawn_pages[0]
    for cell in rows[0]["results"]:
        printed = {"W": "○", "D": "△", "L": "●"}.get(cell[0], cell[0]) + cell[1:] if lang == "ja" else cell
        if cell == "B":
            printed = "bye" if lang == "en" else "不戦"
        assert printed in first, f"{name} {lang}: the result {cell} of the leader is not shown"


def test_a_field_larger_than_the_pages_ends_with_a_more_line():
    view = T.standings_view(finished("swiss", 200, rounds=8), title="Open")
    assert standings_pages(view) == MAX_PAGES
    drawn, _ = check(draw_standings, view, "en", "swiss-200 last", size=(720, 800), page=MAX_PAGES - 1)
    assert "more" in drawn
    pngs = render_standings_pages(view)
    assert len(pngs) == MAX_PAGES and all(Image.open(io.BytesIO(p)).size == (720, 800) for p in pngs)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_podium_names_the_first_three(lang):
    view = VIEWS["swiss-7"]()
    drawn, _ = check(draw_podium, view, lang, f"podium {lang}")
    for row in view["rows"]:
        if row["rank"] <= 3:
            assert common.displayable(row["name"])[:3] in drawn
    png = render_podium(view, lang=lang)
    assert Image.open(io.BytesIO(png)).size == (1100, 800)


def test_png_bytes_and_not_a_game_renderer():
    png = render_standings(VIEWS["swiss-7"](), lang="ja")
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    assert not renderers.has_renderer("tournament")  # not listed among the games' boards


# --- issue 28: names told apart, abbreviations spelt out, brackets, a full podium -----------------


def test_standings_keep_every_name_distinguishable_and_spell_out_the_tie_breaks():
    names = ["Alexandria the Magnificent of the North", "Alexandria the Magnificent of the South", "Bob", "Bob"]
    t = T.new_tournament(T.Settings.make("medina", "swiss", rounds=2))
    for i, name in enumerate(names):
        t = T.add_entrant(t, f"u{i}", name)
    view = T.standings_view(T.start(t), title="Cup")
    with common.recording() as recorder:
        draw_standings(view, lang="en")
    drawn = [item.content for item in recorder.items if item.kind == "text"]
    shown = [c for c in drawn if c.startswith(("Alexandria", "Bob"))]
    assert len(shown) == 4 and len(set(shown)) == 4, shown  # cut in the middle; the two Bobs numbered
    assert any(c.endswith("North") for c in shown) and any(c.endswith("South") for c in shown)
    assert "Buch = Buchholz" in " ".join(drawn)


def _bracket(fmt: str, n: int, **options) -> dict:
    return T.bracket_view(finished(fmt, n, **options), title="Knockout")


@pytest.mark.parametrize("fmt,n,pages", [("single_elimination", 16, 1), ("single_elimination", 5, 1),
                                         ("double_elimination", 16, 4), ("single_elimination", 32, 3),
                                         ("double_elimination", 6, 3)])
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_bracket_shows_every_match_readable_on_a_phone(fmt, n, pages, lang):
    from renderers.tournament import bracket_pages, draw_bracket, render_bracket_pages

    view = _bracket(fmt, n)
    layout = bracket_pages(view)
    assert len(layout) == pages
    assert {mid for _, columns in layout for column in columns for mid in column} == {m["id"] for m in view["matches"]}
    everything = []
    for page in range(pages):
        drawn, texts = check(draw_bracket, view, lang, f"{fmt} {n} {lang} p{page}", size=(720, 800), page=page)
        assert glyph_height_on_a_phone(texts, 720) >= 7
        everything.append(drawn)
    names = {s["name"] for m in view["matches"] for s in m["sides"] if s and not s.get("bye")}
    assert len(names) == n and all(common.displayable(name)[:3] in " ".join(everything) for name in names)
    assert len(render_bracket_pages(view, lang=lang)) == pages


def test_the_bracket_marks_winners_scores_and_the_match_being_played():
    from renderers.tournament import draw_bracket

    t = T.new_tournament(T.Settings.make("medina", "single_elimination", best_of=3))
    for i in range(4):
        t = T.add_entrant(t, f"u{i}", NAMES[i])
    t = T.start(t)
    while t.status == "running":  # the first seat wins two games in a row at every table
        t, rnd = T.pair_next_round(t)
        t = T.begin_round(t)
        for tb in rnd.tables:
            for _ in range(2):
                t = T.record_result(t, tb.number, places=[1, 2])
    view = T.bracket_view(t)
    final = next(m for m in view["matches"] if m["id"] == "W2-1")
    assert final["status"] == "done" and max(s["wins"] for s in final["sides"]) == 2
    drawn, texts = check(draw_bracket, view, "en", "best of 3", size=(720, 800))
    assert "best of 3 (games won)" in drawn and "Final" in drawn
    winner = final["sides"][final["winner"]]["name"]
    assert any(item.content.startswith(common.displayable(winner)[:3]) for item in texts)
    # a round being played: its match framed in the highlight colour, its later matches waiting
    t = T.new_tournament(T.Settings.make("medina", "single_elimination"))
    for i in range(4):
        t = T.add_entrant(t, f"u{i}", NAMES[i])
    t, _ = T.pair_next_round(T.start(t))
    view = T.bracket_view(T.begin_round(t))
    assert {m["status"] for m in view["matches"]} == {"playing", "waiting"}
    image = draw_bracket(view)
    colours = {rgb for _, rgb in image.getcolors(1 << 20)}
    assert common.HIGHLIGHT in colours


def test_the_podium_fills_its_frame():
    view = VIEWS["swiss-7"]()
    with common.recording() as recorder:
        draw_podium(view, lang="en")
    below = [item for item in recorder.items if item.box[1] > 110]
    assert min(item.box[1] for item in below) < 800 / 3 - 60  # the crown and the first's name up top
