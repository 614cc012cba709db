"""The Middle Ages board image, drawn from a view only (``MiddleAges.view(state, seat)``).

``render(view, size=1000)`` returns PNG bytes ``size`` pixels wide; :func:`draw` the image. What
it shows, with icons and numbers only (no prose, so the image needs no translation):

- a header: the round (``5/16``), the turn order of the round as seat discs (the seat to act
  ringed, each seat that has played marked with the estate of the tile it took), the token
  supplies (extra-coin and plot tokens) and the piles (blue draw pile, orange pile, discards);
- the market: rows 1-4, each tile with its estate icon and colour, its number on a badge of its
  deck's colour, and its farmer and chest icons; lords as discs and scouts as pawns in the seat
  colours (with the seat number); the lords' row and the next row marked by arrows at the left;
- the four event cards beside the rows, each with the round it resolves after and its
  operations as icons (+coins per estate/icon, payments, tiles to the graveyard, most/fewest);
  resolved cards faded and ticked, the next one framed;
- each player's fief as eight columns (the estates in board order, icons above) with the tile
  count, extra-coin tokens (gold ``+1``) and plot tokens (the estate they add), coins, farmer
  and chest totals, the -10 penalty of empty estates, and the graveyard as small tiles
  (numbered when a village or attack choice is pending); the seat to act framed in its colour
  with the icon of the decision it owes; at the end ranks and crowns;
- the last action on a soft glow: the tile the lord went to or the scout's tile, and the fief
  column that changed.

Speed: the background, panels, labels and headers are built once per size and player count;
tiles, icons, cards and discs are cached sprites; a render copies the base and pastes sprites.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Callable

from PIL import Image, ImageDraw, ImageFilter

from games.middle_ages.data import ESTATES
from renderers.common import (
    DEFAULT_THEME,
    Theme,
    crown_sprite,
    darker,
    disc_sprite,
    encode_png,
    mix,
    paste_centred,
    rounded_box_sprite,
    supersampled,
    text,
    text_box,
)

__all__ = ["render", "draw", "layout", "Layout", "THEME", "ESTATE_FILL"]

RGB = tuple[int, int, int]
Box = tuple[int, int, int, int]
Point = tuple[float, float]

#: The shared theme: its palette has the five seat colours (purple is the fifth).
THEME = DEFAULT_THEME

#: Tile colours per estate (board order), chosen to stay apart from each other.
ESTATE_FILL: dict[str, RGB] = {
    "field": (241, 205, 92),
    "mill": (118, 178, 224),
    "village": (140, 196, 104),
    "rampart": (170, 166, 158),
    "market": (240, 148, 72),
    "barracks": (208, 90, 78),
    "church": (226, 224, 244),
    "palace": (172, 128, 210),
}
DECK_COLOUR = {"blue": (46, 96, 186), "orange": (222, 118, 30)}
INK: RGB = (52, 44, 38)
GOLD: RGB = (240, 178, 30)
RED: RGB = (190, 40, 40)
GREEN: RGB = (30, 130, 60)
MIN_SIZE, MAX_SIZE = 500, 3000
EVENT_ROUNDS = (4, 8, 12, 16)


# --- geometry ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Layout:
    """Where everything goes on an image ``width`` pixels wide for ``n`` players (pixels)."""

    width: int
    height: int
    n: int
    margin: int
    header: Box
    market: Box          # the market panel (labels + 4 rows)
    events: Box          # the events panel
    label_w: int         # row label column inside the market panel
    col_head: int        # the strip of column numbers above row 1
    row_h: int
    slot: int            # slot pitch in a row
    tile: int            # tile side
    fief: Box            # the fief panel (header line + one row per player)
    fief_head_h: int
    fief_row_h: int
    left_w: int          # the player block at the left of a fief row
    col_w: int           # one estate column
    grave_w: int         # the graveyard block at the right

    def row_box(self, r: int) -> Box:
        x0, y0 = self.market[0], self.market[1] + self.col_head
        top = y0 + self.row_h * r
        return x0, top, self.market[2], top + self.row_h

    def slot_centre(self, r: int, c: int) -> Point:
        x0, y0, _, _ = self.row_box(r)
        slots_w = self.slot * (self.n + 1)
        free = self.market[2] - (x0 + self.label_w) - slots_w
        left = x0 + self.label_w + free / 2
        return left + self.slot * (c + 0.5), y0 + self.row_h / 2

    def event_box(self, i: int) -> Box:
        x0, _, x1, _ = self.events
        gap = round(self.row_h * 0.08)
        top = self.row_box(i)[1] + gap // 2
        return x0, top, x1, top + self.row_h - gap

    def fief_row(self, seat: int) -> Box:
        x0, y0, x1, _ = self.fief
        top = y0 + self.fief_head_h + self.fief_row_h * seat
        return x0, top, x1, top + self.fief_row_h

    def column_box(self, seat: int, e: int) -> Box:
        x0, y0, _, y1 = self.fief_row(seat)
        pad = round(self.fief_row_h * 0.08)
        left = x0 + self.left_w + self.col_w * e
        return left + pad // 2, y0 + pad, left + self.col_w - pad // 2, y1 - pad

    def column_centre_x(self, e: int) -> float:
        return self.fief[0] + self.left_w + self.col_w * (e + 0.5)

    def grave_box(self, seat: int) -> Box:
        _, y0, x1, y1 = self.fief_row(seat)
        pad = round(self.fief_row_h * 0.08)
        return x1 - self.grave_w, y0 + pad, x1 - pad, y1 - pad


@lru_cache(maxsize=16)
def layout(size: int = 1000, n: int = 4) -> Layout:
    k = size / 1000
    margin = round(16 * k)
    header_h = round(66 * k)
    header = (margin, margin, size - margin, margin + header_h)
    row_h = round(100 * k)
    col_head = round(24 * k)
    market_top = header[3] + round(10 * k)
    market = (margin, market_top, round(652 * k), market_top + col_head + 4 * row_h + round(4 * k))
    events = (market[2] + round(12 * k), market_top + col_head - round(4 * k), size - margin, market[3])
    fief_top = market[3] + round(14 * k)
    fief_head_h = round(40 * k)
    fief_row_h = round(84 * k)
    fief = (margin, fief_top, size - margin, fief_top + fief_head_h + n * fief_row_h)
    left_w = round(170 * k)
    grave_w = round(150 * k)
    col_w = (fief[2] - fief[0] - left_w - grave_w) // 8
    grave_w = fief[2] - fief[0] - left_w - 8 * col_w
    return Layout(
        width=size, height=fief[3] + margin, n=n, margin=margin, header=header, market=market,
        events=events, label_w=round(58 * k), col_head=col_head, row_h=row_h, slot=round(96 * k), tile=round(86 * k),
        fief=fief, fief_head_h=fief_head_h, fief_row_h=fief_row_h, left_w=left_w, col_w=col_w,
        grave_w=grave_w,
    )


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


@lru_cache(maxsize=8)
def _plot_supply_icon(px: int) -> Image.Image:
    """The plot-token supply: a blank token with the eight estate colours (any type)."""
    def paint(d: ImageDraw.ImageDraw, k: float) -> None:
        w = px * k
        d.rounded_rectangle([k, k, w - k, w - k], radius=w * 0.2, fill=(250, 244, 226), outline=INK,
                            width=max(1, round(w * 0.08)))
    base = supersampled(px, px, paint)
    paste_centred(base, kinds_icon(round(px * 0.72)), (px / 2, px / 2 - px * 0.08))
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
def pile_icon(px: int, back: RGB) -> Image.Image:
    """A stack of face-down tiles (draw pile, orange pile) or grey (discards)."""
    def paint(d: ImageDraw.ImageDraw, k: float) -> None:
        w = px * k
        for i in (2, 1, 0):
            o = i * 0.1 * w
            d.rounded_rectangle([0.06 * w + o, 0.26 * w - o, 0.7 * w + o, 0.9 * w - o], radius=0.1 * w,
                                fill=back, outline=darker(back, 0.5), width=max(1, round(w * 0.05)))
    return supersampled(px, px, paint)


@lru_cache(maxsize=32)
def scout_sprite(px: int, fill: RGB, edge: RGB, label: str) -> Image.Image:
    """A scout: a small pawn in the seat colour with its seat number."""
    def paint(d: ImageDraw.ImageDraw, k: float) -> None:
        w, lw = px * k, max(1, round(px * k * 0.07))
        d.polygon(_p(w, 0.12, 0.96, 0.88, 0.96, 0.66, 0.46, 0.34, 0.46), fill=fill, outline=edge, width=lw)
        d.ellipse([0.26 * w, 0.04 * w, 0.74 * w, 0.52 * w], fill=fill, outline=edge, width=lw)
        text(d, (w / 2, w * 0.29), label, size=round(w * 0.36), fill=(255, 255, 255), anchor="mm",
             stroke_width=max(1, round(w * 0.03)), stroke_fill=edge)
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


@lru_cache(maxsize=16)
def leftmost_icon(px: int) -> Image.Image:
    """The leftmost tile of a fief: a bar at the left with an arrow pointing at it."""
    def paint(d: ImageDraw.ImageDraw, k: float) -> None:
        w = px * k
        d.rectangle([0.08 * w, 0.12 * w, 0.22 * w, 0.88 * w], fill=INK)
        d.line(_p(w, 0.34, 0.5, 0.92, 0.5), fill=INK, width=round(w * 0.12))
        d.polygon(_p(w, 0.28, 0.5, 0.52, 0.26, 0.52, 0.74), fill=INK)
    return supersampled(px, px, paint)


@lru_cache(maxsize=16)
def kinds_icon(px: int) -> Image.Image:
    """Eight small squares in the estate colours: "per estate with a tile"."""
    def paint(d: ImageDraw.ImageDraw, k: float) -> None:
        w = px * k
        s = w / 4
        for i, name in enumerate(ESTATES):
            x, y = (i % 4) * s, (i // 4) * s + w * 0.25
            d.rectangle([x + k, y + k, x + s - k, y + s - k], fill=ESTATE_FILL[name], outline=INK,
                        width=max(1, round(k)))
    return supersampled(px, px, paint)


@lru_cache(maxsize=16)
def glow_sprite(width: int, height: int, colour: RGB) -> Image.Image:
    """A soft halo around a ``width`` x ``height`` box (the last action)."""
    pad = max(4, round(min(width, height) * 0.16))
    img = Image.new("RGBA", (width + 2 * pad, height + 2 * pad), colour + (0,))
    mask = Image.new("L", img.size, 0)
    ImageDraw.Draw(mask).rounded_rectangle([pad * 0.4, pad * 0.4, width + pad * 1.6, height + pad * 1.6],
                                           radius=pad, fill=230)
    img.putalpha(mask.filter(ImageFilter.GaussianBlur(pad * 0.45)))
    return img


# --- tiles --------------------------------------------------------------------------------------


@lru_cache(maxsize=256)
def tile_sprite(estate: str, number: int, deck: str, farmers: int, chests: int, px: int) -> Image.Image:
    """A face-up tile: estate colour and icon, the number on a badge of its deck's colour, and
    its farmer and chest icons along the bottom."""
    fill = ESTATE_FILL[estate]
    base = rounded_box_sprite(px, px, fill, darker(fill, 0.45), max(1.5, px * 0.03), px * 0.12).copy()
    paste_centred(base, estate_icon(estate, round(px * 0.46)), (px * 0.56, px * 0.42))
    d = ImageDraw.Draw(base)
    badge_w, badge_h = round(px * 0.36), round(px * 0.24)
    badge = rounded_box_sprite(badge_w, badge_h, DECK_COLOUR[deck], (255, 255, 255), max(1.0, px * 0.015),
                               px * 0.06)
    base.paste(badge, (round(px * 0.05), round(px * 0.05)), badge)
    text(d, (px * 0.05 + badge_w / 2, px * 0.05 + badge_h / 2 + px * 0.005), str(number),
         size=round(px * 0.19), fill=(255, 255, 255), anchor="mm")
    icons = [farmer_icon(round(px * 0.24))] * farmers + [chest_icon(round(px * 0.24))] * chests
    if icons:
        step = px * 0.25
        x = px / 2 - step * (len(icons) - 1) / 2
        for icon in icons:
            paste_centred(base, icon, (x, px * 0.82))
            x += step
    return base


@lru_cache(maxsize=128)
def mini_tile(estate: str, px: int) -> Image.Image:
    """A small square of an estate's colour with its icon (graveyard, turn order)."""
    fill = ESTATE_FILL[estate]
    base = rounded_box_sprite(px, px, fill, darker(fill, 0.5), max(1.0, px * 0.06), px * 0.18).copy()
    paste_centred(base, estate_icon(estate, round(px * 0.7)), (px / 2, px / 2))
    return base


