"""Tournament images: the standings after a round, the bracket of an elimination event and the
final podium.

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
    "tournament.image.bracket": {"en": "Bracket", "ja": "トーナメント表"},
    "tournament.image.section_W": {"en": "winners' bracket", "ja": "勝者側"},
    "tournament.image.section_L": {"en": "losers' bracket", "ja": "敗者側"},
    "tournament.image.section_F": {"en": "finals", "ja": "決勝"},
    "tournament.image.bracket_winners": {"en": "Each bracket's winner", "ja": "勝者側・敗者側の勝ち残り"},
    "tournament.image.bracket_round": {"en": "Round {round}", "ja": "{round}回戦"},
    "tournament.image.losers_round": {"en": "Losers' round {round}", "ja": "敗者側{round}回戦"},
    "tournament.image.final_round": {"en": "Final", "ja": "決勝"},
    "tournament.image.winners_final": {"en": "Winners' final", "ja": "勝者側決勝"},
    "tournament.image.grand_final": {"en": "Grand final", "ja": "グランドファイナル"},
    "tournament.image.grand_final_reset": {"en": "Grand final, reset", "ja": "グランドファイナル(再戦)"},
    "tournament.image.best_of": {"en": "best of {count} (games won)", "ja": "{count}番勝負(数字は勝ち数)"},
    "tournament.image.bye": {"en": "bye", "ja": "不戦"},
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
            height: int = HEADER, title_size: int = 34, small: int = SMALL_SIZE, extra: str = "",
            second: str | None = None) -> None:
    theme = DEFAULT_THEME
    ground = mix(theme.background, theme.card, 0.6)
    d.rectangle([0, 0, width, height - 1], fill=ground)
    d.line([(0, height - 1), (width, height - 1)], fill=theme.card_edge, width=2)
    title = str(view.get("title") or "")
    with within((MARGIN, 0, width - MARGIN, height)):
        first = f"{heading} · {title}" if title else heading  # the heading first: a long title is cut, not it
        text(d, (MARGIN, height * 0.33), fit_text(first, size=title_size, width=width - 2 * MARGIN, bold=True),
             size=title_size, fill=theme.text, anchor="lm", bold=True, role="headline")
        if second is not None:
            pass
        elif view.get("finished"):
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
    tb_w = max([66.0] + [text_width(_say(f"tournament.tb_short.{name}", lang), size=RESULT_SIZE) + 12
                         for name in tie_breaks])
    rank_w, points_w, name_min = 50, 66, 170
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
    # the tie-breaks' abbreviations spelt out at the foot ("Buch = Buchholz")
    legend = " · ".join(f"{_say(f'tournament.tb_short.{name}', lang)} = {_say(f'tournament.tb.{name}', lang)}"
                        for name in tie_breaks)
    footer = (36 if more > 0 else 0) + (34 if legend else 0)
    # a short page gets taller rows (to a limit), so the picture is not half empty
    row_h = min((height - MARGIN - footer - body_top) // max(per if more > 0 else len(rows), 1),
                60 if lay["one_line"] else 84)
    shown_names = _distinct_names(rows, NAME_SIZE, x_points - x_name, lang)
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
        dropped = bool(row.get("dropped"))
        with within((x_name, y0, x_points, y1)):
            suffix = f" ({_say('tournament.image.dropped', lang)})" if dropped else ""
            shown = shown_names[index]
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
    y = height - MARGIN - footer
    if more > 0:
        with within((MARGIN, y, right, y + 36)):
            line = fit_text(_say("tournament.image.more", lang, count=more), size=RESULT_SIZE, width=right - MARGIN)
            text(d, (width / 2, y + 18), line, size=RESULT_SIZE, fill=theme.muted, anchor="mm", role="text")
        y += 36
    if legend:
        with within((MARGIN, y, right, y + 34)):
            text(d, (MARGIN + 4, y + 17), fit_text(legend, size=RESULT_SIZE, width=right - MARGIN - 8),
                 size=RESULT_SIZE, fill=theme.muted, anchor="lm", role="text")
    return image


def _distinct_names(rows: Sequence[Mapping[str, Any]], size: int, width: float, lang: str) -> list[str]:
    """Each row's name as drawn in a name column ``width`` px wide: a long name cut in the
    middle ("Alexandria…Great"), so two that share their start stay apart; names that still
    read the same get their entry number ("Bob #3", "Bob #7")."""
    shown = []
    for index, row in enumerate(rows):
        dropped = f" ({_say('tournament.image.dropped', lang)})" if row.get("dropped") else ""
        bold = int(row.get("rank", index + 1)) == 1
        room = width - 12 - text_width(dropped, size=RESULT_SIZE)
        shown.append((str(row.get("name", "")), room, bold))
    cut = [fit_text(name, size=size, width=room, bold=bold, middle=True) for name, room, bold in shown]
    same = {c for c in cut if cut.count(c) > 1}
    for i, (name, room, bold) in enumerate(shown):
        if cut[i] in same and rows[i].get("seed"):
            number = f" #{rows[i]['seed']}"
            cut[i] = fit_text(name, size=size, width=room - text_width(number, size=size, bold=bold), bold=bold,
                              middle=True) + number
    return cut


def render_standings(view: Mapping[str, Any], *, lang: str = "en", page: int = 0) -> bytes:
    """PNG bytes of one page of the standings image."""
    return encode_png(draw_standings(view, lang=lang, page=page))


def render_standings_pages(view: Mapping[str, Any], *, lang: str = "en") -> list[bytes]:
    """PNG bytes of every page of the standings image."""
    return [render_standings(view, lang=lang, page=page) for page in range(standings_pages(view, lang))]


def draw_podium(view: Mapping[str, Any], *, lang: str = "en") -> Image.Image:
    """The final podium (RGB): first in the middle under a crown, second left, third right; tied
    entrants share a step (two names shown, then "+n"). The steps, names and crown are sized so
    the first's block reaches up to the header: no empty top third."""
    theme = DEFAULT_THEME
    image = Image.new("RGB", (WIDTH, HEIGHT), theme.background)
    on_canvas(image)
    d = ImageDraw.Draw(image)
    head = HEADER + 12
    _header(d, view, lang, _say("tournament.image.podium", lang), height=head, small=PODIUM_SMALL)
    rows = list(view.get("rows", ()))
    by_rank: dict[int, list[Mapping[str, Any]]] = {}
    for row in rows:
        by_rank.setdefault(int(row.get("rank", 0)), []).append(row)
    steps = sorted(r for r in by_rank if r <= 3)[:3]
    floor = HEIGHT - MARGIN
    step_w, gap = 340, 16
    centres = {0: WIDTH / 2, 1: WIDTH / 2 - step_w - gap, 2: WIDTH / 2 + step_w + gap}
    name_size, line_h, crown_w = 40, 50, 96
    # the first's block (crown, up to two names, points) sits right under the header
    first_top = head + 16 + crown_w * 0.75 + 8 + 2 * line_h + 44
    tallest = floor - first_top
    heights = {0: tallest, 1: round(tallest * 0.74), 2: round(tallest * 0.56)}
    for position, rank in enumerate(steps):
        cx = centres[position]
        x0, x1 = cx - step_w / 2, cx + step_w / 2
        top = floor - heights[position]
        medal = MEDALS[min(rank, 3) - 1]
        d.rounded_rectangle([x0, top, x1, floor], radius=12, fill=mix(medal, theme.card, 0.35),
                            outline=darker(medal, 0.35), width=4)
        with within((x0, top, x1, floor)):
            text(d, (cx, top + 80), str(rank), size=120, fill=darker(medal, 0.55), anchor="mm", bold=True,
                 role="headline")
        names = by_rank[rank]
        lines = [str(r.get("name", "")) for r in names[:2]]
        if len(names) > 2:
            lines[-1] += f" +{len(names) - 2}"
        points = _say("tournament.image.points_of", lang, points=_number(names[0].get("points", 0)))
        block_top = top - 12 - 40 - line_h * len(lines)
        with within((x0 - gap / 2, head, x1 + gap / 2, top)):
            if position == 0:
                crown = crown_sprite(crown_w, theme.gold, darker(theme.gold, 0.5))
                paste_centred(image, crown, (cx, block_top - crown_w * 0.375 - 6))
            for i, line in enumerate(lines):
                text(d, (cx, block_top + line_h / 2 + line_h * i),
                     fit_text(line, size=name_size, width=step_w + gap - 8, bold=True, middle=True), size=name_size,
                     fill=theme.text, anchor="mm", bold=True, role="headline")
            text(d, (cx, top - 30), points, size=PODIUM_SMALL, fill=theme.muted, anchor="mm", role="headline")
        if rank == 1:
            with within((x0, top, x1, floor)):
                champion = fit_text(_say("tournament.image.champion", lang), size=PODIUM_SMALL + 4,
                                    width=step_w - 20, bold=True)
                text(d, (cx, top + 175), champion, size=PODIUM_SMALL + 4, fill=darker(medal, 0.55), anchor="mm",
                     bold=True, role="headline")
    return image


