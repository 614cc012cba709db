"""What both Madeira images draw with: the palette, the dice and the resource icons."""

from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image, ImageDraw

from renderers.common import darker, supersampled

RGB = tuple[int, int, int]

NEUTRAL: RGB = (250, 250, 248)
GOODS: dict[str | None, RGB] = {"wheat": (236, 200, 92), "sugar": (236, 230, 220), "wine": (150, 40, 78),
                                None: (86, 132, 70)}
WOOD: RGB = (132, 88, 48)
BREAD: RGB = (214, 160, 96)
COIN: RGB = (246, 190, 36)
GUILDS: dict[str, RGB] = {"white": (236, 236, 230), "green": (70, 160, 90), "orange": (240, 140, 40),
                          "purple": (130, 80, 180)}
BG: RGB = (226, 232, 236)
SEA: RGB = (186, 214, 232)
CARD: RGB = (252, 250, 244)
EDGE: RGB = (150, 140, 122)
INK: RGB = (40, 36, 32)
FAINT: RGB = (110, 104, 96)
OFF: RGB = (210, 210, 210)        # a slot not in play with this many players
REGION: dict[int, RGB] = {1: (214, 226, 170), 2: (196, 220, 160), 3: (178, 208, 150), 0: (120, 170, 110)}


def _die_colours(pirate: bool, frame_c: RGB) -> tuple[RGB, RGB, RGB]:
    face, pip = ((36, 36, 40), (250, 250, 250)) if pirate else ((252, 252, 250), (30, 30, 30))
    return face, frame_c, pip


@lru_cache(maxsize=256)
def _die_sprite(px: int, value: int, face: RGB, frame_c: RGB, pip: RGB) -> Image.Image:
    value = max(1, min(6, int(value)))

    def paint(d: ImageDraw.ImageDraw, k: float) -> None:
        w = px * k
        m = max(1.5, px * 0.11) * k
        d.rounded_rectangle([0, 0, w - 1, w - 1], radius=w * 0.2, fill=frame_c)
        d.rounded_rectangle([m, m, w - 1 - m, w - 1 - m], radius=w * 0.16, fill=face)
        r = w * 0.09
        spots = {1: [(0.5, 0.5)], 2: [(0.3, 0.3), (0.7, 0.7)], 3: [(0.28, 0.28), (0.5, 0.5), (0.72, 0.72)],
                 4: [(0.3, 0.3), (0.7, 0.3), (0.3, 0.7), (0.7, 0.7)],
                 5: [(0.3, 0.3), (0.7, 0.3), (0.5, 0.5), (0.3, 0.7), (0.7, 0.7)],
                 6: [(0.3, 0.26), (0.7, 0.26), (0.3, 0.5), (0.7, 0.5), (0.3, 0.74), (0.7, 0.74)]}[value]
        for fx, fy in spots:
            d.ellipse([w * fx - r, w * fy - r, w * fx + r, w * fy + r], fill=pip)
    return supersampled(px, px, paint)