# --- event cards ----------------------------------------------------------------------------------


def _op_glyphs(op: dict[str, Any], h: int) -> list[tuple[str, Any]]:
    """An operation as a list of ``("text", (s, colour))`` and ``("icon", image)`` pieces."""
    icon = lambda name: ("icon", estate_icon(name, h) if name in ESTATE_FILL else leftmost_icon(h))  # noqa
    coin = ("icon", coin_icon(round(h * 0.8)))
    kind = op["op"]
    if kind in ("gain_per_tile", "pay_per_tile"):
        sign, colour = ("+", GREEN) if kind == "gain_per_tile" else ("-", RED)
        return [("text", (f"{sign}{op['amount']}", colour)), coin, ("text", ("/", INK)), icon(op["estate"])]
    if kind == "gain_per_icon":
        pic = farmer_icon(h) if op["icon"] == "farmer" else chest_icon(h)
        return [("text", (f"+{op['amount']}", GREEN)), coin, ("text", ("/", INK)), ("icon", pic)]
    if kind == "gain_per_kind":
        return [("text", (f"+{op['amount']}", GREEN)), coin, ("text", ("/", INK)), ("icon", kinds_icon(h))]
    if kind == "pay":
        return [("text", (f"-{op['amount']}", RED)), coin]
    if kind == "lose_tiles":
        count = [("text", (f"{op['count']}x", INK))] if op["count"] > 1 else []
        return count + [icon(op["estate"]), ("arrow", None), ("icon", grave_icon(h))]
    if kind == "majority":
        return [("icon", crown_sprite(h, GOLD, darker(GOLD, 0.5))), icon(op["estate"]),
                ("text", (f"+{op['amount']}", GREEN)), coin]
    if kind == "minority":
        return [("icon", arrow_sprite(h, RED, "down")), icon(op["estate"]), ("text", (f"-{op['amount']}", RED)), coin]
    count = [("text", (f"{op['count']}x", INK))] if op.get("count", 1) > 1 else []
    return [("icon", arrow_sprite(h, RED, "down")), icon(op["estate"]), ("text", (":", INK))] + count + [
        ("icon", leftmost_icon(h)), ("arrow", None), ("icon", grave_icon(h))]


