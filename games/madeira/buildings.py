"""Phase C, building actions (rules page §10, §3.2): the five buildings in their printed order;
at each building with action markers the dice on its character are re-rolled, then every player
with a marker there, in Passing Column order, pays ``base - guild dice`` reals (``pay``) and may
perform the action once, or takes ``1 + the pirate die`` pirates (``pirates``).

The action's tier depends on the player's workers on the fields of the building's region
(1-2: tier 1, 3 or more: tier 2, none: no action), counted once when the action starts (§10.2).
"""

from __future__ import annotations

from games.madeira import actions
from games.madeira import board as B
from games.madeira.data import BOARD
from games.madeira.engine import (
    Kind,
    Task,
    add_pirates,
    begin_turn,
    emit,
    kind,
    push,
    roll,
)
from games.madeira.state import GUILD_DIE, PHASE_C, PIRATE_DIE, MadeiraState


def tier(state: MadeiraState, seat: int, b: int) -> int:
    """0, 1 or 2 by own workers on the region's fields (+2 with the Diplomat, §17.5)."""
    workers = B.region_workers(state, seat, BOARD.buildings[b].region)
    if state.diplomat:
        workers += BOARD.favor_values["diplomat_workers"]
    if workers <= 0:
        return 0
    return 2 if workers >= BOARD.tier2_workers else 1


def cost(state: MadeiraState, b: int, seat: int | None = None) -> int:
    """Reals to pay at building ``b``: the base for the player count less the guild dice on its
    character (never below 0); the pirate die does not count.

    With ``seat``, the price that seat pays now: 0 when it used the Lord at the start of this
    decision (§3.10: the Lord frees only *the current building* for *this player*). Without a
    seat, the building's price as the table sees it (the view, the re-roll message), which a
    Lord never changes."""
    if seat is not None and lord_frees(state, seat, b):
        return 0
    dice = sum(d[2] for d in state.bdice[b] if d[0] == GUILD_DIE)
    return max(0, BOARD.counts[state.n].base_cost - dice)


def lord_frees(state: MadeiraState, seat: int, b: int) -> bool:
    """Whether ``seat`` used the Lord for building ``b``: the flag of this turn, in Phase C, while
    ``seat``'s decision at ``b`` (or the action it paid for) is under way."""
    if not state.lord or state.phase != PHASE_C or state.turn != seat:
        return False
    prompt = state.prompt
    return prompt is None or prompt.get("b", b) == b


def pirate_toll(state: MadeiraState, b: int) -> int:
    return 1 + sum(d[2] for d in state.bdice[b] if d[0] == PIRATE_DIE)


def building_tasks(state: MadeiraState, seat: int, b: int, level: int) -> list[Task]:
    """The action of building ``b`` at ``level`` (1 or 2) for ``seat`` (§10.3)."""
    if level <= 0:
        emit(state, "madeira.event.no_workers", seat=seat, region=BOARD.buildings[b].region)
        return []
    building = BOARD.buildings[b]
    params = building.params
    p = state.p[seat]
    if building.action == "bread":
        amount = params["amount"][level - 1]
        p["bread"] += amount
        emit(state, "madeira.event.gain.bread", seat=seat, count=amount)
        return []
    moves = params["moves"][level - 1]
    if building.action == "city":
        pp = params["pp"][level - 1]
        p["pp"] += pp
        emit(state, "madeira.event.pp", seat=seat, pp=pp)
        return [{"t": "wmove", "s": seat, "to": "city", "left": moves}]
    if building.action == "colony":
        return [{"t": "wmove", "s": seat, "to": "colony", "left": moves, "bonus": "colony"}]
    if building.action == "flip":
        return [{"t": "flip", "s": seat, "left": moves}]
    return [{"t": "wmove", "s": seat, "to": "watch", "left": moves, "bonus": "discard"}]


@kind("c_start")
class PhaseCStart(Kind):
    """Everyone has passed: the Passing Column is the turn order from now on (§8.4)."""

    @classmethod
    def run(cls, state, task):
        state.order = [seat for seat in state.passing if seat is not None]
        state.phase = PHASE_C
        emit(state, "madeira.event.phase_c", round=state.round)
        push(state, {"t": "cbuilding", "b": 0})


@kind("cbuilding")
class Building(Kind):
    @classmethod
    def run(cls, state, task):
        b = task["b"]
        if b >= len(BOARD.buildings):
            # Markers go Home; dice and character tiles leave the buildings.
            state.markers = [[] for _ in BOARD.buildings]
            state.bdice = [[] for _ in BOARD.buildings]
            state.chars = [None] * len(BOARD.buildings)
            push(state, {"t": "d_start"})
            return
        if not state.markers[b]:
            push(state, {"t": "cbuilding", "b": b + 1})
            return
        values = roll(state, len(state.bdice[b]))
        for die, value in zip(state.bdice[b], values):
            die[2] = value
        emit(state, f"madeira.event.reroll.{BOARD.buildings[b].id}", dice=" ".join(map(str, values)) or "-",
             cost=cost(state, b), pirates=pirate_toll(state, b))
        push(state, {"t": "cseat", "b": b, "i": 0}, {"t": "cbuilding", "b": b + 1})


@kind("cseat")
class NextDecision(Kind):
    """The next player in Passing Column order with a marker on the building (read when his
    turn comes, so a Bishop's move before it counts)."""

    @classmethod
    def run(cls, state, task):
        b = task["b"]
        for i in range(task["i"], len(state.order)):
            seat = state.order[i]
            if seat in state.markers[b]:
                begin_turn(state, seat)
                push(state, {"t": "cdecide", "s": seat, "b": b}, {"t": "cseat", "b": b, "i": i + 1})
                return


@kind("cdecide")
class Decide(Kind):
    @classmethod
    def run(cls, state, task):
        if task["s"] not in state.markers[task["b"]]:
            return  # a Bishop took the last marker away: no decision here (§17.4)
        super().run(state, task)

    @classmethod
    def options(cls, state, task):
        seat, b = task["s"], task["b"]
        out = actions.favor_options(state, seat, b)
        if state.p[seat]["reals"] >= cost(state, b, seat):
            out.append("pay")
        return out + ["pirates"]

    @classmethod
    def decide(cls, state, task, move):
        seat, b = task["s"], task["b"]
        words = move.split()
        if words[0] == "favor":
            push(state, *actions.use_favor(state, seat, words[1], b), task)
        elif move == "pay":
            price = cost(state, b, seat)
            state.p[seat]["reals"] -= price
            emit(state, f"madeira.event.paid.{BOARD.buildings[b].id}", seat=seat, count=price)
            push(state, *building_tasks(state, seat, b, tier(state, seat, b)))
        else:
            add_pirates(state, seat, pirate_toll(state, b), "building")


__all__ = ["building_tasks", "cost", "pirate_toll", "tier"]
