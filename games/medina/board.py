"""Medina's board geometry (rules page §3): the city grid, the wall ring, towers, arms, the well.

Everything here is fixed per board side and computed once at import. The grid includes the wall
ring: ``(W + 2)`` columns by ``(H + 2)`` rows, ``x = 0 .. W+1`` left to right and
``y = 0 .. H+1`` top to bottom; a grid index is ``y * (W + 2) + x``.

- City cells ``1 <= x <= W``, ``1 <= y <= H`` are named as in the notation: column letter
  ``A``.. (``x = 1``) and row number (``y``), so ``(14, 1)`` is ``N1``.
- Towers sit on the four ring corners: 1 top-left, 3 top-right, 2 bottom-right, 4 bottom-left.
- Every other ring cell is a wall space. Each tower grows two *arms* (§3.2), named by the tower
  and the compass direction they grow in: ``1E 1S 2W 2N 3W 3S 4E 4N``.
- ``N4`` are the orthogonal neighbours, ``N8`` the king-move ones (§3.1).

Two sides exist: 16 x 11 (3-4 players) and 14 x 10 (edition 2, 2 players).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

#: Towers by number, as printed on the board: corner as (right?, bottom?).
TOWER_CORNERS = {1: (False, False), 3: (True, False), 2: (True, True), 4: (False, True)}
#: The arms of each tower: (tower, compass letter), in the order arms are indexed.
ARM_KEYS: tuple[tuple[int, str], ...] = (
    (1, "E"), (1, "S"), (2, "W"), (2, "N"), (3, "W"), (3, "S"), (4, "E"), (4, "N"),
)
ARM_NAMES: tuple[str, ...] = tuple(f"{t}{d}" for t, d in ARM_KEYS)
ARM_INDEX = {name: i for i, name in enumerate(ARM_NAMES)}
_STEP = {"E": (1, 0), "W": (-1, 0), "S": (0, 1), "N": (0, -1)}
SIDES = (16, 11), (14, 10)


@dataclass(frozen=True, eq=False)
class Geometry:
    """One side of the board. Lists are indexed by grid index unless said otherwise."""

    width: int
    height: int
    gw: int                                   # grid width, W + 2
    gh: int
    size: int                                 # gw * gh
    city: tuple[int, ...]                     # city grid indices in reading order
    is_city: tuple[bool, ...]
    is_interior: tuple[bool, ...]             # §3.1: city cells touching no wall space
    is_wall_space: tuple[bool, ...]
    tower_cell: dict[int, int]                # tower number -> grid index
    tower_at: dict[int, int]                  # grid index -> tower number
    n4: tuple[tuple[int, ...], ...]           # in-grid orthogonal neighbours
    n8: tuple[tuple[int, ...], ...]           # in-grid king-move neighbours
    n8_self: tuple[tuple[int, ...], ...]      # n8 plus the cell itself
    city_n4: tuple[tuple[int, ...], ...]      # orthogonal neighbours that are city cells
    arm_cells: tuple[tuple[int, ...], ...]    # per arm: its ring cells in order from its tower
    arm_tower: tuple[int, ...]                # per arm: its tower number
    inward: dict[int, int]                    # wall space -> the one city cell it touches
    names: dict[int, str]                     # city grid index -> "F7"
    by_name: dict[str, int]                   # "F7" (upper case) -> grid index

    def index(self, x: int, y: int) -> int:
        return y * self.gw + x

    def xy(self, i: int) -> tuple[int, int]:
        return i % self.gw, i // self.gw

    @property
    def columns(self) -> str:
        return "ABCDEFGHIJKLMNOP"[: self.width]

    def name(self, i: int) -> str:
        return self.names[i]


def _build(width: int, height: int) -> Geometry:
    gw, gh = width + 2, height + 2
    size = gw * gh

    def index(x: int, y: int) -> int:
        return y * gw + x

    is_city = [False] * size
    is_interior = [False] * size
    is_wall = [False] * size
    city = []
    for y in range(gh):
        for x in range(gw):
            i = index(x, y)
            if 1 <= x <= width and 1 <= y <= height:
                is_city[i] = True
                city.append(i)
                is_interior[i] = 2 <= x <= width - 1 and 2 <= y <= height - 1
            elif x in (0, gw - 1) and y in (0, gh - 1):
                pass  # a tower corner
            else:
                is_wall[i] = True
    tower_cell = {n: index(gw - 1 if right else 0, gh - 1 if bottom else 0)
                  for n, (right, bottom) in TOWER_CORNERS.items()}
    n4, n8 = [], []
    for y in range(gh):
        for x in range(gw):
            n4.append(tuple(index(x + dx, y + dy) for dx, dy in ((0, -1), (-1, 0), (1, 0), (0, 1))
                            if 0 <= x + dx < gw and 0 <= y + dy < gh))
            n8.append(tuple(index(x + dx, y + dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1)
                            if (dx or dy) and 0 <= x + dx < gw and 0 <= y + dy < gh))
    arm_cells, arm_tower = [], []
    for tower, letter in ARM_KEYS:
        tx, ty = tower_cell[tower] % gw, tower_cell[tower] // gw
        dx, dy = _STEP[letter]
        cells = []
        x, y = tx + dx, ty + dy
        while is_wall[index(x, y)]:
            cells.append(index(x, y))
            x, y = x + dx, y + dy
        arm_cells.append(tuple(cells))
        arm_tower.append(tower)
    inward = {}
    for i in range(size):
        if is_wall[i]:
            (inner,) = [j for j in n4[i] if is_city[j]]
            inward[i] = inner
    names = {i: f"{'ABCDEFGHIJKLMNOP'[i % gw - 1]}{i // gw}" for i in city}
    return Geometry(
        width=width, height=height, gw=gw, gh=gh, size=size, city=tuple(city),
        is_city=tuple(is_city), is_interior=tuple(is_interior), is_wall_space=tuple(is_wall),
        tower_cell=tower_cell, tower_at={i: n for n, i in tower_cell.items()},
        n4=tuple(n4), n8=tuple(n8), n8_self=tuple(tuple(sorted(n + (i,))) for i, n in enumerate(n8)),
        city_n4=tuple(tuple(j for j in n if is_city[j]) for n in n4),
        arm_cells=tuple(arm_cells), arm_tower=tuple(arm_tower), inward=inward,
        names=names, by_name={name: i for i, name in names.items()},
    )


@cache
def geometry(width: int, height: int) -> Geometry:
    """The side ``width`` x ``height`` (16 x 11 or 14 x 10), built once."""
    if (width, height) not in SIDES:
        raise ValueError(f"Medina has no {width}x{height} side")
    return _build(width, height)


LARGE = geometry(16, 11)
SMALL = geometry(14, 10)


def well_zone(geo: Geometry, well: int) -> tuple[int, ...]:
    """§3.3: the zone ``N8(w)`` around the well, where only merchants may go."""
    return geo.n8[well]


def well_bonus_cells(geo: Geometry, well: int) -> tuple[int, ...]:
    """§3.3 / [A12]: the city cells two steps straight out from the well (up to four)."""
    x, y = geo.xy(well)
    cells = []
    for dx, dy in ((0, -2), (-2, 0), (2, 0), (0, 2)):
        if 1 <= x + dx <= geo.width and 1 <= y + dy <= geo.height:
            cells.append(geo.index(x + dx, y + dy))
    return tuple(cells)


def _check(geo: Geometry, cities: int, walls: int, interior: int, capacity: int) -> None:
    assert len(geo.city) == cities, geo
    assert sum(geo.is_wall_space) == walls
    assert len(geo.tower_cell) == 4
    assert sum(geo.is_interior) == interior
    # §3.2: each arm may reach up to the side's length minus one (one gate space stays empty).
    assert sum(len(cells) - 1 for cells in geo.arm_cells) // 2 == capacity


_check(LARGE, 176, 54, 126, 50)
_check(SMALL, 140, 48, 96, 44)
