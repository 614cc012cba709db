"""The host's refusals (not the rules'): not seated, not your turn, lobby full, bad clock, ..."""

from typing import Any

from games.errors import GameError
from games.messages import Text
from games.typed import integer, quoted


class HostError(GameError):
    """A refusal by the host; ``key`` names its text in the catalogue (``bot/messages.py``)."""

    key = "host.error"


class RepeatedMove(HostError):
    """A typed move that repeats, word for word, the same player's move just before it, with
    nothing in between: most likely the same submission sent twice (a retry after a network
    error). It is not played; the player may confirm it on the version they have seen."""

    key = "host.repeated"

    def __init__(self, table_id: int, version: int, notation: str) -> None:
        super().__init__(move=notation)
        self.table_id, self.version, self.notation = table_id, version, notation


def within(option: str, value: Any, low: int, high: int) -> int:
    """``value`` of the command option named ``option`` (its ``cmd.opt.*`` key, said in the
    reader's language) as a whole number from ``low`` to ``high``; otherwise a refusal naming the
    bounds. Discord's own range on an option is only a hint to its client: a forged interaction
    (or a fake Discord) sends whatever it likes, so the host checks again."""
    number = integer(value)
    if number is None or not low <= number <= high:
        raise HostError("host.out_of_range", name=Text(f"cmd.opt.{option}"), value=quoted(value), low=low, high=high)
    return number


class RepeatedUndo(HostError):
    """A typed ``/undo`` (or an Undo button without a move in its id, from an older release) right
    after the same user's own undo, with nothing in between: most likely the same request sent
    twice. Nothing more is taken back; ``move`` is the version of the move the user could take
    back next, for an Undo button bound to it (``None`` when there is none)."""

    key = "undo.repeated"

    def __init__(self, table_id: int, move: int | None) -> None:
        super().__init__()
        self.table_id, self.move = table_id, move
