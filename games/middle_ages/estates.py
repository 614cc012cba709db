"""A player's fief: the eight estates, their effects (rules page §6, §6.1-§6.4) and income (§6.5).

The effect of a placed tile either resolves at once or, when the player has a real choice
(village pick, scout target, church slot, palace token, and with ``barracks_loss=victim`` the
attacked player's tile), queues a *pending decision* that only a move of that player resolves:
nothing is decided silently for a player. A choice with a single possible outcome is not a
choice and resolves at once, with an event saying what happened.
"""

from __future__ import annotations

from typing import Any

from games.middle_ages import market
from games.middle_ages.data import (
    BARRACKS,
    BASE_COUNTED,
    BASE_RATE,
    CHURCH,
    ESTATES,
    FIELD,
    MARKET,
    MILL,
    PALACE,
    RAMPART,
    TILES,
    VILLAGE,
)
from games.middle_ages.state import (
    CHURCH_SLOT,
    LOSE_PICK,
    PALACE_TOKEN,
    SCOUT_TARGET,
    VILLAGE_PICK,
    MiddleAgesState,
)

Happened = list[tuple[str, dict[str, Any]]]

#: §6.2: what an attacked player pays; §6 (mill): what a player with fewer mills pays.
ATTACK_PAYMENT = MILL_PAYMENT = 2
#: §8: the end penalty for each estate without a tile.
EMPTY_PENALTY = 10


# -- counting ---------------------------------------------------------------------------------


def count(state: MiddleAgesState, seat: int, estate: int) -> int:
    """``cnt(X)`` of §6: tiles in the estate now (the graveyard is not counted)."""
    return len(state.estates[seat][estate])


def icons(state: MiddleAgesState, seat: int) -> tuple[int, int]:
    """Farmer and chest icons on every tile of the fief (placed tile included, graveyard not)."""
    farmers = chests = 0
    for column in state.estates[seat]:
        for tile in column:
            farmers += TILES[tile].farmers
            chests += TILES[tile].chests
    return farmers, chests


def counted(state: MiddleAgesState, seat: int, estate: int) -> set[int]:
    """§6.5: the estates whose tiles the income of ``estate`` counts (base plus plot tokens)."""
    return set(BASE_COUNTED[estate]) | set(state.plot_tokens[seat][estate])


def rate(state: MiddleAgesState, seat: int, estate: int) -> int:
    """§6.3 / §6.5: coins per counted tile: 2 or 3, plus one per extra-coin token."""
    return BASE_RATE[estate] + state.coin_tokens[seat][estate]


def income(state: MiddleAgesState, seat: int, estate: int) -> tuple[int, int]:
    """§6.5: ``(coins, counted tiles)`` the estate pays now."""
    tiles = sum(count(state, seat, t) for t in counted(state, seat, estate))
    return tiles * rate(state, seat, estate), tiles


def empty_estates(state: MiddleAgesState, seat: int) -> int:
    return sum(1 for column in state.estates[seat] if not column)


def pay(state: MiddleAgesState, payer: int, payee: int | None, amount: int) -> int:
    """Move up to ``amount`` coins from ``payer`` to ``payee`` (``None``: the bank); a player
    never goes below 0 coins in play (§8). Returns what was paid."""
    paid = min(amount, state.coins[payer])
    state.coins[payer] -= paid
    if payee is not None:
        state.coins[payee] += paid
    return paid


def leftmost_estate(state: MiddleAgesState, seat: int) -> int | None:
    """§6.2: the leftmost estate column (board order of §3.1) that holds a tile."""
    for estate, column in enumerate(state.estates[seat]):
        if column:
            return estate
    return None


def lose_tile(state: MiddleAgesState, seat: int, estate: int, position: int | None = None) -> int:
    """Move a tile of ``estate`` to the seat's graveyard: the one at ``position`` (0-based) or
    the latest placed. Tokens under the estate stay (§6.2). Returns the tile id."""
    column = state.estates[seat][estate]
    tile = column.pop(len(column) - 1 if position is None else position)
    state.graveyards[seat].append(tile)
    return tile


def same_tiles(tiles: list[int]) -> bool:
    """Whether every tile in ``tiles`` is alike once placed (same estate and icons)."""
    kinds = {(TILES[t].estate, TILES[t].farmers, TILES[t].chests) for t in tiles}
    return len(kinds) <= 1


# -- token options ------------------------------------------------------------------------------


