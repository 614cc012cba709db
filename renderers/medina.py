"""The Medina board image, drawn from a view only (``Medina.view(state, seat)``), on the shared
1100 x 800 frame (:mod:`renderers.frame`) so it reads at Discord's inline size.

``render(view, *, names=None, lang="en") -> bytes``; :func:`draw` gives the image. What it shows:

- **header**: whose turn (the seat's mark and the player's name) and what they must decide in
  words (``view["decision"]``: the pieces they may place and how many placements are left, a
  rooftop that is due, the edition-1 start merchant), and the last turn's placements in large
  notation with the seat's mark; at the end, the winner and the tie-break in words;
- **board** (left): the 16 x 11 or 14 x 10 city with column letters and row numbers on all four
  sides and the eight wall arms (``1E`` ... ``4N``) beside their towers, all in notation type
  (>= 20 px); palaces as blocks of their building colour, a roofed one outlined in its owner's
  colour with the rooftop drawn on the very cell the player named, as the owner's seat mark
  (shape and number); neutral rooftops striped, without a number; an unroofed palace carries a
  badge: ``+`` open (it can still grow), ``x`` stuck; merchants joined by their street, the active
  line's ends ringed; walls; each tower's tile holder as a seat mark at the tower, or the
  merchants still lying on the tile; the well, its zone and bonus cells; the last turn's
  placements ringed in the highlight hue (a hue no piece uses);
- **legend** (under the board): the four building colours with their palace tile's value and
  holder, and whether the colour is closed, has an open palace (named by its first cell), stuck
  palaces, or starts a new palace; the neutral rooftop's look and the tea tiles left;
- **seat cards** (right): mark, the player's name, the public score, rooftops (and neutral
  rooftops) still to place, tea tiles, tiles held; at the end the rank and the breakdown.

Nothing behind a player's screen is in the public view, so nothing of it can appear here. Words
come from the catalogue (``games/medina/messages.py``) in English or Japanese.

Speed: the plate, grid, labels, ring and towers are drawn once per board side and theme (a
cached layer, declared for the size checks); a render copies it and draws the pieces.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Sequence

from PIL import Image, ImageDraw

import games.medina  # noqa: F401  (registers the game's texts)
from games.messages import text_from_json, translate
from renderers import frame as fr
from renderers.common import (
    DEFAULT_THEME,
    Theme,
    cached,
    darker,
    encode_png,
    fit_text,
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
)

__all__ = ["render", "draw", "board_layout", "BoardLayout"]

RGB = tuple[int, int, int]
Box = tuple[int, int, int, int]

#: Building colours (the pieces' paint), and the ground.
BUILDING_RGB: dict[str, RGB] = {
    "grey": (150, 152, 158),
    "black": (48, 48, 54),
    "purple": (128, 72, 170),
    "brown": (146, 94, 52),
    "orange": (240, 142, 36),
}
GROUND: RGB = (243, 232, 204)
GROUND_LINE: RGB = (222, 204, 166)
RING: RGB = (221, 203, 165)
RING_SLOT: RGB = (206, 186, 146)
STONE: RGB = (196, 170, 124)
STONE_EDGE: RGB = (120, 96, 62)
TOWER: RGB = (176, 150, 108)
STABLE_FILL: RGB = (250, 243, 226)
STABLE_LINE: RGB = (176, 150, 110)
MEEPLE: RGB = (252, 250, 244)
MEEPLE_EDGE: RGB = (70, 62, 52)
STREET: RGB = (190, 160, 118)
WATER: RGB = (70, 150, 214)
ZONE: RGB = (214, 232, 242)
TEA: RGB = (110, 160, 80)
CLOSED: RGB = (150, 30, 30)

#: The header is taller than the frame's default: the decision gets a line of its own.
HEADER_HEIGHT = 104
SIDE_WIDTH = 300
#: Label bands around the grid, and the legend under it.
BAND = 32
LEGEND_HEIGHT = 112
#: Type sizes on the canvas (the inline picture halves them).
LABEL_SIZE = 22      # column letters and row numbers
ARM_SIZE = 20        # wall-arm names
COLUMNS = "ABCDEFGHIJKLMNOP"


def frame_layout() -> fr.Layout:
    """The frame's boxes with Medina's taller header."""
    top = HEADER_HEIGHT
    side = (fr.WIDTH - fr.MARGIN - SIDE_WIDTH, top + fr.MARGIN // 2, fr.WIDTH - fr.MARGIN, fr.HEIGHT - fr.MARGIN)
    board = (fr.MARGIN, top + fr.MARGIN // 2, side[0] - fr.MARGIN, fr.HEIGHT - fr.MARGIN)
    return fr.Layout(fr.WIDTH, fr.HEIGHT, (0, 0, fr.WIDTH, top), board, side)


@dataclass(frozen=True)
class BoardLayout:
    """Where the grid and the legend go inside the frame's board box (canvas pixels)."""

    box: Box
    cell: int
    gw: int                     # grid columns including the ring
    gh: int
    grid_x: int                 # pixel x of grid column 0
    grid_y: int
    legend: Box

    def cell_box(self, x: int, y: int) -> Box:
        x0 = self.grid_x + x * self.cell
        y0 = self.grid_y + y * self.cell
        return x0, y0, x0 + self.cell, y0 + self.cell

    def centre(self, x: float, y: float) -> tuple[float, float]:
        return self.grid_x + (x + 0.5) * self.cell, self.grid_y + (y + 0.5) * self.cell

    @property
    def plate(self) -> Box:
        return (self.grid_x - BAND, self.grid_y - BAND, self.grid_x + self.gw * self.cell + BAND,
                self.grid_y + self.gh * self.cell + BAND)