def _pieces_width(pieces: list[tuple[str, Any]], h: int) -> float:
    gap = h * 0.12
    total = 0.0
    for kind, value in pieces:
        if kind == "text":
            box = text_box(value[0], size=round(h * 0.9), anchor="lm")
            total += box[2] - box[0]
        elif kind == "arrow":
            total += h * 0.7
        else:
            total += value.width
        total += gap
    return total - gap


def _draw_pieces(img: Image.Image, pieces: list[tuple[str, Any]], x: float, y: float, h: int) -> None:
    d = ImageDraw.Draw(img)
    gap = h * 0.12
    for kind, value in pieces:
        if kind == "text":
            s, colour = value
            text(d, (x, y), s, size=round(h * 0.9), fill=colour, anchor="lm", stroke_width=max(1, round(h * 0.03)),
                 stroke_fill=colour)
            box = text_box(s, size=round(h * 0.9), anchor="lm")
            x += box[2] - box[0] + gap
        elif kind == "arrow":
            d.line([(x, y), (x + h * 0.45, y)], fill=INK, width=max(2, round(h * 0.12)))
            d.polygon([(x + h * 0.7, y), (x + h * 0.4, y - h * 0.22), (x + h * 0.4, y + h * 0.22)], fill=INK)
            x += h * 0.7 + gap
        else:
            paste_centred(img, value, (x + value.width / 2, y))
            x += value.width + gap


