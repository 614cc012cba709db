"""The ``basic`` AI: a plausible henchman and a Godfather who accuses from the testimony.

Every choice reads only what the seat may know (its own view: ``Game.view(state, seat)``), never
another seat's take.

- Godfather: sets 1-4 diamonds aside; questions once each player who stayed silent; accuses the
  player whose testimony is most suspicious
  (the drop in diamonds between their claim and the next claim, or the final box for the last
  player, plus inconsistent and silent claims), a random one among equals.
- Henchman holding the box: takes a token while there are about as many tokens as players still
  to come, otherwise 4-6 diamonds (a thief's seat won 0.22 of 6-player games so, 0.19 taking 1-4); the last player sometimes takes nothing; the first player
  sometimes bags a token.
- Testimony: the truth, except for the roles with a reason to lie. A Thief usually claims the box
  held what it left behind (hiding its take). An Agent, who wins when accused, often claims the box
  held more diamonds and one token fewer than it did, so it looks like the one who took diamonds; a
  Street Urchin (who wins with the thieves, and whose accusation costs the Godfather a Joker) does
  the same half of the time, a Driver now and then, so such a lie is no thief's mark. Loyal
  Henchmen and the Cleaner, on the Godfather's side, tell the truth.
- The Godfather discounts such bait: a claim that no single take can explain from the claim before
  it, yet pins a diamond theft on its own author, is probably an Agent's.
- In the BANG window the Cleaner weighs what the accused is (:func:`role_odds`: the states it
  cannot tell apart, weighed by how well the testimony fits them) and shoots when an Agent (it wins
  alone) is likelier than a seat whose accusation lets the game go on (a thief, whose diamonds
  come back anyway; an innocent while the Godfather has a Joker). ``easy`` shoots as it once did:
  mostly when the Godfather has no Joker left.
- ``hard``: the Godfather also weighs, among the most suspicious, which is likely an Agent.
"""

from __future__ import annotations

from itertools import pairwise
from typing import Any

from games.mafia_de_cuba.components import (
    ACCUSE,
    HIDE,
    QUESTION,
    TESTIMONY,
    THEFT,
    TOKENS,
    WINDOW,
    Move,
    role_of,
)
from games.rng import Rng

#: How much of its suspicion a claim that looks like an Agent's bait keeps.
AGENT_BAIT = 0.15
#: How many diamonds a henchman taking diamonds takes: uniform in this range, as the box allows.
THIEF_TAKE = (4, 6)
#: How often each role that gains by being accused claims a thief's box (see :func:`_testify`).
BAIT = {"agent": 0.4, "urchin": 0.5, "driver": 0.25}
#: Determinizations the Cleaner and the ``hard`` Godfather weigh.
ODDS_SAMPLES = 64


def choose(game: Any, state: Any, seat: int, rng: Rng, level: str = "normal") -> Move:
    """The move of ``seat`` at ``level``: ``normal`` as the module says; ``hard`` also weighs, as
    Godfather, which accusable seat is likely an Agent (:func:`role_odds`) before accusing;
    ``easy`` accuses among the two most suspicious at random and shoots as the old Cleaner did."""
    view = game.view(state, seat)
    legal = game.legal_moves(state, seat)
    phase = view["phase"]
    if phase == HIDE:
        return Move("hide", n=1 + rng.below(4))
    if phase == THEFT:
        return _take(view, legal, rng)
    if phase == TESTIMONY:
        return _testify(view, legal, rng)
    if phase == QUESTION:  # sticks to its story: a changed one would give it away
        told = view["claims"][seat]
        return Move("claim", "box", *told) if isinstance(told, list) else _testify(view, legal, rng)
    if phase == ACCUSE:
        ask = _question(view, legal)
        if ask is not None:
            return ask
        if level == "hard":
            return _accuse_weighing_agents(game, state, seat, view, legal, rng)
        return _accuse(view, legal, rng, top=2 if level == "easy" else 1)
    if phase == WINDOW and Move("bang") in legal:
        if level == "easy":
            chance = 0.8 if view["jokers"] == 0 else 0.15
            return Move("bang") if rng.random() < chance else Move("pass")
        return Move("bang") if _cleaner_shoots(game, state, seat, view, rng) else Move("pass")
    return Move("pass") if Move("pass") in legal else rng.choice(legal)


