"""The Minoa board image, drawn from a view only (rules page §3 for the geometry).

``render(view, size=1000)`` returns PNG bytes about ``size`` pixels wide. What it shows:

- the hexagon of 96 triangles with every vertex named as in the notation (``e5``), the label
  just below its dot, in the gap between the two lines that leave the dot downwards, so no stick
  ever covers it;
- empty lines thin and light, black sticks and coloured rim pieces thick, with round ends that
  stop short of the dots;
- each claimed region in a light tint of its owner's colour;
- a soft halo behind the line(s) of the last action;
- under the board a card per seat: a colour disc with the seat number (1-based), triangles
  claimed, pieces left, the notation of the last action next to a small halo; a frame and an
  arrow on each seat to act; when finished, each seat's rank and a crown on the winners;
- in the free corners above the plate: the black sticks left (top left) and, in four-player
  games, each team's total with a crown on the winning team (top right).

Only icons, numbers and notation appear, so the image needs no translation.

Speed: everything that does not depend on the view (background, plate, grid, dots, labels, the
panel's cards, every sprite) is built once per size and cached; a render copies the cached base
and pastes sprites. :func:`board_layout` and :func:`triangle_centroid` expose the geometry (tests
sample pixels with them).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw, ImageFilter

from games.minoa.board import (
    DIRECTIONS,
    IS_RIM,
    LINE_ENDS,
    LINE_KEYS,
    SIZE,
    TRIANGLE_CORNERS,
    VERTEX_NAMES,
    VERTICES,
    screen_xy,
)
from renderers.common import (
    DEFAULT_THEME,
    Theme,
    capsule,
    crown_sprite,
    darker,
    disc_sprite,
    encode_png,
    paste_centred,
    rounded_box_sprite,
    supersampled,
    text,
    text_box,
)

__all__ = ["render", "draw", "board_layout", "panel_layout", "triangle_centroid", "triangle_points",
           "Layout", "PanelLayout", "TeamRow"]

Point = tuple[float, float]
Box = tuple[int, int, int, int]

_COS30 = math.sqrt(3) / 2
_TAN30 = 1 / math.sqrt(3)
#: Static layers are drawn this many times larger and reduced, for smooth edges.
_SUPERSAMPLE = 3
MIN_SIZE, MAX_SIZE = 300, 3000


@dataclass(frozen=True)
class Layout:
    """Where the board goes on an image ``width`` pixels wide. Lengths are pixels."""

    width: int
    height: int
    unit: float                     # one line's length
    vertices: tuple[Point, ...]     # by vertex index (games.minoa.board.VERTICES)
    line_centres: tuple[Point, ...]
    plate: tuple[Point, ...]        # the board's hexagonal plate, a little larger than the grid
    board_box: Box                  # bounding box of the plate
    grid_width: float
    dot_radius: float
    stick_width: float              # black stick
    piece_width: float              # coloured rim piece, outline included
    stick_gap: float                # a stick stops this far short of each dot
    label_size: int
    label_offset: float             # a label's centre is this far below its dot
    panel_top: int
    panel_height: int
    margin: int


@dataclass(frozen=True)
class TeamRow:
    """Where one team's total goes (four-player games), in the top right corner."""

    discs: tuple[Point, Point]
    icon: Point                     # triangle icon
    text: Point                     # left-middle of the total
    crown: Point


@dataclass(frozen=True)
class PanelLayout:
    """The seat cards under the board; the black supply top left; team totals top right (4p)."""

    seat_cards: tuple[Box, ...]
    supply_icon: Point
    supply_text: Point              # left-middle of the count
    team_rows: tuple[TeamRow, ...]


#: The plate reaches this far (board units) beyond the rim, and is shifted down this much so the
#: labels under the bottom row still sit on it.
_PLATE_EXTRA, _PLATE_SHIFT = 0.45, 0.18


