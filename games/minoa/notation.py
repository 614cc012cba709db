"""Minoa's move notation (rules page, "Move notation"): a line is named by its two ends.

``e4-e5`` or ``e5-e4`` name the same line; vertices are a row letter ``a``..``i`` and a column
counted from the left of the row. :func:`format_line` writes the upper-left end first.
:func:`parse_line` reads it case-insensitively, with spaces around the dash, an en or em dash,
and full-width characters (``ｅ４－ｅ５``, ``e4ーe5``) as typed with a Japanese IME; it refuses anything else
as malformed, hostile text included (see :func:`normal`).
"""

from __future__ import annotations

import re
import unicodedata

from games.errors import MalformedMove
from games.messages import Text
from games.minoa.board import LINE_BY_ENDS, LINE_ENDS, VERTEX_BY_NAME, VERTEX_NAMES

#: One end of a line, ASCII only (other Unicode digits are refused before this runs).
_POINT = re.compile(r"^[a-z][0-9]{1,2}$")
#: The longest text read as a move; a real one (``e4-e5``, ``a10 - b10``) is far shorter, and
#: anything longer is refused before any other work, so parsing stays cheap.
MAX_TEXT = 64
#: Full-width ASCII forms and the ideographic space, then the dashes read as ``-``.
_FOLD = {0x3000: 0x20, **{code: code - 0xFEE0 for code in range(0xFF01, 0xFF5F)}}
#: ``ー`` is what the minus key gives in a Japanese IME's kana mode.
_DASHES = {ord(dash): "-" for dash in "‐‑‒–—―−ー"}
_DIGITS = frozenset("0123456789")
PASS_WORDS = ("pass", "パス")


def format_line(line: int) -> str:
    a, b = LINE_ENDS[line]
    return f"{VERTEX_NAMES[a]}-{VERTEX_NAMES[b]}"


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


def normal(text: str) -> str:
    """``text`` folded for reading: full-width forms, NFKC, lower case, dashes as ``-``, single spaces.

    Raises ``MalformedMove`` for text longer than :data:`MAX_TEXT`, with a control or invisible
    character (NUL, zero-width space, bidi marks), or with digits other than ``0``-``9`` (``²``,
    ``٣``), which NFKC would otherwise quietly turn into ASCII digits. One pass over at most
    :data:`MAX_TEXT` characters.
    """
    raw = str(text)
    if len(raw) > MAX_TEXT:
        raise MalformedMove(text=shown(raw), reason=Text("minoa.reason.too_long", limit=MAX_TEXT))
    wide = raw.translate(_FOLD)
    for ch in wide:
        if ch.isspace():
            continue
        if unicodedata.category(ch)[0] == "C":
            raise MalformedMove(text=shown(raw), reason=Text("minoa.reason.control", code=f"U+{ord(ch):04X}"))
        if ch.isnumeric() and ch not in _DIGITS:
            raise MalformedMove(text=shown(raw), reason=Text("minoa.reason.digits", char=ch))
    return " ".join(unicodedata.normalize("NFKC", wide).lower().translate(_DASHES).split())


def parse_line(text: str) -> int:
    """The board line named by ``text``; raises ``MalformedMove`` saying what is wrong."""
    folded = normal(text)
    raw = shown(str(text), MAX_TEXT)
    ends_text = [part.strip() for part in folded.split("-")]
    if len(ends_text) != 2 or not all(_POINT.match(part) for part in ends_text):
        raise MalformedMove(text=raw, reason=Text("minoa.reason.format"))
    ends = []
    for name in ends_text:
        if name not in VERTEX_BY_NAME:
            raise MalformedMove(text=raw, reason=Text("minoa.reason.no_point", point=name))
        ends.append(VERTEX_BY_NAME[name])
    line = LINE_BY_ENDS.get(tuple(sorted(ends)))
    if line is None:
        raise MalformedMove(text=raw, reason=Text("minoa.reason.not_neighbours", a=ends_text[0], b=ends_text[1]))
    return line
