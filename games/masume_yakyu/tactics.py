"""The situational AI (levels ``normal`` and ``hard``): every choice valued in runs.

The yardstick is the runs the offence can still expect this half-inning: a base-out table
(:data:`RUN_EXPECTANCY`, the usual baseball figures), shifted by the count (a small chain of
balls, strikes, fouls and balls in play per base-out state), plus the runs already in. Batted
balls are valued by playing the course cell on a copy of the state (:func:`hits.apply_cell`), so
double plays, tag-ups and end-run runners count as the rules have them; challenge plays by the
exact odds of two dice.

- batter: takes, swings or bunts where the expected runs are highest, over the pitch cards the
  pitcher may hold (``hard``: weighted by which of them this target suits); bunts only with
  runners on and fewer than 2 out; steals when the odds for this count and pitch pay;
- pitcher: aims where the batter's best reply to the target does worst against the card he
  knows, drawn softly among the near-best targets so he is not predictable;
- catcher: the card whose best target concedes least; a reliever when the pitcher's hand runs
  thin (stamina); the stamina removal drops the card most like another;
- runner: goes when the odds of the challenge pay in runs.

It reads only what its seat may see: the target, the pitcher's repertoire and how many cards he
has lost, never the pending card or the other team's hand.
"""

from __future__ import annotations

import math
from functools import cache
from typing import TYPE_CHECKING, Any

from games.masume_yakyu import duel, hits
from games.masume_yakyu.data import (
    BALLS_FOR_WALK,
    BUNT,
    CARDS,
    CHALLENGE,
    COURSES,
    HIT_TOTAL,
    STRAIGHT,
    STRIKES_FOR_OUT,
    TEAMS,
)
from games.masume_yakyu.grid import (
    CELLS,
    batting_side,
    final,
    in_zone,
    index,
    offset,
    on_grid,
    spots,
    xy,
)
from games.masume_yakyu.runners import Play
from games.masume_yakyu.state import (
    ADVANCE,
    BAT,
    BATTER,
    CARD,
    DISCARD,
    LINEUP,
    TARGET,
    Move,
    YakyuState,
)
from games.rng import Rng

if TYPE_CHECKING:
    from games.masume_yakyu import MasumeYakyu

#: Runs expected from a base-out state to the end of the half-inning, by outs and by the bases
#: taken (bit 1: 1st, 2: 2nd, 4: 3rd): the familiar major-league table.
RUN_EXPECTANCY = (
    (0.48, 0.86, 1.10, 1.44, 1.35, 1.78, 1.96, 2.29),
    (0.25, 0.51, 0.66, 0.88, 0.95, 1.13, 1.35, 1.54),
    (0.10, 0.22, 0.32, 0.43, 0.35, 0.48, 0.57, 0.75),
)
#: How a pitch ends when neither side aims: ball, strike, foul, ball in play (the count's chain).
PITCH_ODDS = (0.36, 0.34, 0.10, 0.20)
#: Share of balls in play that are hits (the chain's value of a ball in play).
HIT_SHARE = 0.3
#: Where a pitcher likes a pitch to end (the batter's guess at the card, ``hard``): low in the
#: zone, on its edges, just off it with two strikes; rarely dead centre or off the grid.
AIM = {"off": 0.3, "centre": 0.4, "low": 4.0, "zone": 2.5, "ball": 1.5, "ball_two_strikes": 4.0}

#: Softness of each choice, in runs: how far below the best an option may be and still be drawn.
SOFTNESS = {"normal": {"batter": 0.01, "pitcher": 0.02, "card": 0.03, "model": 0.04},
            "hard": {"batter": 0.005, "pitcher": 0.015, "card": 0.02, "model": 0.04}}
OFF = CELLS  # the index of every final cell off the grid


# -- the base-out state --------------------------------------------------------------------------


def _occupancy(bases: list[int | None]) -> int:
    return sum(1 << b for b in range(3) if bases[b] is not None)