@lru_cache(maxsize=8)
def board_layout(size: int = 1000) -> Layout:
    """The geometry of an image ``size`` pixels wide (cached per size)."""
    margin = round(size * 0.02)
    label_size = max(9, round(size * 0.021))
    plate_radius = (size - 2 * margin) / 2
    unit = plate_radius / (SIZE + _PLATE_EXTRA / _COS30)
    piece_width = unit * 0.125
    stick_gap = unit * 0.1
    # Clear the two downward lines (at ±30° from the vertical) by half a piece and a margin.
    boxes = [text_box(name, size=label_size, anchor="mm") for name in VERTEX_NAMES]
    half_w = max(b[2] - b[0] for b in boxes) / 2
    top = min(b[1] for b in boxes)
    clearance = piece_width / 2 + unit * 0.03
    label_offset = (half_w + clearance / _COS30) / _TAN30 - top
    plate_centre = (size / 2, margin + plate_radius * _COS30)
    centre = (plate_centre[0], plate_centre[1] - _PLATE_SHIFT * unit)
    vertices = tuple((centre[0] + x * unit, centre[1] + y * unit)
                     for x, y in (screen_xy(q, r) for q, r in VERTICES))
    line_centres = tuple(((vertices[a][0] + vertices[b][0]) / 2, (vertices[a][1] + vertices[b][1]) / 2)
                         for a, b in LINE_ENDS)
    plate = tuple((plate_centre[0] + plate_radius * math.cos(math.radians(a)),
                   plate_centre[1] + plate_radius * math.sin(math.radians(a)))
                  for a in range(0, 360, 60))
    xs, ys = [p[0] for p in plate], [p[1] for p in plate]
    board_box = (math.floor(min(xs)) - 2, math.floor(min(ys)) - 2,
                 math.ceil(max(xs)) + 2, math.ceil(max(ys)) + 2)
    panel_top = board_box[3] + round(size * 0.03)
    panel_height = round(size * 0.14)
    return Layout(
        width=size, height=panel_top + panel_height + margin, unit=unit, vertices=vertices,
        line_centres=line_centres, plate=plate, board_box=board_box,
        grid_width=max(1.0, unit * 0.02), dot_radius=max(1.5, unit * 0.04),
        stick_width=unit * 0.095, piece_width=piece_width, stick_gap=stick_gap,
        label_size=label_size, label_offset=label_offset,
        panel_top=panel_top, panel_height=panel_height, margin=margin,
    )


def triangle_points(t: int, size: int = 1000) -> tuple[Point, Point, Point]:
    """The pixel corners of triangle ``t`` (games.minoa.board triangle index)."""
    v = board_layout(size).vertices
    a, b, c = TRIANGLE_CORNERS[t]
    return v[a], v[b], v[c]


def triangle_centroid(t: int, size: int = 1000) -> Point:
    """The pixel centre of triangle ``t`` on an image ``size`` pixels wide."""
    pts = triangle_points(t, size)
    return sum(p[0] for p in pts) / 3, sum(p[1] for p in pts) / 3


