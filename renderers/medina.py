"""The Medina board image, drawn from a view only (``Medina.view(state, seat)``).

``render(view, size=1000)`` returns PNG bytes ``size`` pixels wide; :func:`draw` the image. What
it shows (icons and numbers only, so the image needs no translation):

- the city grid with column letters (top and bottom) and row numbers (left and right) exactly as
  the notation names the cells (``A1`` top left), on either side of the board (16 x 11, 14 x 10);
- the wall ring: unbuilt wall spaces faint, walls as stone blocks, the four towers with their
  numbers, and each arm's notation name (``1E``, ``1S``, ...) beside its tower, pointing the way
  it grows; the tower tile beside each tower, ringed in its holder's colour, with the merchants
  still lying on it (edition 2);
- buildings in their colours, each palace drawn as one block; stables as fenced light squares
  inside the block; a roofed palace outlined in its owner's colour with the rooftop as a dome
  that shows the palace's points (neutral rooftops in the neutral colour, without points);
- merchants as meeples joined by the street of their line, the active line's ends ringed;
- the well, its zone tinted, and its bonus cells marked (the mark stays visible under pieces);
- the placements of the last turn on a soft glow;
- above the board: the four palace tiles with their values and holders, and the tea tiles left;
- under the board, a card per seat: colour disc with the seat number (1-based), current score,
  rooftops (and neutral rooftops) still to place, tea tiles, tiles held, placements left for the
  seat to act, and at the end the rank with a crown on the winners.

Nothing behind a player's screen is in the public view, so nothing of it can appear here.

Speed: everything that does not depend on the position (background, ground, grid, labels, the
ring, the panel cards) is built once per size and board side; sprites are cached; a render
copies the base and draws the pieces with plain rectangles and cached sprites.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw, ImageFilter

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
)

__all__ = ["render", "draw", "board_layout", "Layout"]

RGB = tuple[int, int, int]
Box = tuple[int, int, int, int]
MIN_SIZE, MAX_SIZE = 400, 3000

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


@dataclass(frozen=True)
class Layout:
    """Where everything goes on an image ``width`` pixels wide. Lengths are pixels."""

    width: int
    height: int
    cell: int
    margin: int
    band: int                   # width of the label band around the grid
    gw: int                     # grid columns including the ring
    gh: int
    grid_x: int                 # pixel x of grid column 0
    grid_y: int
    header_top: int
    header_height: int
    panel_top: int
    panel_height: int

    def box(self, x: int, y: int) -> Box:
        x0 = self.grid_x + x * self.cell
        y0 = self.grid_y + y * self.cell
        return x0, y0, x0 + self.cell, y0 + self.cell

    def centre(self, x: float, y: float) -> tuple[float, float]:
        return self.grid_x + (x + 0.5) * self.cell, self.grid_y + (y + 0.5) * self.cell


@lru_cache(maxsize=16)
def board_layout(size: int, width: int, height: int) -> Layout:
    """The geometry of an image ``size`` pixels wide for a ``width`` x ``height`` city."""
    gw, gh = width + 2, height + 2
    margin = round(size * 0.016)
    band_ratio = 0.85
    cell = int((size - 2 * margin) / (gw + 2 * band_ratio))
    band = round(cell * band_ratio)
    header_top = margin
    header_height = round(cell * 1.25)
    grid_x = (size - gw * cell) // 2
    grid_y = header_top + header_height + band
    panel_top = grid_y + gh * cell + band + round(cell * 0.1)
    panel_height = round(cell * 2.6)
    return Layout(width=size, height=panel_top + panel_height + margin, cell=cell, margin=margin, band=band,
                  gw=gw, gh=gh, grid_x=grid_x, grid_y=grid_y, header_top=header_top,
                  header_height=header_height, panel_top=panel_top, panel_height=panel_height)


def _arm_label_spots(lay: Layout) -> list[tuple[str, tuple[float, float], str]]:
    """(arm name, centre, arrow) for the eight arm labels, beside their towers in the bands."""
    w, h = lay.gw - 1, lay.gh - 1
    band_top = lay.grid_y - lay.band / 2
    band_bottom = lay.grid_y + lay.gh * lay.cell + lay.band / 2
    band_left = lay.grid_x - lay.band / 2
    band_right = lay.grid_x + lay.gw * lay.cell + lay.band / 2
    cx = lambda x: lay.grid_x + (x + 0.5) * lay.cell  # noqa: E731
    cy = lambda y: lay.grid_y + (y + 0.5) * lay.cell  # noqa: E731
    return [
        ("1E", (cx(0), band_top), "→"), ("1S", (band_left, cy(0)), "↓"),
        ("3W", (cx(w), band_top), "←"), ("3S", (band_right, cy(0)), "↓"),
        ("2W", (cx(w), band_bottom), "←"), ("2N", (band_right, cy(h)), "↑"),
        ("4E", (cx(0), band_bottom), "→"), ("4N", (band_left, cy(h)), "↑"),
    ]


# --- static layers -------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Base:
    image: Image.Image


@lru_cache(maxsize=8)
def _base(size: int, width: int, height: int, colours: tuple[str, ...], building_colours: tuple[str, ...],
          tea_module: bool, theme: Theme) -> _Base:
    lay = board_layout(size, width, height)
    img = Image.new("RGB", (size, lay.height), theme.background)
    d = ImageDraw.Draw(img)
    c = lay.cell
    gx0, gy0 = lay.grid_x, lay.grid_y
    gx1, gy1 = gx0 + lay.gw * c, gy0 + lay.gh * c
    # The plate with its label bands.
    plate = rounded_box_sprite(gx1 - gx0 + 2 * lay.band, gy1 - gy0 + 2 * lay.band, theme.board, theme.board_edge,
                               max(1.0, size * 0.002), lay.band * 0.6)
    img.paste(plate, (gx0 - lay.band, gy0 - lay.band), plate)
    # The ring and the city ground.
    d.rectangle([gx0, gy0, gx1 - 1, gy1 - 1], fill=RING)
    d.rectangle([gx0 + c, gy0 + c, gx1 - c - 1, gy1 - c - 1], fill=GROUND)
    line = max(1, round(c * 0.03))
    for x in range(1, lay.gw):
        d.line([(gx0 + x * c, gy0 + c), (gx0 + x * c, gy1 - c)], fill=GROUND_LINE, width=line)
    for y in range(1, lay.gh):
        d.line([(gx0 + c, gy0 + y * c), (gx1 - c, gy0 + y * c)], fill=GROUND_LINE, width=line)
    # Unbuilt wall spaces: faint slots.
    for x, y in _ring_cells(lay):
        x0, y0, x1, y1 = _wall_rect(lay, x, y)
        d.rectangle([x0, y0, x1, y1], outline=RING_SLOT, width=line)
    # Labels: letters above and below, numbers left and right.
    label = max(9, round(c * 0.36))
    for x in range(1, lay.gw - 1):
        name = "ABCDEFGHIJKLMNOP"[x - 1]
        cx = gx0 + (x + 0.5) * c
        text(d, (cx, gy0 - lay.band / 2), name, size=label, fill=theme.label, anchor="mm")
        text(d, (cx, gy1 + lay.band / 2), name, size=label, fill=theme.label, anchor="mm")
    for y in range(1, lay.gh - 1):
        cy = gy0 + (y + 0.5) * c
        text(d, (gx0 - lay.band / 2, cy), str(y), size=label, fill=theme.label, anchor="mm")
        text(d, (gx1 + lay.band / 2, cy), str(y), size=label, fill=theme.label, anchor="mm")
    small = max(8, round(c * 0.27))
    for name, centre, arrow in _arm_label_spots(lay):
        vertical = arrow in "↑↓"
        if vertical:
            text(d, (centre[0], centre[1] - small * 0.55), name, size=small, fill=STONE_EDGE, anchor="mm")
            _arrow(d, (centre[0], centre[1] + small * 0.6), arrow, small * 0.8, STONE_EDGE)
        else:
            text(d, (centre[0] - small * 0.55, centre[1]), name, size=small, fill=STONE_EDGE, anchor="mm")
            _arrow(d, (centre[0] + small * 1.05, centre[1]), arrow, small * 0.8, STONE_EDGE)
    # Towers with their numbers.
    for number, (x, y) in _towers(lay).items():
        paste_centred(img, _tower_sprite(c, number), lay.centre(x, y))
    # Header: the palace-tile slots and the tea stack; panel: the seat cards.
    for i, colour in enumerate(building_colours):
        paste_centred(img, _tile_sprite(round(c * 0.82), BUILDING_RGB[colour], str(i + 1)), _tile_centre(lay, i))
    if tea_module:
        paste_centred(img, _tea_sprite(round(c * 0.7)), _tea_centre(lay))
    for seat, (box, name) in enumerate(zip(_seat_cards(lay, len(colours)), colours)):
        card = rounded_box_sprite(box[2] - box[0], box[3] - box[1], theme.card, theme.card_edge,
                                  max(1.0, size * 0.002), c * 0.25)
        img.paste(card, box[:2], card)
        paste_centred(img, disc_sprite(round(c * 0.85), theme.seat_colour(name), theme.outline(name), str(seat + 1)),
                      _seat_disc(lay, box))
    return _Base(img)


def _arrow(d: ImageDraw.ImageDraw, centre: tuple[float, float], direction: str, length: float, fill: RGB) -> None:
    x, y = centre
    h = length / 2
    w = length * 0.32
    if direction == "→":
        pts = [(x - h, y - w), (x + h, y), (x - h, y + w)]
    elif direction == "←":
        pts = [(x + h, y - w), (x - h, y), (x + h, y + w)]
    elif direction == "↓":
        pts = [(x - w, y - h), (x, y + h), (x + w, y - h)]
    else:
        pts = [(x - w, y + h), (x, y - h), (x + w, y + h)]
    d.polygon(pts, fill=fill)


def _ring_cells(lay: Layout) -> list[tuple[int, int]]:
    w, h = lay.gw - 2, lay.gh - 2
    cells = [(x, 0) for x in range(1, w + 1)] + [(x, h + 1) for x in range(1, w + 1)]
    cells += [(0, y) for y in range(1, h + 1)] + [(w + 1, y) for y in range(1, h + 1)]
    return cells


def _towers(lay: Layout) -> dict[int, tuple[int, int]]:
    w, h = lay.gw - 1, lay.gh - 1
    return {1: (0, 0), 3: (w, 0), 2: (w, h), 4: (0, h)}


def _wall_rect(lay: Layout, x: int, y: int) -> Box:
    """The stone block of a wall on ring cell (x, y): long along the ring, thinner across it."""
    x0, y0, x1, y1 = lay.box(x, y)
    inset = round(lay.cell * 0.2)
    if y in (0, lay.gh - 1):
        return x0, y0 + inset, x1 - 1, y1 - inset - 1
    return x0 + inset, y0, x1 - inset - 1, y1 - 1


def _tile_centre(lay: Layout, i: int) -> tuple[float, float]:
    c = lay.cell
    left = lay.grid_x + c * 1.2
    return left + i * c * 2.3, lay.header_top + lay.header_height / 2


def _tea_centre(lay: Layout) -> tuple[float, float]:
    return lay.grid_x + lay.gw * lay.cell - lay.cell * 1.6, lay.header_top + lay.header_height / 2


def _seat_cards(lay: Layout, n: int) -> list[Box]:
    gap = round(lay.cell * 0.25)
    inner = lay.gw * lay.cell
    w = min(round(lay.cell * 5.2), (inner - (n - 1) * gap) // n)
    x = (lay.width - n * w - (n - 1) * gap) // 2
    cards = []
    for _ in range(n):
        cards.append((x, lay.panel_top, x + w, lay.panel_top + lay.panel_height))
        x += w + gap
    return cards


def _seat_disc(lay: Layout, box: Box) -> tuple[float, float]:
    return box[0] + lay.cell * 0.7, box[1] + lay.cell * 0.62


def _card_rows(lay: Layout, box: Box) -> tuple[float, float]:
    """The y of a seat card's second row (pieces in the open) and third row (tiles held)."""
    return box[1] + lay.cell * 1.42, box[1] + lay.cell * 2.05


