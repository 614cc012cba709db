"""The leaderboard image: readable inline (550 x 400) and on a 360 px phone in English and
Japanese (every text 10 px or more seen both ways, inside its box), names and ratings on it,
provisional ratings marked with "?" and explained by the legend."""

from __future__ import annotations

import io

import pytest
from PIL import Image

import tournaments as T
from renderers import common
from renderers.ratings import (
    PROVISIONAL_MARK,
    ROWS,
    draw_history,
    draw_leaderboard,
    render_leaderboard,
)
from tests.test_tournament_render import NAMES, check, glyph_height_on_a_phone


def view(players: int) -> dict:
    ratings = {f"u{i}": T.Rating(25 + (i % 7) - 3, 8.33 - min(i, 12) * 0.5, games=i) for i in range(players)}
    rows = T.leaderboard(ratings)
    return {"game": "Medina", "total": len(rows), "rows": [
        {"rank": r.rank, "name": NAMES[int(r.player[1:]) % len(NAMES)], "rating": r.rating.ordinal,
         "games": r.rating.games, "provisional": r.rating.provisional} for r in rows[:ROWS]]}


@pytest.mark.parametrize("players", [3, 12, 40])
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_leaderboard_is_readable_inline_and_on_a_phone(players, lang):
    shown = view(players)
    drawn, texts = check(draw_leaderboard, shown, lang, f"leaderboard {players} {lang}", size=(720, 800))
    assert glyph_height_on_a_phone(texts, 720) >= 7
    for row in shown["rows"]:
        assert common.displayable(row["name"])[:3] in drawn
        number = f"{row['rating']:.1f}" + (PROVISIONAL_MARK if row["provisional"] else "")
        assert number in drawn, f"{number} not on the image"
    established = [r for r in shown["rows"] if not r["provisional"]]
    assert f"{established[0]['rating']:.1f}{PROVISIONAL_MARK}" not in drawn if established else True
    assert ("provisional" in drawn) if lang == "en" else ("暫定" in drawn)  # the legend
    if players > ROWS:
        assert ("more" in drawn) if lang == "en" else ("ほか" in drawn)


def test_png_bytes():
    png = render_leaderboard(view(5), lang="ja")
    assert Image.open(io.BytesIO(png)).size == (720, 800)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_rating_history_sparkline_is_readable(lang):
    shown = {"player": "Alexandria the Magnificent", "game": "Medina",
             "points": [{"rating": v, "provisional": i < 4} for i, v in enumerate([0, -2.5, 1.5, 3.0, 2.0, 6.5])]}
    drawn, texts = check(draw_history, shown, lang, f"history {lang}", size=(720, 300))
    assert "Alexandria" in drawn and "6.5" in drawn and "-2.5" in drawn
    assert glyph_height_on_a_phone(texts, 720) >= 7
