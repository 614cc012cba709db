"""Phase D, maintenance (rules page §11), strictly in this order:

1. Honor: the single player with the most workers in the City Watch may send one Home for 4 PP
   (``honor`` / ``skip``); a tie for most gives nobody anything.
2. Income: each worker on a Colony Land gives its colony's good.
3. Upkeep, in Passing Column order: 1 wood per own ship on the board. ``upkeep N`` pays N from
   Home; with all Home wood spent, each further wood may be bought (``wood 2c``) or the rest left
   unpaid (``pirates``); every unpaid wood is 1 pirate.
4. Feeding, in Passing Column order: the windmill level feeds that many workers on the board;
   ``feed N`` pays N bread for the others, every one unfed is 1 pirate.
"""

from __future__ import annotations

from games.madeira import board as B
from games.madeira.data import BOARD
from games.madeira.engine import LEVELS, Kind, add_pirates, begin_turn, emit, kind, push
from games.madeira.state import PHASE_D


@kind("d_start")
class PhaseDStart(Kind):
    @classmethod
    def run(cls, state, task):
        state.phase = PHASE_D
        emit(state, "madeira.event.phase_d", round=state.round)
        push(state, {"t": "honor"}, {"t": "income"},
             *({"t": "upkeep", "s": seat} for seat in state.order),
             *({"t": "feed", "s": seat} for seat in state.order),
             {"t": "e_start"})


def honor_holder(state) -> int | None:
    """The seat with strictly the most workers in the City Watch, or ``None``."""
    most = max(state.watch)
    if most <= 0 or state.watch.count(most) > 1:
        return None
    return state.watch.index(most)


@kind("honor", forced=True)
class Honor(Kind):
    @classmethod
    def run(cls, state, task):
        seat = honor_holder(state)
        if seat is None:
            emit(state, "madeira.event.honor_none")
            return
        begin_turn(state, seat)
        state.prompt = {"t": "honor", "s": seat}

    @classmethod
    def options(cls, state, task):
        return ["honor", "skip"]

    @classmethod
    def decide(cls, state, task, move):
        if move == "honor":
            seat = task["s"]
            state.watch[seat] -= 1
            state.p[seat]["workers"] += 1
            state.p[seat]["pp"] += BOARD.honor_pp
            emit(state, "madeira.event.honor", seat=seat, pp=BOARD.honor_pp)


@kind("income")
class Income(Kind):
    @classmethod
    def run(cls, state, task):
        for c, colony in enumerate(BOARD.colonies):
            for seat in range(state.n):
                count = state.land[c][seat]
                if count:
                    state.p[seat][colony.good] += count
                    emit(state, f"madeira.event.gain.{colony.good}", seat=seat, count=count)


@kind("upkeep", forced=True)
class Upkeep(Kind):
    @classmethod
    def run(cls, state, task):
        seat = task["s"]
        owed = B.ships_on_board(state, seat)
        if owed == 0:
            return
        begin_turn(state, seat)
        super().run(state, {**task, "owed": owed})

    @classmethod
    def options(cls, state, task):
        most = min(task["owed"], state.p[task["s"]]["wood"])
        return [f"upkeep {k}" for k in range(most + 1)]

    @classmethod
    def decide(cls, state, task, move):
        seat, owed = task["s"], task["owed"]
        p = state.p[seat]
        paid = int(move.split()[1])
        all_home = paid == p["wood"]
        p["wood"] -= paid
        left = owed - paid
        emit(state, "madeira.event.upkeep", seat=seat, paid=paid, owed=owed)
        if left <= 0:
            return
        if all_home:
            push(state, {"t": "upkeep_buy", "s": seat, "left": left})
        else:
            add_pirates(state, seat, left, "upkeep")


@kind("upkeep_buy", forced=True)
class UpkeepBuy(Kind):
    """Home wood is spent: buy the next wood owed (``wood SOURCE``) or leave the rest unpaid."""

    @classmethod
    def options(cls, state, task):
        seat = task["s"]
        out = []
        if BOARD.wood_cost(state.bought, 1) <= state.p[seat]["reals"]:
            out = [f"wood {code}" for code in B.wood_sources(state, seat)]
        return out + ["pirates"]

    @classmethod
    def decide(cls, state, task, move):
        from games.madeira.actions import buy_wood

        seat = task["s"]
        if move == "pirates":
            add_pirates(state, seat, task["left"], "upkeep")
            return
        buy_wood(state, seat, move.split()[1])
        if task["left"] > 1:
            push(state, {**task, "left": task["left"] - 1})


def feeding_owed(state, seat: int) -> int:
    return max(0, B.workers_on_board(state, seat) - LEVELS[state.p[seat]["mill"]])


@kind("feed")
class Feed(Kind):
    """Not ``forced``: raising the windmill first (a free action) may lower what is owed."""

    @classmethod
    def run(cls, state, task):
        if feeding_owed(state, task["s"]) == 0:
            return  # the windmill feeds every worker on the board
        begin_turn(state, task["s"])
        super().run(state, task)

    @classmethod
    def options(cls, state, task):
        seat = task["s"]
        owed = feeding_owed(state, seat)
        return [f"feed {k}" for k in range(min(owed, state.p[seat]["bread"]) + 1)]

    @classmethod
    def decide(cls, state, task, move):
        seat = task["s"]
        owed = feeding_owed(state, seat)
        paid = int(move.split()[1])
        state.p[seat]["bread"] -= paid
        emit(state, "madeira.event.feed", seat=seat, paid=paid, owed=owed)
        add_pirates(state, seat, owed - paid, "feeding")
