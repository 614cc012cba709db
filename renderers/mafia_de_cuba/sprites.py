"""Mafia de Cuba's drawing parts shared by the table, the reveal and the private picture: the type
size, the colours, the sprites (the box, a Joker's bottle, the cross of a seat out, the tick of a
take, the accused's badge, a diamond), the seat marks with their numbers, and the words for
accusations and boxes."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

import games.mafia_de_cuba  # noqa: F401  (registers the game's texts)
from games.messages import translate, translate_count
from renderers.common import (
    DEFAULT_THEME,
    RGB,
    crown_sprite,
    darker,
    mix,
    paste_centred,
    seat_mark,
    supersampled,
    text,
)

#: Every text below the header: 32 px on the canvas is 10.5 px on a 360 px wide phone.
SIZE = 32
#: The seat marks (their number is drawn at :data:`SIZE` over the shape).
MARK = 54
BOX_BROWN = (120, 72, 36)
OUT_GREY = (150, 146, 140)
FELT = (196, 216, 190)
CROSS = (176, 36, 30)
TICK = (30, 130, 70)
BOTTLE = (46, 110, 72)
DIAMOND = (70, 160, 220)



def say(key: str, lang: str, **params: Any) -> str:
    return translate(key, lang, **params)


def accusation_words(a: dict[str, Any], lang: str) -> str:
    return translate(f"mafia.render.outcome.{a['outcome']}", lang, count=a["diamonds"])


def accusation_line(a: dict[str, Any], lang: str) -> str:
    """An accusation's outcome, and who fired when it was a BANG."""
    words = accusation_words(a, lang)
    return translate("mafia.render.shot_by", lang, outcome=words, by=a["by"] + 1) if "by" in a else words


def box_words(box: dict[str, Any], lang: str) -> str:
    tokens = ", ".join(f"{say(f'mafia.token.{k}', lang)} ×{v}" for k, v in box["tokens"].items())
    return translate_count("mafia.private.box", lang, box["diamonds"], diamonds=box["diamonds"],
                           tokens=tokens or say("mafia.token.none", lang))


def short_box(diamonds: int, tokens: dict[str, int] | int) -> str:
    count = tokens if isinstance(tokens, int) else sum(tokens.values())
    return f"{diamonds}◆ {count}T"


@lru_cache(maxsize=8)
def box_sprite(width: int) -> Image.Image:
    """The cigar box: a brown box with its lid's edge and a label."""
    height = round(width * 0.72)

    def paint(d: ImageDraw.ImageDraw, k: float) -> None:
        w, h = width * k, height * k
        m = 1.5 * k
        d.rounded_rectangle([m, h * 0.18, w - m, h - m], radius=3 * k, fill=BOX_BROWN,
                            outline=darker(BOX_BROWN, 0.5), width=round(2 * k))
        d.rounded_rectangle([m, m, w - m, h * 0.36], radius=3 * k, fill=mix(BOX_BROWN, (255, 255, 255), 0.18),
                            outline=darker(BOX_BROWN, 0.5), width=round(2 * k))
        d.rectangle([w * 0.34, h * 0.5, w * 0.66, h * 0.72], fill=(236, 200, 120), outline=darker(BOX_BROWN, 0.5),
                    width=round(k))
    return supersampled(width, height, paint)


@lru_cache(maxsize=8)
def bottle_sprite(height: int) -> Image.Image:
    """A Joker: a small rum bottle."""
    width = round(height * 0.5)

    def paint(d: ImageDraw.ImageDraw, k: float) -> None:
        w, h = width * k, height * k
        edge = darker(BOTTLE, 0.5)
        d.rounded_rectangle([w * 0.36, k, w * 0.64, h * 0.4], radius=2 * k, fill=BOTTLE, outline=edge,
                            width=round(1.5 * k))
        d.rounded_rectangle([k, h * 0.32, w - k, h - k], radius=w * 0.3, fill=BOTTLE, outline=edge,
                            width=round(1.5 * k))
        d.rectangle([w * 0.18, h * 0.55, w * 0.82, h * 0.78], fill=(240, 226, 190))
    return supersampled(width, height, paint)


