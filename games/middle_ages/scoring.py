"""The end of the game (rules page §8): -10 per empty estate, the richest wins, tie-breaks.

Ties are broken by the most palace tiles, then church, then estate by estate from right to left
(barracks, market, rampart, village, mill, field); players still equal share the rank.
"""

from __future__ import annotations

from typing import Any

from games.core import Result, competition_ranks
from games.middle_ages.data import ESTATES
from games.middle_ages.estates import EMPTY_PENALTY, count, empty_estates
from games.middle_ages.state import MiddleAgesState

#: §8.4: the estates compared after the score, in order: palace, church, then right to left.
TIE_BREAK_ORDER = tuple(reversed(range(len(ESTATES))))


def penalty(state: MiddleAgesState, seat: int) -> int:
    """§8.2: 10 coins per estate with no tile."""
    return EMPTY_PENALTY * empty_estates(state, seat)


def score(state: MiddleAgesState, seat: int) -> int:
    """Coins minus the penalty; may be negative (§8.2)."""
    return state.coins[seat] - penalty(state, seat)


def scores(state: MiddleAgesState) -> list[int]:
    return [score(state, seat) for seat in range(state.num_players)]


def rank_key(state: MiddleAgesState, seat: int) -> tuple[int, ...]:
    return (score(state, seat),) + tuple(count(state, seat, e) for e in TIE_BREAK_ORDER)


def result(state: MiddleAgesState) -> Result:
    """Scores, competition ranks with the tie-breaks, and how each rank was decided."""
    keys = [rank_key(state, seat) for seat in range(state.num_players)]
    detail: dict[str, Any] = {
        "coins": list(state.coins),
        "penalties": [penalty(state, seat) for seat in range(state.num_players)],
        "empty": [empty_estates(state, seat) for seat in range(state.num_players)],
        "tie_break": [list(key[1:]) for key in keys],
        "tie_break_order": [ESTATES[e] for e in TIE_BREAK_ORDER],
        "ties": ties(keys),
    }
    return Result(scores=[key[0] for key in keys], ranks=competition_ranks(keys), detail=detail)


def ties(keys: list[tuple[int, ...]]) -> list[dict[str, Any]]:
    """Each group of seats with the same score: its seats, the score, and the estate whose count
    first set them apart in the tie-break order (``None``: equal everywhere, a shared rank)."""
    groups: dict[int, list[int]] = {}
    for seat, key in enumerate(keys):
        groups.setdefault(key[0], []).append(seat)
    found = []
    for score_, seats in sorted(groups.items(), reverse=True):
        if len(seats) < 2:
            continue
        decided = next((ESTATES[e] for i, e in enumerate(TIE_BREAK_ORDER)
                        if len({keys[s][1 + i] for s in seats}) > 1), None)
        found.append({"seats": seats, "score": score_, "estate": decided})
    return found