def _expect(occ: int, outs: int) -> float:
    return RUN_EXPECTANCY[outs][occ] if outs < 3 else 0.0


@cache
def safe_odds(runner: int, defence: int, sides: int = 6) -> float:
    """P(die + runner >= die + defence): a challenge play, a tie to the runner (C8)."""
    wins = sum(1 for a in range(1, sides + 1) for b in range(1, sides + 1) if a + runner >= b + defence)
    return wins / sides ** 2


def _walk(occ: int) -> tuple[int, int]:
    """The bases and runs after a walk: forced runners move up."""
    if not occ & 1:
        return occ | 1, 0
    if not occ & 2:
        return occ | 3, 0
    if not occ & 4:
        return 7, 0
    return 7, 1


def _single(occ: int) -> tuple[int, int]:
    """Every runner up one, the batter on 1st (the count chain's typical hit)."""
    return ((occ << 1) & 7) | 1, 1 if occ & 4 else 0


@cache
def count_values(occ: int, outs: int) -> tuple[tuple[float, ...], ...]:
    """``V[balls][strikes]``: the runs the rest of this plate appearance adds to the base-out
    state's expectancy, by a chain of :data:`PITCH_ODDS` (fouls keep two strikes)."""
    base = _expect(occ, outs)
    walk_occ, walk_runs = _walk(occ)
    walk = walk_runs + _expect(walk_occ, outs) - base
    out = _expect(occ, outs + 1) - base
    hit_occ, hit_runs = _single(occ)
    in_play = HIT_SHARE * (hit_runs + _expect(hit_occ, outs) - base) + (1 - HIT_SHARE) * out
    pb, ps, pf, pc = PITCH_ODDS
    v = [[0.0] * STRIKES_FOR_OUT for _ in range(BALLS_FOR_WALK)]
    for b in range(BALLS_FOR_WALK - 1, -1, -1):
        for s in range(STRIKES_FOR_OUT - 1, -1, -1):
            after_ball = walk if b + 1 == BALLS_FOR_WALK else v[b + 1][s]
            after_strike = out if s + 1 == STRIKES_FOR_OUT else v[b][s + 1]
            if s + 1 == STRIKES_FOR_OUT:  # a foul keeps the count
                v[b][s] = (pb * after_ball + ps * after_strike + pc * in_play) / (1 - pf)
            else:
                v[b][s] = pb * after_ball + ps * after_strike + pc * in_play + pf * v[b][s + 1]
    return tuple(tuple(row) for row in v)


def expected(occ: int, outs: int, balls: int = 0, strikes: int = 0) -> float:
    """Runs to come this half-inning from a base-out state at a count."""
    if outs >= 3:
        return 0.0
    v = count_values(occ, outs)
    return _expect(occ, outs) + v[balls][strikes] - v[0][0]


# -- steals --------------------------------------------------------------------------------------


def _going(occ: int) -> list[int]:
    """C8 as :func:`runners.steal_eligible`, on bits: the bases whose runners go on a steal."""
    going = []
    for b in (1, 0):
        if occ >> b & 1 and (not occ >> (b + 1) & 1 or b + 1 in going):
            going.append(b)
    return sorted(going)


def _steal(occ: int, outs: int, going: list[int], odds: float) -> list[tuple[float, int, int, int]]:
    """The lead runner's challenge: ``(probability, bases, outs, runs)`` after it."""
    if not going or outs >= 3:
        return [(1.0, occ, outs, 0)]
    lead = max(going)
    safe = occ
    for b in sorted(going, reverse=True):
        safe = (safe & ~(1 << b)) | (1 << (b + 1))
    caught = occ & ~(1 << lead)
    return [(odds, safe, outs, 0), (1 - odds, caught, outs + 1, 0)]


# -- one decision's figures -------------------------------------------------------------------------


