"""Madeira's AI search reads nothing secret (issue 26).

Every change to a pirate total is announced to the whole table: unpaid upkeep and unfed workers
with their count (§11, §15 C3), every discard with its count (§9.4, the Constable's too), and a
Phase C take without its count but right after the building's public re-roll, which names the
toll (1 + the pirate die on the character, §10). So a seat that followed the table knows every
total, and :meth:`Madeira.determinize` may keep them. These tests rebuild the totals from public
events alone after every move of random games and hold both the engine and ``determinize`` to
them: a gain or loss the table is not told of, or a determinization that keeps it, fails here.
"""

from __future__ import annotations

import pytest

from games.madeira import GAME as madeira
from games.rng import Rng

#: Public event -> how it changes its seat's total (``toll``: the last re-roll's pirate toll).
GAINS_WITH_COUNT = ("madeira.event.pirates.upkeep", "madeira.event.pirates.feeding")


class PublicLedger:
    """Each seat's pirate total as anyone at the table can count it, from public events only."""

    def __init__(self, players: int) -> None:
        self.totals = [0] * players
        self.toll = None  # the pirate toll the last public re-roll announced
        self.seen: set[str] = set()

    def hear(self, events) -> None:
        for event in events:
            if event.seats is not None:
                continue  # told to some seats only: not public
            key, params = event.key, event.params
            if key.startswith("madeira.event.reroll."):
                self.toll = params["pirates"]
            elif key == "madeira.event.pirates.building":
                assert "count" not in params or params["count"] == self.toll
                self.totals[params["seat"]] += self.toll
                self.seen.add("building")
            elif key in GAINS_WITH_COUNT:
                self.totals[params["seat"]] += params["count"]
                self.seen.add(key.rsplit(".", 1)[1])
            elif key == "madeira.event.pirates_discarded":
                self.totals[params["seat"]] -= params["count"]
                self.seen.add("discard")


def play_and_check(players: int, seed: int) -> set[str]:
    """Play a random game; after every move the public ledger equals every hidden total and
    every seat's determinization holds exactly the ledger's totals."""
    rng = Rng(seed)
    state = madeira.new_game(players, {}, seed)
    ledger = PublicLedger(players)
    for ply in range(5000):
        if not madeira.to_act(state):
            break
        (seat,) = madeira.to_act(state)
        state, events = madeira.apply(state, seat, rng.choice(madeira.legal_moves(state, seat)))
        ledger.hear(events)
        assert ledger.totals == [p["pirates"] for p in state.p], (players, seed, ply)
        if ply % 7 == 0 and madeira.to_act(state):
            for viewer in range(players):
                copy = madeira.determinize(state, viewer, Rng(ply * 10 + viewer))
                assert [p["pirates"] for p in copy.p] == ledger.totals
    assert madeira.result(state) is not None, "the game must end"
    assert madeira.result(state).detail["pirates"] == ledger.totals
    return ledger.seen


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_pirate_total_follows_from_public_events_and_determinize_keeps_only_that(players):
    seen: set[str] = set()
    for seed in (1, 2, 3):
        seen |= play_and_check(players, seed * 100 + players)
    # The games met every way a total changes, so the check above covered each.
    assert {"building", "upkeep", "feeding", "discard"} <= seen


def test_determinize_keeps_the_table_and_draws_the_future_afresh():
    state = madeira.new_game(3, {}, 4)
    rng = Rng(4)
    for _ in range(120):  # into round 3 or so: pirates taken and discarded
        (seat,) = madeira.to_act(state)
        state, _ = madeira.apply(state, seat, rng.choice(madeira.legal_moves(state, seat)))
    a, b = madeira.determinize(state, 1, Rng(3)), madeira.determinize(state, 1, Rng(4))
    assert a.rng != state.rng and a.rng != b.rng  # no future die or shuffle is read
    assert any(p["pirates"] for p in state.p)
    assert {**a.data(), "rng": 0} == {**state.data(), "rng": 0}


def test_the_evaluation_counts_what_the_held_requests_would_score_at_the_next_scoring_round():
    """Most PP come from the Crown's Requests (§12), long after a playout stops: the AI's
    evaluation counts the best of each seat's held requests on the board as it stands."""
    from games.madeira import scoring
    from tests.test_madeira_rules import b_state

    state = b_state(2)  # round 1, Phase B: one request of each hand scores in Phase E
    state.p[0]["requests"], state.p[1]["requests"] = ["market", "wealth"], ["expedition", "guilds"]
    state.p[0]["reals"], state.p[1]["reals"] = 5, 20
    state.market[1][0] = 0      # 6 PP in round 1
    state.landing[0][0] = 0     # seat 0's, but it holds no expedition
    state.landing[2][0] = 1     # 6 PP in round 1
    state.p[1]["favors"] = [["lord", True], ["scout", True], ["patron", True]]  # 2 guilds: 10 PP
    assert scoring.request_prospects(state) == [6.0, 10.0]
    state.round = 2  # the next scoring is round 3's, two requests each, at round 3's values
    assert scoring.request_prospects(state) == [4.0 + 5 * 0.8, 4.0 + 10.0]
    assert madeira.evaluate(state)[1] > 0.5
    ended = state.clone()
    ended.final = {"pirates": [0, 0]}
    assert scoring.request_prospects(ended) == [0.0, 0.0]
