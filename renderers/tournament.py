"""Tournament images: the standings after a round and the final podium.

Both read a plain standings view (:func:`tournaments.standings_view`: rows with rank, name,
points, tie-break values and one short result per round), never a tournament, and return PNG
bytes. Like the boards they are 1100 x 800, twice Discord's 550 x 400 inline box, and sized for
it: names and numbers at 13 px or more inline (8.5 px on a 360 px phone), column heads and
round results at 10 px or more. The words come from the catalogue in English or Japanese; the
round results are written ``W3`` / ``D1`` / ``L2`` (beat, drew, lost to the player ranked 3, 1,
2 now) in English and ``○3`` / ``△1`` / ``●2`` in Japanese, each on a tint of its own, so they
read without colour too.

A field larger than fits shows the top rows and says how many more there are (the text post and
``/tournament standings`` carry the whole table). This module has no ``render`` function on
purpose: it is not a game's board (``renderers.render`` looks games up by module).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image, ImageDraw

from games.messages import translate
from tournaments.messages import MESSAGES
from renderers.common import (
    DEFAULT_THEME,
    RGB,
    crown_sprite,
    darker,
    encode_png,
    fit_text,
    ink_on,
    mix,
    on_canvas,
    paste_centred,
    text,
    text_width,
    within,
)

WIDTH, HEIGHT = 1100, 800
MARGIN = 16
HEADER = 96
ROW = 44
NAME_SIZE, NUMBER_SIZE, SMALL_SIZE = 26, 26, 22
#: At most this many tie-break columns are drawn (the text post lists them all).
TIE_BREAK_COLUMNS = 3
ROUND_MIN, ROUND_MAX = 52, 76
MEDALS: Sequence[RGB] = ((246, 182, 10), (192, 196, 204), (205, 127, 50))
KIND_TINT: Mapping[str, RGB] = {"W": (196, 229, 204), "D": (226, 226, 214), "L": (244, 205, 200),
                                "B": (206, 222, 240)}
JA_MARKS = {"W": "○", "D": "△", "L": "●", "B": "不戦"}


def _say(key: str, lang: str, **params: Any) -> str:
    if key not in MESSAGES:  # importing MESSAGES registered them; a mistyped key fails loudly
        raise KeyError(key)
    return translate(key, lang, **params)


def _number(value: Any) -> str:
    """1 -> "1", 2.5 -> "2.5", 1.6667 -> "1.67"."""
    if isinstance(value, float):
        return f"{value:.2f}".rstrip("0").rstrip(".")
    return str(value)


def _result(cell: str, lang: str) -> tuple[str, RGB | None]:
    """A round's result as printed, and its tint."""
    kind = cell[:1]
    if kind in ("W", "D", "L") and cell[1:].isdigit():
        return ((JA_MARKS[kind] if lang == "ja" else kind) + cell[1:]), KIND_TINT[kind]
    if cell == "B":
        return (JA_MARKS["B"] if lang == "ja" else "bye"), KIND_TINT["B"]
    if "/" in cell:
        place = cell.split("/")[0]
        return cell, KIND_TINT["W"] if place == "1" else None
    return cell, None


def _header(d: ImageDraw.ImageDraw, view: Mapping[str, Any], lang: str, heading: str) -> None:
    theme = DEFAULT_THEME
    ground = mix(theme.background, theme.card, 0.6)
    d.rectangle([0, 0, WIDTH, HEADER - 1], fill=ground)
    d.line([(0, HEADER - 1), (WIDTH, HEADER - 1)], fill=theme.card_edge, width=2)
    title = str(view.get("title") or "")
    with within((MARGIN, 0, WIDTH - MARGIN, HEADER)):
        first = f"{heading} · {title}" if title else heading  # the heading first: a long title is cut, not it
        text(d, (MARGIN, 34), fit_text(first, size=34, width=WIDTH - 2 * MARGIN, bold=True), size=34,
             fill=theme.text, anchor="lm", bold=True, role="headline")
        if view.get("finished"):
            second = _say("tournament.image.final", lang)
        elif view.get("rounds"):
            second = _say("tournament.image.after_round", lang, round=view.get("round", 0), rounds=view["rounds"])
        else:
            second = _say("tournament.image.after_round_open", lang, round=view.get("round", 0))
        fmt = _say(f"tournament.format.{view.get('format', 'swiss')}", lang)
        text(d, (MARGIN, 76), fit_text(f"{fmt} · {second}", size=SMALL_SIZE, width=WIDTH - 2 * MARGIN),
             size=SMALL_SIZE, fill=theme.muted, anchor="lm", role="text")