class Situation:
    """The public facts of the pitch to come and their values (built once per decision)."""

    def __init__(self, state: YakyuState) -> None:
        s = self.state = state
        self.pitcher, self.batter = duel.current_pitcher(s), duel.current_batter(s)
        self.side = batting_side(self.batter.bats, self.pitcher.throws)
        self.occ, self.outs, self.balls, self.strikes = _occupancy(s.bases), s.outs, s.balls, s.strikes
        self.going = _going(self.occ)
        self.batter_mod = CHALLENGE["run_modifier"][self.batter.run]
        lead = max(self.going) if self.going else None
        self.lead_mod = _run_mod(s, s.bases[lead]) if lead is not None else 0
        self.third = lead == 1
        self.may_bunt = self.occ != 0 and self.outs < 2
        self.actions: list[tuple[str, int]] = [("take", 0)] + [("swing", a) for a in range(CELLS)]
        if self.may_bunt:
            self.actions += [("bunt", a) for a in range(CELLS)]
        self._contact: dict[tuple[str, int, bool], float] = {}
        self._bunt: dict[str, float] = {}
        self._table: dict[tuple[bool, str], list[list[float]]] = {}
        self.repertoire = list(self.pitcher.cards)

    # -- outcomes --------------------------------------------------------------------------------

    def count_after(self, balls: int, strikes: int, steal: bool, group: str) -> float:
        """A pitch the batter did not put in play: the count moves on (a walk or a strikeout may
        end the plate appearance) and, with ``steal``, the lead runner is challenged."""
        occ, outs = self.occ, self.outs
        odds = self._steal_odds(group)
        if balls >= BALLS_FOR_WALK:
            walk_occ, runs = _walk(occ)
            value = runs + expected(walk_occ, outs)
            if steal and 1 in self.going and not occ & 1:  # the runner on 2nd, not forced
                value = runs + sum(p * expected(o, n) for p, o, n, _ in _steal(walk_occ, outs, [1], odds))
            return value
        if strikes >= STRIKES_FOR_OUT:  # the batter is out, then a steal is challenged
            if steal and self.going:
                return sum(p * expected(o, n) for p, o, n, _ in _steal(occ, outs + 1, self.going, odds))
            return expected(occ, outs + 1)
        if steal and self.going:
            return sum(p * expected(o, n, balls, strikes) for p, o, n, _ in _steal(occ, outs, self.going, odds))
        return expected(occ, outs, balls, strikes)

    def _steal_odds(self, group: str) -> float:
        mod = CHALLENGE["steal_pitch_defence"][group] + (CHALLENGE["steal_third_defence"] if self.third else 0)
        return safe_odds(self.lead_mod, mod)

    def contact(self, lane: str, total: int, end_run: bool) -> float:
        """Runs to come after a ball hit to ``total`` in ``lane`` (the cell played on a copy)."""
        key = (lane, total, end_run)
        if key not in self._contact:
            entry = COURSES[lane][total]
            if entry["result"] in ("foul", "long_foul"):
                value = expected(self.occ, self.outs, self.balls, min(self.strikes + 1, STRIKES_FOR_OUT - 1))
            else:
                going = self.going if end_run else []
                value = self._probe(lambda p: hits.apply_cell(p, self.state.up[self.state.offence], entry, going))
            self._contact[key] = value
        return self._contact[key]

    def bunt(self, result: str) -> float:
        if result not in self._bunt:
            self._bunt[result] = self._probe(lambda p: hits.apply_bunt(p, self.state.up[self.state.offence], result))
        return self._bunt[result]

    def _probe(self, play_out) -> float:
        """Runs to come after ``play_out`` on a copy, both ways of a challenge weighed by its odds."""
        value = 0.0
        for safe in (True, False):
            probe = _Probe(self.state.copy(), safe)
            before = probe.state.score(probe.state.offence)
            play_out(probe)
            s = probe.state
            runs = s.score(s.offence) - before
            after = runs + expected(_occupancy(s.bases), s.outs)
            if probe.defence_mod is None:
                return after
            odds = safe_odds(self.batter_mod, probe.defence_mod)
            value += (odds if safe else 1 - odds) * after
        return value

    # -- the batter's table ----------------------------------------------------------------------

    def table(self, steal: bool, group: str) -> list[list[float]]:
        """``table[action][final]``: runs to come for each batter action and final cell."""
        key = (steal, group if steal else "other")  # the pitch's group matters to a steal only
        if key in self._table:
            return self._table[key]
        b, s = self.balls, self.strikes
        ball = self.count_after(b + 1, s, steal, group)
        strike = self.count_after(b, s + 1, steal, group)
        foul_bunt = self.count_after(b, s + 1, False, group)  # the runners go back (C8)
        lo, hi, die = HIT_TOTAL["minimum"], HIT_TOTAL["maximum"], HIT_TOTAL["die"]
        rows = []
        for kind, anchor in self.actions:
            row = []
            if kind == "take":
                row = [strike if in_zone(*xy(f)) else ball for f in range(CELLS)] + [ball]
                rows.append(row)
                continue
            at = _SPOT_AT[self.side][anchor]
            for f in range(CELLS):
                spot = at[f]
                if spot is None:
                    row.append(strike)
                    continue
                x, y = xy(f)
                if kind == "bunt":
                    row.append(sum(self.bunt(hits.bunt_result(d, y, spot)[1]) for d in range(1, BUNT["die"] + 1))
                               / BUNT["die"])
                    continue
                _, lane = hits.course_of(spot, self.side)
                bonus = hits.batting_advantage(self.batter, spot) + hits.course_advantage(x, y)
                row.append(sum(self.contact(lane, max(lo, min(hi, d + bonus)), steal)
                               for d in range(1, die + 1)) / die)
            row.append(foul_bunt if kind == "bunt" else strike)
            rows.append(row)
        self._table[key] = rows
        return rows

    def finals(self, target: int, cards: list[int]) -> list[int]:
        out = []
        for card in cards:
            x, y = final(target, card, self.pitcher.throws)
            out.append(index(x, y) if on_grid(x, y) else OFF)
        return out