def _take(view: dict, legal: list[Move], rng: Rng) -> Move:
    you = view["you"]
    box = you["box"]
    tokens = sum(box["tokens"].values())
    order = view["order"]
    to_come = len(order) - order.index(you["seat"])  # this seat included
    plain = [m for m in legal if not m.bag]
    if you.get("first") and tokens > 1 and rng.random() < 0.3:
        bag = rng.choice([m.bag for m in legal if m.bag])
        plain = [m for m in legal if m.bag == bag]
    if you.get("last") and rng.random() < 0.3:
        return next(m for m in plain if m.what == "nothing")
    token_moves = [m for m in plain if m.what in TOKENS]
    diamond_moves = [m for m in plain if m.what == "diamonds"]
    if token_moves and (not diamond_moves or rng.random() < min(0.9, tokens / max(1, to_come))):
        weights = [box["tokens"][m.what] for m in token_moves]
        pick = rng.below(sum(weights))
        for move, weight in zip(token_moves, weights):
            if pick < weight:
                return move
            pick -= weight
    if diamond_moves:
        cap = min(len(diamond_moves), THIEF_TAKE[0] + rng.below(THIEF_TAKE[1] - THIEF_TAKE[0] + 1))
        return diamond_moves[cap - 1]
    return rng.choice(plain)


def _testify(view: dict, legal: list[Move], rng: Rng) -> Move:
    you = view["you"]
    seen = you.get("seen")
    if seen is None:
        return Move("claim", "silent")
    diamonds, tokens = seen["diamonds"], sum(seen["tokens"].values())
    take = you.get("take") or {}
    role = you.get("role")
    if role == "thief" and rng.random() < 0.75:
        diamonds -= take.get("diamonds", 0)  # claims the box held what it left behind
        if rng.random() < 0.5:
            tokens += 1  # ... and a token more, as if it had taken one
    elif role in BAIT and tokens and rng.random() < BAIT[role]:
        # wants the Godfather's finger: the box it claims is the one a diamond thief would have had
        # (an Agent wins when accused; an accused Urchin costs the Godfather a Joker, or the game,
        # and Urchins win with the thieves; a Driver now and then, so a lie is no thief's mark)
        diamonds = min(15, diamonds + 1 + rng.below(3))
        tokens -= 1
    if rng.random() < 0.05:
        return Move("claim", "silent")
    move = Move("claim", "box", max(0, diamonds), tokens)
    return move if move in legal else Move("claim", "silent")


def suspicion(view: dict) -> dict[int, float]:
    """How suspicious each accusable henchman is, from the Godfather's view alone.

    Consecutive claims along the box's path (the last one against the box that came back) are
    read in pairs: diamonds gone with the token count unchanged point at the earlier claimant (a
    thief telling the truth); diamonds gone *and* a token gone cannot both be one take, so the
    later claimant lied; more diamonds later than earlier, or a first claim that is not the full
    box, is a lie. A seat proven innocent (given a Joker) passes its suspicion to the next
    claimant; silence is mildly suspicious."""
    you = view["you"]
    start = 15 - you.get("hidden", 0)
    final = you.get("final") or {"diamonds": 0, "tokens": {}}
    claims = view["claims"]
    order = view["order"]
    innocent = {a["seat"] for a in view["accusations"] if a["outcome"] == "joker"}
    raw = {s: 0.0 for s in order}
    told = [(s, claims[s]) for s in order if isinstance(claims[s], list)]
    for s in order:
        if not isinstance(claims[s], list):
            raw[s] += 2.0
    if told and told[0][0] == order[0] and told[0][1][0] != start:
        raw[told[0][0]] += 4.0
    pairs = list(pairwise(told)) + ([(told[-1], (None, _final_claim(final)))] if told else [])
    for (a, ca), (b, cb) in pairs:
        dd, dt = ca[0] - cb[0], ca[1] - cb[1]
        if dd < 0:
            raw[a] += 3.0
            if b is not None:
                raw[b] += 3.0
        elif dd > 0 and dt >= 1 and b is not None:
            raw[b] += dd + 2.0
        elif dd > 0:
            blame = b if a in innocent and b is not None else a
            raw[blame] += dd + 2.0
        elif dt == 0 and a != order[-1]:
            raw[a] += 1.0  # took nothing from a full box: only the last player may
    # An Agent wins when accused, so it lies to look guilty: a claim that contradicts the one
    # before it (no single take explains the change) yet pins a diamond theft on its own author
    # is more likely an Agent's bait than a thief's confession.
    for (p, cp), (a, ca), (b, cb) in zip(told, told[1:], told[2:] + [(None, _final_claim(final))]):
        before_d, before_t = cp[0] - ca[0], cp[1] - ca[1]
        impossible = before_d < 0 or before_t >= 2 or before_t < 0 or (before_d > 0 and before_t >= 1)
        pins_self = ca[0] > cb[0] and ca[1] == cb[1]
        if impossible and pins_self and p not in innocent:
            raw[a] *= AGENT_BAIT
    return {s: raw[s] for s in order
            if not view["eliminated"][s] and not view["joker_holders"][s]}


def _final_claim(final: dict) -> list[int]:
    return [final["diamonds"], sum(final["tokens"].values())]


