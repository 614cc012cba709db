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


def random_positions(game: Game, num_players: int, seed: int, count: int, options: dict | None = None) -> list:
    """The first positions and about ``count`` more of one random game in which a random seat of
    those acting moves (so simultaneous decisions are met half-made); the final one left out."""
    from games.rng import Rng

    rng = Rng(seed)
    state = game.new_game(num_players, options or {}, seed)
    states = [state]
    while game.to_act(state):
        seat = rng.choice(sorted(game.to_act(state)))
        state, _ = game.apply(state, seat, rng.choice(game.legal_moves(state, seat)))
        states.append(state)
    return states[:4] + states[4:-1:max(1, len(states) // count)]
