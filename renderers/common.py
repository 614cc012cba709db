"""Pieces every game renderer shares: the colour palette, the theme, fonts, sprites, PNG bytes.

A renderer is a pure function of a view and a few options (STYLE.md habit 9): it reads only the
view, keeps its geometry and theme in named dataclasses, prepares its static layers and sprites
once per size, and returns PNG bytes. The host runs it off the event loop.

Nothing here reads system fonts: :func:`font` uses the TrueType font that Pillow (>= 10.1) bundles,
so a fresh machine draws the same image as a developer's.
"""

from __future__ import annotations

import io
import os
import threading
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Callable, Mapping

from PIL import Image, ImageDraw, ImageFont

RGB = tuple[int, int, int]
RGBA = tuple[int, int, int, int]

#: zlib level for :func:`encode_png`. On a busy 1000 px Minoa board, level 6 takes about 30 ms and
#: gives 172 KB; level 1 takes about 20 ms and gives 192 KB; level 9 gains almost nothing.
PNG_COMPRESS_LEVEL = 6

#: Seat colours by the names the engines use in their views.
PALETTE: Mapping[str, RGB] = {
    "red": (214, 48, 49),
    "blue": (38, 104, 214),
    "yellow": (240, 186, 18),
    "green": (34, 150, 76),
    "purple": (142, 68, 173),  # the fifth seat (Middle Ages plays up to five)
    "black": (28, 28, 30),
    "white": (250, 250, 250),
}


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
    label: RGB = (92, 82, 68)
    text: RGB = (40, 36, 32)
    card: RGB = (252, 249, 241)
    card_edge: RGB = (205, 196, 178)
    stick: RGB = PALETTE["black"]
    highlight: RGB = (186, 84, 255)
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


@lru_cache(maxsize=64)
def font(size: int) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    """The font at ``size`` pixels: ``BOARD_FONT`` (a font file path, e.g. a CJK-capable Noto
    font in the Docker image) when set and readable, else Pillow's bundled TrueType font, so a
    fresh machine needs no system font."""
    size = max(6, int(size))
    path = os.environ.get("BOARD_FONT", "").strip()
    if path:
        try:
            return ImageFont.truetype(path, size)
        except OSError:
            pass  # a missing or unreadable file falls back to the bundled font
    return ImageFont.load_default(size=size)


#: FreeType faces must not be used by two threads at once; the host renders in worker threads.
_TEXT_LOCK = threading.Lock()


def text(d: ImageDraw.ImageDraw, xy: tuple[float, float], s: str, *, size: int, fill: RGB,
         anchor: str = "la", **options) -> None:
    """Draw ``s`` in the bundled font at ``size`` pixels (``anchor`` as in Pillow: ``"mm"``
    centres, ``"lm"`` starts at the left middle). Safe to call from several threads."""
    with _TEXT_LOCK:
        d.text(xy, s, font=font(size), fill=fill, anchor=anchor, **options)


def text_box(s: str, *, size: int, anchor: str = "la") -> tuple[int, int, int, int]:
    """The pixel box ``s`` covers when drawn by :func:`text` at ``(0, 0)``."""
    with _TEXT_LOCK:
        return font(size).getbbox(s, anchor=anchor)


def encode_png(image: Image.Image, *, compress_level: int = PNG_COMPRESS_LEVEL) -> bytes:
    """PNG bytes of ``image`` as a 256-colour palette image, without the slow ``optimize`` pass.

    Boards are flat colours plus anti-aliased edges: a palette looks the same and halves both
    the encoding time and the file size (measured: 28 -> 16 ms, 149 -> 57 KB for Minoa).
    """
    if image.mode in ("RGB", "RGBA"):
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


def paste_centred(image: Image.Image, sprite: Image.Image, centre: tuple[float, float]) -> None:
    """Composite an RGBA ``sprite`` onto ``image`` with its centre at ``centre``."""
    x = round(centre[0] - sprite.width / 2)
    y = round(centre[1] - sprite.height / 2)
    image.paste(sprite, (x, y), sprite)


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


@lru_cache(maxsize=32)
def rounded_box_sprite(width: int, height: int, fill: RGB | RGBA, edge: RGB | RGBA | None,
                       edge_width: float, radius: float) -> Image.Image:
    """An antialiased rounded rectangle (a panel card, or just its frame when ``fill`` is clear)."""
    def paint(d: ImageDraw.ImageDraw, k: float) -> None:
        half = edge_width * k / 2
        d.rounded_rectangle([half, half, width * k - half - 1, height * k - half - 1],
                            radius=radius * k, fill=fill, outline=edge,
                            width=round(edge_width * k) if edge else 0)
    return supersampled(width, height, paint)
