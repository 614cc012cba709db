"""One seat's private picture for its DM and ``/hand``: the box its holder opens (the diamonds
drawn and counted, the tokens left by kind, what the holder may do), or the seat's role, its take
and the box as it saw it. Drawn from ``Game.private_view(state, seat)`` only."""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from games.messages import translate, translate_count
from renderers.common import (
    DEFAULT_THEME,
    SEAT_COLOURS,
    Theme,
    darker,
    encode_png,
    fit_text,
    mix,
    on_canvas,
    paste,
    paste_centred,
    rounded_box_sprite,
    seat_mark,
    text,
    within,
    wrap_text,
)
from renderers.mafia_de_cuba.sprites import BOX_BROWN, box_words, diamond_sprite, say

#: The private image's canvas: shown 360 px wide on a phone, 20 px here are 10 px there.
PRIVATE_W, PRIVATE_H = 720, 480
PRIVATE_SIZE = 24
TOKEN_COLOURS = {"loyal": (27, 140, 118), "agent": (9, 33, 149), "driver": (216, 120, 11), "cleaner": (110, 100, 86)}



def render_private(private: dict[str, Any], *, name: str | None = None, lang: str = "en",
                   theme: Theme = DEFAULT_THEME) -> bytes | None:
    """PNG bytes of one seat's private view (``Game.private_view(state, seat)``), for that seat
    only; ``None`` for an empty view."""
    if not private:
        return None
    return encode_png(draw_private(private, name=name, lang=lang, theme=theme))


def draw_private(private: dict[str, Any], *, name: str | None = None, lang: str = "en",
                 theme: Theme = DEFAULT_THEME) -> Image.Image:
    """The image :func:`render_private` encodes, 720 x 480: a title band (the seat's mark, name
    and what the picture is), the box (diamonds drawn and counted, tokens by kind) and the lines
    of what the seat knows or may do."""
    image = Image.new("RGB", (PRIVATE_W, PRIVATE_H), theme.background)
    on_canvas(image)
    d = ImageDraw.Draw(image)
    seat = int(private.get("seat", 0))
    colour = theme.seat_colour(SEAT_COLOURS[seat % len(SEAT_COLOURS)])
    size = PRIVATE_SIZE
    margin = 14
    # the title band
    band = 64
    d.rectangle([0, 0, PRIVATE_W, band], fill=mix(theme.background, theme.card, 0.6))
    d.line([(0, band), (PRIVATE_W, band)], fill=theme.card_edge, width=2)
    paste_centred(image, seat_mark(48, seat, colour, numbered=False), (margin + 24, band / 2))
    text(d, (margin + 24, band / 2), str(seat + 1), size=28, fill=(255, 255, 255), anchor="mm", bold=True,
         role="label", stroke_width=3, stroke_fill=darker(colour, 0.6))
    role = private.get("role")
    holding = "box" in private
    title = (say("mafia.private_image.holding", lang) if holding
             else say("mafia.private.role", lang, role=say(f"mafia.role.{role}", lang)) if role
             else say("mafia.private.no_role", lang))
    who = name or translate("board.player", lang, number=seat + 1)
    with within((margin + 56, 0, PRIVATE_W - margin, band)):
        text(d, (margin + 60, band / 2), fit_text(who, size=30, width=PRIVATE_W - 2 * margin - 60, bold=True),
             size=30, fill=theme.text, anchor="lm", bold=True, role="headline")
    y = band + 10
    with within((margin, y, PRIVATE_W - margin, y + 40)):
        text(d, (margin, y + 20), fit_text(title, size=28, width=PRIVATE_W - 2 * margin, bold=True), size=28,
             fill=theme.text, anchor="lm", bold=True, role="headline")
    y += 46
    shown = private.get("box") or private.get("final") or private.get("seen")
    if shown is not None:
        caption = ("mafia.private_image.box_now" if holding else "mafia.private_image.box_back"
                   if "final" in private else "mafia.private_image.box_seen")
        box = (margin, y, PRIVATE_W - margin, y + 196)
        with within(box):
            _draw_box(image, d, shown, say(caption, lang), box, lang, theme)
        y += 206
    lines = _private_lines(private, lang)
    with within((margin, y, PRIVATE_W - margin, PRIVATE_H - 8)):
        for line in lines:
            # the commands without Discord's code quotes, which a picture does not render
            for part in wrap_text(line.replace("`", ""), size=size, width=PRIVATE_W - 2 * margin, max_lines=3):
                if y + size + 4 > PRIVATE_H - 8:
                    break
                text(d, (margin, y), part, size=size, fill=theme.text, anchor="la", role="text")
                y += size + 8
            y += 4
    return image