def render_podium(view: Mapping[str, Any], *, lang: str = "en") -> bytes:
    """PNG bytes of the podium image."""
    return encode_png(draw_podium(view, lang=lang))


# --- the bracket (single and double elimination) ---------------------------------------------------

#: A bracket page holds at most this many rounds side by side and this many matches in its first.
BRACKET_COLUMNS, BRACKET_LEAVES = 4, 8
BRACKET_NAME, BRACKET_SMALL = 22, 20


def bracket_pages(view: Mapping[str, Any]) -> list[tuple[str, list[list[str]]]]:
    """How a bracket view is cut into pages: ``(section, columns)`` with ``section`` ``W``, ``L``
    or ``F`` and ``columns`` the match ids of each round shown, left to right. A section's first
    round is cut into pages of :data:`BRACKET_LEAVES` matches, each followed for up to
    :data:`BRACKET_COLUMNS` rounds; the matches where pages meet start the next page (16 entrants
    fit one page; 32 take three). The finals start from the two brackets' winners."""
    matches = {m["id"]: m for m in view.get("matches", ())}
    pages: list[tuple[str, list[list[str]]]] = []
    for section in ("W", "L", "F"):
        members = [m for m in matches.values() if m["bracket"] == section]
        if not members:
            continue
        first = min(m["level"] for m in members)
        if section == "F":
            frontier = [f for f in members[0]["feeders"] if f in matches]
        else:
            frontier = [m["id"] for m in members if m["level"] == first]
        shown: set[str] = set()
        while frontier:
            ends: list[str] = []
            for k in range(0, len(frontier), BRACKET_LEAVES):
                columns = [frontier[k:k + BRACKET_LEAVES]]
                page = set(columns[0])
                while len(columns) < BRACKET_COLUMNS:
                    after = [m["id"] for m in members if m["id"] not in page and m["id"] not in shown
                             and any(f in page for f in m["feeders"])
                             and all(f in page for f in m["feeders"] if matches[f]["bracket"] == section)]
                    if not after:
                        break
                    columns.append(after)
                    page |= set(after)
                shown |= page - set(columns[0] if section == "F" else ())
                pages.append((section, columns))
                ends += [mid for mid in columns[-1]
                         if any(mid in m["feeders"] and m["id"] not in shown for m in members)]
            frontier = ends if ends != frontier else []
    return pages