def _question(view: dict, legal: list[Move]) -> Move | None:
    """A seat that stayed silent and was never asked is asked once, before any accusation."""
    asked_ever = {entry["seat"] for entry in view["said"] if entry.get("asked")}
    for seat in view["order"]:
        if view["claims"][seat] == "silent" and seat not in asked_ever and Move("ask", n=seat) in legal:
            return Move("ask", n=seat)
    return None


def _accuse(view: dict, legal: list[Move], rng: Rng, top: int = 1) -> Move:
    """The most suspicious (``top`` > 1: one of the ``top`` most suspicious, at random)."""
    score = suspicion(view)
    allowed = [m for m in legal if m.verb == "accuse" and m.n in score]
    if not allowed:
        return rng.choice([m for m in legal if m.verb == "accuse"])
    levels = sorted({score[m.n] for m in allowed}, reverse=True)
    best = levels[min(top, len(levels)) - 1]
    return rng.choice([m for m in allowed if score[m.n] >= best - 1e-9])


def claim_likelihood(claim: tuple[int, ...] | None, seen: tuple[int, tuple[int, ...]] | None,
                     take: tuple[str, int] | None, role: str | None) -> float:
    """How likely a seat of ``role`` that saw ``seen`` and took ``take`` makes ``claim`` (a model
    of how henchmen testify, this module's own habits with some room for other ways to lie)."""
    if claim is None or seen is None or take is None:
        return 1.0
    if claim == ():
        return 0.05
    diamonds, tokens = seen[0], sum(seen[1])
    truth = (diamonds, tokens)
    other = 0.02
    if role == "thief":
        left = diamonds - take[1]
        if tuple(claim) in ((left, tokens), (left, tokens + 1)):
            return 0.35
        return 0.25 if tuple(claim) == truth else other
    bait = BAIT.get(str(role), 0.0)
    if bait and claim[1] == tokens - 1 and diamonds < claim[0] <= diamonds + 3:
        return max(bait, 0.1) / 3
    return 0.9 if tuple(claim) == truth else other


def role_odds(game: Any, state: Any, seat: int, target: int, rng: Rng, samples: int = ODDS_SAMPLES) -> dict[str, float]:
    """The chance ``target`` is a thief, an Agent or innocent, as ``seat`` can tell: states
    ``seat`` cannot tell from this one (:meth:`~games.core.Game.determinize`), each weighed by how
    well the testimony fits it (:func:`claim_likelihood`). Never reads a secret: a sample the
    determinization could not draw (the real state handed back) is left out."""
    odds = {"thief": 0.0, "agent": 0.0, "innocent": 0.0}
    claims = state.claims
    for _ in range(samples):
        sample = game.determinize(state, seat, rng)
        if sample is state:
            continue
        weight = 1.0
        for s in range(state.num_players):
            if s != seat and sample.takes[s] is not None:
                weight *= claim_likelihood(claims[s], sample.seen[s], sample.takes[s], role_of(sample.takes[s]))
        role = role_of(sample.takes[target])
        odds["thief" if role == "thief" else "agent" if role == "agent" else "innocent"] += weight
    total = sum(odds.values())
    return {k: v / total for k, v in odds.items()} if total else {"thief": 1 / 3, "agent": 1 / 3, "innocent": 1 / 3}


def _cleaner_shoots(game: Any, state: Any, seat: int, view: dict, rng: Rng) -> bool:
    """BANG when the accused is more likely an Agent (the Cleaner wins alone) than a seat whose
    accusation goes on without him: a thief (its diamonds come back anyway) or, while the
    Godfather has a Joker, an innocent. With no Joker left an innocent ends the game for the
    Godfather's side, so the shot that saves it counts with the Agent."""
    odds = role_odds(game, state, seat, state.accused, rng)
    if view["jokers"] == 0:
        return odds["agent"] + odds["innocent"] > odds["thief"]
    return odds["agent"] > odds["thief"] + odds["innocent"]


def _accuse_weighing_agents(game: Any, state: Any, seat: int, view: dict, legal: list[Move], rng: Rng) -> Move:
    """The ``hard`` Godfather: the most suspicious seats by :func:`suspicion`, then among the
    leading few the one least likely an Agent or, with no Joker left, an innocent."""
    score = suspicion(view)
    allowed = [m for m in legal if m.verb == "accuse" and m.n in score]
    if len(allowed) < 2:
        return _accuse(view, legal, rng)
    leading = sorted(allowed, key=lambda m: -score[m.n])[:3]
    best = score[leading[0].n]
    leading = [m for m in leading if score[m.n] >= 0.5 * best] or leading[:1]
    if len(leading) == 1:
        return leading[0]
    cost = 1.0 if view["jokers"] == 0 else 0.3

    def value(move: Move) -> float:
        odds = role_odds(game, state, seat, move.n, rng)
        return odds["thief"] - odds["agent"] - cost * odds["innocent"]

    return max(leading, key=value)