# --- sprites ---------------------------------------------------------------------------------------


@lru_cache(maxsize=16)
def _tower_sprite(cell: int, number: int) -> Image.Image:
    size = round(cell * 0.92)

    def paint(d: ImageDraw.ImageDraw, k: float) -> None:
        s = size * k
        m = max(1.5, cell * 0.04) * k
        d.ellipse([m, m, s - m, s - m], fill=TOWER, outline=STONE_EDGE, width=round(m * 1.5))
        r = s * 0.32
        d.ellipse([s / 2 - r, s / 2 - r, s / 2 + r, s / 2 + r], fill=STONE_EDGE)
        text(d, (s / 2, s / 2), str(number), size=round(cell * 0.42 * k), fill=(255, 255, 255), anchor="mm")
    return supersampled(size, size, paint)


@lru_cache(maxsize=32)
def _tile_sprite(width: int, fill: RGB, label: str) -> Image.Image:
    def paint(d: ImageDraw.ImageDraw, k: float) -> None:
        w = width * k
        m = max(1.5, width * 0.05) * k
        d.rounded_rectangle([m, m, w - m, w - m], radius=w * 0.18, fill=fill, outline=darker(fill, 0.45),
                            width=round(m * 1.2))
        text(d, (w / 2, w / 2), label, size=round(width * 0.56 * k), fill=(255, 255, 255), anchor="mm",
             stroke_width=round(width * 0.05 * k), stroke_fill=darker(fill, 0.5))
    return supersampled(width, width, paint)


