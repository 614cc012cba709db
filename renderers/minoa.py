"""The Minoa board image on the shared 1100 x 800 frame, drawn from a view only (rules page §3).

``render(view, *, names=None, lang="en")`` returns PNG bytes. What it shows:

- the **header** (:mod:`renderers.frame`): whose turn and what they must decide (the view's
  ``decision``), the last action's notation large with its seat's mark; at the end the outcome
  ("Alice wins", a shared win, or in four-player games the team result, a team tie said as a
  draw) and a detail line (the tie said in words: Minoa has no tie-break);
- the **board** on the left, as large as the box allows. Every point is a *pill* carrying its
  name (``e4``, the words a player types), drawn on top of everything else, so a label names a
  point, never a triangle, and no stick can cover it. Sticks run between the pills: empty lines
  thin and light, black sticks thick and dark, coloured rim pieces thicker with the seat's mark
  (shape and number) on their middle. Each claimed region is tinted in its owner's colour and
  carries the owner's mark, so seats are told apart without colour. The line(s) of the last
  action (several after an advanced-game auto-fill) get a halo in ``theme.highlight`` and their
  end points a ring of it;
- the **seat cards** on the right: mark, name, triangles (``12▲``), rim pieces left and regions
  claimed; the black sticks left in a card below them. In four-player games the cards come in
  the two teams (1 + 3 against 2 + 4), each under a band with the team's total; at the end the
  winning team's band has a crown, and a tie says "draw" on both bands and crowns nobody.

Speed: the background, plate and empty grid (:func:`_base`) and the labelled pills do not depend
on the view and are built once per theme (the pills with :func:`renderers.common.cached`, so
recording measures the labels again). A render starts from a copy of the base, tints the claimed
triangles (redrawing the grid only on their empty edges), pastes cached stick and mark sprites cut
to the strips they cover, and pastes the pills' layer only where it holds pills. Seat cards, team
bands and the supply card are cached by value (:func:`renderers.common.region`): most come
back unchanged move after move. Every shortcut gives the same pixels as drawing it all. :func:`board_layout`,
:func:`triangle_centroid` and :func:`region_mark_point` expose the geometry (tests sample pixels).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Callable, Sequence

from PIL import Image, ImageDraw

import games.minoa  # noqa: F401  (registers the catalogue entries the image uses)
from games.messages import text_from_json, translate
from games.minoa.board import (
    DIRECTIONS,
    IS_RIM,
    LINE_ENDS,
    LINE_KEYS,
    SIZE,
    TRIANGLE_CORNERS,
    TRIANGLE_LINES,
    TRIANGLE_RIM_LINE,
    VERTEX_NAMES,
    VERTICES,
    screen_xy,
)
from renderers import common
from renderers import palettes
from renderers.common import (
    DEFAULT_THEME,
    RGB,
    Theme,
    capsule,
    crown_sprite,
    darker,
    encode_png,
    fit_text,
    paste,
    paste_centred,
    rounded_box_sprite,
    seat_mark,
    supersampled,
    text,
    text_width,
    within,
)
from renderers.frame import (HEADLINE, HEIGHT, LABEL, TEXT, WIDTH, Frame, Headline, Seat, layout, outcome,
                             player_names)

__all__ = ["render", "draw", "board_layout", "triangle_centroid", "triangle_points", "region_mark_point",
           "Geometry", "LABEL_SIZE"]

Point = tuple[float, float]
Box = tuple[int, int, int, int]

_COS30 = math.sqrt(3) / 2
#: The point names on the pills: bold, a little above the standard's minimum for labels.
LABEL_SIZE = LABEL + 2
_PILL_PAD_X, _PILL_H = 7, 28
#: Free room around the pills inside the board box.
_PAD = 6
#: Diameters of the seat marks on rim pieces and in claimed regions.
_RIM_MARK, _REGION_MARK = 28, 30


@dataclass(frozen=True)
class Geometry:
    """Where the board goes on the canvas (canvas pixels)."""

    box: Box                          # the frame's board box
    unit: float                       # one line's length
    centre: Point
    vertices: tuple[Point, ...]       # by vertex index (games.minoa.board.VERTICES)
    line_centres: tuple[Point, ...]
    plate: tuple[Point, ...]          # the hexagonal plate under the grid and pills
    pill: tuple[int, int]             # a point label's pill, width x height
    stick_width: float
    piece_width: float
    halo_width: float


@lru_cache(maxsize=1)
def board_layout() -> Geometry:
    """The board's geometry in the frame's board box: the largest hexagon that fits."""
    box = layout().board
    bw, bh = box[2] - box[0], box[3] - box[1]
    pill_w = math.ceil(max(text_width(n, size=LABEL_SIZE, bold=True) for n in VERTEX_NAMES)) + 2 * _PILL_PAD_X
    span_x, span_y = 2 * SIZE, 2 * SIZE * _COS30
    unit = min((bw - pill_w - 2 * _PAD) / span_x, (bh - _PILL_H - 2 * _PAD) / span_y)
    centre = ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)
    vertices = tuple((centre[0] + x * unit, centre[1] + y * unit) for x, y in (screen_xy(q, r) for q, r in VERTICES))
    line_centres = tuple(((vertices[a][0] + vertices[b][0]) / 2, (vertices[a][1] + vertices[b][1]) / 2)
                         for a, b in LINE_ENDS)
    radius = min(SIZE * unit + pill_w / 2 + _PAD - 1, bw / 2 - 1)
    plate = tuple((centre[0] + radius * math.cos(math.radians(a)), centre[1] + radius * math.sin(math.radians(a)))
                  for a in range(0, 360, 60))
    return Geometry(box=box, unit=unit, centre=centre, vertices=vertices, line_centres=line_centres, plate=plate,
                    pill=(pill_w, _PILL_H), stick_width=unit * 0.11, piece_width=unit * 0.19,
                    halo_width=unit * 0.34)


def triangle_points(t: int) -> tuple[Point, Point, Point]:
    """The canvas corners of triangle ``t`` (games.minoa.board triangle index)."""
    v = board_layout().vertices
    a, b, c = TRIANGLE_CORNERS[t]
    return v[a], v[b], v[c]


def triangle_centroid(t: int) -> Point:
    pts = triangle_points(t)
    return sum(p[0] for p in pts) / 3, sum(p[1] for p in pts) / 3


def _mark_point(t: int) -> Point:
    """Where an owner's mark goes in triangle ``t``: its centre, or for a rim triangle halfway
    between its rim edge and the opposite point, clear of the rim piece's own mark."""
    rim = TRIANGLE_RIM_LINE[t]
    if rim is None:
        return triangle_centroid(t)
    lay = board_layout()
    mx, my = lay.line_centres[rim]
    apex = next(lay.vertices[v] for v in TRIANGLE_CORNERS[t] if v not in LINE_ENDS[rim])
    return (mx + apex[0]) / 2, (my + apex[1]) / 2