class _Probe(Play):
    """A copy played out quietly; its one challenge play (an infield hit) ends as told."""

    def __init__(self, state: YakyuState, safe: bool) -> None:
        super().__init__(state)
        self.safe = safe
        self.defence_mod: int | None = None

    def say(self, key: str, seats: frozenset[int] | None = None, **params: Any) -> None:
        pass

    def challenge(self, slot: int, defence_mod: int, kind: str, to: int) -> bool:
        self.defence_mod = defence_mod
        return self.safe


def _spot_table() -> dict[str, list[list[str | None]]]:
    table: dict[str, list[list[str | None]]] = {}
    for side in ("R", "L"):
        rows = []
        for anchor in range(CELLS):
            at: list[str | None] = [None] * CELLS
            for key, x, y in spots(anchor, side):
                at[index(x, y)] = key
            rows.append(at)
        table[side] = rows
    return table


_SPOT_AT = _spot_table()


def _run_mod(s: YakyuState, slot: int) -> int:
    batter = TEAMS[s.teams[s.offence]].batter(s.lineup[s.offence][slot])
    return CHALLENGE["run_modifier"][batter.run]


# -- beliefs about the pitch card --------------------------------------------------------------------


def prior(s: YakyuState, sit: Situation) -> dict[int, float]:
    """How likely each card of the repertoire is still in the pitcher's hand: the straight always,
    the others as many as stamina left, unknown which (C9)."""
    others = [c for c in sit.repertoire if c != STRAIGHT]
    keep = (len(others) - s.removed[s.defence]) / len(others) if others else 1.0
    return {c: 1.0 if c == STRAIGHT else keep for c in sit.repertoire}


def _aim_weight(x: int, y: int, strikes: int) -> float:
    if not on_grid(x, y):
        return AIM["off"]
    if in_zone(x, y):
        return AIM["centre"] if (x, y) == (2, 2) else AIM["low"] if y == 3 else AIM["zone"]
    return AIM["ball_two_strikes"] if strikes == 2 else AIM["ball"]


