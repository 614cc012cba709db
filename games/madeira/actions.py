"""Steps shared by many effects (rules page §8.5, §9, §3.10, §3.11): moving workers and ships,
paying and getting wood, the Guild Master's purchase, the Mayor, King's Rewards and Guild Favors.

Each is a task kind of :mod:`games.madeira.engine`; an effect schedules them as plain dicts, e.g.
``{"t": "wmove", "s": seat, "to": "field", "left": 2}`` for a Steward.
"""

from __future__ import annotations

from games.madeira import board as B
from games.madeira.data import BOARD
from games.madeira.engine import (
    LEVELS,
    TOP,
    Kind,
    Task,
    discard_pirates,
    emit,
    kind,
    mill_up,
    push,
)
from games.madeira.state import NEUTRAL, PHASE_B, PHASE_C, MadeiraState

STANDARD_SOURCES = frozenset(("home", "field", "spot", "land"))
ANY_SOURCES = frozenset(("home", "field", "spot", "land", "watch"))
FV = BOARD.favor_values
KR = BOARD.kings_rewards["values"]


def destinations(state: MadeiraState, seat: int, to: str) -> list[str]:
    """Where a worker may go (§9.1): ``field`` (no own worker there), ``city`` (an empty spot of a
    built district), ``colony`` (any Colony Land), ``watch``, or ``any`` of them and Home."""
    if to == "field":
        return B.field_places(state, seat)
    if to == "city":
        return B.open_spots(state)
    if to == "colony":
        return list(B.COLONY_IDS)
    if to == "watch":
        return [B.WATCH]
    return B.field_places(state, seat) + B.open_spots(state) + list(B.COLONY_IDS) + [B.WATCH, B.HOME]


def worker_moves(state: MadeiraState, task: Task) -> list[str]:
    seat, moved = task["s"], task.get("moved", {})
    kinds = ANY_SOURCES if task.get("src") == "any" else STANDARD_SOURCES
    sources = [code for code in B.worker_places(state, seat, kinds)
               if B.workers_at(state, seat, code) - moved.get(code, 0) > 0]
    targets = destinations(state, seat, task["to"])
    return [f"move {a}-{b}" for a in sources for b in targets if a != b]


@kind("wmove", forced=True)
class WorkerMove(Kind):
    """Move up to ``left`` own workers to ``to``, one move each; ``done`` stops. A worker moved by
    this action is not moved again (§16 U15). ``bonus`` is paid on arrival: ``colony`` +1 PP per
    own ship in that colony (Alfândega), ``discard`` up to 3 pirates (City Watch), ``scout``
    whichever of those the destination gives (§3.10 Scout)."""

    @classmethod
    def options(cls, state, task):
        return worker_moves(state, task) + ["done"]

    @classmethod
    def decide(cls, state, task, move):
        if move == "done":
            return
        seat = task["s"]
        source, target = move.split()[1].split("-")
        B.remove_worker(state, seat, source)
        B.add_worker(state, seat, target)
        then = arrival_bonus(state, seat, target, task.get("bonus"))
        left = task["left"] - 1
        if left > 0:
            moved = dict(task.get("moved", {}))
            moved[target] = moved.get(target, 0) + 1
            then.append({**task, "left": left, "moved": moved})
        push(state, *then)


def arrival_bonus(state: MadeiraState, seat: int, target: str, bonus: str | None) -> list[Task]:
    """Pay what arriving at ``target`` gives; returns the decision it asks for, if any (how many
    pirates to discard on arriving in the City Watch)."""
    if bonus is None:
        return []
    place = B.WORKER_PLACES[target][0]
    p = state.p[seat]
    if place == "land" and bonus in ("colony", "scout"):
        gain = B.colony_ships(state, seat, B.COLONY_IDS.index(target))
        if gain:
            p["pp"] += gain
            emit(state, "madeira.event.colony_pp", seat=seat, pp=gain, colony=target)
    elif place == "watch" and bonus in ("discard", "scout"):
        return [{"t": "discard", "s": seat, "most": BOARD.watch_discard}]
    elif place == "spot" and bonus == "scout":
        p["pp"] += FV["scout_city_pp"]
        emit(state, "madeira.event.pp", seat=seat, pp=FV["scout_city_pp"])
    return []


