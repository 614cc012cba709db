"""End of the game (rules page §13): resources to reals and reals to PP, the pirates revealed and
penalised, the winner.

Pirate penalty: among players with at least one pirate, the most pirates loses 16 PP, the next 8,
then 4 and 2 (as many places as players); of two with equal pirates, the one earlier in turn order
(higher in the Passing Column) ranks lower and loses less. Everyone also loses 1 PP per pirate
above 20. Ties for the win go to the player higher in the Passing Column.
"""

from __future__ import annotations

from games.core import Result, competition_ranks
from games.madeira.data import BOARD
from games.madeira.engine import emit
from games.madeira.state import MadeiraState

RESOURCES = ("wheat", "sugar", "wine", "wood", "bread")


def pirate_penalties(pirates: list[int], order: list[int], n: int) -> list[int]:
    """PP each seat loses for its pirates. ``order`` is the Passing Column, top first."""
    table = BOARD.counts[n].pirate_penalties
    ranked = sorted((seat for seat in range(n) if pirates[seat] > 0),
                    key=lambda seat: (-pirates[seat], -order.index(seat)))
    lost = [0] * n
    for place, seat in enumerate(ranked):
        lost[seat] += table[place] if place < len(table) else 0
    threshold, each = BOARD.pirates["threshold"], BOARD.pirates["per_pirate_above"]
    for seat in range(n):
        lost[seat] += max(0, pirates[seat] - threshold) * each
    return lost


def finish(state: MadeiraState) -> None:
    """Apply the final scoring once and keep its breakdown in ``state.final``."""
    n = state.n
    converted, resource_pp = [], []
    for p in state.p:
        total = p["reals"] + sum(p[r] for r in RESOURCES)
        for r in RESOURCES:
            p[r] = 0
        p["reals"] = total
        converted.append(total)
        resource_pp.append(total // BOARD.reals_per_pp)
        p["pp"] += total // BOARD.reals_per_pp
    pirates = [p["pirates"] for p in state.p]
    lost = pirate_penalties(pirates, state.order, n)
    for seat, p in enumerate(state.p):
        p["pp"] -= lost[seat]
    state.final = {"reals": converted, "resource_pp": resource_pp, "pirates": pirates, "pirate_pp": lost,
                   "pp": [p["pp"] for p in state.p]}
    for seat in state.order:
        emit(state, "madeira.event.final", seat=seat, reals=converted[seat], pp=resource_pp[seat],
             pirates=pirates[seat], lost=lost[seat], score=state.p[seat]["pp"])


def scores(state: MadeiraState) -> list[int]:
    """The prestige track: public PP. Pirates stay hidden until the end, so the running score
    leaves their penalty out; after the end it is the final score."""
    return [p["pp"] for p in state.p]


def estimated_scores(state: MadeiraState) -> list[float]:
    """Each seat's score if the game ended now (§13): PP, reals and goods at their final rate
    (fractions kept, so a gain shows before it fills a whole PP), less the pirate penalty of the
    totals in ``state``. For the AI search: it reads every seat's pirates, which views hide but
    public events determine (:meth:`~games.madeira.Madeira.determinize`)."""
    if state.final is not None:
        return [float(p["pp"]) for p in state.p]
    lost = pirate_penalties([p["pirates"] for p in state.p], state.order, state.n)
    return [p["pp"] + (p["reals"] + sum(p[r] for r in RESOURCES)) / BOARD.reals_per_pp - lost[seat]
            for seat, p in enumerate(state.p)]


def result(state: MadeiraState) -> Result | None:
    if state.final is None:
        return None
    points = [p["pp"] for p in state.p]
    keys = [(points[seat], -state.order.index(seat)) for seat in range(state.n)]
    return Result(points, competition_ranks(keys), {"pirates": list(state.final["pirates"]),
                                                    "pirate_pp": list(state.final["pirate_pp"])})
