"""The look of Medina's pieces, on the board and on the panels: the palette (building colours,
the ground, walls, merchants, the well, tea) and the sprites (towers, palace tiles, tea glasses,
merchants, line-end rings, the well and its bonus drops, the last turn's ring, neutral rooftops,
the open/stuck badges)."""

from __future__ import annotations

from functools import lru_cache

from PIL import Image, ImageDraw

from renderers.common import darker, supersampled, text

RGB = tuple[int, int, int]

#: Building colours (the pieces' paint), and the ground.
BUILDING_RGB: dict[str, RGB] = {
    "grey": (150, 152, 158),
    "black": (48, 48, 54),
    "purple": (128, 72, 170),
    "brown": (146, 94, 52),
    "orange": (240, 142, 36),
}
GROUND: RGB = (243, 232, 204)
GROUND_LINE: RGB = (222, 204, 166)
RING: RGB = (221, 203, 165)
RING_SLOT: RGB = (206, 186, 146)
STONE: RGB = (196, 170, 124)
STONE_EDGE: RGB = (120, 96, 62)
TOWER: RGB = (176, 150, 108)
STABLE_FILL: RGB = (250, 243, 226)
STABLE_LINE: RGB = (176, 150, 110)
MEEPLE: RGB = (252, 250, 244)
MEEPLE_EDGE: RGB = (70, 62, 52)
STREET: RGB = (190, 160, 118)
WATER: RGB = (70, 150, 214)
ZONE: RGB = (214, 232, 242)
TEA: RGB = (110, 160, 80)
CLOSED: RGB = (150, 30, 30)


@lru_cache(maxsize=8)
def _tower_sprite(cell: int, number: int) -> Image.Image:
    size = round(cell * 0.94)

    def paint(d: ImageDraw.ImageDraw, k: float) -> None:
        s = size * k
        m = max(1.5, cell * 0.04) * k
        d.ellipse([m, m, s - m, s - m], fill=TOWER, outline=STONE_EDGE, width=round(m * 1.5))
        r = s * 0.34
        d.ellipse([s / 2 - r, s / 2 - r, s / 2 + r, s / 2 + r], fill=STONE_EDGE)
        text(d, (s / 2, s / 2), str(number), size=round(cell * 0.46 * k), fill=(255, 255, 255), anchor="mm",
             bold=True)
    return supersampled(size, size, paint)


@lru_cache(maxsize=16)
def _tile_sprite(width: int, fill: RGB, label: str, closed: bool) -> Image.Image:
    """A palace tile: its colour and its points ("+3", never a bare number, which is a seat's
    mark); crossed out when the colour is closed."""
    label = f"+{label}" if label.isdigit() else label
    def paint(d: ImageDraw.ImageDraw, k: float) -> None:
        w = width * k
        m = max(1.5, width * 0.05) * k
        d.rounded_rectangle([m, m, w - m, w - m], radius=w * 0.18, fill=fill, outline=darker(fill, 0.45),
                            width=round(m * 1.2))
        text(d, (w / 2, w / 2), label, size=round(width * 0.46 * k), fill=(255, 255, 255), anchor="mm", bold=True,
             stroke_width=round(width * 0.06 * k), stroke_fill=darker(fill, 0.55))
        if closed:
            line = round(width * 0.1 * k)
            for a, b in (((m * 2, m * 2), (w - m * 2, w - m * 2)), ((m * 2, w - m * 2), (w - m * 2, m * 2))):
                d.line([a, b], fill=(255, 255, 255), width=line + round(4 * k))
                d.line([a, b], fill=CLOSED, width=line)
    return supersampled(width, width, paint)


@lru_cache(maxsize=8)
def _tea_sprite(width: int) -> Image.Image:
    """A tea glass: the tea tiles."""
    def paint(d: ImageDraw.ImageDraw, k: float) -> None:
        w = width * k
        m = max(1.5, width * 0.06) * k
        d.polygon([(w * 0.2, w * 0.22), (w * 0.8, w * 0.22), (w * 0.68, w * 0.86), (w * 0.32, w * 0.86)],
                  fill=TEA, outline=darker(TEA, 0.5), width=round(m))
        d.rectangle([w * 0.14, w * 0.12, w * 0.86, w * 0.22], fill=(240, 230, 200), outline=darker(TEA, 0.5),
                    width=round(m))
    return supersampled(width, width, paint)


@lru_cache(maxsize=8)
def _meeple_sprite(size: int, fill: RGB, edge: RGB) -> Image.Image:
    w, h = round(size * 0.58), round(size * 0.62)

    def paint(d: ImageDraw.ImageDraw, k: float) -> None:
        W, H = w * k, h * k
        m = max(1.2, size * 0.035) * k
        r = W * 0.2
        d.ellipse([W / 2 - r, m, W / 2 + r, m + 2 * r], fill=fill, outline=edge, width=round(m))
        body = [(W * 0.5, m + 1.6 * r), (W - m, H * 0.52), (W * 0.78, H * 0.6), (W * 0.86, H - m),
                (W * 0.14, H - m), (W * 0.22, H * 0.6), (m, H * 0.52)]
        d.polygon(body, fill=fill, outline=edge, width=round(m))
    return supersampled(w, h, paint)