@lru_cache(maxsize=4)
def board_layout(width: int, height: int) -> BoardLayout:
    """The grid of a ``width`` x ``height`` city as large as fits the board box above the legend."""
    box = frame_layout().board
    bx0, by0, bx1, by1 = box
    gw, gh = width + 2, height + 2
    cell = int(min((bx1 - bx0 - 2 * BAND) / gw, (by1 - by0 - LEGEND_HEIGHT - 2 * BAND - 6) / gh))
    grid_x = bx0 + (bx1 - bx0 - gw * cell) // 2
    grid_y = by0 + BAND
    legend_top = grid_y + gh * cell + BAND + 6
    return BoardLayout(box=box, cell=cell, gw=gw, gh=gh, grid_x=grid_x, grid_y=grid_y,
                       legend=(bx0, legend_top, bx1, by1))


def _towers(lay: BoardLayout) -> dict[int, tuple[int, int]]:
    w, h = lay.gw - 1, lay.gh - 1
    return {1: (0, 0), 3: (w, 0), 2: (w, h), 4: (0, h)}


def _ring_cells(lay: BoardLayout) -> list[tuple[int, int]]:
    w, h = lay.gw - 2, lay.gh - 2
    cells = [(x, 0) for x in range(1, w + 1)] + [(x, h + 1) for x in range(1, w + 1)]
    cells += [(0, y) for y in range(1, h + 1)] + [(w + 1, y) for y in range(1, h + 1)]
    return cells


def _wall_rect(lay: BoardLayout, x: int, y: int) -> Box:
    """The stone block of a wall on ring cell (x, y): long along the ring, thinner across it."""
    x0, y0, x1, y1 = lay.cell_box(x, y)
    inset = round(lay.cell * 0.2)
    if y in (0, lay.gh - 1):
        return x0, y0 + inset, x1 - 1, y1 - inset - 1
    return x0 + inset, y0, x1 - inset - 1, y1 - 1


def _corner(lay: BoardLayout, number: int) -> tuple[float, float]:
    """The corner of the label bands beside tower ``number``: where its tile lies."""
    x, y = _towers(lay)[number]
    cx, cy = lay.centre(x, y)
    off = lay.cell / 2 + BAND / 2
    return cx + (-off if x == 0 else off), cy + (-off if y == 0 else off)


def _arm_label_spots(lay: BoardLayout) -> list[tuple[str, tuple[float, float], str]]:
    """(arm name, centre, direction) for the eight arm labels, in the bands beside their towers."""
    w, h = lay.gw - 1, lay.gh - 1
    top = lay.grid_y - BAND / 2
    bottom = lay.grid_y + lay.gh * lay.cell + BAND / 2
    left = lay.grid_x - BAND / 2
    right = lay.grid_x + lay.gw * lay.cell + BAND / 2
    cx = lambda x: lay.grid_x + (x + 0.5) * lay.cell  # noqa: E731
    cy = lambda y: lay.grid_y + (y + 0.5) * lay.cell  # noqa: E731
    return [
        ("1E", (cx(0), top), "E"), ("1S", (left, cy(0)), "S"),
        ("3W", (cx(w), top), "W"), ("3S", (right, cy(0)), "S"),
        ("2W", (cx(w), bottom), "W"), ("2N", (right, cy(h)), "N"),
        ("4E", (cx(0), bottom), "E"), ("4N", (left, cy(h)), "N"),
    ]


# --- the static layer ------------------------------------------------------------------------------


@cached(maxsize=4)
def _base(width: int, height: int, theme: Theme) -> Image.Image:
    """The canvas with the board's plate, ground, grid, wall slots, labels and towers."""
    lay = board_layout(width, height)
    img = Image.new("RGB", (fr.WIDTH, fr.HEIGHT), theme.background)
    on_canvas(img)
    d = ImageDraw.Draw(img)
    c = lay.cell
    gx0, gy0 = lay.grid_x, lay.grid_y
    gx1, gy1 = gx0 + lay.gw * c, gy0 + lay.gh * c
    with within(lay.box):
        px0, py0, px1, py1 = lay.plate
        plate = rounded_box_sprite(px1 - px0, py1 - py0, theme.board, theme.board_edge, 2.0, BAND * 0.6)
        img.paste(plate, (px0, py0), plate)
        d.rectangle([gx0, gy0, gx1 - 1, gy1 - 1], fill=RING)
        d.rectangle([gx0 + c, gy0 + c, gx1 - c - 1, gy1 - c - 1], fill=GROUND)
        for x in range(1, lay.gw):
            d.line([(gx0 + x * c, gy0 + c), (gx0 + x * c, gy1 - c)], fill=GROUND_LINE, width=1)
        for y in range(1, lay.gh):
            d.line([(gx0 + c, gy0 + y * c), (gx1 - c, gy0 + y * c)], fill=GROUND_LINE, width=1)
        for x, y in _ring_cells(lay):
            x0, y0, x1, y1 = _wall_rect(lay, x, y)
            d.rectangle([x0, y0, x1, y1], outline=RING_SLOT, width=1)
        # The cells' names, as the notation writes them: letters above and below, numbers beside.
        for x in range(1, lay.gw - 1):
            cx = gx0 + (x + 0.5) * c
            for y in (gy0 - BAND / 2, gy1 + BAND / 2):
                text(d, (cx, y), COLUMNS[x - 1], size=LABEL_SIZE, fill=theme.label, anchor="mm", bold=True,
                     role="label")
        for y in range(1, lay.gh - 1):
            cy = gy0 + (y + 0.5) * c
            for x in (gx0 - BAND / 2, gx1 + BAND / 2):
                text(d, (x, cy), str(y), size=LABEL_SIZE, fill=theme.label, anchor="mm", bold=True, role="label")
        # The wall arms, beside their towers, each with an arrow the way it grows.
        for name, (x, y), way in _arm_label_spots(lay):
            if way in "EW":
                tx = x - 5 if way == "E" else x + 5
                text(d, (tx, y), name, size=ARM_SIZE, fill=STONE_EDGE, anchor="mm", bold=True, role="label")
                half = text_width(name, size=ARM_SIZE, bold=True) / 2
                _arrow(d, (tx + half + 5, y) if way == "E" else (tx - half - 5, y), way, 9, STONE_EDGE)
            else:
                ty = y - 5 if way == "S" else y + 6
                text(d, (x, ty), name, size=ARM_SIZE, fill=STONE_EDGE, anchor="mm", bold=True, role="label")
                _arrow(d, (x, ty + 14) if way == "S" else (x, ty - 14), way, 8, STONE_EDGE)
        for number, (x, y) in _towers(lay).items():
            paste_centred(img, _tower_sprite(c, number), lay.centre(x, y))
    return img


