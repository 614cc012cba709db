"""The ``basic`` AI: a plausible henchman and a Godfather who accuses from the testimony.

Every choice reads only what the seat may know (its own view: ``Game.view(state, seat)``), never
another seat's take.

- Godfather: sets 1-4 diamonds aside; accuses the player whose testimony is most suspicious
  (the drop in diamonds between their claim and the next claim, or the final box for the last
  player, plus inconsistent and silent claims), a random one among equals.
- Henchman holding the box: takes a token while there are about as many tokens as players still
  to come, otherwise a few diamonds; the last player sometimes takes nothing; the first player
  sometimes bags a token.
- Testimony: the truth, except a Thief, who usually claims the box held what it left behind.
- In the BANG window the Cleaner shoots when the Godfather has no Joker left (to save him) and
  now and then otherwise.
"""

from __future__ import annotations

from typing import Any

from games.mafia_de_cuba.components import (
    ACCUSE,
    HIDE,
    TESTIMONY,
    THEFT,
    TOKENS,
    WINDOW,
    Move,
)
from games.rng import Rng


def choose(game: Any, state: Any, seat: int, rng: Rng) -> Move:
    view = game.view(state, seat)
    legal = game.legal_moves(state, seat)
    phase = view["phase"]
    if phase == HIDE:
        return Move("hide", n=1 + rng.below(4))
    if phase == THEFT:
        return _take(view, legal, rng)
    if phase == TESTIMONY:
        return _testify(view, legal, rng)
    if phase == ACCUSE:
        return _accuse(view, legal, rng)
    if phase == WINDOW and Move("bang") in legal:
        chance = 0.8 if view["jokers"] == 0 else 0.15
        return Move("bang") if rng.random() < chance else Move("pass")
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
        cap = min(len(diamond_moves), 1 + rng.below(4))
        return diamond_moves[cap - 1]
    return rng.choice(plain)


def _testify(view: dict, legal: list[Move], rng: Rng) -> Move:
    you = view["you"]
    seen = you.get("seen")
    if seen is None:
        return Move("claim", "silent")
    diamonds, tokens = seen["diamonds"], sum(seen["tokens"].values())
    take = you.get("take") or {}
    if you.get("role") == "thief" and rng.random() < 0.75:
        diamonds -= take.get("diamonds", 0)  # claims the box held what it left behind
        if rng.random() < 0.5:
            tokens += 1  # ... and a token more, as if it had taken one
    if rng.random() < 0.05:
        return Move("claim", "silent")
    move = Move("claim", "box", max(0, diamonds), tokens)
    return move if move in legal else Move("claim", "silent")


def suspicion(view: dict) -> dict[int, float]:
    """How suspicious each accusable henchman's testimony is, from the Godfather's view: the
    diamonds their claim says vanished before the next claim (or the final box), plus penalties
    for claims that contradict what the Godfather knows or the claims before them."""
    you = view["you"]
    start = 15 - you.get("hidden", 0)
    final = you.get("final", {}).get("diamonds", 0)
    claims = view["claims"]
    order = view["order"]
    out = set()
    for a in view["accusations"]:
        out.add(a["seat"])
    score: dict[int, float] = {}
    told = [(s, claims[s]) for s in order if isinstance(claims[s], list)]
    for i, s in enumerate(order):
        if view["eliminated"][s] or view["joker_holders"][s]:
            continue
        claim = claims[s]
        points = 0.0
        if not isinstance(claim, list):
            points += 1.5
        else:
            d = claim[0]
            later = [c for t, c in told if order.index(t) > i]
            earlier = [c for t, c in told if order.index(t) < i]
            after = later[0][0] if later else final
            points += max(0, d - after)
            if i == 0 and d != start:
                points += 4
            if d < final or d > start or any(c[0] < d for c in earlier):
                points += 3
        score[s] = points
    return score


def _accuse(view: dict, legal: list[Move], rng: Rng) -> Move:
    score = suspicion(view)
    allowed = [m for m in legal if m.n in score]
    if not allowed:
        return rng.choice(legal)
    best = max(score[m.n] for m in allowed)
    top = [m for m in allowed if score[m.n] >= best - 1e-9]
    return rng.choice(top)
