"""Minoa's move notation (rules page, "Move notation"): a line is named by its two ends.

``e4-e5`` or ``e5-e4`` name the same line; vertices are a row letter ``a``..``i`` and a column
counted from the left of the row. :func:`format_line` writes the upper-left end first.
"""

from __future__ import annotations

import re

from games.errors import MalformedMove
from games.messages import Text
from games.minoa.board import LINE_BY_ENDS, LINE_ENDS, VERTEX_BY_NAME, VERTEX_NAMES

_LINE = re.compile(r"^\s*([a-z]\d{1,2})\s*[-–—]\s*([a-z]\d{1,2})\s*$")


def format_line(line: int) -> str:
    a, b = LINE_ENDS[line]
    return f"{VERTEX_NAMES[a]}-{VERTEX_NAMES[b]}"


def parse_line(text: str) -> int:
    """The board line named by ``text``; raises ``MalformedMove`` saying what is wrong."""
    match = _LINE.match(text.lower())
    if not match:
        raise MalformedMove(text=text, reason=Text("minoa.reason.format"))
    ends = []
    for name in match.groups():
        if name not in VERTEX_BY_NAME:
            raise MalformedMove(text=text, reason=Text("minoa.reason.no_point", point=name))
        ends.append(VERTEX_BY_NAME[name])
    line = LINE_BY_ENDS.get(tuple(sorted(ends)))
    if line is None:
        raise MalformedMove(
            text=text, reason=Text("minoa.reason.not_neighbours", a=match.group(1), b=match.group(2))
        )
    return line