@lru_cache(maxsize=8)
def _tea_sprite(width: int) -> Image.Image:
    """A tea glass: the tea tiles."""
    height = width

    def paint(d: ImageDraw.ImageDraw, k: float) -> None:
        w, h = width * k, height * k
        m = max(1.5, width * 0.06) * k
        d.polygon([(w * 0.2, h * 0.22), (w * 0.8, h * 0.22), (w * 0.68, h * 0.86), (w * 0.32, h * 0.86)],
                  fill=TEA, outline=darker(TEA, 0.5), width=round(m))
        d.rectangle([w * 0.14, h * 0.12, w * 0.86, h * 0.22], fill=(240, 230, 200), outline=darker(TEA, 0.5),
                    width=round(m))
    return supersampled(width, height, paint)


@lru_cache(maxsize=32)
def _dome_sprite(cell: int, fill: RGB, edge: RGB) -> Image.Image:
    """A rooftop: a dome with a small finial, sitting on its building."""
    w = round(cell * 0.8)
    h = round(cell * 0.72)

    def paint(d: ImageDraw.ImageDraw, k: float) -> None:
        W, H = w * k, h * k
        m = max(1.5, cell * 0.045) * k
        base = H * 0.9
        d.pieslice([m, H * 0.2, W - m, base * 2 - H * 0.2], 180, 360, fill=fill, outline=edge, width=round(m))
        d.rectangle([m, base - m * 0.5, W - m, base + m * 0.8], fill=edge)
        r = W * 0.07
        d.ellipse([W / 2 - r, H * 0.2 - 2.2 * r, W / 2 + r, H * 0.2], fill=fill, outline=edge, width=round(m * 0.7))
    return supersampled(w, h, paint)