def region_mark_point(triangles: Sequence[int]) -> Point:
    """Where a claimed region's owner mark goes: in the triangle nearest the region's middle,
    an inner triangle rather than a rim one when the region has any."""
    return _region_mark_point(tuple(triangles))


@lru_cache(maxsize=1024)
def _region_mark_point(triangles: tuple[int, ...]) -> Point:
    inner = [t for t in triangles if TRIANGLE_RIM_LINE[t] is None] or list(triangles)
    cs = [triangle_centroid(t) for t in triangles]
    mx, my = sum(c[0] for c in cs) / len(cs), sum(c[1] for c in cs) / len(cs)
    best = min(inner, key=lambda t: (math.dist(triangle_centroid(t), (mx, my)), t))
    return _mark_point(best)


# --- cached layers and sprites --------------------------------------------------------------------


@lru_cache(maxsize=4)
def _plate(theme: Theme) -> Image.Image:
    """The board box: background and the hexagonal plate (RGB)."""
    lay = board_layout()
    x0, y0, x1, y1 = lay.box
    plate = Image.new("RGB", (x1 - x0, y1 - y0), theme.background)

    def paint(d: ImageDraw.ImageDraw, k: float) -> None:
        d.polygon([((x - x0) * k, (y - y0) * k) for x, y in lay.plate], fill=theme.board,
                  outline=theme.board_edge, width=round(3 * k))
    sprite = supersampled(x1 - x0, y1 - y0, paint, factor=3)
    plate.paste(sprite, (0, 0), sprite)
    return plate


@lru_cache(maxsize=4)
def _base(theme: Theme) -> Image.Image:
    """The canvas before anything of a view is drawn (RGB, the whole frame): the background, the
    plate and the empty grid. A render starts from a copy of it."""
    lay = board_layout()
    image = Image.new("RGB", (WIDTH, HEIGHT), theme.background)
    image.paste(_plate(theme), lay.box[:2])
    d = ImageDraw.Draw(image)
    for a, b in LINE_ENDS:
        d.line([lay.vertices[a], lay.vertices[b]], fill=theme.grid, width=2)
    return image