def _bracket_label(section: str, column: list[str], matches: Mapping[str, Any], view: Mapping[str, Any],
                   lang: str) -> str:
    """The round a column shows: "Round 2", "Final", "Losers' round 3", "Grand final"..."""
    m = matches[column[0]]
    if section == "F" and m["bracket"] != "F":
        return _say("tournament.image.bracket_winners", lang)
    if section == "F":
        return _say("tournament.image.grand_final" if m["id"] == "GF" else "tournament.image.grand_final_reset", lang)
    last = max(x["level"] for x in view["matches"] if x["bracket"] == section)
    if section == "W" and m["level"] == last:
        return _say("tournament.image.final_round" if view.get("format") == "single_elimination"
                    else "tournament.image.winners_final", lang)
    key = "tournament.image.bracket_round" if section == "W" else "tournament.image.losers_round"
    return _say(key, lang, round=m["level"])


def draw_bracket(view: Mapping[str, Any], *, lang: str = "en", page: int = 0) -> Image.Image:
    """Page ``page`` of the bracket image (RGB, 720 x 800 like the standings: read at half size
    inline and on a phone): the rounds side by side, each match a box of its two sides (seed,
    name, games won in a best-of), the winner on a tint and in bold, the match being played
    framed in the highlight colour, and lines from each match to the one its winner (or, into
    the losers' bracket, its loser) goes on to: dark once decided, so an entrant's path reads
    from left to right."""
    theme = DEFAULT_THEME
    width, height = STANDINGS_WIDTH, STANDINGS_HEIGHT
    image = Image.new("RGB", (width, height), theme.background)
    on_canvas(image)
    d = ImageDraw.Draw(image)
    pages = bracket_pages(view) or [("W", [])]
    page = max(0, min(page, len(pages) - 1))
    section, columns = pages[page]
    matches = {m["id"]: m for m in view.get("matches", ())}
    best_of = int(view.get("best_of") or 1)
    double = view.get("format") == "double_elimination"
    extra = [_say(f"tournament.image.section_{section}", lang)] if double else []
    if best_of > 1:
        extra.append(_say("tournament.image.best_of", lang, count=best_of))
    if len(pages) > 1:
        extra.append(_say("tournament.image.page", lang, page=page + 1, pages=len(pages)))
    status = _say("tournament.image.final", lang) if view.get("finished") else ""
    _header(d, view, lang, _say("tournament.image.bracket", lang), width=width, title_size=30,
            second=" · ".join(part for part in [status] + extra if part) or None)
    if not columns:
        return image
    right = width - MARGIN
    gap = 18
    col_w = (right - MARGIN - gap * (len(columns) - 1)) / len(columns)
    label_top = HEADER + 6
    body_top, body_bottom = label_top + 34, height - MARGIN
    leaves = len(columns[0])
    slot = (body_bottom - body_top) / max(leaves, 1)
    row_h = min(40.0, max(30.0, (slot - 12) / 2))
    box_h = 2 * row_h
    centre: dict[str, float] = {}
    for k, mid in enumerate(columns[0]):
        centre[mid] = body_top + slot * (k + 0.5)
    for column in columns[1:]:
        for mid in column:
            if not matches[mid].get("third_place"):
                ys = [centre[f] for f in matches[mid]["feeders"] if f in centre]
                centre[mid] = sum(ys) / len(ys)
        for mid in column:  # the third-place match under the final, apart from the tree's lines
            if matches[mid].get("third_place"):
                lowest = max((centre[m] for m in column if m in centre), default=body_top + box_h / 2)
                centre[mid] = min(lowest + box_h + 44, body_bottom - box_h / 2)
    x_of = {mid: MARGIN + c * (col_w + gap) for c, column in enumerate(columns) for mid in column}
    for c, column in enumerate(columns):
        x0 = MARGIN + c * (col_w + gap)
        with within((x0, label_top, x0 + col_w, label_top + 30)):
            label = _bracket_label(section, column, matches, view, lang)
            text(d, (x0 + 4, label_top + 15), fit_text(label, size=BRACKET_SMALL, width=col_w - 8), size=BRACKET_SMALL,
                 fill=theme.muted, anchor="lm", role="text")
    # the lines first, under the boxes
    for mid, x in x_of.items():
        m = matches[mid]
        if m.get("third_place"):
            label = fit_text(_say("tournament.image.third_place", lang), size=BRACKET_SMALL, width=col_w - 8)
            text(d, (x + 4, centre[mid] - box_h / 2 - 14), label, size=BRACKET_SMALL, fill=theme.muted, anchor="lm",
                 role="text")
            continue
        for f in m["feeders"]:
            if f not in x_of or x_of[f] >= x:
                continue
            side = m["feeders"].index(f) if len(m["feeders"]) == 2 else 0
            ty = centre[mid] - row_h / 2 + side * row_h
            fy, fx = centre[f], x_of[f] + col_w
            decided = matches[f]["winner"] is not None
            ink = theme.text if decided else theme.card_edge
            mx = fx + gap / 2
            d.line([(fx, fy), (mx, fy), (mx, ty), (x, ty)], fill=ink, width=3 if decided else 2)
    for mid, x in x_of.items():
        m = matches[mid]
        y0 = centre[mid] - box_h / 2
        box = (x, y0, x + col_w, y0 + box_h)
        with within(box):
            _draw_match(d, m, box, row_h, best_of, lang)
    return image


