"""The Masume Yakyu image on the shared 1100 x 800 frame, drawn from a view only.

``render(view, *, names=None, lang="en")`` returns PNG bytes. What it shows:

- the **header** (:mod:`renderers.frame`): who must choose and what (the view's ``decision``;
  a secret choice is only "chosen" / "waiting"), the last pitch (its card and final cell, both
  public once revealed) large on the right; at the end the winning team and the score;
- the **scoreboard** across the top of the board: runs by inning (the last nine), R and H, the
  visitors above the home team, the team at bat marked with a bat-side triangle;
- the **field** on the left: the diamond with each runner's batting-order number and position
  on his base, the count as B / S / O rows of dots with digits, the batter (order, position, bats
  side, grades) and the pitcher (number, hand, cards left);
- the **pitching grid** on the right, as the pitcher sees it (columns A-E, rows 1-5, the strike
  zone framed): the ball on the target cell once placed; after a reveal the pitch's path from its
  target to its final cell (an arrow off the edge when it left the grid) and the bat's spots
  lettered J U N L F, the spot that made contact ringed;
- the **seat cards** on the right: team, role, runs.

Marks are told apart by shape and number as well as colour; every word is a catalogue text.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PIL import Image, ImageDraw

import games.masume_yakyu  # noqa: F401  (registers the catalogue entries the image uses)
from games.messages import text_from_json, translate
from renderers import palettes
from renderers.common import (
    DEFAULT_THEME,
    RGB,
    Theme,
    darker,
    encode_png,
    fit_text,
    mix,
    text,
    within,
)
from renderers.frame import TEXT, Frame, Headline, Seat, player_names

_P = "masume_yakyu."
#: The board's labels: 10 px and more on a 360 px wide phone (1100 -> 360).
LABEL = 31
GRID_COLUMNS = "ABCDE"
SPOT_LETTERS = {"just": "J", "upper": "U", "near": "N", "lower": "L", "far": "F"}
BASE_KEYS = ("base.0", "base.1", "base.2")


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
    n = view["num_players"]
    shown = player_names(names, n, lang)
    colours = [theme.seat_colour(c) for c in view["colours"]]
    frame = Frame(_seats(view, shown, colours, lang), lang=lang, theme=theme)
    frame.draw_header(_headline(view, shown, lang))
    d = ImageDraw.Draw(frame.image)
    x0, y0, x1, y1 = frame.lay.board
    with within((x0, y0, x1, y0 + 130)):
        _scoreboard(d, view, (x0, y0, x1, y0 + 130), lang, theme)
    grid = min(x1 - x0 - 390, y1 - y0 - 150)
    field_box = (x0, y0 + 140, x1 - grid - 20, y1)
    grid_box = (x1 - grid, y0 + 140, x1, y0 + 140 + grid)
    with within(field_box):
        _field(d, view, field_box, lang, theme)
    with within((grid_box[0] - 2, grid_box[1] - 2, grid_box[2] + 2, y1)):
        _grid(d, view, grid_box, lang, theme, y1)
    frame.draw_seats()
    return frame.image


def _seats(view: dict[str, Any], names: list[str], colours: list[RGB], lang: str) -> list[Seat]:
    result = view.get("result") if view.get("finished") else None
    to_act = set(view.get("to_act") or ())
    out = []
    for s in range(view["num_players"]):
        team = s % 2
        roles = (view.get("roles") or [[]] * view["num_players"])[s]
        facts = (fit_text(_say(f"team.{view['teams'][team]}", lang), size=TEXT + 2, width=240),
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
    decision = view.get("decision")
    said = text_from_json(decision).in_lang(lang) if decision else None
    last = view.get("last")
    short = None
    if last:
        final = last["final"]
        where = f"{GRID_COLUMNS[final[0]]}{final[1] + 1}" if 0 <= final[0] < 5 and 0 <= final[1] < 5 else "—"
        short = f"{_say('card.' + last['card_name'], lang)} → {where}"
    return Headline(acting=tuple(view.get("to_act") or ()), decision=said, last_seat=None, last=short)


def _scoreboard(d: ImageDraw.ImageDraw, view: dict[str, Any], box, lang: str, theme: Theme) -> None:
    x0, y0, x1, y1 = box
    first, inning = view["first_inning"], view["inning"]
    played = max(len(view["linescore"][0]), 1)
    start = max(0, played - 9)
    columns = list(range(start, max(start + 9, played)))[:9]
    name_w, cell_w = 200, (x1 - x0 - 200 - 2 * 64) // 9
    row_h = (y1 - y0) // 3
    d.rounded_rectangle([x0, y0, x1, y1], radius=10, fill=theme.card, outline=theme.card_edge, width=2)
    ink = theme.text
    for i, col in enumerate(columns):
        cx = x0 + name_w + cell_w * i + cell_w / 2
        current = first + col == inning and not view.get("finished")
        text(d, (cx, y0 + row_h / 2), str(first + col), size=LABEL, fill=ink, anchor="mm", bold=current, role="label")
    for j, label in enumerate(("R", "H")):
        cx = x1 - 2 * 64 + 64 * j + 32
        text(d, (cx, y0 + row_h / 2), label, size=LABEL, fill=ink, anchor="mm", bold=True, role="label")
    home = view["home"]
    for row, team in enumerate((1 - home, home)):
        cy = y0 + row_h * (row + 1) + row_h / 2
        batting = view.get("offence") == team and not view.get("finished")
        label = ("▶ " if batting else "") + _say(f"team.{view['teams'][team]}", lang)
        text(d, (x0 + 10, cy), fit_text(label, size=TEXT + 8, width=name_w - 24), size=TEXT + 8, fill=ink,
             anchor="lm", bold=batting, role="text")
        runs = view["linescore"][team]
        for i, col in enumerate(columns):
            if col < len(runs):
                # the bottom half not played (yet, or at all) shows a dash
                shown = str(runs[col]) if not (team == home and first + col == inning and view["half"] == 0) else "–"
                if team == home and first + col == inning and view.get("finished") and view["half"] == 0:
                    shown = "X"
                cx = x0 + name_w + cell_w * i + cell_w / 2
                text(d, (cx, cy), shown, size=LABEL, fill=ink, anchor="mm", role="label")
        for j, value in enumerate((view["runs"][team], view["hits"][team])):
            cx = x1 - 2 * 64 + 64 * j + 32
            text(d, (cx, cy), str(value), size=LABEL + 2, fill=ink, anchor="mm", bold=True, role="label")
    for k in (1, 2):
        d.line([(x0 + 6, y0 + row_h * k), (x1 - 6, y0 + row_h * k)], fill=theme.card_edge, width=1)


def _field(d: ImageDraw.ImageDraw, view: dict[str, Any], box, lang: str, theme: Theme) -> None:
    x0, y0, x1, _ = box
    ink = theme.text
    grass = mix(theme.background, (60, 140, 80), 0.35)
    cx, cy, r = (x0 + x1) / 2, y0 + 160, 100
    diamond = [(cx, cy + r), (cx + r, cy), (cx, cy - r), (cx - r, cy)]  # home, 1st, 2nd, 3rd
    d.polygon(diamond, fill=grass, outline=darker(grass, 0.4))
    d.polygon([(cx - 12, cy + r + 12), (cx + 12, cy + r + 12), (cx + 12, cy + r), (cx, cy + r - 10),
               (cx - 12, cy + r)], fill=(250, 250, 250), outline=ink)
    for b, (bx, by) in enumerate(diamond[1:]):
        runner = view["bases"][b]
        fill = theme.highlight if runner else (250, 250, 250)
        d.rectangle([bx - 14, by - 14, bx + 14, by + 14], fill=fill, outline=ink, width=2)
        if runner:
            label = f"{runner['order']} {runner['position']}"
            lx = bx + (0 if b == 1 else 18 if b == 0 else -18)
            ly = by - 36 if b == 1 else by + 34
            anchor = "mm" if b == 1 else "lm" if b == 0 else "rm"
            text(d, (lx, ly), label, size=LABEL, fill=ink, anchor=anchor, bold=True, role="label",
                 stroke_width=3, stroke_fill=theme.card)
    # count: B (4 dots), S (3), O (3), each with its digit
    y = cy + r + 40
    for label, value, limit, colour in (("B", view["balls"], 3, (40, 150, 90)), ("S", view["strikes"], 2, (230, 170, 30)),
                                        ("O", view["outs"], 2, (200, 60, 50))):
        text(d, (x0 + 12, y), f"{label} {value}", size=LABEL + 2, fill=ink, anchor="lm", bold=True, role="label")
        for k in range(limit):
            fill = colour if k < value else mix(theme.background, theme.card_edge, 0.3)
            d.ellipse([x0 + 100 + 36 * k, y - 13, x0 + 126 + 36 * k, y + 13], fill=fill, outline=ink)
        y += 44
    # batter and pitcher
    lines = []
    if view.get("batter"):
        b = view["batter"]
        lines.append(f"{_say('img.batter', lang)}: {b['order']} {b['position']} ({b['side']}) "
                     f"AV {b['av']} HR {b['hr']} Run {b['run']}")
    if view.get("pitcher"):
        p = view["pitcher"]
        lines.append(f"{_say('img.pitcher', lang)}: #{p['number']} ({p['throws']}) "
                     + _say("img.cards_left", lang, left=p["left"], total=len(p["repertoire"])))
    for line in lines:
        text(d, (x0 + 12, y), fit_text(line, size=TEXT + 4, width=x1 - x0 - 16), size=TEXT + 4, fill=ink,
             anchor="lm", role="text")
        y += 32


def _grid(d: ImageDraw.ImageDraw, view: dict[str, Any], box, lang: str, theme: Theme, bottom: int) -> None:
    x0, y0, x1, y1 = box
    label_w = 40
    gx0, gy0 = x0 + label_w, y0 + label_w
    cell = (min(x1 - gx0, y1 - gy0)) // 5
    ink = theme.text
    ball_zone = mix(theme.card, theme.background, 0.5)
    zone = mix(theme.card, (230, 200, 120), 0.35)
    for y in range(5):
        for x in range(5):
            inside = 1 <= x <= 3 and 1 <= y <= 3
            d.rectangle([gx0 + x * cell, gy0 + y * cell, gx0 + (x + 1) * cell, gy0 + (y + 1) * cell],
                        fill=zone if inside else ball_zone, outline=theme.card_edge)
    d.rectangle([gx0 + cell, gy0 + cell, gx0 + 4 * cell, gy0 + 4 * cell], outline=ink, width=3)
    for i in range(5):
        text(d, (gx0 + i * cell + cell / 2, y0 + label_w / 2), GRID_COLUMNS[i], size=LABEL, fill=ink,
             anchor="mm", bold=True, role="label")
        text(d, (x0 + label_w / 2, gy0 + i * cell + cell / 2), str(i + 1), size=LABEL, fill=ink,
             anchor="mm", bold=True, role="label")

    def centre(x: float, y: float) -> tuple[float, float]:
        return gx0 + x * cell + cell / 2, gy0 + y * cell + cell / 2

    target = view.get("target")
    last = view.get("last")
    if target:  # the ball placed for this pitch (public); the pitch itself is still secret
        tx, ty = GRID_COLUMNS.index(target[0]), int(target[1]) - 1
        px, py = centre(tx, ty)
        d.ellipse([px - cell * 0.3, py - cell * 0.3, px + cell * 0.3, py + cell * 0.3], fill=(250, 250, 250),
                  outline=(200, 40, 40), width=4)
        caption = _say("img.target", lang) + " " + target
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
        bx, by = centre(max(-0.6, min(4.6, fx)), max(-0.6, min(4.6, fy)))
        d.ellipse([ax - 10, ay - 10, ax + 10, ay + 10], outline=(200, 40, 40), width=3)
        d.line([(ax, ay), (bx, by)], fill=(200, 40, 40), width=5)
        # the ball where the pitch ended: a thick ring, so a spot's letter under it stays readable
        d.ellipse([bx - cell * 0.36, by - cell * 0.36, bx + cell * 0.36, by + cell * 0.36], outline=(250, 250, 250),
                  width=7)
        d.ellipse([bx - cell * 0.36, by - cell * 0.36, bx + cell * 0.36, by + cell * 0.36], outline=(200, 40, 40),
                  width=4)
        caption = f"{_say('card.' + last['card_name'], lang)} ({last['card']})"
    else:
        caption = _say("img.pitcher_view", lang)
    text(d, (gx0, min(bottom - 16, gy0 + 5 * cell + 24)), fit_text(caption, size=LABEL, width=x1 - gx0),
         size=LABEL, fill=ink, anchor="lm", role="label")