def coin_slots(state: MiddleAgesState, seat: int) -> list[int]:
    """§6.3: estates with a free extra-coin slot (``token_slots`` per estate), while the supply lasts."""
    if state.coin_supply <= 0:
        return []
    slots = state.options["token_slots"]
    return [e for e in range(len(ESTATES)) if state.coin_tokens[seat][e] < slots]


def plot_options(state: MiddleAgesState, seat: int) -> list[tuple[int, int]]:
    """§6.4: ``(type X, estate E)`` pairs for a plot token: E has a free plot slot and does not
    already count X; with ``plot_tokens=one_per_type`` each type is printed on one token only."""
    if state.plot_supply <= 0:
        return []
    slots = state.options["token_slots"]
    used = set(state.plot_types_used) if state.options["plot_tokens"] == "one_per_type" else set()
    options = []
    for estate in range(len(ESTATES)):
        if len(state.plot_tokens[seat][estate]) >= slots:
            continue
        already = counted(state, seat, estate)
        options.extend((kind, estate) for kind in range(len(ESTATES)) if kind not in already and kind not in used)
    return options


def plot_refusal(state: MiddleAgesState, seat: int, kind: int, estate: int) -> tuple[str, dict[str, Any]] | None:
    """Why a plot token of type ``kind`` may not go under ``estate``; ``None`` if it may."""
    if len(state.plot_tokens[seat][estate]) >= state.options["token_slots"]:
        return "middle_ages.reason.plot_slot_full", {}
    if kind in counted(state, seat, estate):
        return "middle_ages.reason.already_counted", {}
    if state.options["plot_tokens"] == "one_per_type" and kind in state.plot_types_used:
        return "middle_ages.reason.type_used", {}
    return None


# -- effects (§6) ---------------------------------------------------------------------------------


def place_tile(state: MiddleAgesState, seat: int, tile: int, happened: Happened) -> int:
    """§5.1 step 2: the tile goes to the estate of its type (placement is forced)."""
    estate = TILES[tile].estate
    state.estates[seat][estate].append(tile)
    happened.append((f"middle_ages.ev.take.{ESTATES[estate]}", {"seat": seat, "number": TILES[tile].number}))
    return estate


def effect(state: MiddleAgesState, seat: int, estate: int, happened: Happened) -> None:
    """§5.1 step 3: the effect of the estate of the tile just placed. When it cannot be carried
    out, nothing happens (and an event says so)."""
    _EFFECTS[estate](state, seat, happened)


def _field(state: MiddleAgesState, seat: int, happened: Happened) -> None:
    farmers, _ = icons(state, seat)
    state.coins[seat] += farmers
    happened.append(("middle_ages.ev.field", {"seat": seat, "icons": farmers, "coins": farmers}))


def _market(state: MiddleAgesState, seat: int, happened: Happened) -> None:
    _, chests = icons(state, seat)
    state.coins[seat] += chests
    happened.append(("middle_ages.ev.market", {"seat": seat, "icons": chests, "coins": chests}))


def _mill(state: MiddleAgesState, seat: int, happened: Happened) -> None:
    """Each other player with fewer mills pays 2 coins, or all they have."""
    mine = count(state, seat, MILL)
    payers = [p for p in _others(state, seat) if count(state, p, MILL) < mine]
    for payer in payers:
        paid = pay(state, payer, seat, MILL_PAYMENT)
        happened.append(("middle_ages.ev.mill_pay", {"seat": payer, "coins": paid, "to_seat": seat}))
    if not payers:
        happened.append(("middle_ages.ev.mill_none", {"seat": seat}))


def _village(state: MiddleAgesState, seat: int, happened: Happened) -> None:
    """A graveyard tile goes back to its estate without its effect or income; the player picks."""
    graveyard = state.graveyards[seat]
    if not graveyard:
        happened.append(("middle_ages.ev.village_empty", {"seat": seat}))
    elif same_tiles(graveyard):
        revive(state, seat, len(graveyard) - 1, happened)
    else:
        state.pending.append({"seat": seat, "kind": VILLAGE_PICK})


def revive(state: MiddleAgesState, seat: int, index: int, happened: Happened) -> None:
    """Put graveyard tile ``index`` (0-based) back into its estate; no effect, no income."""
    tile = state.graveyards[seat].pop(index)
    estate = TILES[tile].estate
    state.estates[seat][estate].append(tile)
    happened.append((f"middle_ages.ev.revive.{ESTATES[estate]}", {"seat": seat, "number": TILES[tile].number}))