def _draw_match(d: ImageDraw.ImageDraw, m: Mapping[str, Any], box: tuple[float, float, float, float],
                row_h: float, best_of: int, lang: str) -> None:
    theme = DEFAULT_THEME
    x0, y0, x1, y1 = box
    playing = m["status"] == "playing"
    d.rounded_rectangle([x0, y0, x1, y1], radius=6, fill=theme.card,
                        outline=theme.highlight if playing else theme.card_edge, width=4 if playing else 2)
    for i, side in enumerate(m["sides"][:2]):
        ry0 = y0 + i * row_h
        ym = ry0 + row_h / 2
        won = m["winner"] == i
        lost = m["winner"] is not None and not won
        if won:
            d.rectangle([x0 + 4, ry0 + 4 if i == 0 else ry0 + 1, x1 - 4, ry0 + row_h - (1 if i == 0 else 4)],
                        fill=KIND_TINT["W"])
        if i == 1:
            d.line([(x0 + 4, ry0), (x1 - 4, ry0)], fill=theme.card_edge, width=1)
        ink = theme.muted if lost else theme.text
        left = x0 + 8
        if side is None:
            text(d, (left, ym), "…", size=BRACKET_NAME, fill=theme.muted, anchor="lm", role="text")
            continue
        if side.get("bye"):
            text(d, (left, ym), _say("tournament.image.bye", lang), size=BRACKET_SMALL, fill=theme.muted, anchor="lm",
                 role="text")
            continue
        seed = str(side.get("seed") or "")
        if seed:
            text(d, (left, ym), seed, size=BRACKET_SMALL, fill=theme.muted, anchor="lm", role="text")
            left += text_width("88", size=BRACKET_SMALL) + 6
        score = str(side.get("wins", 0)) if best_of > 1 and m["status"] != "waiting" else ""
        score_w = text_width(score, size=24, bold=True) + 10 if score else 0
        if score:
            text(d, (x1 - 8, ym), score, size=24, fill=ink, anchor="rm", bold=True, role="headline")
        name = fit_text(str(side.get("name", "")), size=BRACKET_NAME, width=x1 - 8 - score_w - left, bold=won,
                        middle=True)
        text(d, (left, ym), name, size=BRACKET_NAME, fill=ink, anchor="lm", bold=won, role="text")


def render_bracket_pages(view: Mapping[str, Any], *, lang: str = "en") -> list[bytes]:
    """PNG bytes of every page of the bracket image (none for a view without matches)."""
    if not view.get("matches"):
        return []
    return [encode_png(draw_bracket(view, lang=lang, page=page)) for page in range(len(bracket_pages(view)))]
