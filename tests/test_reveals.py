"""A move that told a seat something is never taken back (issue 25): whenever what a seat sees
after a move depends on what it could not see before (resample its unknowns with
``Game.determinize``, play the same move, compare its view), ``Game.reveals`` says so. A game may
declare more, never less."""

from __future__ import annotations

import pytest

from games.registry import all_games, get_game
from games.rng import Rng
from tests.play import random_positions

#: Every game with its default options, and Mafia de Cuba with the Cleaner (BANG windows).
CASES = [(game, {}) for game in sorted(all_games(), key=lambda g: g.name)] + \
    [(get_game("mafia_de_cuba"), {"cleaner": "replace"})]
#: The test's own resampling: many more samples than ``reveals`` takes, and other seeds.
SAMPLES = 40


def told(game, before, seat, move, after, rng):
    """The seat whose view after ``move`` differs in some resample of what it could not see."""
    for other in range(game.num_players(before)):
        seen = game.view(after, other)
        for _ in range(SAMPLES):
            resampled = game.determinize(before, other, rng)
            if move not in game.legal_moves(resampled, seat):
                continue
            if game.view(game.apply(resampled, seat, move)[0], other) != seen:
                return other
    return None


@pytest.mark.parametrize("game, options", CASES, ids=lambda case: getattr(case, "name", None) or
                         "-".join(f"{k}={v}" for k, v in case.items()) or "default")
def test_a_move_whose_outcome_depends_on_hidden_state_reveals(game, options):
    rng = Rng(25)
    found = 0
    for players, seed in ((game.min_players, 1), (game.max_players, 2), (game.min_players + 1, 3)):
        for before in random_positions(game, min(players, game.max_players), seed, 12, options):
            for seat in sorted(game.to_act(before)):
                legal = game.legal_moves(before, seat)
                for move in [rng.choice(legal) for _ in range(2)]:
                    after = game.apply(before, seat, move)[0]
                    other = told(game, before, seat, move, after, rng)
                    if other is not None:
                        found += 1
                        assert game.reveals(before, seat, move, after), \
                            (game.name, game.format_move(before, move), "told seat", other)
    if game.name in ("mafia_de_cuba", "masume_yakyu", "middle_ages"):
        assert found, "the check itself finds the outcomes of hidden state"