def _paste_panel(frame: Frame, paint: Callable[..., None], box: Box, args: tuple[Any, ...]) -> None:
    """``paint(frame, box, *args)`` on the side column, pasted from :func:`renderers.common.region`
    when the same band or card was drawn before (most come back unchanged move after move)."""
    common.region(frame.image, box, ("minoa." + paint.__name__, args, frame.theme, frame.lang),
                  lambda: paint(frame, box, *args))


@lru_cache(maxsize=8)
def _pill_sprite(theme: Theme, ring: RGB | None = None) -> Image.Image:
    """A point's pill (``ring``: a wider frame in that colour, the last action's end points)."""
    w, h = board_layout().pill
    if ring is None:
        return rounded_box_sprite(w, h, theme.card, theme.dot, 2.0, h / 2)
    extra = 6
    return rounded_box_sprite(w + 2 * extra, h + 2 * extra, ring, None, 0, h / 2 + extra)


@common.cached(maxsize=4)
def _pills(theme: Theme) -> Image.Image:
    """Every point as a pill with its name (RGBA, the size of the board box), declared on the
    canvas so the names are recorded as labels."""
    lay = board_layout()
    x0, y0, x1, y1 = lay.box
    layer = Image.new("RGBA", (x1 - x0, y1 - y0), (0, 0, 0, 0))
    common.on_canvas(layer, offset=(x0, y0))
    d = ImageDraw.Draw(layer)
    pill = _pill_sprite(theme)
    with within(lay.box):
        for (x, y), name in zip(lay.vertices, VERTEX_NAMES):
            cx, cy = x - x0, y - y0
            paste_centred(layer, pill, (cx, cy))
            text(d, (cx, cy - 1), name, size=LABEL_SIZE, fill=theme.text, anchor="mm", bold=True, role="label")
    return layer


@common.cached(maxsize=4)
def _pill_cut(theme: Theme) -> common.Cut:
    """:func:`_pills` cut to the pills themselves, to paste fast (see :class:`renderers.common.Cut`)."""
    return common.Cut(_pills(theme), band=64)


def _direction(d: int) -> Point:
    dq, dr = DIRECTIONS[d]
    return screen_xy(dq, dr)


@lru_cache(maxsize=32)
def _stick(d: int, fill: RGB, edge: RGB | None, width: float) -> common.Cut:
    return common.Cut(_stick_sprite(d, fill, edge, width))


@lru_cache(maxsize=64)
def _mark(diameter: int, seat: int, fill: RGB) -> common.Cut:
    return common.Cut(seat_mark(diameter, seat, fill))


@lru_cache(maxsize=8)
def _ring(theme: Theme) -> common.Cut:
    return common.Cut(_pill_sprite(theme, theme.highlight))


@lru_cache(maxsize=32)
def _stick_sprite(d: int, fill: RGB, edge: RGB | None, width: float) -> Image.Image:
    """A stick along direction ``d`` from point to point, centred in its sprite (the pills cover
    its ends): black (``edge`` None), a coloured piece with a dark edge, or a halo."""
    lay = board_layout()
    dx, dy = _direction(d)
    half = lay.unit / 2
    w = math.ceil(abs(dx) * 2 * half + width) + 4
    h = math.ceil(abs(dy) * 2 * half + width) + 4

    def paint(draw: ImageDraw.ImageDraw, k: float) -> None:
        cx, cy = w * k / 2, h * k / 2
        a = (cx - dx * half * k, cy - dy * half * k)
        b = (cx + dx * half * k, cy + dy * half * k)
        capsule(draw, a, b, width * k, edge or fill)
        if edge:
            capsule(draw, a, b, (width - 5) * k, fill)
    return supersampled(w, h, paint, factor=3)


@lru_cache(maxsize=8)
def _stick_icon(length: int, width: float, fill: RGB) -> Image.Image:
    """A short horizontal black stick for the supply card."""
    height = math.ceil(width) + 4

    def paint(d: ImageDraw.ImageDraw, k: float) -> None:
        r, y = width * k / 2, height * k / 2
        capsule(d, (r + k, y), (length * k - r - k, y), width * k, fill)
    return supersampled(length, height, paint)


# --- the render -----------------------------------------------------------------------------------

_REQUIRED = ("game", "num_players", "colours", "lines", "black_supply", "pieces_left", "regions",
             "scores", "to_act")