@kind("discard", forced=True)
class Discard(Kind):
    """Discard up to ``most`` pirates: the player says how many (§9.4, ``discard 3`` ..
    ``discard 0``; the most he may discard is offered first). The question is asked even of a
    player without pirates (then only ``discard 0``), so whether it is asked tells the table
    nothing about his secret total."""

    @classmethod
    def run(cls, state, task):
        state.prompt = task

    @classmethod
    def options(cls, state, task):
        most = min(task["most"], state.p[task["s"]]["pirates"])
        return [f"discard {k}" for k in range(most, -1, -1)]

    @classmethod
    def decide(cls, state, task, move):
        discard_pirates(state, task["s"], int(move.split()[1]))


# -- the Mayor (§8.5) -------------------------------------------------------------------------


@kind("mayor", forced=True)
class Mayor(Kind):
    """Relocate up to ``left`` pieces (own city workers or neutral citizens) to empty spots, one
    at a time and each once; then the city income (:class:`MayorIncome`)."""

    @classmethod
    def options(cls, state, task):
        seat, moved = task["s"], task.get("moved", [])
        pieces = [B.spot_code(c, i) for c, spots in enumerate(state.city) for i, who in enumerate(spots)
                  if who in (seat, NEUTRAL) and B.spot_code(c, i) not in moved]
        targets = B.open_spots(state)
        return [f"move {a}-{b}" for a in pieces for b in targets] + ["done"]

    @classmethod
    def decide(cls, state, task, move):
        seat = task["s"]
        if move == "done":
            push(state, {"t": "mayor_income", "s": seat})
            return
        source, target = move.split()[1].split("-")
        _, c, i = B.WORKER_PLACES[source]
        _, c2, i2 = B.WORKER_PLACES[target]
        state.city[c2][i2], state.city[c][i] = state.city[c][i], None
        left = task["left"] - 1
        if left > 0:
            push(state, {**task, "left": left, "moved": task.get("moved", []) + [target]})
        else:
            push(state, {"t": "mayor_income", "s": seat})


@kind("mayor_income")
class MayorIncome(Kind):
    """Each city with an own worker pays per own worker and per neutral citizen there; Machico's
    wood needs wood access and is capped by the wood there is (§8.5)."""

    @classmethod
    def run(cls, state, task):
        seat = task["s"]
        for c, city in enumerate(BOARD.cities):
            own = sum(1 for who in state.city[c] if who == seat)
            if not own:
                continue
            amount = city.per_worker * own + city.per_citizen * sum(1 for who in state.city[c] if who == NEUTRAL)
            if city.income == "wood":
                push(state, {"t": "wood_gain", "s": seat, "n": amount})
            else:
                state.p[seat][city.income] += amount
                emit(state, f"madeira.event.gain.{city.income}", seat=seat, count=amount)


# -- the Guild Master (§8.5) ------------------------------------------------------------------


def district_offers(state: MadeiraState, seat: int) -> list[tuple[str, int, int, int]]:
    """``(favor, city, district, wood cost)`` of every favor ``seat`` could buy now."""
    out = []
    for c, city in enumerate(BOARD.cities):
        for d, favor in enumerate(state.districts[c]):
            if favor is not None:
                cost = city.district_costs[d]
                if B.can_pay_wood(state, seat, cost):
                    out.append((favor, c, d, cost))
    return out


@kind("master")
class GuildMaster(Kind):
    """Buy one favor lying on a district with that column's wood; the district is built and the
    favor goes Home face up. A single affordable district is bought without asking only when no
    windmill action is open: one could bring the reals that make other districts affordable."""

    @classmethod
    def options(cls, state, task):
        return [f"buy {favor}" for favor, *_ in district_offers(state, task["s"])]

    @classmethod
    def decide(cls, state, task, move):
        seat, wanted = task["s"], move.split()[1]
        for favor, c, d, cost in district_offers(state, seat):
            if favor == wanted:
                state.districts[c][d] = None
                state.p[seat]["favors"].append([favor, True])
                emit(state, f"madeira.event.district.{favor}", seat=seat, city=B.CITY_IDS[c], cost=cost)
                push(state, {"t": "wood_pay", "s": seat, "n": cost})
                return


# -- wood (§6.5, §9.3) ------------------------------------------------------------------------


