"""Medina's state: pieces, supplies, palaces, and set-up (rules page §1, §2, §4, §5).

The state is plain data. Board contents live in grid-indexed lists (:mod:`games.medina.board`);
three more lists are kept up to date on every placement so that legality is a lookup:

- ``near[i]``: the palaces with a piece in ``N8(i)`` or on ``i`` itself: ``-1`` none, a palace id
  when only that palace, ``-2`` when two or more (§7: cells touching two palaces are dead);
- ``b4[i]``: how many buildings are orthogonal neighbours of ``i`` (stables and new buildings
  must touch a building, §7.1 / §7.4);
- ``mcount[i]``: how many merchants are orthogonal neighbours of ``i`` (§7.5).

They are derived from the palaces and merchant lines, so the JSON form stores only those and
rebuilds the lists (:func:`rebuild`); equality of a round-tripped state checks the derivation.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, NamedTuple

from games.medina.board import Geometry, geometry, well_bonus_cells, well_zone

# -- pieces -----------------------------------------------------------------------------------

#: Supply slots and move kinds. 0..3 are the building colours in palace-tile value order.
GREY, SECOND, BROWN, ORANGE, ROOF, NEUTRAL, STABLE, MERCHANT, WALL = range(9)
TEA = 9
BUILDING_KINDS = (GREY, SECOND, BROWN, ORANGE)
PIECE_KINDS = tuple(range(9))
#: §1: building colours per edition, index = palace-tile value - 1 ([A13] purple = 2).
COLOURS = {1: ("grey", "black", "brown", "orange"), 2: ("grey", "purple", "brown", "orange")}
#: Supply slot names (buildings take the edition's colour name).
PIECE_WORDS = ("", "", "", "", "roof", "neutral", "stable", "merchant", "wall")
#: Rooftop colours of the seats (§1); in edition 2 with 2-3 players the next one is neutral.
SEAT_COLOURS = ("red", "blue", "yellow", "green")
#: Owner of a palace roofed with a neutral rooftop (§7.3).
NEUTRAL_OWNER = -1

#: Board cell contents.
EMPTY, BUILDING, STABLE_CELL, MERCHANT_CELL, WALL_CELL, TOWER_CELL, WELL_CELL = range(7)

#: §2.1 / §2.2: (buildings per colour, own roofs, neutral roofs, stables, merchants, walls).
SUPPLIES = {
    (1, 3): (6, 4, 0, 4, 8, 10),
    (1, 4): (5, 4, 0, 3, 6, 8),
    (2, 2): (8, 4, 2, 4, 12, 15),
    (2, 3): (6, 4, 1, 4, 8, 12),
    (2, 4): (5, 4, 0, 3, 6, 9),
}
#: §9.3: merchants lying on tower tiles 1..4 for their first taker (edition 2).
TOWER_MERCHANTS = (3, 2, 1, 0)
TEA_TILES = 6

# Phases of the game.
START_MERCHANT, PLAY, OVER = "start_merchant", "play", "over"

# Option values.
NEUTRAL_BLOCK, NEUTRAL_IGNORE = "block", "ignore"
ROOF_RULE_OFF, ROOF_RULE_BOARDSPACE, ROOF_RULE_NO_OTHER = "off", "boardspace", "no_other_roofs"
RANDOM = "random"


def initial_supply(edition: int, num_players: int) -> list[int]:
    """One seat's supply at set-up, by slot (§2)."""
    each, roofs, neutral, stables, merchants, walls = SUPPLIES[(edition, num_players)]
    return [each, each, each, each, roofs, neutral, stables, merchants, walls]


def side(edition: int, num_players: int) -> Geometry:
    """§3.1: the 14 x 10 side for a two-player edition-2 game, else 16 x 11."""
    return geometry(14, 10) if edition == 2 and num_players == 2 else geometry(16, 11)


class Move(NamedTuple):
    """One placement (or a tea break). ``kind`` is a supply slot or :data:`TEA`.

    ``at`` is a grid index for pieces on city cells, the arm index for a wall, ``0`` for tea.
    A rooftop names its palace by the palace's first building (any building of the palace may
    receive it and the choice has no effect, §7.2), so each palace gives one roof move.
    """

    kind: int
    at: int


class Palace(NamedTuple):
    """§4: one palace. Pieces are grid indices in the order they were placed.

    ``owner`` is ``None`` while unroofed, a seat, or :data:`NEUTRAL_OWNER`. ``used`` is a bit set
    of the towers (bit ``n - 1``) or, with ``tower_reclaim_per_arm``, the arms (bit = arm index)
    through which this palace has already taken a tower tile (§9.3).
    """

    colour: int
    buildings: tuple[int, ...]
    stables: tuple[int, ...] = ()
    owner: int | None = None
    roof: int | None = None
    roofed_at: int | None = None
    used: int = 0

    @property
    def size(self) -> int:
        return len(self.buildings) + len(self.stables)

    @property
    def pieces(self) -> tuple[int, ...]:
        return self.buildings + self.stables


