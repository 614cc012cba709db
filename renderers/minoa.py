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
recording measures the labels again). A render starts from a copy of the base and pastes the
claimed regions' tints (drawn once per set of regions, the grid redrawn on their empty edges).
The pieces (halos, sticks, rings, pills, marks: cached sprites cut to what they cover,
:class:`renderers.common.Cut`) start from the nearest board drawn before (:class:`_Boards`):
only the places where the two differ, a move's worth, are drawn afresh. Seat cards, team bands
and the supply card are cached by value (:func:`renderers.common.region`): most come back
unchanged move after move. Every shortcut gives the same pixels as drawing it all. :func:`board_layout`,
:func:`triangle_centroid` and :func:`region_mark_point` expose the geometry (tests sample pixels).
"""

from __future__ import annotations

import math
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

import games.minoa  # noqa: F401  (registers the catalogue entries the image uses)
from games.messages import join_names, text_from_json, translate, translate_count
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
from renderers import common, palettes
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
from renderers.frame import (
    HEADLINE,
    HEIGHT,
    LABEL,
    TEXT,
    WIDTH,
    Frame,
    Headline,
    Seat,
    layout,
    outcome,
    player_names,
)

__all__ = [
    "LABEL_SIZE",
    "Geometry",
    "board_layout",
    "draw",
    "region_mark_point",
    "render",
    "triangle_centroid",
    "triangle_points",
]

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
    """The catalogue's text; "1 region", not "1 regions", where the key has a ``.one`` form."""
    if "count" in params:
        return translate_count(key, lang, params.pop("count"), **params)
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
        detail = _say("minoa.board.no_tie_break", lang, players=join_names((names[s] for s in first), lang),
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
        owners = [0] * len(TRIANGLE_CORNERS)
        for region in claimed:
            for t in region["triangles"]:
                owners[t] = region["owner"] + 1
        look = _Look(tuple(lines), tuple(last.get("lines") or ()), tuple(owners),
                     tuple((r["owner"], region_mark_point(r["triangles"])) for r in claimed))
        if common.recording_active():
            _draw_pieces(img, look, colours, theme)  # every sprite on the canvas itself, and so measured
        else:
            _draw_changes(img, look, colours, theme)


@dataclass(frozen=True)
class _Look:
    """What the pieces on the board show: each line's piece (None, "black" or a seat), the lines
    of the last action (halo, and rings on their ends), each triangle's owner + 1 (0: unclaimed)
    and the owner marks of the claimed regions (owner, where)."""

    lines: tuple[Any, ...]
    lit: tuple[int, ...]
    owners: tuple[int, ...]
    marks: tuple[tuple[int, Point], ...]

    @property
    def ringed(self) -> list[int]:
        return sorted({v for line in self.lit for v in LINE_ENDS[line]})


class _Boards:
    """The board box of the last few pictures (tints and pieces drawn) by what it shows: a new
    picture starts from the nearest one and redraws only the places where they differ, a move's
    worth. At most ``size`` boards (half a megapixel each)."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._items: list[tuple[Any, _Look, Image.Image]] = []
        self._lock = threading.Lock()

    def take(self, scope: Any, look: _Look) -> tuple[_Look, Image.Image, bool] | None:
        """The nearest board of ``scope`` (theme and colours): (what it shows, its pixels, the
        same look). One that differs is taken out, for the caller to bring up to date and
        :meth:`put` back."""
        with self._lock:
            best, best_count = None, None
            for index, (s, seen, _) in enumerate(self._items):
                if s != scope:
                    continue
                count = _difference(seen, look)
                if best_count is None or count < best_count:
                    best, best_count = index, count
            if best is None:
                return None
            _, seen, pixels = self._items[best]
            if best_count == 0:
                self._items.append(self._items.pop(best))
                return seen, pixels, True
            del self._items[best]
            return seen, pixels, False

    def put(self, scope: Any, look: _Look, pixels: Image.Image) -> None:
        with self._lock:
            self._items = [item for item in self._items if not (item[0] == scope and item[1] == look)]
            self._items.append((scope, look, pixels))
            del self._items[:-self.size]

    def cache_clear(self) -> None:
        with self._lock:
            self._items.clear()


_BOARDS = _Boards(size=6)
common.register_cache(_BOARDS)


def _difference(a: _Look, b: _Look) -> int:
    """How many places two looks differ in (lines, triangles, marks; the last action counts 4)."""
    count = sum(1 for x, y in zip(a.lines, b.lines) if x != y) + sum(1 for x, y in zip(a.owners, b.owners) if x != y)
    return count + len(set(a.marks) ^ set(b.marks)) + (4 if a.lit != b.lit else 0)


def _changed(old: _Look, new: _Look) -> list[tuple[float, float, float, float]]:
    """The boxes (canvas pixels) where two looks may differ."""
    index = _index()
    boxes = [index.line_boxes[i] for i, (a, b) in enumerate(zip(old.lines, new.lines)) if a != b]
    if old.lit != new.lit:
        boxes += [index.line_boxes[i] for i in set(old.lit) | set(new.lit)]
        boxes += [index.point_boxes[v] for v in set(old.ringed) | set(new.ringed)]
    boxes += [index.triangle_boxes[t] for t, (a, b) in enumerate(zip(old.owners, new.owners)) if a != b]
    boxes += [_around(point, (_REGION_MARK, _REGION_MARK)) for _, point in set(old.marks) ^ set(new.marks)]
    return boxes


@dataclass(frozen=True)
class _Index:
    """Where the board's pieces reach: boxes of each line's halo (the widest sprite on it), each
    point's ring and each triangle (with its edges' grid), and tiles of :data:`_TILE` pixels with
    the lines and points that reach each, to find what touches a box fast."""

    line_boxes: tuple[tuple[float, float, float, float], ...]
    point_boxes: tuple[tuple[float, float, float, float], ...]
    triangle_boxes: tuple[tuple[float, float, float, float], ...]
    corner: tuple[int, int]
    tiles: dict[tuple[int, int], tuple[tuple[int, ...], tuple[int, ...]]]


#: The side of a tile of :class:`_Index`.
_TILE = 64


def _touches(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _around(centre: Point, size: tuple[int, int], margin: float = 2) -> tuple[float, float, float, float]:
    """The box of a sprite of ``size`` centred at ``centre``, a little larger (rounding)."""
    return (centre[0] - size[0] / 2 - margin, centre[1] - size[1] / 2 - margin,
            centre[0] + size[0] / 2 + margin, centre[1] + size[1] / 2 + margin)


@lru_cache(maxsize=1)
def _index() -> _Index:
    lay = board_layout()
    halo = [_stick_sprite(d, (0, 0, 0), None, lay.halo_width).size for d in range(len(DIRECTIONS))]
    ring = (lay.pill[0] + 12, lay.pill[1] + 12)
    line_boxes = tuple(_around(lay.line_centres[line], halo[LINE_KEYS[line][0]]) for line in range(len(LINE_ENDS)))
    point_boxes = tuple(_around(v, ring) for v in lay.vertices)
    triangle_boxes = []
    for t in range(len(TRIANGLE_CORNERS)):
        pts = triangle_points(t)
        triangle_boxes.append((min(x for x, _ in pts) - 3, min(y for _, y in pts) - 3,
                               max(x for x, _ in pts) + 3, max(y for _, y in pts) + 3))
    x0, y0, x1, y1 = lay.box
    tiles = {}
    for row, ty in enumerate(range(y0, y1, _TILE)):
        for col, tx in enumerate(range(x0, x1, _TILE)):
            box = (tx, ty, tx + _TILE, ty + _TILE)
            tiles[(col, row)] = (tuple(i for i, b in enumerate(line_boxes) if _touches(box, b)),
                                 tuple(i for i, b in enumerate(point_boxes) if _touches(box, b)))
    return _Index(line_boxes, point_boxes, tuple(triangle_boxes), (x0, y0), tiles)


def _pills_near(theme: Theme, box: Box) -> list[tuple[tuple[int, int, int, int], Any, bool]]:
    """The pieces of :func:`_pill_cut` that touch ``box`` (canvas pixels), in their order."""
    tiles = _pill_tiles(theme)
    index = _index()
    cx, cy = index.corner
    found: set[int] = set()
    for row in range((box[1] - cy) // _TILE, (box[3] - 1 - cy) // _TILE + 1):
        for col in range((box[0] - cx) // _TILE, (box[2] - 1 - cx) // _TILE + 1):
            found.update(tiles.get((col, row), ()))
    pieces = _pill_cut(theme).pieces
    ox, oy = board_layout().box[:2]
    box = (box[0] - ox, box[1] - oy, box[2] - ox, box[3] - oy)
    return [pieces[i] for i in sorted(found) if _touches(box, pieces[i][0])]


@common.cached(maxsize=4)
def _pill_tiles(theme: Theme) -> dict[tuple[int, int], tuple[int, ...]]:
    """Which pieces of :func:`_pill_cut` reach each tile of :func:`_index`."""
    index = _index()
    cx, cy = index.corner
    ox, oy = board_layout().box[:2]
    tiles: dict[tuple[int, int], list[int]] = {}
    for i, ((x0, y0, x1, y1), _, _) in enumerate(_pill_cut(theme).pieces):
        x0, y0, x1, y1 = x0 + ox, y0 + oy, x1 + ox, y1 + oy
        for row in range((y0 - cy) // _TILE, (y1 - 1 - cy) // _TILE + 1):
            for col in range((x0 - cx) // _TILE, (x1 - 1 - cx) // _TILE + 1):
                tiles.setdefault((col, row), []).append(i)
    return {cell: tuple(found) for cell, found in tiles.items()}


def _draw_changes(img: Image.Image, look: _Look, colours: list[RGB], theme: Theme) -> None:
    """The pieces of the board, from the nearest board drawn before (:class:`_Boards`): the
    places where the two differ (a move's new sticks, the last action's halo and rings, a newly
    claimed region) are drawn afresh, each on a copy of what lies under the pieces there, and
    pasted over the earlier board. The same pixels as drawing every sprite on the canvas."""
    lay = board_layout()
    scope = (theme, tuple(colours))
    near = _BOARDS.take(scope, look)
    if near is not None and near[2]:
        img.load()
        img.im.paste(near[1].im, lay.box)
        return
    bx0, by0, bx1, by1 = lay.box
    boxes = []
    for x0, y0, x1, y1 in _merged(_changed(near[0], look)) if near is not None else ():
        x0, y0 = max(bx0, math.floor(x0) - 1), max(by0, math.floor(y0) - 1)
        box = (x0 - x0 % 2, y0 - y0 % 2, min(bx1, math.ceil(x1) + 1), min(by1, math.ceil(y1) + 1))
        if box[0] < box[2] and box[1] < box[3]:
            boxes.append(box)
    # measured: copying the earlier board costs about what drawing a third of it afresh does
    if near is None or 3 * sum((x1 - x0) * (y1 - y0) for x0, y0, x1, y1 in boxes) > (bx1 - bx0) * (by1 - by0):
        if near is not None:
            _BOARDS.put(scope, near[0], near[1])
        _draw_pieces(img, look, colours, theme)
        _BOARDS.put(scope, look, img.crop(lay.box))
        return
    patches = []
    for box in boxes:
        patch = img.crop(box)  # what lies under the pieces here: the plate, the grid, the tints
        _draw_pieces(patch, look, colours, theme, box)
        patches.append((box, patch))
    pixels = near[1]
    img.load()
    img.im.paste(pixels.im, lay.box)
    for box, patch in patches:
        img.im.paste(patch.im, box)
        pixels.im.paste(patch.im, (box[0] - bx0, box[1] - by0, box[2] - bx0, box[3] - by0))
    _BOARDS.put(scope, look, pixels)


def _merged(boxes: list[tuple[float, float, float, float]]) -> list[tuple[float, float, float, float]]:
    """``boxes`` with those that overlap (or nearly) joined into their common box, so a place is
    drawn once."""
    merged = list(boxes)
    joined = True
    while joined:
        joined = False
        out: list[tuple[float, float, float, float]] = []
        for box in merged:
            for i, other in enumerate(out):
                if _touches((box[0] - 4, box[1] - 4, box[2] + 4, box[3] + 4), other):
                    out[i] = (min(box[0], other[0]), min(box[1], other[1]), max(box[2], other[2]),
                              max(box[3], other[3]))
                    joined = True
                    break
            else:
                out.append(box)
        merged = out
    return merged


def _draw_pieces(img: Image.Image, look: _Look, colours: list[RGB], theme: Theme,
                 box: Box | None = None) -> None:
    """The halos of the last action, the sticks, the rings on its ends, the pills and the marks,
    in that order: on the canvas, or (``box``) on a copy of that box of it, the sprites that
    reach it only (the box's corner even, so each rounds as on the canvas)."""
    lay = board_layout()
    ox, oy = box[:2] if box is not None else (0, 0)
    if box is None:
        lines = range(len(LINE_ENDS))
        points = None
        marks = look.marks
    else:
        index = _index()
        cx, cy = index.corner
        near_lines: set[int] = set()
        near_points: set[int] = set()
        for row in range((box[1] - cy) // _TILE, (box[3] - 1 - cy) // _TILE + 1):
            for col in range((box[0] - cx) // _TILE, (box[2] - 1 - cx) // _TILE + 1):
                tile = index.tiles.get((col, row))
                if tile:
                    near_lines.update(tile[0])
                    near_points.update(tile[1])
        lines = sorted(i for i in near_lines if _touches(box, index.line_boxes[i]))
        near_lines = set(lines)
        points = {v for v in near_points if _touches(box, index.point_boxes[v])}
        marks = tuple(m for m in look.marks if _touches(box, _around(m[1], (_REGION_MARK, _REGION_MARK))))
    if box is None and common.recording_active():
        def blit(cut: common.Cut, centre: Point) -> None:
            paste_centred(img, cut.sprite, centre)
    else:
        img.load()
        core = img.im

        def blit(cut: common.Cut, centre: Point) -> None:
            cut.paste_centred(core, (centre[0] - ox, centre[1] - oy))
    for line in look.lit:
        if box is None or line in near_lines:
            blit(_stick(LINE_KEYS[line][0], theme.highlight, None, lay.halo_width), lay.line_centres[line])
    values = look.lines
    for line in lines:
        value = values[line]
        if value is None:
            continue
        if IS_RIM[line]:
            sprite = _stick(LINE_KEYS[line][0], colours[value], darker(colours[value], 0.45), lay.piece_width)
        else:
            sprite = _stick(LINE_KEYS[line][0], theme.stick, None, lay.stick_width)
        blit(sprite, lay.line_centres[line])
    for point in look.ringed:
        if points is None or point in points:
            blit(_ring(theme), lay.vertices[point])
    if box is None and common.recording_active():
        paste(img, _pills(theme), lay.box[:2])
    elif box is None:
        _pill_cut(theme).paste(core, lay.box[:2])
    else:
        x, y = lay.box[0] - ox, lay.box[1] - oy
        for (x0, y0, x1, y1), pixels, solid in _pills_near(theme, box):
            if solid:
                core.paste(pixels, (x + x0, y + y0, x + x1, y + y1))
            else:
                core.paste(pixels, (x + x0, y + y0, x + x1, y + y1), pixels)
    for line in lines:
        value = values[line]
        if value is not None and IS_RIM[line]:
            blit(_mark(_RIM_MARK, value, colours[value]), lay.line_centres[line])
    for owner, point in marks:
        blit(_mark(_REGION_MARK, owner, colours[owner]), point)


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
