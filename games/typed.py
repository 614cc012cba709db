"""What players type, read the same way in every game before its own notation looks at it.

A move is a few words, so every game refuses long text before any other work (parsing stays
linear and cheap); full-width ASCII forms and the ideographic space, as a Japanese IME types them,
are read as their ASCII twins; and whatever is quoted back in an error is cut short and has its
invisible characters spelled out, so an error never carries a wall of text or a hidden control.

Each game names its own reasons (``<prefix>.too_long``, ``.control``, ``.digits``,
``.character``) so the refusal can show an example in that game's notation.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Container
from typing import Any

from games.errors import MalformedMove
from games.messages import Text

#: Full-width ASCII forms (``Ｆ７``, ``－``) and the ideographic space, read as ASCII.
FULL_WIDTH = {0x3000: 0x20, **{code: code - 0xFEE0 for code in range(0xFF01, 0xFF5F)}}
_DIGITS = frozenset("0123456789")
#: Digits a typed whole number may have: every bound in the project fits (a seed, the largest, has
#: 19), and ``int()`` of a longer text is work (and past 4,300 digits an error) for nothing.
MAX_DIGITS = 20


def shown(text: str, limit: int = 24) -> str:
    """``text`` safe to quote back in an error: whitespace as a space, control and invisible
    characters as ``U+XXXX``, cut after ``limit`` characters."""
    out = []
    for ch in text[:limit]:
        if ch.isspace():
            out.append(" ")
        elif unicodedata.category(ch)[0] == "C":
            out.append(f"U+{ord(ch):04X}")
        else:
            out.append(ch)
    return "".join(out) + ("…" if len(text) > limit else "")


def quoted(value: Any, limit: int = 24) -> str:
    """Any value a user gave, safe to quote back (:func:`shown`); an integer too large for
    ``str()`` (past 4,300 digits) is shown by its size, ``~10^N``."""
    if isinstance(value, int) and value.bit_length() > 14_000:
        return f"{'-' if value < 0 else ''}~10^{int(value.bit_length() * 0.30103)}"
    return shown(str(value), limit)


def integer(value: Any, digits: int = MAX_DIGITS) -> int | None:
    """``value`` as a whole number: an ``int`` (not a ``bool``) as it is, or text of an optionally
    signed number in ASCII digits (spaces around allowed) of at most ``digits`` digits; ``None``
    for anything else. A longer text is refused before ``int()`` reads it. Bounds are the
    caller's to check."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if not isinstance(value, str):
        return None
    text = value.strip()
    body = text[1:] if text[:1] in "+-" else text
    if not body or len(body) > digits or not all(ch in _DIGITS for ch in body):
        return None
    return int(text)


def narrow(text: str, *, limit: int, reasons: str, extra: Container[str] | None = None) -> str:
    """``text`` with full-width forms read as ASCII, or ``MalformedMove`` (reason keys under
    ``reasons``) for text longer than ``limit`` characters and for characters the notation never
    uses. With ``extra`` given, a move is printable ASCII, tabs and the characters in ``extra``
    (``.character``); without, anything but control or invisible characters (``.control``) and
    digits other than ``0``-``9`` (``.digits``: ``²``, ``٣``, which NFKC would quietly make ASCII).
    One pass over at most ``limit`` characters."""
    if not isinstance(text, str):
        raise MalformedMove(text=shown(repr(text)), reason=Text(f"{reasons}.format"))
    if len(text) > limit:
        raise MalformedMove(text=shown(text), reason=Text(f"{reasons}.too_long", limit=limit))
    wide = text.translate(FULL_WIDTH)
    for ch in wide:
        if extra is not None:
            if not (" " <= ch <= "~" or ch == "\t" or ch in extra):
                raise MalformedMove(text=shown(text), reason=Text(f"{reasons}.character", code=f"U+{ord(ch):04X}"))
        elif ch.isspace():
            continue
        elif unicodedata.category(ch)[0] == "C":
            raise MalformedMove(text=shown(text), reason=Text(f"{reasons}.control", code=f"U+{ord(ch):04X}"))
        elif ch.isnumeric() and ch not in _DIGITS:
            raise MalformedMove(text=shown(text), reason=Text(f"{reasons}.digits", char=ch))
    return wide
