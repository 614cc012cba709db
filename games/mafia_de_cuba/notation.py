"""Mafia de Cuba's notation (also in the rules help):

- ``hide 3``: the Godfather sets 3 (0..5) diamonds aside;
- ``take 2``: take 2 diamonds; ``take loyal`` / ``take agent`` / ``take driver`` / ``take cleaner``:
  take that token; ``take nothing``: become a Street Urchin (empty box, or the last player);
- ``bag agent take 2``: the first player hides a token in the bag, then takes;
- ``claim 9 2``: testimony, "the box held 9 diamonds and 2 tokens when it came to me";
  ``claim silent``;
- ``ask 4``: the Godfather questions seat 4, who answers with a ``claim``;
- ``accuse 4``: the Godfather accuses seat 4; ``bang``: the Cleaner shoots the accused;
  ``pass``: let the BANG window go by.

Parsing reads the words and numbers only; whether the move is allowed is the rules' business.
"""

from __future__ import annotations

from games.errors import MalformedMove
from games.mafia_de_cuba.components import TOKENS, Move
from games.messages import Text

MAX_TEXT = 40


def format_move(move: Move) -> str:
    verb = move.verb
    if verb == "hide":
        return f"hide {move.n}"
    if verb == "take":
        what = str(move.n) if move.what == "diamonds" else move.what
        return (f"bag {move.bag} " if move.bag else "") + f"take {what}"
    if verb == "claim":
        return "claim silent" if move.what == "silent" else f"claim {move.n} {move.m}"
    if verb in ("accuse", "ask"):
        return f"{verb} {move.n + 1}"
    return verb


def _shown(text: object) -> str:
    """The input as an error may echo it: short, with invisible characters made visible."""
    return "".join(c if c.isprintable() else "?" for c in str(text)[:MAX_TEXT])


def _number(word: str, text: str) -> int:
    if not (word.isascii() and word.isdigit()) or len(word) > 3:
        raise MalformedMove(text=_shown(text), reason=Text("mafia.reason.format"))
    return int(word)


def parse_move(text: str) -> Move:
    """Read ``text`` (case and extra spaces ignored); raises ``MalformedMove`` naming the forms."""
    if not isinstance(text, str) or len(text) > MAX_TEXT:
        raise MalformedMove(text=_shown(text), reason=Text("mafia.reason.format"))
    words = text.strip().lower().split()
    bag = ""
    if len(words) >= 2 and words[0] == "bag":
        bag = words[1]
        if bag not in TOKENS:
            raise MalformedMove(text=_shown(text), reason=Text("mafia.reason.token", tokens=", ".join(TOKENS)))
        words = words[2:]
        if not words or words[0] != "take":
            raise MalformedMove(text=_shown(text), reason=Text("mafia.reason.format"))
    if len(words) == 2 and words[0] == "hide":
        return Move("hide", n=_number(words[1], text))
    if len(words) == 2 and words[0] == "take":
        what = words[1]
        if what in TOKENS or what == "nothing":
            return Move("take", what, bag=bag)
        return Move("take", "diamonds", _number(what, text), bag=bag)
    if words == ["claim", "silent"]:
        return Move("claim", "silent")
    if len(words) == 3 and words[0] == "claim":
        return Move("claim", "box", _number(words[1], text), _number(words[2], text))
    if len(words) == 2 and words[0] in ("accuse", "ask"):
        seat = _number(words[1], text)
        if seat < 1:
            raise MalformedMove(text=_shown(text), reason=Text("mafia.reason.format"))
        return Move(words[0], n=seat - 1)
    if words in (["pass"], ["bang"]):
        return Move(words[0])
    raise MalformedMove(text=_shown(text), reason=Text("mafia.reason.format"))
