"""Medina's move notation (rules page, "Move notation"): one placement per move.

``grey F7`` / ``black F7`` (edition 1) / ``purple F7`` (edition 2) / ``brown F7`` / ``orange F7``
a building; ``roof F7`` an own rooftop on the unroofed palace containing F7; ``neutral F7`` a
neutral rooftop; ``stable F7``; ``merchant F7``; ``wall 1E`` one more wall on arm 1E; ``tea`` a
tea break. Cells are a column letter (``A`` at the left) and a row number (``1`` at the top).

:func:`format_move` writes that form. A legal rooftop move names its palace by the palace's first
building; a rooftop the player names on another building of that palace (``roof F7``) keeps
F7, so the image draws it where it was put (:func:`canonical` maps it to the legal form).
:func:`parse_move` reads it case-insensitively, with full-width characters and Japanese words
(``橙 F7``, ``屋根 F7``, ``城壁 1E``, ``ティー``) too, and resolves shortened forms against the
legal moves: a bare cell (``F7``), ``building F7``, ``wall 1`` (a tower), ``wall`` or ``roof``
alone are accepted when exactly one legal move fits, and refused as ambiguous when several do.
"""

from __future__ import annotations

import re
import unicodedata

from games.errors import AmbiguousMove, IllegalMove, MalformedMove
from games.medina.board import ARM_INDEX, ARM_NAMES
from games.medina.placement import legal_moves
from games.medina.state import (
    BUILDING,
    BUILDING_KINDS,
    COLOURS,
    MERCHANT,
    NEUTRAL,
    ROOF,
    STABLE,
    TEA,
    WALL,
    MedinaState,
    Move,
)
from games.messages import Text
from games.typed import narrow, shown

#: Words of the notation (and accepted aliases) -> a move kind, or a pseudo-kind.
ANY_BUILDING = -2
_WORDS = {
    "grey": 0, "gray": 0, "灰": 0, "灰色": 0, "グレー": 0,
    "black": 1, "黒": 1, "黒色": 1,
    "purple": 1, "紫": 1, "紫色": 1,
    "brown": 2, "茶": 2, "茶色": 2,
    "orange": 3, "橙": 3, "橙色": 3, "オレンジ": 3,
    "building": ANY_BUILDING, "建物": ANY_BUILDING,
    "roof": ROOF, "rooftop": ROOF, "dome": ROOF, "屋根": ROOF,
    "neutral": NEUTRAL, "中立": NEUTRAL, "中立屋根": NEUTRAL,
    "stable": STABLE, "小屋": STABLE, "ヤギ小屋": STABLE, "厩舎": STABLE,
    "merchant": MERCHANT, "商人": MERCHANT, "民衆": MERCHANT,
    "wall": WALL, "城壁": WALL, "壁": WALL,
    "tea": TEA, "ティー": TEA, "ティータイル": TEA, "お茶": TEA, "休憩": TEA,
}
#: Colour words that exist only in one edition.
_EDITION_WORDS = {"black": 1, "黒": 1, "黒色": 1, "purple": 2, "紫": 2, "紫色": 2}
_DIRECTIONS = {"e": "E", "w": "W", "s": "S", "n": "N", "東": "E", "西": "W", "南": "S", "北": "N"}
# ASCII digits only: other Unicode digits (``²``, ``٣``) are refused before these run.
_CELL = re.compile(r"^([a-z])([0-9]{1,2})$")
_ARM = re.compile(r"^([1-4])([eswn東西南北]?)$")
_GLUED = re.compile(r"^([^0-9]+?)([a-z][0-9]{1,2}|[1-4][eswn東西南北]?)$")
#: The longest text read as a move. Real moves (``neutral F11``, ``ティータイル``, ``wall 1 E``)
#: are far shorter; anything longer is refused before any other work, so parsing stays cheap.
MAX_TEXT = 64


def format_move(state: MedinaState, move: Move) -> str:
    """The notation of ``move`` in this game (its edition names the second colour)."""
    kind = move.kind
    if kind == TEA:
        return "tea"
    if kind == WALL:
        return f"wall {ARM_NAMES[move.at]}"
    cell = state.geo.names[move.at]
    if kind in BUILDING_KINDS:
        return f"{state.colours[kind]} {cell}"
    return f"{('roof', 'neutral', 'stable', 'merchant')[kind - ROOF]} {cell}"


def _normal(raw: str) -> str:
    """The text folded for reading: full-width forms, NFKC, lower case, single spaces.

    Refuses (``MalformedMove``) text longer than :data:`MAX_TEXT`, control or invisible
    characters (NUL, zero-width space, bidi marks), and digits other than ``0``-``9`` (``²``,
    ``٣``, ``⑦``), which NFKC would otherwise quietly turn into ASCII digits. One pass over at
    most :data:`MAX_TEXT` characters.
    """
    wide = narrow(raw, limit=MAX_TEXT, reasons="medina.reason")
    return " ".join(unicodedata.normalize("NFKC", wide).lower().split())


def _tokens(text: str) -> tuple[str | None, str | None]:
    """Split into (word, target); raises ``MalformedMove`` when the text has another shape."""
    parts = text.split(" ")
    if len(parts) >= 2 and parts[-1] in _DIRECTIONS and parts[-2] in ("1", "2", "3", "4"):
        parts = parts[:-2] + [parts[-2] + parts[-1]]  # "wall 1 E"
    if len(parts) == 1:
        only = parts[0]
        if only in _WORDS:
            return only, None
        if _CELL.match(only) or _ARM.match(only):
            return None, only
        glued = _GLUED.match(only)
        if glued and glued.group(1) in _WORDS:
            return glued.group(1), glued.group(2)
        return only, None
    if len(parts) == 2:
        return parts[0], parts[1]
    return None, None


