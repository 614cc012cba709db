"""Helpers for tests that play scenarios written in a game's notation."""

from __future__ import annotations

from typing import Any

from games.core import Event, Game


def play(game: Game, state: Any, *moves: str) -> tuple[Any, list[Event]]:
    """Apply ``"SEAT NOTATION"`` moves in order; returns the state and the events of the last move."""
    events: list[Event] = []
    for line in moves:
        seat_text, notation = line.split(" ", 1)
        seat = int(seat_text)
        state, events = game.apply(state, seat, game.parse_move(state, notation, seat))
    return state, events


def random_game(game: Game, num_players: int, options: dict | None = None, seed: int = 0, pick=None):
    """Play a whole game, choosing with ``pick(legal_moves) -> move`` (default: a seeded Rng)."""
    from games.rng import Rng

    rng = Rng(seed)
    pick = pick or rng.choice
    state = game.new_game(num_players, options or {}, seed)
    states, record = [state], []
    while game.to_act(state):
        seat = min(game.to_act(state))
        move = pick(game.legal_moves(state, seat))
        record.append(f"{seat} {game.format_move(state, move)}")
        state, _ = game.apply(state, seat, move)
        states.append(state)
    return states, record