@lru_cache(maxsize=64)
def card_sprite(ops_key: str, index: int, width: int, height: int, state: str) -> Image.Image:
    """An event card: the round it resolves after in a circle, then its operations as icons.
    ``state`` is ``"next"`` (framed), ``"later"`` or ``"done"`` (faded and ticked)."""
    ops = json.loads(ops_key)
    paper = (250, 244, 226) if state != "done" else (226, 222, 212)
    edge = (196, 170, 120) if state != "next" else GOLD
    card = rounded_box_sprite(width, height, paper, edge, max(1.5, height * (0.05 if state == "next" else 0.02)),
                              height * 0.12).copy()
    r = height * 0.26
    cx, cy = height * 0.36, height / 2
    badge = disc_sprite(round(r * 2), (120, 84, 48) if state != "done" else (150, 146, 140), (70, 48, 26),
                        str(EVENT_ROUNDS[index]))
    paste_centred(card, badge, (cx, cy))
    h = round(height * (0.3 if len(ops) > 1 else 0.38))
    lines = [_op_glyphs(op, h) for op in ops]
    left = height * 0.72
    avail = width - left - height * 0.12
    for i, pieces in enumerate(lines):
        y = height * ((i + 1) / (len(lines) + 1)) if len(lines) > 1 else height / 2
        scale_h = h
        while _pieces_width(pieces, scale_h) > avail and scale_h > 8:
            scale_h -= 1
            pieces = _op_glyphs(ops[i], scale_h)
        _draw_pieces(card, pieces, left, y, scale_h)
    if state == "done":
        veil = Image.new("RGBA", card.size, (236, 232, 222, 150))
        card.alpha_composite(veil)
        paste_centred(card, tick_sprite(round(height * 0.5), (40, 140, 60)), (width - height * 0.34, height * 0.3))
    return card


# --- static base -----------------------------------------------------------------------------------


