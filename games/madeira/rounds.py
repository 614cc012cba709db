"""Set-up (rules page §5), Phase A (§7) and the round loop (§6.1).

Set-up deals everything from the state's generator, then asks, in reverse turn order (or turn
order with the ``city_order=turn`` option, §15 C1), each player for a city spot (``city ps3``) and
then two fields (``field 2a``; nobody's worker there, not two in one region, the Forest its own
area). Each round starts with Phase A: characters on the buildings but the round's empty one,
pirate and guild dice rolled, then in Passing Column order each player picks a Dice Column row
(``row 2``), a Crown's Request from that row (``take wealth``) and, with 2-3 players, which of the
row's two guilds refreshes his favors (``guild green``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.madeira import board as B
from games.madeira.data import BOARD
from games.madeira.engine import Kind, advance, emit, kind, push, roll, shuffle
from games.madeira.state import NEUTRAL, OVER, PHASE_A, SETUP, MadeiraState
from games.rng import Rng

START = BOARD.start


def new_state(n: int, options: Mapping[str, Any], seed: int) -> MadeiraState:
    count = BOARD.counts[n]
    nb = len(BOARD.buildings)
    state = MadeiraState(
        n=n, options=dict(options), rng=Rng(seed).next_u64(), round=1, phase=SETUP, order=[], passing=[None] * n,
        rows=[None] * n, row_dice=[[] for _ in range(n)], row_requests=[[] for _ in range(n)],
        chars=[None] * nb, bdice=[[] for _ in range(nb)], markers=[[] for _ in range(nb)], pirate_dice=[],
        watch=[0] * n, field_wood=[f.wood[n] for f in BOARD.fields], field_good=[f.good for f in BOARD.fields],
        field_workers=[[] for _ in BOARD.fields], city=[[None] * B.SPOTS for _ in BOARD.cities],
        districts=[[None] * len(c.district_costs) for c in BOARD.cities],
        land=[[0] * n for _ in BOARD.colonies], landing=[[None] * len(c.slots) for c in BOARD.colonies],
        rewards=[[] for _ in BOARD.colonies], market=[[None] * len(m.slots) for m in BOARD.markets],
        p=[{"pp": 0, "reals": START["reals"], "wheat": START["wheat"], "sugar": START["sugar"],
            "wine": START["wine"], "wood": START["wood"], "bread": START["bread"], "pirates": 0,
            "mill": BOARD.windmill["start"], "workers": START["workers"], "ships": START["ships"],
            "dice": [], "favors": [], "requests": [], "passed": False} for _ in range(n)],
        turn=None, bought=0, favor_used=False, engineer=0, lord=False, diplomat=False,
        used={"ships": [], "favors": [], "cities": []}, tasks=[], prompt=None, last=None, ply=0, final=None,
    )
    # Starting requests: one each; the most crowns plays first, then clockwise (§5.6).
    starting = list(BOARD.requests["starting"])
    shuffle(state, starting)
    for seat in range(n):
        state.p[seat]["requests"].append(starting[seat]["type"])
    first = max(range(n), key=lambda seat: starting[seat]["crowns"])
    state.order = [(first + k) % n for k in range(n)]
    state.passing = list(state.order)
    for position, seat in enumerate(state.order):
        state.p[seat]["reals"] += START["extra_reals"][position]
    # Regular requests in rows of five (§5.7).
    tiles = [r["type"] for r in BOARD.requests["regular"] if r["heads"] <= count.request_heads]
    shuffle(state, tiles)
    size = BOARD.requests["row_size"]
    state.row_requests = [sorted(tiles[row * size:(row + 1) * size]) for row in range(n)]
    # Favors on the unbuilt districts; a neutral citizen in every city (§5.8).
    favors = list(BOARD.favors)
    shuffle(state, favors)
    for c, city in enumerate(BOARD.cities):
        state.districts[c] = [None if cost is None else favors.pop() for cost in city.district_costs]
        state.city[c][BOARD.citizen_spot - 1] = NEUTRAL
    # Workers into the City Watch (§5.9).
    for seat in range(n):
        state.watch[seat] = START["watch_workers"]
        state.p[seat]["workers"] -= START["watch_workers"]
    # King's Rewards (§5.11; one pool while the A/B split is unknown, §16 U10).
    kr = BOARD.kings_rewards
    if kr.get("A") and kr.get("B"):
        a, b = list(kr["A"]), list(kr["B"])
        shuffle(state, a)
        shuffle(state, b)
        state.rewards = [[a[c], b[c]] for c in range(len(BOARD.colonies))]
    else:
        pool = list(kr["pool"])
        shuffle(state, pool)
        per = kr["per_colony"]
        state.rewards = [pool[c * per:(c + 1) * per] for c in range(len(BOARD.colonies))]
    setup_order = state.order if state.options.get("city_order") == "turn" else state.order[::-1]
    push(state,
         *({"t": "setup_city", "s": seat} for seat in setup_order for _ in range(START["city_workers"])),
         *({"t": "setup_field", "s": seat} for seat in state.order[::-1] for _ in range(START["field_workers"])),
         {"t": "round_start"})
    advance(state)
    return state


@kind("setup_city", forced=True)
class SetupCity(Kind):
    @classmethod
    def options(cls, state, task):
        return [f"city {code}" for code in B.open_spots(state)] if state.p[task["s"]]["workers"] else []

    @classmethod
    def decide(cls, state, task, move):
        seat = task["s"]
        B.remove_worker(state, seat, B.HOME)
        B.add_worker(state, seat, move.split()[1])


@kind("setup_field", forced=True)
class SetupField(Kind):
    @classmethod
    def options(cls, state, task):
        seat = task["s"]
        if not state.p[seat]["workers"]:
            return []
        mine = {BOARD.fields[i].region if i != B.FOREST else "forest"
                for i, seats in enumerate(state.field_workers) if seat in seats}
        out = []
        for i, seats in enumerate(state.field_workers):
            area = BOARD.fields[i].region if i != B.FOREST else "forest"
            if not seats and area not in mine:
                out.append(f"field {B.FIELD_IDS[i]}")
        return out

    @classmethod
    def decide(cls, state, task, move):
        seat = task["s"]
        B.remove_worker(state, seat, B.HOME)
        B.add_worker(state, seat, move.split()[1])


@kind("round_start")
class RoundStart(Kind):
    """A1-A3: characters, pirate dice, guild dice; then A4 for each player."""

    @classmethod
    def run(cls, state, task):
        state.phase = PHASE_A
        characters = list(BOARD.characters)
        shuffle(state, characters)
        state.chars = [None if b.empty_round == state.round else characters.pop() for b in BOARD.buildings]
        state.pirate_dice = roll(state, START["pirate_dice"])
        state.row_dice = [roll(state, START["dice_per_player"]) for _ in range(state.n)]
        state.rows = [None] * state.n
        for p in state.p:
            p["passed"] = False
            p["dice"] = []
        emit(state, "madeira.event.round", round=state.round)
        push(state, *({"t": "arow", "s": seat} for seat in state.order), {"t": "b_start"})


@kind("arow", forced=True)
class ChooseRow(Kind):
    @classmethod
    def options(cls, state, task):
        return [f"row {r + 1}" for r, seat in enumerate(state.rows) if seat is None]

    @classmethod
    def decide(cls, state, task, move):
        seat, r = task["s"], int(move.split()[1]) - 1
        state.rows[r] = seat
        if seat in state.passing:
            state.passing[state.passing.index(seat)] = None
        state.p[seat]["dice"] = sorted(state.row_dice[r])
        state.row_dice[r] = []
        push(state, {"t": "arequest", "s": seat, "r": r}, {"t": "aguild", "s": seat, "r": r})


@kind("arequest", forced=True)
class ChooseRequest(Kind):
    @classmethod
    def options(cls, state, task):
        return [f"take {kind_}" for kind_ in sorted(set(state.row_requests[task["r"]]))]

    @classmethod
    def decide(cls, state, task, move):
        kind_ = move.split()[1]
        state.row_requests[task["r"]].remove(kind_)
        state.p[task["s"]]["requests"].append(kind_)


@kind("aguild", forced=True)
class ChooseGuild(Kind):
    """Refresh the favors of the row's guild; a row of two guilds asks which (only when the
    player has a face-down favor of one of them, else there is nothing to choose)."""

    @classmethod
    def run(cls, state, task):
        guilds = BOARD.counts[state.n].guild_rows[task["r"]]
        if len(guilds) == 1:
            refresh(state, task["s"], guilds[0])
        else:
            super().run(state, task)

    @classmethod
    def options(cls, state, task):
        guilds = BOARD.counts[state.n].guild_rows[task["r"]]
        down = {BOARD.favors[f] for f, up in state.p[task["s"]]["favors"] if not up}
        return [f"guild {g}" for g in guilds] if down & set(guilds) else []

    @classmethod
    def decide(cls, state, task, move):
        refresh(state, task["s"], move.split()[1])


def refresh(state: MadeiraState, seat: int, guild: str) -> None:
    turned = 0
    for entry in state.p[seat]["favors"]:
        if not entry[1] and BOARD.favors[entry[0]] == guild:
            entry[1] = True
            turned += 1
    if turned:
        emit(state, f"madeira.event.refresh.{guild}", seat=seat, count=turned)


@kind("round_end")
class RoundEnd(Kind):
    @classmethod
    def run(cls, state, task):
        if state.round >= BOARD.rounds:
            from games.madeira.scoring import finish

            finish(state)
            state.phase = OVER
            return
        state.round += 1
        push(state, {"t": "round_start"})


__all__ = ["new_state"]