def draw_standings(view: Mapping[str, Any], *, lang: str = "en") -> Image.Image:
    """The standings image (RGB) of a standings view."""
    theme = DEFAULT_THEME
    image = Image.new("RGB", (WIDTH, HEIGHT), theme.background)
    on_canvas(image)
    d = ImageDraw.Draw(image)
    _header(d, view, lang, _say("tournament.image.standings", lang))

    rows = list(view.get("rows", ()))
    tie_breaks = list(view.get("tie_breaks", ()))[:TIE_BREAK_COLUMNS]
    rounds = max((len(r.get("results", ())) for r in rows), default=0)
    # columns: rank, name, points, tie-breaks, rounds (the latest ones when they do not all fit)
    rank_w, points_w, tb_w = 64, 84, 88
    left = MARGIN
    fixed = rank_w + points_w + tb_w * len(tie_breaks)
    name_min = 250
    room = WIDTH - 2 * MARGIN - fixed - name_min
    shown_rounds = min(rounds, max(0, room // ROUND_MIN))
    round_w = min(ROUND_MAX, room // shown_rounds) if shown_rounds else 0
    name_w = WIDTH - 2 * MARGIN - fixed - round_w * shown_rounds
    first_round = rounds - shown_rounds

    x_rank = left
    x_name = x_rank + rank_w
    x_points = x_name + name_w
    x_tb = x_points + points_w
    x_rounds = x_tb + tb_w * len(tie_breaks)

    top = HEADER + 8
    head_h = 34
    with within((MARGIN, top, WIDTH - MARGIN, top + head_h)):
        y = top + head_h / 2
        text(d, (x_rank + rank_w / 2, y), _say("tournament.image.rank", lang), size=SMALL_SIZE, fill=theme.muted,
             anchor="mm", role="text")
        text(d, (x_name + 8, y), _say("tournament.image.name", lang), size=SMALL_SIZE, fill=theme.muted,
             anchor="lm", role="text")
        text(d, (x_points + points_w / 2, y), _say("tournament.image.points", lang), size=SMALL_SIZE,
             fill=theme.muted, anchor="mm", role="text")
        for i, name in enumerate(tie_breaks):
            label = fit_text(_say(f"tournament.tb_short.{name}", lang), size=SMALL_SIZE, width=tb_w - 6)
            text(d, (x_tb + tb_w * i + tb_w / 2, y), label, size=SMALL_SIZE, fill=theme.muted, anchor="mm", role="text")
        for k in range(shown_rounds):
            label = fit_text(_say("tournament.image.round", lang, round=first_round + k + 1), size=SMALL_SIZE,
                             width=round_w - 4)
            text(d, (x_rounds + round_w * k + round_w / 2, y), label, size=SMALL_SIZE, fill=theme.muted,
                 anchor="mm", role="text")

    body_top = top + head_h + 4
    footer = 40
    capacity = (HEIGHT - MARGIN - body_top) // ROW
    more = 0
    if len(rows) > capacity:
        capacity = (HEIGHT - MARGIN - footer - body_top) // ROW
        more = len(rows) - capacity
        rows = rows[:capacity]
    # a small field gets taller rows (up to 60 px), so the picture is not half empty
    row_h = min(60, (HEIGHT - MARGIN - body_top) // max(1, len(rows))) if not more else ROW
    for index, row in enumerate(rows):
        y0 = body_top + index * row_h
        y1 = y0 + row_h - 4
        ym = (y0 + y1) / 2
        fill = theme.card if index % 2 == 0 else mix(theme.card, theme.background, 0.45)
        d.rectangle([MARGIN, y0, WIDTH - MARGIN, y1], fill=fill)
        rank = int(row.get("rank", index + 1))
        with within((x_rank, y0, x_name, y1)):
            if rank <= 3:
                medal = MEDALS[rank - 1]
                r = (y1 - y0) / 2 - 2
                cx = x_rank + rank_w / 2
                d.ellipse([cx - r, ym - r, cx + r, ym + r], fill=medal, outline=darker(medal, 0.4), width=2)
                text(d, (cx, ym), str(rank), size=NUMBER_SIZE, fill=ink_on(medal), anchor="mm", bold=True,
                     role="headline")
            else:
                text(d, (x_rank + rank_w / 2, ym), str(rank), size=NUMBER_SIZE, fill=theme.text, anchor="mm",
                     bold=True, role="headline")
        name = str(row.get("name", ""))
        dropped = bool(row.get("dropped"))
        with within((x_name, y0, x_points, y1)):
            suffix = f" ({_say('tournament.image.dropped', lang)})" if dropped else ""
            shown = fit_text(name, size=NAME_SIZE, width=name_w - 16 - text_width(suffix, size=SMALL_SIZE))
            text(d, (x_name + 8, ym), shown, size=NAME_SIZE, fill=theme.muted if dropped else theme.text,
                 anchor="lm", bold=rank == 1, role="headline")
            if suffix:
                text(d, (x_name + 8 + text_width(shown, size=NAME_SIZE, bold=rank == 1), ym), suffix,
                     size=SMALL_SIZE, fill=theme.muted, anchor="lm", role="text")
        with within((x_points, y0, x_tb, y1)):
            text(d, (x_points + points_w / 2, ym), fit_text(_number(row.get("points", 0)), size=NUMBER_SIZE,
                 width=points_w - 4, bold=True), size=NUMBER_SIZE, fill=theme.text, anchor="mm", bold=True,
                 role="headline")
        values = list(row.get("tie_breaks", ()))
        for i in range(len(tie_breaks)):
            cx = x_tb + tb_w * i + tb_w / 2
            with within((x_tb + tb_w * i, y0, x_tb + tb_w * (i + 1), y1)):
                value = _number(values[i]) if i < len(values) else ""
                text(d, (cx, ym), fit_text(value, size=SMALL_SIZE, width=tb_w - 6), size=SMALL_SIZE,
                     fill=theme.text, anchor="mm", role="text")
        results = list(row.get("results", ()))[first_round:]
        for k, cell in enumerate(results[:shown_rounds]):
            cx0 = x_rounds + round_w * k
            label, tint = _result(str(cell), lang)
            if tint is not None:
                d.rounded_rectangle([cx0 + 3, y0 + 5, cx0 + round_w - 3, y1 - 5], radius=6, fill=tint)
            with within((cx0, y0, cx0 + round_w, y1)):
                text(d, (cx0 + round_w / 2, ym), fit_text(label, size=SMALL_SIZE, width=round_w - 8), size=SMALL_SIZE,
                     fill=theme.text, anchor="mm", role="text")
    if more:
        y = HEIGHT - MARGIN - footer / 2
        with within((MARGIN, y - footer / 2, WIDTH - MARGIN, y + footer / 2)):
            line = fit_text(_say("tournament.image.more", lang, count=more), size=SMALL_SIZE, width=WIDTH - 2 * MARGIN)
            text(d, (WIDTH / 2, y), line, size=SMALL_SIZE, fill=theme.muted, anchor="mm", role="text")
    return image


def render_standings(view: Mapping[str, Any], *, lang: str = "en") -> bytes:
    """PNG bytes of the standings image."""
    return encode_png(draw_standings(view, lang=lang))


def draw_podium(view: Mapping[str, Any], *, lang: str = "en") -> Image.Image:
    """The final podium (RGB): first in the middle under a crown, second left, third right; tied
    entrants share a step (two names shown, then "+n")."""
    theme = DEFAULT_THEME
    image = Image.new("RGB", (WIDTH, HEIGHT), theme.background)
    on_canvas(image)
    d = ImageDraw.Draw(image)
    _header(d, view, lang, _say("tournament.image.podium", lang))
    rows = list(view.get("rows", ()))
    by_rank: dict[int, list[Mapping[str, Any]]] = {}
    for row in rows:
        by_rank.setdefault(int(row.get("rank", 0)), []).append(row)
    steps = sorted(r for r in by_rank if r <= 3)[:3]
    floor = HEIGHT - MARGIN - 10
    step_w = 330
    centres = {0: WIDTH / 2, 1: WIDTH / 2 - step_w - 20, 2: WIDTH / 2 + step_w + 20}
    heights = {0: 300, 1: 220, 2: 160}
    for position, rank in enumerate(steps):
        cx = centres[position]
        x0, x1 = cx - step_w / 2, cx + step_w / 2
        top = floor - heights[position]
        medal = MEDALS[min(rank, 3) - 1]
        d.rounded_rectangle([x0, top, x1, floor], radius=10, fill=mix(medal, theme.card, 0.35),
                            outline=darker(medal, 0.35), width=3)
        with within((x0, top, x1, floor)):
            text(d, (cx, top + 60), str(rank), size=80, fill=darker(medal, 0.55), anchor="mm", bold=True,
                 role="headline")
        names = by_rank[rank]
        lines = [str(r.get("name", "")) for r in names[:2]]
        if len(names) > 2:
            lines[-1] += f" +{len(names) - 2}"
        points = _say("tournament.image.points_of", lang, points=_number(names[0].get("points", 0)))
        block_top = top - 12 - 38 * len(lines) - 34
        with within((x0 - 10, HEADER, x1 + 10, top)):
            if position == 0:
                crown = crown_sprite(72, theme.gold, darker(theme.gold, 0.5))
                paste_centred(image, crown, (cx, block_top - 36))
            for i, line in enumerate(lines):
                text(d, (cx, block_top + 19 + 38 * i), fit_text(line, size=32, width=step_w, bold=True), size=32,
                     fill=theme.text, anchor="mm", bold=True, role="headline")
            text(d, (cx, top - 26), points, size=NUMBER_SIZE, fill=theme.muted, anchor="mm", role="headline")
        if rank == 1:
            with within((x0, top, x1, floor)):
                champion = fit_text(_say("tournament.image.champion", lang), size=NUMBER_SIZE, width=step_w - 20,
                                    bold=True)
                text(d, (cx, top + 130), champion, size=NUMBER_SIZE, fill=darker(medal, 0.55), anchor="mm",
                     bold=True, role="headline")
    return image


def render_podium(view: Mapping[str, Any], *, lang: str = "en") -> bytes:
    """PNG bytes of the podium image."""
    return encode_png(draw_podium(view, lang=lang))
