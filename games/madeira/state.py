"""Madeira's state: plain data only (ints, strings, lists, dicts), so it copies fast and
serialises to JSON without loss (rules page §4, "Suggested state model").

Seats are ``0 .. n-1`` in seating (clockwise) order. Per-seat resources live in ``p[seat]``
(a dict: ``pp``, ``reals``, ``wheat``, ``sugar``, ``wine``, ``wood``, ``bread``, ``pirates``,
``mill``, ``workers`` and ``ships`` at Home, unused guild ``dice``, ``favors`` as ``[id, face_up]``,
``requests`` and ``passed``). ``p[seat]["pirates"]`` is the only secret (rules page §4, §17.8):
views leave it out for everyone but its owner until the final scoring.

The engine is a small task machine (:mod:`games.madeira.engine`): ``tasks`` is a stack of pending
steps (the last is next) and ``prompt`` the step waiting for a seat's decision.
"""

from __future__ import annotations

import marshal
from typing import Any

#: Phases. ``setup`` covers the set-up placements (§5 steps 8 and 14).
SETUP, PHASE_A, PHASE_B, PHASE_C, PHASE_D, PHASE_E, OVER = "setup", "A", "B", "C", "D", "E", "over"
PHASES = (SETUP, PHASE_A, PHASE_B, PHASE_C, PHASE_D, PHASE_E, OVER)

#: Kinds of dice on a character.
GUILD_DIE, PIRATE_DIE = 0, 1
#: Occupant of a city spot that is a neutral citizen.
NEUTRAL = -1

FIELDS = (
    "n", "options", "rng", "round", "phase", "order", "passing", "rows", "row_dice", "row_requests",
    "chars", "bdice", "markers", "pirate_dice", "watch", "field_wood", "field_good", "field_workers",
    "city", "districts", "land", "landing", "rewards", "market", "p", "turn", "bought", "favor_used",
    "engineer", "lord", "diplomat", "used", "tasks", "prompt", "last", "ply", "final",
)


class MadeiraState:
    """One position. Attributes are exactly :data:`FIELDS` (plus caches starting with ``_``)."""

    n: int
    options: dict[str, Any]
    rng: int
    round: int
    phase: str
    order: list[int]                 # Passing Column order (top first): turn order of A, C, D, E
    passing: list[int | None]        # seats on the Passing Column slots (filled in Phase B)
    rows: list[int | None]           # seat on each Dice Column row (Phase B turn order)
    row_dice: list[list[int]]        # dice lying on each row before it is chosen
    row_requests: list[list[str]]    # Crown's Requests left on each row
    chars: list[str | None]          # character tile on each building (None: the empty building)
    bdice: list[list[list[int]]]     # per building: [kind, seat, value] of each die on its character
    markers: list[list[int]]         # per building: the seat of each action marker
    pirate_dice: list[int]           # pirate dice still in the City Watch
    watch: list[int]                 # workers of each seat in the City Watch
    field_wood: list[int]
    field_good: list[str | None]     # current good (after conversions)
    field_workers: list[list[int]]   # seats with a worker on each field
    city: list[list[int | None]]     # occupant of each spot: seat, NEUTRAL or None
    districts: list[list[str | None]]  # favor lying on each district (None: built)
    land: list[list[int]]            # workers of each seat on each Colony Land
    landing: list[list[int | None]]  # ship on each landing slot
    rewards: list[list[str]]         # the King's Rewards of each colony
    market: list[list[int | None]]   # ship on each market slot
    p: list[dict[str, Any]]
    turn: int | None                 # seat whose turn the counters below belong to
    bought: int                      # wood bought this turn (its price grows, §3.13)
    favor_used: bool
    engineer: int                    # extra harvests from the Engineer this turn
    lord: bool
    diplomat: bool
    used: dict[str, list]            # Phase E: targets already scored this round by the seat
    tasks: list[dict[str, Any]]
    prompt: dict[str, Any] | None
    last: dict[str, Any] | None
    ply: int
    final: dict[str, Any] | None     # the final scoring, once the game is over

    def __init__(self, **data: Any) -> None:
        missing = [name for name in FIELDS if name not in data]
        if missing:
            raise ValueError(f"a Madeira state needs {', '.join(missing)}")
        self.__dict__.update(data)

    def data(self) -> dict[str, Any]:
        return {name: self.__dict__[name] for name in FIELDS}

    def clone(self) -> MadeiraState:
        """A deep copy (marshal copies plain data in C, far faster than ``copy.deepcopy``)."""
        new = object.__new__(MadeiraState)
        new.__dict__.update(marshal.loads(marshal.dumps(self.data())))
        return new

    def __eq__(self, other: object) -> bool:
        return isinstance(other, MadeiraState) and self.data() == other.data()

    def __repr__(self) -> str:
        return f"MadeiraState(n={self.n}, round={self.round}, phase={self.phase!r}, ply={self.ply})"

    @property
    def finished(self) -> bool:
        return self.phase == OVER
