"""The Madeira board images, drawn from a view only (``Madeira.view(state, seat)``).

Madeira has more public detail than fits Discord's inline picture, so there are two images:

- :func:`render` the **summary** on the shared 1100 x 800 frame (:mod:`renderers.frame`), readable
  inline at 550 x 400 and on a phone: a header with whose turn it is, what they must decide in
  words and the last move's notation large on the highlight hue; the round and phase; the five
  buildings in Phase C order (character in the server's language, the word to type, the dice on it
  with their seats' marks, the action markers, the cost); the dice rows (guilds, dice or the seat
  that took the row, the Crown's Requests left); the City Watch; and a card per seat: mark
  (colour, shape, number), name, PP, and reals, goods, wood, bread, workers and ships (at Home,
  ``+N`` on the board) as big icons and numbers, the unused dice, action markers, the windmill's
  feeding and the favors face up. At the end the header gives the winner and the tie-break in
  words, and the board the final scoring: prestige track, goods into PP, the pirate penalty.
- :func:`render_detail` the **full board** (one click away: the bot's "Full board" button and
  ``/board``): islands, buildings, cities, colonies, markets, City Watch, windmill, guild board
  and a panel per seat, every name in the server's language and every seat-owned piece carrying
  its seat's mark.

Icons (coin = reals, star = PP, sheaf = wheat, cube = sugar, drop = wine, log = wood, loaf =
bread, figure = workers, boat = ships, flag = action markers, mill = workers the windmill
feeds, tile = favors face up/held) are explained in ``/rules madeira``.

Pirate totals are not in a public view, so they cannot appear before the final scoring; a seat's
own view draws the same public picture (neither function reads ``private``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

import games.madeira  # noqa: F401  (registers the catalogue entries the images use)
from games.messages import Text, text_from_json, translate
from renderers import frame
from renderers.common import (
    DEFAULT_THEME,
    cached,
    Theme,
    crown_sprite,
    darker,
    disc_sprite,
    encode_png,
    fit_text,
    ink_on,
    mix,
    on_canvas,
    paste,
    paste_centred,
    rounded_box_sprite,
    seat_mark,
    supersampled,
    text,
    text_width,
    within,
    wrap_text,
)

__all__ = ["render", "draw", "render_detail", "draw_detail", "layout", "Layout"]

RGB = tuple[int, int, int]

NEUTRAL: RGB = (250, 250, 248)
GOODS: dict[str | None, RGB] = {"wheat": (236, 200, 92), "sugar": (236, 230, 220), "wine": (150, 40, 78),
                                None: (86, 132, 70)}
WOOD: RGB = (132, 88, 48)
BREAD: RGB = (214, 160, 96)
COIN: RGB = (246, 190, 36)
GUILDS: dict[str, RGB] = {"white": (236, 236, 230), "green": (70, 160, 90), "orange": (240, 140, 40),
                          "purple": (130, 80, 180)}
BG: RGB = (226, 232, 236)
SEA: RGB = (186, 214, 232)
CARD: RGB = (252, 250, 244)
EDGE: RGB = (150, 140, 122)
INK: RGB = (40, 36, 32)
FAINT: RGB = (110, 104, 96)
OFF: RGB = (210, 210, 210)        # a slot not in play with this many players
REGION: dict[int, RGB] = {1: (214, 226, 170), 2: (196, 220, 160), 3: (178, 208, 150), 0: (120, 170, 110)}
ROMAN = ("I", "II", "III", "IV", "V", "VI")

REQUIRED = ("game", "num_players", "round", "phase", "fields", "buildings", "cities", "colonies", "markets",
            "players", "rows", "passing", "watch", "pirate_dice", "windmill", "colours")


def _check(view: dict[str, Any]) -> None:
    if not isinstance(view, dict) or view.get("game") != "madeira":
        raise ValueError("not a Madeira view")
    missing = [key for key in REQUIRED if key not in view]
    if missing:
        raise ValueError(f"the view lacks {', '.join(missing)}")


# -- sprites ------------------------------------------------------------------------------------


def _die_colours(pirate: bool, frame_c: RGB) -> tuple[RGB, RGB, RGB]:
    face, pip = ((36, 36, 40), (250, 250, 250)) if pirate else ((252, 252, 250), (30, 30, 30))
    return face, frame_c, pip


@lru_cache(maxsize=256)
def _die_sprite(px: int, value: int, face: RGB, frame_c: RGB, pip: RGB) -> Image.Image:
    value = max(1, min(6, int(value)))

    def paint(d: ImageDraw.ImageDraw, k: float) -> None:
        w = px * k
        m = max(1.5, px * 0.11) * k
        d.rounded_rectangle([0, 0, w - 1, w - 1], radius=w * 0.2, fill=frame_c)
        d.rounded_rectangle([m, m, w - 1 - m, w - 1 - m], radius=w * 0.16, fill=face)
        r = w * 0.09
        spots = {1: [(0.5, 0.5)], 2: [(0.3, 0.3), (0.7, 0.7)], 3: [(0.28, 0.28), (0.5, 0.5), (0.72, 0.72)],
                 4: [(0.3, 0.3), (0.7, 0.3), (0.3, 0.7), (0.7, 0.7)],
                 5: [(0.3, 0.3), (0.7, 0.3), (0.5, 0.5), (0.3, 0.7), (0.7, 0.7)],
                 6: [(0.3, 0.26), (0.7, 0.26), (0.3, 0.5), (0.7, 0.5), (0.3, 0.74), (0.7, 0.74)]}[value]
        for fx, fy in spots:
            d.ellipse([w * fx - r, w * fy - r, w * fx + r, w * fy + r], fill=pip)
    return supersampled(px, px, paint)


@lru_cache(maxsize=128)
def _icon_sprite(kind: str, px: int) -> Image.Image:
    """A resource icon ``px`` pixels square (see the module's icon list)."""

    def paint(d: ImageDraw.ImageDraw, k: float) -> None:
        w = px * k
        c = w / 2
        r = w / 2 - k
        line = max(1.0, px * 0.07) * k
        if kind == "wheat":
            edge = darker(GOODS["wheat"], 0.45)
            for dx in (-0.28, 0, 0.28):
                d.ellipse([c + dx * r - r * 0.22, c - r * 0.95, c + dx * r + r * 0.22, c + r * 0.15],
                          fill=GOODS["wheat"], outline=edge, width=round(line))
            d.rectangle([c - r * 0.06, c, c + r * 0.06, c + r * 0.95], fill=edge)
        elif kind == "sugar":
            d.rectangle([c - r * 0.78, c - r * 0.78, c + r * 0.78, c + r * 0.78], fill=GOODS["sugar"],
                        outline=(120, 112, 100), width=round(line * 1.2))
        elif kind == "wine":
            d.ellipse([c - r * 0.62, c - r * 0.3, c + r * 0.62, c + r * 0.92], fill=GOODS["wine"],
                      outline=darker(GOODS["wine"], 0.4), width=round(line))
            d.polygon([(c, c - r * 0.95), (c + r * 0.55, c), (c - r * 0.55, c)], fill=GOODS["wine"])
        elif kind == "wood":
            d.rounded_rectangle([c - r * 0.95, c - r * 0.45, c + r * 0.95, c + r * 0.45], radius=r * 0.3, fill=WOOD,
                                outline=darker(WOOD, 0.45), width=round(line))
            d.ellipse([c + r * 0.45, c - r * 0.42, c + r * 0.95, c + r * 0.42], fill=(190, 150, 100),
                      outline=darker(WOOD, 0.45), width=round(line))
        elif kind == "bread":
            d.rounded_rectangle([c - r * 0.95, c - r * 0.55, c + r * 0.95, c + r * 0.6], radius=r * 0.5, fill=BREAD,
                                outline=darker(BREAD, 0.45), width=round(line))
            for dx in (-0.4, 0, 0.4):
                d.line([(c + dx * r - r * 0.12, c - r * 0.3), (c + dx * r + r * 0.12, c + r * 0.2)],
                       fill=darker(BREAD, 0.35), width=round(line))
        elif kind == "reals":
            d.ellipse([c - r * 0.9, c - r * 0.9, c + r * 0.9, c + r * 0.9], fill=COIN, outline=darker(COIN, 0.45),
                      width=round(line * 1.2))
            d.ellipse([c - r * 0.5, c - r * 0.5, c + r * 0.5, c + r * 0.5], outline=darker(COIN, 0.3),
                      width=round(line))
        elif kind == "pp":
            pts = []
            for i in range(10):
                ang = -math.pi / 2 + i * math.pi / 5
                rad = r if i % 2 == 0 else r * 0.45
                pts.append((c + rad * math.cos(ang), c + rad * math.sin(ang) + r * 0.06))
            d.polygon(pts, fill=(250, 210, 60), outline=(130, 95, 10), width=round(line))
        elif kind == "ship":
            hull = (110, 80, 50)
            d.polygon([(c - r, c + r * 0.15), (c + r, c + r * 0.15), (c + r * 0.6, c + r * 0.8),
                       (c - r * 0.6, c + r * 0.8)], fill=hull)
            d.polygon([(c - r * 0.05, c - r * 0.95), (c - r * 0.05, c + r * 0.05), (c + r * 0.7, c + r * 0.05)],
                      fill=(245, 245, 245), outline=(90, 90, 90), width=round(line))
            d.polygon([(c - r * 0.15, c - r * 0.7), (c - r * 0.15, c + r * 0.05), (c - r * 0.75, c + r * 0.05)],
                      fill=(245, 245, 245), outline=(90, 90, 90), width=round(line))
        elif kind == "worker":
            grey = (96, 92, 88)
            d.ellipse([c - r * 0.38, c - r * 0.95, c + r * 0.38, c - r * 0.2], fill=grey)
            d.rounded_rectangle([c - r * 0.7, c - r * 0.12, c + r * 0.7, c + r * 0.95], radius=r * 0.35, fill=grey)
        elif kind == "marker":
            d.rectangle([c - r * 0.55, c - r * 0.9, c - r * 0.35, c + r * 0.95], fill=(70, 64, 58))
            d.polygon([(c - r * 0.35, c - r * 0.9), (c + r * 0.85, c - r * 0.55), (c - r * 0.35, c - r * 0.15)],
                      fill=(200, 60, 50), outline=(90, 30, 25), width=round(line))
        elif kind == "mill":
            body = (150, 120, 90)
            d.polygon([(c - r * 0.4, c + r * 0.95), (c + r * 0.4, c + r * 0.95), (c + r * 0.22, c - r * 0.1),
                       (c - r * 0.22, c - r * 0.1)], fill=body)
            for ang in (45, 135, 225, 315):
                a = math.radians(ang)
                d.line([(c, c - r * 0.15), (c + r * 0.95 * math.cos(a), c - r * 0.15 + r * 0.95 * math.sin(a))],
                       fill=(70, 60, 50), width=round(line * 1.8))
        elif kind == "favor":
            d.rounded_rectangle([c - r * 0.8, c - r * 0.6, c + r * 0.8, c + r * 0.6], radius=r * 0.2,
                                fill=GUILDS["orange"], outline=darker(GUILDS["orange"], 0.5), width=round(line))
        elif kind == "arrow":
            d.polygon([(c - r, c - r * 0.25), (c + r * 0.1, c - r * 0.25), (c + r * 0.1, c - r * 0.7), (c + r, c),
                       (c + r * 0.1, c + r * 0.7), (c + r * 0.1, c + r * 0.25), (c - r, c + r * 0.25)],
                      fill=(40, 36, 32))
    return supersampled(px, px, paint)

# ==================================================================================================
# The summary image (inline): render(view, names=, lang=)
# ==================================================================================================

HEADER_H = 118
SIDE_W = 436


def _summary_layout() -> frame.Layout:
    top = HEADER_H
    m = frame.MARGIN
    side = (frame.WIDTH - m - SIDE_W, top + 6, frame.WIDTH - m, frame.HEIGHT - m)
    board = (m, top + 6, side[0] - m, frame.HEIGHT - m)
    return frame.Layout(frame.WIDTH, frame.HEIGHT, (0, 0, frame.WIDTH, top), board, side)


def _say(lang: str, key: str, **params: Any) -> str:
    return translate(key, lang, **params)


def _word(lang: str, group: str, key: str) -> str:
    return translate(f"madeira.{group}.{key}", lang)


def _sentence(s: str, lang: str) -> str:
    return s[:1].upper() + s[1:] if lang == "en" and s else s


def _decision(view: dict[str, Any], lang: str) -> str | None:
    stored = view.get("decision")
    if not stored:
        return None
    said = text_from_json(stored)
    return _sentence(said.in_lang(lang) if isinstance(said, Text) else str(said), lang)


def _wrapped(s: str, width: float, sizes: tuple[int, ...], max_lines: int, bold: bool = False) -> tuple[list[str], int]:
    """``s`` in at most ``max_lines`` lines at the largest of ``sizes`` where nothing is cut (the
    smallest size when nothing fits whole: then the last line ends in "…")."""
    for size in sizes:
        lines = wrap_text(s, size=size, width=width, bold=bold, max_lines=max_lines + 1)
        if len(lines) <= max_lines and not (lines and lines[-1].endswith("…") and not s.endswith("…")):
            return lines, size
    size = sizes[-1]
    return wrap_text(s, size=size, width=width, bold=bold, max_lines=max_lines), size


class _Canvas:
    """One summary image being drawn, in two stages: ``static`` draws what depends only on the
    player count, the language, the phase group and the board's fixed data (backgrounds, fixed
    labels, the resource icons), cached per key in :func:`_summary_base`; the dynamic stage draws
    the position on a copy of it."""

    def __init__(self, view: dict[str, Any], names: list[str], lang: str, theme: Theme, static: bool,
                 image: Image.Image | None = None) -> None:
        self.view, self.names, self.lang, self.theme, self.static = view, names, lang, theme, static
        self.lay = _summary_layout()
        if image is None:
            self.image = frame.canvas(self.lay, theme)
        else:
            self.image = image
            on_canvas(image)
        self.d = ImageDraw.Draw(self.image)
        self.colours = [theme.seat_colour(c) for c in view["colours"]]
        self.last = None if static else _last_target(view)

    def say(self, key: str, **params: Any) -> str:
        return translate(key, self.lang, **params)

    def mark(self, seat: int, diameter: int, centre: tuple[float, float]) -> None:
        paste_centred(self.image, seat_mark(diameter, seat, self.colours[seat]), centre)

    def icon(self, kind: str, px: int, centre: tuple[float, float]) -> None:
        paste_centred(self.image, _icon_sprite(kind, px), centre)

    def ring(self, box: tuple[float, float, float, float], radius: float = 10) -> None:
        """The last move's mark: a halo in the highlight hue around ``box``."""
        x0, y0, x1, y1 = (round(v) for v in box)
        sprite = rounded_box_sprite(x1 - x0, y1 - y0, (0, 0, 0, 0), self.theme.highlight, 5.0, radius)
        paste(self.image, sprite, (x0, y0))

    def panel(self, box: tuple[int, int, int, int], radius: float = 8) -> None:
        x0, y0, x1, y1 = box
        paste(self.image, rounded_box_sprite(x1 - x0, y1 - y0, self.theme.card, self.theme.card_edge, 2.0, radius),
              (x0, y0))

    # -- header ---------------------------------------------------------------------------------

    def header(self) -> None:
        d, theme, view = self.d, self.theme, self.view
        x0, y0, x1, y1 = self.lay.header
        if self.static:
            d.rectangle([x0, y0, x1, y1 - 1], fill=mix(theme.background, theme.card, 0.6))
            d.line([(x0, y1 - 1), (x1, y1 - 1)], fill=theme.card_edge, width=2)
            return
        result = view.get("result")
        last = view.get("last")
        last_w = 0
        if last and not result:
            last_w = self._last_move(last)
        left, right = x0 + frame.MARGIN, x1 - frame.MARGIN - (last_w + 16 if last_w else 0)
        with within((left, y0, right, y1)):
            if result:
                self._outcome(left, right)
            else:
                self._turn(left, right)

    def _turn(self, left: int, right: int) -> None:
        d, view = self.d, self.view
        acting = list(view.get("to_act") or [])
        x = left
        for seat in acting[:2]:
            self.mark(seat, 40, (x + 20, 30))
            x += 46
        if len(acting) == 1:
            who = self.say("board.to_play", player=self.names[acting[0]])
        elif acting:
            who = self.say("board.to_play_many", players=", ".join(self.names[s] for s in acting))
        else:
            who = self.say("board.start")
        text(d, (x + 2, 30), fit_text(who, size=32, width=right - x - 2, bold=True), size=32,
             fill=self.theme.text, anchor="lm", bold=True, role="headline")
        decision = _decision(view, self.lang)
        if decision:
            lines, size = _wrapped(decision, right - left, (28, 26, 24), 2)
            y = 66 if len(lines) > 1 else 80
            for line in lines:
                text(d, (left, y), line, size=size, fill=self.theme.text, anchor="lm", role="headline")
                y += size + 6

    def _last_move(self, last: dict[str, Any]) -> int:
        d, theme = self.d, self.theme
        x0, y0, x1, y1 = self.lay.header
        notation = str(last["move"])
        size = 34
        room = (x1 - x0) * 0.42
        shown = fit_text(notation, size=size, width=room - 60, bold=True)
        w = text_width(shown, size=size, bold=True)
        caption = self.say("board.last")
        width = max(w + 60, text_width(caption, size=frame.TEXT + 4) + 8)
        right = x1 - frame.MARGIN
        with within((right - width - 10, y0, x1 - 2, y1)):
            text(d, (right, 10), caption, size=frame.TEXT + 4, fill=theme.muted, anchor="ra")
            cy = 74
            band = rounded_box_sprite(round(w + 18), 52, theme.highlight + (120,), theme.highlight, 3.0, 12)
            paste(self.image, band, (round(right - w - 10), round(cy - 26)))
            text(d, (right, cy), shown, size=size, fill=theme.text, anchor="rm", bold=True, role="headline")
            seat = last.get("seat")
            if isinstance(seat, int) and 0 <= seat < len(self.colours):
                self.mark(seat, 38, (right - w - 36, cy))
        return round(width)

    def _outcome(self, left: int, right: int) -> None:
        d, theme, result = self.d, self.theme, self.view["result"]
        crown = crown_sprite(44, theme.gold, darker(theme.gold, 0.5))
        paste_centred(self.image, crown, (left + 22, 34))
        title = f"{self.say('board.game_over')} · {frame.outcome(result['ranks'], self.names, self.lang)}"
        text(d, (left + 54, 34), fit_text(title, size=32, width=right - left - 54, bold=True), size=32,
             fill=theme.text, anchor="lm", bold=True, role="headline")
        detail = _tie_words(result, self.names, self.lang) or self.say("madeira.board.final.explain")
        if detail:
            lines, size = _wrapped(detail, right - left, (26, 24), 2)
            y = 72 if len(lines) > 1 else 86
            for line in lines:
                text(d, (left, y), line, size=size, fill=theme.text, anchor="lm", role="headline")
                y += size + 6

    # -- the left panel -------------------------------------------------------------------------

    def board(self) -> None:
        x0, y0, x1, y1 = self.lay.board
        y = self._round_band(x0, y0, x1)
        if self.view.get("result"):
            if not self.static:
                with within((x0, y, x1, y1)):
                    self._score_table((x0, y, x1, y1))
            return
        rows_first = self.view["phase"] in ("setup", "A")
        parts = [self._rows, self._buildings] if rows_first else [self._buildings, self._rows]
        for part in parts:
            y = part(x0, y, x1, y1) + 10
        if y + 44 <= y1:
            self._watch(x0, y, x1, y1)

    def _round_band(self, x0: int, y0: int, x1: int) -> int:
        d, view, theme = self.d, self.view, self.theme
        box = (x0, y0, x1, y0 + 46)
        with within(box):
            label = self.say("madeira.board.round", round=view["round"], rounds=view.get("rounds", 5))
            if not self.static:
                text(d, (x0 + 4, y0 + 23), label, size=24, fill=theme.text, anchor="lm", bold=True, role="headline")
            # the pills stand at a fixed place (the widest round label), so they can be drawn once
            x = x0 + 14 + text_width(self.say("madeira.board.round", round=5, rounds=view.get("rounds", 5)),
                                     size=24, bold=True)
            for letter in "ABCDE":
                lit = not self.static and view["phase"] == letter
                if self.static or lit:
                    fill = theme.text if lit else theme.card
                    d.rounded_rectangle([x, y0 + 6, x + 34, y0 + 40], radius=6, fill=fill, outline=theme.card_edge,
                                        width=2)
                    text(d, (x + 17, y0 + 23), letter, size=20, fill=ink_on(fill) if lit else theme.muted,
                         anchor="mm", bold=lit)
                x += 38
            if not self.static:
                phase = self.say(f"madeira.board.phase.{view['phase']}")
                if view["phase"] in "ABCDE":
                    phase = phase.split("·", 1)[-1].strip()
                text(d, (x + 6, y0 + 23), fit_text(phase, size=20, width=x1 - x - 8), size=20, fill=theme.text,
                     anchor="lm")
        return y0 + 52

    def _heading(self, x0: int, y: int, key: str) -> int:
        if self.static:
            text(self.d, (x0 + 4, y), self.say(f"madeira.board.{key}"), size=20, fill=self.theme.muted, anchor="la",
                 bold=True)
        return y + 28

    def _buildings(self, x0: int, y: int, x1: int, y1: int) -> int:
        view, d, theme, lang = self.view, self.d, self.theme, self.lang
        y = self._heading(x0, y, "buildings")
        row_h = 56
        current = None if self.static else _current_building(view)
        for b, bld in enumerate(view["buildings"]):
            box = (x0, y, x1, y + row_h - 4)
            mid = y + (row_h - 4) / 2
            if self.static:
                with within(box):
                    self.panel(box)
                    region = bld["region"]
                    d.rounded_rectangle([x0 + 6, y + 8, x0 + 36, y + row_h - 12], radius=5, fill=REGION[region])
                    text(d, (x0 + 21, mid), str(region), size=20, fill=INK, anchor="mm", bold=True)
                    building = fit_text(_word(lang, "building", bld["id"]), size=16, width=270)
                    text(d, (x0 + 44, y + 39), building, size=16, fill=theme.muted, anchor="lm")
                y += row_h
                continue
            with within(box):
                if current == b:
                    paste(self.image, rounded_box_sprite(x1 - x0, row_h - 4, (0, 0, 0, 0), theme.text, 3.0, 8),
                          (x0, y))
                character = bld.get("character")
                nx = x0 + 44
                if character:
                    name = _character_name(character, lang)
                    word_w = 0
                    if character not in name.lower():
                        word_w = text_width(character, size=frame.LABEL, bold=True) + 12
                    name = fit_text(name, size=22, width=262 - word_w, bold=True)
                    text(d, (nx, y + 16), name, size=22, fill=theme.text, anchor="lm", bold=True)
                    if word_w:
                        wx = nx + text_width(name, size=22, bold=True) + 8
                        text(d, (wx, y + 16), character, size=frame.LABEL, fill=theme.muted, anchor="lm",
                             bold=True, role="label")
                dx = x0 + 322
                for i, die in enumerate(bld["dice"][:5]):
                    cx, cy = dx + 16 + i * 33, mid
                    pirate = die["kind"] == "pirate"
                    frame_c = (20, 20, 20) if pirate else self.colours[die["seat"]]
                    paste_centred(self.image, _die_sprite(30, die["value"], *_die_colours(pirate, frame_c)), (cx, cy - 3))
                    if isinstance(die.get("seat"), int):
                        self.mark(die["seat"], 20, (cx + 11, cy + 12))
                mx = x0 + 492
                for i, seat in enumerate(bld["markers"][:4]):
                    self.mark(seat, 23, (mx + 12 + (i % 2) * 25, y + 14 + (i // 2) * 24))
                if bld.get("cost") is not None:
                    self.icon("reals", 24, (x1 - 56, mid))
                    text(d, (x1 - 10, mid), str(bld["cost"]), size=26, fill=theme.text, anchor="rm",
                         bold=True, role="headline")
            if self.last and self.last[0] == "building" and self.last[1] == b:
                self.ring((x0 - 3, y - 3, x1 + 3, y + row_h - 1))
            y += row_h
        return y

    def _rows(self, x0: int, y: int, x1: int, y1: int) -> int:
        view, d, theme, lang = self.view, self.d, self.theme, self.lang
        y = self._heading(x0, y, "rows")
        row_h = 56
        for r, row in enumerate(view["rows"]):
            box = (x0, y, x1, y + row_h - 4)
            cy = y + (row_h - 4) / 2
            with within(box):
                if self.static:
                    self.panel(box)
                    text(d, (x0 + 18, cy), str(row["row"]), size=24, fill=theme.text, anchor="mm", bold=True,
                         role="label")
                    guilds = row["guilds"]
                    gh = (row_h - 12) / max(1, len(guilds))
                    for g, guild in enumerate(guilds):
                        gy = y + 4 + g * gh
                        d.rounded_rectangle([x0 + 36, gy, x0 + 116, gy + gh - 2], radius=5, fill=GUILDS[guild],
                                            outline=darker(GUILDS[guild], 0.3), width=2)
                        text(d, (x0 + 76, gy + (gh - 2) / 2), _word(lang, "guild", guild), size=16,
                             fill=ink_on(GUILDS[guild]), anchor="mm")
                else:
                    tx = x0 + 124
                    if row["seat"] is not None:
                        self.mark(row["seat"], 32, (tx + 16, cy))
                        text(d, (tx + 36, cy), fit_text(self.names[row["seat"]], size=18, width=78), size=18,
                             fill=theme.text, anchor="lm")
                    else:
                        for i, value in enumerate(row["dice"][:3]):
                            paste_centred(self.image, _die_sprite(30, value, *_die_colours(False, FAINT)),
                                          (tx + 16 + i * 34, cy))
                    rx = x0 + 244
                    cw = (x1 - 6 - rx) / 3
                    for i, request in enumerate(row["requests"][:3]):
                        cx0 = round(rx + i * cw)
                        chip = _request_chip(request, lang, round(cw - 4), row_h - 12, theme.text, (cx0, y + 4))
                        paste(self.image, chip, (cx0, y + 4))
            if self.last and self.last[0] == "row" and self.last[1] == r:
                self.ring((x0 - 3, y - 3, x1 + 3, y + row_h - 1))
            y += row_h
        return y

    def _watch(self, x0: int, y: int, x1: int, y1: int) -> None:
        view, d, theme = self.view, self.d, self.theme
        h = min(50, y1 - y)
        cy = y + h / 2
        label = self.say("madeira.board.watch")
        with within((x0, y, x1, y + h)):
            if self.static:
                self.panel((x0, y, x1, y + h))
                text(d, (x0 + 10, cy), label, size=20, fill=theme.text, anchor="lm", bold=True)
                return
            x = x0 + 20 + text_width(label, size=20, bold=True)
            for value in view["pirate_dice"][:4]:
                paste_centred(self.image, _die_sprite(30, value, *_die_colours(True, (20, 20, 20))), (x + 15, cy))
                x += 34
            x += 10
            for seat, count in enumerate(view["watch"]):
                if x + 70 > x1:
                    break
                self.mark(seat, 28, (x + 14, cy))
                self.icon("worker", 24, (x + 40, cy))
                text(d, (x + 54, cy), str(count), size=22, fill=theme.text, anchor="lm", bold=True)
                x += 82

    def _score_table(self, box: tuple[int, int, int, int]) -> None:
        view, d, theme = self.view, self.d, self.theme
        result = view["result"]
        x0, y0, x1, y1 = box
        n = view["num_players"]
        cols = [("track", x0 + 340), ("goods", x0 + 430), ("pirates", x0 + 520), ("total", x1 - 12)]
        for key, x in cols:
            text(d, (x, y0 + 14), self.say(f"madeira.board.col.{key}"), size=18, fill=theme.muted, anchor="rm",
                 bold=True)
        row_h = min(110, (y1 - y0 - 36) // max(1, n))
        order = sorted(range(n), key=lambda s: (result["ranks"][s], s))
        y = y0 + 32
        for seat in order:
            with within((x0, y, x1, y + row_h - 6)):
                paste(self.image, rounded_box_sprite(x1 - x0, row_h - 6, theme.card,
                                                     theme.gold if result["ranks"][seat] == 1 else theme.card_edge,
                                                     3.0, 10), (x0, y))
                cy = y + (row_h - 6) / 2
                rank = self.say("board.rank", rank=result["ranks"][seat])
                text(d, (x0 + 10, cy - 14), rank, size=24, fill=theme.text, anchor="lm", bold=True, role="headline")
                self.mark(seat, 36, (x0 + 30, cy + 20))
                text(d, (x0 + 70, cy - 14), fit_text(self.names[seat], size=24, width=220, bold=True), size=24,
                     fill=theme.text, anchor="lm", bold=True, role="headline")
                sub = self.say("madeira.board.final.sub", reals=result["reals"][seat], pirates=result["pirates"][seat])
                text(d, (x0 + 70, cy + 18), fit_text(sub, size=16, width=230), size=16, fill=theme.muted, anchor="lm")
                values = {"track": str(result["track"][seat]), "goods": f"+{result['resource_pp'][seat]}",
                          "pirates": f"−{result['pirate_pp'][seat]}", "total": str(result["scores"][seat])}
                for key, x in cols:
                    bold = key == "total"
                    text(d, (x, cy), values[key], size=34 if bold else 26, fill=theme.text, anchor="rm", bold=bold,
                         role="headline")
            y += row_h

    # -- the seat cards -------------------------------------------------------------------------

    def seats(self) -> None:
        view = self.view
        x0, y0, x1, y1 = self.lay.side
        n = view["num_players"]
        gap = 8
        h = min(200, (y1 - y0 - gap * (n - 1)) // n)
        acting = set(view.get("to_act") or [])
        for seat, player in enumerate(view["players"]):
            box = (x0, y0 + seat * (h + gap), x1, y0 + seat * (h + gap) + h)
            with within(box):
                self._card(seat, player, box, seat in acting)

    def _card(self, seat: int, p: dict[str, Any], box: tuple[int, int, int, int], acting: bool) -> None:
        d, theme, view = self.d, self.theme, self.view
        x0, y0, x1, y1 = box
        w, h = x1 - x0, y1 - y0
        colour = self.colours[seat]
        step = (w - 24) / 4
        row_h = 38 if h >= 180 else 34
        kinds = [["reals", "wheat", "sugar", "wine"], ["wood", "bread", "worker", "ship"]]
        if self.static:
            self.panel(box, 12)
            d.rounded_rectangle([x0 + 4, y0 + 4, x0 + 12, y1 - 4], radius=4, fill=colour)
            self.mark(seat, 44, (x0 + 40, y0 + 32))
            y = y0 + 58
            for row in kinds:
                if y + row_h > y1 - 4:
                    break
                for i, kind in enumerate(row):
                    self.icon(kind, 28, (x0 + 18 + i * step + 14, y + row_h / 2))
                y += row_h
            return
        if acting:
            paste(self.image, rounded_box_sprite(w, h, (0, 0, 0, 0), darker(colour, 0.15), 6.0, 12), (x0, y0))
            d.polygon([(x0 - 1, y0 + 20), (x0 + 11, y0 + 32), (x0 - 1, y0 + 44)], fill=theme.text)
        result = view.get("result")
        # the public score: a star and the PP
        score = str(p["pp"])
        sw = text_width(score, size=36, bold=True)
        text(d, (x1 - 12, y0 + 32), score, size=36, fill=theme.text, anchor="rm", bold=True, role="headline")
        self.icon("pp", 30, (x1 - 12 - sw - 20, y0 + 32))
        name_x = x0 + 70
        room = x1 - 12 - sw - 44 - name_x
        status = None
        if result:
            status = self.say("board.rank", rank=result["ranks"][seat])
        elif p["passed"] and view["phase"] == "B":
            status = self.say("madeira.board.passed")
        name = fit_text(self.names[seat], size=26, width=room, bold=True)
        text(d, (name_x, y0 + 24 if status else y0 + 32), name, size=26, fill=theme.text, anchor="lm", bold=True,
             role="headline")
        if status:
            text(d, (name_x, y0 + 50), status, size=16, fill=theme.muted, anchor="lm", bold=True)
        values = [[(p["reals"], None), (p["wheat"], None), (p["sugar"], None), (p["wine"], None)],
                  [(p["wood"], None), (p["bread"], None), (p["workers"], p["on_board"]),
                   (p["ships"], p["ships_on_board"])]]
        y = y0 + 58
        for items in values:
            if y + row_h > y1 - 4:
                break
            for i, (value, out) in enumerate(items):
                cx = x0 + 18 + i * step
                text(d, (cx + 32, y + row_h / 2), str(value), size=28, fill=theme.text, anchor="lm", bold=True)
                if out:
                    vw = text_width(str(value), size=28, bold=True)
                    text(d, (cx + 36 + vw, y + row_h / 2 + 4), f"+{out}", size=16, fill=theme.muted, anchor="lm")
            y += row_h
        # dice in hand, action markers, windmill (what Phase B and D turn on)
        if y + 26 <= y1 - 2:
            cy = y + 14
            x = x0 + 18
            for value in p["dice"][:4]:
                paste_centred(self.image, _die_sprite(26, value, *_die_colours(False, colour)), (x + 13, cy))
                x += 30
            x = max(x + 8, x0 + 18 + step * 2)
            self.icon("marker", 22, (x + 11, cy))
            text(d, (x + 26, cy), str(p["markers"]), size=20, fill=theme.text, anchor="lm", bold=True)
            x += 56
            self.icon("mill", 24, (x + 12, cy))
            text(d, (x + 28, cy), str(p["mill_feeds"]), size=20, fill=theme.text, anchor="lm", bold=True)
            x += 56
            up = sum(1 for f in p["favors"] if f["up"])
            if p["favors"] and x + 60 <= x1:
                self.icon("favor", 22, (x + 11, cy))
                text(d, (x + 26, cy), f"{up}/{len(p['favors'])}", size=20, fill=theme.text, anchor="lm", bold=True)


class _Place(tuple):
    """A position that every other position equals: a cache key part that does not split the
    cache, so a sprite drawn once is reused wherever it goes while a recording still learns the
    first place it was drawn for."""

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Place)

    def __hash__(self) -> int:
        return 0


def _request_chip(request: str, lang: str, width: int, height: int, ink: RGB,
                  where: tuple[int, int]) -> Image.Image:
    """A Crown's Request's chip with its name in ``lang`` (up to two lines), cached; ``where``
    is where it is pasted (a recording measures its text at the first such place)."""
    return _request_chip_at(request, lang, width, height, ink, _Place(where))


@cached(maxsize=64)
def _request_chip_at(request: str, lang: str, width: int, height: int, ink: RGB, where: _Place) -> Image.Image:
    chip = Image.new("RGBA", (width, height), (0, 0, 0, 0))
    on_canvas(chip, offset=tuple(where))
    d = ImageDraw.Draw(chip)
    d.rounded_rectangle([0, 0, width - 1, height - 1], radius=5, fill=(250, 244, 230), outline=EDGE)
    lines, size = _wrapped(translate(f"madeira.request.{request}", lang), width - 10, (16,), 2)
    y = height / 2 - (len(lines) - 1) * 10
    for line in lines:
        text(d, (width / 2, y), line, size=size, fill=ink, anchor="mm")
        y += 20
    return chip


def _static_key(view: dict[str, Any], lang: str, theme: Theme) -> tuple:
    return (view["num_players"], lang, theme, tuple(view["colours"]), view["phase"] in ("setup", "A"),
            bool(view.get("result")), view.get("rounds", 5),
            tuple((b["id"], b["region"]) for b in view["buildings"]),
            tuple(tuple(r["guilds"]) for r in view["rows"]))


@cached(maxsize=32)
def _summary_base(key: tuple) -> Image.Image:
    """The static stage of the summary for a :func:`_static_key` (recording clears the cache, so
    its labels are measured too)."""
    n, lang, theme, colours, rows_first, final, rounds, buildings, rows = key
    stub = {"num_players": n, "colours": list(colours), "phase": "A" if rows_first else "B", "round": 1,
            "rounds": rounds, "result": {} if not final else {"final": True},
            "buildings": [{"id": b, "region": region} for b, region in buildings],
            "rows": [{"row": r + 1, "guilds": list(g)} for r, g in enumerate(rows)],
            "players": [{}] * n, "to_act": []}
    c = _Canvas(stub, [""] * n, lang, theme, static=True)
    c.header()
    c.board()
    c.seats()
    return c.image


def _character_name(character: str, lang: str) -> str:
    """A character's name in ``lang``; the empty building's printed character in short."""
    if character == "farmer":
        return translate("madeira.board.farmer", lang)
    return translate(f"madeira.character.{character}", lang)


def _tie_words(result: dict[str, Any], names: list[str], lang: str) -> str | None:
    """The tie-break that decided, in words, for the tie nearest the top."""
    for group in result.get("ties") or []:
        score = result["scores"][group[0]]
        return translate("madeira.board.final.tie", lang, pp=score,
                         players=", ".join(names[s] for s in group[:-1]))
    return None


def _current_building(view: dict[str, Any]) -> int | None:
    prompt = view.get("prompt") or {}
    if view.get("phase") == "C" and prompt.get("kind") == "cdecide":
        return prompt.get("building") if isinstance(prompt.get("building"), int) else None
    return None


def _last_target(view: dict[str, Any]) -> tuple[str, Any] | None:
    """Where the last move happened, when it names a place: ("building", b), ("row", r),
    ("field", id), ("spot", code), ("slot", code), ("pass", position)."""
    last = view.get("last")
    if not last:
        return None
    words = str(last.get("move", "")).split()
    if not words:
        return None
    verb = words[0]
    try:
        if verb in ("die", "pirate") and len(words) >= 3:
            for b, bld in enumerate(view["buildings"]):
                character = bld.get("character")
                if character == words[2]:
                    return ("building", b)
        if verb == "row":
            return ("row", int(words[1]) - 1)
        if verb in ("field", "again"):
            return ("field", words[1])
        if verb == "city":
            return ("spot", words[1])
        if verb == "move" and "-" in words[1]:
            target = words[1].split("-")[1]
            return ("field", target) if target[:1].isdigit() or target == "forest" else ("spot", target)
        if verb == "ship" and "-" in words[1]:
            return ("slot", words[1].split(".")[0].split("-")[1])
        if verb == "pass":
            return ("pass", int(words[1]) - 1)
        if verb in ("pay", "pirates") and last.get("phase") == "C":
            return None
    except (ValueError, IndexError, KeyError):
        return None
    return None


def render(view: dict[str, Any], *, names: list[str] | None = None, lang: str = "en",
           theme: Theme = DEFAULT_THEME) -> bytes:
    """The summary image (PNG bytes, 1100 x 800): readable inline at 550 x 400."""
    return encode_png(draw(view, names=names, lang=lang, theme=theme))


def draw(view: dict[str, Any], *, names: list[str] | None = None, lang: str = "en",
         theme: Theme = DEFAULT_THEME) -> Image.Image:
    _check(view)
    base = _summary_base(_static_key(view, lang, theme))
    c = _Canvas(view, frame.player_names(names, view["num_players"], lang), lang, theme, static=False,
                image=base.copy())
    c.header()
    c.board()
    c.seats()
    return c.image

# ==================================================================================================
# The full board (one click away): render_detail(view, names=, lang=)
# ==================================================================================================

#: The full board's width in pixels; the base geometry below is for 1200 and scaled.
DETAIL_SIZE = 1600
BASE = 1200
MIN_SIZE, MAX_SIZE = 600, 2400


@dataclass(frozen=True)
class Layout:
    """Where the parts go on a full board ``width`` pixels wide (``k`` = width / 1200)."""

    width: int
    height: int
    k: float
    n: int

    def s(self, v: float) -> int:
        return round(v * self.k)

    def box(self, x: float, y: float, w: float, h: float) -> tuple[int, int, int, int]:
        return self.s(x), self.s(y), self.s(x + w), self.s(y + h)


# Base geometry (1200 px wide). Sections: header 0-44; islands and buildings 50-330; cities and
# colonies/markets 340-600; watch, windmill, guild board 610-770; panels 780-.
ISL_X, ISL_Y = 10, 52
FIELD_W, FIELD_H, FIELD_GAP = 88, 72, 6
BLD_X, BLD_Y, BLD_W, BLD_H, BLD_GAP = 596, 52, 114, 150, 5
CITY_X, CITY_Y, CITY_ROW = 10, 344, 84
DIST_W = 72
COL_X, COL_Y, COL_W = 596, 210, 196
MKT_X, MKT_Y = 596, 474
GB_Y = 612
PANEL_Y = 786
PANEL_H = 178


@lru_cache(maxsize=8)
def layout(size: int, n: int) -> Layout:
    k = size / BASE
    return Layout(width=size, height=round((PANEL_Y + PANEL_H + 10) * k), k=k, n=n)


def _font_px(lay: Layout, px: float) -> int:
    return max(12, round(px * lay.k))


def _t(d: ImageDraw.ImageDraw, lay: Layout, x: float, y: float, s: str, px: float, fill: RGB = INK,
       anchor: str = "la", **kw: Any) -> None:
    text(d, (lay.s(x), lay.s(y)), s, size=_font_px(lay, px), fill=fill, anchor=anchor, **kw)


def _tw(lay: Layout, s: str, px: float, bold: bool = False) -> float:
    """The width of ``s`` at base size ``px``, in base units."""
    return text_width(s, size=_font_px(lay, px), bold=bold) / lay.k


def _tfit(lay: Layout, s: str, px: float, width: float, bold: bool = False) -> str:
    return fit_text(s, size=_font_px(lay, px), width=width * lay.k, bold=bold)


def _twrap(d, lay: Layout, x: float, y: float, s: str, px: float, width: float, lines: int = 2,
           fill: RGB = INK, anchor: str = "mm", line_h: float | None = None) -> None:
    """``s`` in up to ``lines`` lines centred on (x, y) (base units)."""
    parts = wrap_text(s, size=_font_px(lay, px), width=width * lay.k, max_lines=lines)
    step = line_h or px * 1.2
    y -= (len(parts) - 1) * step / 2
    for part in parts:
        _t(d, lay, x, y, part, px, fill=fill, anchor=anchor)
        y += step


def _rect(d: ImageDraw.ImageDraw, lay: Layout, x, y, w, h, fill=None, outline=None, width=1, radius=0) -> None:
    box = lay.box(x, y, w, h)
    if radius:
        d.rounded_rectangle(box, radius=lay.s(radius), fill=fill, outline=outline, width=max(1, lay.s(width)))
    else:
        d.rectangle(box, fill=fill, outline=outline, width=max(1, lay.s(width)) if outline else 0)


def _within(lay: Layout, x: float, y: float, w: float, h: float):
    return within(lay.box(x, y, w, h))


class _Detail:
    def __init__(self, view: dict[str, Any], names: list[str], lang: str, theme: Theme, size: int) -> None:
        self.view, self.names, self.lang, self.theme = view, names, lang, theme
        self.lay = lay = layout(size, view["num_players"])
        self.img = Image.new("RGB", (lay.width, lay.height), BG)
        on_canvas(self.img)
        self.d = ImageDraw.Draw(self.img)
        self.colours = [theme.seat_colour(c) for c in view["colours"]]
        self.last = _last_target(view)

    def say(self, key: str, **params: Any) -> str:
        return translate(key, self.lang, **params)

    def word(self, group: str, key: str) -> str:
        return translate(f"madeira.{group}.{key}", self.lang)

    def mark(self, seat: int, x: float, y: float, r: float) -> None:
        lay = self.lay
        paste_centred(self.img, seat_mark(max(10, lay.s(2 * r)), seat, self.colours[seat]), (lay.s(x), lay.s(y)))

    def neutral(self, x: float, y: float, r: float) -> None:
        lay = self.lay
        dia = max(8, lay.s(2 * r))
        paste_centred(self.img, disc_sprite(dia, NEUTRAL, darker(NEUTRAL, 0.45)), (lay.s(x), lay.s(y)))

    def icon(self, kind: str, x: float, y: float, r: float = 7) -> None:
        lay = self.lay
        paste_centred(self.img, _icon_sprite(kind, max(8, lay.s(2 * r))), (lay.s(x), lay.s(y)))

    def die(self, x: float, y: float, size: float, value: int, frame_c: RGB, pirate: bool = False) -> None:
        lay = self.lay
        px = max(8, lay.s(size))
        paste(self.img, _die_sprite(px, value, *_die_colours(pirate, frame_c)), (lay.s(x), lay.s(y)))

    def ring(self, x: float, y: float, w: float, h: float, radius: float = 6) -> None:
        lay = self.lay
        x0, y0, x1, y1 = lay.box(x - 3, y - 3, w + 6, h + 6)
        sprite = rounded_box_sprite(x1 - x0, y1 - y0, (0, 0, 0, 0), self.theme.highlight, max(3.0, lay.k * 4),
                                    lay.s(radius))
        paste(self.img, sprite, (x0, y0))

    # -- the parts ---------------------------------------------------------------------------

    def draw(self) -> Image.Image:
        self.header()
        self.islands()
        self.buildings()
        self.cities()
        self.colonies()
        self.markets()
        self.watch_and_mill()
        self.guild_board()
        self.panels()
        return self.img

    def header(self) -> None:
        d, lay, view = self.d, self.lay, self.view
        with _within(lay, 0, 0, BASE, 46):
            _t(d, lay, 12, 22, f"{view['round']}/{view.get('rounds', 5)}", 22, anchor="lm", bold=True)
            for i, phase in enumerate("ABCDE"):
                x = 64 + i * 30
                lit = view["phase"] == phase
                _rect(d, lay, x, 8, 26, 28, fill=INK if lit else CARD, outline=EDGE, radius=5)
                _t(d, lay, x + 13, 22, phase, 15, fill=(255, 255, 255) if lit else FAINT, anchor="mm", bold=lit)
            last = view.get("last")
            right = BASE - 10
            if last and not view.get("result"):
                move = _tfit(lay, str(last["move"]), 18, 330, bold=True)
                w = _tw(lay, move, 18, bold=True)
                band = rounded_box_sprite(lay.s(w + 16), lay.s(30), self.theme.highlight + (120,),
                                          self.theme.highlight, 2.0, lay.s(8))
                paste(self.img, band, (lay.s(right - w - 8), lay.s(7)))
                _t(d, lay, right, 22, move, 18, anchor="rm", bold=True)
                seat = last.get("seat")
                if isinstance(seat, int) and 0 <= seat < len(self.colours):
                    self.mark(seat, right - w - 24, 22, 12)
                    right -= w + 40
                else:
                    right -= w + 16
                caption = self.say("board.last")
                _t(d, lay, right, 22, caption, 13, fill=FAINT, anchor="rm")
                right -= _tw(lay, caption, 13) + 14
            x = 220
            if view.get("result"):
                words = f"{self.say('board.game_over')} · {frame.outcome(view['result']['ranks'], self.names, self.lang)}"
                _t(d, lay, x, 22, _tfit(lay, words, 18, right - x, bold=True), 18, anchor="lm", bold=True)
                return
            for seat in view.get("to_act", [])[:1]:
                self.mark(seat, x + 12, 22, 12)
                x += 30
                who = self.say("board.to_play", player=self.names[seat])
                who = _tfit(lay, who, 16, max(120, min(300, (right - x) * 0.45)), bold=True)
                _t(d, lay, x, 22, who, 16, anchor="lm", bold=True)
                x += _tw(lay, who, 16, bold=True) + 10
                decision = _decision(view, self.lang)
                if decision and right - x > 60:
                    parts = wrap_text(decision, size=_font_px(lay, 13), width=(right - x) * lay.k, max_lines=2)
                    y = 22 - (len(parts) - 1) * 8
                    for part in parts:
                        _t(d, lay, x, y, part, 13, anchor="lm")
                        y += 16

    def islands(self) -> None:
        d, lay, view = self.d, self.lay, self.view
        with _within(lay, ISL_X, ISL_Y - 2, 578, 3 * (FIELD_H + 14) + 22):
            _rect(d, lay, ISL_X, ISL_Y - 2, 578, 3 * (FIELD_H + 14) + 22, fill=SEA, radius=8)
            for row, region in enumerate((1, 2, 3)):
                y = ISL_Y + 4 + row * (FIELD_H + 14) + 8
                _rect(d, lay, ISL_X + 4, y - 4, 26, FIELD_H + 8, fill=REGION[region], radius=5)
                _t(d, lay, ISL_X + 17, y + FIELD_H / 2, str(region), 20, anchor="mm", bold=True)
            spots = _field_boxes(view["fields"])
            for f in view["fields"]:
                x, y = spots[f["id"]]
                fill = GOODS.get(f["good"], GOODS[None]) if not f["forest"] else GOODS[None]
                if f["wood"] > 0 and not f["forest"]:
                    fill = mix(fill, WOOD, 0.45)
                _rect(d, lay, x, y, FIELD_W, FIELD_H, fill=fill, outline=darker(fill, 0.35), radius=6)
                ink = ink_on(fill)
                label = f["id"] if not f["forest"] else self.word("board", "forest")
                _t(d, lay, x + 6, y + 12, _tfit(lay, label, 15, FIELD_W - 40, bold=True), 15, fill=ink,
                   anchor="lm", bold=True)
                if f["wood"] > 0:
                    self.icon("wood", x + FIELD_W - 26, y + 12, 7)
                    _t(d, lay, x + FIELD_W - 6, y + 12, str(f["wood"]), 15, fill=ink, anchor="rm", bold=True)
                if f.get("convert_pending") and f.get("converts"):
                    self.icon("arrow", x + 12, y + 33, 6)
                    self.icon(f["converts"], x + 28, y + 33, 7)
                    _t(d, lay, x + 40, y + 33, self.say("madeira.board.round_short", round=f["convert_round"]), 12,
                       fill=ink, anchor="lm")
                for i, seat in enumerate(f["workers"][:4]):
                    self.mark(seat, x + 12 + i * 21, y + FIELD_H - 13, 9.5)
                if self.last and self.last[0] == "field" and self.last[1] == f["id"]:
                    self.ring(x, y, FIELD_W, FIELD_H)

    def buildings(self) -> None:
        d, lay, view = self.d, self.lay, self.view
        current = _current_building(view)
        for b, bld in enumerate(view["buildings"]):
            x, y = BLD_X + b * (BLD_W + BLD_GAP), BLD_Y
            with _within(lay, x - 4, y - 4, BLD_W + 8, BLD_H + 8):
                _rect(d, lay, x, y, BLD_W, BLD_H, fill=CARD, outline=EDGE, width=3 if current == b else 1, radius=6)
                _rect(d, lay, x, y, BLD_W, 36, fill=REGION[bld["region"]], radius=6)
                _twrap(d, lay, x + BLD_W / 2, y + 18, self.word("building", bld["id"]), 12, BLD_W - 8, 2,
                       line_h=15)
                character = bld.get("character")
                if character:
                    fill = (250, 236, 200) if bld["tile"] else (226, 226, 226)
                    _rect(d, lay, x + 4, y + 40, BLD_W - 8, 34, fill=fill, outline=EDGE, radius=4)
                    _t(d, lay, x + BLD_W / 2, y + 50, _tfit(lay, _character_name(character, self.lang), 12, BLD_W - 12),
                       12, anchor="mm", bold=True)
                    _t(d, lay, x + BLD_W / 2, y + 65, character, 12, fill=FAINT, anchor="mm")
                for i, die in enumerate(bld["dice"][:8]):
                    dx = x + 6 + (i % 4) * 26
                    dy = y + 78 + (i // 4) * 26
                    pirate = die["kind"] == "pirate"
                    self.die(dx, dy, 22, die["value"], (20, 20, 20) if pirate else self.colours[die["seat"]], pirate)
                    if isinstance(die.get("seat"), int):
                        self.mark(die["seat"], dx + 19, dy + 19, 6.5)
                for i, seat in enumerate(bld["markers"][:4]):
                    self.mark(seat, x + 12 + i * 19, y + 118, 8.5)
                _t(d, lay, x + 6, y + BLD_H - 11, f"{bld['number']} · {ROMAN[bld['empty_round'] - 1]}", 12,
                   fill=FAINT, anchor="lm")
                if bld.get("cost") is not None:
                    self.icon("reals", x + BLD_W - 40, y + BLD_H - 11, 7)
                    _t(d, lay, x + BLD_W - 6, y + BLD_H - 11, str(bld["cost"]), 15, anchor="rm", bold=True)
            if self.last and self.last[0] == "building" and self.last[1] == b:
                self.ring(x, y, BLD_W, BLD_H)

    def cities(self) -> None:
        d, lay, view = self.d, self.lay, self.view
        for c, city in enumerate(view["cities"]):
            y0 = CITY_Y + 8 + c * CITY_ROW
            with _within(lay, CITY_X, y0, 578, CITY_ROW - 6):
                _rect(d, lay, CITY_X, y0, 578, CITY_ROW - 6, fill=CARD, outline=EDGE, radius=6)
                _t(d, lay, CITY_X + 8, y0 + 16, city["id"], 20, anchor="lm", bold=True)
                _t(d, lay, CITY_X + 8, y0 + 36, _tfit(lay, self.word("city", city["id"]), 12, 80), 12, fill=FAINT,
                   anchor="lm")
                _t(d, lay, CITY_X + 8, y0 + 56, f"{city['urbanization'][0]}/{city['urbanization'][1]}", 12,
                   fill=FAINT, anchor="lm")
                self.icon(city["income"], CITY_X + 66, y0 + 56, 7)
                for dist, district in enumerate(city["districts"]):
                    x, y = CITY_X + 92 + dist * (DIST_W + 4), y0 + 26
                    _rect(d, lay, x, y - 14, DIST_W, 54, outline=EDGE, radius=4)
                    if not district["built"]:
                        gfill = GUILDS[district["guild"]]
                        _rect(d, lay, x + 2, y - 12, DIST_W - 4, 50, fill=gfill, outline=EDGE, radius=4)
                        ink = ink_on(gfill)
                        _t(d, lay, x + DIST_W / 2, y + 2, _tfit(lay, self.word("favor", district["favor"]), 12,
                                                                DIST_W - 6), 12, fill=ink, anchor="mm")
                        self.icon("wood", x + DIST_W / 2 - 10, y + 24, 6)
                        _t(d, lay, x + DIST_W / 2 + 2, y + 24, str(district["cost"]), 13, fill=ink, anchor="lm",
                           bold=True)
                        continue
                    for k in range(2):
                        spot = dist * 2 + k
                        sx = x + 18 + k * 36
                        who = city["spots"][spot]
                        code = f"{city['id']}{spot + 1}"
                        if who is None:
                            _rect(d, lay, sx - 13, y - 2, 26, 26, fill=(240, 238, 232), outline=(200, 196, 188),
                                  radius=13)
                            _t(d, lay, sx, y + 11, str(spot + 1), 12, fill=FAINT, anchor="mm")
                        elif who == "neutral":
                            self.neutral(sx, y + 11, 12)
                        else:
                            self.mark(who, sx, y + 11, 12.5)
                        if self.last and self.last[0] == "spot" and self.last[1] == code:
                            self.ring(sx - 14, y - 3, 28, 28, 14)

    def colonies(self) -> None:
        d, lay, view = self.d, self.lay, self.view
        for c, colony in enumerate(view["colonies"]):
            x = COL_X + c * (COL_W + 3)
            with _within(lay, x, COL_Y, COL_W, 256):
                _rect(d, lay, x, COL_Y, COL_W, 256, fill=CARD, outline=EDGE, radius=6)
                _t(d, lay, x + 8, COL_Y + 14, colony["id"], 16, anchor="lm", bold=True)
                self.icon(colony["good"], x + 36, COL_Y + 14, 7)
                _t(d, lay, x + 48, COL_Y + 14, _tfit(lay, self.word("colony", colony["id"]), 12, 70), 12, anchor="lm")
                _t(d, lay, x + COL_W - 8, COL_Y + 14, "/".join(str(v) for v in colony["pp"].values()), 12,
                   fill=FAINT, anchor="rm")
                for seat, count in enumerate(colony["land"]):
                    if count:
                        self.mark(seat, x + 16 + seat * 44, COL_Y + 46, 11)
                        _t(d, lay, x + 30 + seat * 44, COL_Y + 46, f"×{count}", 13, anchor="lm", bold=True)
                for k, slot in enumerate(colony["slots"]):
                    sx, sy = x + 8 + k * 37, COL_Y + 76
                    avail = slot["available"]
                    _rect(d, lay, sx, sy, 33, 58, fill=(236, 244, 250) if avail else OFF, outline=EDGE, radius=4)
                    _t(d, lay, sx + 16, sy + 9, slot["code"], 12, fill=FAINT, anchor="mm")
                    self.icon("wine", sx + 9, sy + 48, 5)
                    _t(d, lay, sx + 23, sy + 48, str(slot["wine"]), 12, anchor="mm")
                    if not avail:
                        d.line([lay.s(sx + 3), lay.s(sy + 3), lay.s(sx + 30), lay.s(sy + 55)], fill=FAINT,
                               width=max(1, lay.s(2)))
                    if slot["ship"] is not None:
                        self.mark(slot["ship"], sx + 16, sy + 29, 11)
                    if self.last and self.last[0] == "slot" and self.last[1] == slot["code"]:
                        self.ring(sx, sy, 33, 58)
                _t(d, lay, x + 8, COL_Y + 150, self.say("madeira.board.rewards"), 12, fill=FAINT, anchor="lm")
                for i, reward in enumerate(colony["rewards"][:2]):
                    _rect(d, lay, x + 8 + i * 92, COL_Y + 162, 86, 40, fill=(250, 240, 214), outline=EDGE, radius=4)
                    _twrap(d, lay, x + 51 + i * 92, COL_Y + 182, self.word("reward", reward), 12, 80, 2, line_h=15)

    def markets(self) -> None:
        d, lay, view = self.d, self.lay, self.view
        for m, market in enumerate(view["markets"]):
            y = MKT_Y + m * 44
            with _within(lay, MKT_X, y, 596, 40):
                _rect(d, lay, MKT_X, y, 596, 40, fill=CARD, outline=EDGE, radius=6)
                _t(d, lay, MKT_X + 6, y + 13, market["id"], 15, anchor="lm", bold=True)
                self.icon(market["good"], MKT_X + 40, y + 13, 6)
                _t(d, lay, MKT_X + 6, y + 30, "/".join(str(v) for v in market["pp"].values()), 12, fill=FAINT,
                   anchor="lm")
                for k, slot in enumerate(market["slots"]):
                    sx = MKT_X + 58 + k * 104
                    avail = slot["available"]
                    _rect(d, lay, sx, y + 4, 100, 32, fill=(250, 244, 228) if avail else OFF, outline=EDGE, radius=4)
                    options = slot["options"]
                    _t(d, lay, sx + 4, y + 20, slot["code"], 12, fill=FAINT, anchor="lm")
                    self.icon(market["good"], sx + 33, y + 20, 6)
                    _t(d, lay, sx + 40, y + 20, "/".join(str(o[0]) for o in options), 13, anchor="lm")
                    self.icon("reals", sx + 58, y + 20, 6)
                    _t(d, lay, sx + 65, y + 20, "/".join(str(o[1]) for o in options), 13, anchor="lm")
                    if not avail:
                        d.line([lay.s(sx + 3), lay.s(y + 7), lay.s(sx + 97), lay.s(y + 33)], fill=FAINT,
                               width=max(1, lay.s(2)))
                    if slot["ship"] is not None:
                        self.mark(slot["ship"], sx + 88, y + 20, 10)
                    if self.last and self.last[0] == "slot" and self.last[1] == slot["code"]:
                        self.ring(sx, y + 4, 100, 32)

    def watch_and_mill(self) -> None:
        d, lay, view = self.d, self.lay, self.view
        with _within(lay, 10, GB_Y, 250, 160):
            _rect(d, lay, 10, GB_Y, 250, 160, fill=CARD, outline=EDGE, radius=6)
            _t(d, lay, 18, GB_Y + 14, self.say("madeira.board.watch"), 13, anchor="lm", bold=True)
            for i, value in enumerate(view["pirate_dice"][:4]):
                self.die(130 + i * 30, GB_Y + 4, 22, value, (20, 20, 20), pirate=True)
            for seat, count in enumerate(view["watch"]):
                x = 22 + (seat % 2) * 118
                y = GB_Y + 56 + (seat // 2) * 46
                self.mark(seat, x + 10, y, 12)
                self.icon("worker", x + 34, y, 9)
                _t(d, lay, x + 46, y, str(count), 16, anchor="lm", bold=True)
        with _within(lay, 266, GB_Y, 190, 160):
            _rect(d, lay, 266, GB_Y, 190, 160, fill=CARD, outline=EDGE, radius=6)
            _t(d, lay, 274, GB_Y + 14, self.say("madeira.board.windmill"), 13, anchor="lm", bold=True)
            levels = view["windmill"]["levels"]
            for i, level in enumerate(levels):
                x = 282 + i * 24
                _rect(d, lay, x - 10, GB_Y + 30, 20, 20, fill=(236, 240, 246), outline=EDGE, radius=3)
                _t(d, lay, x, GB_Y + 40, str(level) if level else "-", 12, anchor="mm")
            for seat, player in enumerate(view["players"]):
                x = 282 + player["mill"] * 24
                self.mark(seat, x, GB_Y + 66 + seat * 23, 10)

    def guild_board(self) -> None:
        d, lay, view = self.d, self.lay, self.view
        with _within(lay, 462, GB_Y, 728, 160):
            _rect(d, lay, 462, GB_Y, 728, 160, fill=CARD, outline=EDGE, radius=6)
            for r, row in enumerate(view["rows"]):
                y = GB_Y + 8 + r * 37
                _t(d, lay, 474, y + 16, str(r + 1), 16, anchor="lm", bold=True)
                for g, guild in enumerate(row["guilds"][:2]):
                    _rect(d, lay, 488 + g * 48, y + 5, 46, 24, fill=GUILDS[guild], outline=EDGE, radius=3)
                    _t(d, lay, 511 + g * 48, y + 17, _tfit(lay, self.say(f"madeira.board.guild.{guild}"), 11, 44), 11,
                       fill=ink_on(GUILDS[guild]), anchor="mm")
                x = 488 + min(2, len(row["guilds"])) * 48 + 4
                if row["seat"] is not None:
                    self.mark(row["seat"], x + 14, y + 16, 12)
                else:
                    for i, value in enumerate(row["dice"][:3]):
                        self.die(x + i * 26, y + 5, 22, value, FAINT)
                for i, request in enumerate(row["requests"][:3]):
                    rx = 670 + i * 109
                    _rect(d, lay, rx, y + 3, 106, 30, fill=(250, 244, 230), outline=EDGE, radius=4)
                    _twrap(d, lay, rx + 53, y + 18, self.word("request", request), 11, 102, 2, line_h=12.5)
                if self.last and self.last[0] == "row" and self.last[1] == r:
                    self.ring(466, y + 1, 200, 32)
            _t(d, lay, 1008, GB_Y + 2 + 8 * 0, "", 12)
            for pos, slot in enumerate(view["passing"]):
                y = GB_Y + 8 + pos * 37
                _rect(d, lay, 1000, y + 2, 184, 32, fill=(244, 240, 230), outline=EDGE, radius=4)
                _t(d, lay, 1006, y + 11, slot["slot"], 13, anchor="lm", bold=True)
                self.icon("reals", 1040, y + 11, 6)
                _t(d, lay, 1049, y + 11, str(slot["reals"]), 12, anchor="lm")
                if slot["action"]:
                    _t(d, lay, 1006, y + 27, _tfit(lay, self.say(f"madeira.board.pass.{slot['action']}"), 11, 146),
                       11, fill=FAINT, anchor="lm")
                if slot["seat"] is not None:
                    self.mark(slot["seat"], 1168, y + 18, 12)
                if self.last and self.last[0] == "pass" and self.last[1] == pos:
                    self.ring(1000, y + 2, 184, 32)

    def panels(self) -> None:
        d, lay, view = self.d, self.lay, self.view
        players = view["players"]
        n = len(players)
        width = (BASE - 20 - (n - 1) * 6) / n
        result = view.get("result")
        to_act = set(view.get("to_act", []))
        for seat, p in enumerate(players):
            x = 10 + seat * (width + 6)
            y = PANEL_Y
            colour = self.colours[seat]
            with _within(lay, x, y, width, PANEL_H):
                _rect(d, lay, x, y, width, PANEL_H, fill=CARD, outline=INK if seat in to_act else EDGE,
                      width=3 if seat in to_act else 1, radius=8)
                _rect(d, lay, x, y, width, 30, fill=colour, radius=8)
                ink = ink_on(colour)
                self.mark(seat, x + 16, y + 15, 12)
                score = str(p["pp"])
                sw = _tw(lay, score, 18, bold=True)
                _t(d, lay, x + width - 8, y + 15, score, 18, fill=ink, anchor="rm", bold=True)
                self.icon("pp", x + width - 18 - sw, y + 15, 9)
                tag = ""
                if result:
                    tag = self.say("board.rank", rank=result["ranks"][seat])
                elif p["passed"] and view["phase"] == "B":
                    tag = self.say("madeira.board.passed")
                room = width - 44 - sw - 30
                name = self.names[seat] if not tag else f"{tag} {self.names[seat]}"
                _t(d, lay, x + 32, y + 15, _tfit(lay, name, 15, room, bold=True), 15, fill=ink, anchor="lm", bold=True)
                row1 = [("reals", p["reals"]), ("wheat", p["wheat"]), ("sugar", p["sugar"]), ("wine", p["wine"])]
                row2 = [("wood", p["wood"]), ("bread", p["bread"]), ("ship", f"{p['ships']}+{p['ships_on_board']}"),
                        ("worker", f"{p['workers']}+{p['on_board']}")]
                step = (width - 12) / 4
                for i, (kind, value) in enumerate(row1):
                    cx = x + 14 + i * step
                    self.icon(kind, cx, y + 45, 8)
                    _t(d, lay, cx + 11, y + 45, str(value), 15, anchor="lm", bold=True)
                for i, (kind, value) in enumerate(row2):
                    cx = x + 14 + i * step
                    self.icon(kind, cx, y + 68, 8)
                    _t(d, lay, cx + 11, y + 68, _tfit(lay, str(value), 14, step - 14, bold=True), 14, anchor="lm",
                       bold=True)
                self.icon("marker", x + 14, y + 92, 7)
                _t(d, lay, x + 24, y + 92, str(p["markers"]), 14, anchor="lm", bold=True)
                for i, value in enumerate(p["dice"][:4]):
                    self.die(x + 42 + i * 21, y + 83, 18, value, colour)
                feeds = self.say("madeira.board.feeds", count=p["mill_feeds"])
                fw = _tw(lay, feeds, 12)
                _t(d, lay, x + width - 8, y + 92, feeds, 12, fill=FAINT, anchor="rm")
                self.icon("mill", x + width - 18 - fw, y + 92, 8)
                # favors: face up filled, face down outlined, names in the server's language
                favors = p["favors"]
                per_row = 3 if width < 260 else 4
                chip = (width - 12 - (per_row - 1) * 3) / per_row
                for i, favor in enumerate(favors[: per_row * 2]):
                    fx = x + 6 + (i % per_row) * (chip + 3)
                    fy = y + 104 + (i // per_row) * 20
                    gfill = GUILDS[favor["guild"]]
                    _rect(d, lay, fx, fy, chip, 18, fill=gfill if favor["up"] else CARD,
                          outline=darker(gfill, 0.3), width=2, radius=3)
                    _t(d, lay, fx + chip / 2, fy + 9, _tfit(lay, self.word("favor", favor["id"]), 11, chip - 4),
                       11, fill=ink_on(gfill) if favor["up"] else INK, anchor="mm")
                # Crown's Requests in hand
                ry = y + 148
                rx = x + 6
                for request in p["requests"][:3]:
                    rw = (width - 12) / 3 - 3
                    _rect(d, lay, rx, ry - 4, rw, 30, fill=(250, 244, 230), outline=EDGE, radius=4)
                    _twrap(d, lay, rx + rw / 2, ry + 11, self.word("request", request), 11, rw - 4, 2, line_h=12.5)
                    rx += rw + 3
                if result:
                    # the final scoring revealed: pirates and their penalty
                    _rect(d, lay, x + 4, y + 124, width - 8, 50, fill=(244, 240, 230), outline=EDGE, radius=4)
                    lines = _breakdown(result, seat, self.lang)
                    _t(d, lay, x + 10, y + 137, _tfit(lay, lines[1], 12, width - 20), 12, anchor="lm")
                    _t(d, lay, x + 10, y + 161, _tfit(lay, lines[2], 12, width - 20), 12, anchor="lm")


def _breakdown(result: dict[str, Any], seat: int, lang: str) -> list[str]:
    """The final score's parts in words (rules page §13)."""
    return [translate("madeira.board.final.track", lang, pp=result["track"][seat]),
            translate("madeira.board.final.goods", lang, reals=result["reals"][seat], pp=result["resource_pp"][seat]),
            translate("madeira.board.final.pirates", lang, pirates=result["pirates"][seat],
                      lost=result["pirate_pp"][seat])]


def _field_boxes(fields: list[dict[str, Any]]) -> dict[str, tuple[float, float]]:
    """Top-left corner of each field tile: one row per region, the Forest after region 1."""
    spots: dict[str, tuple[float, float]] = {}
    rows = {1: 0, 2: 1, 3: 2}
    used = {0: 0, 1: 0, 2: 0}
    for f in fields:
        row = 0 if f["forest"] else rows[f["region"]]
        col = used[row]
        used[row] += 1
        spots[f["id"]] = (ISL_X + 34 + col * (FIELD_W + FIELD_GAP), ISL_Y + 4 + row * (FIELD_H + 14) + 8)
    return spots


def draw_detail(view: dict[str, Any], *, names: list[str] | None = None, lang: str = "en",
                theme: Theme = DEFAULT_THEME, size: int = DETAIL_SIZE) -> Image.Image:
    """The full board of ``view`` (an RGB image ``size`` pixels wide)."""
    _check(view)
    if not isinstance(size, int) or not MIN_SIZE <= size <= MAX_SIZE:
        raise ValueError(f"size must be {MIN_SIZE}-{MAX_SIZE} pixels, not {size!r}")
    return _Detail(view, frame.player_names(names, view["num_players"], lang), lang, theme, size).draw()


def render_detail(view: dict[str, Any], *, names: list[str] | None = None, lang: str = "en",
                  theme: Theme = DEFAULT_THEME, size: int = DETAIL_SIZE) -> bytes:
    """The full board (PNG bytes), one click away from the summary: every field, building, city,
    colony, market, the guild board and each seat's panel."""
    return encode_png(draw_detail(view, names=names, lang=lang, theme=theme, size=size))
