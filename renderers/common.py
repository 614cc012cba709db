"""Pieces every game renderer shares: the colour palette, the theme, fonts, sprites, PNG bytes.

A renderer is a pure function of a view and a few options (STYLE.md habit 9): it reads only the
view, keeps its geometry and theme in named dataclasses, prepares its static layers and sprites
once per size, and returns PNG bytes. The host runs it off the event loop.

Nothing here reads system fonts: :func:`text` draws with the Noto Sans JP and Noto Sans subsets
shipped in ``renderers/fonts/``, so a fresh machine draws the same image (Japanese names
included) as a developer's, CI and Docker.
"""

from __future__ import annotations

import contextvars
import io
import math
import os
import re
import threading
import unicodedata
import weakref
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from PIL import Image, ImageDraw, ImageFont, features

RGB = tuple[int, int, int]
RGBA = tuple[int, int, int, int]

#: zlib level for :func:`encode_png`. On busy 1100 x 800 boards mapped to a fixed palette, level 6
#: takes 6-10 ms for 47-72 KB, level 3 3-5 ms for 55-82 KB, level 1 3-4.5 ms for 58-93 KB: level 3
#: keeps every board far under Discord-friendly 300 KB at about half the deflate time.
PNG_COMPRESS_LEVEL = 3

#: Seat colours by the names the engines use in their views. Chosen so that every pair stays at
#: least 24 CIEDE2000 apart for normal vision and under protanopia, deuteranopia and tritanopia
#: (Machado et al. 2009 simulations; ``tests/test_render_standard.py`` checks it): brick red, navy,
#: yellow, teal and orchid rather than the classic red/green and purple/blue pairs that merge.
PALETTE: Mapping[str, RGB] = {
    "red": (216, 15, 11),
    "blue": (9, 33, 149),
    "yellow": (234, 205, 62),
    "green": (27, 140, 118),
    "purple": (219, 75, 229),  # the fifth seat (Middle Ages plays up to five)
    "black": (28, 28, 30),
    "white": (250, 250, 250),
}
#: The seat colours among :data:`PALETTE` (the others colour pieces that belong to nobody).
SEAT_COLOURS = ("red", "blue", "yellow", "green", "purple")

#: The mark of the last move: a hue no piece of any game uses (bright cyan, at least 15 CIEDE2000
#: from every seat colour and the board under each simulation), always drawn as a halo or
#: ring so it is told apart by form as well.
HIGHLIGHT: RGB = (26, 232, 255)

#: Every seat-owned mark carries the seat's number inside a shape of its own, so seats are told
#: apart without colour: seat 1 a circle, 2 a square, 3 a diamond, 4 a hexagon, 5 a triangle.
SEAT_SHAPES = ("circle", "square", "diamond", "hexagon", "triangle")


def colour(name: str) -> RGB:
    """The RGB of a palette colour name; raises ``ValueError`` naming the unknown colour."""
    try:
        return PALETTE[name]
    except KeyError:
        raise ValueError(f"unknown colour {name!r}; known: {', '.join(PALETTE)}") from None


def mix(a: RGB, b: RGB, t: float) -> RGB:
    """``t`` of the way from ``a`` to ``b`` (``t = 0`` is ``a``)."""
    return tuple(round(x + (y - x) * t) for x, y in zip(a, b))  # type: ignore[return-value]


def darker(c: RGB, t: float = 0.35) -> RGB:
    return mix(c, (0, 0, 0), t)


