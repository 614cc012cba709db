"""The Middle Ages board image, drawn from a view only (``MiddleAges.view(state, seat)``).

``render(view, *, names=None, lang="en")`` returns PNG bytes of the shared 1100 x 800 frame
(``renderers/frame.py``), made to be read at Discord's inline size (550 x 400):

- the **header** (the shared frame): whose turn it is, the round and what they must decide in
  words, and the last action's notation in large type with its seat's mark; at the end the
  winner and the tie-break in words;
- the **market** (left, top): rows 1-4 with their numbers, the column numbers above (the ``N``
  of ``go N`` and the ``R-C`` of ``scout R-C``), each tile with its estate icon, its printed
  number, its farmer and chest icons; lords as seat marks (shape, colour and number), scouts as
  smaller marks on a pennant; the row the lords go to on a gold band with an arrow; the last
  action's tile ringed in the highlight hue;
- a **legend** of the eight estate icons with their words in the server's language (the words
  ``coin`` and ``plot`` take);
- the four **event cards** in words (name, when it resolves, what it does), resolved ones ticked
  and faded, the next one framed; while a player picks a tile to ``revive`` or ``lose``, the
  candidates instead, numbered as the notation counts them;
- a **card per seat** (right): seat mark, the player's name, coins (the public score), per estate
  its icon and tile count with its tokens, farmer and chest totals, the graveyard, and in the
  second half of the game the end penalty as a preview in muted text ("if the game ended now:
  -30"); the seat to act framed in its colour; at the end the ranks, each score with its
  breakdown (coins, empty estates) as the rules page scores it.

Speed: the static layer (panels, row and column numbers, the legend) is built once per player
count and language; tiles, icons and marks are cached sprites; each market tile with its number,
the gold band, each event card and each seat card are drawn once per look and pasted after
(:func:`renderers.common.region`): most come back unchanged move after move.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import lru_cache, partial
from typing import Any

from PIL import Image, ImageDraw

import games.middle_ages  # noqa: F401  (registers the catalogue entries the image uses)
from games.messages import join_names, text_from_json, translate
from games.middle_ages.data import ESTATES
from renderers import frame as fr
from renderers import palettes
from renderers.common import (
    DEFAULT_THEME,
    RGB,
    Theme,
    cached,
    darker,
    encode_png,
    fit_text,
    framed,
    mix,
    paste,
    paste_centred,
    region,
    rounded_box_sprite,
    seat_mark,
    supersampled,
    text,
    text_width,
    within,
    wrap_text,
)

__all__ = ["ESTATE_FILL", "THEME", "Geometry", "draw", "geometry", "render"]

Box = tuple[int, int, int, int]
Point = tuple[float, float]

THEME = DEFAULT_THEME

#: Tile colours per estate (board order), chosen to stay apart from each other and from the
#: highlight hue.
ESTATE_FILL: dict[str, RGB] = {
    "field": (241, 205, 92),
    "mill": (150, 186, 222),
    "village": (140, 196, 104),
    "rampart": (170, 166, 158),
    "market": (240, 148, 72),
    "barracks": (208, 90, 78),
    "church": (226, 224, 244),
    "palace": (172, 128, 210),
}
#: The badge of a tile's number in its deck's colour (dark enough for white digits).
DECK_COLOUR = {"blue": (36, 78, 160), "orange": (178, 84, 10)}
INK: RGB = (52, 44, 38)
GOLD: RGB = (240, 178, 30)
EVENT_ROUNDS = (4, 8, 12, 16)
#: From this round on the seat cards preview the end penalty of empty estates.
PREVIEW_FROM_ROUND = 9
SIDE_WIDTH = 430

# --- icons -------------------------------------------------------------------------------------

Painter = Callable[[ImageDraw.ImageDraw, float, float, RGB, RGB], None]


def _p(w: float, *pts: float) -> list[tuple[float, float]]:
    """Unit coordinates (0..1) to pixels of a ``w`` wide square."""
    return [(pts[i] * w, pts[i + 1] * w) for i in range(0, len(pts), 2)]


def _field(d: ImageDraw.ImageDraw, w: float, lw: float, ink: RGB, light: RGB) -> None:
    for x0, x1 in ((0.5, 0.5), (0.3, 0.2), (0.7, 0.8)):
        d.line(_p(w, x0, 0.93, x1, 0.42), fill=ink, width=round(lw))
        for dy in (0.0, 0.13, 0.26):
            cx, cy = x1 + (x0 - x1) * dy * 0.5, 0.2 + dy
            for side in (-1, 1):
                gx = cx + side * 0.06
                d.ellipse([(gx - 0.05) * w, (cy - 0.08) * w, (gx + 0.05) * w, (cy + 0.08) * w], fill=ink)
        d.ellipse([(x1 - 0.04) * w, 0.08 * w, (x1 + 0.04) * w, 0.22 * w], fill=ink)


def _mill(d: ImageDraw.ImageDraw, w: float, lw: float, ink: RGB, light: RGB) -> None:
    c, r = 0.5 * w, 0.37 * w
    for i in range(8):
        a = math.pi * i / 4
        d.line([(c, c), (c + r * math.cos(a), c + r * math.sin(a))], fill=ink, width=round(lw))
        px, py = c + r * math.cos(a), c + r * math.sin(a)
        s = 0.07 * w
        d.rectangle([px - s, py - s, px + s, py + s], fill=ink)
    d.ellipse([c - r, c - r, c + r, c + r], outline=ink, width=round(lw * 1.2))
    h = 0.1 * w
    d.ellipse([c - h, c - h, c + h, c + h], fill=ink)


def _village(d: ImageDraw.ImageDraw, w: float, lw: float, ink: RGB, light: RGB) -> None:
    d.polygon(_p(w, 0.08, 0.5, 0.5, 0.1, 0.92, 0.5), fill=ink)
    d.rectangle([0.2 * w, 0.46 * w, 0.8 * w, 0.92 * w], fill=ink)
    d.rectangle([0.42 * w, 0.62 * w, 0.58 * w, 0.92 * w], fill=light)
    d.rectangle([0.26 * w, 0.56 * w, 0.36 * w, 0.66 * w], fill=light)
    d.rectangle([0.64 * w, 0.56 * w, 0.74 * w, 0.66 * w], fill=light)


def _rampart(d: ImageDraw.ImageDraw, w: float, lw: float, ink: RGB, light: RGB) -> None:
    d.rectangle([0.08 * w, 0.36 * w, 0.92 * w, 0.92 * w], fill=ink)
    for i in range(4):
        x = 0.08 + i * 0.24
        d.rectangle([x * w, 0.16 * w, (x + 0.12) * w, 0.38 * w], fill=ink)
    for y, offset in ((0.5, 0.0), (0.64, 0.14), (0.78, 0.0)):
        d.line([(0.08 * w, y * w), (0.92 * w, y * w)], fill=light, width=max(1, round(lw * 0.5)))
        x = 0.22 + offset
        while x < 0.9:
            d.line([(x * w, y * w), (x * w, (y + 0.14) * w)], fill=light, width=max(1, round(lw * 0.5)))
            x += 0.28
    d.rectangle([0.4 * w, 0.66 * w, 0.6 * w, 0.92 * w], fill=light)
    d.pieslice([0.4 * w, 0.56 * w, 0.6 * w, 0.76 * w], 180, 360, fill=light)


def _market(d: ImageDraw.ImageDraw, w: float, lw: float, ink: RGB, light: RGB) -> None:
    for i in range(5):
        x0 = 0.08 + i * 0.168
        d.rectangle([x0 * w, 0.14 * w, (x0 + 0.168) * w, 0.36 * w], fill=ink if i % 2 == 0 else light,
                    outline=ink, width=max(1, round(lw * 0.4)))
        d.pieslice([x0 * w, 0.26 * w, (x0 + 0.168) * w, 0.46 * w], 0, 180, fill=ink if i % 2 == 0 else light,
                   outline=ink, width=max(1, round(lw * 0.4)))
    d.line(_p(w, 0.14, 0.4, 0.14, 0.92), fill=ink, width=round(lw))
    d.line(_p(w, 0.86, 0.4, 0.86, 0.92), fill=ink, width=round(lw))
    d.rectangle([0.08 * w, 0.62 * w, 0.92 * w, 0.76 * w], fill=ink)
    for x in (0.3, 0.5, 0.7):
        d.ellipse([(x - 0.07) * w, 0.48 * w, (x + 0.07) * w, 0.62 * w], fill=ink)


def _barracks(d: ImageDraw.ImageDraw, w: float, lw: float, ink: RGB, light: RGB) -> None:
    for (x0, y0, x1, y1) in ((0.18, 0.18, 0.78, 0.78), (0.82, 0.18, 0.22, 0.78)):
        d.line(_p(w, x0, y0, x1, y1), fill=ink, width=round(lw * 1.5))
        d.polygon(_p(w, x0, y0, x0 + (0.1 if x0 < 0.5 else -0.1), y0, x0, y0 + 0.1), fill=ink)
        # cross-guard perpendicular to the blade near the hilt
        gx, gy = x0 + (x1 - x0) * 0.78, y0 + (y1 - y0) * 0.78
        dx, dy = (0.11, -0.11) if x0 < 0.5 else (0.11, 0.11)
        d.line(_p(w, gx - dx, gy - dy, gx + dx, gy + dy), fill=ink, width=round(lw * 1.4))
        d.ellipse([(x1 - 0.07) * w, (y1 + 0.02) * w, (x1 + 0.07) * w, (y1 + 0.16) * w], fill=ink)


def _church(d: ImageDraw.ImageDraw, w: float, lw: float, ink: RGB, light: RGB) -> None:
    d.line(_p(w, 0.5, 0.04, 0.5, 0.3), fill=ink, width=round(lw * 1.1))
    d.line(_p(w, 0.39, 0.13, 0.61, 0.13), fill=ink, width=round(lw * 1.1))
    d.polygon(_p(w, 0.5, 0.26, 0.86, 0.52, 0.14, 0.52), fill=ink)
    d.rectangle([0.2 * w, 0.5 * w, 0.8 * w, 0.94 * w], fill=ink)
    d.rectangle([0.42 * w, 0.7 * w, 0.58 * w, 0.94 * w], fill=light)
    d.pieslice([0.42 * w, 0.62 * w, 0.58 * w, 0.78 * w], 180, 360, fill=light)
    d.ellipse([0.44 * w, 0.52 * w, 0.56 * w, 0.64 * w], fill=light)


def _palace(d: ImageDraw.ImageDraw, w: float, lw: float, ink: RGB, light: RGB) -> None:
    d.rectangle([0.22 * w, 0.5 * w, 0.78 * w, 0.94 * w], fill=ink)
    for x0, top in ((0.06, 0.36), (0.74, 0.36), (0.38, 0.22)):
        x1 = x0 + (0.2 if x0 != 0.38 else 0.24)
        d.rectangle([x0 * w, top * w, x1 * w, 0.94 * w], fill=ink)
        d.polygon(_p(w, x0 - 0.02, top + 0.01, (x0 + x1) / 2, top - 0.2, x1 + 0.02, top + 0.01), fill=ink)
    d.line(_p(w, 0.5, 0.02, 0.5, 0.12), fill=ink, width=max(1, round(lw * 0.6)))
    d.polygon(_p(w, 0.5, 0.02, 0.64, 0.05, 0.5, 0.09), fill=ink)
    d.rectangle([0.43 * w, 0.72 * w, 0.57 * w, 0.94 * w], fill=light)
    d.pieslice([0.43 * w, 0.65 * w, 0.57 * w, 0.79 * w], 180, 360, fill=light)


_PAINTERS: dict[str, Painter] = {
    "field": _field, "mill": _mill, "village": _village, "rampart": _rampart,
    "market": _market, "barracks": _barracks, "church": _church, "palace": _palace,
}


@lru_cache(maxsize=128)
def estate_icon(estate: str, px: int, ink: RGB = INK, light: RGB = (250, 246, 236)) -> Image.Image:
    """The pictogram of an estate, ``px`` square, drawn in ``ink``."""
    def paint(d: ImageDraw.ImageDraw, k: float) -> None:
        w = px * k
        _PAINTERS[estate](d, w, max(1.0, w * 0.07), ink, light)
    return supersampled(px, px, paint)


@lru_cache(maxsize=32)
def farmer_icon(px: int) -> Image.Image:
    """A farmer: hat, head and smock."""
    def paint(d: ImageDraw.ImageDraw, k: float) -> None:
        w = px * k
        edge = (40, 60, 20)
        d.rounded_rectangle([0.2 * w, 0.5 * w, 0.8 * w, 0.98 * w], radius=0.2 * w, fill=(86, 140, 46),
                            outline=edge, width=max(1, round(w * 0.06)))
        d.ellipse([0.3 * w, 0.18 * w, 0.7 * w, 0.58 * w], fill=(236, 196, 150), outline=edge,
                  width=max(1, round(w * 0.06)))
        d.polygon(_p(w, 0.12, 0.3, 0.88, 0.3, 0.66, 0.04, 0.34, 0.04), fill=(214, 176, 60), outline=edge)
    return supersampled(px, px, paint)


@lru_cache(maxsize=32)
def chest_icon(px: int) -> Image.Image:
    """A treasure chest: gold box, lid and lock."""
    def paint(d: ImageDraw.ImageDraw, k: float) -> None:
        w = px * k
        edge = (96, 56, 10)
        lw = max(1, round(w * 0.07))
        d.rectangle([0.08 * w, 0.44 * w, 0.92 * w, 0.92 * w], fill=(226, 160, 34), outline=edge, width=lw)
        d.chord([0.08 * w, 0.12 * w, 0.92 * w, 0.76 * w], 180, 360, fill=(246, 190, 60), outline=edge, width=lw)
        d.line(_p(w, 0.08, 0.44, 0.92, 0.44), fill=edge, width=lw)
        d.rectangle([0.42 * w, 0.38 * w, 0.58 * w, 0.6 * w], fill=edge)
    return supersampled(px, px, paint)


@lru_cache(maxsize=32)
def coin_icon(px: int, label: str = "") -> Image.Image:
    """A gold coin, with an optional short label (``+1`` on an extra-coin token)."""
    def paint(d: ImageDraw.ImageDraw, k: float) -> None:
        w = px * k
        edge = (150, 100, 10)
        d.ellipse([k, k, w - k, w - k], fill=GOLD, outline=edge, width=max(1, round(w * 0.08)))
        if label:
            text(d, (w / 2, w / 2 + k), label, size=round(w * 0.52), fill=(80, 50, 0), anchor="mm")
        else:
            d.ellipse([0.28 * w, 0.28 * w, 0.72 * w, 0.72 * w], outline=edge, width=max(1, round(w * 0.07)))
    return supersampled(px, px, paint)


@lru_cache(maxsize=64)
def plot_token(estate: str, px: int) -> Image.Image:
    """A plot token: a parchment square with the estate it makes its column count."""
    def paint(d: ImageDraw.ImageDraw, k: float) -> None:
        w = px * k
        d.rounded_rectangle([k, k, w - k, w - k], radius=w * 0.2, fill=ESTATE_FILL[estate],
                            outline=INK, width=max(1, round(w * 0.08)))
    base = supersampled(px, px, paint)
    icon = estate_icon(estate, round(px * 0.7))
    paste_centred(base, icon, (px / 2, px / 2))
    return base

@lru_cache(maxsize=16)
def grave_icon(px: int) -> Image.Image:
    """A tombstone: the graveyard."""
    def paint(d: ImageDraw.ImageDraw, k: float) -> None:
        w = px * k
        edge = (70, 70, 76)
        d.rounded_rectangle([0.2 * w, 0.08 * w, 0.8 * w, 0.92 * w], radius=0.3 * w, fill=(150, 150, 160),
                            outline=edge, width=max(1, round(w * 0.07)))
        d.line(_p(w, 0.5, 0.24, 0.5, 0.62), fill=edge, width=max(1, round(w * 0.08)))
        d.line(_p(w, 0.36, 0.36, 0.64, 0.36), fill=edge, width=max(1, round(w * 0.08)))
        d.rectangle([0.08 * w, 0.86 * w, 0.92 * w, 0.96 * w], fill=edge)
    return supersampled(px, px, paint)


@lru_cache(maxsize=16)
def arrow_sprite(px: int, fill: RGB, direction: str = "right") -> Image.Image:
    """A solid arrowhead pointing ``right`` or ``down``."""
    def paint(d: ImageDraw.ImageDraw, k: float) -> None:
        w = px * k
        pts = _p(w, 0.15, 0.1, 0.9, 0.5, 0.15, 0.9) if direction == "right" else _p(w, 0.1, 0.15, 0.9, 0.15, 0.5, 0.9)
        d.polygon(pts, fill=fill)
    return supersampled(px, px, paint)


@lru_cache(maxsize=16)
def tick_sprite(px: int, fill: RGB) -> Image.Image:
    def paint(d: ImageDraw.ImageDraw, k: float) -> None:
        w = px * k
        d.line(_p(w, 0.12, 0.52, 0.4, 0.8, 0.9, 0.2), fill=fill, width=round(w * 0.16), joint="curve")
    return supersampled(px, px, paint)

@lru_cache(maxsize=128)
def mini_tile(estate: str, px: int) -> Image.Image:
    """A small square of an estate's colour with its icon (graveyard, turn order)."""
    fill = ESTATE_FILL[estate]
    base = rounded_box_sprite(px, px, fill, darker(fill, 0.5), max(1.0, px * 0.06), px * 0.18).copy()
    paste_centred(base, estate_icon(estate, round(px * 0.7)), (px / 2, px / 2))
    return base



