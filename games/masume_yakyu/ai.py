"""The ``mixed`` AI: a randomised policy for every role, and the determinization for search.

A predictable pitcher is a beaten pitcher, so every choice is drawn from a distribution rather
than taken as the single best option:

- catcher: a pitch card uniformly from the hand (and a reliever when the hand runs thin);
- pitcher: a target weighted by where that card then ends (zone edges and low in the zone good,
  dead centre bad, chase pitches with two strikes, strikes with three balls);
- batter: each take / swing / bunt placement valued against the pitcher's public repertoire
  (every card equally likely) with the hit tables, then drawn by a softmax over the values;
- runner: steals and challenges with probabilities that grow with the runner's speed edge.

It reads only what its seat may see (the target and the repertoire, never the pending card).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from games.masume_yakyu import duel, hits, innings
from games.masume_yakyu.data import BUNT, CHALLENGE, COURSES, HIT_TOTAL, STRAIGHT, TEAMS
from games.masume_yakyu.grid import (
    CELLS,
    batting_side,
    final,
    in_zone,
    on_grid,
    spot_at,
)
from games.masume_yakyu.runners import steal_eligible
from games.masume_yakyu.state import (
    ADVANCE,
    BAT,
    BATTER,
    CARD,
    DISCARD,
    LINEUP,
    RUNNER,
    TARGET,
    Move,
    YakyuState,
)
from games.rng import Rng

if TYPE_CHECKING:
    from games.masume_yakyu import MasumeYakyu

#: How good each batted-ball result is for the offence (a rough run value).
RESULT_VALUE = {"home_run": 1.4, "double": 0.8, "single": 0.5, "infield": 0.25, "out": -0.25,
                "grounder": -0.3, "foul": 0.0, "long_foul": 0.0}
BUNT_VALUE = {"bunt_single": 0.5, "sacrifice": 0.05, "lead_out": -0.2, "double_play": -0.5}
TEMPERATURE = 0.08


def _weighted(rng: Rng, items: list[Any], weights: list[float]) -> Any:
    total = sum(weights)
    pick = rng.random() * total
    for item, weight in zip(items, weights):
        pick -= weight
        if pick < 0:
            return item
    return items[-1]


def _softmax(rng: Rng, items: list[Any], values: list[float]) -> Any:
    top = max(values)
    return _weighted(rng, items, [math.exp((v - top) / TEMPERATURE) for v in values])


def choose(game: MasumeYakyu, state: YakyuState, seat: int, rng: Rng) -> Move:
    s = state
    legal = game.legal_moves(s, seat)
    if s.phase == LINEUP:
        starters = [m for m in legal if m.kind == "starter"]
        if starters:  # the ace when allowed, else the reliever with the most cards
            team = TEAMS[s.teams[seat % 2]]
            return max(starters, key=lambda m: (m.arg == 1, len(team.pitcher(m.arg).cards), -m.arg))
        return Move("auto")
    if s.phase == CARD:
        return _card(s, seat, legal, rng)
    if s.phase == TARGET:
        return _target(s, seat, rng)
    if s.phase == BAT:
        if RUNNER in s.roles(seat) and BATTER not in s.roles(seat):
            return Move("steal") if rng.random() < _steal_chance(s) else Move("stay")
        return _bat(s, rng)
    if s.phase == ADVANCE:
        return Move("go") if rng.random() < _go_chance(s) else Move("hold")
    if s.phase == DISCARD:
        return rng.choice(legal)
    return rng.choice(legal)


def _card(s: YakyuState, seat: int, legal: list[Move], rng: Rng) -> Move:
    changes = [m for m in legal if m.kind == "change"]
    team = seat % 2
    if changes and len(s.hand[team]) <= 3 and rng.random() < 0.7:
        return max(changes, key=lambda m: len(TEAMS[s.teams[team]].pitcher(m.arg).cards))
    return rng.choice([m for m in legal if m.kind == "card"])


def _target(s: YakyuState, seat: int, rng: Rng) -> Move:
    """The pitcher knows the card: weigh every target by where the pitch then ends."""
    throws = duel.current_pitcher(s).throws
    weights = []
    for cell in range(CELLS):
        x, y = final(cell, s.card, throws)
        if not on_grid(x, y):
            w = 0.3
        elif in_zone(x, y):
            w = 0.4 if (x, y) == (2, 2) else 4.0 if y == 3 else 2.5
            if s.balls == 3:
                w *= 2
        else:
            w = 4.0 if s.strikes == 2 else 1.5
            if s.balls == 3:
                w *= 0.2
        weights.append(w)
    return Move("target", _weighted(rng, list(range(CELLS)), weights))


def _contact_value(lane: str, bonus: int) -> float:
    lo, hi = HIT_TOTAL["minimum"], HIT_TOTAL["maximum"]
    return sum(RESULT_VALUE[COURSES[lane][max(lo, min(hi, d + bonus))]["result"]]
               for d in range(1, HIT_TOTAL["die"] + 1)) / HIT_TOTAL["die"]


def _bat(s: YakyuState, rng: Rng) -> Move:
    """Value every option against the public repertoire; draw one by softmax."""
    pitcher, batter = duel.current_pitcher(s), duel.current_batter(s)
    side = batting_side(batter.bats, pitcher.throws)
    finals = [final(s.target, c, pitcher.throws) for c in pitcher.cards]
    strike = -0.4 if s.strikes == 2 else -0.15
    ball = 0.35 if s.balls == 3 else 0.12
    take = sum(strike if on_grid(x, y) and in_zone(x, y) else ball for x, y in finals) / len(finals)
    runners = any(b is not None for b in s.bases) and s.outs < 2
    options: list[tuple[str, int]] = [("take", 0)]
    values = [take]
    for anchor in range(CELLS):
        swing = bunt = 0.0
        for x, y in finals:
            spot = spot_at(anchor, side, x, y) if on_grid(x, y) else None
            if spot is None:
                swing += strike
                bunt += strike if on_grid(x, y) or s.strikes == 2 else 0.0
                continue
            _, lane = hits.course_of(spot, side)
            swing += _contact_value(lane, hits.batting_advantage(batter, spot) + hits.course_advantage(x, y))
            bunt += _bunt_value(spot, y, runners)
        options += [("swing", anchor), ("bunt", anchor)]
        values += [swing / len(finals), bunt / len(finals)]
    kind, anchor = _softmax(rng, options, values)
    steal = not s.split(s.offence) and bool(steal_eligible(s)) and rng.random() < _steal_chance(s)
    return Move(kind, anchor, steal)


def _bunt_value(spot: str, row: int, runners: bool) -> float:
    total = 0.0
    for die in range(1, BUNT["die"] + 1):
        _, result = hits.bunt_result(die, row, spot)
        value = BUNT_VALUE[result]
        total += value if runners or result == "bunt_single" else -0.25
    return total / BUNT["die"]


def _run_mod(s: YakyuState, slot: int) -> int:
    batter = TEAMS[s.teams[s.offence]].batter(s.lineup[s.offence][slot])
    return CHALLENGE["run_modifier"][batter.run]


def _steal_chance(s: YakyuState) -> float:
    going = steal_eligible(s)
    if not going or s.strikes == 2 and s.outs == 2:
        return 0.0
    edge = _run_mod(s, s.bases[max(going)]) - (1 if max(going) == 1 else 0)
    return {2: 0.35, 1: 0.22, 0: 0.1}.get(edge, 0.03)


def _go_chance(s: YakyuState) -> float:
    item = s.queue[0]
    if item["kind"] == "dropped":
        return 1.0
    edge = _run_mod(s, item["slot"]) - item["mod"]
    return 0.9 if edge >= 1 else 0.7 if edge == 0 else 0.35


# -- determinization --------------------------------------------------------------------------


def determinize(game: MasumeYakyu, state: YakyuState, seat: int, rng: Rng) -> YakyuState:
    """Resample what ``seat`` cannot see: the other team's remaining cards (its repertoire less
    as many non-straight cards as were removed), its pending pitch card, its batting order while
    still secret, and a teammate's or opponent's pending batting or running choice."""
    s = state.copy()
    mine = seat % 2
    other = 1 - mine
    if s.pitcher[other] is not None:
        cards = list(TEAMS[s.teams[other]].pitcher(s.pitcher[other]).cards)
        removable = [c for c in cards if c != STRAIGHT]
        rng.shuffle(removable)
        gone = set(removable[:s.removed[other]])
        s.hand[other] = [c for c in cards if c not in gone]
        if s.defence == other and s.card is not None:
            s.card = rng.choice(s.hand[other])
    if s.phase == LINEUP:
        numbers = list(range(1, 10))
        rng.shuffle(numbers)
        s.lineup[other] = numbers[:len(s.lineup[other])]
        if s.starter[other] is not None:
            s.starter[other] = rng.choice(innings.available_pitchers(s, other))
    if s.phase == BAT:
        if s.bat is not None and BATTER not in s.roles(seat) or s.bat is not None and mine != s.offence:
            s.bat = [rng.below(3), rng.below(CELLS)]
        if s.steal is not None and (RUNNER not in s.roles(seat) or mine != s.offence):
            s.steal = rng.below(2) == 1
    return s


__all__ = ["choose", "determinize"]