@dataclass
class MedinaState:
    num_players: int
    options: dict[str, Any]
    edition: int
    geo: Geometry = field(compare=False, repr=False)
    # -- board (derived lists are rebuilt from palaces, lines, arms and the well) --
    kind: list[int] = field(repr=False)
    aux: list[int] = field(repr=False)          # palace id, arm index or tower number; -1
    near: list[int] = field(repr=False)
    b4: list[int] = field(repr=False)
    mcount: list[int] = field(repr=False)
    palaces: list[Palace]
    lines: list[tuple[int, ...]]                 # merchant lines in creation order; last = active
    arms: list[int]                              # walls per arm
    well: int | None
    blocked: frozenset[int] = field(compare=False, repr=False)   # well and its zone
    bonus: tuple[int, ...] = field(compare=False, repr=False)    # well bonus cells
    # -- supplies and tiles --
    supply: list[list[int]] = field(repr=False)  # hidden: each seat's screen
    placed: list[list[int]] = field(repr=False)  # public tally of what each seat placed
    gained: list[int] = field(repr=False)        # public: merchants each seat took from tower tiles
    tea: list[int] = field(default_factory=list)
    tea_pool: int = 0
    tower_holder: list[int | None] = field(default_factory=lambda: [None] * 4)
    tower_merchants: list[int] = field(default_factory=lambda: [0] * 4)
    palace_tile: list[int | None] = field(default_factory=lambda: [None] * 4)
    closed: list[bool] = field(default_factory=lambda: [False] * 4)
    # -- turn --
    phase: str = PLAY
    turn: int = 0
    turns_played: int = 0
    turn_size: int = 2
    placements_left: int = 2
    tea_this_turn: bool = False
    roof_due: bool = False
    roof_done: bool = False
    counter: int = 0                             # placements so far (for tie-breaks)
    last: dict[str, Any] | None = None
    ply: int = 0
    rng: int = 0
    _scan: Any = field(default=None, compare=False, repr=False)
    _legal: dict[int, Any] = field(default_factory=dict, compare=False, repr=False)

    @property
    def colours(self) -> tuple[str, ...]:
        return COLOURS[self.edition]

    @property
    def seat_colours(self) -> tuple[str, ...]:
        return SEAT_COLOURS[: self.num_players]

    @property
    def neutral_colour(self) -> str | None:
        """§2.2: the unused rooftop colour handed out as neutral rooftops (edition 2, 2-3 players)."""
        return SEAT_COLOURS[self.num_players] if initial_supply(self.edition, self.num_players)[NEUTRAL] else None

    @property
    def finished(self) -> bool:
        return self.phase == OVER

    @property
    def active_line(self) -> tuple[int, ...]:
        return self.lines[-1] if self.lines else ()


def empty_board(geo: Geometry, well: int | None) -> tuple[list[int], list[int]]:
    kind = [EMPTY] * geo.size
    aux = [-1] * geo.size
    for number, i in geo.tower_cell.items():
        kind[i], aux[i] = TOWER_CELL, number
    if well is not None:
        kind[well] = WELL_CELL
    return kind, aux


def well_data(geo: Geometry, well: int | None) -> tuple[frozenset[int], tuple[int, ...]]:
    if well is None:
        return frozenset(), ()
    return frozenset(well_zone(geo, well)) | {well}, well_bonus_cells(geo, well)


def add_palace_piece(state: MedinaState, palace_id: int, cell: int, building: bool) -> None:
    """Mark ``cell`` as a piece of ``palace_id`` in the derived lists (the lists must be copies)."""
    near, geo = state.near, state.geo
    for j in geo.n8_self[cell]:
        v = near[j]
        if v == -1:
            near[j] = palace_id
        elif v != palace_id:
            near[j] = -2
    state.kind[cell] = BUILDING if building else STABLE_CELL
    state.aux[cell] = palace_id
    if building:
        b4 = state.b4
        for j in geo.n4[cell]:
            b4[j] += 1


def add_merchant(state: MedinaState, cell: int) -> None:
    state.kind[cell] = MERCHANT_CELL
    mcount = state.mcount
    for j in state.geo.n4[cell]:
        mcount[j] += 1


def rebuild(state: MedinaState) -> None:
    """Recompute the board lists from palaces, merchant lines, arms and the well (§4)."""
    geo = state.geo
    state.kind, state.aux = empty_board(geo, state.well)
    state.near = [-1] * geo.size
    state.b4 = [0] * geo.size
    state.mcount = [0] * geo.size
    state.blocked, state.bonus = well_data(geo, state.well)
    for pid, palace in enumerate(state.palaces):
        for cell in palace.buildings:
            add_palace_piece(state, pid, cell, True)
        for cell in palace.stables:
            add_palace_piece(state, pid, cell, False)
    for line in state.lines:
        for cell in line:
            add_merchant(state, cell)
    for arm, length in enumerate(state.arms):
        for cell in geo.arm_cells[arm][:length]:
            state.kind[cell], state.aux[cell] = WALL_CELL, arm