def _arrow(d: ImageDraw.ImageDraw, centre: tuple[float, float], way: str, length: float, fill: RGB) -> None:
    x, y = centre
    h, w = length / 2, length * 0.45
    pts = {"E": [(x - h, y - w), (x + h, y), (x - h, y + w)], "W": [(x + h, y - w), (x - h, y), (x + h, y + w)],
           "S": [(x - w, y - h), (x, y + h), (x + w, y - h)], "N": [(x - w, y + h), (x, y - h), (x + w, y + h)]}[way]
    d.polygon(pts, fill=fill)


# --- sprites ---------------------------------------------------------------------------------------


@lru_cache(maxsize=8)
def _tower_sprite(cell: int, number: int) -> Image.Image:
    size = round(cell * 0.94)

    def paint(d: ImageDraw.ImageDraw, k: float) -> None:
        s = size * k
        m = max(1.5, cell * 0.04) * k
        d.ellipse([m, m, s - m, s - m], fill=TOWER, outline=STONE_EDGE, width=round(m * 1.5))
        r = s * 0.34
        d.ellipse([s / 2 - r, s / 2 - r, s / 2 + r, s / 2 + r], fill=STONE_EDGE)
        text(d, (s / 2, s / 2), str(number), size=round(cell * 0.46 * k), fill=(255, 255, 255), anchor="mm",
             bold=True)
    return supersampled(size, size, paint)


@lru_cache(maxsize=16)
def _tile_sprite(width: int, fill: RGB, label: str, closed: bool) -> Image.Image:
    """A palace tile: its colour and value; crossed out when the colour is closed."""
    def paint(d: ImageDraw.ImageDraw, k: float) -> None:
        w = width * k
        m = max(1.5, width * 0.05) * k
        d.rounded_rectangle([m, m, w - m, w - m], radius=w * 0.18, fill=fill, outline=darker(fill, 0.45),
                            width=round(m * 1.2))
        text(d, (w / 2, w / 2), label, size=round(width * 0.56 * k), fill=(255, 255, 255), anchor="mm", bold=True,
             stroke_width=round(width * 0.06 * k), stroke_fill=darker(fill, 0.55))
        if closed:
            line = round(width * 0.1 * k)
            for a, b in (((m * 2, m * 2), (w - m * 2, w - m * 2)), ((m * 2, w - m * 2), (w - m * 2, m * 2))):
                d.line([a, b], fill=(255, 255, 255), width=line + round(4 * k))
                d.line([a, b], fill=CLOSED, width=line)
    return supersampled(width, width, paint)


@lru_cache(maxsize=8)
def _tea_sprite(width: int) -> Image.Image:
    """A tea glass: the tea tiles."""
    def paint(d: ImageDraw.ImageDraw, k: float) -> None:
        w = width * k
        m = max(1.5, width * 0.06) * k
        d.polygon([(w * 0.2, w * 0.22), (w * 0.8, w * 0.22), (w * 0.68, w * 0.86), (w * 0.32, w * 0.86)],
                  fill=TEA, outline=darker(TEA, 0.5), width=round(m))
        d.rectangle([w * 0.14, w * 0.12, w * 0.86, w * 0.22], fill=(240, 230, 200), outline=darker(TEA, 0.5),
                    width=round(m))
    return supersampled(width, width, paint)


@lru_cache(maxsize=8)
def _meeple_sprite(size: int, fill: RGB, edge: RGB) -> Image.Image:
    w, h = round(size * 0.58), round(size * 0.62)

    def paint(d: ImageDraw.ImageDraw, k: float) -> None:
        W, H = w * k, h * k
        m = max(1.2, size * 0.035) * k
        r = W * 0.2
        d.ellipse([W / 2 - r, m, W / 2 + r, m + 2 * r], fill=fill, outline=edge, width=round(m))
        body = [(W * 0.5, m + 1.6 * r), (W - m, H * 0.52), (W * 0.78, H * 0.6), (W * 0.86, H - m),
                (W * 0.14, H - m), (W * 0.22, H * 0.6), (m, H * 0.52)]
        d.polygon(body, fill=fill, outline=edge, width=round(m))
    return supersampled(w, h, paint)


@lru_cache(maxsize=8)
def _ring_sprite(size: int, fill: RGB) -> Image.Image:
    """The mark of an active merchant line's end."""
    def paint(d: ImageDraw.ImageDraw, k: float) -> None:
        s = size * k
        m = max(2.0, size * 0.07) * k
        d.ellipse([m, m, s - m, s - m], outline=fill, width=round(m * 1.2))
    return supersampled(size, size, paint)


@lru_cache(maxsize=8)
def _well_sprite(size: int) -> Image.Image:
    def paint(d: ImageDraw.ImageDraw, k: float) -> None:
        s = size * k
        m = max(1.5, size * 0.06) * k
        d.ellipse([m, m, s - m, s - m], fill=STONE, outline=STONE_EDGE, width=round(m * 1.2))
        r = s * 0.3
        d.ellipse([s / 2 - r, s / 2 - r, s / 2 + r, s / 2 + r], fill=WATER, outline=darker(WATER, 0.4),
                  width=round(m))
    return supersampled(size, size, paint)


