"""The tournament core's typed errors, one meaning each.

They extend :class:`games.errors.GameError`, so the host's one error path says them in the reader's
language the same way: each carries a catalogue ``key`` (see :mod:`tournaments.messages`) and named
``params``; ``error.message(lang)`` is the text, ``str(error)`` the English one. An operation that
raises leaves the tournament it was given untouched (every operation works on a copy).
"""

from __future__ import annotations

from games.errors import GameError
from tournaments.messages import MESSAGES


assert "tournament.error" in MESSAGES  # importing the texts registers them in the catalogue


class TournamentError(GameError):
    """Base of every error the tournament core raises on purpose."""

    key = "tournament.error"


class SettingsError(TournamentError):
    """An option of :meth:`Settings.make` is unknown or out of range (``name``, ``value`` and
    what is allowed are in the params)."""

    key = "tournament.error.settings"


class EntryError(TournamentError):
    """Joining, leaving, checking in or dropping is refused (full, already in, not entered,
    registration closed...)."""

    key = "tournament.error.entry"


class PhaseError(TournamentError):
    """The operation does not fit the tournament's phase (pairing while a round is being played,
    recording before the round began, anything after the end)."""

    key = "tournament.error.phase"


class ResultError(TournamentError):
    """A result does not fit its table (unknown table, wrong number of places, already decided)."""

    key = "tournament.error.result"


class PairingError(TournamentError):
    """No pairing exists (too few active entrants for one table)."""

    key = "tournament.error.pairing"
