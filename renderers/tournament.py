"""Tournament images: the standings after a round and the final podium.

Both read a plain standings view (:func:`tournaments.standings_view`: rows with rank, name,
points, tie-break values and one short result per round), never a tournament, and return PNG
bytes. The words come from the catalogue in English or Japanese.

**Standings** are drawn for a phone as much as for a desktop: a 720 x 800 canvas is shown at half
size both inline (550 x 400 box: 360 x 400) and on a 360 px wide phone, so every text is drawn
at 20 px or more (10 px seen) and the headline facts (rank, name, points) at 26 px. Each row
gives rank (medals for the first three), name, points and up to :data:`TIE_BREAK_COLUMNS`
tie-breaks (the text post lists them all), then its round results: on the same line when they
all fit, else on a second line of the row. A result is written ``W3`` / ``D1`` / ``L2`` (beat,
drew, lost to the player ranked 3, 1, 2 now) in English and ``○3`` / ``△1`` / ``●2`` in
Japanese, each on a tint of its own, so they read without colour too; ``2/4`` is a place at a
multiplayer table. A large field is drawn on several pages (:func:`render_standings_pages`,
:data:`PAGE_ROWS_*` rows each, at most :data:`MAX_PAGES`); a field larger still ends with a
line saying how many more there are.

**The podium** keeps the boards' 1100 x 800 frame; its texts are 32 px or more (10 px on a phone).

This module has no ``render`` function on purpose: it is not a game's board
(``renderers.render`` looks games up by module).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image, ImageDraw

from games.messages import register_messages, translate
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
from tournaments.messages import MESSAGES

WIDTH, HEIGHT = 1100, 800
#: The standings canvas: half size inline (height 400) and on a 360 px phone (width 360).
STANDINGS_WIDTH, STANDINGS_HEIGHT = 720, 800
MARGIN = 12
HEADER = 92
NAME_SIZE, NUMBER_SIZE, SMALL_SIZE, RESULT_SIZE = 26, 26, 22, 20
#: The podium's sizes (1100 px wide: a third on a phone).
PODIUM_SMALL = 32
#: At most this many tie-break columns are drawn (the text post lists them all).
TIE_BREAK_COLUMNS = 2
#: Rows per standings page with the results on the row's line / on a second line.
PAGE_ROWS_ONE_LINE, PAGE_ROWS_TWO_LINES = 15, 9
#: Pages at most (a Discord message carries 10 files; one is left for the podium).
MAX_PAGES = 9
MEDALS: Sequence[RGB] = ((246, 182, 10), (192, 196, 204), (205, 127, 50))
KIND_TINT: Mapping[str, RGB] = {"W": (196, 229, 204), "D": (226, 226, 214), "L": (244, 205, 200),
                                "B": (206, 222, 240)}
JA_MARKS = {"W": "○", "D": "△", "L": "●", "B": "不戦"}

#: This module's own texts (the others are the tournament core's).
TEXTS = {
    "tournament.image.page": {"en": "page {page}/{pages}", "ja": "{page}/{pages}ページ"},
    "tournament.image.results": {"en": "results, round {first} to {last}", "ja": "第{first}〜{last}回戦の結果"},
}
register_messages(TEXTS)


def _say(key: str, lang: str, **params: Any) -> str:
    if key not in MESSAGES and key not in TEXTS:  # a mistyped key fails loudly
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


def _header(d: ImageDraw.ImageDraw, view: Mapping[str, Any], lang: str, heading: str, *, width: int = WIDTH,
            height: int = HEADER, title_size: int = 34, small: int = SMALL_SIZE, extra: str = "") -> None:
    theme = DEFAULT_THEME
    ground = mix(theme.background, theme.card, 0.6)
    d.rectangle([0, 0, width, height - 1], fill=ground)
    d.line([(0, height - 1), (width, height - 1)], fill=theme.card_edge, width=2)
    title = str(view.get("title") or "")
    with within((MARGIN, 0, width - MARGIN, height)):
        first = f"{heading} · {title}" if title else heading  # the heading first: a long title is cut, not it
        text(d, (MARGIN, height * 0.33), fit_text(first, size=title_size, width=width - 2 * MARGIN, bold=True),
             size=title_size, fill=theme.text, anchor="lm", bold=True, role="headline")
        if view.get("finished"):
            second = _say("tournament.image.final", lang)
        elif view.get("rounds"):
            second = _say("tournament.image.after_round", lang, round=view.get("round", 0), rounds=view["rounds"])
        else:
            second = _say("tournament.image.after_round_open", lang, round=view.get("round", 0))
        fmt = _say(f"tournament.format.{view.get('format', 'swiss')}", lang)
        line = " · ".join(part for part in (fmt, second, extra) if part)
        text(d, (MARGIN, height * 0.78), fit_text(line, size=small, width=width - 2 * MARGIN),
             size=small, fill=theme.muted, anchor="lm", role="text")


def _layout(view: Mapping[str, Any], lang: str) -> dict[str, Any]:
    """Column positions on the standings canvas, and whether the results take a line of their own."""
    rows = list(view.get("rows", ()))
    tie_breaks = list(view.get("tie_breaks", ()))[:TIE_BREAK_COLUMNS]
    rounds = max((len(r.get("results", ())) for r in rows), default=0)
    labels = [_result(str(c), lang)[0] for r in rows for c in r.get("results", ())]
    cell = max([46.0] + [text_width(label, size=RESULT_SIZE) + 14 for label in labels])
    rank_w, points_w, tb_w, name_min = 50, 66, 66, 170
    x_name = MARGIN + rank_w
    right = STANDINGS_WIDTH - MARGIN
    fixed_right = points_w + tb_w * len(tie_breaks)
    one_line = x_name + name_min + fixed_right + cell * rounds <= right
    results_w = cell * rounds if one_line else 0
    x_points = right - results_w - fixed_right
    strip_x = x_points + fixed_right if one_line else x_name
    shown = rounds if one_line else min(rounds, int((right - strip_x) // cell))
    return {"tie_breaks": tie_breaks, "rounds": rounds, "cell": cell, "rank_w": rank_w, "points_w": points_w,
            "tb_w": tb_w, "x_name": x_name, "x_points": x_points, "x_tb": x_points + points_w,
            "strip_x": strip_x, "shown": shown, "first_round": rounds - shown, "one_line": one_line}


def standings_pages(view: Mapping[str, Any], lang: str = "en") -> int:
    """How many pages the standings take (at most :data:`MAX_PAGES`)."""
    per = PAGE_ROWS_ONE_LINE if _layout(view, lang)["one_line"] else PAGE_ROWS_TWO_LINES
    return max(1, min(MAX_PAGES, -(-len(view.get("rows", ())) // per)))


def draw_standings(view: Mapping[str, Any], *, lang: str = "en", page: int = 0) -> Image.Image:
    """Page ``page`` (from 0) of the standings image (RGB) of a standings view."""
    theme = DEFAULT_THEME
    width, height = STANDINGS_WIDTH, STANDINGS_HEIGHT
    image = Image.new("RGB", (width, height), theme.background)
    on_canvas(image)
    d = ImageDraw.Draw(image)
    lay = _layout(view, lang)
    pages = standings_pages(view, lang)
    page = max(0, min(page, pages - 1))
    _header(d, view, lang, _say("tournament.image.standings", lang), width=width, title_size=30,
            extra=_say("tournament.image.page", lang, page=page + 1, pages=pages) if pages > 1 else "")

    all_rows = list(view.get("rows", ()))
    per = PAGE_ROWS_ONE_LINE if lay["one_line"] else PAGE_ROWS_TWO_LINES
    rows = all_rows[page * per:(page + 1) * per]
    more = len(all_rows) - (page + 1) * per if page == pages - 1 else 0
    tie_breaks, cell = lay["tie_breaks"], lay["cell"]
    x_rank, x_name, x_points, x_tb = MARGIN, lay["x_name"], lay["x_points"], lay["x_tb"]
    rank_w, points_w, tb_w = lay["rank_w"], lay["points_w"], lay["tb_w"]
    right = width - MARGIN

    top = HEADER + 6
    head_h = 32
    with within((MARGIN, top, right, top + head_h)):
        y = top + head_h / 2
        head = {"size": RESULT_SIZE, "fill": theme.muted, "role": "text"}
        text(d, (x_rank + rank_w / 2, y), _say("tournament.image.rank", lang), anchor="mm", **head)
        text(d, (x_name + 8, y), _say("tournament.image.name", lang), anchor="lm", **head)
        text(d, (x_points + points_w / 2, y), _say("tournament.image.points", lang), anchor="mm", **head)
        for i, name in enumerate(tie_breaks):
            label = fit_text(_say(f"tournament.tb_short.{name}", lang), size=RESULT_SIZE, width=tb_w - 4)
            text(d, (x_tb + tb_w * i + tb_w / 2, y), label, anchor="mm", **head)
        if lay["one_line"]:
            for k in range(lay["shown"]):
                label = fit_text(_say("tournament.image.round", lang, round=k + 1), size=RESULT_SIZE, width=cell - 4)
                text(d, (lay["strip_x"] + cell * k + cell / 2, y), label, anchor="mm", **head)
    if not lay["one_line"] and lay["shown"]:
        top += head_h
        with within((MARGIN, top, right, top + head_h)):
            label = _say("tournament.image.results", lang, first=lay["first_round"] + 1, last=lay["rounds"])
            text(d, (x_name + 8, top + head_h / 2), fit_text(label, size=RESULT_SIZE, width=right - x_name - 8),
                 anchor="lm", **head)

    body_top = top + head_h + 4
    footer = 36 if more > 0 else 0
    # a short page gets taller rows (to a limit), so the picture is not half empty
    row_h = min((height - MARGIN - footer - body_top) // max(per if more > 0 else len(rows), 1),
                60 if lay["one_line"] else 84)
    for index, row in enumerate(rows):
        y0 = body_top + index * row_h
        y1 = y0 + row_h - 4
        line_h = (y1 - y0) if lay["one_line"] else (y1 - y0) / 2
        ym = y0 + line_h / 2
        fill = theme.card if index % 2 == 0 else mix(theme.card, theme.background, 0.45)
        d.rectangle([MARGIN, y0, right, y1], fill=fill)
        rank = int(row.get("rank", index + 1))
        with within((x_rank, y0, x_name, y1)):
            if rank <= 3:
                medal = MEDALS[rank - 1]
                r = min(line_h, rank_w) / 2 - 2
                cx = x_rank + rank_w / 2
                d.ellipse([cx - r, ym - r, cx + r, ym + r], fill=medal, outline=darker(medal, 0.4), width=2)
                text(d, (cx, ym), str(rank), size=NUMBER_SIZE, fill=ink_on(medal), anchor="mm", bold=True,
                     role="headline")
            else:
                text(d, (x_rank + rank_w / 2, ym), fit_text(str(rank), size=NUMBER_SIZE, width=rank_w - 2, bold=True),
                     size=NUMBER_SIZE, fill=theme.text, anchor="mm", bold=True, role="headline")
        name = str(row.get("name", ""))
        dropped = bool(row.get("dropped"))
        name_w = x_points - x_name
        with within((x_name, y0, x_points, y1)):
            suffix = f" ({_say('tournament.image.dropped', lang)})" if dropped else ""
            shown = fit_text(name, size=NAME_SIZE, width=name_w - 12 - text_width(suffix, size=RESULT_SIZE),
                             bold=rank == 1)
            text(d, (x_name + 8, ym), shown, size=NAME_SIZE, fill=theme.muted if dropped else theme.text,
                 anchor="lm", bold=rank == 1, role="headline")
            if suffix:
                text(d, (x_name + 8 + text_width(shown, size=NAME_SIZE, bold=rank == 1), ym), suffix,
                     size=RESULT_SIZE, fill=theme.muted, anchor="lm", role="text")
        with within((x_points, y0, x_tb, y1)):
            text(d, (x_points + points_w / 2, ym), fit_text(_number(row.get("points", 0)), size=NUMBER_SIZE,
                 width=points_w - 4, bold=True), size=NUMBER_SIZE, fill=theme.text, anchor="mm", bold=True,
                 role="headline")
        values = list(row.get("tie_breaks", ()))
        for i in range(len(tie_breaks)):
            cx = x_tb + tb_w * i + tb_w / 2
            with within((x_tb + tb_w * i, y0, x_tb + tb_w * (i + 1), y1)):
                value = _number(values[i]) if i < len(values) else ""
                text(d, (cx, ym), fit_text(value, size=SMALL_SIZE, width=tb_w - 4), size=SMALL_SIZE,
                     fill=theme.text, anchor="mm", role="text")
        results = list(row.get("results", ()))[lay["first_round"]:]
        ry0, ry1 = (y0, y1) if lay["one_line"] else (y0 + line_h, y1)
        for k, result in enumerate(results[:lay["shown"]]):
            cx0 = lay["strip_x"] + cell * k
            label, tint = _result(str(result), lang)
            if tint is not None:
                d.rounded_rectangle([cx0 + 3, ry0 + 4, cx0 + cell - 3, ry1 - 4], radius=6, fill=tint)
            with within((cx0, ry0, cx0 + cell, ry1)):
                text(d, (cx0 + cell / 2, (ry0 + ry1) / 2), fit_text(label, size=RESULT_SIZE, width=cell - 8),
                     size=RESULT_SIZE, fill=theme.text, anchor="mm", role="text")
    if more > 0:
        y = height - MARGIN - footer / 2
        with within((MARGIN, y - footer / 2, right, y + footer / 2)):
            line = fit_text(_say("tournament.image.more", lang, count=more), size=RESULT_SIZE, width=right - MARGIN)
            text(d, (width / 2, y), line, size=RESULT_SIZE, fill=theme.muted, anchor="mm", role="text")
    return image


def render_standings(view: Mapping[str, Any], *, lang: str = "en", page: int = 0) -> bytes:
    """PNG bytes of one page of the standings image."""
    return encode_png(draw_standings(view, lang=lang, page=page))


def render_standings_pages(view: Mapping[str, Any], *, lang: str = "en") -> list[bytes]:
    """PNG bytes of every page of the standings image."""
    return [render_standings(view, lang=lang, page=page) for page in range(standings_pages(view, lang))]


def draw_podium(view: Mapping[str, Any], *, lang: str = "en") -> Image.Image:
    """The final podium (RGB): first in the middle under a crown, second left, third right; tied
    entrants share a step (two names shown, then "+n")."""
    theme = DEFAULT_THEME
    image = Image.new("RGB", (WIDTH, HEIGHT), theme.background)
    on_canvas(image)
    d = ImageDraw.Draw(image)
    _header(d, view, lang, _say("tournament.image.podium", lang), height=HEADER + 12, small=PODIUM_SMALL)
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
            text(d, (cx, top - 26), points, size=PODIUM_SMALL, fill=theme.muted, anchor="mm", role="headline")
        if rank == 1:
            with within((x0, top, x1, floor)):
                champion = fit_text(_say("tournament.image.champion", lang), size=PODIUM_SMALL, width=step_w - 20,
                                    bold=True)
                text(d, (cx, top + 130), champion, size=PODIUM_SMALL, fill=darker(medal, 0.55), anchor="mm",
                     bold=True, role="headline")
    return image


def render_podium(view: Mapping[str, Any], *, lang: str = "en") -> bytes:
    """PNG bytes of the podium image."""
    return encode_png(draw_podium(view, lang=lang))
