"""The Masume Yakyu image on the shared 1100 x 800 frame, drawn from a view only.

``render(view, *, names=None, lang="en")`` returns PNG bytes. What it shows:

- the **header** (:mod:`renderers.frame`): who must choose and what, in plain words (a secret
  choice is only "chosen" / "waiting"); the last pitch (its card and final cell, public once
  revealed) on the right; at the end the winning team and the score;
- the **line score** across the top: a column per inning the game has (9, or the short game's 1-3);
  in extra innings the last eight innings and one column adding up those before them, so the
  columns always add up to R; then R and H; the team at bat marked;
- the **play** under it, in words: what the batted ball (or the pitch) did and what became of
  each runner ("Single to left · runner to 3rd");
- the **field** on the left: the fair territory with the bases, each runner's batting-order
  number and position on his base, the last batted ball's course (a dotted arc for a fly, a line
  for a grounder or a liner) and the runners' paths in the last move's hue; under it the count
  (B / S / O dots), the batter (his grades in words) and the pitcher (hand, cards left);
- the **pitching grid** on the right, as the pitcher sees it (columns A-E, rows 1-5, the strike
  zone framed, a band round it for pitches that leave the grid): the ball on the target once
  placed; after a reveal the pitch's path from target to final cell and the bat's spots lettered
  J U N L F, the spot that made contact ringed;
- the **seat cards** on the right: each seat in its team's colour (Battery partners share it and
  are told apart by their marks), team, role, runs.

Every word is a catalogue text; no Markdown reaches the image.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

import games.masume_yakyu  # noqa: F401  (registers the catalogue entries the image uses)
from games.messages import Text, text_from_json, translate
from renderers import palettes
from renderers.common import (
    DEFAULT_THEME,
    RGB,
    Theme,
    darker,
    encode_png,
    fit_text,
    mix,
    paste,
    region,
    supersampled,
    text,
    text_width,
    within,
    wrap_text,
)
from renderers.frame import HEADLINE, TEXT, Frame, Headline, Seat, layout, player_names

_P = "masume_yakyu."
#: The board's labels: 10 px and more on a 360 px wide phone (1100 -> 360).
LABEL = 31
#: The seat cards' column: narrower than the frame's default, so the grid and the field grow.
SIDE_WIDTH = 250
SCORE_HEIGHT, BANNER_HEIGHT, GAP = 104, 64, 8
#: The pitching grid's column: a band for the labels, a band of half a cell round the grid for
#: pitches that leave it, five cells.
GRID_WIDTH, GRID_LABELS, OFF_BAND = 450, 30, 0.5
#: At most this many inning columns; past them, one column adds up the earliest innings.
INNING_COLUMNS = 9
GRID_COLUMNS = "ABCDE"
SPOT_LETTERS = {"just": "J", "upper": "U", "near": "N", "lower": "L", "far": "F"}
INK_RED = (200, 40, 40)
GRASS = (96, 160, 92)
DIRT = (196, 154, 104)
CHALK = (250, 250, 250)
#: Where a batted ball goes on the field, by its course cell: the angle from centre field
#: (degrees, negative toward left, written for the left side and mirrored for the right), how far
#: (the fence is 1) and how it flies.
FLIGHT: dict[str, tuple[float, float, str]] = {
    "foul": (-52, 0.25, "fly"), "long_foul": (-50, 0.8, "fly"), "3b_fly": (-36, 0.4, "fly"),
    "texas": (-30, 0.52, "fly"), "shallow_of": (-24, 0.6, "fly"), "of_single": (-21, 0.7, "fly"),
    "of_fly": (-25, 0.8, "fly"), "deep_of": (-27, 0.94, "fly"), "of_double": (-34, 0.98, "fly"),
    "home_run": (-28, 1.08, "fly"), "3b_grounder": (-39, 0.34, "ground"), "ss_grounder": (-20, 0.38, "ground"),
    "deep_ss": (-18, 0.46, "ground"), "hole": (-13, 0.66, "ground"), "past_3b": (-41, 0.62, "ground"),
    "down_line": (-43, 0.78, "ground"), "line_double": (-44, 0.96, "ground"), "p_liner": (0, 0.18, "liner"),
    "comebacker": (4, 0.16, "ground"), "mid_liner": (9, 0.42, "liner"), "deep_2b": (11, 0.46, "ground"),
    "middle": (2, 0.66, "ground"), "cf_fly": (0, 0.78, "fly"), "deep_cf": (-3, 0.94, "fly"),
    "liner_single": (-7, 0.68, "liner"), "cf_double": (13, 0.98, "fly"),
}
#: The infielder a course cell goes to ("3b" and "ss" are 1B and 2B on the right side).
INFIELDER = {"3b_fly": "3b", "3b_grounder": "3b", "ss_grounder": "ss", "deep_ss": "ss", "past_3b": "3b",
             "deep_2b": "2b", "comebacker": "p", "p_liner": "p", "mid_liner": "2b"}
#: Bases from home, as a share of the fence's distance (larger than life, so runners' labels fit).
BASE_DISTANCE = 0.37
#: The fair territory's half-angle and the share of the fence the drawing reaches past it (home runs).
FOUL_LINE, BEYOND = 45, 1.1


def _say(key: str, lang: str, **params: Any) -> str:
    return translate(_P + key, lang, **params)


def _check(view: dict[str, Any]) -> None:
    if not isinstance(view, dict) or view.get("game") != "masume_yakyu":
        raise ValueError("not a Masume Yakyu view")


def render(view: dict[str, Any], *, names: Sequence[str] | None = None, lang: str = "en",
           theme: Theme = DEFAULT_THEME) -> bytes:
    """PNG bytes of a Masume Yakyu view (``MasumeYakyu.view(state, seat)``), 1100 x 800; the
    same picture for every seat (the view's private part is never drawn)."""
    return encode_png(draw(view, names=names, lang=lang, theme=theme), palette=palettes.fixed("masume_yakyu", theme))


def draw(view: dict[str, Any], *, names: Sequence[str] | None = None, lang: str = "en",
         theme: Theme = DEFAULT_THEME) -> Image.Image:
    _check(view)
    shown = player_names(names, view["num_players"], lang)
    colours = [theme.seat_colour(c) for c in view["colours"]]
    lay = layout(SIDE_WIDTH)
    frame = Frame(_seats(view, shown, colours, lang), lang=lang, theme=theme, lay=lay)
    frame.draw_header(_headline(view, shown, lang))
    d = ImageDraw.Draw(frame.image)
    x0, y0, x1, y1 = lay.board
    score = (x0, y0, x1, y0 + SCORE_HEIGHT)
    banner = (x0, score[3] + GAP, x1, score[3] + GAP + BANNER_HEIGHT)
    top = banner[3] + GAP
    grid = (x1 - GRID_WIDTH, top, x1, y1)
    field = (x0, top, grid[0] - 2 * GAP, y1)
    with within(score):
        # The line score changes only when a run, a hit or a half-inning does: mostly pasted.
        read = tuple(json.dumps(view.get(k), sort_keys=True) for k in _SCOREBOARD_READS)
        region(frame.image, _whole(score), ("masume_yakyu.score", read, lang, theme),
               lambda: _scoreboard(d, view, score, lang, theme))
    with within(banner):
        _banner(frame.image, d, view, banner, lang, theme)
    with within(field):
        _field(frame.image, d, view, field, lang, theme)
    with within(grid):
        _grid(frame.image, d, view, grid, lang, theme)
    frame.draw_seats()
    return frame.image


def _seats(view: dict[str, Any], names: list[str], colours: list[RGB], lang: str) -> list[Seat]:
    result = view.get("result") if view.get("finished") else None
    to_act = set(view.get("to_act") or ())
    out = []
    for s in range(view["num_players"]):
        team = s % 2
        roles = (view.get("roles") or [[]] * view["num_players"])[s]
        facts = (fit_text(_say(f"team.{view['teams'][team]}", lang), size=TEXT + 2, width=SIDE_WIDTH - 40),
                 " / ".join(_say(f"role.{r}", lang) for r in roles) or "-")
        out.append(Seat(seat=s, colour=colours[s], name=names[s], score=str(view["runs"][team]), facts=facts,
                        acting=result is None and s in to_act,
                        rank=result["ranks"][s] if result is not None else None,
                        breakdown=facts if result is not None else ()))
    return out


def _headline(view: dict[str, Any], names: list[str], lang: str) -> Headline:
    if view.get("finished"):
        runs = view["runs"]
        winner = 0 if runs[0] > runs[1] else 1
        return Headline(outcome=_say("img.winner", lang, team=_say(f"team.{view['teams'][winner]}", lang),
                                     runs=runs[winner], other=runs[1 - winner]))
    decision = text_from_json(view.get("decision")) if view.get("decision") else None
    said = _plain(decision, lang) if decision is not None else None
    last = view.get("last")
    short = None
    if last:
        short = f"{_say('card.' + last['card_name'], lang)} → {_cell(last['final'], lang)}"
    return Headline(acting=tuple(view.get("to_act") or ()), decision=said, last_seat=None, last=short)


def _plain(decision: Any, lang: str) -> str:
    """The decision in words for the image: its short form without the notation (the thread and
    the move builder give that), else the text with Markdown's backticks dropped."""
    if isinstance(decision, Text) and decision.key.startswith(_P + "decide."):
        short = _P + "img." + decision.key[len(_P):]
        said = translate(short, lang, **decision.params)
        if said != short:
            return said
    said = decision.in_lang(lang) if isinstance(decision, Text) else str(decision)
    return said.replace("`", "")


def _cell(final: Sequence[int], lang: str) -> str:
    x, y = final
    return f"{GRID_COLUMNS[x]}{y + 1}" if 0 <= x < 5 and 0 <= y < 5 else _say("off_grid", lang)


# -- the line score --------------------------------------------------------------------------------


def line_score_columns(view: dict[str, Any]) -> list[tuple[str, range]]:
    """The line score's columns: ``(label, innings)`` with innings as indices from the first.

    As many as the game has innings (9, 1-3, Tiebreak's 11th on); in extra innings past
    :data:`INNING_COLUMNS`, the last ones up to the current inning and a first column adding up
    all those before them, so the columns always add up to the runs."""
    first = view["first_inning"]
    played = len(view["linescore"][0])
    total = max(view["innings"] - first + 1, played, 1)
    if total <= INNING_COLUMNS:
        return [(str(first + i), range(i, i + 1)) for i in range(total)]
    start = played - (INNING_COLUMNS - 1)
    return [(f"{first}-{first + start - 1}", range(start))] + [(str(first + i), range(i, i + 1))
                                                                  for i in range(start, played)]


def _line_cell(view: dict[str, Any], team: int, innings: range) -> str:
    """A team's runs in a column: blank until played, "X" for a bottom half the home team never
    needed, blank for the bottom half still to come."""
    runs = view["linescore"][team]
    if innings.stop > len(runs):
        return ""
    current = view["inning"] - view["first_inning"]
    if team == view["home"] and innings.stop - 1 == current and view["half"] == 0:
        return "X" if view.get("finished") else ""
    return str(sum(runs[i] for i in innings))


#: What the scoreboard reads of a view (its cache key).
_SCOREBOARD_READS = ("home", "teams", "linescore", "innings", "inning", "first_inning", "half", "offence",
                     "finished", "runs", "hits")


def _whole(box) -> tuple[int, int, int, int]:
    """An integer box holding ``box`` and the far edge PIL draws one pixel past it."""
    x0, y0, x1, y1 = box
    return int(x0), int(y0), int(math.ceil(x1)) + 1, int(math.ceil(y1)) + 1


def _scoreboard(d: ImageDraw.ImageDraw, view: dict[str, Any], box, lang: str, theme: Theme) -> None:
    x0, y0, x1, y1 = box
    d.rounded_rectangle([x0, y0, x1, y1], radius=10, fill=theme.card, outline=theme.card_edge, width=2)
    ink = theme.text
    home = view["home"]
    teams = (1 - home, home)
    names = [_say(f"img.team.{view['teams'][t]}", lang) for t in teams]  # the short names of a scoreboard
    name_w = min(230, max(text_width(n, size=TEXT + 8, bold=True) for n in names) + 44)
    total_w = 58
    columns = line_score_columns(view)
    summary = columns[0][0] if len(columns[0][1]) > 1 else None
    summary_w = text_width(summary, size=LABEL) + 16 if summary else 0
    free = x1 - x0 - name_w - 2 * total_w - 12 - summary_w
    cell_w = min(64, free / (len(columns) - (1 if summary else 0)))
    lefts, x = [], x0 + name_w
    for i, (label, _) in enumerate(columns):
        lefts.append(x)
        x += summary_w if summary and i == 0 else cell_w
    widths = [summary_w if summary and i == 0 else cell_w for i in range(len(columns))]
    row_h = (y1 - y0) / 3
    current = view["inning"] - view["first_inning"]
    for i, (label, innings) in enumerate(columns):
        cx = lefts[i] + widths[i] / 2
        now = innings.stop - 1 == current and not view.get("finished") and view.get("offence") is not None
        text(d, (cx, y0 + row_h / 2), label, size=LABEL, fill=ink, anchor="mm", bold=now, role="label")
        if summary and i == 0:  # the summed innings set apart
            d.line([(lefts[i] + widths[i], y0 + 8), (lefts[i] + widths[i], y1 - 8)], fill=theme.card_edge, width=2)
    rh = x1 - 6 - 2 * total_w
    d.line([(rh, y0 + 8), (rh, y1 - 8)], fill=theme.card_edge, width=2)
    for j, label in enumerate(("R", "H")):
        text(d, (rh + total_w * j + total_w / 2, y0 + row_h / 2), label, size=LABEL, fill=ink, anchor="mm",
             bold=True, role="label")
    for row, team in enumerate(teams):
        cy = y0 + row_h * (row + 1) + row_h / 2
        batting = view.get("offence") == team and not view.get("finished")
        if batting:  # a bat-side triangle before the team at bat
            d.polygon([(x0 + 12, cy - 10), (x0 + 28, cy), (x0 + 12, cy + 10)], fill=ink)
        text(d, (x0 + 36, cy), fit_text(names[row], size=TEXT + 8, width=name_w - 44, bold=batting),
             size=TEXT + 8, fill=ink, anchor="lm", bold=batting, role="text")
        for i, (_, innings) in enumerate(columns):
            shown = _line_cell(view, team, innings)
            if shown:
                text(d, (lefts[i] + widths[i] / 2, cy), shown, size=LABEL, fill=ink, anchor="mm", role="label")
        for j, value in enumerate((view["runs"][team], view["hits"][team])):
            text(d, (rh + total_w * j + total_w / 2, cy), str(value), size=LABEL + 2, fill=ink, anchor="mm",
                 bold=True, role="label")
    for k in (1, 2):
        d.line([(x0 + 6, y0 + row_h * k), (x1 - 6, y0 + row_h * k)], fill=theme.card_edge, width=1)


# -- the play in words -----------------------------------------------------------------------------


def play_words(view: dict[str, Any], lang: str) -> str:
    """What the last pitch did, in words: the batter's result, then each runner's ("Single to
    left · runner to 3rd"); before any pitch, the half-inning under way."""
    last = view.get("last")
    if view.get("offence") is None:
        return _say("img.play.lineup", lang)
    if not last or "call" not in last:
        team = _say(f"team.{view['teams'][view['offence']]}", lang)
        return _say("img.play.half", lang, half=_say("half.top" if view["half"] == 0 else "half.bottom", lang),
                    inning=view["inning"], team=team)
    parts = [_call(last, lang)] + _runners(last, lang)
    if last.get("outs", 0) >= 3:
        parts.append(_say("img.play.three_out", lang))
    return _say("img.play.and", lang).join(p for p in parts if p)


def _call(last: dict[str, Any], lang: str) -> str:
    """The batter's part of the play."""
    call = last["call"]
    if call == "contact":
        course, cell = last["course"], last["fielder"]
        side = _say(f"side.{course}", lang)
        position = INFIELDER.get(cell)
        if position in ("3b", "ss"):
            position = f"{position}.{'right' if course == 'right' else 'left'}"
        fielder = _say(f"img.fielder.{position}", lang) if position else side
        outs = last.get("outs", 0) - last.get("outs_before", 0)
        if last["result"] == "grounder" and outs >= 2:
            return _say("img.hit.double_play", lang, fielder=fielder)
        if last["result"] == "infield":
            key = "img.hit.infield_safe" if last.get("reached") else "img.hit.infield_out"
            return _say(key, lang, fielder=fielder)
        return _say(f"img.hit.{cell}", lang, side=side, fielder=fielder)
    if call == "foul" and last.get("result") == "long_foul":
        return _say("img.call.long_foul", lang)
    if last.get("outcome") == "bunt":
        result = last["result"]
        if result in ("double_play", "lead_out") and (last.get("before") or [None])[0] is None:
            result = "sacrifice"  # nobody was forced: the batter is out, the runners move up
        return _say(f"img.bunt.{result}", lang)
    return _say(f"img.call.{call}", lang)


def _runners(last: dict[str, Any], lang: str) -> list[str]:
    """Each runner's part: moved up, scored, out (a steal named as one)."""
    before, after = last.get("before") or [None] * 3, last.get("after")
    if after is None:
        return []
    scored = last.get("scored") or []
    on = [(b, slot) for b, slot in enumerate(before) if slot is not None]
    stealing = last.get("steal") and last.get("call") not in ("contact", "foul")
    said = []
    for base, slot in on:
        whence = {"from": _say(f"base.{base}", lang)}
        form = "from_" if len(on) > 1 else ""
        if slot in scored:
            said.append(_say(f"img.runner.{form}scores", lang, **whence))
        elif slot in after:
            to = after.index(slot)
            if to > base:
                kind = "stole" if stealing else "to"
                said.append(_say(f"img.runner.{form}{kind}", lang, to=_say(f"base.{to}", lang), **whence))
        else:
            said.append(_say(f"img.runner.{form}{'caught' if stealing else 'out'}", lang, **whence))
    return said


def _banner(image: Image.Image, d: ImageDraw.ImageDraw, view: dict[str, Any], box, lang: str, theme: Theme) -> None:
    x0, y0, x1, y1 = box
    d.rounded_rectangle([x0, y0, x1, y1], radius=10, fill=theme.card, outline=theme.card_edge, width=2)
    fresh = bool(view.get("last") and "call" in view["last"])
    if fresh:  # the last move's hue: this is the play drawn on the field
        d.rounded_rectangle([x0 + 4, y0 + 4, x0 + 14, y1 - 4], radius=4, fill=theme.highlight)
    words = play_words(view, lang)
    left, width = x0 + 26, x1 - x0 - 40
    if text_width(words, size=30, bold=True) <= width:
        text(d, (left, (y0 + y1) / 2), words, size=30, fill=theme.text, anchor="lm", bold=True, role="headline")
        return
    lines = wrap_text(words, size=HEADLINE, width=width, bold=True, max_lines=2)
    for i, line in enumerate(lines):
        cy = (y0 + y1) / 2 + (i - (len(lines) - 1) / 2) * (HEADLINE + 2)
        text(d, (left, cy), line, size=HEADLINE, fill=theme.text, anchor="lm", bold=True, role="headline")


# -- the field ------------------------------------------------------------------------------------


def _field(image: Image.Image, d: ImageDraw.ImageDraw, view: dict[str, Any], box, lang: str, theme: Theme) -> None:
    x0, y0, x1, y1 = box
    ink = theme.text
    reach = math.sin(math.radians(FOUL_LINE + 1))
    fence = min((x1 - x0 - 8) / (2 * reach), 250)
    width, height = round(2 * reach * fence) + 8, round(fence * BEYOND + 22)
    hx, hy = (x0 + x1) / 2, y0 + fence * BEYOND + 4
    paste(image, _field_sprite(width, height, round(fence), theme), (round(hx - width / 2), round(y0)))

    def at(angle: float, distance: float) -> tuple[float, float]:
        a = math.radians(angle)
        return hx + distance * fence * math.sin(a), hy - distance * fence * math.cos(a)

    bases = [at(FOUL_LINE, BASE_DISTANCE), at(0, BASE_DISTANCE * math.sqrt(2)), at(-FOUL_LINE, BASE_DISTANCE),
             (hx, hy)]
    last = view.get("last")
    now = last and (last.get("inning"), last.get("half")) == (view["inning"], view["half"])
    if last and "call" in last:
        if now:
            _paths(d, last, bases, theme)
        _flight(d, last, at, theme)
    for b, (bx, by) in enumerate(bases[:3]):
        runner = view["bases"][b]
        d.rectangle([bx - 11, by - 11, bx + 11, by + 11], fill=theme.highlight if runner else CHALK,
                    outline=ink, width=2)
        if runner:
            label = f"{runner['order']} {runner['position']}"
            lx = bx + (0 if b == 1 else 18 if b == 0 else -18)
            ly = by - 32 if b == 1 else by + 28
            anchor = "mm" if b == 1 else "lm" if b == 0 else "rm"
            text(d, (lx, ly), label, size=LABEL, fill=ink, anchor=anchor, bold=True, role="label",
                 stroke_width=3, stroke_fill=theme.card)
    y = y0 + height + 16
    _count(d, view, (x0, y, x1, y + 40), theme)
    y += 58
    for line, bold in _people(view, lang):
        for part in wrap_text(line, size=TEXT + 6, width=x1 - x0 - 12, bold=bold, max_lines=2):
            if y + TEXT > y1:
                return
            text(d, (x0 + 6, y), part, size=TEXT + 6, fill=ink, anchor="lm", bold=bold, role="text")
            y += TEXT + 14


@lru_cache(maxsize=8)
def _field_sprite(width: int, height: int, fence: int, theme: Theme) -> Image.Image:
    """The fair territory (a fan to the fence), the infield dirt and grass, the foul lines."""
    def paint(d: ImageDraw.ImageDraw, k: float) -> None:
        hx, hy = width * k / 2, (fence * BEYOND + 4) * k
        r = fence * k
        d.pieslice([hx - r, hy - r, hx + r, hy + r], 270 - FOUL_LINE, 270 + FOUL_LINE, fill=GRASS,
                   outline=darker(GRASS, 0.4), width=round(2 * k))
        dirt = r * BASE_DISTANCE * 1.75
        d.pieslice([hx - dirt, hy - dirt, hx + dirt, hy + dirt], 270 - FOUL_LINE, 270 + FOUL_LINE, fill=DIRT)
        b = r * BASE_DISTANCE / math.sqrt(2)
        inner = b * 0.78
        d.polygon([(hx, hy - 0.3 * b), (hx + inner, hy - b), (hx, hy - 1.7 * b), (hx - inner, hy - b)],
                  fill=mix(GRASS, (255, 255, 255), 0.1))
        d.line([(hx, hy), (hx + r * 0.7071, hy - r * 0.7071)], fill=CHALK, width=round(2 * k))
        d.line([(hx, hy), (hx - r * 0.7071, hy - r * 0.7071)], fill=CHALK, width=round(2 * k))
        p = 11 * k
        d.polygon([(hx - p, hy - p), (hx + p, hy - p), (hx + p, hy), (hx, hy + p), (hx - p, hy)],
                  fill=CHALK, outline=theme.text, width=round(1.5 * k))
    return supersampled(width, height, paint)


def _paths(d: ImageDraw.ImageDraw, last: dict[str, Any], bases: list[tuple[float, float]], theme: Theme) -> None:
    """The runners' (and the batter's) way round the bases on the last play, in the last move's hue."""
    before, after = last.get("before") or [None] * 3, last.get("after") or [None] * 3
    scored = last.get("scored") or []
    trips = []
    for base, slot in enumerate(before):
        if slot is None:
            continue
        end = 3 if slot in scored else after.index(slot) if slot in after else None
        if end is not None and end > base:
            trips.append([bases[b] for b in range(base, end + 1)])
    batter = last.get("slot")
    if batter is not None and batter not in before:
        end = 3 if batter in scored else after.index(batter) if batter in after else None
        if end is not None:
            trips.append([bases[3]] + [bases[b] for b in range(end + 1)])
    for points in trips:
        d.line(points, fill=darker(theme.highlight, 0.45), width=9, joint="curve")
        d.line(points, fill=theme.highlight, width=5, joint="curve")


def _flight(d: ImageDraw.ImageDraw, last: dict[str, Any], at, theme: Theme) -> None:
    """The batted ball's course from home plate: dots on an arc for a fly, a line along the
    ground for a grounder or a liner, the ball where it came down."""
    if last.get("outcome") == "bunt":
        angle, distance, kind = (-24 if last.get("side") == "R" else 24), 0.16, "ground"
    elif last.get("fielder") in FLIGHT:
        angle, distance, kind = FLIGHT[last["fielder"]]
        if last.get("course") == "right":
            angle = -angle
    else:
        return
    hx, hy = at(0, 0)
    ex, ey = at(angle, distance)
    halo = darker(theme.highlight, 0.45)
    if kind == "fly":  # a quadratic arc bowed to the side, drawn as dots
        mx, my = (hx + ex) / 2, (hy + ey) / 2
        length = math.hypot(ex - hx, ey - hy)
        bend = 0.18 * length * (1 if angle >= 0 else -1)
        cx, cy = mx + bend * (ey - hy) / max(length, 1) * -1, my + bend * (ex - hx) / max(length, 1)
        steps = max(6, int(length / 14))
        for i in range(1, steps):
            t = i / steps
            px = (1 - t) ** 2 * hx + 2 * (1 - t) * t * cx + t * t * ex
            py = (1 - t) ** 2 * hy + 2 * (1 - t) * t * cy + t * t * ey
            d.ellipse([px - 4.5, py - 4.5, px + 4.5, py + 4.5], fill=theme.highlight, outline=halo)
    else:
        d.line([(hx, hy), (ex, ey)], fill=halo, width=9)
        d.line([(hx, hy), (ex, ey)], fill=theme.highlight, width=5 if kind == "ground" else 4)
    d.ellipse([ex - 13, ey - 13, ex + 13, ey + 13], fill=theme.highlight, outline=halo, width=2)
    d.ellipse([ex - 8, ey - 8, ex + 8, ey + 8], fill=CHALK, outline=INK_RED, width=2)


def _count(d: ImageDraw.ImageDraw, view: dict[str, Any], box, theme: Theme) -> None:
    """B / S / O with a dot per ball, strike and out (filled as they come)."""
    x0, y0, _, y1 = box
    cy = (y0 + y1) / 2
    x = x0 + 6
    for label, value, limit, colour in (("B", view["balls"], 3, (40, 150, 90)), ("S", view["strikes"], 2, (230, 170, 30)),
                                        ("O", min(view["outs"], 2), 2, (200, 60, 50))):
        text(d, (x, cy), label, size=LABEL, fill=theme.text, anchor="lm", bold=True, role="label")
        x += 30
        for k in range(limit):
            fill = colour if k < value else mix(theme.background, theme.card_edge, 0.3)
            d.ellipse([x, cy - 12, x + 24, cy + 12], fill=fill, outline=theme.text)
            x += 30
        x += 18


def _people(view: dict[str, Any], lang: str) -> list[tuple[str, bool]]:
    """The batter and the pitcher in words: who, which hand, the batter's grades spelled out."""
    lines: list[tuple[str, bool]] = []
    if view.get("finished"):
        return lines
    if view.get("batter"):
        b = view["batter"]
        lines.append((_say("img.batter_line", lang, batter=f"{b['order']} {b['position']}",
                           side=_say(f"img.bats.{b['side']}", lang)), True))
        lines.append((_say("img.grades", lang, av=b["av"], hr=b["hr"], run=b["run"]), False))
    if view.get("pitcher"):
        p = view["pitcher"]
        lines.append((_say("img.pitcher_line", lang, number=p["number"], side=_say(f"img.throws.{p['throws']}", lang)),
                       True))
        lines.append((_say("img.cards_left", lang, left=p["left"], total=len(p["repertoire"])), False))
    return lines


# -- the pitching grid ------------------------------------------------------------------------------


def _grid(image: Image.Image, d: ImageDraw.ImageDraw, view: dict[str, Any], box, lang: str, theme: Theme) -> None:
    x0, y0, x1, y1 = box
    cell = int((x1 - x0 - GRID_LABELS) / (5 + 2 * OFF_BAND))
    band = OFF_BAND * cell
    gx0, gy0 = x0 + GRID_LABELS + band, y0 + GRID_LABELS + band
    ink = theme.text
    static = _whole((x0, y0, x1, gy0 + 5 * cell + band))
    # The grid and its coordinates are the same every move: painted once, then pasted.
    region(image, static, ("masume_yakyu.grid", static, theme),
           lambda: _grid_lines(d, x0, y0, gx0, gy0, cell, band, theme))

    def centre(x: float, y: float) -> tuple[float, float]:
        """A cell's centre; a cell off the grid is drawn in the band round it."""
        edge = OFF_BAND / 2 + 0.5
        return gx0 + (max(-edge, min(4 + edge, x)) + 0.5) * cell, gy0 + (max(-edge, min(4 + edge, y)) + 0.5) * cell

    target, last = view.get("target"), view.get("last")
    caption: list[tuple[str, str]] = []
    if target:  # the ball placed for this pitch (public); the pitch itself is still secret
        px, py = centre(GRID_COLUMNS.index(target[0]), int(target[1]) - 1)
        d.ellipse([px - cell * 0.3, py - cell * 0.3, px + cell * 0.3, py + cell * 0.3], fill=CHALK,
                  outline=INK_RED, width=4)
        caption.append((_say("img.target", lang, cell=target), "label"))
    elif last:
        tx, ty = last["target"] % 5, last["target"] // 5
        fx, fy = last["final"]
        for key, sx, sy in last.get("spots") or []:
            px, py = centre(sx, sy)
            hit = key == last.get("spot")
            d.rounded_rectangle([px - cell * 0.4, py - cell * 0.4, px + cell * 0.4, py + cell * 0.4], radius=6,
                                fill=(120, 80, 40) if hit else (190, 150, 100), outline=ink, width=3 if hit else 1)
            text(d, (px, py), SPOT_LETTERS[key], size=LABEL, fill=(255, 255, 255), anchor="mm", bold=True,
                 role="label")
        ax, ay = centre(tx, ty)
        bx, by = centre(fx, fy)
        d.ellipse([ax - 10, ay - 10, ax + 10, ay + 10], outline=INK_RED, width=3)
        d.line([(ax, ay), (bx, by)], fill=INK_RED, width=5)
        # the ball where the pitch ended: a thick ring, so a spot's letter under it stays readable
        r = cell * (0.36 if 0 <= fx < 5 and 0 <= fy < 5 else 0.22)
        d.ellipse([bx - r, by - r, bx + r, by + r], outline=CHALK, width=7)
        d.ellipse([bx - r, by - r, bx + r, by + r], outline=INK_RED, width=4)
        target_name = f"{GRID_COLUMNS[tx]}{ty + 1}"
        caption.append((_say("img.pitch", lang, pitch=_say("card." + last["card_name"], lang), card=last["card"],
                             target=target_name, final=_cell(last["final"], lang)), "label"))
        if last.get("spot"):
            caption.append((_say("img.spot", lang, spot=_say("spot." + last["spot"], lang)), "text"))
    else:
        caption.append((_say("img.pitcher_view", lang), "text"))
    y = gy0 + 5 * cell + band + 8
    for words, role in caption:
        size = LABEL if role == "label" else TEXT + 6
        for line in wrap_text(words, size=size, width=x1 - x0 - 8, max_lines=2):
            if y + size > y1:
                return
            text(d, (x0 + 4, y), line, size=size, fill=ink, anchor="la", role=role)
            y += size + 8


def _grid_lines(d: ImageDraw.ImageDraw, x0: float, y0: float, gx0: float, gy0: float, cell: int, band: float,
                theme: Theme) -> None:
    """The 5 x 5 grid, its strike zone, the band for pitches off it, and the coordinates."""
    ink = theme.text
    d.rounded_rectangle([gx0 - band, gy0 - band, gx0 + 5 * cell + band, gy0 + 5 * cell + band], radius=8,
                        fill=mix(theme.background, theme.card_edge, 0.25))
    ball_zone = mix(theme.card, theme.background, 0.5)
    zone = mix(theme.card, (230, 200, 120), 0.35)
    for y in range(5):
        for x in range(5):
            inside = 1 <= x <= 3 and 1 <= y <= 3
            d.rectangle([gx0 + x * cell, gy0 + y * cell, gx0 + (x + 1) * cell, gy0 + (y + 1) * cell],
                        fill=zone if inside else ball_zone, outline=theme.card_edge)
    d.rectangle([gx0 + cell, gy0 + cell, gx0 + 4 * cell, gy0 + 4 * cell], outline=ink, width=3)
    for i in range(5):
        text(d, (gx0 + i * cell + cell / 2, y0 + GRID_LABELS / 2), GRID_COLUMNS[i], size=LABEL, fill=ink,
             anchor="mm", bold=True, role="label")
        text(d, (x0 + GRID_LABELS / 2, gy0 + i * cell + cell / 2), str(i + 1), size=LABEL, fill=ink,
             anchor="mm", bold=True, role="label")
