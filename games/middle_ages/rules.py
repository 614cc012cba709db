"""Middle Ages turn flow: set-up (rules page §4), rounds (§5), turns (§5.1), decisions (§9), the
end (§8). Effects and income are in :mod:`~games.middle_ages.estates`, the market in
:mod:`~games.middle_ages.market`, events in :mod:`~games.middle_ages.events`.

A move of the contract is one decision of one player: ``go C`` (placing the lord in set-up,
moving it in rounds 1-15), or the answer to a pending decision of an effect. Everything that
involves no choice (taking and placing the tile, income, the round-16 turns without a move,
refills, events, the final count) runs by itself in :func:`run` until someone must decide.
"""

from __future__ import annotations

from typing import Any

from games.middle_ages import estates, events, market
from games.middle_ages.data import BLUE_IDS, ESTATES, EVENTS, ORANGE_IDS, TILES
from games.middle_ages.notation import format_move
from games.middle_ages.state import (
    CHURCH_SLOT,
    DECIDE,
    EVENT_ROUNDS,
    LAST_REFILL_ROUND,
    LOSE_PICK,
    MOVE,
    OVER,
    PALACE_TOKEN,
    PLACE,
    ROUNDS,
    ROWS,
    SCOUT_TARGET,
    TOKEN_SUPPLY,
    VILLAGE_PICK,
    MiddleAgesState,
    Move,
    clone,
)
from games.rng import Rng

Happened = list[tuple[str, dict[str, Any]]]
Refusal = tuple[str, dict[str, Any]]

GO = "go"
#: The move word that answers each kind of pending decision (the kinds are named after it).
DECISION_WORDS = (VILLAGE_PICK, SCOUT_TARGET, CHURCH_SLOT, PALACE_TOKEN, LOSE_PICK)
EVENTS_PER_GAME = 4


def setup(num_players: int, options: dict[str, Any], seed: int) -> MiddleAgesState:
    """§4: blue tiles shuffled (and the orange pile apart, for 4-5 players), four rows of
    players + 1 tiles by number, four event cards, and a random order to place the lords."""
    rng = Rng(seed)
    blue = list(BLUE_IDS)
    rng.shuffle(blue)
    orange: list[int] = []
    if num_players >= 4:
        orange = list(ORANGE_IDS)
        rng.shuffle(orange)
    cards = list(range(len(EVENTS)))
    rng.shuffle(cards)
    order = list(range(num_players))
    rng.shuffle(order)  # §4.5: the scouts drawn at random give the placement order
    slots = num_players + 1
    state = MiddleAgesState(
        num_players=num_players, options=dict(options), round=0, phase=PLACE,
        rows=[[None] * slots for _ in range(ROWS)], lords=[None] * num_players, scouts=[None] * num_players,
        order=order, turn=0, coins=[0] * num_players,
        estates=[[[] for _ in ESTATES] for _ in range(num_players)],
        graveyards=[[] for _ in range(num_players)],
        coin_tokens=[[0] * len(ESTATES) for _ in range(num_players)],
        plot_tokens=[[[] for _ in ESTATES] for _ in range(num_players)],
        coin_supply=TOKEN_SUPPLY, plot_supply=TOKEN_SUPPLY, plot_types_used=[],
        draw=blue, orange=orange, discard=[], events=cards[:EVENTS_PER_GAME], events_done=0,
        taken=[None] * num_players, rng=rng.state,
    )
    for row in range(ROWS):
        market.fill_row(state, row, [])
    return state


# -- who acts and what they may do ----------------------------------------------------------------


def acting_seat(state: MiddleAgesState) -> int | None:
    if state.phase == OVER:
        return None
    if state.pending:
        return state.pending[0]["seat"]
    return state.order[state.turn]


def legal_moves(state: MiddleAgesState, seat: int) -> list[Move]:
    if acting_seat(state) != seat:
        return []
    if not state.pending:
        return [Move(GO, c + 1) for c in market.go_options(state, seat)]
    decision = state.pending[0]
    kind = decision["kind"]
    if kind == VILLAGE_PICK:
        return [Move(kind, i + 1) for i in range(len(state.graveyards[seat]))]
    if kind == SCOUT_TARGET:
        return [Move(kind, r + 1, c + 1) for r, c in market.scout_options(state, seat)]
    if kind == CHURCH_SLOT:
        return [Move(kind, e) for e in estates.coin_slots(state, seat)]
    if kind == PALACE_TOKEN:
        return [Move(kind, x, e) for x, e in estates.plot_options(state, seat)]
    return [Move(kind, i + 1) for i in range(len(state.estates[seat][decision["estate"]]))]


def refusal(state: MiddleAgesState, seat: int, move: Move) -> Refusal | None:
    """Why ``move`` is not legal for ``seat`` now (a message key and params), or ``None``."""
    expected = state.pending[0]["kind"] if state.pending else GO
    if move.kind != expected:
        if expected == GO:
            return "middle_ages.reason.expect_go", {"row": market.next_row(state.round) + 1}
        return f"middle_ages.reason.expect_{expected}", {}
    if move.kind == GO:
        return market.go_refusal(state, seat, move.a - 1)
    if move.kind == VILLAGE_PICK:
        size = len(state.graveyards[seat])
        return None if 1 <= move.a <= size else ("middle_ages.reason.no_grave_tile", {"count": size})
    if move.kind == SCOUT_TARGET:
        return market.scout_refusal(state, seat, move.a - 1, move.b - 1)
    if move.kind == CHURCH_SLOT:
        if not 0 <= move.a < len(ESTATES):
            return "middle_ages.reason.format", {}
        return None if move.a in estates.coin_slots(state, seat) else ("middle_ages.reason.coin_slot_full", {})
    if move.kind == PALACE_TOKEN:
        if not (0 <= move.a < len(ESTATES) and 0 <= move.b < len(ESTATES)):
            return "middle_ages.reason.format", {}
        return estates.plot_refusal(state, seat, move.a, move.b)
    size = len(state.estates[seat][state.pending[0]["estate"]])
    return None if 1 <= move.a <= size else ("middle_ages.reason.no_column_tile", {"count": size})


