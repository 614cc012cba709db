"""The 5 x 5 pitching grid, the strike zone, the pitch cards' paths and the bat card (C1, C2, C5).

Cells are ``(x, y)``: x from 0 to 4 left to right as the pitcher sees the grid, y from 0 (high) to 4
(low); the index of a cell is ``y * 5 + x`` and its name a column letter and a row number (``A1``
top left, ``C3`` dead centre). A right-handed batter stands beyond x = 4, a left-handed one beyond
x = 0. A pitch ends at target + the card's offset, mirrored in x for a left-hander on the cards
that mirror; a final cell off the grid is a ball that no bat can reach.
"""

from __future__ import annotations

from games.masume_yakyu.data import CARDS, SIZE, SPOTS, ZONE_X, ZONE_Y

COLUMNS = "ABCDE"[:SIZE]
CELLS = SIZE * SIZE


def xy(cell: int) -> tuple[int, int]:
    return cell % SIZE, cell // SIZE


def index(x: int, y: int) -> int:
    return y * SIZE + x


def on_grid(x: int, y: int) -> bool:
    return 0 <= x < SIZE and 0 <= y < SIZE


def cell_name(cell: int) -> str:
    x, y = xy(cell)
    return f"{COLUMNS[x]}{y + 1}"


def parse_cell(text: str) -> int | None:
    """``C3`` -> its index, or ``None`` when the text is not a cell of the grid."""
    text = text.strip().upper()
    if len(text) != 2 or text[0] not in COLUMNS or not text[1].isdigit():
        return None
    row = int(text[1])
    return index(COLUMNS.index(text[0]), row - 1) if 1 <= row <= SIZE else None


def in_zone(x: int, y: int) -> bool:
    return ZONE_X[0] <= x <= ZONE_X[1] and ZONE_Y[0] <= y <= ZONE_Y[1]


def offset(card: int, throws: str) -> tuple[int, int]:
    """The card's movement for a pitcher throwing ``throws`` (C2: mirror cards flip dx for a lefty)."""
    c = CARDS[card]
    dx, dy = c.offset
    return (-dx if c.mirror and throws == "L" else dx), dy


def final(target: int, card: int, throws: str) -> tuple[int, int]:
    """Where the pitch ends (may be off the grid)."""
    x, y = xy(target)
    dx, dy = offset(card, throws)
    return x + dx, y + dy


def batting_side(bats: str, throws: str) -> str:
    """A switch hitter bats on the side opposite the pitcher's hand."""
    if bats == "S":
        return "L" if throws == "R" else "R"
    return bats


def spots(anchor: int, side: str) -> list[tuple[str, int, int]]:
    """The bat card's five spots ``(key, x, y)`` with the just-meet spot on ``anchor`` (C5).

    ``h`` = +1 for a right-handed batter: near is toward the batter's box. Spots off the grid are
    left out (they cannot make contact).
    """
    h = 1 if side == "R" else -1
    ax, ay = xy(anchor)
    found = []
    for spot in SPOTS:
        dx, dy = spot["offset"]
        x, y = ax + dx * h, ay + dy
        if on_grid(x, y):
            found.append((spot["key"], x, y))
    return found


def spot_at(anchor: int, side: str, x: int, y: int) -> str | None:
    for key, sx, sy in spots(anchor, side):
        if (sx, sy) == (x, y):
            return key
    return None
