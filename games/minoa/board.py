"""Minoa's board: a hexagon of side 4 on a triangular lattice (rules page §3).

Everything here is fixed geometry, computed once at import and checked against the counts the
rules page gives: 61 vertices, 156 lines (24 rim + 132 interior), 96 triangles (24 on the rim).

- A vertex ``(q, r)`` is on the board iff ``max(|q|, |r|, |q + r|) <= 4``; it is named by its row
  letter ``a``..``i`` (``r = -4..4``, top to bottom) and its column counted from the left of that
  row from 1, so row ``a`` runs ``a1``..``a5`` and row ``e`` runs ``e1``..``e9``.
- A line ``L(q, r, d)`` joins ``(q, r)`` to ``(q, r) + δd`` with ``δ0 = (1, 0)``,
  ``δ1 = (0, 1)``, ``δ2 = (-1, 1)``. Lines are indexed sorted by ``(d, q, r)``.
- Triangles ``A(q, r)`` (pointing down) and ``B(q, r)`` (pointing up), indexed sorted by
  ``(kind, q, r)``.
- A rim line borders exactly one triangle; an interior line borders two.
"""

from __future__ import annotations

import math

SIZE = 4
ROWS = "abcdefghi"
DIRECTIONS = ((1, 0), (0, 1), (-1, 1))


def on_board(q: int, r: int) -> bool:
    return max(abs(q), abs(r), abs(q + r)) <= SIZE


def vertex_name(q: int, r: int) -> str:
    """Axial ``(q, r)`` to its notation name, e.g. ``(0, 0) -> "e5"``."""
    return f"{ROWS[r + SIZE]}{q - max(-SIZE, -SIZE - r) + 1}"


def screen_xy(q: int, r: int) -> tuple[float, float]:
    """Position of a vertex in board units, y downward (rules page §3.1)."""
    return q + r / 2, math.sqrt(3) / 2 * r


VERTICES: tuple[tuple[int, int], ...] = tuple(
    sorted(((q, r) for r in range(-SIZE, SIZE + 1) for q in range(-SIZE, SIZE + 1) if on_board(q, r)),
           key=lambda v: (v[1], v[0]))
)
VERTEX_INDEX = {v: i for i, v in enumerate(VERTICES)}
VERTEX_NAMES: tuple[str, ...] = tuple(vertex_name(q, r) for q, r in VERTICES)
VERTEX_BY_NAME = {name: i for i, name in enumerate(VERTEX_NAMES)}
BOUNDARY = frozenset(i for i, (q, r) in enumerate(VERTICES) if max(abs(q), abs(r), abs(q + r)) == SIZE)

_line_keys = sorted(
    (d, q, r)
    for d, (dq, dr) in enumerate(DIRECTIONS)
    for (q, r) in VERTICES
    if on_board(q + dq, r + dr)
)
LINE_KEYS: tuple[tuple[int, int, int], ...] = tuple(_line_keys)
LINE_INDEX = {key: i for i, key in enumerate(LINE_KEYS)}
#: Each line's two vertex indices, lower index first.
LINE_ENDS: tuple[tuple[int, int], ...] = tuple(
    tuple(sorted((VERTEX_INDEX[(q, r)], VERTEX_INDEX[(q + DIRECTIONS[d][0], r + DIRECTIONS[d][1])])))
    for d, q, r in LINE_KEYS
)
LINE_BY_ENDS = {ends: i for i, ends in enumerate(LINE_ENDS)}


def _triangle_exists(kind: int, q: int, r: int) -> bool:
    if not (-SIZE <= q <= SIZE - 1 and -SIZE <= r <= SIZE - 1):
        return False
    return -SIZE <= q + r <= SIZE - 1 if kind == 0 else -SIZE - 1 <= q + r <= SIZE - 2


TRIANGLE_KEYS: tuple[tuple[int, int, int], ...] = tuple(
    sorted((kind, q, r) for kind in (0, 1) for q in range(-SIZE, SIZE) for r in range(-SIZE, SIZE)
           if _triangle_exists(kind, q, r))
)
TRIANGLE_INDEX = {key: i for i, key in enumerate(TRIANGLE_KEYS)}


def _triangle_corners(kind: int, q: int, r: int) -> tuple[tuple[int, int], ...]:
    if kind == 0:
        return (q, r), (q + 1, r), (q, r + 1)
    return (q + 1, r), (q, r + 1), (q + 1, r + 1)


#: Each triangle's three corner vertex indices.
TRIANGLE_CORNERS: tuple[tuple[int, int, int], ...] = tuple(
    tuple(VERTEX_INDEX[v] for v in _triangle_corners(*key)) for key in TRIANGLE_KEYS
)
#: Each triangle's three line indices.
TRIANGLE_LINES: tuple[tuple[int, ...], ...] = tuple(
    tuple(LINE_BY_ENDS[tuple(sorted((a, b)))] for a, b in ((c[0], c[1]), (c[0], c[2]), (c[1], c[2])))
    for c in TRIANGLE_CORNERS
)

_line_triangles: list[list[int]] = [[] for _ in LINE_KEYS]
for _t, _lines in enumerate(TRIANGLE_LINES):
    for _l in _lines:
        _line_triangles[_l].append(_t)
#: Each line's bordering triangles: one for a rim line, two for an interior line.
LINE_TRIANGLES: tuple[tuple[int, ...], ...] = tuple(tuple(ts) for ts in _line_triangles)

RIM_LINES: tuple[int, ...] = tuple(i for i, ts in enumerate(LINE_TRIANGLES) if len(ts) == 1)
INTERIOR_LINES: tuple[int, ...] = tuple(i for i, ts in enumerate(LINE_TRIANGLES) if len(ts) == 2)
IS_RIM: tuple[bool, ...] = tuple(len(ts) == 1 for ts in LINE_TRIANGLES)
#: The rim line of each rim triangle, ``None`` for the others.
TRIANGLE_RIM_LINE: tuple[int | None, ...] = tuple(
    next((l for l in lines if IS_RIM[l]), None) for lines in TRIANGLE_LINES
)
#: For each triangle, its neighbours across interior lines as ``(triangle, line)`` pairs.
NEIGHBOURS: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    tuple((next(o for o in LINE_TRIANGLES[l] if o != t), l) for l in lines if not IS_RIM[l])
    for t, lines in enumerate(TRIANGLE_LINES)
)


def _rim_cycle() -> tuple[int, ...]:
    """The 24 rim lines in the cyclic order of rules page §3.5, starting at corner (4, 0)."""
    order: list[int] = []
    at = VERTEX_INDEX[(SIZE, 0)]
    previous = None
    while len(order) < len(RIM_LINES):
        line = next(l for l in RIM_LINES if at in LINE_ENDS[l] and l != previous
                    and (previous is not None or VERTICES[sum(LINE_ENDS[l]) - at][1] > 0))
        order.append(line)
        at = sum(LINE_ENDS[line]) - at
        previous = line
    return tuple(order)


RIM_CYCLE = _rim_cycle()

assert len(VERTICES) == 61 and len(BOUNDARY) == 24
assert len(LINE_KEYS) == 156 and len(RIM_LINES) == 24 and len(INTERIOR_LINES) == 132
assert len(TRIANGLE_KEYS) == 96 and sum(1 for x in TRIANGLE_RIM_LINE if x is not None) == 24