@lru_cache(maxsize=8)
def _base(size: int, n: int, theme: Theme) -> Image.Image:
    lay = layout(size, n)
    k = size / 1000
    img = Image.new("RGB", (size, lay.height), theme.background)
    d = ImageDraw.Draw(img)
    for box in (lay.market, lay.events):
        panel = rounded_box_sprite(box[2] - box[0], box[3] - box[1], theme.board, theme.board_edge,
                                   max(1.0, 2 * k), 10 * k)
        img.paste(panel, box[:2], panel)
    fief = lay.fief
    panel = rounded_box_sprite(fief[2] - fief[0], fief[3] - fief[1], theme.board, theme.board_edge, max(1.0, 2 * k),
                               10 * k)
    img.paste(panel, fief[:2], panel)
    # Column numbers (the N of "go N" and the C of "scout R-C"), then row labels and separators.
    for c in range(n + 1):
        cx, _ = lay.slot_centre(0, c)
        text(d, (cx, lay.market[1] + lay.col_head * 0.62), str(c + 1), size=round(20 * k), fill=theme.label,
             anchor="mm")
    for r in range(4):
        x0, y0, x1, y1 = lay.row_box(r)
        if r:
            d.line([(x0 + 8 * k, y0), (x1 - 8 * k, y0)], fill=theme.grid, width=max(1, round(k)))
        text(d, (x0 + lay.label_w * 0.36, (y0 + y1) / 2), str(r + 1), size=round(34 * k), fill=theme.label,
             anchor="mm")
        for c in range(n + 1):
            cx, cy = lay.slot_centre(r, c)
            t = lay.tile
            slot = rounded_box_sprite(t, t, (0, 0, 0, 0), theme.grid, max(1.0, 1.5 * k), t * 0.12)
            paste_centred(img, slot, (cx, cy))
    # Fief header: estate icons over their columns, the graveyard over its block.
    head_y = fief[1] + lay.fief_head_h / 2 + 2 * k
    for e, name in enumerate(ESTATES):
        paste_centred(img, mini_tile(name, round(32 * k)), (lay.column_centre_x(e), head_y))
    gx = fief[2] - lay.grave_w / 2
    paste_centred(img, grave_icon(round(30 * k)), (gx, head_y))
    # Player rows: a card each and a light cell per estate.
    for seat in range(n):
        x0, y0, x1, y1 = lay.fief_row(seat)
        if seat:
            d.line([(x0 + 8 * k, y0), (x1 - 8 * k, y0)], fill=theme.grid, width=max(1, round(k)))
        for e, name in enumerate(ESTATES):
            box = lay.column_box(seat, e)
            cell = _cell_sprite(name, box[2] - box[0], box[3] - box[1], size)
            img.paste(cell, box[:2], cell)
        gb = lay.grave_box(seat)
        cell = rounded_box_sprite(gb[2] - gb[0], gb[3] - gb[1], (236, 234, 236), (180, 178, 186), max(1.0, 1.2 * k),
                                  8 * k)
        img.paste(cell, gb[:2], cell)
    return img


def _cell_sprite(estate: str, width: int, height: int, size: int) -> Image.Image:
    """The light cell of one estate in a fief row."""
    k = size / 1000
    return rounded_box_sprite(width, height, mix(ESTATE_FILL[estate], (255, 255, 255), 0.62),
                              mix(ESTATE_FILL[estate], INK, 0.25), max(1.0, 1.2 * k), 8 * k)


# --- the render ------------------------------------------------------------------------------------


_REQUIRED = ("game", "num_players", "colours", "round", "rows", "order", "players", "events", "to_act")


def _check(view: dict[str, Any], size: int) -> None:
    """Refuse, with ``ValueError``, a size out of range or a view not shaped like Middle Ages'."""
    if not isinstance(size, int) or isinstance(size, bool) or not MIN_SIZE <= size <= MAX_SIZE:
        raise ValueError(f"size must be an int from {MIN_SIZE} to {MAX_SIZE}, not {size!r}")
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


def render(view: dict[str, Any], *, size: int = 1000, theme: Theme = THEME) -> bytes:
    """PNG bytes of a Middle Ages view about ``size`` pixels wide (the same for every seat).
    Raises ``ValueError`` for a size outside 500..3000 or a view that is not Middle Ages'."""
    return encode_png(draw(view, size=size, theme=theme))


def draw(view: dict[str, Any], *, size: int = 1000, theme: Theme = THEME) -> Image.Image:
    """The image :func:`render` encodes."""
    _check(view, size)
    n = view["num_players"]
    lay = layout(size, n)
    img = _base(size, n, theme).copy()
    colours = [theme.seat_colour(c) for c in view["colours"]]
    _draw_last(img, view, lay)
    _draw_market(img, view, lay, colours, theme)
    _draw_events(img, view, lay)
    _draw_header(img, view, lay, colours, theme)
    _draw_fiefs(img, view, lay, colours, theme)
    return img


