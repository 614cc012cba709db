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
from games.typed import narrow, shown

#: One end of a line, ASCII only (other Unicode digits are refused before this runs).
_POINT = re.compile(r"^[a-z][0-9]{1,2}$")
#: The longest text read as a move; a real one (``e4-e5``, ``a10 - b10``) is far shorter, and
#: anything longer is refused before any other work, so parsing stays cheap.
MAX_TEXT = 64
#: Dashes read as ``-``; ``ー`` is what the minus key gives in a Japanese IME's kana mode.
_DASHES = {ord(dash): "-" for dash in "‐‑‒–—―−ー"}
PASS_WORDS = ("pass", "パス")


def format_line(line: int) -> str:
    a, b = LINE_ENDS[line]
    return f"{VERTEX_NAMES[a]}-{VERTEX_NAMES[b]}"


def normal(text: str) -> str:
    """``text`` folded for reading: full-width forms, NFKC, lower case, dashes as ``-``, single spaces.

    Raises ``MalformedMove`` for text longer than :data:`MAX_TEXT`, with a control or invisible
    character (NUL, zero-width space, bidi marks), or with digits other than ``0``-``9`` (``²``,
    ``٣``), which NFKC would otherwise quietly turn into ASCII digits. One pass over at most
    :data:`MAX_TEXT` characters.
    """
    wide = narrow(str(text), limit=MAX_TEXT, reasons="minoa.reason")
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