@kind("wood_pay", forced=True)
class WoodPay(Kind):
    """Discard ``n`` wood: Home wood first, then each missing wood is bought from a source the
    player chooses (a wooded field with an own worker, or the Forest) at the running price."""

    @classmethod
    def run(cls, state, task):
        if not task.get("home_done"):
            p = state.p[task["s"]]
            use = min(p["wood"], task["n"])
            p["wood"] -= use
            task = {**task, "n": task["n"] - use, "home_done": True}
        if task["n"] > 0:
            super().run(state, task)

    @classmethod
    def options(cls, state, task):
        seat = task["s"]
        if BOARD.wood_cost(state.bought, 1) > state.p[seat]["reals"]:
            return []
        return [f"wood {code}" for code in B.wood_sources(state, seat)]

    @classmethod
    def decide(cls, state, task, move):
        buy_wood(state, task["s"], move.split()[1])
        if task["n"] > 1:
            push(state, {**task, "n": task["n"] - 1})


def buy_wood(state: MadeiraState, seat: int, source: str) -> None:
    """One wood bought (and discarded at once) at this turn's next price."""
    price = BOARD.wood_cost(state.bought, 1)
    state.p[seat]["reals"] -= price
    state.bought += 1
    B.take_wood_from(state, source)
    emit(state, "madeira.event.wood_bought", seat=seat, source=source, price=price)


@kind("wood_gain", forced=True)
class WoodGain(Kind):
    """Get ``n`` wood with wood access (Mayor in Machico, Monk): from the Forest's supply or from
    wooded fields with an own worker, as much as there is. The player picks each unit's source
    when there is a choice."""

    @classmethod
    def run(cls, state, task):
        seat, n = task["s"], task["n"]
        sources = B.wood_sources(state, seat)
        if n <= 0 or not sources:
            return
        if sources == [B.FOREST_ID]:
            gain_wood(state, seat, B.FOREST_ID, n)
        elif len(sources) == 1 and B.FOREST_ID not in sources:
            gain_wood(state, seat, sources[0], min(n, state.field_wood[B.FIELD_INDEX[sources[0]]]))
        else:
            state.prompt = task

    @classmethod
    def options(cls, state, task):
        return [f"wood {code}" for code in B.wood_sources(state, task["s"])]

    @classmethod
    def decide(cls, state, task, move):
        gain_wood(state, task["s"], move.split()[1], 1)
        if task["n"] > 1:
            push(state, {**task, "n": task["n"] - 1})


def gain_wood(state: MadeiraState, seat: int, source: str, count: int) -> None:
    for _ in range(count):
        B.take_wood_from(state, source)
    state.p[seat]["wood"] += count
    if count:
        emit(state, "madeira.event.wood_gained", seat=seat, count=count, source=source)


# -- ships: Commander, Pass IV, Navigator (§8.5, §9.2) ----------------------------------------


def ship_moves(state: MadeiraState, task: Task) -> list[str]:
    seat = task["s"]
    p = state.p[seat]
    moved = task.get("moved", [])
    sources = ([B.HOME] if p["ships"] > 0 else []) + [c for c in B.ship_slots(state, seat) if c not in moved]
    if not sources:
        return []
    targets = B.empty_slots(state)
    home_ok = B.can_pay_wood(state, seat, 1)
    out = []
    for target in targets:
        options = B.slot_costs(target)
        for k, (good, cost, _) in enumerate(options):
            if p[good] < cost:
                continue
            suffix = f".{k + 1}" if len(options) > 1 else ""
            for source in sources:
                if source == target or (source == B.HOME and not home_ok):
                    continue
                out.append(f"ship {source}-{target}{suffix}")
    return out


