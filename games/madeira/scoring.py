"""End of the game (rules page §13): resources to reals and reals to PP, the pirates revealed and
penalised, the winner.

Pirate penalty: among players with at least one pirate, the most pirates loses 16 PP, the next 8,
then 4 and 2 (as many places as players); of two with equal pirates, the one earlier in turn order
(higher in the Passing Column) ranks lower and loses less. Everyone also loses 1 PP per pirate
above 20. Ties for the win go to the player higher in the Passing Column.
"""

from __future__ import annotations

from games.core import Result, competition_ranks
from games.madeira.crown import scored_favors, scored_ships, urban_value
from games.madeira.data import BOARD
from games.madeira.engine import emit
from games.madeira.state import PHASE_E, MadeiraState

RESOURCES = ("wheat", "sugar", "wine", "wood", "bread")
REQ = BOARD.requests
#: How much of the next Crown's Requests scoring (:func:`request_prospects`) the AI counts as
#: already won: the board may still change before it comes.
PROSPECT_WEIGHT = 0.7


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


def request_prospects(state: MadeiraState) -> list[float]:
    """PP each seat's held Crown's Requests would score at the next scoring round (§12: 1 of them
    in round 1, 2 in round 3, all 3 in round 5) on the board as it stands: ships at that round's
    table value (the best 3), face-up favors of different guilds (5 PP each, up to 4), the best
    city's urbanization, and Wealth's reals above what they are worth at the end. The best
    requests are taken, each valued alone (two of one type in a round may count a target twice).
    Most of Madeira's PP come from these, long before a playout reaches them."""
    per_round = {int(r): k for r, k in REQ["per_round"].items()}
    later = [r for r in sorted(per_round) if r > state.round]
    waiting = {task["s"] for task in state.tasks + [state.prompt or {}] if task.get("t") == "escore"}
    prospects = []
    for seat, p in enumerate(state.p):
        if state.final is not None:
            prospects.append(0.0)
            continue
        scoring_now = state.round in per_round and (state.phase != PHASE_E or seat in waiting)
        if not scoring_now and not later:
            prospects.append(0.0)
            continue
        when = state.round if scoring_now else later[0]
        values = sorted((_request_worth(state, seat, kind, when) for kind in p["requests"]), reverse=True)
        prospects.append(float(sum(values[:per_round[when]])))
    return prospects


def _request_worth(state: MadeiraState, seat: int, kind: str, when: int) -> float:
    """What one Crown's Request of ``kind`` held by ``seat`` would score in round ``when`` on the
    board as it stands (see :func:`request_prospects`). Only the held kinds are valued: this runs
    at the end of every AI playout."""
    p = state.p[seat]
    if kind in ("market", "expedition"):
        return sum(value for value, _ in scored_ships(state, seat, kind, when))
    if kind == "guilds":
        return REQ["favor_pp"] * len(scored_favors(p["favors"]))
    if kind == "urban":
        return max(urban_value(state, seat, c) for c in range(len(BOARD.cities)))
    if kind == "wealth":
        return min(REQ["wealth_max"], p["reals"]) * (1 - 1 / BOARD.reals_per_pp)
    return 0


def prospects(state: MadeiraState) -> list[float]:
    """:func:`estimated_scores` plus :data:`PROSPECT_WEIGHT` of :func:`request_prospects`: the
    AI's evaluation of a position."""
    now = estimated_scores(state)
    return [score + PROSPECT_WEIGHT * extra for score, extra in zip(now, request_prospects(state))]


def result(state: MadeiraState) -> Result | None:
    if state.final is None:
        return None
    points = [p["pp"] for p in state.p]
    keys = [(points[seat], -state.order.index(seat)) for seat in range(state.n)]
    return Result(points, competition_ranks(keys), {"pirates": list(state.final["pirates"]),
                                                    "pirate_pp": list(state.final["pirate_pp"])})
