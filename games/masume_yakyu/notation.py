"""The move notation (README, "Masume Yakyu").

- Before the game: ``order 4`` puts roster no. 4 next in the batting order, ``order auto`` fills
  the rest in roster order, ``starter 11`` names the starting pitcher.
- Defence: ``card 5`` the secret pitch card (its number; a name such as ``card slider`` works too),
  ``change 12`` a pitching change before the first pitch of an at-bat, ``target B2`` the ball on a
  cell (columns A-E left to right as the pitcher sees the grid, rows 1-5 high to low), ``discard 7``
  the card removed for stamina at the end of a half-inning.
- Offence: ``take``, ``swing C3`` (the bat's just-meet spot on C3), ``bunt C3``; in a two-player
  game a steal call goes in front: ``steal swing C3``, ``steal take``. In Battery mode the runner
  says ``steal`` or ``stay``. A running decision is ``go`` or ``hold``.

Reading is case-insensitive and accepts full-width characters and a few Japanese words
(``見送り``, ``スイング``, ``バント``, ``盗塁``, ``ゴー``, ``ストップ``).
"""

from __future__ import annotations

from games.errors import MalformedMove
from games.masume_yakyu.data import CARDS
from games.masume_yakyu.grid import cell_name, parse_cell
from games.masume_yakyu.state import Move
from games.messages import Text
from games.typed import narrow, shown

LIMIT = 40
NUMBERED = ("order", "starter", "card", "change", "discard")
CELLED = ("target", "swing", "bunt")
PLAIN = ("take", "steal", "stay", "go", "hold")
_ALIASES = {
    "見送り": "take", "見逃し": "take", "スイング": "swing", "打つ": "swing", "バント": "bunt",
    "盗塁": "steal", "待機": "stay", "ゴー": "go", "走る": "go", "ストップ": "hold", "止まる": "hold",
    "打順": "order", "先発": "starter", "球種": "card", "継投": "change", "交代": "change",
    "ターゲット": "target", "捨てる": "discard",
}
_CARD_WORDS = {card.key: n for n, card in CARDS.items()} | {"twoseam": 2, "two-seam": 2, "knuckle": 9}


def format_move(move: Move) -> str:
    kind, arg = move.kind, move.arg
    prefix = "steal " if move.steal else ""
    if kind == "auto":
        return "order auto"
    if kind in NUMBERED:
        return f"{kind} {arg}"
    if kind in CELLED:
        return f"{prefix}{kind} {cell_name(arg)}"
    return f"{prefix}{kind}"


def parse_move(text: str) -> Move:
    """Read one move; whether it is legal now is the engine's question."""
    wide = narrow(text, limit=LIMIT, reasons="masume_yakyu.reason")
    words = [_ALIASES.get(w, w) for w in wide.strip().lower().replace(",", " ").split()]
    if not words:
        raise MalformedMove(text=shown(text), reason=Text("masume_yakyu.reason.format"))
    steal = False
    if words[0] == "steal" and len(words) > 1:
        steal, words = True, words[1:]
    elif words[-1] == "steal" and len(words) > 1:
        steal, words = True, words[:-1]
    kind, rest = words[0], words[1:]
    if kind == "order" and rest == ["auto"] or kind == "auto" and not rest:
        return Move("auto")
    if kind in NUMBERED and len(rest) == 1:
        word = rest[0]
        if kind == "card" and word in _CARD_WORDS:
            return Move("card", _CARD_WORDS[word])
        if word.isdigit() and word.isascii():
            return Move(kind, int(word))
        raise MalformedMove(text=shown(text), reason=Text("masume_yakyu.reason.number", word=shown(word)))
    if kind in _CARD_WORDS and not rest:
        return Move("card", _CARD_WORDS[kind])
    if kind in CELLED and len(rest) == 1 or parse_cell(kind) is not None and not rest:
        word = rest[0] if rest else kind
        cell = parse_cell(word)
        if cell is None:
            raise MalformedMove(text=shown(text), reason=Text("masume_yakyu.reason.cell", cell=shown(word)))
        return Move(kind if rest else "target", cell, steal and kind != "target")
    if kind in PLAIN and not rest:
        return Move(kind, 0, steal and kind == "take")
    raise MalformedMove(text=shown(text), reason=Text("masume_yakyu.reason.format"))
