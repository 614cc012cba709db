"""Community tournaments: pure data and pure functions (no Discord, Pillow, asyncio or I/O).

A :class:`Tournament` is JSON-serialisable state (``to_json`` / ``from_json``); every operation
returns a new one and raises a typed :class:`TournamentError` (message key + params, English and
Japanese) without changing anything. See ``docs/architecture.md`` ("Tournaments") for the API.
"""

from tournaments.engine import (
    add_entrant, begin_round, cancel, check_in, correct_result, drop, drop_players, export_csv, forbid, late_open,
    late_round, new_tournament, pair_next_round, pause, points, rating_seats, record_result, remove_entrant,
    request_bye, seat_places, start, substitute, table_seats, unpair_round, unpause,
)
from tournaments.errors import EntryError, PairingError, PhaseError, ResultError, SettingsError, TournamentError
from tournaments.ratings import Rating, Seat, leaderboard, rate_game
from tournaments.settings import FORMATS, Settings
from tournaments.standings import Standing, bracket_view, standings, standings_view
from tournaments.state import BracketMatch, Entrant, GameRecord, Round, Table, Tournament

__all__ = [
    "FORMATS", "BracketMatch", "Entrant", "EntryError", "GameRecord", "PairingError", "PhaseError", "Rating",
    "ResultError", "Round", "Seat", "Settings", "SettingsError", "Standing", "Table", "Tournament",
    "TournamentError", "add_entrant", "begin_round", "bracket_view", "cancel", "check_in", "correct_result", "drop",
    "drop_players", "export_csv", "forbid", "late_open", "late_round", "leaderboard", "new_tournament",
    "pair_next_round", "pause", "points", "rate_game", "rating_seats", "record_result", "remove_entrant",
    "request_bye", "seat_places", "standings", "standings_view", "start", "substitute", "table_seats",
    "unpair_round", "unpause",
]