@lru_cache(maxsize=8)
def _meeple_sprite(cell: int, fill: RGB, edge: RGB) -> Image.Image:
    w = round(cell * 0.58)
    h = round(cell * 0.62)

    def paint(d: ImageDraw.ImageDraw, k: float) -> None:
        W, H = w * k, h * k
        m = max(1.2, cell * 0.035) * k
        r = W * 0.2
        d.ellipse([W / 2 - r, m, W / 2 + r, m + 2 * r], fill=fill, outline=edge, width=round(m))
        body = [(W * 0.5, m + 1.6 * r), (W - m, H * 0.52), (W * 0.78, H * 0.6), (W * 0.86, H - m),
                (W * 0.14, H - m), (W * 0.22, H * 0.6), (m, H * 0.52)]
        d.polygon(body, fill=fill, outline=edge, width=round(m))
    return supersampled(w, h, paint)


@lru_cache(maxsize=8)
def _ring_sprite(cell: int, fill: RGB) -> Image.Image:
    """The mark of an active merchant line's end."""
    size = round(cell * 0.86)

    def paint(d: ImageDraw.ImageDraw, k: float) -> None:
        s = size * k
        m = max(2.0, cell * 0.06) * k
        d.ellipse([m, m, s - m, s - m], outline=fill, width=round(m * 1.2))
    return supersampled(size, size, paint)


@lru_cache(maxsize=8)
def _well_sprite(cell: int) -> Image.Image:
    size = round(cell * 0.86)

    def paint(d: ImageDraw.ImageDraw, k: float) -> None:
        s = size * k
        m = max(1.5, cell * 0.05) * k
        d.ellipse([m, m, s - m, s - m], fill=STONE, outline=STONE_EDGE, width=round(m * 1.2))
        r = s * 0.3
        d.ellipse([s / 2 - r, s / 2 - r, s / 2 + r, s / 2 + r], fill=WATER, outline=darker(WATER, 0.4),
                  width=round(m))
    return supersampled(size, size, paint)


@lru_cache(maxsize=8)
def _bonus_sprite(cell: int) -> Image.Image:
    """A small water drop: a well bonus cell (+4 per palace piece on it)."""
    size = round(cell * 0.38)

    def paint(d: ImageDraw.ImageDraw, k: float) -> None:
        s = size * k
        m = max(1.0, cell * 0.03) * k
        d.polygon([(s / 2, m), (s - m * 2, s * 0.6), (s / 2, s - m), (m * 2, s * 0.6)], fill=WATER,
                  outline=(255, 255, 255), width=round(m))
    return supersampled(size, size, paint)