@kind("smove")
class ShipMove(Kind):
    """Move up to ``left`` own ships into empty slots of this player count, paying the slot's
    wine (landing) or good (market, the chosen option), and 1 wood for a ship from Home. A ship
    moves at most once (§15 C5) and never onto its own slot. Afterwards: each market slot pays its
    reals and each landing gives one of that colony's King's Rewards (:class:`ShipRewards`)."""

    @classmethod
    def options(cls, state, task):
        return ship_moves(state, task) + ["done"]

    @classmethod
    def decide(cls, state, task, move):
        seat = task["s"]
        if move == "done":
            push(state, {"t": "srewards", "s": seat, "arrived": task.get("arrived", [])})
            return
        path, _, option = move.split()[1].partition(".")
        source, target = path.split("-")
        k = int(option) - 1 if option else 0
        good, cost, _ = B.slot_costs(target)[k]
        p = state.p[seat]
        p[good] -= cost
        if source == B.HOME:
            p["ships"] -= 1
        else:
            B.set_ship(state, source, None)
        B.set_ship(state, target, seat)
        arrived = task.get("arrived", []) + [[target, k]]
        left = task["left"] - 1
        after = {**task, "left": left, "moved": task.get("moved", []) + [target], "arrived": arrived} if left > 0 \
            else {"t": "srewards", "s": seat, "arrived": arrived}
        if source == B.HOME:
            push(state, {"t": "wood_pay", "s": seat, "n": 1}, after)
        else:
            push(state, after)


@kind("srewards")
class ShipRewards(Kind):
    @classmethod
    def run(cls, state, task):
        seat = task["s"]
        later = []
        for target, k in task["arrived"]:
            place = B.SHIP_PLACES[target]
            if place[0] == "market":
                reals = B.slot_costs(target)[k][2]
                state.p[seat]["reals"] += reals
                emit(state, "madeira.event.market_reals", seat=seat, slot=target, count=reals)
            else:
                later.append({"t": "kr", "s": seat, "c": place[1]})
        push(state, *later)


# -- King's Rewards (§3.11) -------------------------------------------------------------------


@kind("kr", forced=True)
class KingsReward(Kind):
    """Choose one of the two King's Rewards of the colony a ship just landed in."""

    @classmethod
    def options(cls, state, task):
        return [f"reward {r}" for r in state.rewards[task["c"]]]

    @classmethod
    def decide(cls, state, task, move):
        seat, reward = task["s"], move.split()[1]
        p = state.p[seat]
        emit(state, f"madeira.event.reward.{reward}", seat=seat)
        if reward == "island":
            push(state, {"t": "wmove", "s": seat, "to": "field", "left": 1})
        elif reward == "guild":
            push(state, {"t": "flip", "s": seat, "left": 1})
        elif reward == "city":
            p["pp"] += KR["city_pp"]
            push(state, {"t": "wmove", "s": seat, "to": "city", "left": 1})
        elif reward == "watch":
            push(state, {"t": "wmove", "s": seat, "to": "watch", "left": 1, "bonus": "discard"})
        elif reward == "medal":
            p["pp"] += KR["medal_pp"]
        elif reward == "loot":
            p["reals"] += KR["loot_reals"]
        elif reward == "support":
            push(state, {"t": "support", "s": seat})
        elif reward == "windmill":
            mill_up(state, seat, free=True)


@kind("support", forced=True)
class RoyalSupport(Kind):
    @classmethod
    def options(cls, state, task):
        return ["support pirates", "support bread"]

    @classmethod
    def decide(cls, state, task, move):
        seat = task["s"]
        if move.endswith("bread"):
            state.p[seat]["bread"] += KR["support_bread"]
            emit(state, "madeira.event.gain.bread", seat=seat, count=KR["support_bread"])
        else:
            push(state, {"t": "discard", "s": seat, "most": KR["support_pirates"]})


@kind("flip", forced=True)
class Flip(Kind):
    """Turn up to ``left`` own face-down favors face up (Casa da Coroa, King's Reward Guild)."""

    @classmethod
    def options(cls, state, task):
        down = sorted({f for f, up in state.p[task["s"]]["favors"] if not up})
        return [f"flip {f}" for f in down] + ["done"]

    @classmethod
    def decide(cls, state, task, move):
        if move == "done":
            return
        set_favor(state, task["s"], move.split()[1], True)
        if task["left"] > 1:
            push(state, {**task, "left": task["left"] - 1})


def set_favor(state: MadeiraState, seat: int, favor: str, up: bool) -> None:
    for entry in state.p[seat]["favors"]:
        if entry[0] == favor and entry[1] != up:
            entry[1] = up
            return


# -- Guild Favors (§3.10, §6.4) ---------------------------------------------------------------

B_ONLY = frozenset(("engineer",))
C_ONLY = frozenset(("lord", "diplomat"))