def luminance(c: RGB) -> float:
    """Relative luminance (WCAG 2), 0 for black to 1 for white."""
    def lin(v: int) -> float:
        v /= 255
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4
    r, g, b = (lin(v) for v in c[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: RGB, b: RGB) -> float:
    """The WCAG contrast ratio of two colours (1 = none, 21 = black on white)."""
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def ink_on(background: RGB) -> RGB:
    """Black or white, whichever reads better on ``background`` (never yellow on yellow)."""
    dark, light = (24, 22, 20), (255, 255, 255)
    return dark if contrast(dark, background) >= contrast(light, background) else light


@dataclass(frozen=True, eq=False)
class Theme:
    """The colours of a board image. One theme serves every game; a game picks what it needs.

    Compared and hashed by identity, so renderers can key their per-size caches on it.
    """

    background: RGB = (233, 227, 212)
    board: RGB = (252, 249, 241)
    board_edge: RGB = (196, 184, 160)
    grid: RGB = (205, 197, 181)
    dot: RGB = (120, 110, 96)
    label: RGB = (72, 64, 52)
    text: RGB = (40, 36, 32)
    muted: RGB = (110, 100, 86)
    card: RGB = (252, 249, 241)
    card_edge: RGB = (205, 196, 178)
    stick: RGB = PALETTE["black"]
    highlight: RGB = HIGHLIGHT
    gold: RGB = (246, 182, 10)
    silver: RGB = (204, 206, 212)
    #: How far a claimed area's fill goes from ``board`` towards its owner's colour.
    tint_amount: float = 0.34
    palette: Mapping[str, RGB] = field(default_factory=lambda: dict(PALETTE))

    def seat_colour(self, name: str) -> RGB:
        try:
            return self.palette[name]
        except KeyError:
            raise ValueError(f"unknown colour {name!r}; known: {', '.join(self.palette)}") from None

    def tint(self, name: str) -> RGB:
        """The light fill for an area owned by colour ``name``; sticks stay visible on it."""
        return mix(self.board, self.seat_colour(name), self.tint_amount)

    def outline(self, name: str) -> RGB:
        """A dark edge for a piece of colour ``name`` (keeps yellow visible on a light board)."""
        return darker(self.seat_colour(name), 0.45)


DEFAULT_THEME = Theme()


# --- caches that recording clears -----------------------------------------------------------------

_CACHES: list[Any] = []


def register_cache(cache: Any) -> None:
    """Have :func:`recording` clear ``cache`` (anything with a ``cache_clear()``) too."""
    _CACHES.append(cache)


def cached(maxsize: int = 32) -> Callable[[Callable[..., Any]], Any]:
    """``functools.lru_cache`` for layers and sprites, registered so that :func:`recording` can
    clear it: under a recording every label is drawn afresh and so measured."""
    def wrap(function: Callable[..., Any]) -> Any:
        wrapped = lru_cache(maxsize=maxsize)(function)
        _CACHES.append(wrapped)
        return wrapped
    return wrap


# --- fonts ----------------------------------------------------------------------------------------

#: The fonts shipped with the package (SIL OFL 1.1, see ``renderers/fonts/OFL.txt``; built by
#: ``tools/subset_font.py``), used as one chain per weight, each face drawing what the ones before
#: it lack: Noto Sans CJK (Latin with Latin-1 accents, Greek, Cyrillic, kana, the kanji of code
#: page 932, the hanzi of GB 2312 and Big5's frequent level, every Hangul syllable), Noto Sans (Ł,
#: Č, Ş, Ő, Vietnamese), Arabic, Hebrew, Thai, Devanagari, and the monochrome Noto Emoji. A name
#: in any of these scripts draws the same on a fresh machine, in CI and in Docker.
FONT_DIR = Path(__file__).resolve().parent / "fonts"
_SCRIPT_FACES = ("NotoSansArabicUI", "NotoSansHebrew", "NotoSansThaiUI", "NotoSansDevanagariUI")
BUNDLED_FONTS = {
    bold: (FONT_DIR / f"NotoSansCJK-{weight}.otf", FONT_DIR / f"NotoSansLatin-{weight}.ttf",
           *(FONT_DIR / f"{name}-{weight}.ttf" for name in _SCRIPT_FACES), FONT_DIR / "NotoEmoji-Regular.ttf")
    for bold, weight in ((False, "Regular"), (True, "Bold"))
}
#: Pillow's libraqm (HarfBuzz + FriBiDi) joins Arabic letters and shapes Devanagari and Thai. The
#: Pillow wheels carry it and load the system's libfribidi (Debian's ``libfribidi0``, installed
#: by the Dockerfile); without it right-to-left runs are still put in visual order, unjoined.
RAQM = features.check("raqm")


def _configured_font() -> str:
    return os.environ.get("BOARD_FONT", "").strip()


def board_font_problem() -> str | None:
    """What the bot should warn about at start, or ``None``: a configured ``BOARD_FONT`` that
    cannot be used (images then use the bundled fonts), or a Pillow without libraqm."""
    problems = []
    path = _configured_font()
    if path:
        try:
            ImageFont.truetype(path, 12)
        except (OSError, ValueError) as exc:
            problems.append(f"BOARD_FONT={path!r} cannot be loaded ({exc}); board images use the bundled Noto fonts")
    if not RAQM:
        problems.append("Pillow has no libraqm (install libfribidi0): Arabic is drawn unjoined and "
                        "Devanagari and Thai unshaped in board images")
    return "; ".join(problems) or None


@lru_cache(maxsize=2)
def _chain(bold: bool) -> tuple[str, ...]:
    """The font files to draw with, first choice first: ``BOARD_FONT`` (when it loads; it serves
    both weights), then the bundled faces, which fill in what it lacks."""
    bundled = tuple(str(path) for path in BUNDLED_FONTS[bold])
    path = _configured_font()
    loads = False
    if path:
        try:
            ImageFont.truetype(path, 12)
            loads = True
        except (OSError, ValueError):
            pass
    return (path, *bundled) if loads else bundled


@lru_cache(maxsize=256)
def _face(path: str, size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(path, max(6, int(size)))


def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    """The first font of the chain at ``size`` pixels: ``BOARD_FONT`` when set and loadable,
    else the bundled Noto Sans CJK (regular or bold)."""
    return _face(_chain(bold)[0], size)


@lru_cache(maxsize=16)
def _coverage(path: str) -> frozenset[int]:
    """The characters the font file at ``path`` has glyphs for (its best cmap)."""
    from fontTools.ttLib import TTFont  # only when a text outside plain ASCII is drawn

    with TTFont(path, fontNumber=0, lazy=True) as face:
        return frozenset(face.getBestCmap())


#: Explicit direction marks and embeddings: the images lay a line out left to right themselves
#: (the isolates, U+2066-2069, stay: :func:`isolate` puts a name in one).
_BIDI_CONTROLS = frozenset("\u200e\u200f\u202a\u202b\u202c\u202d\u202e")
_ISOLATES = "\u2066\u2067\u2068"
_POP_ISOLATE = "\u2069"


def _attaches(ch: str) -> bool:
    """Whether ``ch`` only modifies the character before it (a combining mark, a vowel sign, a
    joiner, a variation selector, a skin tone, a tag): drawn in that character's run, never alone."""
    return (ch in "\u200c\u200d" or "\ufe00" <= ch <= "\ufe0f" or "\U0001f3fb" <= ch <= "\U0001f3ff"
            or "\U000e0020" <= ch <= "\U000e007f" or unicodedata.category(ch) in ("Mn", "Mc", "Me"))


def _face_of(ch: str, chain: tuple[str, ...]) -> int | None:
    """The index in ``chain`` of the first font that has ``ch`` (``None``: none has it)."""
    code = ord(ch)
    for index, path in enumerate(chain):
        if code < 0x80 and index == 0 or code in _coverage(path):
            return index
    return None


@lru_cache(maxsize=4096)
def displayable(s: str, bold: bool = False) -> str:
    """``s`` as the images draw it: composed (NFC), without direction controls, and without a
    modifier its base's font cannot draw (a skin tone after a kanji, a mark after a missing
    character). A character no font has stays: it is drawn as a box with its code point (see
    :func:`placeholders`), so two names in a script the fonts lack still look different."""
    if s.isascii():
        return s
    chain = _chain(bold)
    out: list[str] = []
    base: int | None = None  # the font of the last character kept
    for ch in unicodedata.normalize("NFC", s):
        if ch in _BIDI_CONTROLS:
            continue
        if _attaches(ch):
            if base is not None and (ord(ch) in _coverage(chain[base])):
                out.append(ch)
            continue
        out.append(ch)
        base = None if ch.isspace() else _face_of(ch, chain)
    return "".join(out)


def isolate(name: str) -> str:
    """``name`` as an isolate (FSI ... PDI) when it holds right-to-left letters, so a sentence
    round it keeps its order: "Waiting on محمد +3 more", not the number pulled into the name."""
    if any(unicodedata.bidirectional(ch) in ("R", "AL", "AN") for ch in name) and not name.startswith("\u2068"):
        return f"\u2068{name}\u2069"
    return name


def placeholders(s: str, bold: bool = False) -> str:
    """The characters of ``s`` no bundled font has, each drawn as a box holding its code point."""
    chain = _chain(bold)
    return "".join(ch for ch in displayable(s, bold)
                   if not ch.isspace() and ch not in _ISOLATES + _POP_ISOLATE and _face_of(ch, chain) is None)


# --- right-to-left text ---------------------------------------------------------------------------

_STRONG_RTL = frozenset({"R", "AL"})


def _bidi_levels(s: str, base: int = 0) -> tuple[int, ...]:
    """The embedding level of each character of one line of ``s`` in a paragraph of level ``base``
    (0: the images' texts are English or Japanese sentences that may hold names in any script), by
    the Unicode Bidirectional Algorithm's rules W1-W7, N1-N2 and I1-I2, with isolates (a name put
    in one by :func:`isolate` is laid out on its own and counts as a neutral outside; the other
    explicit embeddings are dropped by :func:`displayable`). Even levels are left to right."""
    if not any(unicodedata.bidirectional(ch) in ("R", "AL", "AN") for ch in s):
        return (base,) * len(s)
    # the isolates first: each counts as one neutral of the text round it
    outer: list[str] = []  # the text round the isolates, an isolate's opening standing for it all
    spans: list[tuple[int, int, int]] = []  # (index in outer, start, end) of each isolate's content
    i, n = 0, len(s)
    while i < n:
        if s[i] in _ISOLATES:
            depth, j = 1, i + 1
            while j < n and depth:
                depth += 1 if s[j] in _ISOLATES else -1 if s[j] == _POP_ISOLATE else 0
                j += 1
            end = j - 1 if depth == 0 else j
            spans.append((len(outer), i, end))
            outer.append("\u2068")
            i = end + 1 if depth == 0 else end
            continue
        outer.append(s[i])
        i += 1
    levels = _levels_of(outer, base)
    if not spans:
        return levels
    result = [base] * n
    cursor, k = 0, 0
    for index, start, end in spans:
        while k < index:  # the characters before this isolate
            while s[cursor] in _ISOLATES or s[cursor] == _POP_ISOLATE:
                cursor += 1
            result[cursor] = levels[k]
            cursor, k = cursor + 1, k + 1
        content = s[start + 1:end]
        strong = next((unicodedata.bidirectional(ch) for ch in content
                       if unicodedata.bidirectional(ch) in ("L", "R", "AL")), "L")
        rtl = s[start] == "\u2067" or s[start] == "\u2068" and strong != "L"
        inner = base + 1 if rtl != (base % 2 == 1) else base + 2  # the next level of that direction
        result[start + 1:end] = _bidi_levels(content, inner)
        result[start] = levels[k]
        if end < n:
            result[end] = levels[k]
        cursor, k = end + 1, k + 1
    for j in range(cursor, n):
        if s[j] not in _ISOLATES and s[j] != _POP_ISOLATE and k < len(levels):
            result[j] = levels[k]
            k += 1
    return tuple(result)


def _levels_of(chars: list[str], base: int) -> tuple[int, ...]:
    """Rules W1-W7, N1-N2 and I1-I2 over ``chars`` (no isolates left) at paragraph level ``base``."""
    edge = "R" if base % 2 else "L"
    kinds = ["ON" if ch == "\u2068" else (unicodedata.bidirectional(ch) or "L") for ch in chars]
    n = len(kinds)
    for i, k in enumerate(kinds):  # W1: a mark takes the class of what it marks
        if k in ("NSM", "BN"):
            kinds[i] = kinds[i - 1] if i else edge
    strong = edge
    for i, k in enumerate(kinds):  # W2, W3: numbers after Arabic letters are Arabic numbers
        if k in ("L", "R", "AL"):
            strong = k
        elif k == "EN" and strong == "AL":
            kinds[i] = "AN"
    kinds = ["R" if k == "AL" else k for k in kinds]
    for i in range(1, n - 1):  # W4: one separator between two numbers of a kind joins them
        if kinds[i] == "ES" and kinds[i - 1] == kinds[i + 1] == "EN" or \
                kinds[i] == "CS" and kinds[i - 1] == kinds[i + 1] and kinds[i - 1] in ("EN", "AN"):
            kinds[i] = kinds[i - 1]
    for i, k in enumerate(kinds):  # W5: currency and percent signs beside a number are part of it
        if k == "ET":
            j = i
            while j < n and kinds[j] == "ET":
                j += 1
            if (i and kinds[i - 1] == "EN") or (j < n and kinds[j] == "EN"):
                for m in range(i, j):
                    kinds[m] = "EN"
    kinds = ["ON" if k in ("ES", "ET", "CS") else k for k in kinds]  # W6
    strong = edge
    for i, k in enumerate(kinds):  # W7: numbers in left-to-right text are left to right
        if k in ("L", "R"):
            strong = k
        elif k == "EN" and strong == "L":
            kinds[i] = "L"
    i = 0
    while i < n:  # N1, N2: neutrals between two runs of one direction take it, else the paragraph's
        if kinds[i] in ("L", "R", "EN", "AN"):
            i += 1
            continue
        j = i
        while j < n and kinds[j] not in ("L", "R", "EN", "AN"):
            j += 1
        before = edge if i == 0 else ("R" if kinds[i - 1] in ("R", "EN", "AN") else "L")
        after = edge if j == n else ("R" if kinds[j] in ("R", "EN", "AN") else "L")
        for m in range(i, j):
            kinds[m] = before if before == after else edge
        i = j
    if base % 2 == 0:  # I1
        return tuple({"L": base, "R": base + 1}.get(k, base + 2) for k in kinds)
    return tuple(base if k == "R" else base + 1 for k in kinds)  # I2


def _visual_order(levels: list[int]) -> list[int]:
    """The order in which to lay out items of these levels, left to right (rule L2: from the
    highest level down, reverse every maximal sequence at or above it)."""
    order = list(range(len(levels)))
    for level in range(max(levels, default=0), 0, -1):
        i = 0
        while i < len(order):
            if levels[order[i]] >= level:
                j = i
                while j < len(order) and levels[order[j]] >= level:
                    j += 1
                order[i:j] = reversed(order[i:j])
                i = j
            else:
                i += 1
    return order


@lru_cache(maxsize=4096)
def _runs(s: str, bold: bool) -> tuple[tuple[str, int, int], ...]:
    """``s`` (already displayable) cut into runs drawn by one font in one direction each, in
    logical order: (text, index in the chain or -1 for characters no font has, bidi level).
    Spaces and modifiers stay with the run they are in when its font has them."""
    if s.isascii():
        return ((s, 0, 0),)
    chain = _chain(bold)
    emoji = {i for i, path in enumerate(chain) if path.endswith("Emoji-Regular.ttf")}  # its space is an em wide
    levels = _bidi_levels(s)
    runs: list[list[Any]] = []
    for ch, level in zip(s, levels):
        if ch in _ISOLATES or ch == _POP_ISOLATE:
            continue  # they only shape the levels
        last = runs[-1] if runs else None
        joins = last is not None and last[1] >= 0 and (
            _attaches(ch) or ch.isspace() and last[1] not in emoji and last[2] == level)
        if joins and (ch == " " or ord(ch) in _coverage(chain[last[1]])):
            index = last[1]
        else:
            found = _face_of(ch, chain)
            index = -1 if found is None else found
        if last is not None and last[1] == index and (last[2] == level or _attaches(ch)):
            last[0] += ch
        else:
            runs.append([ch, index, level])
    return tuple((text_, index, level) for text_, index, level in runs)


# --- laying out and drawing text -------------------------------------------------------------------


def reset_fonts() -> None:
    """Forget the loaded fonts and what they cover (after ``BOARD_FONT`` changed, in tests)."""
    for cache in (_chain, _face, _coverage, displayable, _runs, _layout, _mask, _width, _fit, _wrap, _grounded):
        cache.cache_clear()


#: FreeType faces must not be used by two threads at once; the host renders in worker threads.
_TEXT_LOCK = threading.Lock()


@dataclass(frozen=True)
class _Placed:
    """One run of a laid out line: drawn at (x, y) from the line's position with ``anchor``;
    ``face`` None for characters no font has (boxes with their code points)."""

    x: float
    y: float
    text: str
    face: ImageFont.FreeTypeFont | None
    anchor: str
    direction: str | None


def _direction(level: int) -> str | None:
    """The direction libraqm lays a run of this bidi level out in (``None``: left to right, or no
    libraqm)."""
    return ("rtl" if level % 2 else "ltr") if RAQM and level else None


def _placeholder_width(ch: str, size: int) -> float:
    return size * (0.66 if ord(ch) <= 0xFFFF else 0.92)


def _baseline(anchor: str, face: ImageFont.FreeTypeFont) -> float:
    """How far below a line's ``anchor`` point its baseline lies, by the first face's metrics."""
    ascent, descent = face.getmetrics()
    return {"a": ascent, "m": (ascent - descent) / 2, "d": -descent, "t": ascent, "b": -descent}.get(anchor[1], 0.0)


@lru_cache(maxsize=4096)
def _layout(s: str, size: int, bold: bool, anchor: str, stroke: float = 0) \
        -> tuple[tuple[_Placed, ...], tuple[float, float, float, float]]:
    """Where each run of ``s`` goes when drawn at ``(0, 0)`` with ``anchor``, left to right in
    visual order, and the box their ink covers together. A line of one font and direction keeps
    ``anchor``; a mixed one puts every run on the first face's baseline. Remembered: most texts of
    a board (labels, names, captions) come back move after move. Call with the text lock held."""
    chain = _chain(bold)
    runs = _runs(s, bold)
    if len(runs) == 1 and runs[0][1] >= 0:
        face = _face(chain[runs[0][1]], size)
        direction = _direction(runs[0][2])
        text_ = s if direction or not runs[0][2] % 2 else s[::-1]
        return ((_Placed(0.0, 0.0, text_, face, anchor, direction),),
                face.getbbox(text_, direction=direction, anchor=anchor, stroke_width=stroke))
    order = _visual_order([level for _, _, level in runs])
    baseline = _baseline(anchor, _face(chain[0], size))
    items = []
    for i in order:
        text_, index, level = runs[i]
        if index < 0:
            items.append((text_, None, None, sum(_placeholder_width(ch, size) for ch in text_)))
            continue
        face = _face(chain[index], size)
        direction = _direction(level)
        if level % 2 and not direction:
            text_ = text_[::-1]  # no libraqm: at least the letters in visual order
        items.append((text_, face, direction, face.getlength(text_, direction=direction)))
    total = sum(width for *_, width in items)
    x = -{"l": 0.0, "m": total / 2, "r": total}.get(anchor[0], 0.0)
    placed, box = [], [math.inf, math.inf, -math.inf, -math.inf]
    for text_, face, direction, width in items:
        placed.append(_Placed(x, baseline, text_, face, "ls", direction))
        if face is None:
            x0, y0, x1, y1 = 0.0, -0.78 * size, width, 0.08 * size
        else:
            x0, y0, x1, y1 = face.getbbox(text_, direction=direction, anchor="ls", stroke_width=stroke)
        box = [min(box[0], x + x0), min(box[1], baseline + y0), max(box[2], x + x1), max(box[3], baseline + y1)]
        x += width
    return tuple(placed), (box[0], box[1], box[2], box[3])


@lru_cache(maxsize=4096)
def _mask(face: ImageFont.FreeTypeFont, s: str, mode: str, anchor: str, stroke: float,
          start: tuple[float, float], direction: str | None = None) -> tuple[Any, tuple[int, int]]:
    """The glyph coverage of one line ``s`` and its offset, exactly as ``ImageDraw.text`` makes
    it (``start``: the fractional part of the position). Rasterising is most of the cost of a
    text; the mask does not depend on the colour, so a repeated text costs one blend."""
    return face.getmask2(s, mode, direction, None, None, stroke, anchor, 0, start, stroke_filled=True)


def _draw_line(d: ImageDraw.ImageDraw, xy: tuple[float, float], s: str, face: ImageFont.FreeTypeFont,
               fill: RGB, anchor: str, stroke_width: float = 0, stroke_fill: RGB | None = None,
               direction: str | None = None) -> None:
    """``d.text(xy, s, font=face, fill=fill, anchor=anchor, stroke_width=..., stroke_fill=...)``
    for one line of text, pixel for pixel, with the glyph masks remembered (see :func:`_mask`)."""
    x, y = xy
    start = (math.modf(x)[0], math.modf(y)[0])
    ink = d._getink(fill)[0]

    def blend(ink: int, stroke: float) -> None:
        mask, (dx, dy) = _mask(face, s, d.fontmode, anchor, stroke, start, direction)
        d.draw.draw_bitmap((int(x) + dx, int(y) + dy), mask, ink)

    if stroke_width:
        stroke_ink = d._getink(stroke_fill)[0] if stroke_fill is not None else ink
        blend(stroke_ink, stroke_width)
        if ink != stroke_ink:
            blend(ink, 0)
    else:
        blend(ink, 0)


def _draw_placeholders(d: ImageDraw.ImageDraw, xy: tuple[float, float], s: str, size: int, fill: RGB) -> None:
    """Each character of ``s`` (none of the fonts has it) as a box holding its code point in hex,
    two rows of digits, from ``xy`` on the baseline: like a browser's missing-glyph box, it tells
    two names in a script the fonts lack apart."""
    x, baseline = xy
    digits_face = _face(_chain(False)[0], max(6, round(size * 0.34)))
    line = max(1, round(size / 16))
    for ch in s:
        width = _placeholder_width(ch, size)
        box = [x + size * 0.06, baseline - size * 0.76, x + width - size * 0.06, baseline + size * 0.06]
        d.rectangle(box, outline=fill, width=line)
        code = f"{ord(ch):04X}" if ord(ch) <= 0xFFFF else f"{ord(ch):06X}"
        half = len(code) // 2
        cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
        for row, part in enumerate((code[:half], code[half:])):
            _draw_line(d, (cx, cy + (row - 0.5) * size * 0.33), part, digits_face, fill, "mm")
        x += width


def _paste_line(d: ImageDraw.ImageDraw, xy: tuple[float, float], s: str, face: ImageFont.FreeTypeFont,
                fill: RGB, anchor: str, ground: tuple[RGB, tuple[float, float, float, float]],
                direction: str | None = None) -> bool:
    """What :func:`_draw_line` draws (no stroke), pasted: the glyphs blended over the flat colour
    of ``ground`` once and remembered (see :func:`_grounded`). Only when the glyphs lie inside its
    box (all that colour); returns whether it pasted."""
    x, y = xy
    start = (math.modf(x)[0], math.modf(y)[0])
    colour, (zx0, zy0, zx1, zy1) = ground
    pixels, (dx, dy), (w, h) = _grounded(face, s, d.fontmode, anchor, start, d._getink(fill)[0], colour, direction)
    x0, y0 = int(x) + dx, int(y) + dy
    if not (zx0 <= x0 and zy0 <= y0 and x0 + w <= zx1 and y0 + h <= zy1):
        return False
    if w and h:
        d.im.paste(pixels, (x0, y0, x0 + w, y0 + h))
    return True


@lru_cache(maxsize=256)
def _grounded(face: ImageFont.FreeTypeFont, s: str, mode: str, anchor: str, start: tuple[float, float], ink: int,
              ground: RGB, direction: str | None = None) -> tuple[Any, tuple[int, int], tuple[int, int]]:
    """One line's glyphs blended over ``ground``, cut to where they have ink: (RGB pixels, their
    offset from the text's position, their size). A text on a flat header comes back move after
    move, and pasting it is cheaper than blending."""
    mask, (dx, dy) = _mask(face, s, mode, anchor, 0, start, direction)
    box = mask.getbbox() if mask.size[0] and mask.size[1] else None
    if not box:
        return Image.new("RGB", (0, 0)).im, (dx, dy), (0, 0)
    image = Image.new("RGB", mask.size, ground)
    ImageDraw.Draw(image).draw.draw_bitmap((0, 0), mask, ink)
    return image.im.crop(box), (dx + box[0], dy + box[1]), (box[2] - box[0], box[3] - box[1])


def text_box(s: str, *, size: int, anchor: str = "la", bold: bool = False) -> tuple[float, float, float, float]:
    """The box the ink of ``s`` covers (ascenders and descenders included) when drawn by
    :func:`text` at ``(0, 0)``."""
    with _TEXT_LOCK:
        return _layout(displayable(s, bold), size, bold, anchor)[1]


def text_width(s: str, *, size: int, bold: bool = False) -> float:
    """How far :func:`text` advances drawing ``s`` (remembered: a board measures the same
    labels and names move after move, and :func:`fit_text` measures every cut it tries)."""
    return _width(s, size, bold)


@lru_cache(maxsize=8192)
def _width(s: str, size: int, bold: bool) -> float:
    s = displayable(s, bold)
    chain = _chain(bold)
    with _TEXT_LOCK:
        if s.isascii():
            return _face(chain[0], size).getlength(s)
        return sum(sum(_placeholder_width(ch, size) for ch in run) if index < 0
                   else _face(chain[index], size).getlength(run, direction=_direction(level))
                   for run, index, level in _runs(s, bold))


def _cuttable(s: str, i: int) -> bool:
    """Whether ``s`` may be cut before its ``i``-th character (not inside a cluster: a mark, a
    joined emoji, a flag's second half)."""
    if i <= 0 or i >= len(s):
        return True
    return not (_attaches(s[i]) or s[i - 1] == "\u200d"
                or "\U0001f1e6" <= s[i] <= "\U0001f1ff" and "\U0001f1e6" <= s[i - 1] <= "\U0001f1ff"
                and sum(1 for ch in s[:i] if "\U0001f1e6" <= ch <= "\U0001f1ff") % 2)


def fit_text(s: str, *, size: int, width: float, bold: bool = False, middle: bool = False) -> str:
    """``s`` cut (with "…") to at most ``width`` pixels at ``size``: names on seat cards. With
    ``middle`` the cut keeps the start and the end ("Alexandria…Great"), so two long names that
    share their start stay apart (standings)."""
    return _fit(s, size, width, bold, middle)


@lru_cache(maxsize=4096)
def _fit(s: str, size: int, width: float, bold: bool, middle: bool = False) -> str:
    s = displayable(s, bold)
    if text_width(s, size=size, bold=bold) <= width:
        return s

    def cut(n: int) -> str:
        if not middle:
            while not _cuttable(s, n):
                n -= 1
            return s[:n].rstrip() + "…"
        head = (n + 1) // 2 + (n + 1) // 6
        tail = n - head
        while not _cuttable(s, head):
            head -= 1
        start = len(s) - tail
        while not _cuttable(s, start):
            start += 1
        return s[:head].rstrip() + "…" + s[start:].lstrip() if tail > 0 else s[:head].rstrip() + "…"

    lo, hi = 0, len(s)
    while lo < hi:  # the longest cut that fits with the ellipsis
        mid = (lo + hi + 1) // 2
        if text_width(cut(mid), size=size, bold=bold) <= width:
            lo = mid
        else:
            hi = mid - 1
    return cut(lo)


def wrap_text(s: str, *, size: int, width: float, bold: bool = False, max_lines: int = 3) -> list[str]:
    """``s`` broken into lines of at most ``width`` pixels (at spaces, or anywhere in Japanese,
    Chinese and Thai), at most ``max_lines`` of them, the last cut with "…" if the text goes on."""
    return list(_wrap(s, size, width, bold, max_lines))


@lru_cache(maxsize=2048)
def _wrap(s: str, size: int, width: float, bold: bool, max_lines: int) -> tuple[str, ...]:
    s = displayable(s, bold)
    lines: list[str] = []
    rest = s.strip()
    while rest and len(lines) < max_lines:
        if text_width(rest, size=size, bold=bold) <= width:
            lines.append(rest)
            rest = ""
            break
        cut = len(rest)
        while cut > 1 and (text_width(rest[:cut], size=size, bold=bold) > width or not _cuttable(rest, cut)):
            cut -= 1
        space = rest.rfind(" ", 0, cut + 1)
        if any(_is_cjk(ch) for ch in rest[:cut + 1]):  # Japanese: between words, or at a space after them
            cut = max(_japanese_break(rest, cut), space)
        elif space > 0:
            cut = space
        lines.append(rest[:cut].rstrip())
        rest = rest[cut:].lstrip()
    if rest and lines:
        glue = "" if _is_cjk(lines[-1][-1]) and _is_cjk(rest[0]) else " "  # no space inside Japanese
        lines[-1] = fit_text(lines[-1] + glue + rest, size=size, width=width, bold=bold)
    return tuple(lines)


#: What a Japanese line does not start with (kinsoku): a long-vowel mark, small kana, closing
#: brackets and punctuation, the middle dot that joins the parts of a katakana name.
_NO_LINE_START = set("ー・、。，．)）」』】〕！？…ぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ")
#: What a Japanese line does not end with: opening brackets.
_NO_LINE_END = set("(（「『【〔")


def _script(ch: str) -> str:
    if "\u3040" <= ch <= "\u309f":
        return "hiragana"
    if "\u30a0" <= ch <= "\u30ff" or ch == "ー":
        return "katakana"
    if "\u4e00" <= ch <= "\u9fff" or ch in "々〆":
        return "kanji"
    return "other"


def _japanese_break(s: str, cut: int) -> int:
    """Where to break a Japanese line that may hold ``s[:cut]``: the last place at or before
    ``cut`` between two words (after 「・」 or 「、」, before an opening bracket, where kanji turns to
    kana or back), so that 「税関(アルファンデガ)」 breaks before its bracket and 「王室のサポート」
    before サポート, never inside a katakana word or between a number and its counter (「1枚」). With
    no such place, ``cut`` itself, moved back off a character no line starts with."""
    for i in range(cut, 0, -1):
        a, b = s[i - 1], s[i] if i < len(s) else ""
        if not b:
            return i
        if b in _NO_LINE_START or a in _NO_LINE_END:
            continue
        if a in "・、。)）」』" or b in "(（「『" or a == " ":
            return i
        sa, sb = _script(a), _script(b)
        if sa != sb and "other" not in (sa, sb) and not (sa == "kanji" and sb == "hiragana"):
            return i  # kanji turning to kana (not its okurigana), or kana to kanji
    back = cut
    while back > 1 and s[back] in _NO_LINE_START:
        back -= 1
    return back if back > 1 else cut


def _is_cjk(ch: str) -> bool:
    """Whether a line may break after ``ch`` without a space (CJK, and Thai, written without them)."""
    return ord(ch) >= 0x3000 or "\u0e00" <= ch <= "\u0e7f"


# --- recording what is drawn (for the tests of the inline-size standard) -------------------------


@dataclass(frozen=True)
class Drawn:
    """One text or sprite put on the canvas, in canvas pixels.

    ``role`` says what the text is for: ``"label"`` a player types it (a coordinate, an arm, a
    word of the notation), ``"headline"`` whose turn, the last move, a score; ``"text"`` anything
    else a player reads; ``"sprite"`` a pasted picture. ``limit`` is the box it must stay in.
    """

    kind: str
    role: str
    box: tuple[float, float, float, float]
    size: float
    content: str
    limit: tuple[float, float, float, float] | None


@dataclass
class Recorder:
    items: list[Drawn] = field(default_factory=list)
    #: id(image) -> (scale, offset): where a layer's pixels land on the canvas.
    layers: dict[int, tuple[float, tuple[float, float]]] = field(default_factory=dict)
    limits: list[tuple[float, float, float, float]] = field(default_factory=list)
    paused: int = 0
    #: What :func:`encode_png` was handed: (image, its keyword arguments), so a bench can time the
    #: very same encode alone.
    encoded: list[tuple[Image.Image, dict[str, Any]]] = field(default_factory=list)
    #: The characters drawn as code-point boxes (no bundled font has them).
    placeholders: list[str] = field(default_factory=list)

    def note(self, kind: str, role: str, box: tuple[float, float, float, float], size: float,
             content: str = "") -> None:
        self.items.append(Drawn(kind, role, box, size, content, self.limits[-1] if self.limits else None))


_RECORDER: contextvars.ContextVar[Recorder | None] = contextvars.ContextVar("board_recorder", default=None)


@contextmanager
def recording() -> Iterator[Recorder]:
    """Record every text and sprite a render puts on its canvas (tests measure them). Clears the
    caches registered with :func:`cached` first, so cached layers are drawn, and measured, again."""
    for cache in _CACHES:
        cache.cache_clear()
    recorder = Recorder()
    token = _RECORDER.set(recorder)
    try:
        yield recorder
    finally:
        _RECORDER.reset(token)
        for cache in _CACHES:
            cache.cache_clear()


def recording_active() -> bool:
    """Whether a :func:`recording` is running (fast paths that skip recording step aside then)."""
    return _RECORDER.get() is not None


def on_canvas(image: Image.Image, *, scale: float = 1.0, offset: tuple[float, float] = (0, 0)) -> None:
    """Declare that ``image``'s pixels land on the canvas scaled by ``scale`` and shifted by
    ``offset`` (the canvas itself: the defaults). Text drawn on it is then recorded; text on
    undeclared images (sprites) is not. Free when nothing records."""
    recorder = _RECORDER.get()
    if recorder is not None:
        recorder.layers[id(image)] = (scale, offset)


@contextmanager
def within(box: tuple[float, float, float, float]) -> Iterator[None]:
    """Everything drawn inside this block must stay inside ``box`` (canvas pixels)."""
    recorder = _RECORDER.get()
    if recorder is None:
        yield
        return
    recorder.limits.append(tuple(box))  # type: ignore[arg-type]
    try:
        yield
    finally:
        recorder.limits.pop()


def framed(image: Image.Image, box: tuple[float, float, float, float], width: float) -> None:
    """Note (while recording) that a frame ``width`` px wide runs inside the edge of ``box`` on
    ``image``: the tests check that no text's ink lies under it."""
    recorder = _RECORDER.get()
    placed = recorder.layers.get(id(image)) if recorder is not None and not recorder.paused else None
    if placed is not None:
        k, (ox, oy) = placed
        recorder.note("frame", "frame", (ox + box[0] * k, oy + box[1] * k, ox + box[2] * k, oy + box[3] * k), width * k)


def _where(d: ImageDraw.ImageDraw) -> tuple[Recorder, float, tuple[float, float]] | None:
    recorder = _RECORDER.get()
    if recorder is None or recorder.paused:
        return None
    placed = recorder.layers.get(id(getattr(d, "_image", None)))
    return None if placed is None else (recorder, placed[0], placed[1])


def text(d: ImageDraw.ImageDraw, xy: tuple[float, float], s: str, *, size: int, fill: RGB,
         anchor: str = "la", bold: bool = False, role: str = "text",
         ground: tuple[RGB, tuple[float, float, float, float]] | None = None, **options: Any) -> None:
    """Draw ``s`` at ``size`` pixels (``anchor`` as in Pillow: ``"mm"`` centres, ``"lm"`` starts
    at the left middle), each character in the first font of the chain that has it, right-to-left
    runs in visual order; a character none has becomes a box with its code point. ``role`` is what
    the text is for (see :class:`Drawn`). ``ground``: (colour, box), a box of the image that holds
    only that flat colour (a header's free part): a text whose glyphs lie inside it is pasted as
    remembered, blended over that colour once; the same pixels. Safe to call from several threads."""
    s = displayable(s, bold)
    with _TEXT_LOCK:
        placed, (x0, y0, x1, y1) = _layout(s, size, bold, anchor, options.get("stroke_width", 0))
        # one line with at most a stroke (every board text): remembered glyph masks; else Pillow
        fast = "\n" not in s and set(options) <= {"stroke_width", "stroke_fill"} and d.mode in ("RGB", "RGBA")
        for run in placed:
            at = (xy[0] + run.x, xy[1] + run.y)
            if run.face is None:
                _draw_placeholders(d, at, run.text, size, fill)
            elif fast and ground is not None and not options and d.mode == "RGB" and len(placed) == 1 and \
                    _paste_line(d, at, run.text, run.face, fill, run.anchor, ground, run.direction):
                pass
            elif fast:
                _draw_line(d, at, run.text, run.face, fill, run.anchor, direction=run.direction, **options)
            else:
                d.text(at, run.text, font=run.face, fill=fill, anchor=run.anchor, direction=run.direction, **options)
        where = _where(d)
        if where is not None and s.strip():
            recorder, k, (ox, oy) = where
            recorder.note("text", role, (ox + (xy[0] + x0) * k, oy + (xy[1] + y0) * k,
                                         ox + (xy[0] + x1) * k, oy + (xy[1] + y1) * k), size * k, s)
            recorder.placeholders.extend(run.text for run in placed if run.face is None)


def encode_png(image: Image.Image, *, palette: Image.Image | None = None,
               compress_level: int = PNG_COMPRESS_LEVEL) -> bytes:
    """PNG bytes of ``image`` as a 256-colour palette image, without the slow ``optimize`` pass.

    Boards are flat colours plus anti-aliased edges: a palette looks the same and halves both
    the encoding time and the file size (measured: 28 -> 16 ms, 149 -> 57 KB for Minoa).
    ``palette`` (a ``P`` image, see :mod:`renderers.palettes`) is the fixed palette of this kind
    of image: mapping onto it takes about 1 ms where quantizing each image afresh (without one)
    takes about 5.
    """
    recorder = _RECORDER.get()
    if recorder is not None:
        recorder.encoded.append((image, {"palette": palette, "compress_level": compress_level}))
    if image.mode in ("RGB", "RGBA") and palette is not None:
        rgb = image if image.mode == "RGB" else image.convert("RGB")
        image = rgb.quantize(palette=palette, dither=Image.Dither.NONE)
    elif image.mode in ("RGB", "RGBA"):
        image = image.quantize(256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    out = io.BytesIO()
    image.save(out, format="PNG", optimize=False, compress_level=compress_level)
    return out.getvalue()


def supersampled(width: int, height: int, draw: Callable[[ImageDraw.ImageDraw, float], None],
                 *, factor: int = 4) -> Image.Image:
    """An antialiased RGBA sprite: ``draw(d, k)`` paints at ``k`` times the size on a transparent
    canvas (multiply every coordinate by ``k``), which is then reduced to ``width`` x ``height``.

    The reduction averages boxes: unlike Lanczos it adds no ringing, so edges take few distinct
    values and the PNG stays small."""
    big = Image.new("RGBA", (width * factor, height * factor), (0, 0, 0, 0))
    draw(ImageDraw.Draw(big), float(factor))
    return big.reduce(factor)


#: Sprites of at least this many pixels are pasted through a :class:`Cut` of them from their second
#: paste on (cards and panels are opaque inside: copied, and only their edges blended).
_CUT_FROM = 4000
#: At most this many sprite pixels have their cut remembered (the least recently pasted go first).
_CUT_PIXELS = 4_000_000


class _Cuts:
    """The cuts of large sprites by the sprite (its id; a weak reference tells a sprite that
    died from a new one with its id), least recently used first out, at most
    :data:`_CUT_PIXELS` pixels of sprites in all. A cut keeps its sprite alive."""

    def __init__(self) -> None:
        self._items: OrderedDict[int, tuple[Any, Cut | None, int]] = OrderedDict()
        self._pixels = 0
        self._lock = threading.Lock()

    def get(self, sprite: Image.Image) -> Cut | None:
        size = sprite.width * sprite.height
        if size < _CUT_FROM:
            return None
        key = id(sprite)
        with self._lock:
            seen = self._items.get(key)
            if seen is not None and seen[0]() is sprite:
                self._items.move_to_end(key)
                if seen[1] is not None:
                    return seen[1]
                first = False
            else:
                first = True
        cut = None if first else Cut(sprite)  # the first paste only notes the sprite
        with self._lock:
            self._drop(key)
            self._items[key] = (weakref.ref(sprite), cut, size if cut else 0)
            self._pixels += size if cut else 0
            while self._pixels > _CUT_PIXELS or len(self._items) > 1024:
                self._drop(next(iter(self._items)))
        return cut

    def _drop(self, key: int) -> None:
        old = self._items.pop(key, None)
        if old is not None:
            self._pixels -= old[2]

    def cache_clear(self) -> None:
        with self._lock:
            self._items.clear()
            self._pixels = 0


_CUTS = _Cuts()


def _cut_of(sprite: Image.Image) -> Cut | None:
    """The :class:`Cut` of a large ``sprite`` pasted before (sprites are cached, so the same
    object comes back), ``None`` for a small one or at its first paste. Never change a sprite's
    pixels once it has been pasted."""
    return _CUTS.get(sprite)


def paste_centred(image: Image.Image, sprite: Image.Image, centre: tuple[float, float]) -> None:
    """Composite an RGBA ``sprite`` onto ``image`` with its centre at ``centre``."""
    paste(image, sprite, (round(centre[0] - sprite.width / 2), round(centre[1] - sprite.height / 2)))


def paste(image: Image.Image, sprite: Image.Image, xy: tuple[int, int]) -> None:
    """Composite an RGBA ``sprite`` onto ``image`` with its top left corner at ``xy`` (recorded
    as a sprite when ``image`` is a declared canvas layer, see :func:`on_canvas`)."""
    cut = _cut_of(sprite) if image.mode == "RGB" and sprite.mode == "RGBA" else None
    if cut is not None:  # a card or a panel: opaque inside, only its edges blended
        image.load()
        cut.paste(image.im, xy)
    elif sprite.mode == "RGBA" and image.mode in ("RGB", "RGBA"):
        # what ``image.paste(sprite, xy, sprite)`` does, without its checks (a board pastes dozens)
        image.load()
        pixels = sprite.im
        image.im.paste(pixels, (xy[0], xy[1], xy[0] + sprite.width, xy[1] + sprite.height), pixels)
    else:
        image.paste(sprite, xy, sprite if sprite.mode == "RGBA" else None)
    recorder = _RECORDER.get()
    if recorder is not None and not recorder.paused:
        placed = recorder.layers.get(id(image))
        if placed is not None:
            k, (ox, oy) = placed
            box = sprite.getbbox() if sprite.mode == "RGBA" else (0, 0, sprite.width, sprite.height)
            if box is not None:  # a fully transparent sprite covers nothing
                recorder.note("sprite", "sprite", (ox + (xy[0] + box[0]) * k, oy + (xy[1] + box[1]) * k,
                                                   ox + (xy[0] + box[2]) * k, oy + (xy[1] + box[3]) * k), 0)


_COVERED = re.compile(rb"[^\x00]+")


class Cut:
    """An RGBA sprite (or a mostly clear layer) cut into the rectangles that hold anything, ready
    to composite without Pillow's per-call checks: pasting the pieces gives the very pixels of
    ``image.paste(sprite, xy, sprite)``, but touches only what the sprite covers.

    Rows are taken in bands, each cut into its runs of covered columns: rows that cover the same
    columns in the same way form one band (the flat parts of a palace: their pieces are opaque and
    copied, not blended); other rows form bands of at most ``band`` rows, ended early by a row that
    covers nothing (a slanted stick in strips of 16 rows blends half the pixels of its box; a layer
    of point labels, one band per row of labels)."""

    __slots__ = ("half", "pieces", "sprite")

    def __init__(self, sprite: Image.Image, band: int = 16) -> None:
        if sprite.mode != "RGBA":
            raise ValueError(f"a Cut needs an RGBA sprite, not {sprite.mode}")
        self.sprite = sprite
        self.half = (sprite.width / 2, sprite.height / 2)
        alpha = sprite.getchannel("A")
        width, height = sprite.size
        data = alpha.tobytes()
        rows = [data[y * width:(y + 1) * width] for y in range(height)]
        empty = bytes(width)
        pieces: list[tuple[tuple[int, int, int, int], Any, bool]] = []
        y = 0
        while y < height:
            if rows[y] == empty:
                y += 1
                continue
            end = y + 1
            if end < height and rows[end] == rows[y]:
                while end < height and rows[end] == rows[y]:
                    end += 1
            else:
                while (end < height and end - y < band and rows[end] != empty
                       and not (end + 1 < height and rows[end + 1] == rows[end])):
                    end += 1
            self._band(sprite, alpha, y, end, pieces)
            y = end
        self.pieces = tuple(pieces)

    @staticmethod
    def _band(sprite: Image.Image, alpha: Image.Image, y0: int, y1: int,
              pieces: list[tuple[tuple[int, int, int, int], Any, bool]]) -> None:
        rows = y1 - y0
        columns = alpha.crop((0, y0, sprite.width, y1)).transpose(Image.Transpose.TRANSPOSE).tobytes()
        covered = bytes(max(columns[x * rows:(x + 1) * rows]) for x in range(sprite.width))
        for run in _COVERED.finditer(covered):
            x0, x1 = run.span()
            box = (x0, y0, x1, y1)
            solid = min(columns[x0 * rows:x1 * rows]) == 255
            pixels = sprite.crop(box)
            pieces.append((box, (pixels.convert("RGB") if solid else pixels).im, solid))

    def paste(self, core: Any, xy: tuple[int, int]) -> None:
        """Onto ``core`` (the pixels of a loaded RGB image) with the sprite's top left at ``xy``."""
        x, y = xy
        for (x0, y0, x1, y1), pixels, solid in self.pieces:
            if solid:
                core.paste(pixels, (x + x0, y + y0, x + x1, y + y1))
            else:
                core.paste(pixels, (x + x0, y + y0, x + x1, y + y1), pixels)

    def paste_centred(self, core: Any, centre: tuple[float, float]) -> None:
        """Onto ``core`` centred at ``centre``, rounded as :func:`paste_centred` does."""
        x, y = round(centre[0] - self.half[0]), round(centre[1] - self.half[1])
        for (x0, y0, x1, y1), pixels, solid in self.pieces:
            if solid:
                core.paste(pixels, (x + x0, y + y0, x + x1, y + y1))
            else:
                core.paste(pixels, (x + x0, y + y0, x + x1, y + y1), pixels)


def blitter(image: Image.Image) -> Callable[[Cut, tuple[float, float]], None]:
    """``blit(cut, centre)``: ``paste_centred(image, cut.sprite, centre)``, fast; through
    :func:`paste_centred` while a :func:`recording` runs, so the tests still see every sprite
    and its box. ``image`` is an RGB canvas."""
    if recording_active():
        return lambda cut, centre: paste_centred(image, cut.sprite, centre)
    image.load()
    core = image.im
    return lambda cut, centre: cut.paste_centred(core, centre)


class RegionCache:
    """Canvas regions by what they show (see :func:`region`): the least recently used goes first
    once they hold more than ``max_pixels`` pixels together. Safe to use from several threads."""

    def __init__(self, max_pixels: int) -> None:
        self.max_pixels = max_pixels
        self._items: OrderedDict[Hashable, Image.Image] = OrderedDict()
        self._pixels = 0
        self._lock = threading.Lock()

    def get(self, key: Hashable) -> Image.Image | None:
        with self._lock:
            pixels = self._items.get(key)
            if pixels is not None:
                self._items.move_to_end(key)
            return pixels

    def put(self, key: Hashable, pixels: Image.Image) -> None:
        size = pixels.width * pixels.height
        if size > self.max_pixels:
            return
        with self._lock:
            old = self._items.pop(key, None)
            if old is not None:
                self._pixels -= old.width * old.height
            self._items[key] = pixels
            self._pixels += size
            while self._pixels > self.max_pixels:
                _, dropped = self._items.popitem(last=False)
                self._pixels -= dropped.width * dropped.height

    def __len__(self) -> int:
        return len(self._items)

    @property
    def pixels(self) -> int:
        return self._pixels

    def cache_clear(self) -> None:
        with self._lock:
            self._items.clear()
            self._pixels = 0


#: The regions every renderer remembers: 8 million pixels (about 32 MB) in all, a few hundred
#: seat cards and panels or a few whole full boards' worth of sections.
REGIONS = RegionCache(max_pixels=8_000_000)
_CACHES.append(REGIONS)


def region(image: Image.Image, box: tuple[int, int, int, int], key: Hashable, paint: Callable[[], Any]) -> None:
    """Draw the part of ``image`` inside ``box`` with ``paint()``, or paste what that drew there
    the last time with the same ``key``: a seat card, a legend or a section of a board that comes
    back unchanged move after move costs one paste.

    ``paint`` must draw only inside ``box`` (an integer box of ``image``), and ``key`` must name
    everything it reads and what ``box`` holds before it (the static layer under it), so the pixels
    pasted are the very ones it would draw. While a :func:`recording` runs it always paints, so
    every text and sprite is measured."""
    if recording_active():
        paint()
        return
    full = (key, box, image.mode, image.size)
    pixels = REGIONS.get(full)
    if pixels is not None:
        image.load()
        image.im.paste(pixels.im, box)
        return
    paint()
    REGIONS.put(full, image.crop(box))


def capsule(d: ImageDraw.ImageDraw, a: tuple[float, float], b: tuple[float, float], width: float,
            fill: RGB | RGBA) -> None:
    """A thick segment from ``a`` to ``b`` with round ends."""
    r = width / 2
    d.line([a, b], fill=fill, width=max(1, round(width)))
    for x, y in (a, b):
        d.ellipse([x - r, y - r, x + r, y + r], fill=fill)


@lru_cache(maxsize=32)
def disc_sprite(diameter: int, fill: RGB, edge: RGB, label: str = "",
                label_fill: RGB = (255, 255, 255)) -> Image.Image:
    """A filled circle with a dark edge and an optional short centred label (a seat number)."""
    def paint(d: ImageDraw.ImageDraw, k: float) -> None:
        w = diameter * k
        d.ellipse([k, k, w - k, w - k], fill=edge)
        inset = max(2.0, diameter * 0.08) * k
        d.ellipse([inset, inset, w - inset, w - inset], fill=fill)
        if label:
            text(d, (w / 2, w / 2), label, size=round(diameter * 0.55 * k), fill=label_fill,
                 anchor="mm", stroke_width=round(diameter * 0.04 * k), stroke_fill=edge)
    return supersampled(diameter, diameter, paint)


@lru_cache(maxsize=32)
def crown_sprite(width: int, fill: RGB, edge: RGB) -> Image.Image:
    """A three-pointed crown icon, ``width`` wide and about 0.75 of that high."""
    height = round(width * 0.75)

    def paint(d: ImageDraw.ImageDraw, k: float) -> None:
        w, h = width * k, height * k
        m = max(1.5, width * 0.06) * k
        pts = [(m, h - m), (m, h * 0.32), (w * 0.3, h * 0.58), (w * 0.5, m * 1.2),
               (w * 0.7, h * 0.58), (w - m, h * 0.32), (w - m, h - m)]
        d.polygon(pts, fill=fill, outline=edge, width=round(m))
        for x, y in ((m, h * 0.32), (w * 0.5, m * 1.2), (w - m, h * 0.32)):
            r = m * 1.4
            d.ellipse([x - r, y - r, x + r, y + r], fill=fill, outline=edge, width=round(m * 0.7))
    return supersampled(width, height, paint)


@lru_cache(maxsize=256)
def rounded_box_sprite(width: int, height: int, fill: RGB | RGBA, edge: RGB | RGBA | None,
                       edge_width: float, radius: float) -> Image.Image:
    """An antialiased rounded rectangle (a panel card, or just its frame when ``fill`` is clear)."""
    def paint(d: ImageDraw.ImageDraw, k: float) -> None:
        half = edge_width * k / 2
        d.rounded_rectangle([half, half, width * k - half - 1, height * k - half - 1],
                            radius=radius * k, fill=fill, outline=edge,
                            width=round(edge_width * k) if edge else 0)
    return supersampled(width, height, paint)


def shape_points(shape: str, cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    """The corners of a seat shape (see :data:`SEAT_SHAPES`) of radius ``r`` around a centre."""
    if shape == "square":
        s = r * 0.86
        return [(cx - s, cy - s), (cx + s, cy - s), (cx + s, cy + s), (cx - s, cy + s)]
    if shape == "diamond":
        return [(cx, cy - r), (cx + r, cy), (cx, cy + r), (cx - r, cy)]
    if shape == "hexagon":
        return [(cx + r * math.cos(math.radians(a)), cy + r * math.sin(math.radians(a))) for a in range(0, 360, 60)]
    if shape == "triangle":
        return [(cx, cy - r), (cx + r * 0.95, cy + r * 0.7), (cx - r * 0.95, cy + r * 0.7)]
    raise ValueError(f"unknown seat shape {shape!r}; known: {', '.join(SEAT_SHAPES)}")


def seat_shape(seat: int) -> str:
    """The shape of seat ``seat`` (0-based); shapes repeat after five seats, numbers never do."""
    return SEAT_SHAPES[seat % len(SEAT_SHAPES)]


@lru_cache(maxsize=128)
def seat_mark(diameter: int, seat: int, fill: RGB, *, numbered: bool = True) -> Image.Image:
    """The mark of seat ``seat`` (0-based): its shape (:func:`seat_shape`) in its colour with a
    dark edge and, when ``numbered``, its number (1-based) in black or white, whichever reads.

    Every seat-owned thing on a board carries this mark (or at least its shape), so two seats are
    told apart without colour."""
    edge = darker(fill, 0.5)
    shape = seat_shape(seat)

    def paint(d: ImageDraw.ImageDraw, k: float) -> None:
        w = diameter * k
        c, r = w / 2, w / 2 - k
        line = max(1.5, diameter * 0.07) * k
        if shape == "circle":
            d.ellipse([c - r, c - r, c + r, c + r], fill=edge)
            d.ellipse([c - r + line, c - r + line, c + r - line, c + r - line], fill=fill)
        else:
            d.polygon(shape_points(shape, c, c, r), fill=edge)
            inner = r - line * (1.9 if shape == "triangle" else 1.3)
            d.polygon(shape_points(shape, c, c + (line * 0.5 if shape == "triangle" else 0), inner), fill=fill)
        if numbered:
            label = str(seat + 1)
            factor = {"triangle": 0.46, "diamond": 0.5}.get(shape, 0.6) / (1 if len(label) == 1 else 1.3)
            dy = r * 0.18 if shape == "triangle" else 0
            text(d, (c, c + dy), label, size=round(diameter * factor * k), fill=ink_on(fill), anchor="mm", bold=True)
    return supersampled(diameter, diameter, paint)