def _rampart(state: MiddleAgesState, seat: int, happened: Happened) -> None:
    targets = market.scout_options(state, seat)
    if not targets:
        happened.append(("middle_ages.ev.scout_none", {"seat": seat}))
    elif len(targets) == 1:
        place_scout(state, seat, *targets[0], happened)
    else:
        state.pending.append({"seat": seat, "kind": SCOUT_TARGET})


def place_scout(state: MiddleAgesState, seat: int, row: int, col: int, happened: Happened) -> None:
    """§6.1: the scout reserves the tile; a scout already on the board moves (one piece only)."""
    old = state.scouts[seat]
    state.scouts[seat] = [row, col]
    params = {"seat": seat, "row": row + 1, "col": col + 1}
    if old == [row, col]:
        happened.append(("middle_ages.ev.scout_kept", params))
    else:
        happened.append(("middle_ages.ev.scout", params))


def _barracks(state: MiddleAgesState, seat: int, happened: Happened) -> None:
    """§6.2: every other player with fewer ramparts than the attacker's barracks loses the
    latest tile of their leftmost estate to their graveyard and pays 2 coins (or all they have).
    With ``barracks_loss=victim`` the attacked player picks which tile of that column goes."""
    strength = count(state, seat, BARRACKS)
    targets = [p for p in _others(state, seat) if count(state, p, RAMPART) < strength]
    if not targets:
        happened.append(("middle_ages.ev.attack_none", {"seat": seat}))
    for victim in targets:
        paid = pay(state, victim, seat, ATTACK_PAYMENT)
        estate = leftmost_estate(state, victim)
        if estate is None:
            happened.append(("middle_ages.ev.attack_bare", {"seat": victim, "coins": paid, "by_seat": seat}))
        elif state.options["barracks_loss"] == "victim" and not same_tiles(state.estates[victim][estate]):
            happened.append(("middle_ages.ev.attack_choose", {"seat": victim, "coins": paid, "by_seat": seat}))
            state.pending.append({"seat": victim, "kind": LOSE_PICK, "estate": estate, "attacker": seat})
        else:
            tile = lose_tile(state, victim, estate)
            happened.append((f"middle_ages.ev.attack.{ESTATES[estate]}",
                             {"seat": victim, "coins": paid, "number": TILES[tile].number, "by_seat": seat}))


def _church(state: MiddleAgesState, seat: int, happened: Happened) -> None:
    slots = coin_slots(state, seat)
    if not slots:
        happened.append(("middle_ages.ev.coin_none", {"seat": seat}))
    elif len(slots) == 1:
        place_coin_token(state, seat, slots[0], happened)
    else:
        state.pending.append({"seat": seat, "kind": CHURCH_SLOT})


def place_coin_token(state: MiddleAgesState, seat: int, estate: int, happened: Happened) -> None:
    state.coin_supply -= 1
    state.coin_tokens[seat][estate] += 1
    happened.append((f"middle_ages.ev.coin_token.{ESTATES[estate]}", {"seat": seat, "left": state.coin_supply}))


def _palace(state: MiddleAgesState, seat: int, happened: Happened) -> None:
    options = plot_options(state, seat)
    if not options:
        happened.append(("middle_ages.ev.plot_none", {"seat": seat}))
    elif len(options) == 1:
        place_plot_token(state, seat, *options[0], happened)
    else:
        state.pending.append({"seat": seat, "kind": PALACE_TOKEN})


def place_plot_token(state: MiddleAgesState, seat: int, kind: int, estate: int, happened: Happened) -> None:
    state.plot_supply -= 1
    state.plot_tokens[seat][estate].append(kind)
    state.plot_types_used.append(kind)
    happened.append((f"middle_ages.ev.plot_token.{ESTATES[kind]}.{ESTATES[estate]}",
                     {"seat": seat, "left": state.plot_supply}))


def pay_income(state: MiddleAgesState, seat: int, estate: int, happened: Happened) -> None:
    """§5.1 step 4: the income of the estate of the tile just placed, and only that one."""
    coins, tiles = income(state, seat, estate)
    state.coins[seat] += coins
    happened.append((f"middle_ages.ev.income.{ESTATES[estate]}",
                     {"seat": seat, "coins": coins, "tiles": tiles, "rate": rate(state, seat, estate)}))


def _others(state: MiddleAgesState, seat: int) -> list[int]:
    """The other seats, clockwise from the one after ``seat``."""
    n = state.num_players
    return [(seat + step) % n for step in range(1, n)]


_EFFECTS = {
    FIELD: _field, MILL: _mill, VILLAGE: _village, RAMPART: _rampart,
    MARKET: _market, BARRACKS: _barracks, CHURCH: _church, PALACE: _palace,
}
