"""Medina's scoring (rules page §11) and the final ranking with its tie-breaks (§10, [A8]).

``palaceScore(P) = size + merchants touching P + walls touching P + 4 x pieces on well bonus
cells``, counted for palaces roofed with a player's own rooftop; a player adds the values of the
palace tiles (colour value 1-4) and tower tiles (tower n = n points) they hold. Each merchant or
wall counts once per palace however many of its pieces it touches ([A17]: orthogonal contact
only; a corner cell may touch two walls and scores both; towers never score).
"""

from __future__ import annotations

from typing import Any

from games.core import Result, competition_ranks
from games.medina.state import MERCHANT_CELL, WALL_CELL, MedinaState, Palace


def palace_breakdown(state: MedinaState, palace: Palace) -> dict[str, int]:
    """The parts of §11's palace score: buildings, stables, merchants, walls, well bonus."""
    kind, n4 = state.kind, state.geo.n4
    merchants: set[int] = set()
    walls: set[int] = set()
    for cell in palace.pieces:
        for j in n4[cell]:
            k = kind[j]
            if k == MERCHANT_CELL:
                merchants.add(j)
            elif k == WALL_CELL:
                walls.add(j)
    well = 4 * sum(1 for cell in palace.pieces if cell in state.bonus) if state.bonus else 0
    return {"buildings": len(palace.buildings), "stables": len(palace.stables), "merchants": len(merchants),
            "walls": len(walls), "well": well}


def palace_points(state: MedinaState, palace: Palace) -> int:
    return sum(palace_breakdown(state, palace).values())


def tile_points(state: MedinaState, seat: int) -> tuple[int, int]:
    """(palace-tile points, tower-tile points) of ``seat`` (§11)."""
    palace_tiles = sum(colour + 1 for colour, pid in enumerate(state.palace_tile)
                       if pid is not None and state.palaces[pid].owner == seat)
    tower_tiles = sum(n + 1 for n, holder in enumerate(state.tower_holder) if holder == seat)
    return palace_tiles, tower_tiles


def scores(state: MedinaState) -> list[int]:
    """Each seat's total as the game stands (§11)."""
    totals = [0] * state.num_players
    for palace in state.palaces:
        if palace.owner is not None and palace.owner >= 0:
            totals[palace.owner] += palace_points(state, palace)
    for seat in range(state.num_players):
        totals[seat] += sum(tile_points(state, seat))
    return totals


def largest_palace(state: MedinaState, seat: int) -> tuple[int, int | None]:
    """[A8]: ``seat``'s largest own palace as (size, when it was roofed); the earliest roofed of
    several equally large ones; ``(0, None)`` for a seat without a palace."""
    own = [p for p in state.palaces if p.owner == seat]
    if not own:
        return 0, None
    best = max(own, key=lambda p: (p.size, -p.roofed_at))
    return best.size, best.roofed_at


def result(state: MedinaState) -> Result | None:
    """§10 / [A8]: highest total wins; ties go to the larger largest palace, then to the one
    whose largest palace was roofed first; a tie beyond that is shared."""
    if not state.finished:
        return None
    totals = scores(state)
    largest = [largest_palace(state, seat) for seat in range(state.num_players)]
    keys = [(totals[s], largest[s][0], -(largest[s][1] if largest[s][1] is not None else 10 ** 9))
            for s in range(state.num_players)]
    ranks = competition_ranks(keys)
    detail: dict[str, Any] = {
        "largest_palace": [size for size, _ in largest],
        "largest_roofed_at": [at for _, at in largest],
        "breakdown": [breakdown(state, seat) for seat in range(state.num_players)],
        "tie_break": tie_break(totals, [size for size, _ in largest], ranks),
    }
    return Result(scores=totals, ranks=ranks, detail=detail)


def breakdown(state: MedinaState, seat: int) -> dict[str, Any]:
    """How ``seat``'s total is made up (§11): each own palace by colour with its points (the
    well bonus included, and also given apart), the palace tiles and the tower tiles."""
    palaces = []
    well = 0
    for palace in state.palaces:
        if palace.owner == seat:
            parts = palace_breakdown(state, palace)
            palaces.append([state.colours[palace.colour], sum(parts.values())])
            well += parts["well"]
    palace_tiles, tower_tiles = tile_points(state, seat)
    return {"palaces": palaces, "palace_tiles": palace_tiles, "tower_tiles": tower_tiles, "well": well}


def tie_break(totals: list[int], largest: list[int], ranks: list[int]) -> dict[str, Any] | None:
    """The tie-break of [A8] that decided between seats of equal total, for the best such group:
    ``{"rule": "largest_palace" | "roofed_first", "score": the tied total, "seats": [the better
    seat, the next one], "sizes": their largest palaces}``; ``None`` when no tie was broken."""
    for total in sorted(set(totals), reverse=True):
        group = [s for s in range(len(totals)) if totals[s] == total]
        if len(group) < 2 or len({ranks[s] for s in group}) < 2:
            continue
        best = min(ranks[s] for s in group)
        better = min(s for s in group if ranks[s] == best)
        following = min(ranks[s] for s in group if ranks[s] != best)
        runner = min(s for s in group if ranks[s] == following)
        rule = "largest_palace" if largest[better] > largest[runner] else "roofed_first"
        return {"rule": rule, "score": total, "seats": [better, runner], "sizes": [largest[better], largest[runner]]}
    return None