@lru_cache(maxsize=8)
def _mark_sprite(cell: int, colour: RGB) -> Image.Image:
    """A frame around a cell placed on the last turn."""
    size = cell + 4

    def paint(d: ImageDraw.ImageDraw, k: float) -> None:
        s = size * k
        m = max(2.0, cell * 0.055) * k
        d.rounded_rectangle([m / 2, m / 2, s - m / 2, s - m / 2], radius=cell * 0.16 * k, outline=colour + (235,),
                            width=round(m))
    return supersampled(size, size, paint)


@lru_cache(maxsize=8)
def _glow_sprite(cell: int, colour: RGB) -> Image.Image:
    pad = round(cell * 0.22)
    size = cell + 2 * pad
    img = Image.new("RGBA", (size, size), colour + (0,))
    mask = Image.new("L", (size, size), 0)
    ImageDraw.Draw(mask).rounded_rectangle([pad * 0.6, pad * 0.6, size - pad * 0.6, size - pad * 0.6],
                                           radius=cell * 0.2, fill=215)
    img.putalpha(mask.filter(ImageFilter.GaussianBlur(cell * 0.08)))
    return img


@lru_cache(maxsize=16)
def _holder_ring(width: int, colour: RGB) -> Image.Image:
    def paint(d: ImageDraw.ImageDraw, k: float) -> None:
        w = width * k
        m = max(2.0, width * 0.09) * k
        d.ellipse([m / 2, m / 2, w - m / 2, w - m / 2], outline=colour, width=round(m))
    return supersampled(width, width, paint)


@lru_cache(maxsize=16)
def _stripe_disc(diameter: int, fill: RGB, edge: RGB) -> Image.Image:
    """A disc for a neutral holder: the neutral colour with a diagonal bar."""
    def paint(d: ImageDraw.ImageDraw, k: float) -> None:
        w = diameter * k
        m = max(1.5, diameter * 0.08) * k
        d.ellipse([k, k, w - k, w - k], fill=edge)
        d.ellipse([m, m, w - m, w - m], fill=fill)
        d.line([(w * 0.25, w * 0.75), (w * 0.75, w * 0.25)], fill=edge, width=round(m * 1.4))
    return supersampled(diameter, diameter, paint)


# --- the render ----------------------------------------------------------------------------------

_REQUIRED = ("game", "num_players", "width", "height", "colours", "building_colours", "palaces",
             "merchant_lines", "walls", "towers", "palace_tiles", "scores", "to_act")


def _check(view: dict[str, Any], size: int) -> None:
    if not isinstance(size, int) or isinstance(size, bool) or not MIN_SIZE <= size <= MAX_SIZE:
        raise ValueError(f"size must be an int from {MIN_SIZE} to {MAX_SIZE}, not {size!r}")
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


def render(view: dict[str, Any], *, size: int = 1000, theme: Theme = DEFAULT_THEME) -> bytes:
    """PNG bytes of a Medina view, ``size`` pixels wide (400..3000).

    The same picture for every seat: the view's private ``screen``, if any, is not drawn.
    Raises ``ValueError`` for a bad size or a view that is not Medina's.
    """
    return encode_png(draw(view, size=size, theme=theme))