@lru_cache(maxsize=8)
def _bonus_sprite(size: int) -> Image.Image:
    """A small water drop: a well bonus cell (+4 per palace piece on it)."""
    def paint(d: ImageDraw.ImageDraw, k: float) -> None:
        s = size * k
        m = max(1.0, size * 0.08) * k
        d.polygon([(s / 2, m), (s - m * 2, s * 0.6), (s / 2, s - m), (m * 2, s * 0.6)], fill=WATER,
                  outline=(255, 255, 255), width=round(m))
    return supersampled(size, size, paint)


@lru_cache(maxsize=8)
def _last_sprite(cell: int, colour: RGB) -> Image.Image:
    """The ring around a cell placed on the last turn: the highlight hue, edged dark so it reads on
    light ground and on dark buildings alike."""
    size = cell + 8

    def paint(d: ImageDraw.ImageDraw, k: float) -> None:
        s = size * k
        band = 5.0 * k
        d.rounded_rectangle([k, k, s - k, s - k], radius=cell * 0.2 * k, outline=darker(colour, 0.6),
                            width=round(band + 2 * k))
        d.rounded_rectangle([2 * k, 2 * k, s - 2 * k, s - 2 * k], radius=cell * 0.2 * k, outline=colour,
                            width=round(band))
    return supersampled(size, size, paint)


@lru_cache(maxsize=8)
def _neutral_roof(diameter: int, fill: RGB) -> Image.Image:
    """A neutral rooftop: a disc striped in the neutral colour and white, no seat number."""
    edge = darker(fill, 0.55)
    k = 4
    w = diameter * k
    m = max(1.5, diameter * 0.09) * k
    stripes = Image.new("RGBA", (w, w), (255, 255, 255, 255))
    sd = ImageDraw.Draw(stripes)
    step = w * 0.16
    for i in range(-8, 9):
        off = i * step * 2
        sd.polygon([(off, w), (off + step, w), (off + step + w, 0), (off + w, 0)], fill=fill)
    big = Image.new("RGBA", (w, w), (0, 0, 0, 0))
    bd = ImageDraw.Draw(big)
    bd.ellipse([k, k, w - k, w - k], fill=edge)
    inner = Image.new("L", (w, w), 0)
    ImageDraw.Draw(inner).ellipse([m, m, w - m, w - m], fill=255)
    big.paste(stripes, (0, 0), inner)
    return big.reduce(k)


@lru_cache(maxsize=8)
def _badge(size: int, stuck: bool) -> Image.Image:
    """An unroofed palace's state: ``+`` open (it can grow), ``x`` stuck."""
    def paint(d: ImageDraw.ImageDraw, k: float) -> None:
        s = size * k
        m = max(1.2, size * 0.08) * k
        fill, ink = ((60, 52, 44), (255, 255, 255)) if stuck else ((255, 255, 255), (60, 52, 44))
        d.ellipse([m / 2, m / 2, s - m / 2, s - m / 2], fill=fill, outline=(60, 52, 44), width=round(m))
        a, b = s * 0.3, s * 0.7
        line = round(size * 0.14 * k)
        if stuck:
            d.line([(a, a), (b, b)], fill=ink, width=line)
            d.line([(a, b), (b, a)], fill=ink, width=line)
        else:
            d.line([(s / 2, a - s * 0.04), (s / 2, b + s * 0.04)], fill=ink, width=line)
            d.line([(a - s * 0.04, s / 2), (b + s * 0.04, s / 2)], fill=ink, width=line)
    return supersampled(size, size, paint)


# --- the render ----------------------------------------------------------------------------------

_REQUIRED = ("game", "num_players", "width", "height", "colours", "building_colours", "palaces",
             "merchant_lines", "walls", "towers", "palace_tiles", "scores", "to_act")


def _check(view: dict[str, Any]) -> None:
    if not isinstance(view, dict) or view.get("game") != "medina":
        game = view.get("game") if isinstance(view, dict) else view
        raise ValueError(f"not a Medina view: game is {game!r}")
    missing = [key for key in _REQUIRED if key not in view]
    if missing:
        raise ValueError(f"a Medina view lacks {', '.join(missing)}")
    if (view["width"], view["height"]) not in ((16, 11), (14, 10)):
        raise ValueError(f"Medina has no {view['width']}x{view['height']} side")
    n = view["num_players"]
    if not 2 <= n <= 4 or len(view["colours"]) != n or len(view["scores"]) != n:
        raise ValueError("a Medina view needs 2 to 4 seats with a colour and a score each")


def render(view: dict[str, Any], *, names: Sequence[str] | None = None, lang: str = "en",
           theme: Theme = DEFAULT_THEME) -> bytes:
    """PNG bytes of a Medina view on the 1100 x 800 frame; ``names`` the players' display names by
    seat (default "Player 1", ...), ``lang`` ``en`` or ``ja``.

    The same picture for every seat: the view's private ``screen``, if any, is not drawn.
    Raises ``ValueError`` for a view that is not Medina's or an unknown language.
    """
    return encode_png(draw(view, names=names, lang=lang, theme=theme))


def draw(view: dict[str, Any], *, names: Sequence[str] | None = None, lang: str = "en",
         theme: Theme = DEFAULT_THEME) -> Image.Image:
    """The image :func:`render` encodes."""
    _check(view)
    if lang not in ("en", "ja"):
        raise ValueError(f"unknown language {lang!r}; known: en, ja")
    n = view["num_players"]
    shown = fr.player_names(names, n, lang)
    picture = _Picture(view, shown, lang, theme)
    return picture.draw()