def _draw_last(img: Image.Image, view: dict[str, Any], lay: Layout) -> None:
    """Halos under the tile and the fief column of the last action (drawn first, under the rest)."""
    last = view.get("last")
    if not last:
        return
    t = lay.tile
    if last.get("cell") is not None:
        r, c = last["cell"]
        if 0 <= r < 4 and 0 <= c <= lay.n:
            paste_centred(img, glow_sprite(t, t, THEME.highlight), lay.slot_centre(r, c))
            if not view["rows"][r][c].get("tile"):  # an empty slot: keep the glow a halo around it
                k = lay.width / 1000
                slot = rounded_box_sprite(t, t, THEME.board, THEME.grid, max(1.0, 1.5 * k), t * 0.12)
                paste_centred(img, slot, lay.slot_centre(r, c))
    estate = last.get("estate")
    seat = last.get("seat")
    if isinstance(estate, int) and 0 <= estate < 8 and isinstance(seat, int) and 0 <= seat < lay.n:
        box = lay.column_box(seat, estate)
        w, h = box[2] - box[0], box[3] - box[1]
        paste_centred(img, glow_sprite(w, h, THEME.highlight), ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2))
        cell = _cell_sprite(ESTATES[estate], w, h, lay.width)
        img.paste(cell, box[:2], cell)


def _draw_market(img: Image.Image, view: dict[str, Any], lay: Layout, colours: list[RGB], theme: Theme) -> None:
    size = lay.width
    k = size / 1000
    t = lay.tile
    cur, nxt = view.get("current_row"), view.get("next_row")
    for r, row in enumerate(view["rows"]):
        x0, y0, x1, y1 = lay.row_box(r)
        ax = x0 + lay.label_w * 0.76
        if r == nxt:  # the row the lords go to: a light gold band and a gold arrow
            band = _band_sprite(x1 - x0 - round(8 * k), y1 - y0 - round(6 * k), size)
            img.paste(band, (x0 + round(4 * k), y0 + round(3 * k)), band)
        if r == nxt:
            paste_centred(img, arrow_sprite(round(22 * k), GOLD), (ax, (y0 + y1) / 2))
        elif r == cur:  # the row the lords stand on: a small dark marker
            paste_centred(img, arrow_sprite(round(16 * k), theme.label), (ax, (y0 + y1) / 2))
        for c, slot in enumerate(row):
            centre = lay.slot_centre(r, c)
            tile = slot.get("tile")
            if tile:
                sprite = tile_sprite(tile["estate"], tile["number"], tile["deck"], tile["farmers"], tile["chests"], t)
                paste_centred(img, sprite, centre)
            if slot.get("scout") is not None:
                s = slot["scout"]
                pawn = scout_sprite(round(t * 0.4), colours[s], theme.outline(view["colours"][s]), str(s + 1))
                paste_centred(img, pawn, (centre[0] + t * 0.3, centre[1] + t * 0.26))
            if slot.get("lord") is not None:
                s = slot["lord"]
                disc = disc_sprite(round(t * 0.44), colours[s], theme.outline(view["colours"][s]), str(s + 1))
                paste_centred(img, disc, (centre[0] + t * 0.3, centre[1] - t * 0.28))


@lru_cache(maxsize=8)
def _band_sprite(width: int, height: int, size: int) -> Image.Image:
    k = size / 1000
    return rounded_box_sprite(width, height, GOLD + (46,), GOLD + (120,), max(1.0, 1.5 * k), 10 * k)


def _draw_events(img: Image.Image, view: dict[str, Any], lay: Layout) -> None:
    done = view.get("events_done", 0)
    for i, card in enumerate(view["events"][:4]):
        box = lay.event_box(i)
        state = "done" if card.get("resolved") else "next" if i == done and not view.get("finished") else "later"
        sprite = card_sprite(json.dumps(card["ops"], sort_keys=True), i, box[2] - box[0], box[3] - box[1], state)
        img.paste(sprite, box[:2], sprite)


