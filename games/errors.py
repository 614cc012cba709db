"""The engine's small family of typed errors, one meaning each.

Every error carries a message ``key`` and named ``params`` so the host can say it in the
player's language (see :mod:`games.messages`); ``str(error)`` is the English text.
"""

from __future__ import annotations

from typing import Any


class GameError(Exception):
    """Base of every error the engine raises on purpose."""

    key = "error.generic"

    def __init__(self, key: str | None = None, /, **params: Any) -> None:
        self.key = key or type(self).key
        self.params = params
        super().__init__(self.message("en"))

    def message(self, lang: str = "en") -> str:
        from games.messages import translate

        return translate(self.key, lang, **self.params)


class SetupError(GameError):
    """The game cannot be set up as asked: unknown game, bad player count, bad option."""

    key = "error.setup"


class MoveError(GameError):
    """Base of the errors about one move; the state is always left untouched."""

    key = "error.move"


class MalformedMove(MoveError):
    """The text is not a move of this game's notation at all."""

    key = "error.malformed"


class AmbiguousMove(MoveError):
    """The text fits more than one legal move."""

    key = "error.ambiguous"


class IllegalMove(MoveError):
    """A well-formed move that the rules forbid in this position."""

    key = "error.illegal"


class NotYourTurn(MoveError):
    """The seat is not among the seats that must act now (or the game is over)."""

    key = "error.not_your_turn"