# -- playing a move --------------------------------------------------------------------------------


def apply_move(state: MiddleAgesState, seat: int, move: Move) -> tuple[MiddleAgesState, Happened]:
    """Play a move already checked by :func:`refusal`; returns the new state and what happened."""
    s = clone(state)
    happened: Happened = []
    last: dict[str, Any] = {"seat": seat, "kind": move.kind, "notation": format_move(move), "round": s.round}
    if s.pending:
        decision = s.pending.pop(0)
        _decide(s, seat, decision, move, last, happened)
    elif s.phase == PLACE:
        market.move_lord(s, seat, move.a - 1, happened)
        last["cell"] = [0, move.a - 1]
        s.turn += 1
    else:
        row = market.next_row(s.round)
        left = market.move_lord(s, seat, move.a - 1, happened)
        last["cell"] = [row, move.a - 1]
        last["from"] = list(left) if left else None
        _take(s, seat, left, happened)
        last["estate"] = TILES[s.taken[seat]].estate if s.taken[seat] is not None else None
    s.last = last
    s.ply += 1
    run(s, happened)
    return s, happened


def _decide(s: MiddleAgesState, seat: int, decision: dict[str, Any], move: Move, last: dict[str, Any],
            happened: Happened) -> None:
    kind = decision["kind"]
    if kind == VILLAGE_PICK:
        last["estate"] = TILES[s.graveyards[seat][move.a - 1]].estate
        estates.revive(s, seat, move.a - 1, happened)
    elif kind == SCOUT_TARGET:
        estates.place_scout(s, seat, move.a - 1, move.b - 1, happened)
        last["cell"] = [move.a - 1, move.b - 1]
    elif kind == CHURCH_SLOT:
        estates.place_coin_token(s, seat, move.a, happened)
        last["estate"] = move.a
    elif kind == PALACE_TOKEN:
        estates.place_plot_token(s, seat, move.a, move.b, happened)
        last["estate"] = move.b
    else:
        estate = decision["estate"]
        tile = estates.lose_tile(s, seat, estate, move.a - 1)
        last["estate"] = estate
        happened.append((f"middle_ages.ev.lost.{ESTATES[estate]}", {"seat": seat, "number": TILES[tile].number}))


def _take(s: MiddleAgesState, seat: int, pos: list[int], happened: Happened) -> None:
    """§5.1 steps 2-3: take the tile the lord stood on, place it, carry out its effect. Income
    (step 4) follows in :func:`run` once the effect's decisions are made."""
    tile = s.rows[pos[0]][pos[1]]
    s.rows[pos[0]][pos[1]] = None
    if tile is None:  # cannot happen in play: a lord always stands on a tile until it takes it
        s.turn += 1
        return
    s.taken[seat] = tile
    estate = estates.place_tile(s, seat, tile, happened)
    s.income_due = estate
    estates.effect(s, seat, estate, happened)


def run(s: MiddleAgesState, happened: Happened) -> None:
    """Carry the game forward until a player must decide, or to the end."""
    while True:
        if s.pending:
            s.phase = DECIDE
            return
        if s.phase == PLACE:
            if s.turn < len(s.order):
                return
            s.round, s.phase = 1, MOVE
            _start_round(s, happened)
            continue
        s.phase = MOVE
        if s.income_due is not None:
            estates.pay_income(s, s.order[s.turn], s.income_due, happened)
            s.income_due = None
            s.turn += 1
            continue
        if s.turn < len(s.order):
            if s.round < ROUNDS:
                return  # the lord must move: the player's decision
            seat = s.order[s.turn]
            _take(s, seat, s.lords[seat], happened)  # §5.1: no move in round 16
            continue
        _end_round(s, happened)
        if s.phase == OVER:
            return
        s.round += 1
        _start_round(s, happened)


def _start_round(s: MiddleAgesState, happened: Happened) -> None:
    market.start_round_row(s, happened)
    s.turn = 0
    s.taken = [None] * s.num_players
    happened.append(("middle_ages.ev.round", {"round": s.round, "order": ", ".join(str(x + 1) for x in s.order)}))


def _end_round(s: MiddleAgesState, happened: Happened) -> None:
    """§5.2: refill the emptied row (rounds 1-12), the event (rounds 4, 8, 12, 16), the end."""
    row = market.current_row(s.round)
    if s.round <= LAST_REFILL_ROUND:
        market.fill_row(s, row, happened)
        happened.append(("middle_ages.ev.refill", {"row": row + 1}))
    if s.round in EVENT_ROUNDS and s.events_done < len(s.events):
        events.resolve_next(s, happened)
    if s.round >= ROUNDS:
        s.phase = OVER
        for seat in range(s.num_players):
            empty = estates.empty_estates(s, seat)
            happened.append(("middle_ages.ev.penalty", {"seat": seat, "empty": empty,
                                                        "points": empty * estates.EMPTY_PENALTY}))