class _Picture:
    """One render: the view, the names, the language, the frame and the board's geometry."""

    def __init__(self, view: dict[str, Any], names: list[str], lang: str, theme: Theme) -> None:
        self.view, self.names, self.lang, self.theme = view, names, lang, theme
        self.colours = tuple(view["colours"])
        self.lay = board_layout(view["width"], view["height"])
        self.neutral = view.get("neutral_colour")
        result = view.get("result") if view.get("finished") else None
        self.result = result or None
        seats = [self._seat(i) for i in range(len(self.colours))]
        self.frame = fr.Frame(seats, lang=lang, theme=theme, lay=frame_layout())
        self.frame.image = _base(view["width"], view["height"], theme).copy()
        on_canvas(self.frame.image)
        self.image = self.frame.image
        self.d = ImageDraw.Draw(self.image)

    def say(self, key: str, **params: Any) -> str:
        return translate(key, self.lang, **params)

    def seat_rgb(self, seat: int) -> RGB:
        return self.theme.seat_colour(self.colours[seat])

    def neutral_rgb(self) -> RGB:
        return self.theme.seat_colour(self.neutral) if self.neutral in self.theme.palette else (200, 200, 200)

    def owner_rgb(self, owner: Any) -> RGB:
        return self.neutral_rgb() if owner == "neutral" else self.seat_rgb(owner)

    # -- seats ----------------------------------------------------------------------------------

    def colour_word(self, colour: str) -> str:
        return self.say(f"medina.colour.{colour}")

    def _seat(self, seat: int) -> fr.Seat:
        view = self.view
        score = view["scores"][seat]
        to_act = set(view.get("to_act") or ())
        roofs = (view.get("roofs_left") or [0] * len(self.colours))[seat]
        neutrals = (view.get("neutral_roofs_left") or [0] * len(self.colours))[seat]
        if self.neutral:
            first = self.say("medina.board.rooftops_neutral", count=roofs, neutral=neutrals)
        else:
            first = self.say("medina.board.rooftops", count=roofs)
        tea = view.get("tea") or {}
        if tea.get("module"):
            first += " · " + self.say("medina.board.tea_held", count=(tea.get("held") or [0] * 4)[seat])
        rank, breakdown = None, ()
        if self.result is not None:
            rank = self.result["ranks"][seat]
            breakdown = self._breakdown(seat)
        return fr.Seat(seat=seat, colour=self.seat_rgb(seat), name=self.names[seat], score=str(score),
                       facts=(first,), acting=seat in to_act and self.result is None, rank=rank,
                       breakdown=breakdown)

    def _breakdown(self, seat: int) -> tuple[str, ...]:
        parts = (self.result.get("breakdown") or [None] * len(self.colours))[seat]
        if not parts:
            return ()
        palaces = ", ".join(f"{self.colour_word(colour)} {points}" for colour, points in parts["palaces"])
        lines = [self.say("medina.board.palaces", list=palaces) if palaces else self.say("medina.board.no_palace"),
                 self.say("medina.board.tile_points", palace=parts["palace_tiles"], tower=parts["tower_tiles"])]
        if parts.get("well"):
            lines.append(self.say("medina.board.well", points=parts["well"]))
        return tuple(lines)

    # -- the whole picture ----------------------------------------------------------------------

    def draw(self) -> Image.Image:
        with within(self.lay.box):
            self._draw_board()
        with within(self.lay.legend):
            self._draw_legend()
        self._draw_header()
        cards = self.frame.draw_seats()
        if self.result is None:
            for seat, card in enumerate(cards):
                with within(card):
                    self._draw_tiles_held(seat, card)
        return self.image

    def _draw_tiles_held(self, seat: int, card: Box) -> None:
        """The tiles a seat holds, as small tiles under its facts: palace tiles (colour and value)
        and tower tiles (tower number)."""
        view, d, theme = self.view, self.d, self.theme
        x0, y0, x1, y1 = card
        cy = y0 + 100
        if cy + 12 > y1:
            return
        palace = [t for t in view["palace_tiles"] if t.get("holder") == seat]
        towers = [t for t in view["towers"] if t.get("holder") == seat]
        if not palace and not towers:
            text(d, (x0 + 20, cy), self.say("medina.board.no_tiles"), size=fr.TEXT + 2, fill=theme.muted, anchor="lm")
            return
        caption = self.say("medina.board.tiles_held")
        text(d, (x0 + 20, cy), caption, size=fr.TEXT + 2, fill=theme.text, anchor="lm")
        x = x0 + 20 + text_width(caption, size=fr.TEXT + 2) + 8
        for tile in palace:
            if x + 24 > x1 - 8:
                return
            paste_centred(self.image, _tile_sprite(24, BUILDING_RGB.get(tile["colour"], (128, 128, 128)),
                                                   str(tile["value"]), False), (x + 12, cy))
            x += 27
        x += 4
        for tower in towers:
            if x + 24 > x1 - 8:
                return
            paste_centred(self.image, _tower_sprite(25, tower["number"]), (x + 12, cy))
            x += 27

    # -- header ---------------------------------------------------------------------------------

    def _draw_header(self) -> None:
        view = self.view
        if self.result is not None:
            ranks = self.result["ranks"]
            detail = self._tie_break()
            self.frame.draw_header(fr.Headline(outcome=fr.outcome(ranks, self.names, self.lang), detail=detail))
            return
        theme, d = self.theme, self.d
        x0, y0, x1, y1 = self.frame.lay.header
        d.rectangle([x0, y0, x1, y1 - 1], fill=mix(theme.background, theme.card, 0.6))
        d.line([(x0, y1 - 1), (x1, y1 - 1)], fill=theme.card_edge, width=2)
        row = y0 + 30
        right = x1 - fr.MARGIN
        last = view.get("last") or {}
        if last.get("moves"):
            right = self._draw_last(last, row, right) - 16
        left = x0 + fr.MARGIN
        acting = [s for s in view.get("to_act") or () if 0 <= s < len(self.colours)]
        with within((left, y0, right, y0 + 58)):
            x = left
            for seat in acting[:1]:
                paste_centred(self.image, seat_mark(40, seat, self.seat_rgb(seat)), (x + 20, row))
                x += 48
            if acting:
                who = self.say("board.to_play", player=self.names[acting[0]])
            else:
                who = self.say("board.start")
            text(d, (x, row), fit_text(who, size=30, width=right - x, bold=True), size=30, fill=theme.text,
                 anchor="lm", bold=True, role="headline")
        decision = view.get("decision")
        if decision:
            said = text_from_json(decision)
            line = said.in_lang(self.lang) if hasattr(said, "in_lang") else str(said)
            line = line[:1].upper() + line[1:]
            due = view.get("roof_due")
            with within((left, y0 + 58, x1 - fr.MARGIN, y1)):
                x = left
                if due or view.get("phase") == "start_merchant":
                    # a prompt that must not be missed: a bar of the acting seat's colour
                    colour = self.seat_rgb(acting[0]) if acting else theme.text
                    d.rounded_rectangle([x, y0 + 64, x + 8, y1 - 10], radius=3, fill=colour)
                    x += 16
                bold = bool(due)
                room = x1 - fr.MARGIN - x
                size = fr.HEADLINE + 2 if text_width(line, size=fr.HEADLINE + 2, bold=bold) <= room else fr.HEADLINE
                text(d, (x, y0 + 78), fit_text(line, size=size, width=room, bold=bold), size=size, fill=theme.text,
                     anchor="lm", bold=bold, role="headline")

    def _draw_last(self, last: dict[str, Any], row: float, right: float) -> float:
        """The last turn's placements, right-aligned on the header's first row; returns its left edge."""
        theme, d = self.theme, self.d
        notation = " · ".join(last["moves"])
        caption = self.say("board.last")
        size = 30
        room = fr.WIDTH * 0.5
        shown = fit_text(notation, size=size, width=room - 60, bold=True)
        w = text_width(shown, size=size, bold=True)
        seat = last.get("seat")
        mark = 34 if isinstance(seat, int) and 0 <= seat < len(self.colours) else 0
        cap_w = text_width(caption, size=fr.TEXT + 2)
        left = right - w - 16 - (mark + 8 if mark else 0) - cap_w - 10
        with within((left - 4, 0, right + 4, 60)):
            text(d, (left, row), caption, size=fr.TEXT + 2, fill=theme.muted, anchor="lm")
            band = rounded_box_sprite(round(w + 16), 44, theme.highlight + (110,), theme.highlight, 2.5, 10)
            self.frame_paste(band, (round(right - w - 16), round(row - 22)))
            text(d, (right - 8, row), shown, size=size, fill=theme.text, anchor="rm", bold=True, role="headline")
            if mark:
                paste_centred(self.image, seat_mark(mark, seat, self.seat_rgb(seat)), (right - w - 24 - mark / 2, row))
        return left

    def frame_paste(self, sprite: Image.Image, xy: tuple[int, int]) -> None:
        paste(self.image, sprite, xy)

    def _tie_break(self) -> str | None:
        """The tie-break that decided, in words; else the final scores in rank order."""
        tie = self.result.get("tie_break") if self.result else None
        if not tie:
            ranks, scores = self.result["ranks"], self.result["scores"]
            order = sorted(range(len(ranks)), key=lambda s: (ranks[s], s))
            listed = " · ".join(f"{self.names[s]} {scores[s]}" for s in order)
            return self.say("medina.board.scores", list=listed)
        a, b = tie.get("sizes") or [0, 0]
        reason = self.say(f"medina.board.tie.{tie['rule']}", a=a, b=b)
        said = translate("board.tie_break", self.lang, reason=reason)
        better, runner = tie.get("seats") or [0, 1]
        return self.say("medina.board.tie_at", text=said, score=tie.get("score"), better=self.names[better],
                        runner=self.names[runner])

    # -- board ----------------------------------------------------------------------------------

    def _draw_board(self) -> None:
        view, lay, d, img, theme = self.view, self.lay, self.d, self.image, self.theme
        c = lay.cell
        well = view.get("well")
        if well:
            for x, y in well["zone"]:
                x0, y0, x1, y1 = lay.cell_box(x, y)
                d.rectangle([x0 + 1, y0 + 1, x1 - 1, y1 - 1], fill=ZONE)
            paste_centred(img, _well_sprite(round(c * 0.86)), lay.centre(well["x"], well["y"]))
            for x, y in well["bonus"]:
                x0, y0, x1, y1 = lay.cell_box(x, y)
                d.rectangle([x0 + 2, y0 + 2, x1 - 2, y1 - 2], outline=mix(WATER, GROUND, 0.45), width=2)
        anywhere = (view.get("options") or {}).get("e1_start_merchant_anywhere") == "on"
        if view.get("phase") == "start_merchant" and not anywhere:
            # where the start merchant may go: the cells touching no wall space
            x0, y0, _, _ = lay.cell_box(2, 2)
            _, _, x1, y1 = lay.cell_box(lay.gw - 3, lay.gh - 3)
            _dashed_rect(d, (x0, y0, x1, y1), MEEPLE_EDGE, 3, 10)

        street = max(2, round(c * 0.1))
        for line in view["merchant_lines"]:
            for (ax, ay), (bx, by) in zip(line, line[1:]):
                d.line([lay.centre(ax, ay), lay.centre(bx, by)], fill=STREET, width=street)

        for palace in view["palaces"]:
            owner = palace.get("owner")
            self._draw_palace(palace, None if owner is None else self.owner_rgb(owner))

        meeple = _meeple_sprite(c, MEEPLE, MEEPLE_EDGE)
        for line in view["merchant_lines"]:
            for x, y in line:
                paste_centred(img, meeple, lay.centre(x, y))
        ring = _ring_sprite(round(c * 0.9), theme.gold)
        for x, y in view.get("active_ends") or ():
            paste_centred(img, ring, lay.centre(x, y))

        for wall in view["walls"]:
            self._draw_wall(wall["x"], wall["y"])

        # Rooftops, on the cells the players named; badges on unroofed palaces.
        for palace in view["palaces"]:
            owner = palace.get("owner")
            if owner is not None and palace.get("roof") is not None:
                centre = lay.centre(*palace["roof"])
                if owner == "neutral":
                    paste_centred(img, _neutral_roof(round(c * 0.74), self.neutral_rgb()), centre)
                else:
                    paste_centred(img, seat_mark(round(c * 0.8), owner, self.seat_rgb(owner)), centre)
            elif owner is None and palace.get("buildings"):
                x, y = palace["buildings"][0]
                x0, y0, x1, y1 = lay.cell_box(x, y)
                paste_centred(img, _badge(round(c * 0.5), palace.get("status") == "stuck"),
                              (x0 + c * 0.3, y0 + c * 0.3))

        for tower in view["towers"]:
            self._draw_tower(tower)

        last = view.get("last") or {}
        mark = _last_sprite(c, theme.highlight)
        for x, y in last.get("cells") or ():
            paste_centred(img, mark, lay.centre(x, y))

        if well:
            drop = _bonus_sprite(round(c * 0.38))
            for x, y in well["bonus"]:
                x0, y0, _, _ = lay.cell_box(x, y)
                paste_centred(img, drop, (x0 + c * 0.22, y0 + c * 0.22))

    def _draw_palace(self, palace: dict[str, Any], owner: RGB | None) -> None:
        """A palace as one block: an owner's halo, a dark edge, then building and stable fills."""
        lay, d = self.lay, self.d
        c = lay.cell
        colour = BUILDING_RGB.get(palace["colour"], (128, 128, 128))
        buildings = {tuple(p) for p in palace["buildings"]}
        stables = {tuple(p) for p in palace["stables"]}
        pieces = buildings | stables
        inset = round(c * 0.13)
        edge = max(2, round(c * 0.05))
        dark = darker(colour, 0.5)
        passes: list[tuple[str, int]] = []
        if owner is not None:
            passes += [("halo_edge", inset - edge - 6), ("halo", inset - edge - 4)]
        passes += [("edge", inset - edge), ("fill", inset)]

        def fill_of(kind: str, cells: set[tuple[int, int]]) -> RGB:
            if kind == "halo":
                return owner  # type: ignore[return-value]
            if kind == "halo_edge":
                return darker(owner, 0.5)  # type: ignore[arg-type]
            if kind == "edge":
                return dark
            return colour if cells <= buildings else STABLE_FILL

        for kind, pad in passes:
            for x, y in pieces:
                x0, y0, x1, y1 = lay.cell_box(x, y)
                d.rectangle([x0 + pad, y0 + pad, x1 - pad - 1, y1 - pad - 1], fill=fill_of(kind, {(x, y)}))
                if pad <= 0:
                    continue
                right, down = (x + 1, y), (x, y + 1)
                if right in pieces:
                    d.rectangle([x1 - pad, y0 + pad, x1 + pad - 1, y1 - pad - 1], fill=fill_of(kind, {(x, y), right}))
                if down in pieces:
                    d.rectangle([x0 + pad, y1 - pad, x1 - pad - 1, y1 + pad - 1], fill=fill_of(kind, {(x, y), down}))
                square = {(x, y), right, down, (x + 1, y + 1)}
                if square <= pieces:
                    d.rectangle([x1 - pad, y1 - pad, x1 + pad - 1, y1 + pad - 1], fill=fill_of(kind, square))
        fence = 2
        for x, y in stables:
            x0, y0, x1, y1 = lay.cell_box(x, y)
            for t in (0.36, 0.5, 0.64):
                xx = x0 + c * t
                d.line([(xx, y0 + c * 0.3), (xx, y1 - c * 0.3)], fill=STABLE_LINE, width=fence)
            for t in (0.42, 0.6):
                d.line([(x0 + c * 0.28, y0 + c * t), (x1 - c * 0.28, y0 + c * t)], fill=STABLE_LINE, width=fence)

    def _draw_wall(self, x: int, y: int) -> None:
        lay, d = self.lay, self.d
        x0, y0, x1, y1 = _wall_rect(lay, x, y)
        d.rectangle([x0, y0, x1, y1], fill=STONE, outline=STONE_EDGE, width=2)
        if y in (0, lay.gh - 1):
            mid = (y0 + y1) / 2
            d.line([(x0, mid), (x1, mid)], fill=STONE_EDGE, width=1)
            d.line([((x0 + x1) / 2, y0), ((x0 + x1) / 2, mid)], fill=STONE_EDGE, width=1)
        else:
            mid = (x0 + x1) / 2
            d.line([(mid, y0), (mid, y1)], fill=STONE_EDGE, width=1)
            d.line([(x0, (y0 + y1) / 2), (mid, (y0 + y1) / 2)], fill=STONE_EDGE, width=1)

    def _draw_tower(self, tower: dict[str, Any]) -> None:
        """A tower's tile: its holder's mark in the band corner beside it, or the merchants still on it."""
        number = tower["number"]
        cx, cy = _corner(self.lay, number)
        holder = tower.get("holder")
        if holder == "neutral":
            paste_centred(self.image, _neutral_roof(28, self.neutral_rgb()), (cx, cy))
        elif isinstance(holder, int):
            paste_centred(self.image, seat_mark(30, holder, self.seat_rgb(holder)), (cx, cy))
        elif tower.get("merchants"):
            paste_centred(self.image, _meeple_sprite(26, MEEPLE, MEEPLE_EDGE), (cx - 6, cy))
            text(self.d, (cx + 9, cy + 1), str(tower["merchants"]), size=fr.TEXT, fill=self.theme.text,
                 anchor="mm", bold=True)

    # -- legend ---------------------------------------------------------------------------------

    def _draw_legend(self) -> None:
        """The four colours (palace tile value and holder; closed, or the state of its unroofed
        palaces: open or stuck, named by their first cell; or a new palace to start), then a key
        (open and stuck badges, the neutral rooftop) and the tea tiles left."""
        view, d, theme = self.view, self.d, self.theme
        x0, y0, x1, y1 = self.lay.legend
        tea = view.get("tea") or {}
        right_w = 164
        card = rounded_box_sprite(x1 - x0, y1 - y0, theme.card, theme.card_edge, 2.0, 10)
        self.frame_paste(card, (x0, y0))
        closed = set(view.get("closed") or ())
        by_colour: dict[str, list[dict[str, Any]]] = {}
        for palace in view["palaces"]:
            if palace.get("owner") is None:
                by_colour.setdefault(palace["colour"], []).append(palace)
        cols = view.get("columns") or COLUMNS

        def cell_name(xy: list[int]) -> str:
            return f"{cols[xy[0] - 1]}{xy[1]}"

        group_w = (x1 - x0 - right_w - 8) / 2
        group_h = (y1 - y0 - 8) / 2
        for i, tile in enumerate(view["palace_tiles"]):
            colour = tile["colour"]
            gx = x0 + 6 + (i % 2) * group_w
            gy = y0 + 4 + (i // 2) * group_h
            cy = gy + group_h / 2
            box = (round(gx), round(gy), round(gx + group_w), round(gy + group_h))
            with within(box):
                is_closed = colour in closed
                paste_centred(self.image, _tile_sprite(40, BUILDING_RGB.get(colour, (128, 128, 128)),
                                                       str(tile["value"]), is_closed), (gx + 22, cy - 2))
                # the palace tile's holder on the tile's corner
                holder = tile.get("holder")
                if holder == "neutral":
                    paste_centred(self.image, _neutral_roof(24, self.neutral_rgb()), (gx + 44, cy + 12))
                elif isinstance(holder, int):
                    paste_centred(self.image, seat_mark(26, holder, self.seat_rgb(holder)), (gx + 44, cy + 12))
                tx = gx + 62
                width = box[2] - tx - 4
                text(d, (tx, cy - 13), fit_text(self.colour_word(colour), size=fr.TEXT + 2, width=width, bold=True),
                     size=fr.TEXT + 2, fill=theme.text, anchor="lm", bold=True)
                if is_closed:
                    text(d, (tx, cy + 13), self.say("medina.board.closed"), size=fr.LABEL, fill=CLOSED,
                         anchor="lm", bold=True)
                    continue
                states = sorted((p.get("status") == "stuck", cell_name(p["buildings"][0]))
                                for p in by_colour.get(colour, []))
                if not states:
                    text(d, (tx, cy + 13), fit_text(self.say("medina.board.new"), size=fr.LABEL, width=width),
                         size=fr.LABEL, fill=theme.muted, anchor="lm")
                    continue
                self._draw_states(states, tx, cy + 13, box[2] - 4)
        rx = x1 - right_w
        box = (round(rx), y0 + 4, x1 - 6, y1 - 4)
        with within(box):
            d.line([(rx, y0 + 10), (rx, y1 - 10)], fill=theme.card_edge, width=2)
            rows = ["key", *(["neutral"] if self.neutral else []), *(["tea"] if tea.get("module") else [])]
            row_h = (box[3] - box[1]) / len(rows)
            for j, kind in enumerate(rows):
                cy = box[1] + row_h * (j + 0.5)
                if kind == "key":
                    x = rx + 8
                    keys = ((False, "medina.board.key_open"), (True, "medina.board.key_stuck"))
                    needed = sum(23 + text_width(self.say(key), size=fr.TEXT + 2) + 8 for _, key in keys) - 8
                    for stuck, key in keys:
                        paste_centred(self.image, _badge(20, stuck), (x + 10, cy))
                        said = self.say(key)
                        if needed > box[2] - x:
                            said = fit_text(said, size=fr.TEXT + 2, width=(box[2] - rx) / 2 - 30)
                        text(d, (x + 23, cy), said, size=fr.TEXT + 2, fill=theme.text, anchor="lm")
                        x += 23 + text_width(said, size=fr.TEXT + 2) + 8
                    continue
                if kind == "neutral":
                    paste_centred(self.image, _neutral_roof(28, self.neutral_rgb()), (rx + 24, cy))
                    said = self.say("medina.board.neutral")
                else:
                    paste_centred(self.image, _tea_sprite(30), (rx + 24, cy))
                    said = self.say("medina.board.tea_pool", count=tea.get("pool", 0))
                text(d, (rx + 46, cy), fit_text(said, size=fr.TEXT + 2, width=box[2] - rx - 50),
                     size=fr.TEXT + 2, fill=theme.text, anchor="lm")

    def _draw_states(self, states: list[tuple[bool, str]], x: float, cy: float, right: float) -> None:
        """Badges with "open F7" / "stuck B2" after them, or only the cells when the words do not fit."""
        badge = 20
        worded = [self.say("medina.board.stuck" if stuck else "medina.board.open", cell=cell) for stuck, cell in states]
        needed = sum(badge + 4 + text_width(w, size=fr.LABEL) + 10 for w in worded) - 10
        if needed > right - x:
            worded = [cell for _, cell in states]
        for (stuck, _), said in zip(states, worded):
            if x + badge + 30 > right:
                break
            paste_centred(self.image, _badge(badge, stuck), (x + badge / 2, cy))
            x += badge + 4
            shown = fit_text(said, size=fr.LABEL, width=right - x)
            text(self.d, (x, cy), shown, size=fr.LABEL, fill=self.theme.text, anchor="lm", role="label")
            x += text_width(shown, size=fr.LABEL) + 10


def _dashed_rect(d: ImageDraw.ImageDraw, box: tuple[float, float, float, float], fill: RGB, width: int,
                 dash: int) -> None:
    x0, y0, x1, y1 = box
    for a, b, fixed, horizontal in ((x0, x1, y0, True), (x0, x1, y1, True), (y0, y1, x0, False), (y0, y1, x1, False)):
        t = a
        while t < b:
            u = min(b, t + dash)
            if horizontal:
                d.line([(t, fixed), (u, fixed)], fill=fill, width=width)
            else:
                d.line([(fixed, t), (fixed, u)], fill=fill, width=width)
            t += dash * 2