@lru_cache(maxsize=128)
def _icon_sprite(kind: str, px: int) -> Image.Image:
    """A resource icon ``px`` pixels square (see the package's icon list)."""

    def paint(d: ImageDraw.ImageDraw, k: float) -> None:
        w = px * k
        c = w / 2
        r = w / 2 - k
        line = max(1.0, px * 0.07) * k
        if kind == "wheat":
            edge = darker(GOODS["wheat"], 0.45)
            for dx in (-0.28, 0, 0.28):
                d.ellipse([c + dx * r - r * 0.22, c - r * 0.95, c + dx * r + r * 0.22, c + r * 0.15],
                          fill=GOODS["wheat"], outline=edge, width=round(line))
            d.rectangle([c - r * 0.06, c, c + r * 0.06, c + r * 0.95], fill=edge)
        elif kind == "sugar":
            d.rectangle([c - r * 0.78, c - r * 0.78, c + r * 0.78, c + r * 0.78], fill=GOODS["sugar"],
                        outline=(120, 112, 100), width=round(line * 1.2))
        elif kind == "wine":
            d.ellipse([c - r * 0.62, c - r * 0.3, c + r * 0.62, c + r * 0.92], fill=GOODS["wine"],
                      outline=darker(GOODS["wine"], 0.4), width=round(line))
            d.polygon([(c, c - r * 0.95), (c + r * 0.55, c), (c - r * 0.55, c)], fill=GOODS["wine"])
        elif kind == "wood":
            d.rounded_rectangle([c - r * 0.95, c - r * 0.45, c + r * 0.95, c + r * 0.45], radius=r * 0.3, fill=WOOD,
                                outline=darker(WOOD, 0.45), width=round(line))
            d.ellipse([c + r * 0.45, c - r * 0.42, c + r * 0.95, c + r * 0.42], fill=(190, 150, 100),
                      outline=darker(WOOD, 0.45), width=round(line))
        elif kind == "bread":
            d.rounded_rectangle([c - r * 0.95, c - r * 0.55, c + r * 0.95, c + r * 0.6], radius=r * 0.5, fill=BREAD,
                                outline=darker(BREAD, 0.45), width=round(line))
            for dx in (-0.4, 0, 0.4):
                d.line([(c + dx * r - r * 0.12, c - r * 0.3), (c + dx * r + r * 0.12, c + r * 0.2)],
                       fill=darker(BREAD, 0.35), width=round(line))
        elif kind == "reals":
            d.ellipse([c - r * 0.9, c - r * 0.9, c + r * 0.9, c + r * 0.9], fill=COIN, outline=darker(COIN, 0.45),
                      width=round(line * 1.2))
            d.ellipse([c - r * 0.5, c - r * 0.5, c + r * 0.5, c + r * 0.5], outline=darker(COIN, 0.3),
                      width=round(line))
        elif kind == "pp":
            pts = []
            for i in range(10):
                ang = -math.pi / 2 + i * math.pi / 5
                rad = r if i % 2 == 0 else r * 0.45
                pts.append((c + rad * math.cos(ang), c + rad * math.sin(ang) + r * 0.06))
            d.polygon(pts, fill=(250, 210, 60), outline=(130, 95, 10), width=round(line))
        elif kind == "ship":
            hull = (110, 80, 50)
            d.polygon([(c - r, c + r * 0.15), (c + r, c + r * 0.15), (c + r * 0.6, c + r * 0.8),
                       (c - r * 0.6, c + r * 0.8)], fill=hull)
            d.polygon([(c - r * 0.05, c - r * 0.95), (c - r * 0.05, c + r * 0.05), (c + r * 0.7, c + r * 0.05)],
                      fill=(245, 245, 245), outline=(90, 90, 90), width=round(line))
            d.polygon([(c - r * 0.15, c - r * 0.7), (c - r * 0.15, c + r * 0.05), (c - r * 0.75, c + r * 0.05)],
                      fill=(245, 245, 245), outline=(90, 90, 90), width=round(line))
        elif kind == "worker":
            grey = (96, 92, 88)
            d.ellipse([c - r * 0.38, c - r * 0.95, c + r * 0.38, c - r * 0.2], fill=grey)
            d.rounded_rectangle([c - r * 0.7, c - r * 0.12, c + r * 0.7, c + r * 0.95], radius=r * 0.35, fill=grey)
        elif kind == "marker":
            d.rectangle([c - r * 0.55, c - r * 0.9, c - r * 0.35, c + r * 0.95], fill=(70, 64, 58))
            d.polygon([(c - r * 0.35, c - r * 0.9), (c + r * 0.85, c - r * 0.55), (c - r * 0.35, c - r * 0.15)],
                      fill=(200, 60, 50), outline=(90, 30, 25), width=round(line))
        elif kind == "mill":
            body = (150, 120, 90)
            d.polygon([(c - r * 0.4, c + r * 0.95), (c + r * 0.4, c + r * 0.95), (c + r * 0.22, c - r * 0.1),
                       (c - r * 0.22, c - r * 0.1)], fill=body)
            for ang in (45, 135, 225, 315):
                a = math.radians(ang)
                d.line([(c, c - r * 0.15), (c + r * 0.95 * math.cos(a), c - r * 0.15 + r * 0.95 * math.sin(a))],
                       fill=(70, 60, 50), width=round(line * 1.8))
        elif kind == "favor":
            d.rounded_rectangle([c - r * 0.8, c - r * 0.6, c + r * 0.8, c + r * 0.6], radius=r * 0.2,
                                fill=GUILDS["orange"], outline=darker(GUILDS["orange"], 0.5), width=round(line))
        elif kind == "arrow":
            d.polygon([(c - r, c - r * 0.25), (c + r * 0.1, c - r * 0.25), (c + r * 0.1, c - r * 0.7), (c + r, c),
                       (c + r * 0.1, c + r * 0.7), (c + r * 0.1, c + r * 0.25), (c - r, c + r * 0.25)],
                      fill=(40, 36, 32))
    return supersampled(px, px, paint)
