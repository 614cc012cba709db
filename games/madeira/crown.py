"""Phase E, the Crown's Requests (rules page §12), and the field changes of rounds 2 and 4.

In rounds 1, 3 and 5 each player, in Passing Column order, scores 1 of his 2, then 2 of his 3,
then all 3 requests (``score wealth``), discarding them even when they score nothing. Requests of
the same type in one round need different targets (§12.2). The targets are picked for the player
where the best pick is plain (the most valuable ships, one favor per guild, the best city, and
those sums do not depend on the order); only how many reals to give to Wealth of the Nation is
asked (``wealth 12``).

In rounds 2 and 4 every convertible field that is clear of wood changes its good for good; a
field still wooded then never converts (§12.1).
"""

from __future__ import annotations

from collections.abc import Sequence

from games.madeira import board as B
from games.madeira.data import BOARD
from games.madeira.engine import Kind, emit, kind, push
from games.madeira.state import PHASE_E, MadeiraState

REQ = BOARD.requests


@kind("e_start")
class PhaseEStart(Kind):
    @classmethod
    def run(cls, state, task):
        state.phase = PHASE_E
        emit(state, "madeira.event.phase_e", round=state.round)
        for i, field in enumerate(BOARD.fields):
            if field.convert_round == state.round:
                if state.field_wood[i] == 0:
                    state.field_good[i] = field.converts
                    emit(state, f"madeira.event.converted.{field.converts}", field=field.id)
                else:
                    emit(state, "madeira.event.not_converted", field=field.id)
        count = REQ["per_round"].get(str(state.round), 0)
        later = [{"t": "escore", "s": seat, "left": count, "first": True} for seat in state.order] if count else []
        push(state, *later, {"t": "round_end"})


@kind("escore", forced=True)
class Score(Kind):
    @classmethod
    def run(cls, state, task):
        if task.get("first"):
            state.used = {"ships": [], "favors": [], "cities": []}
            task = {**task, "first": False}
        super().run(state, task)

    @classmethod
    def options(cls, state, task):
        hand = state.p[task["s"]]["requests"]
        if task["left"] >= len(hand):
            return [f"score {hand[0]}"] if hand else []  # all of them are scored: the order is no choice
        return [f"score {kind}" for kind in sorted(set(hand))]

    @classmethod
    def decide(cls, state, task, move):
        seat, kind_ = task["s"], move.split()[1]
        state.p[seat]["requests"].remove(kind_)
        later = score_request(state, seat, kind_)
        if task["left"] > 1:
            later.append({**task, "left": task["left"] - 1})
        push(state, *later)


def score_request(state: MadeiraState, seat: int, kind_: str) -> list[dict]:
    """Score one request for ``seat`` now; returns the Wealth prompt when one is needed."""
    p = state.p[seat]
    used = state.used
    if kind_ in ("market", "expedition"):
        chosen = scored_ships(state, seat, kind_, state.round, used["ships"])
        used["ships"] += [code for _, code in chosen]
        pp = sum(v for v, _ in chosen)
        p["pp"] += pp
        emit(state, f"madeira.event.request.{kind_}", seat=seat, pp=pp, count=len(chosen))
    elif kind_ == "guilds":
        chosen = scored_favors(p["favors"], used["favors"])
        used["favors"] += chosen
        pp = REQ["favor_pp"] * len(chosen)
        p["pp"] += pp
        emit(state, "madeira.event.request.guilds", seat=seat, pp=pp, count=len(chosen))
    elif kind_ == "urban":
        options = [(urban_value(state, seat, c), -c) for c in range(len(BOARD.cities))
                   if B.CITY_IDS[c] not in used["cities"]]
        value, c = max(options)
        used["cities"].append(B.CITY_IDS[-c])
        p["pp"] += value
        emit(state, "madeira.event.request.urban", seat=seat, pp=value, city=B.CITY_IDS[-c])
    else:
        return [{"t": "wealth", "s": seat}]
    return []


def scored_ships(state: MadeiraState, seat: int, kind_: str, round_: int,
                 used: Sequence[str] = ()) -> list[tuple[int, str]]:
    """The ships a Market (``market``) or Expedition (``expedition``) request scores for ``seat``
    in ``round_`` (§12.2): (value at that round, slot code) of its best ships there, at most
    ``REQ["ships"]``, none already ``used`` by another request this round."""
    wanted = "market" if kind_ == "market" else "landing"
    values = []
    for code in B.ship_slots(state, seat):
        place = B.SHIP_PLACES[code]
        if place[0] != wanted or code in used:
            continue
        table = BOARD.markets[place[1]].pp if wanted == "market" else BOARD.colonies[place[1]].pp
        values.append((table.get(round_, 0), code))
    values.sort(key=lambda v: (-v[0], v[1]))
    return values[: REQ["ships"]]


def scored_favors(favors: Sequence[tuple[str, bool]], used: Sequence[str] = ()) -> list[str]:
    """The favors a Guilds request scores (§12.2): face-up, of different guilds, at most
    ``REQ["favors"]``, none already ``used`` by another request this round."""
    chosen, guilds = [], set()
    for favor, up in favors:
        guild = BOARD.favors[favor]
        if up and favor not in used and guild not in guilds and len(chosen) < REQ["favors"]:
            chosen.append(favor)
            guilds.add(guild)
    return chosen


def urban_value(state: MadeiraState, seat: int, city: int) -> int:
    """Urbanization in ``city`` for ``seat`` (§12.2): the high value for the majority (all
    neutral citizens are one party; a tie goes to the party with the rightmost piece), the low
    value for any other player with a worker there, else 0."""
    spots = state.city[city]
    if seat not in spots:
        return 0
    counts: dict[int, int] = {}
    for who in spots:
        if who is not None:
            counts[who] = counts.get(who, 0) + 1
    top = max(counts.values())
    tied = {party for party, k in counts.items() if k == top}
    winner = next(who for who in reversed(spots) if who in tied)
    high, low = BOARD.cities[city].urbanization
    return high if winner == seat else low


@kind("wealth", forced=True)
class Wealth(Kind):
    """Wealth of the Nation: pay 0-15 reals, 1 PP each."""

    @classmethod
    def options(cls, state, task):
        most = min(REQ["wealth_max"], state.p[task["s"]]["reals"])
        return [f"wealth {k}" for k in range(most + 1)]

    @classmethod
    def decide(cls, state, task, move):
        seat, paid = task["s"], int(move.split()[1])
        state.p[seat]["reals"] -= paid
        state.p[seat]["pp"] += paid
        emit(state, "madeira.event.request.wealth", seat=seat, pp=paid)


__all__ = ["score_request", "scored_favors", "scored_ships", "urban_value"]