def _check(view: dict[str, Any]) -> None:
    """Refuse, with ``ValueError``, a view not shaped like Minoa's."""
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
    for line, value in enumerate(view["lines"]):
        if value is None:
            continue
        if IS_RIM[line]:
            ok = isinstance(value, int) and not isinstance(value, bool) and 0 <= value < n
        else:
            ok = value == "black"
        if not ok:
            kind = "rim" if IS_RIM[line] else "interior"
            raise ValueError(f"{kind} line {line} holds {value!r}: expected None, "
                             f"{'a seat number' if IS_RIM[line] else repr('black')}")


def render(view: dict[str, Any], *, names: Sequence[str] | None = None, lang: str = "en",
           theme: Theme = DEFAULT_THEME) -> bytes:
    """PNG bytes of a Minoa view (``Minoa.view(state, seat)``), 1100 x 800.

    ``names`` are the players' display names by seat (defaults "Player 1", ...); ``lang`` the
    language of every word. Draws the same picture for every seat (the view's ``seat`` is
    ignored). Raises ``ValueError`` for a view that is not Minoa's.
    """
    return encode_png(draw(view, names=names, lang=lang, theme=theme), palette=palettes.fixed("minoa", theme))


def draw(view: dict[str, Any], *, names: Sequence[str] | None = None, lang: str = "en",
         theme: Theme = DEFAULT_THEME) -> Image.Image:
    """The image :func:`render` encodes (for tests and the benchmark)."""
    _check(view)
    n = view["num_players"]
    colours = [theme.seat_colour(c) for c in view["colours"]]
    shown = player_names(names, n, lang)
    seats = _seats(view, shown, colours, lang)
    frame = Frame(seats, lang=lang, theme=theme, base=_base(theme))
    frame.draw_header(_headline(view, shown, lang))
    _draw_board(frame.image, view, colours, theme)
    _draw_side(frame, view, lang)
    return frame.image


def _say(key: str, lang: str, **params: Any) -> str:
    return translate(key, lang, **params)


def _final(view: dict[str, Any]) -> dict[str, Any] | None:
    return view.get("result") if view.get("finished") else None


def _seats(view: dict[str, Any], names: list[str], colours: list[RGB], lang: str) -> list[Seat]:
    n = view["num_players"]
    to_act = set(view.get("to_act") or ())
    scores = view["scores"]
    pieces = view["pieces_left"]
    claimed = view.get("regions_claimed") or [
        sum(1 for r in view["regions"] if r.get("status") == "claimed" and r.get("owner") == s) for s in range(n)]
    result = _final(view)
    # Only a plain ranking (2-3 players, not everyone tied) gives seats ranks and crowns; a draw
    # crowns nobody, and four players win or draw as teams (the team bands say which).
    ranked = result is not None and n != 4 and result.get("outcome", "win") != "draw"
    out = []
    for s in range(n):
        score = _say("minoa.board.score", lang, count=scores[s])
        if result is not None:
            facts = (_say("minoa.board.breakdown", lang, regions=claimed[s], triangles=scores[s]),)
            if pieces[s]:
                facts += (_say("minoa.board.pieces_left", lang, count=pieces[s]),)
        else:
            facts = (_say("minoa.board.pieces_left", lang, count=pieces[s]) if pieces[s]
                     else _say("minoa.board.no_pieces", lang),
                     _say("minoa.board.regions", lang, count=claimed[s]))
        out.append(Seat(seat=s, colour=colours[s], name=names[s], score=score,
                        facts=() if ranked else facts, breakdown=facts if ranked else (),
                        acting=result is None and s in to_act,
                        rank=result["ranks"][s] if ranked else None))
    return out


def _team_names(team: Sequence[int], names: list[str]) -> str:
    return " + ".join(names[s] for s in team)