@lru_cache(maxsize=16)
def panel_layout(size: int, num_players: int) -> PanelLayout:
    """Where the per-seat cards, the black supply and (4p) the team totals go."""
    lay = board_layout(size)
    gap = round(size * 0.015)
    top, bottom = lay.panel_top, lay.panel_top + lay.panel_height
    inner = size - 2 * lay.margin
    seat_w = min(round(size * 0.26), (inner - (num_players - 1) * gap) // num_players)
    x = (size - num_players * seat_w - (num_players - 1) * gap) // 2
    seats = []
    for _ in range(num_players):
        seats.append((x, top, x + seat_w, bottom))
        x += seat_w + gap
    # The corners above the plate's slanted top edges are free.
    h = lay.panel_height
    row = lay.margin + h * 0.2
    supply_icon = (lay.margin + h * 0.3, row)
    supply_text = (lay.margin + h * 0.58, row)
    teams = []
    if num_players == 4:
        right = size - lay.margin - h * 0.05
        for i in range(2):
            y = lay.margin + h * (0.18 + 0.34 * i)
            teams.append(TeamRow(
                discs=((right - h * 0.98, y), (right - h * 0.8, y)),
                icon=(right - h * 0.55, y), text=(right - h * 0.42, y), crown=(right - h * 1.25, y),
            ))
    return PanelLayout(tuple(seats), supply_icon, supply_text, tuple(teams))


# --- static layers -------------------------------------------------------------------------------


@dataclass(frozen=True)
class _BoardLayers:
    under: Image.Image      # background and plate, whole canvas (RGB), no panel
    overlay: Image.Image    # grid, dots and labels over the plate (RGBA), cropped to board_box


@lru_cache(maxsize=4)
def _board_layers(size: int, theme: Theme) -> _BoardLayers:
    lay = board_layout(size)
    k = _SUPERSAMPLE
    x0, y0, x1, y1 = lay.board_box
    w, h = x1 - x0, y1 - y0

    def s(p: Point) -> Point:  # canvas pixels -> supersampled pixels of the board box
        return (p[0] - x0) * k, (p[1] - y0) * k

    plate = Image.new("RGBA", (w * k, h * k), (0, 0, 0, 0))
    d = ImageDraw.Draw(plate)
    d.polygon([s(p) for p in lay.plate], fill=theme.board, outline=theme.board_edge,
              width=round(lay.grid_width * 1.5 * k))
    plate = plate.reduce(k)
    under = Image.new("RGB", (size, lay.height), theme.background)
    under.paste(plate, (x0, y0), plate)

    # Grid lines are thin and light: drawn without antialiasing they look the same and keep the
    # PNG about a fifth smaller.
    overlay = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    d = ImageDraw.Draw(overlay)
    for a, b in LINE_ENDS:
        d.line([(p[0] - x0, p[1] - y0) for p in (lay.vertices[a], lay.vertices[b])], fill=theme.grid,
               width=max(1, round(lay.grid_width)))
    marks = Image.new("RGBA", (w * k, h * k), (0, 0, 0, 0))
    d = ImageDraw.Draw(marks)
    r = lay.dot_radius * k
    for (x, y), name in zip((s(v) for v in lay.vertices), VERTEX_NAMES):
        d.ellipse([x - r, y - r, x + r, y + r], fill=theme.dot)
        text(d, (x, y + lay.label_offset * k), name, size=lay.label_size * k, fill=theme.label,
             anchor="mm")
    overlay.alpha_composite(marks.reduce(k))
    return _BoardLayers(under, overlay)


@dataclass(frozen=True)
class _Base:
    under: Image.Image   # background, plate and panel cards, no grid
    full: Image.Image    # the same with the grid, dots and labels: an empty board


@lru_cache(maxsize=8)
def _base(size: int, colours: tuple[str, ...], teams: tuple[tuple[int, ...], ...],
          theme: Theme) -> _Base:
    lay = board_layout(size)
    panel = panel_layout(size, len(colours))
    layers = _board_layers(size, theme)
    under = layers.under.copy()
    h = lay.panel_height
    for seat, (box, name) in enumerate(zip(panel.seat_cards, colours)):
        card = rounded_box_sprite(box[2] - box[0], box[3] - box[1], theme.card, theme.card_edge,
                                  max(1.0, size * 0.002), h * 0.12)
        under.paste(card, box[:2], card)
        rows = _seat_rows(box, h)
        paste_centred(under, disc_sprite(round(h * 0.5), theme.seat_colour(name), theme.outline(name),
                                         str(seat + 1)), _seat_disc_centre(box, h))
        paste_centred(under, _triangle_icon(round(h * 0.2), theme.tint(name), theme.outline(name)),
                      rows[0][0])
        paste_centred(under, _stick_icon(round(h * 0.22), theme.seat_colour(name), theme.outline(name),
                                         lay.piece_width), rows[1][0])
    paste_centred(under, _stick_icon(round(h * 0.4), theme.stick, theme.stick, lay.stick_width),
                  panel.supply_icon)
    for row, team in zip(panel.team_rows, teams):
        for centre, seat in reversed(list(zip(row.discs, team))):
            paste_centred(under, disc_sprite(round(h * 0.23), theme.seat_colour(colours[seat]),
                                             theme.outline(colours[seat])), centre)
        paste_centred(under, _triangle_icon(round(h * 0.17), theme.board, theme.label), row.icon)
    full = under.copy()
    full.paste(layers.overlay, lay.board_box[:2], layers.overlay)
    return _Base(under, full)


def _seat_disc_centre(box: Box, h: int) -> Point:
    return box[0] + h * 0.36, (box[1] + box[3]) / 2


def _seat_rows(box: Box, h: int) -> tuple[tuple[Point, Point], ...]:
    """Per row of a seat card: (icon centre, left-middle of its number). Row 0 score, 1 pieces,
    2 last move notation."""
    icon_x = box[0] + h * 0.82
    text_x = icon_x + h * 0.16
    ys = (box[1] + h * 0.28, box[1] + h * 0.59, box[1] + h * 0.83)
    return tuple(((icon_x, y), (text_x, y)) for y in ys)


@lru_cache(maxsize=32)
def _triangle_icon(width: int, fill: tuple, edge: tuple) -> Image.Image:
    """An up-pointing triangle: the unit the score counts."""
    height = round(width * _COS30) + 2

    def paint(d: ImageDraw.ImageDraw, k: float) -> None:
        m = max(1.5, width * 0.08) * k
        d.polygon([(width * k / 2, m), (width * k - m, height * k - m), (m, height * k - m)],
                  fill=fill, outline=edge, width=round(m))
    return supersampled(width, height, paint)


@lru_cache(maxsize=32)
def _stick_icon(length: int, fill: tuple, edge: tuple, thickness: float) -> Image.Image:
    """A short horizontal stick: pieces left, or the black supply."""
    height = round(thickness) + 4

    def paint(d: ImageDraw.ImageDraw, k: float) -> None:
        r = thickness * k / 2
        y = height * k / 2
        capsule(d, (r + k, y), (length * k - r - k, y), thickness * k, edge)
        inner = thickness * k * 0.62
        if fill != edge:
            capsule(d, (r + k, y), (length * k - r - k, y), inner, fill)
    return supersampled(length, height, paint)


# --- sprites on the board -------------------------------------------------------------------------


def _direction(d: int) -> Point:
    dq, dr = DIRECTIONS[d]
    return screen_xy(dq, dr)


@lru_cache(maxsize=64)
def _stick_sprite(size: int, d: int, fill: tuple, edge: tuple | None, theme: Theme) -> Image.Image:
    """A stick along direction ``d``, centred in its sprite: black (``edge`` None) or a piece."""
    lay = board_layout(size)
    width = lay.piece_width if edge else lay.stick_width
    dx, dy = _direction(d)
    half = lay.unit / 2 - lay.stick_gap - width / 2
    w = math.ceil(abs(dx) * 2 * half + width) + 4
    h = math.ceil(abs(dy) * 2 * half + width) + 4

    def paint(draw: ImageDraw.ImageDraw, k: float) -> None:
        cx, cy = w * k / 2, h * k / 2
        a = (cx - dx * half * k, cy - dy * half * k)
        b = (cx + dx * half * k, cy + dy * half * k)
        if edge:
            capsule(draw, a, b, width * k, edge)
            capsule(draw, a, b, width * k * 0.64, fill)
        else:
            capsule(draw, a, b, width * k, fill)
    return supersampled(w, h, paint)


@lru_cache(maxsize=16)
def _glow_sprite(size: int, d: int, theme: Theme) -> Image.Image:
    """A soft halo for a line of the last action, pasted under its stick."""
    lay = board_layout(size)
    width = lay.unit * 0.24
    blur = lay.unit * 0.06
    dx, dy = _direction(d)
    half = lay.unit / 2 - lay.stick_gap * 0.6 - width / 2
    pad = math.ceil(blur * 3)
    w = math.ceil(abs(dx) * 2 * half + width) + 2 * pad
    h = math.ceil(abs(dy) * 2 * half + width) + 2 * pad
    img = Image.new("RGBA", (w, h), theme.highlight + (0,))
    mask = Image.new("L", (w, h), 0)
    cx, cy = w / 2, h / 2
    capsule(ImageDraw.Draw(mask), (cx - dx * half, cy - dy * half), (cx + dx * half, cy + dy * half),
            width, 235)
    img.putalpha(mask.filter(ImageFilter.GaussianBlur(blur)))
    return img


# --- the render -----------------------------------------------------------------------------------


_REQUIRED = ("game", "num_players", "colours", "lines", "black_supply", "pieces_left", "regions",
             "scores", "to_act")


def _check(view: dict[str, Any], size: int) -> None:
    """Refuse, with ``ValueError``, a size out of range or a view not shaped like Minoa's."""
    if not isinstance(size, int) or isinstance(size, bool) or not MIN_SIZE <= size <= MAX_SIZE:
        raise ValueError(f"size must be an int from {MIN_SIZE} to {MAX_SIZE}, not {size!r}")
    if not isinstance(view, dict) or view.get("game") != "minoa":
        game = view.get("game") if isinstance(view, dict) else view
        raise ValueError(f"not a Minoa view: game is {game!r}")
    missing = [key for key in _REQUIRED if key not in view]
    if missing:
        raise ValueError(f"a Minoa view lacks {', '.join(missing)}")
    if len(view["lines"]) != len(LINE_ENDS):
        raise ValueError(f"a Minoa view has {len(LINE_ENDS)} lines, not {len(view['lines'])}")
    last = view.get("last") or {}
    if any(not isinstance(line, int) or not 0 <= line < len(LINE_ENDS) for line in last.get("lines") or ()):
        raise ValueError(f"the last action names a line that does not exist: {last.get('lines')!r}")
    n = view["num_players"]
    if not 2 <= n <= 4 or any(len(view[key]) != n for key in ("colours", "scores", "pieces_left")):
        raise ValueError("a Minoa view needs 2 to 4 seats and one colour, score and piece count each")


def render(view: dict[str, Any], *, size: int = 1000, theme: Theme = DEFAULT_THEME) -> bytes:
    """PNG bytes of a Minoa view (``Minoa.view(state, seat)``) about ``size`` pixels wide.

    Draws the same picture for every seat (the view's ``seat`` is ignored). Raises
    ``ValueError`` for a size outside 300..3000 or a view that is not Minoa's.
    """
    return encode_png(draw(view, size=size, theme=theme))


def draw(view: dict[str, Any], *, size: int = 1000, theme: Theme = DEFAULT_THEME) -> Image.Image:
    """The image :func:`render` encodes (for tests and for callers who add to it)."""
    _check(view, size)
    lay = board_layout(size)
    colours = tuple(view["colours"])
    teams = tuple(tuple(team) for team in view.get("teams") or ())
    base = _base(size, colours, teams, theme)

    claimed = [r for r in view.get("regions") or ()
               if r.get("status") == "claimed" and r.get("owner") is not None]
    if claimed:
        # Tints go under the grid, dots and labels: fill on the bare plate, then lay them on top.
        img = base.under.copy()
        d = ImageDraw.Draw(img)
        for region in claimed:
            tint = theme.tint(colours[region["owner"]])
            for t in region["triangles"]:
                d.polygon(triangle_points(t, size), fill=tint)
        overlay = _board_layers(size, theme).overlay
        img.paste(overlay, lay.board_box[:2], overlay)
    else:
        img = base.full.copy()

    last = view.get("last") or {}
    for line in last.get("lines") or ():
        paste_centred(img, _glow_sprite(size, LINE_KEYS[line][0], theme), lay.line_centres[line])

    for line, value in enumerate(view["lines"]):
        if value is None:
            continue
        direction = LINE_KEYS[line][0]
        if value == "black" and not IS_RIM[line]:
            sprite = _stick_sprite(size, direction, theme.stick, None, theme)
        elif IS_RIM[line] and isinstance(value, int) and not isinstance(value, bool) \
                and 0 <= value < len(colours):
            name = colours[value]
            sprite = _stick_sprite(size, direction, theme.seat_colour(name), theme.outline(name), theme)
        else:
            kind = "rim" if IS_RIM[line] else "interior"
            raise ValueError(f"{kind} line {line} holds {value!r}: expected None, "
                             f"{'a seat number' if IS_RIM[line] else repr('black')}")
        paste_centred(img, sprite, lay.line_centres[line])

    _draw_panel(img, view, colours, teams, theme)
    return img


def _draw_panel(img: Image.Image, view: dict[str, Any], colours: tuple[str, ...],
                teams: tuple[tuple[int, ...], ...], theme: Theme) -> None:
    size = img.width
    lay = board_layout(size)
    panel = panel_layout(size, len(colours))
    h = lay.panel_height
    d = ImageDraw.Draw(img)
    big, small, tiny = round(h * 0.3), round(h * 0.22), round(h * 0.16)
    to_act = set(view.get("to_act") or ())
    result = view.get("result") if view.get("finished") else None
    ranks = (result or {}).get("ranks")
    last = view.get("last") or None
    scores = view.get("scores") or [0] * len(colours)
    pieces = view.get("pieces_left") or [0] * len(colours)
    dark_gold = darker(theme.gold, 0.5)

    for seat, (box, name) in enumerate(zip(panel.seat_cards, colours)):
        rows = _seat_rows(box, h)
        text(d, rows[0][1], str(scores[seat]), size=big, fill=theme.text, anchor="lm")
        text(d, rows[1][1], str(pieces[seat]), size=small, fill=theme.text, anchor="lm")
        if last is not None and last.get("seat") == seat and last.get("notation"):
            placed = view["lines"][last["lines"][0]] if last.get("lines") else None
            piece = theme.seat_colour(colours[placed]) if isinstance(placed, int) else theme.stick
            paste_centred(img, _mini_glow(round(h * 0.2), piece, theme), rows[2][0])
            text(d, rows[2][1], str(last["notation"]), size=tiny, fill=theme.text, anchor="lm")
        if seat in to_act:
            frame = rounded_box_sprite(box[2] - box[0], box[3] - box[1], (0, 0, 0, 0),
                                       theme.seat_colour(name), max(3.0, size * 0.006), h * 0.12)
            img.paste(frame, box[:2], frame)
            arrow = _arrow_sprite(round(h * 0.26), theme.seat_colour(name), theme.outline(name))
            paste_centred(img, arrow, ((box[0] + box[2]) / 2, box[1] - arrow.height * 0.35))
        if ranks is not None:
            cx, cy = _seat_disc_centre(box, h)
            if ranks[seat] == 1:
                crown = crown_sprite(round(h * 0.36), theme.gold, dark_gold)
                paste_centred(img, crown, (cx, box[1] + crown.height * 0.05))
            first = ranks[seat] == 1
            badge = disc_sprite(round(h * 0.25), theme.gold if first else theme.silver,
                                dark_gold if first else darker(theme.silver, 0.5), str(ranks[seat]))
            paste_centred(img, badge, (cx + h * 0.19, cy + h * 0.19))

    text(d, panel.supply_text, str(view.get("black_supply", 0)), size=big, fill=theme.text, anchor="lm")

    team_scores = view.get("team_scores")
    if team_scores:
        for row, team, score in zip(panel.team_rows, teams, team_scores):
            text(d, row.text, str(score), size=small, fill=theme.text, anchor="lm")
            if ranks is not None and min(ranks[s] for s in team) == 1:
                paste_centred(img, crown_sprite(round(h * 0.2), theme.gold, dark_gold), row.crown)


@lru_cache(maxsize=16)
def _mini_glow(length: int, piece: tuple, theme: Theme) -> Image.Image:
    """The last-move halo around a stick of colour ``piece``: a panel icon before the notation."""
    height = round(length * 0.5)

    def paint(d: ImageDraw.ImageDraw, k: float) -> None:
        y = height * k / 2
        capsule(d, (height * k / 2, y), (length * k - height * k / 2, y), height * k * 0.9,
                theme.highlight + (150,))
        capsule(d, (height * k / 2, y), (length * k - height * k / 2, y), height * k * 0.4, piece)
    return supersampled(length, height, paint)


@lru_cache(maxsize=16)
def _arrow_sprite(width: int, fill: tuple, edge: tuple) -> Image.Image:
    """A downward arrowhead above the card of a seat to act."""
    height = round(width * 0.7)

    def paint(d: ImageDraw.ImageDraw, k: float) -> None:
        m = max(1.5, width * 0.07) * k
        d.polygon([(m, m), (width * k - m, m), (width * k / 2, height * k - m)], fill=fill, outline=edge,
                  width=round(m))
    return supersampled(width, height, paint)
