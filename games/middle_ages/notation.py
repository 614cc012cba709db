"""Middle Ages move notation (rules page, "Move notation"), read and written side by side.

- ``go 3``: the lord goes to column 3 (1 = leftmost) of the next row (row 1 while placing lords);
- ``revive 2``: Village, the 2nd tile listed in your graveyard comes back;
- ``scout 2-4``: Rampart, the scout goes to row 2, column 4;
- ``coin market``: Church, an extra-coin token under the named estate;
- ``plot field church``: Palace, a plot token under the church that makes it count fields too;
- ``lose 2`` (only with the option ``barracks_loss=victim``): the attacked player gives up the
  2nd tile (in placement order) of their leftmost estate.

Estate words: ``field mill village rampart market barracks church palace``. Reading is
case-insensitive, also accepts the Japanese names (畑 水車 村 城壁 市場 兵舎 教会 宮殿), full-width
letters, digits and spaces (as a Japanese keyboard types them) and any unambiguous beginning of a
word (``ch`` = church); ``m`` could be mill or market and is refused as ambiguous.
:func:`format_move` always writes the full English words.

Anything else is refused as malformed before it is read, in time linear in its length: text over
:data:`MAX_CHARS` characters, any character outside ASCII and the Japanese words above (other
scripts' digits such as ``٣``, superscripts such as ``²``, emoji, control characters, NUL), and
numbers of more than two digits. The refused text is echoed shortened and with unprintable
characters replaced, so an error message stays short and harmless.
"""

from __future__ import annotations

import re

from games.errors import AmbiguousMove, MalformedMove
from games.messages import Text
from games.typed import narrow, shown
from games.middle_ages.data import ESTATE_BY_NAME, ESTATES
from games.middle_ages.state import Move

#: The Japanese estate names of the Japanese edition (seed text), accepted when reading.
JAPANESE_ESTATES = {"畑": "field", "水車": "mill", "村": "village", "城壁": "rampart", "市場": "market",
                    "兵舎": "barracks", "教会": "church", "宮殿": "palace"}
NUMBER_WORDS = ("go", "revive", "lose")
VERBS = ("go", "revive", "scout", "coin", "plot", "lose")
_CELL = re.compile(r"([0-9]{1,2}) ?[-–—] ?([0-9]{1,2})")
_NUMBER = re.compile(r"[0-9]{1,2}")
#: The longest text read as a move; longer text is refused at once (moves are a few words).
MAX_CHARS = 100
#: The characters a move may hold beyond printable ASCII (and tab): the Japanese estate names and
#: the dashes of ``scout 2–4``.
_EXTRA = frozenset("".join(JAPANESE_ESTATES) + "–—")


def clean(text: str) -> str:
    """``text`` ready to read: full-width forms narrowed, trimmed, lower case, words separated
    by single spaces. Raises ``MalformedMove`` for text too long or holding a character the
    notation never uses (linear in the length of ``text``)."""
    return " ".join(narrow(text, limit=MAX_CHARS, reasons="middle_ages.reason", extra=_EXTRA).lower().split())


def format_move(move: Move) -> str:
    if move.kind == "scout":
        return f"scout {move.a}-{move.b}"
    if move.kind == "coin":
        return f"coin {ESTATES[move.a]}"
    if move.kind == "plot":
        return f"plot {ESTATES[move.a]} {ESTATES[move.b]}"
    return f"{move.kind} {move.a}"


def estate_word(word: str, text: str) -> int:
    """The estate named by ``word`` (English, Japanese or an unambiguous beginning).

    Raises ``AmbiguousMove`` when several estates begin so, ``MalformedMove`` when none does."""
    word = word.strip().lower()
    if word in ESTATE_BY_NAME:
        return ESTATE_BY_NAME[word]
    if word in JAPANESE_ESTATES:
        return ESTATE_BY_NAME[JAPANESE_ESTATES[word]]
    matches = [name for name in ESTATES if word and name.startswith(word)]
    if len(matches) == 1:
        return ESTATE_BY_NAME[matches[0]]
    if matches:
        raise AmbiguousMove(text=shown(text), options=", ".join(matches))
    raise MalformedMove(text=shown(text), reason=Text("middle_ages.reason.unknown_estate", word=shown(word)))


def parse_move(text: str) -> Move:
    """The move written ``text``; raises ``MalformedMove`` (saying what is wrong) or
    ``AmbiguousMove`` (naming the candidates). Legality is checked when the move is played."""
    words = clean(text).split()
    text = shown(text)
    if not words:
        raise MalformedMove(text=text, reason=Text("middle_ages.reason.format"))
    verb, rest = words[0], words[1:]
    verbs = [v for v in VERBS if v.startswith(verb)]
    if verb in VERBS:
        verbs = [verb]
    if not verbs:
        raise MalformedMove(text=text, reason=Text("middle_ages.reason.format"))
    if len(verbs) > 1:
        raise AmbiguousMove(text=text, options=", ".join(verbs))
    verb = verbs[0]
    if verb in NUMBER_WORDS:
        if len(rest) != 1 or not _NUMBER.fullmatch(rest[0]) or not 1 <= int(rest[0]) <= 99:
            raise MalformedMove(text=text, reason=Text(f"middle_ages.reason.format_{verb}"))
        return Move(verb, int(rest[0]))
    if verb == "scout":
        match = _CELL.fullmatch(" ".join(rest))
        if not match:
            raise MalformedMove(text=text, reason=Text("middle_ages.reason.format_scout"))
        return Move(verb, int(match.group(1)), int(match.group(2)))
    if verb == "coin":
        if len(rest) != 1:
            raise MalformedMove(text=text, reason=Text("middle_ages.reason.format_coin"))
        return Move(verb, estate_word(rest[0], text))
    if len(rest) != 2:
        raise MalformedMove(text=text, reason=Text("middle_ages.reason.format_plot"))
    return Move(verb, estate_word(rest[0], text), estate_word(rest[1], text))
