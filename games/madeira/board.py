"""Places on the Madeira board and the pieces on them (rules page §3, §9).

Every place has a short code used by the notation and the views:

- ``home`` (a player's supply) and ``watch`` (the City Watch);
- fields ``1a``-``1d``, ``2a``-``2e``, ``3a``-``3e`` and ``forest`` (ids from the data file);
- city spots ``ps1``-``ps12`` (Porto Santo), ``fu1``-``fu12`` (Funchal), ``ma1``-``ma12`` (Machico),
  numbered left to right, district ``d`` holding spots ``2d-1`` and ``2d`` (§16 U5);
- Colony Lands ``az``, ``br``, ``in`` and their landing slots ``az1``-``az5`` ...;
- market slots ``wh1``-``wh4`` (wheat), ``su1``-``su5`` (sugar), ``wi1``-``wi4`` (wine).

This module reads and moves pieces; it knows nothing of turns or prompts.
"""

from __future__ import annotations

import math

from games.madeira.data import BOARD
from games.madeira.state import NEUTRAL, MadeiraState

FIELDS = BOARD.fields
FIELD_IDS = tuple(f.id for f in FIELDS)
FIELD_INDEX = {f.id: i for i, f in enumerate(FIELDS)}
FOREST = BOARD.forest
FOREST_ID = FIELDS[FOREST].id
SPOTS = BOARD.spots
PER_DISTRICT = BOARD.spots_per_district
CITY_IDS = tuple(c.id for c in BOARD.cities)
COLONY_IDS = tuple(c.id for c in BOARD.colonies)
MARKET_IDS = tuple(m.id for m in BOARD.markets)
BUILDING_IDS = tuple(b.id for b in BOARD.buildings)
BUILDING_INDEX = {b: i for i, b in enumerate(BUILDING_IDS)}
GOODS = BOARD.goods
HOME, WATCH = "home", "watch"

#: code -> ("field", i) | ("spot", city, i) | ("land", colony) | ("watch",) | ("home",)
WORKER_PLACES: dict[str, tuple] = {HOME: ("home",), WATCH: ("watch",)}
for _i, _f in enumerate(FIELDS):
    WORKER_PLACES[_f.id] = ("field", _i)
for _c, _city in enumerate(BOARD.cities):
    for _s in range(SPOTS):
        WORKER_PLACES[f"{_city.id}{_s + 1}"] = ("spot", _c, _s)
for _c, _colony in enumerate(BOARD.colonies):
    WORKER_PLACES[_colony.id] = ("land", _c)

#: code -> ("home",) | ("landing", colony, k) | ("market", market, k)
SHIP_PLACES: dict[str, tuple] = {HOME: ("home",)}
for _c, _colony in enumerate(BOARD.colonies):
    for _k in range(len(_colony.slots)):
        SHIP_PLACES[f"{_colony.id}{_k + 1}"] = ("landing", _c, _k)
for _m, _market in enumerate(BOARD.markets):
    for _k in range(len(_market.slots)):
        SHIP_PLACES[f"{_market.id}{_k + 1}"] = ("market", _m, _k)


def spot_code(city: int, spot: int) -> str:
    return f"{CITY_IDS[city]}{spot + 1}"


def landing_code(colony: int, k: int) -> str:
    return f"{COLONY_IDS[colony]}{k + 1}"


def market_code(market: int, k: int) -> str:
    return f"{MARKET_IDS[market]}{k + 1}"


def district_of(spot: int) -> int:
    return spot // PER_DISTRICT


def spot_open(state: MadeiraState, city: int, spot: int) -> bool:
    """An empty spot of a built district (§3.4)."""
    return state.city[city][spot] is None and state.districts[city][district_of(spot)] is None


# -- workers ----------------------------------------------------------------------------------


def workers_at(state: MadeiraState, seat: int, code: str) -> int:
    place = WORKER_PLACES[code]
    kind = place[0]
    if kind == "field":
        return 1 if seat in state.field_workers[place[1]] else 0
    if kind == "spot":
        return 1 if state.city[place[1]][place[2]] == seat else 0
    if kind == "land":
        return state.land[place[1]][seat]
    if kind == "watch":
        return state.watch[seat]
    return state.p[seat]["workers"]


def remove_worker(state: MadeiraState, seat: int, code: str) -> None:
    place = WORKER_PLACES[code]
    kind = place[0]
    if kind == "field":
        state.field_workers[place[1]].remove(seat)
    elif kind == "spot":
        state.city[place[1]][place[2]] = None
    elif kind == "land":
        state.land[place[1]][seat] -= 1
    elif kind == "watch":
        state.watch[seat] -= 1
    else:
        state.p[seat]["workers"] -= 1


def add_worker(state: MadeiraState, seat: int, code: str) -> None:
    place = WORKER_PLACES[code]
    kind = place[0]
    if kind == "field":
        state.field_workers[place[1]].append(seat)
        state.field_workers[place[1]].sort()
    elif kind == "spot":
        state.city[place[1]][place[2]] = seat
    elif kind == "land":
        state.land[place[1]][seat] += 1
    elif kind == "watch":
        state.watch[seat] += 1
    else:
        state.p[seat]["workers"] += 1


def worker_places(state: MadeiraState, seat: int, kinds: frozenset[str]) -> list[str]:
    """Codes of the places of ``kinds`` (home, field, spot, land, watch) holding a worker of ``seat``."""
    out = []
    if "home" in kinds and state.p[seat]["workers"] > 0:
        out.append(HOME)
    if "field" in kinds:
        out += [FIELD_IDS[i] for i, seats in enumerate(state.field_workers) if seat in seats]
    if "spot" in kinds:
        for c, spots in enumerate(state.city):
            out += [spot_code(c, s) for s, who in enumerate(spots) if who == seat]
    if "land" in kinds:
        out += [COLONY_IDS[c] for c, counts in enumerate(state.land) if counts[seat] > 0]
    if "watch" in kinds and state.watch[seat] > 0:
        out.append(WATCH)
    return out