@lru_cache(maxsize=64)
def tile_sprite(estate: str, deck: str, farmers: int, chests: int, px: int) -> Image.Image:
    """A face-up tile without its number (drawn on the canvas, a label): the estate colour and
    icon, a badge of the deck's colour at the top left, the farmer and chest icons at the bottom."""
    fill = ESTATE_FILL[estate]
    base = rounded_box_sprite(px, px, fill, darker(fill, 0.45), max(1.5, px * 0.03), px * 0.12).copy()
    paste_centred(base, estate_icon(estate, round(px * 0.4)), (px * 0.5, px * 0.52))
    bw, bh = badge_size(px)
    badge = rounded_box_sprite(bw, bh, DECK_COLOUR[deck], (255, 255, 255), 1.5, 6)
    base.paste(badge, (3, 3), badge)
    icons = [farmer_icon(round(px * 0.24))] * farmers + [chest_icon(round(px * 0.24))] * chests
    if icons:
        step = min(px * 0.27, (px * 0.9) / len(icons))
        x = px / 2 - step * (len(icons) - 1) / 2
        for icon in icons:
            paste_centred(base, icon, (x, px * 0.84))
            x += step
    return base


def badge_size(px: int) -> tuple[int, int]:
    return max(34, round(px * 0.44)), 26