def favor_options(state: MadeiraState, seat: int, building: int | None = None) -> list[str]:
    """The favors ``seat`` may use at the start of this turn (one per turn; Engineer only in
    Phase B, Lord and Diplomat only in Phase C; favors that could do nothing are left out)."""
    if state.favor_used:
        return []
    out = []
    for favor in sorted({f for f, up in state.p[seat]["favors"] if up}):
        if favor in B_ONLY and state.phase != PHASE_B or favor in C_ONLY and state.phase != PHASE_C:
            continue
        if favor_possible(state, seat, favor, building):
            out.append(f"favor {favor}")
    return out


def favor_possible(state: MadeiraState, seat: int, favor: str, building: int | None) -> bool:
    if favor == "monk":
        return bool(B.wood_sources(state, seat))
    if favor == "miller":
        return state.p[seat]["mill"] < TOP
    if favor == "bishop":
        return bool(Bishop.options(state, {"s": seat, "b": building}))
    if favor == "navigator":
        return bool(ship_moves(state, {"s": seat, "left": 1}))
    if favor == "scout":
        return bool(worker_moves(state, {"s": seat, "to": "any", "src": "any", "left": 1}))
    if favor == "lady":
        return bool(Lady.options(state, {"s": seat}))
    return True


def use_favor(state: MadeiraState, seat: int, favor: str, building: int | None = None) -> list[Task]:
    """Flip ``favor`` face down and do what it says; returns the tasks it needs."""
    set_favor(state, seat, favor, False)
    state.favor_used = True
    p = state.p[seat]
    emit(state, f"madeira.event.favor.{favor}", seat=seat)
    if favor == "monk":
        return [{"t": "wood_gain", "s": seat, "n": FV["monk_wood"]}]
    if favor == "miller":
        mill_up(state, seat, free=True)
    elif favor == "bishop":
        return [{"t": "bishop", "s": seat, "b": building}]
    elif favor == "patron":
        p["bread"] += FV["patron_bread"]
    elif favor == "lord":
        state.lord = True
    elif favor == "diplomat":
        state.diplomat = True
    elif favor == "treasurer":
        p["reals"] += FV["treasurer_reals"]
    elif favor == "navigator":
        return [{"t": "smove", "s": seat, "left": 1}]
    elif favor == "engineer":
        state.engineer = FV["engineer_extra"]
    elif favor == "constable":
        discard_pirates(state, seat, p["pirates"] // 2)
    elif favor == "lady":
        return [{"t": "lady", "s": seat}]
    elif favor == "scout":
        return [{"t": "wmove", "s": seat, "to": "any", "src": "any", "left": 1, "bonus": "scout"}]
    return []


@kind("bishop", forced=True)
class Bishop(Kind):
    """Move one own action marker to another building; in Phase C not *into* the building being
    resolved (``b``) unless the player already has a marker there (§3.10, §17.4)."""

    @classmethod
    def options(cls, state, task):
        seat, current = task["s"], task.get("b")
        out = []
        for b1, markers in enumerate(state.markers):
            if seat not in markers:
                continue
            for b2 in range(len(B.BUILDING_IDS)):
                if b2 == b1 or (current is not None and b2 == current and seat not in state.markers[current]):
                    continue
                out.append(f"marker {B.BUILDING_IDS[b1]}-{B.BUILDING_IDS[b2]}")
        return out

    @classmethod
    def decide(cls, state, task, move):
        a, b = move.split()[1].split("-")
        state.markers[B.BUILDING_INDEX[a]].remove(task["s"])
        state.markers[B.BUILDING_INDEX[b]].append(task["s"])


@kind("lady", forced=True)
class Lady(Kind):
    """Pay 4 reals and perform any one building action at once, its tier by own workers in that
    building's region (at least one needed)."""

    @classmethod
    def options(cls, state, task):
        seat = task["s"]
        if state.p[seat]["reals"] < FV["lady_reals"]:
            return []
        return [f"building {b.id}" for b in BOARD.buildings if B.region_workers(state, seat, b.region) > 0]

    @classmethod
    def decide(cls, state, task, move):
        from games.madeira.buildings import building_tasks, tier

        seat = task["s"]
        b = B.BUILDING_INDEX[move.split()[1]]
        state.p[seat]["reals"] -= FV["lady_reals"]
        push(state, *building_tasks(state, seat, b, tier(state, seat, b)))


__all__ = ["LEVELS", "destinations", "favor_options", "ship_moves", "use_favor", "worker_moves"]