def draw(view: dict[str, Any], *, size: int = 1000, theme: Theme = DEFAULT_THEME) -> Image.Image:
    """The image :func:`render` encodes."""
    _check(view, size)
    width, height = view["width"], view["height"]
    lay = board_layout(size, width, height)
    colours = tuple(view["colours"])
    tea = view.get("tea") or {}
    base = _base(size, width, height, colours, tuple(view["building_colours"]), bool(tea.get("module")), theme)
    img = base.image.copy()
    d = ImageDraw.Draw(img)
    c = lay.cell
    neutral = view.get("neutral_colour")

    def owner_rgb(owner: Any) -> RGB:
        if owner == "neutral":
            return theme.seat_colour(neutral) if neutral in theme.palette else (200, 200, 200)
        return theme.seat_colour(colours[owner])

    # The well's zone under everything.
    well = view.get("well")
    if well:
        for x, y in well["zone"]:
            x0, y0, x1, y1 = lay.box(x, y)
            d.rectangle([x0 + 1, y0 + 1, x1 - 1, y1 - 1], fill=ZONE)
        paste_centred(img, _well_sprite(c), lay.centre(well["x"], well["y"]))
        frame = max(2, round(c * 0.05))
        for x, y in well["bonus"]:
            x0, y0, x1, y1 = lay.box(x, y)
            d.rectangle([x0 + frame, y0 + frame, x1 - frame, y1 - frame], outline=mix(WATER, GROUND, 0.45),
                        width=frame)

    # The last turn's placements glow.
    last = view.get("last") or {}
    glow = _glow_sprite(c, theme.highlight)
    for x, y in last.get("cells") or ():
        paste_centred(img, glow, lay.centre(x, y))

    # Merchant streets (under the meeples).
    street = max(2, round(c * 0.09))
    for line in view["merchant_lines"]:
        for (ax, ay), (bx, by) in zip(line, line[1:]):
            d.line([lay.centre(ax, ay), lay.centre(bx, by)], fill=STREET, width=street)

    # Palaces.
    domes = []
    for palace in view["palaces"]:
        _draw_palace(d, lay, palace, owner_rgb(palace["owner"]) if palace["owner"] is not None else None)
        if palace.get("roof") is not None:
            domes.append(palace)
    for palace in domes:
        fill = owner_rgb(palace["owner"])
        centre = lay.centre(*palace["roof"])
        sprite = _dome_sprite(c, fill, darker(fill, 0.5))
        paste_centred(img, sprite, (centre[0], centre[1] - c * 0.04))
        points = palace.get("points")
        if points is not None:
            text(d, (centre[0], centre[1] + c * 0.1), str(points), size=round(c * 0.36), fill=(255, 255, 255),
                 anchor="mm", stroke_width=max(1, round(c * 0.05)), stroke_fill=darker(fill, 0.55))

    # Merchants, the active ends ringed.
    meeple = _meeple_sprite(c, MEEPLE, MEEPLE_EDGE)
    for line in view["merchant_lines"]:
        for x, y in line:
            paste_centred(img, meeple, lay.centre(x, y))
    ring = _ring_sprite(c, theme.gold)
    for x, y in view.get("active_ends") or ():
        paste_centred(img, ring, lay.centre(x, y))

    # Walls.
    for wall in view["walls"]:
        _draw_wall(d, lay, wall["x"], wall["y"])

    # The last turn's placements also get a frame on top, so a piece never hides its glow.
    mark = _mark_sprite(c, theme.highlight)
    for x, y in last.get("cells") or ():
        paste_centred(img, mark, lay.centre(x, y))

    # Well bonus marks on top, so they stay visible under pieces.
    if well:
        drop = _bonus_sprite(c)
        for x, y in well["bonus"]:
            x0, y0, _, _ = lay.box(x, y)
            paste_centred(img, drop, (x0 + c * 0.22, y0 + c * 0.22))

    # Tower tiles: holder ring and merchants still on the tile.
    for tower in view["towers"]:
        _draw_tower_tile(img, d, lay, tower, owner_rgb, theme)

    _draw_header(img, d, lay, view, owner_rgb, theme)
    _draw_panel(img, d, lay, view, colours, theme)
    return img


def _draw_palace(d: ImageDraw.ImageDraw, lay: Layout, palace: dict[str, Any], owner: RGB | None) -> None:
    """A palace as one block: an owner halo, a dark edge, then building and stable fills."""
    c = lay.cell
    colour = BUILDING_RGB.get(palace["colour"], (128, 128, 128))
    buildings = {tuple(p) for p in palace["buildings"]}
    stables = {tuple(p) for p in palace["stables"]}
    pieces = buildings | stables
    inset = round(c * 0.11)
    edge = max(2, round(c * 0.05))
    dark = darker(colour, 0.5)
    passes = [("halo", inset - edge - max(3, round(c * 0.08)))] if owner is not None else []
    passes += [("edge", inset - edge), ("fill", inset)]

    def fill_of(kind: str, cells: set[tuple[int, int]]) -> RGB:
        if kind == "halo":
            return owner  # type: ignore[return-value]
        if kind == "edge":
            return dark
        return colour if cells <= buildings else STABLE_FILL

    for kind, pad in passes:
        for x, y in pieces:
            x0, y0, x1, y1 = lay.box(x, y)
            d.rectangle([x0 + pad, y0 + pad, x1 - pad - 1, y1 - pad - 1], fill=fill_of(kind, {(x, y)}))
            if pad <= 0:
                continue  # the cells' own rectangles already overlap
            right, down = (x + 1, y), (x, y + 1)
            if right in pieces:
                d.rectangle([x1 - pad, y0 + pad, x1 + pad - 1, y1 - pad - 1], fill=fill_of(kind, {(x, y), right}))
            if down in pieces:
                d.rectangle([x0 + pad, y1 - pad, x1 - pad - 1, y1 + pad - 1], fill=fill_of(kind, {(x, y), down}))
            square = {(x, y), right, down, (x + 1, y + 1)}
            if square <= pieces:
                d.rectangle([x1 - pad, y1 - pad, x1 + pad - 1, y1 + pad - 1], fill=fill_of(kind, square))
    # Fence lines on stables.
    fence = max(1, round(c * 0.035))
    for x, y in stables:
        x0, y0, x1, y1 = lay.box(x, y)
        for t in (0.36, 0.5, 0.64):
            xx = x0 + c * t
            d.line([(xx, y0 + c * 0.3), (xx, y1 - c * 0.3)], fill=STABLE_LINE, width=fence)
        d.line([(x0 + c * 0.28, y0 + c * 0.42), (x1 - c * 0.28, y0 + c * 0.42)], fill=STABLE_LINE, width=fence)
        d.line([(x0 + c * 0.28, y0 + c * 0.6), (x1 - c * 0.28, y0 + c * 0.6)], fill=STABLE_LINE, width=fence)


