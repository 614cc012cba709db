"""Where things go on the Medina image: the frame's boxes with Medina's taller header, the grid
of cells (with its ring of wall spaces and label bands) and the legend under it, the towers, the
wall blocks and the wall arms' labels. Geometry only: nothing here draws."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from renderers import frame as fr

Box = tuple[int, int, int, int]

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
    cx = lambda x: lay.grid_x + (x + 0.5) * lay.cell
    cy = lambda y: lay.grid_y + (y + 0.5) * lay.cell
    return [
        ("1E", (cx(0), top), "E"), ("1S", (left, cy(0)), "S"),
        ("3W", (cx(w), top), "W"), ("3S", (right, cy(0)), "S"),
        ("2W", (cx(w), bottom), "W"), ("2N", (right, cy(h)), "N"),
        ("4E", (cx(0), bottom), "E"), ("4N", (left, cy(h)), "N"),
    ]