def parse_move(state: MedinaState, text: str, seat: int | None = None) -> Move:
    """Read ``text`` as one move of ``seat`` (default: the seat to act).

    Raises ``MalformedMove`` for text outside the notation (also anything hostile: over
    :data:`MAX_TEXT` characters, control characters, digits other than 0-9), ``AmbiguousMove``
    when a shortened form fits several legal moves, ``IllegalMove`` when it fits none or names a
    colour of the other edition. A full form (``orange F7``) is returned as is; ``apply`` judges it.
    """
    normal = _normal(str(text))
    raw = shown(str(text), MAX_TEXT)  # quoted back in errors
    if not normal:
        raise MalformedMove(text=raw, reason=Text("medina.reason.format"))
    seat = state.turn if seat is None else seat
    word, target = _tokens(normal)
    if word is None and target is None:
        raise MalformedMove(text=raw, reason=Text("medina.reason.format"))
    kind = None
    if word is not None:
        if word not in _WORDS:
            raise MalformedMove(text=raw, reason=Text("medina.reason.unknown_word", word=word))
        kind = _WORDS[word]
        edition = _EDITION_WORDS.get(word)
        if edition is not None and edition != state.edition:
            raise IllegalMove(text=raw, reason=Text(
                "medina.reason.edition_colour", edition=state.edition,
                colour=Text(f"medina.colour.{state.colours[1]}")))
    if kind == TEA:
        if target is not None:
            raise MalformedMove(text=raw, reason=Text("medina.reason.format"))
        return Move(TEA, 0)
    # Walls name an arm (or a tower); everything else a cell.
    if target is not None and _ARM.match(target):
        if kind not in (None, WALL):
            raise MalformedMove(text=raw, reason=Text("medina.reason.cell_expected", word=word))
        number, letter = _ARM.match(target).groups()
        if letter:
            name = number + _DIRECTIONS[letter]
            if name not in ARM_INDEX:
                raise MalformedMove(text=raw, reason=Text("medina.reason.no_arm", arm=name.upper()))
            return Move(WALL, ARM_INDEX[name])
        return _resolve(state, seat, raw, [m for m in legal_moves(state, seat)
                                           if m.kind == WALL and ARM_NAMES[m.at][0] == number])
    if kind == WALL:
        if target is not None:
            raise MalformedMove(text=raw, reason=Text("medina.reason.arm_expected"))
        return _resolve(state, seat, raw, [m for m in legal_moves(state, seat) if m.kind == WALL])
    if target is None:
        # A piece word alone: fine when exactly one legal move of that piece exists.
        wanted = BUILDING_KINDS if kind == ANY_BUILDING else (kind,)
        return _resolve(state, seat, raw, [m for m in legal_moves(state, seat) if m.kind in wanted])
    match = _CELL.match(target)
    if not match:
        raise MalformedMove(text=raw, reason=Text("medina.reason.format"))
    geo = state.geo
    cell = geo.by_name.get(target.upper())
    if cell is None:
        raise MalformedMove(text=raw, reason=Text(
            "medina.reason.no_cell", cell=target.upper(), columns=f"A-{geo.columns[-1]}", rows=geo.height))
    if kind is not None and kind >= 0:
        # A rooftop keeps the building the player named: it is drawn there (any building of
        # the palace may take it, §7.2); ``apply`` judges it as the palace's one roof move.
        return Move(kind, cell)
    # A bare cell, or "building F7": whatever legal move fits that cell.
    here = [m for m in legal_moves(state, seat) if m.kind != WALL and m.kind != TEA and _covers(state, m, cell)]
    if kind == ANY_BUILDING:
        here = [m for m in here if m.kind in BUILDING_KINDS]
    move = _resolve(state, seat, raw, here)
    return Move(move.kind, cell) if move.kind in (ROOF, NEUTRAL) else move


def canonical(state: MedinaState, move: Move) -> Move:
    """The legal-move form of ``move``: a rooftop named on any building of a palace becomes the
    palace's one roof move (on its first building); every other move is its own form."""
    if move.kind in (ROOF, NEUTRAL) and 0 <= move.at < len(state.kind) and state.kind[move.at] == BUILDING:
        first = state.palaces[state.aux[move.at]].buildings[0]
        if first != move.at:
            return Move(move.kind, first)
    return move


def _covers(state: MedinaState, move: Move, cell: int) -> bool:
    if move.kind in (ROOF, NEUTRAL):
        return state.kind[cell] == BUILDING and state.palaces[state.aux[cell]].buildings[0] == move.at
    return move.at == cell


def _resolve(state: MedinaState, seat: int, raw: str, candidates: list[Move]) -> Move:
    if len(candidates) == 1:
        return candidates[0]
    if not candidates:
        raise IllegalMove(text=raw, reason=Text("medina.reason.nothing_fits"))
    listed = [format_move(state, m) for m in candidates[:12]]
    raise AmbiguousMove(text=raw, options=", ".join(listed) + (", …" if len(candidates) > 12 else ""))


__all__ = ["COLOURS", "canonical", "format_move", "parse_move"]