def _draw_wall(d: ImageDraw.ImageDraw, lay: Layout, x: int, y: int) -> None:
    x0, y0, x1, y1 = _wall_rect(lay, x, y)
    d.rectangle([x0, y0, x1, y1], fill=STONE, outline=STONE_EDGE, width=max(1, round(lay.cell * 0.04)))
    line = max(1, round(lay.cell * 0.025))
    if y in (0, lay.gh - 1):
        mid = (y0 + y1) / 2
        d.line([(x0, mid), (x1, mid)], fill=STONE_EDGE, width=line)
        d.line([((x0 + x1) / 2, y0), ((x0 + x1) / 2, mid)], fill=STONE_EDGE, width=line)
        for xx in (x0 + (x1 - x0) * 0.25, x0 + (x1 - x0) * 0.75):
            d.line([(xx, mid), (xx, y1)], fill=STONE_EDGE, width=line)
    else:
        mid = (x0 + x1) / 2
        d.line([(mid, y0), (mid, y1)], fill=STONE_EDGE, width=line)
        d.line([(x0, (y0 + y1) / 2), (mid, (y0 + y1) / 2)], fill=STONE_EDGE, width=line)
        for yy in (y0 + (y1 - y0) * 0.25, y0 + (y1 - y0) * 0.75):
            d.line([(mid, yy), (x1, yy)], fill=STONE_EDGE, width=line)


def _tower_tile_spot(lay: Layout, number: int) -> tuple[float, float]:
    """The corner of the label bands beside tower ``number``: where its tile lies."""
    x, y = _towers(lay)[number]
    cx, cy = lay.centre(x, y)
    dx = -1 if x == 0 else 1
    dy = -1 if y == 0 else 1
    off = lay.cell * 0.5 + lay.band * 0.5
    return cx + dx * off * 0.98, cy + dy * off * 0.98


def _draw_tower_tile(img: Image.Image, d: ImageDraw.ImageDraw, lay: Layout, tower: dict[str, Any], owner_rgb,
                     theme: Theme) -> None:
    c = lay.cell
    number = tower["number"]
    holder = tower.get("holder")
    centre = lay.centre(*_towers(lay)[number])
    if holder is not None:
        paste_centred(img, _holder_ring(round(c * 1.04), owner_rgb(holder)), centre)
    spot = _tower_tile_spot(lay, number)
    merchants = tower.get("merchants") or 0
    if merchants:
        paste_centred(img, _meeple_sprite(round(c * 0.62), MEEPLE, MEEPLE_EDGE), (spot[0] - c * 0.12, spot[1]))
        text(d, (spot[0] + c * 0.16, spot[1] + c * 0.04), str(merchants), size=round(c * 0.3),
             fill=theme.text, anchor="mm")


def _draw_header(img: Image.Image, d: ImageDraw.ImageDraw, lay: Layout, view: dict[str, Any], owner_rgb,
                 theme: Theme) -> None:
    c = lay.cell
    disc = round(c * 0.58)
    for i, tile in enumerate(view["palace_tiles"]):
        cx, cy = _tile_centre(lay, i)
        spot = (cx + c * 0.85, cy)
        holder = tile.get("holder")
        if holder is None:
            d.ellipse([spot[0] - disc * 0.32, spot[1] - disc * 0.32, spot[0] + disc * 0.32, spot[1] + disc * 0.32],
                      outline=theme.card_edge, width=max(1, round(c * 0.04)))
        elif holder == "neutral":
            fill = owner_rgb("neutral")
            paste_centred(img, _stripe_disc(disc, fill, darker(fill, 0.5)), spot)
        else:
            name = view["colours"][holder]
            paste_centred(img, disc_sprite(disc, theme.seat_colour(name), theme.outline(name), str(holder + 1)), spot)
    tea = view.get("tea") or {}
    if tea.get("module"):
        cx, cy = _tea_centre(lay)
        text(d, (cx + c * 0.5, cy), str(tea.get("pool", 0)), size=round(c * 0.48), fill=theme.text, anchor="lm")


