"""The market: four rows of tiles, the piles they come from, lords and scouts on them.

Rules page §4 (set-up of the rows), §5 (rows of a round, wrap from row 4 to row 1, discard of
the unclaimed tile, turn order), §5.1 step 1 (where a lord may move), §5.2 (refills), §6.1
(scouts and reservations) and §7 (pile exhaustion). Rows and columns are 0-based here.
"""

from __future__ import annotations

from typing import Any

from games.middle_ages.data import TILES, sort_key
from games.middle_ages.state import ROWS, MiddleAgesState
from games.rng import Rng

Happened = list[tuple[str, dict[str, Any]]]


def current_row(round_: int) -> int:
    """§5: the row where the lords stand at the start of round ``round_`` (0-based)."""
    return (round_ - 1) % ROWS


def next_row(round_: int) -> int:
    """§5: the row the lords move to in round ``round_``; 0 during set-up (lords go to row 1)."""
    return 0 if round_ == 0 else (current_row(round_) + 1) % ROWS


def draw_tiles(state: MiddleAgesState, count: int, happened: Happened) -> list[int]:
    """Draw ``count`` tiles (§7): from the draw pile; when it is empty, from the shuffled orange
    pile (4-5 players; kept apart at set-up); then from the discard pile shuffled. A draw that
    straddles two piles takes the rest from the next. Returns fewer tiles only when every pile is
    empty (the tile counts make that impossible in a real game)."""
    drawn: list[int] = []
    while len(drawn) < count:
        if state.draw:
            drawn.append(state.draw.pop())
        elif state.orange:
            state.draw, state.orange = state.orange, []
            happened.append(("middle_ages.ev.orange", {"count": len(state.draw)}))
        elif state.discard:
            rng = Rng(state.rng)
            pile = list(state.discard)
            rng.shuffle(pile)
            state.rng = rng.state
            state.draw, state.discard = pile, []
            happened.append(("middle_ages.ev.reshuffle", {"count": len(pile)}))
        else:
            break
    return drawn


def fill_row(state: MiddleAgesState, row: int, happened: Happened) -> None:
    """§4.2 / §5.2: draw players + 1 tiles and lay them out by ascending number, left to right."""
    slots = state.num_players + 1
    tiles: list[int | None] = sorted(draw_tiles(state, slots, happened), key=sort_key)
    state.rows[row] = tiles + [None] * (slots - len(tiles))


def lord_at(state: MiddleAgesState, row: int, col: int) -> int | None:
    for seat, pos in enumerate(state.lords):
        if pos is not None and pos[0] == row and pos[1] == col:
            return seat
    return None


def scout_at(state: MiddleAgesState, row: int, col: int) -> int | None:
    for seat, pos in enumerate(state.scouts):
        if pos is not None and pos[0] == row and pos[1] == col:
            return seat
    return None


def go_refusal(state: MiddleAgesState, seat: int, col: int) -> tuple[str, dict[str, Any]] | None:
    """Why the lord of ``seat`` may not go to column ``col`` (0-based) of the next row (§5.1
    step 1, §4.6 in set-up), as a message key and params; ``None`` when it may."""
    row = next_row(state.round)
    slots = state.num_players + 1
    if not 0 <= col < slots:
        return "middle_ages.reason.no_column", {"row": row + 1, "last": slots}
    if state.rows[row][col] is None:
        return "middle_ages.reason.no_tile", {"row": row + 1, "col": col + 1}
    other = lord_at(state, row, col)
    if other is not None:
        return "middle_ages.reason.lord_there", {"player": other + 1}
    scout = scout_at(state, row, col)
    if scout is not None and scout != seat:
        return "middle_ages.reason.reserved", {"player": scout + 1}
    return None


def go_options(state: MiddleAgesState, seat: int) -> list[int]:
    """The columns (0-based) of the next row the lord of ``seat`` may go to."""
    return [c for c in range(state.num_players + 1) if go_refusal(state, seat, c) is None]


def scout_refusal(state: MiddleAgesState, seat: int, row: int, col: int) -> tuple[str, dict[str, Any]] | None:
    """§6.1: why the scout of ``seat`` may not go to ``row``/``col`` (0-based); ``None`` if it may.

    The target is a tile in a row without the seat's lord, with no lord and no other player's
    scout on it. The tile the seat's own scout already stands on is allowed: placing the scout
    there again keeps the reservation (the only scout piece is lifted and put back)."""
    slots = state.num_players + 1
    if not 0 <= row < ROWS:
        return "middle_ages.reason.no_row", {}
    if not 0 <= col < slots:
        return "middle_ages.reason.no_column", {"row": row + 1, "last": slots}
    lord = state.lords[seat]
    if lord is not None and lord[0] == row:
        return "middle_ages.reason.scout_own_row", {"row": row + 1}
    if state.rows[row][col] is None:
        return "middle_ages.reason.no_tile", {"row": row + 1, "col": col + 1}
    other = lord_at(state, row, col)
    if other is not None:
        return "middle_ages.reason.lord_there", {"player": other + 1}
    scout = scout_at(state, row, col)
    if scout is not None and scout != seat:
        return "middle_ages.reason.scout_there", {"player": scout + 1}
    return None


def scout_options(state: MiddleAgesState, seat: int) -> list[tuple[int, int]]:
    """Every tile (0-based row, column) the scout of ``seat`` may go to."""
    return [(r, c) for r in range(ROWS) for c in range(state.num_players + 1)
            if scout_refusal(state, seat, r, c) is None]


def move_lord(state: MiddleAgesState, seat: int, col: int, happened: Happened) -> list[int] | None:
    """§5.1 step 1: the lord of ``seat`` goes to column ``col`` of the next row; a scout of the
    seat in that row comes back, keeping its promise when the lord took its tile, cancelled
    otherwise. Returns the position the lord left (``None`` in set-up)."""
    row = next_row(state.round)
    left = state.lords[seat]
    state.lords[seat] = [row, col]
    scout = state.scouts[seat]
    if scout is not None and scout[0] == row:
        state.scouts[seat] = None
        key = "middle_ages.ev.reservation_used" if scout[1] == col else "middle_ages.ev.reservation_cancelled"
        happened.append((key, {"seat": seat, "row": row + 1, "col": scout[1] + 1}))
    return left


def start_round_row(state: MiddleAgesState, happened: Happened) -> None:
    """§5.0: discard the tiles of the current row that carry no lord; the turn order is the
    lords' columns in that row, left to right."""
    row = current_row(state.round)
    for col, tile in enumerate(state.rows[row]):
        if tile is not None and lord_at(state, row, col) is None:
            state.discard.append(tile)
            state.rows[row][col] = None
            happened.append(("middle_ages.ev.discard", {"row": row + 1, "col": col + 1,
                                                         "number": TILES[tile].number}))
            scout = scout_at(state, row, col)
            if scout is not None:  # cannot happen in play (§6.1), kept for hand-made positions
                state.scouts[scout] = None
    seats = [s for s in range(state.num_players) if state.lords[s] is not None and state.lords[s][0] == row]
    state.order = sorted(seats, key=lambda s: state.lords[s][1])