@lru_cache(maxsize=16)
def pennant_sprite(px: int) -> Image.Image:
    """The scout's pennant (a pole and a flag) that its seat mark sits on."""
    def paint(d: ImageDraw.ImageDraw, k: float) -> None:
        w = px * k
        d.line(_p(w, 0.2, 0.05, 0.2, 0.95), fill=INK, width=round(w * 0.08))
        d.polygon(_p(w, 0.22, 0.06, 0.95, 0.28, 0.22, 0.5), fill=(255, 255, 255), outline=INK, width=round(w * 0.05))
    return supersampled(px, px, paint)


# --- geometry ----------------------------------------------------------------------------------


class Geometry:
    """Where everything goes for ``n`` players (canvas pixels of the 1100 x 800 frame)."""

    def __init__(self, n: int) -> None:
        self.n = n
        self.frame = fr.layout(SIDE_WIDTH)
        bx0, by0, bx1, by1 = self.frame.board
        self.board = self.frame.board
        self.col_strip = 30
        self.row_h = 84  # room under the legend for three lines of every event card
        self.market: Box = (bx0, by0, bx1, by0 + self.col_strip + 4 * self.row_h + 6)
        self.label_w = 44
        slots_left, slots_right = bx0 + self.label_w + 4, bx1 - 4
        self.pitch = min(118.0, (slots_right - slots_left) / (n + 1))
        self.tile = int(min(self.pitch - 10, self.row_h - 12))
        self.slots_left = slots_left + ((slots_right - slots_left) - self.pitch * (n + 1)) / 2
        ly = self.market[3] + 6
        self.legend: Box = (bx0, ly, bx1, ly + 96)  # the estates on two rows, the pieces on a third
        self.events: Box = (bx0, self.legend[3] + 6, bx1, by1)
        sx0, sy0, sx1, sy1 = self.frame.side
        gap = 6
        self.card_h = min(190, (sy1 - sy0 - gap * (n - 1)) // n)
        #: An estate cell: icon and count, tokens under them; larger on the taller cards of 2-3 players.
        self.cell_h = 48 if self.card_h < 170 else 62
        self.cards = [(sx0, sy0 + i * (self.card_h + gap), sx1, sy0 + i * (self.card_h + gap) + self.card_h)
                      for i in range(n)]

    def row_box(self, r: int) -> Box:
        top = self.market[1] + self.col_strip + r * self.row_h
        return self.market[0], top, self.market[2], top + self.row_h

    def slot_centre(self, r: int, c: int) -> Point:
        _, y0, _, y1 = self.row_box(r)
        return self.slots_left + self.pitch * (c + 0.5), (y0 + y1) / 2

    def event_box(self, i: int) -> Box:
        x0, y0, x1, y1 = self.events
        w, h = (x1 - x0 - 6) / 2, (y1 - y0 - 6) / 2
        cx, cy = x0 + (i % 2) * (w + 6), y0 + (i // 2) * (h + 6)
        return round(cx), round(cy), round(cx + w), round(cy + h)

    def estate_cell(self, card: Box, e: int) -> Box:
        return estate_cell(card, e, self.cell_h)


def estate_cell(card: Box, e: int, cell_h: int) -> Box:
    """The cell of estate ``e`` on a seat card: its icon, tile count and tokens."""
    x0, y0, x1, _ = card
    left, right = x0 + 16, x1 - 8
    w = (right - left) / 8
    top = y0 + 56
    return round(left + e * w), top, round(left + (e + 1) * w) - 3, top + cell_h


@lru_cache(maxsize=8)
def geometry(n: int) -> Geometry:
    return Geometry(n)


# --- the static layer --------------------------------------------------------------------------


@cached(maxsize=16)
def _base(n: int, lang: str, theme: Theme) -> Image.Image:
    """Background, the market panel with its row and column numbers and slots, the legend."""
    g = geometry(n)
    img = fr.canvas(g.frame, theme)
    d = ImageDraw.Draw(img)
    m = g.market
    with within(m):
        paste(img, rounded_box_sprite(m[2] - m[0], m[3] - m[1], theme.board, theme.board_edge, 2.0, 10), m[:2])
        for c in range(n + 1):
            cx, _ = g.slot_centre(0, c)
            text(d, (cx, m[1] + g.col_strip / 2 + 2), str(c + 1), size=fr.LABEL + 2, fill=theme.label,
                 anchor="mm", bold=True, role="label")
        for r in range(4):
            x0, y0, x1, y1 = g.row_box(r)
            if r:
                d.line([(x0 + 8, y0), (x1 - 8, y0)], fill=theme.grid, width=1)
            text(d, (x0 + g.label_w / 2 + 2, (y0 + y1) / 2), str(r + 1), size=30, fill=theme.label,
                 anchor="mm", bold=True, role="label")
            for c in range(n + 1):
                slot = rounded_box_sprite(g.tile, g.tile, (0, 0, 0, 0), theme.grid, 1.5, g.tile * 0.12)
                paste_centred(img, slot, g.slot_centre(r, c))
    lg = g.legend
    with within(lg):
        paste(img, rounded_box_sprite(lg[2] - lg[0], lg[3] - lg[1], theme.board, theme.board_edge, 2.0, 10), lg[:2])
        w = (lg[2] - lg[0] - 16) / 4
        for e, name in enumerate(ESTATES):
            x = lg[0] + 8 + (e % 4) * w
            y = lg[1] + 18 + (e // 4) * 30
            paste_centred(img, mini_tile(name, 28), (x + 16, y))
            word = translate(f"middle_ages.estate.{name}", lang)
            text(d, (x + 36, y), word, size=fr.LABEL, fill=theme.text, anchor="lm", bold=True, role="label")
        # what the other icons of the market and the cards are
        y = lg[1] + 18 + 2 * 30
        pieces = ((seat_mark(26, 0, theme.muted, numbered=False), "lord"), (farmer_icon(24), "farmers"),
                  (chest_icon(24), "chests"), (grave_icon(24), "graveyard"))
        for k, (icon, key) in enumerate(pieces):
            x = lg[0] + 8 + k * w
            paste_centred(img, icon, (x + 16, y))
            text(d, (x + 36, y), fit_text(translate(f"middle_ages.board.legend.{key}", lang), size=fr.LABEL,
                                          width=w - 40), size=fr.LABEL, fill=theme.text, anchor="lm", role="text")
    return img


# --- the render ----------------------------------------------------------------------------------


_REQUIRED = ("game", "num_players", "colours", "round", "rows", "order", "players", "events", "to_act")


def _check(view: dict[str, Any]) -> None:
    """Refuse, with ``ValueError``, a view not shaped like Middle Ages'."""
    if not isinstance(view, dict) or view.get("game") != "middle_ages":
        game = view.get("game") if isinstance(view, dict) else view
        raise ValueError(f"not a Middle Ages view: game is {game!r}")
    missing = [key for key in _REQUIRED if key not in view]
    if missing:
        raise ValueError(f"a Middle Ages view lacks {', '.join(missing)}")
    n = view["num_players"]
    if not 2 <= n <= 5 or len(view["players"]) != n or len(view["colours"]) != n:
        raise ValueError("a Middle Ages view needs 2 to 5 seats with a colour and a fief each")
    if len(view["rows"]) != 4 or any(len(row) != n + 1 for row in view["rows"]):
        raise ValueError("a Middle Ages view has 4 rows of players + 1 slots")


def render(view: dict[str, Any], *, names: list[str] | None = None, lang: str = "en",
           theme: Theme = THEME) -> bytes:
    """PNG bytes of a Middle Ages view (the same for every seat): ``names`` are the players'
    display names by seat, ``lang`` the language of the words. Raises ``ValueError`` for a view
    that is not Middle Ages'."""
    return encode_png(draw(view, names=names, lang=lang, theme=theme), palette=palettes.fixed("middle_ages", theme))


def draw(view: dict[str, Any], *, names: list[str] | None = None, lang: str = "en",
         theme: Theme = THEME) -> Image.Image:
    """The image :func:`render` encodes."""
    _check(view)
    n = view["num_players"]
    g = geometry(n)
    shown = fr.player_names(names, n, lang)
    colours = [theme.seat_colour(c) for c in view["colours"]]
    finished = bool(view.get("finished")) and view.get("result") is not None
    result = view.get("result") if finished else None
    acting = tuple(view.get("to_act") or ())
    seats = [fr.Seat(seat=i, colour=colours[i], name=shown[i], acting=i in acting and not finished,
                     rank=result["ranks"][i] if result else None) for i in range(n)]
    f = fr.Frame(seats, lang=lang, theme=theme, lay=g.frame, base=_base(n, lang, theme))
    f.draw_header(_headline(view, shown, lang, result))
    _draw_market(f.image, view, g, colours, theme)
    pending = view.get("pending") or {}
    if pending.get("kind") in ("revive", "lose") and not finished:
        _draw_candidates(f.image, view, g, pending, lang, theme)
    else:
        _draw_events(f.image, view, g, lang, theme)
    for seat in range(n):
        _draw_card(f.image, view, g, seat, seats[seat], lang, theme, result)
    return f.image


def _headline(view: dict[str, Any], names: list[str], lang: str, result: dict[str, Any] | None) -> fr.Headline:
    if result is not None:
        return fr.Headline(outcome=fr.outcome(result["ranks"], names, lang), detail=_tie_words(result, names, lang))
    rnd = view.get("round", 0)
    when = translate("middle_ages.board.placing", lang) if rnd == 0 else \
        translate("middle_ages.board.round", lang, round=rnd, rounds=view.get("rounds", 16))
    decision = view.get("decision")
    said = text_from_json(decision).in_lang(lang) if isinstance(decision, dict) else None
    last = view.get("last") or {}
    return fr.Headline(acting=tuple(view.get("to_act") or ()), decision=f"{when} · {said}" if said else when,
                       last_seat=last.get("seat"), last=last.get("notation"))


def _tie_words(result: dict[str, Any], names: list[str], lang: str) -> str | None:
    """The tie-break that decided the first tie in words; without a tie, how scores are made."""
    for tie in result.get("ties") or []:
        players = join_names((names[s] for s in tie["seats"]), lang)
        if tie.get("estate"):
            estate = translate(f"middle_ages.estate.{tie['estate']}", lang)
            return translate("middle_ages.board.tie", lang, players=players, score=tie["score"], estate=estate)
        return translate("middle_ages.board.tie_shared", lang, players=players, score=tie["score"])
    return translate("middle_ages.board.score_rule", lang)


def _draw_market(img: Image.Image, view: dict[str, Any], g: Geometry, colours: list[RGB], theme: Theme) -> None:
    t = g.tile
    nxt = view.get("next_row")
    cur = view.get("current_row")
    last = view.get("last") or {}
    lit = last.get("cell")
    with within(g.market):
        for r, row in enumerate(view["rows"]):
            x0, y0, x1, y1 = g.row_box(r)
            banded = r == nxt and not view.get("finished")
            if banded:  # the row the lords go to
                band = rounded_box_sprite(x1 - x0 - 8, y1 - y0 - 4, GOLD + (50,), GOLD + (150,), 2.0, 10)
                region(img, (x0 + 4, y0 + 2, x1 - 4, y1 - 2), ("middle_ages.band", g.n, theme),
                       partial(paste, img, band, (x0 + 4, y0 + 2)))
                paste_centred(img, arrow_sprite(18, darker(GOLD, 0.2)), (x0 + 9, (y0 + y1) / 2))
            elif r == cur and not view.get("finished"):
                paste_centred(img, arrow_sprite(14, theme.label), (x0 + 9, (y0 + y1) / 2))
            for c, slot in enumerate(row):
                cx, cy = g.slot_centre(r, c)
                ringed = lit == [r, c]
                if ringed:  # the last action: a ring in the highlight hue around the slot
                    ring = rounded_box_sprite(t + 16, t + 16, (0, 0, 0, 0), theme.highlight, 7.0, t * 0.18)
                    paste_centred(img, ring, (cx, cy))
                tile = slot.get("tile")
                if tile:
                    # the tile and its number, over the slot, the band and the ring under it
                    x, y = round(cx - t / 2), round(cy - t / 2)
                    key = ("middle_ages.tile", g.n, theme, banded, ringed, tile["estate"], tile["deck"],
                           tile["farmers"], tile["chests"], tile["number"])
                    region(img, (x, y, x + t, y + t), key, partial(_draw_tile, img, tile, (cx, cy), t))
                scout = slot.get("scout")
                if scout is not None:
                    sx, sy = cx + t / 2 - 12, cy + t / 2 - 12
                    paste_centred(img, pennant_sprite(30), (sx - 6, sy - 10))
                    paste_centred(img, seat_mark(28, scout, colours[scout]), (sx, sy))
                lord = slot.get("lord")
                if lord is not None:
                    paste_centred(img, seat_mark(36, lord, colours[lord]), (cx + t / 2 - 14, cy - t / 2 + 14))


def _draw_tile(img: Image.Image, tile: dict[str, Any], centre: Point, t: int) -> None:
    """A face-up tile of the market, ``t`` pixels square, and its number (a label)."""
    cx, cy = centre
    paste_centred(img, tile_sprite(tile["estate"], tile["deck"], tile["farmers"], tile["chests"], t), centre)
    bw, bh = badge_size(t)
    text(ImageDraw.Draw(img), (cx - t / 2 + 3 + bw / 2, cy - t / 2 + 3 + bh / 2), str(tile["number"]),
         size=fr.LABEL, fill=(255, 255, 255), anchor="mm", bold=True, role="label")


def _draw_events(img: Image.Image, view: dict[str, Any], g: Geometry, lang: str, theme: Theme) -> None:
    done = view.get("events_done", 0)
    for i, card in enumerate(view["events"][:4]):
        data = {"id": card["id"], "index": i, "resolved": bool(card.get("resolved")),
                "upcoming": i == done and not view.get("finished")}
        _paste_layer(img, "event", g.event_box(i), data, lang, theme)


def _paint_event(img: Image.Image, box: Box, data: dict[str, Any], lang: str, theme: Theme) -> None:
    """One event card in words: its name, when it resolves (or that it did), what it does."""
    d = ImageDraw.Draw(img)
    x0, y0, x1, y1 = box
    resolved, upcoming = data["resolved"], data["upcoming"]
    paper = mix(theme.card, theme.background, 0.7) if resolved else theme.card
    edge = darker(GOLD, 0.1) if upcoming else theme.card_edge
    paste(img, rounded_box_sprite(x1 - x0, y1 - y0, paper, edge, 4.0 if upcoming else 2.0, 10), (x0, y0))
    ink = theme.muted if resolved else theme.text
    when = translate("middle_ages.board.event_after", lang, round=EVENT_ROUNDS[data["index"]])
    if resolved:
        when = f"✓ {translate('middle_ages.board.event_done', lang)}"
    elif upcoming:
        when = f"{when} · {translate('middle_ages.board.event_next', lang)}"
    ww = text_width(when, size=fr.TEXT)
    text(d, (x1 - 10, y0 + 17), when, size=fr.TEXT, fill=theme.muted, anchor="rm")
    name = translate(f"middle_ages.card.{data['id']}", lang)
    text(d, (x0 + 10, y0 + 17), fit_text(name, size=19, width=x1 - x0 - 30 - ww, bold=True), size=19,
         fill=ink, anchor="lm", bold=True)
    said = translate(f"middle_ages.card.{data['id']}.text", lang)
    y = y0 + 33
    lines = max(1, min(3, int((y1 - 6 - y) // 22)))
    for line in wrap_text(said, size=fr.TEXT + 1, width=x1 - x0 - 20, max_lines=lines):
        text(d, (x0 + 10, y), line, size=fr.TEXT + 1, fill=ink, anchor="la")
        y += 22


def _paste_layer(img: Image.Image, kind: str, box: Box, data: dict[str, Any], lang: str, theme: Theme) -> None:
    """A seat card or an event card (what it shows is ``data``), pasted from
    :func:`renderers.common.region` when it looks as before: drawn again only when what it shows
    changes."""
    paint = _paint_event if kind == "event" else _paint_card

    def draw() -> None:
        with within(box):
            paint(img, box, data, lang, theme)
    region(img, box, ("middle_ages." + kind, repr(data), lang, theme), draw)


def _draw_candidates(img: Image.Image, view: dict[str, Any], g: Geometry, pending: dict[str, Any], lang: str,
                     theme: Theme) -> None:
    """The tiles a player picks from (``revive N``: the graveyard; ``lose N``: the tiles of the
    attacked estate), numbered as the notation counts them, all inside the events' box."""
    d = ImageDraw.Draw(img)
    seat = pending.get("seat")
    if not isinstance(seat, int) or not 0 <= seat < g.n:
        return
    player = view["players"][seat]
    if pending["kind"] == "revive":
        tiles = player.get("graveyard") or []
        title = translate("middle_ages.board.choose_revive", lang)
    else:
        estate = pending.get("estate")
        tiles = player["estates"][estate] if isinstance(estate, int) and 0 <= estate < 8 else []
        word = translate(f"middle_ages.estate.{ESTATES[estate]}", lang) if tiles else "?"
        title = translate("middle_ages.board.choose_lose", lang, estate=word)
    box = x0, y0, x1, y1 = g.events
    with within(box):
        paste(img, rounded_box_sprite(x1 - x0, y1 - y0, theme.card, theme.highlight, 4.0, 10), (x0, y0))
        text(d, (x0 + 12, y0 + 18), fit_text(title, size=fr.HEADLINE, width=x1 - x0 - 24, bold=True),
             size=fr.HEADLINE, fill=theme.text, anchor="lm", bold=True, role="headline")
        if not tiles:
            return
        top, bottom = y0 + 38, y1 - 8
        count = len(tiles)
        per_line = count if count <= 6 else math.ceil(count / 2)
        lines = math.ceil(count / per_line)
        pitch = min(110.0, (x1 - x0 - 16) / per_line)
        line_h = (bottom - top) / lines
        px = int(max(24, min(pitch - 34, line_h - 8)))
        for i, tile in enumerate(tiles):
            col, line = i % per_line, i // per_line
            cx = x0 + 8 + pitch * (col + 0.5) + 14
            cy = top + line_h * (line + 0.5)
            text(d, (cx - px / 2 - 6, cy), str(i + 1), size=fr.LABEL + 4, fill=theme.text, anchor="rm",
                 bold=True, role="label")
            if px >= 56:  # the whole tile: its icons may be what sets the candidates apart
                paste_centred(img, tile_sprite(tile["estate"], tile["deck"], tile["farmers"], tile["chests"], px),
                              (cx, cy))
                bw, bh = badge_size(px)
                text(d, (cx - px / 2 + 3 + bw / 2, cy - px / 2 + 3 + bh / 2), str(tile["number"]), size=fr.TEXT + 2,
                     fill=(255, 255, 255), anchor="mm", bold=True)
            else:
                paste_centred(img, mini_tile(tile["estate"], px), (cx, cy))


def _draw_card(img: Image.Image, view: dict[str, Any], g: Geometry, seat: int, info: fr.Seat, lang: str,
               theme: Theme, result: dict[str, Any] | None) -> None:
    order = sorted(range(g.n), key=lambda s: (result["ranks"][s], s)) if result else list(range(g.n))
    player = view["players"][seat]
    last = view.get("last") or {}
    final = None
    if result is not None:
        final = {"rank": result["ranks"][seat], "score": result["scores"][seat],
                 "coins": (result.get("coins") or [player["coins"]] * g.n)[seat],
                 "empty": (result.get("empty") or [0] * g.n)[seat],
                 "penalty": (result.get("penalties") or [0] * g.n)[seat]}
    data = {
        "seat": seat, "colour": list(info.colour), "name": info.name, "acting": info.acting, "final": final,
        "coins": player["coins"], "farmers": player.get("farmers", 0), "chests": player.get("chests", 0),
        "graveyard": len(player.get("graveyard") or []),
        "counts": player["counts"] if "counts" in player else [len(c) for c in player["estates"]],
        "coin_tokens": [int(x) for x in player["coin_tokens"]], "plot_tokens": player["plot_tokens"],
        "lit": last.get("estate") if last.get("seat") == seat else None,
        "penalty": int(player.get("penalty", 0)) if view.get("round", 0) >= PREVIEW_FROM_ROUND else 0,
        "cell_h": g.cell_h,
    }
    _paste_layer(img, "card", g.cards[order.index(seat)], data, lang, theme)


def _paint_card(img: Image.Image, card: Box, data: dict[str, Any], lang: str, theme: Theme) -> None:
    """A seat's card: mark, (rank,) name, coins (or the final score), the estates, and the
    farmers, chests, graveyard and penalty preview (or, at the end, the score's breakdown)."""
    d = ImageDraw.Draw(img)
    x0, y0, x1, y1 = card
    seat, colour, final = data["seat"], tuple(data["colour"]), data["final"]
    edge = colour if data["acting"] else theme.card_edge
    paste(img, rounded_box_sprite(x1 - x0, y1 - y0, theme.card, edge, 5.0 if data["acting"] else 2.0, 12), (x0, y0))
    framed(img, card, 5.0 if data["acting"] else 2.0)
    d.rounded_rectangle([x0 + 3, y0 + 3, x0 + 10, y1 - 3], radius=3, fill=colour)
    if data["acting"]:
        cy = (y0 + y1) / 2
        d.polygon([(x0, cy - 10), (x0 + 10, cy), (x0, cy + 10)], fill=theme.text)
    # top line: mark, (rank), name, coins or score
    my = y0 + 28
    paste_centred(img, seat_mark(40, seat, colour), (x0 + 36, my))
    x = x0 + 62
    if final is not None:
        rank = translate("board.rank", lang, rank=final["rank"])
        text(d, (x, my), rank, size=fr.HEADLINE, fill=theme.text, anchor="lm", bold=True, role="headline")
        x += text_width(rank, size=fr.HEADLINE, bold=True) + 8
        figure = str(final["score"])
    else:
        figure = str(data["coins"])
    fw = text_width(figure, size=34, bold=True)
    text(d, (x1 - 12, my), figure, size=34, fill=theme.text, anchor="rm", bold=True, role="headline")
    if final is None:
        paste_centred(img, coin_icon(26), (x1 - 12 - fw - 18, my))
        fw += 34
    text(d, (x, my), fit_text(data["name"], size=26, width=x1 - 22 - fw - x, bold=True), size=26,
         fill=theme.text, anchor="lm", bold=True, role="headline")
    # the estates: icon, count, tokens
    for e, name in enumerate(ESTATES):
        cell = estate_cell(card, e, data["cell_h"])
        _draw_estate(img, d, cell, name, data["counts"][e], data["coin_tokens"][e], data["plot_tokens"][e],
                     lit=data["lit"] == e, theme=theme)
    # the bottom line: farmers, chests, graveyard; the penalty preview or the breakdown
    by = min(y1 - 19, y0 + 56 + data["cell_h"] + 18)  # its descenders clear the acting frame
    if final is None:
        x = x0 + 18
        for icon, value in ((farmer_icon(22), data["farmers"]), (chest_icon(22), data["chests"]),
                            (grave_icon(22), data["graveyard"])):
            paste_centred(img, icon, (x + 11, by))
            text(d, (x + 25, by), str(value), size=fr.TEXT + 2, fill=theme.text, anchor="lm")
            x += 25 + text_width(str(value), size=fr.TEXT + 2) + 14
        if data["penalty"]:
            preview = translate("middle_ages.board.if_ended", lang, points=f"-{data['penalty']}")
            text(d, (x1 - 10, by), fit_text(preview, size=fr.TEXT + 1, width=x1 - 10 - x), size=fr.TEXT + 1,
                 fill=theme.muted, anchor="rm")
    else:
        parts = [translate("middle_ages.board.coins", lang, coins=final["coins"])]
        parts.append(translate("middle_ages.board.empty_penalty", lang, empty=final["empty"],
                               points=f"-{final['penalty']}")
                     if final["empty"] else translate("middle_ages.board.no_empty", lang))
        total = translate("middle_ages.board.total", lang, score=final["score"])
        if text_width(" · ".join([*parts, total]), size=fr.TEXT + 2) <= x1 - x0 - 28:
            parts.append(total)  # else the card's big figure says the score already
        text(d, (x0 + 18, by), fit_text(" · ".join(parts), size=fr.TEXT + 2, width=x1 - x0 - 28), size=fr.TEXT + 2,
             fill=theme.text, anchor="lm")


def _draw_estate(img: Image.Image, d: ImageDraw.ImageDraw, cell: Box, estate: str, count: int, coin_tokens: int,
                 plot_tokens: list[str], *, lit: bool, theme: Theme) -> None:
    x0, y0, x1, y1 = cell
    big = y1 - y0 >= 60
    paste(img, _cell_sprite(estate, x1 - x0, y1 - y0, count > 0, lit, theme), (x0, y0))
    px = 28 if big else 24
    paste_centred(img, mini_tile(estate, px) if count else _faded(estate, px), (x0 + 3 + px / 2, y0 + 3 + px / 2))
    cy = y0 + (34 if big else 15)
    x = x1 - 5 if not big else (x0 + x1) / 2 + 8
    text(d, (x, cy), str(count), size=(28 if big else 24) if count else 20, fill=theme.text if count else theme.muted,
         anchor="rm" if not big else "lm", bold=bool(count), role="headline" if count else "text")
    tx = x0 + 9
    for _ in range(min(coin_tokens, 2)):
        paste_centred(img, coin_icon(14), (tx, y1 - 10))
        tx += 13
    for kind in plot_tokens[:2]:
        paste_centred(img, plot_token(kind, 16), (tx + 1, y1 - 10))
        tx += 15


@lru_cache(maxsize=160)
def _cell_sprite(estate: str, width: int, height: int, filled: bool, lit: bool, theme: Theme) -> Image.Image:
    """The background of an estate cell (its own cache: the shared one holds 32 sprites)."""
    fill = mix(ESTATE_FILL[estate], (255, 255, 255), 0.55 if filled else 0.85)
    edge = theme.highlight if lit else mix(ESTATE_FILL[estate], INK, 0.3 if filled else 0.1)
    return rounded_box_sprite.__wrapped__(width, height, fill, edge, 4.0 if lit else 1.2, 7)


@lru_cache(maxsize=16)
def _faded(estate: str, px: int) -> Image.Image:
    icon = mini_tile(estate, px).copy()
    alpha = icon.getchannel("A").point(lambda a: a * 0.4)
    icon.putalpha(alpha)
    return icon