def _headline(view: dict[str, Any], names: list[str], lang: str) -> Headline:
    last = view.get("last") or {}
    notation = last.get("notation")
    if notation and len(last.get("lines") or ()) > 1:
        notation = _say("minoa.board.autofill", lang, notation=notation, count=len(last["lines"]) - 1)
    result = _final(view)
    if result is None:
        decision = view.get("decision")
        return Headline(acting=tuple(view.get("to_act") or ()),
                        decision=text_from_json(decision).in_lang(lang) if decision else None,
                        last_seat=last.get("seat"), last=notation)
    n = view["num_players"]
    scores = result.get("scores") or view["scores"]
    stalled = _say("minoa.board.stalled", lang) if view.get("ended_by") == "stalled" else None
    if n == 4:
        teams = view.get("teams") or [[0, 2], [1, 3]]
        totals = result.get("team_scores") or view.get("team_scores") or [sum(scores[s] for s in t) for t in teams]
        if totals[0] == totals[1]:
            said = _say("minoa.board.team_draw", lang, score=totals[0])
        else:
            win = 0 if totals[0] > totals[1] else 1
            said = _say("minoa.board.team_wins", lang, players=_team_names(teams[win], names),
                        score=totals[win], other=totals[1 - win])
        detail = stalled or _say("minoa.board.team_detail", lang,
                                 a="+".join(str(s + 1) for s in teams[0]), sa=totals[0],
                                 b="+".join(str(s + 1) for s in teams[1]), sb=totals[1])
        return Headline(outcome=said, detail=detail, draw=totals[0] == totals[1])
    ranks = result["ranks"]
    said = outcome(ranks, names, lang)
    first = [s for s in range(n) if ranks[s] == 1]
    if len(first) == n:
        detail = _say("minoa.board.all_tie", lang, score=scores[first[0]])
    elif len(first) > 1:
        detail = _say("minoa.board.no_tie_break", lang, players=", ".join(names[s] for s in first),
                      score=scores[first[0]])
    else:
        order = sorted(range(n), key=lambda s: (ranks[s], s))
        detail = stalled or _say("minoa.board.win_detail", lang,
                                 scores=" · ".join(f"{names[s]} {scores[s]}" for s in order))
    return Headline(outcome=said, detail=detail, draw=len(first) == n)


def _draw_board(img: Image.Image, view: dict[str, Any], colours: list[RGB], theme: Theme) -> None:
    lay = board_layout()
    with within(lay.box):
        # the plate and the empty grid are already on the canvas (_base)
        claimed = [r for r in view["regions"] if r.get("status") == "claimed" and r.get("owner") is not None]
        lines = view["lines"]
        if claimed:
            tints = tuple((colours[r["owner"]], tuple(r["triangles"])) for r in claimed)
            edges = {line for _, triangles in tints for t in triangles for line in TRIANGLE_LINES[t]}
            empty = tuple(sorted(line for line in edges if lines[line] is None))
            common.region(img, _tint_box(tuple(t for _, triangles in tints for t in triangles)),
                          ("minoa.tints", tints, empty, theme), lambda: _draw_tints(img, tints, empty, theme))

        last = view.get("last") or {}
        lit = list(last.get("lines") or ())
        if not common.recording_active():
            _draw_tiles(img, lines, lit, claimed, colours, theme)
            return
        # while a recording runs, every sprite is pasted on the canvas itself (and so measured)
        blit = common.blitter(img)
        for line in lit:
            blit(_stick(LINE_KEYS[line][0], theme.highlight, None, lay.halo_width), lay.line_centres[line])
        rims = []
        blacks = [_stick(direction, theme.stick, None, lay.stick_width) for direction in range(len(DIRECTIONS))]
        for line, value in enumerate(lines):
            if value is None:
                continue
            if IS_RIM[line]:
                blit(_stick(LINE_KEYS[line][0], colours[value], darker(colours[value], 0.45), lay.piece_width),
                     lay.line_centres[line])
                rims.append((line, value))
            else:
                blit(blacks[LINE_KEYS[line][0]], lay.line_centres[line])
        ring = _ring(theme)
        for point in sorted({v for line in lit for v in LINE_ENDS[line]}):
            blit(ring, lay.vertices[point])
        if common.recording_active():
            paste(img, _pills(theme), lay.box[:2])
        else:
            img.load()
            _pill_cut(theme).paste(img.im, lay.box[:2])
        for line, seat in rims:
            blit(_mark(_RIM_MARK, seat, colours[seat]), lay.line_centres[line])
        for region in claimed:
            owner = region["owner"]
            blit(_mark(_REGION_MARK, owner, colours[owner]), region_mark_point(region["triangles"]))


#: The side of a tile of the board (even: see :func:`renderers.common.tile`).
_TILE = 128


@dataclass(frozen=True)
class _Tile:
    """A tile of the board box and what may reach into it: the lines (their halo, stick and rim
    mark), the points (pill and ring) and the triangles (tint, and the grid of their edges);
    ``cell`` is its column and row in the grid of tiles."""

    box: Box
    cell: tuple[int, int]
    lines: tuple[int, ...]
    points: tuple[int, ...]
    triangles: tuple[int, ...]