def _draw_header(img: Image.Image, view: dict[str, Any], lay: Layout, colours: list[RGB], theme: Theme) -> None:
    k = lay.width / 1000
    d = ImageDraw.Draw(img)
    x0, y0, x1, y1 = lay.header
    cy = (y0 + y1) / 2
    # The round: "5/16" (0 while the lords are placed).
    rnd = max(1, view.get("round", 0))  # lords placed before round 1 count as round 1
    badge = disc_sprite(round(56 * k), (120, 84, 48), (70, 48, 26), str(rnd))
    paste_centred(img, badge, (x0 + 30 * k, cy))
    text(d, (x0 + 62 * k, cy + 8 * k), f"/{view.get('rounds', 16)}", size=round(22 * k), fill=theme.label, anchor="lm")
    # Turn order of the round.
    order = view.get("order") or []
    taken = view.get("taken") or []
    turn_seat = order[view.get("turn", 0)] if order and view.get("turn", 0) < len(order) else None
    x = x0 + 128 * k
    step = 74 * k
    disc_px = round(44 * k)
    for i, seat in enumerate(order):
        cx = x + i * step
        if seat == turn_seat and not view.get("finished"):
            ring = rounded_box_sprite(round(60 * k), round(60 * k), (0, 0, 0, 0), colours[seat], max(2.0, 4 * k), 30 * k)
            paste_centred(img, ring, (cx, cy))
        paste_centred(img, disc_sprite(disc_px, colours[seat], theme.outline(view["colours"][seat]), str(seat + 1)),
                      (cx, cy))
        got = taken[seat] if seat < len(taken) else None
        if got:
            paste_centred(img, mini_tile(got["estate"], round(26 * k)), (cx + 22 * k, cy + 16 * k))
        if i < len(order) - 1:
            ax = cx + step / 2
            d.line([(ax - 5 * k, cy - 8 * k), (ax + 3 * k, cy), (ax - 5 * k, cy + 8 * k)], fill=theme.label,
                   width=max(1, round(3 * k)))
    # Supplies and piles, right-aligned.
    items: list[tuple[Image.Image, str]] = [
        (coin_icon(round(30 * k), "+1"), str(view.get("coin_supply", 0))),
        (_plot_supply_icon(round(30 * k)), str(view.get("plot_supply", 0))),
        (pile_icon(round(34 * k), DECK_COLOUR["blue"]), str(view["piles"]["draw"])),
    ]
    if view["num_players"] >= 4:
        items.append((pile_icon(round(34 * k), DECK_COLOUR["orange"]), str(view["piles"]["orange"])))
    items.append((pile_icon(round(34 * k), (168, 164, 160)), str(view["piles"]["discard"])))
    right = x1 - 6 * k
    for icon, label in reversed(items):
        box = text_box(label, size=round(26 * k), anchor="lm")
        w = box[2] - box[0]
        text(d, (right - w, cy), label, size=round(26 * k), fill=theme.text, anchor="lm")
        right -= w + 6 * k
        paste_centred(img, icon, (right - icon.width / 2, cy))
        right -= icon.width + 18 * k


def _draw_candidates(img: Image.Image, box: Box, tiles: list[dict[str, Any]], k: float) -> None:
    """Up to three tiles a player picks from, numbered as the notation counts them (1 = first)."""
    d = ImageDraw.Draw(img)
    px = round(min(46 * k, (box[3] - box[1]) - 20 * k))
    left = box[0] + 34 * k
    for i, tile in enumerate(tiles):
        cx = left + i * (px + 6 * k) + px / 2
        cy = box[1] + 4 * k + px / 2
        sprite = tile_sprite(tile["estate"], tile["number"], tile["deck"], tile["farmers"], tile["chests"], px)
        paste_centred(img, sprite, (cx, cy))
        text(d, (cx, cy + px / 2 + 8 * k), str(i + 1), size=round(15 * k), fill=INK, anchor="mm",
             stroke_width=max(1, round(k * 0.5)), stroke_fill=INK)


_DECISION_ICON = {"revive": "village", "scout": "rampart", "coin": "church", "plot": "palace", "lose": "barracks"}