def field_places(state: MadeiraState, seat: int) -> list[str]:
    """Fields (Forest included) without a worker of ``seat`` (Steward, King's Reward Island)."""
    return [FIELD_IDS[i] for i, seats in enumerate(state.field_workers) if seat not in seats]


def open_spots(state: MadeiraState) -> list[str]:
    return [spot_code(c, s) for c in range(len(CITY_IDS)) for s in range(SPOTS) if spot_open(state, c, s)]


def workers_on_board(state: MadeiraState, seat: int) -> int:
    """Workers to feed (§11 step 4): on fields (Forest too), city spots, Colony Lands, the Watch."""
    count = sum(1 for seats in state.field_workers if seat in seats)
    count += sum(1 for spots in state.city for who in spots if who == seat)
    count += sum(counts[seat] for counts in state.land)
    return count + state.watch[seat]


def region_workers(state: MadeiraState, seat: int, region: int) -> int:
    """Own workers on the fields of ``region`` (the Forest never counts, §3.2)."""
    return sum(1 for i in BOARD.region_fields(region) if seat in state.field_workers[i])


# -- ships ------------------------------------------------------------------------------------


def slot_available(state: MadeiraState, code: str) -> bool:
    """Whether a ship slot is in play for this player count (§3.5, §3.6)."""
    place = SHIP_PLACES[code]
    if place[0] == "landing":
        return BOARD.colonies[place[1]].slots[place[2]][1] <= state.n
    if place[0] == "market":
        return BOARD.markets[place[1]].slots[place[2]][1] <= state.n
    return True


def ship_at(state: MadeiraState, code: str) -> int | None:
    place = SHIP_PLACES[code]
    if place[0] == "landing":
        return state.landing[place[1]][place[2]]
    return state.market[place[1]][place[2]]


def set_ship(state: MadeiraState, code: str, seat: int | None) -> None:
    place = SHIP_PLACES[code]
    if place[0] == "landing":
        state.landing[place[1]][place[2]] = seat
    else:
        state.market[place[1]][place[2]] = seat


def ship_slots(state: MadeiraState, seat: int) -> list[str]:
    """Codes of the slots holding a ship of ``seat``."""
    out = [landing_code(c, k) for c, slots in enumerate(state.landing) for k, who in enumerate(slots) if who == seat]
    out += [market_code(m, k) for m, slots in enumerate(state.market) for k, who in enumerate(slots) if who == seat]
    return out


def empty_slots(state: MadeiraState) -> list[str]:
    out = [landing_code(c, k) for c, slots in enumerate(state.landing) for k, who in enumerate(slots)
           if who is None and BOARD.colonies[c].slots[k][1] <= state.n]
    out += [market_code(m, k) for m, slots in enumerate(state.market) for k, who in enumerate(slots)
            if who is None and BOARD.markets[m].slots[k][1] <= state.n]
    return out


def slot_costs(code: str) -> list[tuple[str, int, int]]:
    """What moving a ship into a slot costs and pays: ``(good, cost, reals)`` per option."""
    place = SHIP_PLACES[code]
    if place[0] == "landing":
        return [("wine", BOARD.colonies[place[1]].slots[place[2]][0], 0)]
    market = BOARD.markets[place[1]]
    return [(market.good, cost, reward) for cost, reward in market.slots[place[2]][0]]


def ships_on_board(state: MadeiraState, seat: int) -> int:
    return sum(1 for slots in state.landing for who in slots if who == seat) + \
        sum(1 for slots in state.market for who in slots if who == seat)


def colony_ships(state: MadeiraState, seat: int, colony: int) -> int:
    return sum(1 for who in state.landing[colony] if who == seat)


# -- wood (§9.3) ------------------------------------------------------------------------------


def wood_sources(state: MadeiraState, seat: int) -> list[str]:
    """Where ``seat`` may buy or get wood: wooded fields with its worker, and the Forest
    (the general supply) when it has a worker there."""
    out = [FIELD_IDS[i] for i, seats in enumerate(state.field_workers)
           if seat in seats and i != FOREST and state.field_wood[i] > 0]
    if seat in state.field_workers[FOREST]:
        out.append(FOREST_ID)
    return out


def wood_reachable(state: MadeiraState, seat: int) -> float:
    """How much wood ``seat`` could still buy or get (infinite with a worker in the Forest)."""
    if seat in state.field_workers[FOREST]:
        return math.inf
    return sum(state.field_wood[i] for i, seats in enumerate(state.field_workers) if seat in seats)


def can_pay_wood(state: MadeiraState, seat: int, amount: int) -> bool:
    """Whether ``seat`` can discard ``amount`` wood: Home wood first, then buy the shortfall
    with access at this turn's running price (§6.5)."""
    shortfall = amount - state.p[seat]["wood"]
    if shortfall <= 0:
        return True
    if wood_reachable(state, seat) < shortfall:
        return False
    return BOARD.wood_cost(state.bought, shortfall) <= state.p[seat]["reals"]


def take_wood_from(state: MadeiraState, code: str) -> None:
    """One wood leaves its source (a field's pile; the Forest is the unlimited supply)."""
    index = FIELD_INDEX[code]
    if index != FOREST:
        state.field_wood[index] -= 1


def neutral_or(seat: int | None) -> str | int | None:
    return "neutral" if seat == NEUTRAL else seat