def _draw_box(image: Image.Image, d: ImageDraw.ImageDraw, box: dict[str, Any], caption: str,
              where: tuple[int, int, int, int], lang: str, theme: Theme) -> None:
    """The open cigar box: on its left the diamonds as that many gems (five a row) and their
    number, on its right each kind of token left with its count."""
    x0, y0, x1, y1 = where
    paste(image, rounded_box_sprite(x1 - x0, y1 - y0, mix(BOX_BROWN, (255, 255, 255), 0.78), BOX_BROWN, 4.0, 14),
          (x0, y0))
    tx = x0 + 16 + 5 * (34 + 4) + 40
    text(d, (x0 + 14, y0 + 8), fit_text(caption, size=PRIVATE_SIZE, width=x1 - x0 - 28, bold=True),
         size=PRIVATE_SIZE, fill=theme.text, anchor="la", bold=True, role="text")
    diamonds = int(box["diamonds"])
    gem = 34
    gx, gy = x0 + 16, y0 + 42
    for i in range(diamonds):
        r, c = divmod(i, 5)
        paste(image, diamond_sprite(gem), (gx + c * (gem + 4), gy + r * (gem + 4)))
    count = translate_count("mafia.private_image.diamonds", lang, diamonds)
    text(d, (gx, y1 - 8), fit_text(count, size=30, width=5 * (gem + 4) + 40, bold=True), size=30, fill=theme.text,
         anchor="ld", bold=True, role="headline")
    ty = y0 + 42
    tokens = box["tokens"]
    if not tokens:
        text(d, (tx, ty), say("mafia.token.none", lang), size=PRIVATE_SIZE + 4, fill=theme.text, anchor="la",
             role="text")
    for kind, k in tokens.items():
        fill = TOKEN_COLOURS.get(kind, theme.muted)
        d.ellipse([tx, ty + 2, tx + 28, ty + 30], fill=fill, outline=darker(fill, 0.5), width=2)
        words = f"{say(f'mafia.token.{kind}', lang)} ×{k}"
        text(d, (tx + 38, ty + 16), fit_text(words, size=PRIVATE_SIZE + 4, width=x1 - 14 - tx - 38), size=PRIVATE_SIZE + 4,
             fill=theme.text, anchor="lm", role="text")
        ty += 36


def _private_lines(private: dict[str, Any], lang: str) -> list[str]:
    """What the seat knows besides the box drawn, and, holding the box, what it may do."""
    lines = []
    role = private.get("role")
    holding = "box" in private
    if holding and role:
        lines.append(say("mafia.private.role", lang, role=say(f"mafia.role.{role}", lang)))
    if "hidden" in private:
        lines.append(say("mafia.private.hidden", lang, count=private["hidden"]))
    take = private.get("take")
    if take:
        if take["what"] == "diamonds":
            lines.append(say("mafia.private.took_diamonds", lang, count=take["diamonds"]))
        else:
            lines.append(say("mafia.private.took", lang, what=say(f"mafia.token.{take['what']}", lang)))
    if private.get("bag"):
        lines.append(say("mafia.private.bag", lang, token=say(f"mafia.token.{private['bag']}", lang)))
    if "seen" in private and ("box" in private or "final" in private):  # the drawn box is another one
        lines.append(say("mafia.private.seen", lang, box=box_words(private["seen"], lang)))
    if holding:
        box = private["box"]
        if role == "godfather":
            lines.append(say("mafia.private_image.hide", lang))
        elif not box["diamonds"] and not box["tokens"]:
            lines.append(say("mafia.private_image.empty", lang))
        else:
            examples = private.get("examples") or {}  # taken from the holder's legal moves
            diamonds, token = examples.get("diamonds", ""), examples.get("token", "")
            key = "take" if diamonds and token else "take_token" if token else "take_diamonds"
            lines.append(say(f"mafia.private_image.{key}", lang, diamonds=diamonds, token=token))
            if private.get("first") and examples.get("bag"):
                lines.append(say("mafia.private.may_bag", lang, example=examples["bag"]))
            if private.get("last"):
                lines.append(say("mafia.private.may_nothing", lang))
    return lines
