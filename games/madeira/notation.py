"""Madeira's move notation (rules help "Notation"): one decision per move, a verb first.

A move *is* its notation: ``format_move`` returns the canonical text, ``parse_move`` reads what a
player typed and resolves it against the legal moves. Reading is case-insensitive, accepts
full-width letters, digits and spaces (as a Japanese keyboard types them), ``→`` / ``>`` for
``-``, a few Japanese verbs (``パス 1``, ``収穫``), and a shortened move when exactly one legal
move starts with it (``pass 1`` for the only slot-I move). A shortened move that fits several
(``pass 2`` fits ``pass 2 reals`` and ``pass 2 city``) is refused as ambiguous, listing them.
Text that names no verb of the notation is malformed; a well-formed move the position does not
allow is illegal, and the error says what is asked.

Hostile text is refused as malformed before it is matched, in time linear in its length: text
over :data:`MAX_CHARS` characters, any character outside ASCII and the Japanese verbs (other
scripts' digits such as ``٣``, superscripts such as ``²``, emoji, control characters, NUL), and
numbers of more than three digits. Errors echo the text shortened, unprintable characters
replaced.
"""

from __future__ import annotations

import re

from games.errors import AmbiguousMove, IllegalMove, MalformedMove
from games.messages import Text
from games.typed import narrow, shown

VERBS = frozenset((
    "city", "field", "row", "take", "guild", "favor", "die", "pirate", "pass", "act", "harvest", "skip",
    "done", "move", "ship", "buy", "wood", "reward", "support", "flip", "again", "marker", "building", "pay",
    "pirates", "honor", "upkeep", "feed", "score", "wealth", "mill", "discard",
))
ALIASES = {
    "パス": "pass", "ダイス": "die", "海賊": "pirate", "海賊ダイス": "pirate", "アクション": "act", "行動": "act",
    "収穫": "harvest", "スキップ": "skip", "なし": "skip", "終了": "done", "完了": "done", "移動": "move",
    "船": "ship", "支払う": "pay", "払う": "pay", "海賊点": "pirates", "名誉": "honor", "風車": "mill",
    "列": "row", "要請": "take", "捨てる": "discard", "達成": "score", "favour": "favor", "ships": "ship", "workers": "move",
}


#: The longest text read as a move; longer text is refused at once (moves are a few words).
MAX_CHARS = 100
#: The characters a move may hold beyond printable ASCII (and tab): the Japanese verbs and ``→``.
_EXTRA = frozenset("".join(ALIASES) + "→")
_LONG_NUMBER = re.compile(r"[0-9]{4}")


def normalise(text: str) -> str:
    """``text`` in canonical spelling: full-width forms narrowed, lower case, single spaces,
    ``-`` without spaces around it, a Japanese verb translated. Raises ``MalformedMove`` for text
    too long or holding a character the notation never uses. Linear in the length of ``text``."""
    text = narrow(text, limit=MAX_CHARS, reasons="madeira.reason", extra=_EXTRA)
    words = text.lower().replace("→", "-").replace(">", "-").split()
    if words and words[0] in ALIASES:
        words[0] = ALIASES[words[0]]
    text = " ".join(words).replace(" -", "-").replace("- ", "-")
    if _LONG_NUMBER.search(text):
        raise MalformedMove(text=shown(text), reason=Text("madeira.reason.format"))
    return text


def parse_move(legal: list[str], text: str, asked: Text | None = None) -> str:
    """The legal move ``text`` names. Raises ``MalformedMove`` for text outside the notation,
    ``AmbiguousMove`` when a shortened form fits several legal moves, ``IllegalMove`` when it
    fits none (``asked`` says what the position asks for)."""
    if not isinstance(text, str):
        raise MalformedMove(text=shown(repr(text)), reason=Text("madeira.reason.format"))
    normal = normalise(text)
    raw = shown(text)
    if not normal:
        raise MalformedMove(text=raw, reason=Text("madeira.reason.format"))
    if normal in legal:
        return normal
    fits = [m for m in legal if m.startswith((normal + " ", normal + "-", normal + "."))]
    if len(fits) == 1:
        return fits[0]
    if fits:
        listed = ", ".join(fits[:12]) + (", …" if len(fits) > 12 else "")
        raise AmbiguousMove(text=raw, options=listed)
    verb = normal.split()[0]
    if verb not in VERBS:
        raise MalformedMove(text=raw, reason=Text("madeira.reason.unknown_word", word=shown(verb)))
    if asked is None:
        raise IllegalMove(text=raw, reason=Text("madeira.reason.waiting"))
    raise IllegalMove(text=raw, reason=Text("madeira.reason.expected", prompt=asked,
                                            examples=", ".join(f"`{m}`" for m in legal[:5]) or "-"))


__all__ = ["MAX_CHARS", "VERBS", "normalise", "parse_move", "shown"]
