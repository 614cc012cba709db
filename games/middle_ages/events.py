"""Event cards (rules page §3.3, §5.2 step 2): after rounds 4, 8, 12 and 16 the leftmost face-up
card applies to every player at once, then turns face down.

A card is a list of primitive operations (``data.EVENT_OPS``). Each operation is computed for
all players from the position before that operation, then applied, so no player's result
depends on seat order. Tiles lost go to the owner's graveyard, the latest placed first.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games.middle_ages import estates
from games.middle_ages.data import (
    ESTATE_BY_NAME,
    ESTATES,
    EVENTS,
    LEFTMOST,
    TILES,
    EventCard,
)
from games.middle_ages.state import MiddleAgesState

Happened = list[tuple[str, dict[str, Any]]]


def resolve_next(state: MiddleAgesState, happened: Happened) -> None:
    """Apply the leftmost unresolved card and turn it face down."""
    card = EVENTS[state.events[state.events_done]]
    state.events_done += 1
    happened.append((f"middle_ages.ev.card.{card.id}", {"index": state.events_done}))
    apply_card(state, card, happened)


def apply_card(state: MiddleAgesState, card: EventCard, happened: Happened) -> None:
    """Apply each operation; one that changes nothing for anybody says so (the post lists what
    every event did, in words)."""
    for op in card.ops:
        before = len(happened)
        OPERATIONS[op["op"]](state, op, happened)
        if len(happened) == before:
            happened.append(("middle_ages.ev.card_nobody", {}))


def _gain(state: MiddleAgesState, amounts: list[int], happened: Happened) -> None:
    for seat, amount in enumerate(amounts):
        if amount > 0:
            state.coins[seat] += amount
            happened.append(("middle_ages.ev.card_gain", {"seat": seat, "coins": amount}))


def _pay(state: MiddleAgesState, amounts: list[int], happened: Happened) -> None:
    for seat, amount in enumerate(amounts):
        if amount > 0:
            paid = estates.pay(state, seat, None, amount)
            happened.append(("middle_ages.ev.card_pay", {"seat": seat, "coins": paid}))


def _seats(state: MiddleAgesState) -> range:
    return range(state.num_players)


def gain_per_tile(state: MiddleAgesState, op: dict[str, Any], happened: Happened) -> None:
    """Every player gains ``amount`` per tile of ``estate``."""
    estate = ESTATE_BY_NAME[op["estate"]]
    _gain(state, [op["amount"] * estates.count(state, s, estate) for s in _seats(state)], happened)


def pay_per_tile(state: MiddleAgesState, op: dict[str, Any], happened: Happened) -> None:
    """Every player pays ``amount`` per tile of ``estate`` (never below 0 coins)."""
    estate = ESTATE_BY_NAME[op["estate"]]
    _pay(state, [op["amount"] * estates.count(state, s, estate) for s in _seats(state)], happened)


def gain_per_icon(state: MiddleAgesState, op: dict[str, Any], happened: Happened) -> None:
    """Every player gains ``amount`` per farmer (or chest) icon in the fief."""
    which = 0 if op["icon"] == "farmer" else 1
    _gain(state, [op["amount"] * estates.icons(state, s)[which] for s in _seats(state)], happened)


def gain_per_kind(state: MiddleAgesState, op: dict[str, Any], happened: Happened) -> None:
    """Every player gains ``amount`` per estate holding at least one tile."""
    kinds = [len(ESTATES) - estates.empty_estates(state, s) for s in _seats(state)]
    _gain(state, [op["amount"] * k for k in kinds], happened)


def pay_flat(state: MiddleAgesState, op: dict[str, Any], happened: Happened) -> None:
    """Every player pays ``amount`` (or all they have)."""
    _pay(state, [op["amount"]] * state.num_players, happened)


def lose_tiles(state: MiddleAgesState, op: dict[str, Any], happened: Happened) -> None:
    """Every player loses ``count`` tiles of ``estate`` (or of the leftmost estate, one at a time)
    to the graveyard, the latest placed first; a player without such tiles loses nothing."""
    for seat in _seats(state):
        _lose(state, seat, op["estate"], op["count"], happened)


def _lose(state: MiddleAgesState, seat: int, which: str, times: int, happened: Happened) -> None:
    for _ in range(times):
        estate = estates.leftmost_estate(state, seat) if which == LEFTMOST else ESTATE_BY_NAME[which]
        if estate is None or not state.estates[seat][estate]:
            return
        tile = estates.lose_tile(state, seat, estate)
        happened.append((f"middle_ages.ev.lost.{ESTATES[estate]}",
                         {"seat": seat, "number": TILES[tile].number}))


def majority(state: MiddleAgesState, op: dict[str, Any], happened: Happened) -> None:
    """The players with the most tiles of ``estate`` (at least one) each gain ``amount``."""
    estate = ESTATE_BY_NAME[op["estate"]]
    counts = [estates.count(state, s, estate) for s in _seats(state)]
    best = max(counts)
    _gain(state, [op["amount"] if best > 0 and c == best else 0 for c in counts], happened)


def minority(state: MiddleAgesState, op: dict[str, Any], happened: Happened) -> None:
    """The players with the fewest tiles of ``estate`` each pay ``amount`` (or all they have)."""
    estate = ESTATE_BY_NAME[op["estate"]]
    counts = [estates.count(state, s, estate) for s in _seats(state)]
    worst = min(counts)
    _pay(state, [op["amount"] if c == worst else 0 for c in counts], happened)


def minority_lose(state: MiddleAgesState, op: dict[str, Any], happened: Happened) -> None:
    """The players with the fewest tiles of ``estate`` each lose ``count`` leftmost tiles."""
    estate = ESTATE_BY_NAME[op["estate"]]
    counts = [estates.count(state, s, estate) for s in _seats(state)]
    worst = min(counts)
    for seat in _seats(state):
        if counts[seat] == worst:
            _lose(state, seat, LEFTMOST, op["count"], happened)


OPERATIONS: dict[str, Callable[[MiddleAgesState, dict[str, Any], Happened], None]] = {
    "gain_per_tile": gain_per_tile,
    "pay_per_tile": pay_per_tile,
    "gain_per_icon": gain_per_icon,
    "gain_per_kind": gain_per_kind,
    "pay": pay_flat,
    "lose_tiles": lose_tiles,
    "majority": majority,
    "minority": minority,
    "minority_lose": minority_lose,
}