def aimed(s: YakyuState, sit: Situation, target: int, belief: dict[int, float]) -> dict[int, float]:
    """``hard``'s guess at the card: a pitcher aims so his card ends where pitchers like it
    (:data:`AIM`), so each card is as likely as this target suits it."""
    throws = sit.pitcher.throws
    cells = [xy(t) for t in range(CELLS)]
    tx, ty = xy(target)
    out = {}
    for card, weight in belief.items():
        dx, dy = offset(card, throws)
        norm = sum(_aim_weight(x + dx, y + dy, s.strikes) for x, y in cells)
        out[card] = weight * _aim_weight(tx + dx, ty + dy, s.strikes) / norm
    total = sum(out.values()) or 1.0
    return {c: w / total for c, w in out.items()}


# -- choices ---------------------------------------------------------------------------------------


def _soft_best(rng: Rng, items: list[Any], values: list[float], softness: float) -> Any:
    """Draw among the options by ``exp(value / softness)``: the best most often, near-best ones
    sometimes, poor ones practically never."""
    top = max(values)
    weights = [math.exp((v - top) / softness) for v in values]
    pick = rng.random() * sum(weights)
    for item, weight in zip(items, weights):
        pick -= weight
        if pick < 0:
            return item
    return items[-1]


def choose(game: MasumeYakyu, state: YakyuState, seat: int, level: str, rng: Rng) -> Move:
    s = state
    soft = SOFTNESS["hard" if level == "hard" else "normal"]
    legal = game.legal_moves(s, seat)
    if s.phase == LINEUP:
        starters = [m for m in legal if m.kind == "starter"]
        if starters:  # the pitcher with the most cards, the ace when allowed
            team = TEAMS[s.teams[seat % 2]]
            return max(starters, key=lambda m: (len(team.pitcher(m.arg).cards), m.arg == 1, -m.arg))
        return Move("auto")
    if s.phase == CARD:
        return _card(s, seat, legal, soft, rng)
    if s.phase == TARGET:
        return _target(s, soft, rng)
    if s.phase == BAT:
        if BATTER not in s.roles(seat) or s.bat is not None:
            return Move("steal") if _runner_steals(s) else Move("stay")
        return _bat(s, level, soft, rng)
    if s.phase == ADVANCE:
        return Move("go") if _goes(s) else Move("hold")
    if s.phase == DISCARD:
        return _discard(s, legal)
    return rng.choice(legal)


def _bat(s: YakyuState, level: str, soft: dict[str, float], rng: Rng) -> Move:
    """The batter's best reply to the target, with or without a steal (two players)."""
    sit = Situation(s)
    belief = prior(s, sit)
    if level == "hard":
        belief = aimed(s, sit, s.target, belief)
    total = sum(belief.values())
    cards = list(belief)
    finals = sit.finals(s.target, cards)
    steals = (False, True) if not s.split(s.offence) and sit.going else (False,)
    options, values = [], []
    for steal in steals:
        tables = {CARDS[c].group: sit.table(steal, CARDS[c].group) for c in cards}
        for i, action in enumerate(sit.actions):
            value = sum(belief[c] * tables[CARDS[c].group][i][f] for c, f in zip(cards, finals)) / total
            options.append((action, steal))
            values.append(value)
    (kind, anchor), steal = _soft_best(rng, options, values, soft["batter"])
    return Move(kind, anchor, steal)


def _replies(s: YakyuState, sit: Situation, soft: dict[str, float]) -> list[list[tuple[float, list[float]]]]:
    """For each target, the batter's likely replies: each action's weight and row of
    :meth:`Situation.table` (he weighs the repertoire evenly and draws softly by value)."""
    belief = prior(s, sit)
    cards = list(belief)
    total = sum(belief.values())
    table = sit.table(False, "other")
    out = []
    for target in range(CELLS):
        finals = sit.finals(target, cards)
        guesses = [sum(belief[c] * row[f] for c, f in zip(cards, finals)) / total for row in table]
        top = max(guesses)
        weights = [math.exp((g - top) / soft["model"]) for g in guesses]
        norm = sum(weights)
        out.append([(w / norm, row) for w, row in zip(weights, table) if w / norm > 1e-4])
    return out


