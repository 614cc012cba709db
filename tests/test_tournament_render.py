"""The standings and podium images: measured at Discord's inline size (550 x 400) in English and
Japanese, every text inside its box and the canvas, the names on the image, large fields cut
with a "more" line."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image

import renderers
import tournaments as T
from renderers import common
from renderers.frame import inline_scale
from renderers.tournament import draw_podium, draw_standings, render_podium, render_standings

NAMES = ["山田太郎", "Zoë Ångström-Łukasz", "Kenji 🐉", "Alexandria the Magnificent", "さくら", "Bob", "Ravi"]
MINIMUM_INLINE = {"headline": 12, "text": 10}


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


def check(draw, view, lang, where):
    with common.recording() as recorder:
        image = draw(view, lang=lang)
    assert image.size == (1100, 800)
    scale = inline_scale(*image.size)
    texts = [item for item in recorder.items if item.kind == "text"]
    assert texts
    for item in texts:
        assert item.size * scale >= MINIMUM_INLINE[item.role] - 1e-6, f"{where}: {item.content!r} too small"
        x0, y0, x1, y1 = item.box
        assert x0 >= -1 and y0 >= -1 and x1 <= 1101 and y1 <= 801, f"{where}: {item.content!r} off the canvas"
        if item.limit:
            lx0, ly0, lx1, ly1 = item.limit
            assert x0 >= lx0 - 1 and y0 >= ly0 - 1 and x1 <= lx1 + 1 and y1 <= ly1 + 1, \
                f"{where}: {item.content!r} leaves its box"
    return " ".join(item.content for item in texts)


@pytest.mark.parametrize("name", sorted(VIEWS))
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_standings_image_is_readable_inline(name, lang):
    view = VIEWS[name]()
    drawn = check(draw_standings, view, lang, f"{name} {lang}")
    shown = [row for row in view["rows"]][:12]
    for row in shown:
        assert common.displayable(row["name"])[:3] in drawn
    if len(view["rows"]) > 20:
        assert ("more" in drawn) if lang == "en" else ("ほか" in drawn)
    assert ("Standings" in drawn) if lang == "en" else ("順位表" in drawn)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_podium_names_the_first_three(lang):
    view = VIEWS["swiss-7"]()
    drawn = check(draw_podium, view, lang, f"podium {lang}")
    for row in view["rows"]:
        if row["rank"] <= 3:
            assert common.displayable(row["name"])[:3] in drawn
    png = render_podium(view, lang=lang)
    assert Image.open(io.BytesIO(png)).size == (1100, 800)


def test_png_bytes_and_not_a_game_renderer():
    png = render_standings(VIEWS["swiss-7"](), lang="ja")
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    assert not renderers.has_renderer("tournament")  # not listed among the games' boards
