"""The registry of games. The CLI, the lobby and autocomplete read it; nothing else lists games."""

from __future__ import annotations

import importlib

from games.core import Game
from games.errors import SetupError

#: Packages that register a game when imported. A new game adds one line here.
BUILTIN = ("games.minoa", "games.medina", "games.middle_ages", "games.madeira", "games.mafia_de_cuba",
           "games.masume_yakyu")

_GAMES: dict[str, Game] = {}


def register(game: Game) -> Game:
    _GAMES[game.name] = game
    return game


def _load() -> None:
    if len(_GAMES) < len(BUILTIN):
        for module in BUILTIN:
            importlib.import_module(module)


def all_games() -> list[Game]:
    _load()
    return [_GAMES[name] for name in sorted(_GAMES)]


def get_game(name: str) -> Game:
    """The game called ``name``; raises ``SetupError`` listing the known games otherwise."""
    _load()
    game = _GAMES.get(str(name).strip().lower())
    if game is None:
        raise SetupError("error.unknown_game", name=name, known=", ".join(sorted(_GAMES)))
    return game