def _touches(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _around(centre: Point, size: tuple[int, int], margin: float = 2) -> tuple[float, float, float, float]:
    """The box of a sprite of ``size`` centred at ``centre``, a little larger (rounding)."""
    return (centre[0] - size[0] / 2 - margin, centre[1] - size[1] / 2 - margin,
            centre[0] + size[0] / 2 + margin, centre[1] + size[1] / 2 + margin)


@lru_cache(maxsize=1)
def _tiles() -> tuple[_Tile, ...]:
    """The tiles that cover the plate, with what may reach into each."""
    lay = board_layout()
    x0, y0, x1, y1 = lay.box
    left, top = x0 - x0 % 2, y0 - y0 % 2
    halo = [_stick_sprite(d, (0, 0, 0), None, lay.halo_width).size for d in range(len(DIRECTIONS))]
    ring = (lay.pill[0] + 12, lay.pill[1] + 12)
    line_boxes = [_around(lay.line_centres[line], halo[LINE_KEYS[line][0]]) for line in range(len(LINE_ENDS))]
    point_boxes = [_around(v, ring) for v in lay.vertices]
    triangle_boxes = []
    for t in range(len(TRIANGLE_CORNERS)):
        pts = triangle_points(t)
        triangle_boxes.append((min(x for x, _ in pts) - 3, min(y for _, y in pts) - 3,
                               max(x for x, _ in pts) + 3, max(y for _, y in pts) + 3))
    plate = (min(x for x, _ in lay.plate), min(y for _, y in lay.plate),
             max(x for x, _ in lay.plate), max(y for _, y in lay.plate))
    tiles = []
    for row, ty in enumerate(range(top, y1, _TILE)):
        for col, tx in enumerate(range(left, x1, _TILE)):
            box = (max(tx, x0), max(ty, y0), min(tx + _TILE, x1), min(ty + _TILE, y1))
            if not _touches(box, plate):
                continue
            lines = tuple(i for i, b in enumerate(line_boxes) if _touches(box, b))
            triangles = {i for i, b in enumerate(triangle_boxes) if _touches(box, b)}
            triangles.update(t for t in range(len(TRIANGLE_CORNERS)) if set(TRIANGLE_LINES[t]) & set(lines))
            points = tuple(i for i, b in enumerate(point_boxes) if _touches(box, b))
            if lines or points or triangles:  # else the tile holds the plate only, as drawn in the base
                tiles.append(_Tile(box, (col, row), lines, points, tuple(sorted(triangles))))
    return tuple(tiles)


@common.cached(maxsize=4)
def _tile_pills(theme: Theme) -> tuple[tuple[tuple[tuple[int, int, int, int], Any, bool], ...], ...]:
    """The pieces of the pills' layer (:func:`_pill_cut`) in each tile, cut to the tile: (box on
    the canvas, pixels, opaque)."""
    lay = board_layout()
    ox, oy = lay.box[:2]
    out = []
    for tile in _tiles():
        tx0, ty0, tx1, ty1 = tile.box
        pieces = []
        for (x0, y0, x1, y1), pixels, solid in _pill_cut(theme).pieces:
            x0, y0, x1, y1 = x0 + ox, y0 + oy, x1 + ox, y1 + oy
            cx0, cy0, cx1, cy1 = max(x0, tx0), max(y0, ty0), min(x1, tx1), min(y1, ty1)
            if cx0 < cx1 and cy0 < cy1:
                part = pixels.crop((cx0 - x0, cy0 - y0, cx1 - x0, cy1 - y0))
                pieces.append(((cx0, cy0, cx1, cy1), part, solid))
        out.append(tuple(pieces))
    return tuple(out)


def _draw_tiles(img: Image.Image, lines: list[Any], lit: list[int], claimed: list[dict[str, Any]],
                colours: list[RGB], theme: Theme) -> None:
    """The sticks, halos, rings, pills and marks of the board, tile by tile: a tile that looks as
    it did in an earlier picture (what reaches into it is the same) is pasted from
    :func:`renderers.common.tile`, so a move redraws only the tiles around what it changed. The
    same pixels as drawing every sprite on the canvas."""
    lay = board_layout()
    left, top = lay.box[0] - lay.box[0] % 2, lay.box[1] - lay.box[1] % 2
    owner_of = [0] * len(TRIANGLE_CORNERS)
    marks: dict[tuple[int, int], list[tuple[int, Point]]] = {}
    for region in claimed:
        owner = region["owner"]
        for t in region["triangles"]:
            owner_of[t] = owner + 1
        point = region_mark_point(region["triangles"])
        x0, y0, x1, y1 = _around(point, (_REGION_MARK, _REGION_MARK))
        for row in range(int(y0 - top) // _TILE, int(y1 - top) // _TILE + 1):
            for col in range(int(x0 - left) // _TILE, int(x1 - left) // _TILE + 1):
                marks.setdefault((col, row), []).append((owner, point))
    ringed = sorted({v for line in lit for v in LINE_ENDS[line]})
    filled = {i for i, value in enumerate(lines) if value is not None}
    tinted = {t for region in claimed for t in region["triangles"]}
    lit_set, ring_set = set(lit), set(ringed)
    pills = _tile_pills(theme)
    shown = tuple(colours)
    img.load()
    core = img.im
    for tile, pieces in zip(_tiles(), pills):
        here = marks.get(tile.cell)
        if (not here and filled.isdisjoint(tile.lines) and lit_set.isdisjoint(tile.lines)
                and ring_set.isdisjoint(tile.points) and tinted.isdisjoint(tile.triangles)):
            # nothing but pills on the plate: paste them, cheaper than a copy of the whole tile
            for box, pixels, solid in pieces:
                if solid:
                    core.paste(pixels, box)
                else:
                    core.paste(pixels, box, pixels)
            continue
        here = here or []
        key = ("minoa.tile", theme, shown, tuple(map(lines.__getitem__, tile.lines)),
               tuple(map(owner_of.__getitem__, tile.triangles)), tuple([line for line in lit if line in tile.lines]),
               tuple([v for v in ringed if v in tile.points]), tuple(here))
        common.tile(img, tile.box, key, lambda scratch, corner, tile=tile, pieces=pieces, here=here:
                    _paint_tile(scratch, corner, tile, pieces, here, lines, lit, ringed, colours, theme))


def _paint_tile(scratch: Image.Image, corner: tuple[int, int], tile: _Tile, pieces: Any,
                marks: list[tuple[int, Point]], lines: list[Any], lit: list[int], ringed: list[int],
                colours: list[RGB], theme: Theme) -> None:
    """What reaches into ``tile``, in the order of the whole board: halos of the last action,
    sticks, rings of its end points, pills, rim marks, region marks."""
    lay = board_layout()
    ox, oy = corner
    scratch.load()
    core = scratch.im

    def at(point: Point) -> Point:
        return point[0] - ox, point[1] - oy

    for line in lit:
        if line in tile.lines:
            _stick(LINE_KEYS[line][0], theme.highlight, None, lay.halo_width).paste_centred(
                core, at(lay.line_centres[line]))
    for line in tile.lines:
        value = lines[line]
        if value is None:
            continue
        if IS_RIM[line]:
            sprite = _stick(LINE_KEYS[line][0], colours[value], darker(colours[value], 0.45), lay.piece_width)
        else:
            sprite = _stick(LINE_KEYS[line][0], theme.stick, None, lay.stick_width)
        sprite.paste_centred(core, at(lay.line_centres[line]))
    for point in ringed:
        if point in tile.points:
            _ring(theme).paste_centred(core, at(lay.vertices[point]))
    for (x0, y0, x1, y1), pixels, solid in pieces:
        if solid:
            core.paste(pixels, (x0 - ox, y0 - oy, x1 - ox, y1 - oy))
        else:
            core.paste(pixels, (x0 - ox, y0 - oy, x1 - ox, y1 - oy), pixels)
    for line in tile.lines:
        value = lines[line]
        if value is not None and IS_RIM[line]:
            _mark(_RIM_MARK, value, colours[value]).paste_centred(core, at(lay.line_centres[line]))
    for owner, point in marks:
        _mark(_REGION_MARK, owner, colours[owner]).paste_centred(core, at(point))


def _draw_tints(img: Image.Image, tints: tuple[tuple[RGB, tuple[int, ...]], ...], empty: tuple[int, ...],
                theme: Theme) -> None:
    """The claimed triangles tinted in their owners' colours (``tints``: owner colour and
    triangles per region), and the grid again on their ``empty`` edges (lines a stick will cover
    need none)."""
    lay = board_layout()
    d = ImageDraw.Draw(img)
    for owner, triangles in tints:
        tint = common.mix(theme.board, owner, theme.tint_amount)
        for t in triangles:
            d.polygon(triangle_points(t), fill=tint)
    for line in empty:
        a, b = LINE_ENDS[line]
        d.line([lay.vertices[a], lay.vertices[b]], fill=theme.grid, width=2)


def _tint_box(triangles: tuple[int, ...]) -> Box:
    """A box holding ``triangles`` and the grid lines on their edges (canvas pixels)."""
    points = [p for t in triangles for p in triangle_points(t)]
    x0, y0, x1, y1 = board_layout().box
    return (max(x0, math.floor(min(x for x, _ in points)) - 2), max(y0, math.floor(min(y for _, y in points)) - 2),
            min(x1, math.ceil(max(x for x, _ in points)) + 3), min(y1, math.ceil(max(y for _, y in points)) + 3))


def _draw_side(frame: Frame, view: dict[str, Any], lang: str) -> None:
    x0, y0, x1, y1 = frame.lay.side
    supply_h, gap = 66, 8
    supply = (x0, y1 - supply_h, x1, y1)
    cards = (x0, y0, x1, supply[1] - gap)
    if view["num_players"] != 4:
        frame.draw_seats(cards)
    else:
        teams = view.get("teams") or [[0, 2], [1, 3]]
        result = _final(view)
        scores = view["scores"]
        totals = view.get("team_scores") or [sum(scores[s] for s in t) for t in teams]
        half = (cards[3] - cards[1] - gap) // 2
        everyone = list(frame.seats)
        for i, team in enumerate(teams):
            top = cards[1] + i * (half + gap)
            band = (x0, top, x1, top + 44)
            with within(band):
                _paste_panel(frame, _team_band, band, (tuple(team), tuple(s.colour for s in everyone),
                                                       totals[i], totals[1 - i], result is not None))
            frame.draw_seats((x0, band[3] + 6, x1, top + half), seats=[everyone[s] for s in team])
    with within(supply):
        _paste_panel(frame, _supply_card, supply, (view["black_supply"], lang))


def _team_band(frame: Frame, box: Box, team: Sequence[int], colours: Sequence[RGB], total: int, other: int,
               final: bool) -> None:
    theme = frame.theme
    x0, y0, x1, y1 = box
    d = ImageDraw.Draw(frame.image)
    band = rounded_box_sprite(x1 - x0, y1 - y0, common.mix(theme.background, theme.card_edge, 0.5), None, 0, 10)
    paste(frame.image, band, (x0, y0))
    cy = (y0 + y1) / 2
    x = x0 + 8
    if final and total > other:
        paste_centred(frame.image, crown_sprite(34, theme.gold, darker(theme.gold, 0.5)), (x + 17, cy))
        x += 36
    for s in team:
        paste_centred(frame.image, seat_mark(30, s, colours[s]), (x + 15, cy))
        x += 32
    score = frame.say("minoa.board.team_total", score=total)
    score_w = text_width(score, size=28, bold=True)
    text(d, (x1 - 10, cy), score, size=28, fill=theme.text, anchor="rm", bold=True, role="headline")
    label = frame.say("minoa.board.team")
    if final and total >= other:
        label = frame.say("minoa.board.team_winner" if total > other else "minoa.board.team_tie")
    room = x1 - 10 - score_w - 10 - (x + 4)
    text(d, (x + 4, cy), fit_text(label, size=HEADLINE, width=room, bold=True), size=HEADLINE, fill=theme.text,
         anchor="lm", bold=True, role="headline")


def _supply_card(frame: Frame, box: Box, count: int, lang: str) -> None:
    theme = frame.theme
    x0, y0, x1, y1 = box
    paste(frame.image, rounded_box_sprite(x1 - x0, y1 - y0, theme.card, theme.card_edge, 2.0, 12), (x0, y0))
    d = ImageDraw.Draw(frame.image)
    cy = (y0 + y1) / 2
    lay = board_layout()
    paste_centred(frame.image, _stick_icon(64, lay.stick_width, theme.stick), (x0 + 16 + 32, cy))
    number = str(count)
    text(d, (x0 + 92, cy), number, size=36, fill=theme.text, anchor="lm", bold=True, role="headline")
    left = x0 + 92 + text_width(number, size=36, bold=True) + 10
    caption = _say("minoa.board.black_left", lang)
    text(d, (left, cy), fit_text(caption, size=TEXT + 4, width=x1 - 10 - left), size=TEXT + 4, fill=theme.text,
         anchor="lm")