def _draw_panel(img: Image.Image, d: ImageDraw.ImageDraw, lay: Layout, view: dict[str, Any],
                colours: tuple[str, ...], theme: Theme) -> None:
    c = lay.cell
    h = lay.panel_height
    cards = _seat_cards(lay, len(colours))
    to_act = set(view.get("to_act") or ())
    result = view.get("result") if view.get("finished") else None
    ranks = (result or {}).get("ranks")
    scores = view.get("scores") or [0] * len(colours)
    roofs = view.get("roofs_left") or [0] * len(colours)
    neutrals = view.get("neutral_roofs_left") or [0] * len(colours)
    tea = view.get("tea") or {}
    neutral = view.get("neutral_colour")
    dark_gold = darker(theme.gold, 0.5)
    tiles_by_seat: dict[int, list[tuple[str, str]]] = {}
    for tile in view["palace_tiles"]:
        if isinstance(tile.get("holder"), int):
            tiles_by_seat.setdefault(tile["holder"], []).append(("palace", tile["colour"]))
    for tower in view["towers"]:
        if isinstance(tower.get("holder"), int):
            tiles_by_seat.setdefault(tower["holder"], []).append(("tower", str(tower["number"])))
    big, small = round(c * 0.62), round(c * 0.34)
    for seat, (box, name) in enumerate(zip(cards, colours)):
        colour = theme.seat_colour(name)
        disc_x, disc_y = _seat_disc(lay, box)
        x = box[0] + c * 1.35
        text(d, (x, disc_y), str(scores[seat]), size=big, fill=theme.text, anchor="lm")
        # Rooftops still to place (they stand in the open), neutral ones, tea tiles.
        row, tile_row = _card_rows(lay, box)
        ix = box[0] + c * 0.45
        dome = _dome_sprite(round(c * 0.62), colour, darker(colour, 0.5))
        paste_centred(img, dome, (ix, row - c * 0.05))
        text(d, (ix + c * 0.3, row), str(roofs[seat]), size=small, fill=theme.text, anchor="lm")
        ix += c * 0.95
        if neutral:
            nfill = theme.seat_colour(neutral)
            paste_centred(img, _dome_sprite(round(c * 0.62), nfill, darker(nfill, 0.5)), (ix, row - c * 0.05))
            text(d, (ix + c * 0.3, row), str(neutrals[seat]), size=small, fill=theme.text, anchor="lm")
            ix += c * 0.95
        if tea.get("module"):
            paste_centred(img, _tea_sprite(round(c * 0.46)), (ix, row))
            text(d, (ix + c * 0.3, row), str((tea.get("held") or [0] * len(colours))[seat]), size=small,
                 fill=theme.text, anchor="lm")
            ix += c * 0.95
        # Tiles held: palace tiles (colour and value), then tower tiles (tower and number).
        tx = box[0] + c * 0.45
        for kind, label in tiles_by_seat.get(seat, []):
            if kind == "palace":
                value = str(view["building_colours"].index(label) + 1)
                paste_centred(img, _tile_sprite(round(c * 0.52), BUILDING_RGB[label], value), (tx, tile_row))
            else:
                paste_centred(img, _tower_sprite(round(c * 0.6), int(label)), (tx, tile_row))
            tx += c * 0.58
        if seat in to_act:
            frame = rounded_box_sprite(box[2] - box[0], box[3] - box[1], (0, 0, 0, 0), colour,
                                       max(3.0, lay.width * 0.005), c * 0.25)
            img.paste(frame, box[:2], frame)
            left = view.get("placements_left") or 0
            size = view.get("turn_size") or left
            for i in range(max(size, left)):
                px = box[2] - c * 0.35 - i * c * 0.32
                py = disc_y
                r = c * 0.11
                d.ellipse([px - r, py - r, px + r, py + r], fill=colour if i < left else theme.card,
                          outline=theme.outline(name), width=max(1, round(c * 0.03)))
        if ranks is not None:
            if ranks[seat] == 1:
                crown = crown_sprite(round(c * 0.62), theme.gold, dark_gold)
                paste_centred(img, crown, (disc_x, box[1] - crown.height * 0.05))
            first = ranks[seat] == 1
            badge = disc_sprite(round(c * 0.42), theme.gold if first else theme.silver,
                                dark_gold if first else darker(theme.silver, 0.5), str(ranks[seat]))
            paste_centred(img, badge, (disc_x + c * 0.34, disc_y + c * 0.3))