def _pitch_values(sit: Situation, card: int, replies: list[list[tuple[float, list[float]]]]) -> list[float]:
    """For each target: the runs the batter's likely replies concede against ``card``."""
    out = []
    for target, likely in enumerate(replies):
        real = sit.finals(target, [card])[0]
        out.append(sum(w * row[real] for w, row in likely))
    return out


def _target(s: YakyuState, soft: dict[str, float], rng: Rng) -> Move:
    sit = Situation(s)
    values = _pitch_values(sit, s.card, _replies(s, sit, soft))
    return Move("target", _soft_best(rng, list(range(CELLS)), [-v for v in values], soft["pitcher"]))


def _card(s: YakyuState, seat: int, legal: list[Move], soft: dict[str, float], rng: Rng) -> Move:
    team = seat % 2
    changes = [m for m in legal if m.kind == "change"]
    if changes and _tired(s, team):
        roster = TEAMS[s.teams[team]]
        best = max(changes, key=lambda m: len(roster.pitcher(m.arg).cards))
        if len(roster.pitcher(best.arg).cards) > len(s.hand[team]) + 1:
            return best
    sit = Situation(s)
    replies = _replies(s, sit, soft)
    cards = [m for m in legal if m.kind == "card"]
    values = [-min(_pitch_values(sit, m.arg, replies)) for m in cards]
    return _soft_best(rng, cards, values, soft["card"])


def _tired(s: YakyuState, team: int) -> bool:
    """Stamina: the hand is down to three cards, or has lost half of them (C9)."""
    full = len(TEAMS[s.teams[team]].pitcher(s.pitcher[team]).cards)
    return len(s.hand[team]) <= 3 or s.removed[team] * 2 >= full


def _discard(s: YakyuState, legal: list[Move]) -> Move:
    """Remove the card whose path is most like another's (the hand loses least variety)."""
    team = s.discard_team
    throws = TEAMS[s.teams[team]].pitcher(s.pitcher[team]).throws
    hand = s.hand[team]

    def nearest(card: int) -> tuple[int, int]:
        ox, oy = offset(card, throws)
        return min(abs(ox - px) + abs(oy - py) for px, py in (offset(c, throws) for c in hand if c != card)), card

    return min(legal, key=lambda m: nearest(m.arg))


def _runner_steals(s: YakyuState) -> bool:
    """A Battery runner, not knowing the batter's choice: steal when a challenge on a take or a
    miss is worth it at this count (a pitch of an unknown group)."""
    sit = Situation(s)
    if not sit.going:
        return False
    b, st = s.balls, s.strikes
    stay = 0.5 * (sit.count_after(b + 1, st, False, "other") + sit.count_after(b, st + 1, False, "other"))
    go = 0.5 * (sit.count_after(b + 1, st, True, "other") + sit.count_after(b, st + 1, True, "other"))
    return go > stay + 0.01


def _goes(s: YakyuState) -> bool:
    """A running decision: go when the challenge's odds pay in runs to come."""
    item = s.queue[0]
    if item["kind"] == "dropped":
        return True  # holding is an out anyway
    occ, base = _occupancy(s.bases), item["base"]
    odds = safe_odds(_run_mod(s, item["slot"]), item["mod"])
    hold = expected(occ, s.outs)
    without = occ & ~(1 << base)
    if base + 1 >= 3:
        safe = 1 + expected(without, s.outs)
    else:
        safe = expected(without | (1 << (base + 1)), s.outs)
    out = expected(without, s.outs + 1)
    return odds * safe + (1 - odds) * out > hold


__all__ = ["Situation", "choose", "expected", "safe_odds"]