@lru_cache(maxsize=8)
def _ring_sprite(size: int, fill: RGB) -> Image.Image:
    """The mark of an active merchant line's end."""
    def paint(d: ImageDraw.ImageDraw, k: float) -> None:
        s = size * k
        m = max(2.0, size * 0.07) * k
        d.ellipse([m, m, s - m, s - m], outline=fill, width=round(m * 1.2))
    return supersampled(size, size, paint)


@lru_cache(maxsize=8)
def _well_sprite(size: int) -> Image.Image:
    def paint(d: ImageDraw.ImageDraw, k: float) -> None:
        s = size * k
        m = max(1.5, size * 0.06) * k
        d.ellipse([m, m, s - m, s - m], fill=STONE, outline=STONE_EDGE, width=round(m * 1.2))
        r = s * 0.3
        d.ellipse([s / 2 - r, s / 2 - r, s / 2 + r, s / 2 + r], fill=WATER, outline=darker(WATER, 0.4),
                  width=round(m))
    return supersampled(size, size, paint)


@lru_cache(maxsize=8)
def _bonus_sprite(size: int) -> Image.Image:
    """A small water drop: a well bonus cell (+4 per palace piece on it)."""
    def paint(d: ImageDraw.ImageDraw, k: float) -> None:
        s = size * k
        m = max(1.0, size * 0.08) * k
        d.polygon([(s / 2, m), (s - m * 2, s * 0.6), (s / 2, s - m), (m * 2, s * 0.6)], fill=WATER,
                  outline=(255, 255, 255), width=round(m))
    return supersampled(size, size, paint)


@lru_cache(maxsize=8)
def _last_sprite(cell: int, colour: RGB) -> Image.Image:
    """The ring around a cell placed on the last turn: the highlight hue, edged dark so it reads on
    light ground and on dark buildings alike."""
    size = cell + 8

    def paint(d: ImageDraw.ImageDraw, k: float) -> None:
        s = size * k
        band = 5.0 * k
        d.rounded_rectangle([k, k, s - k, s - k], radius=cell * 0.2 * k, outline=darker(colour, 0.6),
                            width=round(band + 2 * k))
        d.rounded_rectangle([2 * k, 2 * k, s - 2 * k, s - 2 * k], radius=cell * 0.2 * k, outline=colour,
                            width=round(band))
    return supersampled(size, size, paint)


@lru_cache(maxsize=8)
def _neutral_roof(diameter: int, fill: RGB) -> Image.Image:
    """A neutral rooftop: a disc striped in the neutral colour and white, no seat number."""
    edge = darker(fill, 0.55)
    k = 4
    w = diameter * k
    m = max(1.5, diameter * 0.09) * k
    stripes = Image.new("RGBA", (w, w), (255, 255, 255, 255))
    sd = ImageDraw.Draw(stripes)
    step = w * 0.16
    for i in range(-8, 9):
        off = i * step * 2
        sd.polygon([(off, w), (off + step, w), (off + step + w, 0), (off + w, 0)], fill=fill)
    big = Image.new("RGBA", (w, w), (0, 0, 0, 0))
    bd = ImageDraw.Draw(big)
    bd.ellipse([k, k, w - k, w - k], fill=edge)
    inner = Image.new("L", (w, w), 0)
    ImageDraw.Draw(inner).ellipse([m, m, w - m, w - m], fill=255)
    big.paste(stripes, (0, 0), inner)
    return big.reduce(k)


@lru_cache(maxsize=8)
def _badge(size: int, stuck: bool) -> Image.Image:
    """An unroofed palace's state: ``+`` open (it can grow), ``x`` stuck."""
    def paint(d: ImageDraw.ImageDraw, k: float) -> None:
        s = size * k
        m = max(1.2, size * 0.08) * k
        fill, ink = ((60, 52, 44), (255, 255, 255)) if stuck else ((255, 255, 255), (60, 52, 44))
        d.ellipse([m / 2, m / 2, s - m / 2, s - m / 2], fill=fill, outline=(60, 52, 44), width=round(m))
        a, b = s * 0.3, s * 0.7
        line = round(size * 0.14 * k)
        if stuck:
            d.line([(a, a), (b, b)], fill=ink, width=line)
            d.line([(a, b), (b, a)], fill=ink, width=line)
        else:
            d.line([(s / 2, a - s * 0.04), (s / 2, b + s * 0.04)], fill=ink, width=line)
            d.line([(a - s * 0.04, s / 2), (b + s * 0.04, s / 2)], fill=ink, width=line)
    return supersampled(size, size, paint)