def _draw_fiefs(img: Image.Image, view: dict[str, Any], lay: Layout, colours: list[RGB], theme: Theme) -> None:
    k = lay.width / 1000
    d = ImageDraw.Draw(img)
    acting = set(view.get("to_act") or ())
    decision = view.get("decision") or {}
    result = view.get("result") if view.get("finished") else None
    ranks = (result or {}).get("ranks")
    for seat, player in enumerate(view["players"]):
        x0, y0, x1, y1 = lay.fief_row(seat)
        cy = (y0 + y1) / 2
        name = view["colours"][seat]
        # Player block: disc, coins, penalty, farmer and chest totals.
        dx = x0 + 32 * k
        paste_centred(img, disc_sprite(round(46 * k), colours[seat], theme.outline(name), str(seat + 1)), (dx, cy - 8 * k))
        counts = player.get("counts") or [len(c) for c in player["estates"]]
        empty = sum(1 for c in counts if c == 0)
        small = round(19 * k)
        line1, line2 = cy - 13 * k, cy + 22 * k
        if result is None:  # coins big; farmers, chests and the penalty small
            coin_x = x0 + 74 * k
            paste_centred(img, coin_icon(round(26 * k)), (coin_x, line1 - k))
            text(d, (coin_x + 17 * k, line1), str(player["coins"]), size=round(30 * k), fill=theme.text,
                 anchor="lm", stroke_width=max(1, round(k * 0.8)), stroke_fill=theme.text)
            paste_centred(img, farmer_icon(round(20 * k)), (x0 + 22 * k, line2))
            text(d, (x0 + 34 * k, line2), str(player.get("farmers", 0)), size=small, fill=theme.text, anchor="lm")
            paste_centred(img, chest_icon(round(20 * k)), (x0 + 66 * k, line2))
            text(d, (x0 + 78 * k, line2), str(player.get("chests", 0)), size=small, fill=theme.text, anchor="lm")
            penalty_x = x0 + 106 * k
        else:  # the final score big; the coins and the penalty it came from small
            first = ranks[seat] == 1
            text(d, (x0 + 62 * k, line1), str(result["scores"][seat]), size=round(34 * k), fill=theme.text,
                 anchor="lm", stroke_width=max(1, round(k)), stroke_fill=theme.text)
            if first:
                paste_centred(img, crown_sprite(round(30 * k), GOLD, darker(GOLD, 0.5)), (dx, y0 + 9 * k))
            medal = GOLD if first else theme.silver
            badge = disc_sprite(round(32 * k), medal, darker(medal, 0.5), str(ranks[seat]),
                                label_fill=(60, 40, 0) if first else theme.text)
            paste_centred(img, badge, (x0 + lay.left_w - 20 * k, line2 - 4 * k))
            paste_centred(img, coin_icon(round(20 * k)), (x0 + 22 * k, line2))
            text(d, (x0 + 34 * k, line2), str(player["coins"]), size=small, fill=theme.text, anchor="lm")
            penalty_x = x0 + 78 * k
        if empty:
            text(d, (penalty_x, line2), f"-{10 * empty}", size=small, fill=RED, anchor="lm",
                 stroke_width=max(1, round(k * 0.6)), stroke_fill=RED)
        # Estate columns.
        for e, estate in enumerate(ESTATES):
            box = lay.column_box(seat, e)
            bx0, by0, bx1, by1 = box
            count = counts[e]
            if count:
                text(d, (bx0 + (bx1 - bx0) * 0.36, (by0 + by1) / 2), str(count), size=round(34 * k),
                     fill=theme.text, anchor="mm", stroke_width=max(1, round(k)), stroke_fill=theme.text)
            else:  # an empty estate: a faint zero (the -10 shows in the player block)
                text(d, (bx0 + (bx1 - bx0) * 0.36, (by0 + by1) / 2), "0", size=round(30 * k),
                     fill=mix(ESTATE_FILL[estate], INK, 0.3), anchor="mm")
            tokens = [coin_icon(round(22 * k), "+1")] * int(player["coin_tokens"][e])
            tokens += [plot_token(kind, round(22 * k)) for kind in player["plot_tokens"][e]]
            ty = by0 + 15 * k
            for token in tokens[:3]:
                paste_centred(img, token, (bx1 - 15 * k, ty))
                ty += 22 * k
        # Graveyard: its count, then its tiles in order. When this seat owes a pick among tiles
        # (village: a graveyard tile; attacked with barracks_loss=victim: a tile of its leftmost
        # estate), the candidates are shown as small numbered tiles with their icons instead.
        gb = lay.grave_box(seat)
        graveyard = player.get("graveyard") or []
        text(d, (gb[0] + 8 * k, gb[1] + 14 * k), str(len(graveyard)), size=round(24 * k), fill=theme.text,
             anchor="lm")
        kind = decision.get("kind") if decision.get("seat") == seat else None
        candidates = graveyard if kind == "revive" else None
        if kind == "lose" and isinstance(decision.get("estate"), int) and 0 <= decision["estate"] < 8:
            candidates = player["estates"][decision["estate"]]
        if candidates is not None and len(candidates) <= 3:
            _draw_candidates(img, gb, candidates, k)
        else:
            mini = round(22 * k)
            per_line = max(1, int((gb[2] - gb[0] - 36 * k) // (mini + 3 * k)))
            for i, tile in enumerate(graveyard[: per_line * 2]):
                gx = gb[0] + 36 * k + (i % per_line) * (mini + 3 * k) + mini / 2
                gy = gb[1] + 14 * k + (i // per_line) * (mini + 6 * k)
                paste_centred(img, mini_tile(tile["estate"], mini), (gx, gy))
                if candidates is not None:
                    text(d, (gx, gy + mini * 0.75), str(i + 1), size=round(13 * k), fill=theme.text, anchor="mm")
        # The seat to act: a frame in its colour and the icon of the decision it owes.
        if seat in acting and not view.get("finished"):
            frame = rounded_box_sprite(x1 - x0 - round(4 * k), y1 - y0 - round(2 * k), (0, 0, 0, 0), colours[seat],
                                       max(2.0, 4 * k), 10 * k)
            img.paste(frame, (x0 + round(2 * k), y0 + round(1 * k)), frame)
            kind = decision.get("kind") if decision.get("seat") == seat else None
            if kind in _DECISION_ICON:
                paste_centred(img, mini_tile(_DECISION_ICON[kind], round(28 * k)), (x0 + lay.left_w - 22 * k, cy - 12 * k))
            else:
                paste_centred(img, arrow_sprite(round(22 * k), colours[seat]), (x0 + lay.left_w - 18 * k, cy - 12 * k))