@lru_cache(maxsize=8)
def cross_sprite(size: int) -> Image.Image:
    """Out of the game: a thick red cross."""
    def paint(d: ImageDraw.ImageDraw, k: float) -> None:
        w = size * k
        m, t = w * 0.14, round(w * 0.17)
        d.line([(m, m), (w - m, w - m)], fill=CROSS, width=t)
        d.line([(m, w - m), (w - m, m)], fill=CROSS, width=t)
    return supersampled(size, size, paint)


@lru_cache(maxsize=8)
def tick_sprite(size: int) -> Image.Image:
    """Has taken from the box: a green tick."""
    def paint(d: ImageDraw.ImageDraw, k: float) -> None:
        w = size * k
        d.line([(w * 0.12, w * 0.52), (w * 0.4, w * 0.8), (w * 0.9, w * 0.2)], fill=TICK, width=round(w * 0.16),
               joint="curve")
    return supersampled(size, size, paint)


@lru_cache(maxsize=8)
def badge_sprite(size: int, fill: RGB) -> Image.Image:
    """Accused: a disc in the highlight hue with an exclamation mark."""
    def paint(d: ImageDraw.ImageDraw, k: float) -> None:
        w = size * k
        d.ellipse([k, k, w - k, w - k], fill=fill, outline=darker(fill, 0.5), width=round(2 * k))
        d.rounded_rectangle([w * 0.43, w * 0.18, w * 0.57, w * 0.6], radius=w * 0.05, fill=(24, 22, 20))
        d.ellipse([w * 0.42, w * 0.68, w * 0.58, w * 0.84], fill=(24, 22, 20))
    return supersampled(size, size, paint)


@lru_cache(maxsize=8)
def diamond_sprite(size: int) -> Image.Image:
    """One diamond, cut: a faceted gem."""
    def paint(d: ImageDraw.ImageDraw, k: float) -> None:
        w = size * k
        edge = darker(DIAMOND, 0.5)
        top, girdle = w * 0.12, w * 0.38
        d.polygon([(w * 0.28, top), (w * 0.72, top), (w - k, girdle), (w / 2, w - k), (k, girdle)],
                  fill=DIAMOND, outline=edge, width=round(1.5 * k))
        d.polygon([(w * 0.28, top), (w * 0.72, top), (w - k, girdle), (k, girdle)],
                  fill=mix(DIAMOND, (255, 255, 255), 0.45), outline=edge, width=round(1.5 * k))
        d.line([(w * 0.28, girdle), (w / 2, w - k), (w * 0.72, girdle)], fill=edge, width=round(k))
    return supersampled(size, size, paint)


def mark(image: Image.Image, d: ImageDraw.ImageDraw, seat: int, colour: RGB, centre: tuple[float, float],
          size: int = MARK) -> None:
    """A seat's mark: its shape in its colour, its number over it at :data:`SIZE` (players type
    it: ``accuse 5``), white with a dark edge so it reads on any colour and past the shape."""
    paste_centred(image, seat_mark(size, seat, colour, numbered=False), centre)
    dy = size * 0.08 if seat % 5 == 4 else 0  # the triangle's middle is low
    text(d, (centre[0], centre[1] + dy), str(seat + 1), size=SIZE, fill=(255, 255, 255), anchor="mm", bold=True,
         role="label", stroke_width=3, stroke_fill=darker(colour, 0.6))


@lru_cache(maxsize=1)
def crown() -> Image.Image:
    return crown_sprite(44, DEFAULT_THEME.gold, darker(DEFAULT_THEME.gold, 0.5))


def icon(name: str) -> Image.Image:
    """A card's icon by name (see ``table._card_line``)."""
    if name == "crown":
        return crown()
    if name == "bottle":
        return bottle_sprite(40)
    if name == "box":
        return box_sprite(44)
    if name == "cross":
        return cross_sprite(34)
    if name == "badge":
        return badge_sprite(36, DEFAULT_THEME.highlight)
    return tick_sprite(34)
