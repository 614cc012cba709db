"""Every game's parser and referee under hostile input (issue 12.10); see ``tests/fuzz.py``."""

from __future__ import annotations

import os

from tests.fuzz import fuzz

#: Inputs per game in the default suite; ``BOT_RELIABILITY_LONG=1`` runs a long campaign.
ATTEMPTS = 100_000 if os.environ.get("BOT_RELIABILITY_LONG") else 1_500


def test_hostile_text_and_other_positions_moves_are_played_or_refused_cleanly():
    tallies = fuzz(ATTEMPTS, seed=7)
    for name, tally in tallies.items():
        assert tally.attempts == ATTEMPTS and tally.refused > 0, name
        assert not tally.failures, "\n".join(tally.failures[:10])
