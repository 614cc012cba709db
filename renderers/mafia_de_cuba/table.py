"""The table seen from above while the game runs: seat cards on the edge of a rectangle round
the felt, the felt's own lines (Jokers, diamonds recovered, accusations), and who is acting."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from renderers import frame as fr
from renderers.common import (
    Theme,
    cached,
    darker,
    fit_text,
    framed,
    mix,
    paste,
    region,
    rounded_box_sprite,
    text,
    within,
)
from renderers.mafia_de_cuba.sprites import (
    FELT,
    MARK,
    OUT_GREY,
    SIZE,
    accusation_line,
    accusation_words,
    icon,
    mark,
    say,
)

#: Room left and right, and between cards.
GAP = 12
CARD_H = 112
CARD_W_MAX = 272
#: Per player count: cards on the bottom row (the Godfather in the middle), on each side, on top.
SIDES = {6: (1, 1, 3), 7: (1, 1, 4), 8: (3, 1, 3), 9: (3, 1, 4), 10: (3, 2, 3), 11: (3, 2, 4), 12: (3, 3, 3)}


def acting_seats(view: dict[str, Any]) -> tuple[int, ...]:
    """Who must act, from public facts only."""
    phase = view["phase"]
    if phase in ("hide", "accuse"):
        return (view["godfather"],)
    if phase == "theft":
        return (view["holder"],)
    if phase == "question":
        return (view["questioned"],)
    if phase == "testimony":
        return tuple(s for s in view["order"] if view["claims"][s] is None and not view["eliminated"][s])
    if phase == "window":
        return tuple(s for s in view["order"] if not view["eliminated"][s] and s != view["accused"])
    return ()


# --- geometry ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Table:
    """Where the cards go: ``cards[seat]`` its box; ``felt`` the table under them; ``middle`` the
    free part of the felt inside the ring of cards, for the table's own lines."""

    cards: tuple[tuple[int, int, int, int], ...]
    felt: tuple[int, int, int, int]
    middle: tuple[int, int, int, int]


@lru_cache(maxsize=32)
def table(n: int, godfather: int) -> Table:
    """The cards round a rectangle: the Godfather at the bottom middle, then clockwise on the
    screen (his left is the picture's left, he faces up): the bottom row leftwards, the left
    side upwards, the top row rightwards, the right side downwards, the bottom row leftwards
    back to him."""
    lay = fr.layout(0)
    bottom, side, top = SIDES[n]
    x0, x1 = fr.MARGIN, lay.width - fr.MARGIN
    y0, y1 = lay.header[3] + 8, lay.height - fr.MARGIN
    across = max(bottom, top)
    w = min(CARD_W_MAX, (x1 - x0 - (across - 1) * GAP) // across)
    h = CARD_H

    def row(count: int, y: int) -> list[tuple[int, int, int, int]]:
        if count == 1:
            xs = [(x0 + x1 - w) // 2]
        else:
            xs = [round(x0 + i * (x1 - w - x0) / (count - 1)) for i in range(count)]
        return [(x, y, x + w, y + h) for x in xs]

    def column(x: int) -> list[tuple[int, int, int, int]]:
        free = (y1 - h) - (y0 + h) - side * h
        ys = [round(y0 + h + free * (j + 1) / (side + 1) + j * h) for j in range(side)]
        return [(x, y, x + w, y + h) for y in ys]

    lows, highs = row(bottom, y1 - h), row(top, y0)
    lefts, rights = column(x0), column(x1 - w)
    middle = (bottom - 1) // 2
    ring = [lows[middle], *reversed(lows[:middle]), *reversed(lefts), *highs, *rights, *reversed(lows[middle + 1:])]
    cards = tuple(ring[(s - godfather) % n] for s in range(n))
    felt = (x0 + w // 2, y0 + h // 2, x1 - w // 2, y1 - h // 2)
    inner_x0 = x0 + (w + GAP if side else 0)
    inner_x1 = x1 - (w + GAP if side else 0)
    return Table(cards, felt, (inner_x0 + 8, y0 + h + GAP, inner_x1 - 8, y1 - h - GAP))


# --- drawing ----------------------------------------------------------------------------------


@cached(maxsize=16)
def felt_layer(geometry: Table, theme: Theme) -> Image.Image:
    """The static layer: the background and the green table under the cards."""
    image = Image.new("RGB", (fr.WIDTH, fr.HEIGHT), theme.background)
    fx0, fy0, fx1, fy1 = geometry.felt
    ImageDraw.Draw(image).rounded_rectangle([fx0, fy0, fx1, fy1], radius=40, fill=FELT, outline=darker(FELT, 0.3),
                                            width=4)
    return image


def draw_felt(image: Image.Image, d: ImageDraw.ImageDraw, view: dict[str, Any], geometry: Table, lang: str,
               theme: Theme) -> None:
    """In the middle of the table: the Jokers left of the start, the diamonds recovered and the
    accusations in order (the pending one last, "accused")."""
    x0, y0, x1, y1 = geometry.middle
    pitch = SIZE + 10
    with within(geometry.middle):
        cx = (x0 + x1) / 2
        y = y0 + SIZE / 2 + 2
        jokers = say("mafia.render.jokers", lang, left=view["jokers"], start=view["jokers_start"])
        recovered = say("mafia.render.recovered", lang, count=view["recovered"])
        for line in (jokers, recovered):
            text(d, (cx, y), fit_text(line, size=SIZE, width=x1 - x0, bold=True), size=SIZE, fill=theme.text,
                 anchor="mm", bold=True, role="text")
            y += pitch
        if any(view["claims"]):  # the cards' claims read "9◆ 2T"
            text(d, (cx, y), fit_text(say("mafia.render.legend", lang), size=SIZE, width=x1 - x0), size=SIZE,
                 fill=theme.muted, anchor="mm", role="text")
            y += pitch
        lines = [f"{say('mafia.render.seat', lang, seat=a['seat'] + 1)} → {accusation_line(a, lang)}" for a in view["accusations"]]
        if view["accused"] is not None and view["phase"] == "window":
            lines.append(f"{say('mafia.render.seat', lang, seat=view['accused'] + 1)} → {say('mafia.render.accused', lang)}")
        if not lines:
            return
        y += 6
        d.line([(x0 + 40, y - pitch / 2 + 2), (x1 - 40, y - pitch / 2 + 2)], fill=darker(FELT, 0.25), width=2)
        rows = max(1, int((y1 - (y - SIZE / 2)) // pitch))
        columns = 1 if len(lines) <= rows else 2
        shown = lines[-rows * columns:]  # the latest, when even two columns cannot hold them all
        width = (x1 - x0) / columns
        for i, line in enumerate(shown):
            col, r = divmod(i, rows) if columns > 1 else (0, i)
            lx = x0 + col * width + width / 2
            text(d, (lx, y + r * pitch), fit_text(line, size=SIZE, width=width - 8), size=SIZE, fill=theme.text,
                 anchor="mm", role="text")


def _card_line(view: dict[str, Any], s: int, lang: str) -> tuple[tuple[str, ...], str]:
    """The icons (by name, see :func:`icon`) and the words of a seat's fact line."""
    icons: list[str] = []
    words = ""
    out = view["eliminated"][s]
    mine = [a for a in view["accusations"] if a["seat"] == s]
    if s == view["godfather"]:
        icons.append("crown")
        icons.extend("bottle" for _ in range(view["jokers"]))
    if view["holder"] == s and view["phase"] in ("hide", "theft"):
        icons.append("box")
    if out:
        icons.append("cross")
        fired = [a for a in view["accusations"] if a.get("by") == s]
        words = (accusation_words(mine[-1], lang) if mine
                 else say("mafia.render.fired", lang, seat=fired[-1]["seat"] + 1) if fired
                 else say("mafia.render.out", lang))
        return tuple(icons), words
    if view["accused"] == s and view["phase"] == "window":
        icons.append("badge")
    if view["joker_holders"][s]:
        icons.append("bottle")
    claim = view["claims"][s]
    if claim == "silent":
        words = say("mafia.render.silent", lang)
    elif claim is not None:
        words = say("mafia.render.claim", lang, diamonds=claim[0], tokens=claim[1])
    elif view["phase"] == "theft" and view["taken"][s] and s != view["godfather"]:
        icons.append("tick")
        words = say("mafia.render.taken", lang)
    return tuple(icons), words


def draw_card(image: Image.Image, d: ImageDraw.ImageDraw, view: dict[str, Any], seat: fr.Seat,
               box: tuple[int, int, int, int], geometry: Table, lang: str, theme: Theme) -> None:
    """A seat's card: its mark and name, then its icons and its fact in words; pasted as drawn
    before when the seat looked the same (most cards do, move after move). The key names all the
    card shows and the felt under its corners."""
    s = seat.seat
    out = view["eliminated"][s]
    accused = view["accused"] == s and view["phase"] == "window"
    icons, words = _card_line(view, s, lang)
    key = ("mafia.card", box, geometry.felt, s, seat.name, seat.colour, seat.acting, out, accused, icons, words, theme)
    region(image, box, key, lambda: _paint_card(image, d, seat, box, out, accused, icons, words, theme))


def _paint_card(image: Image.Image, d: ImageDraw.ImageDraw, seat: fr.Seat, box: tuple[int, int, int, int],
                out: bool, accused: bool, icons: tuple[str, ...], words: str, theme: Theme) -> None:
    x0, y0, x1, y1 = box
    ground = mix(theme.card, OUT_GREY, 0.5) if out else theme.card
    edge, width = theme.card_edge, 2.0
    if accused:
        edge, width = theme.highlight, 6.0
    elif seat.acting:
        edge, width = seat.colour, 5.0
    paste(image, rounded_box_sprite(x1 - x0, y1 - y0, ground, edge, width, 14), (x0, y0))
    framed(image, box, width)
    with within((x0 + 7, y0 + 7, x1 - 7, y1 - 7)):  # inside the widest frame (the accused's)
        _paint_card_inside(image, d, seat, box, icons, words, theme)


def _paint_card_inside(image: Image.Image, d: ImageDraw.ImageDraw, seat: fr.Seat, box: tuple[int, int, int, int],
                       icons: tuple[str, ...], words: str, theme: Theme) -> None:
    x0, y0, x1, y1 = box
    s = seat.seat
    mark(image, d, s, seat.colour, (x0 + 10 + MARK / 2, y0 + 8 + MARK / 2))
    name_x = x0 + 18 + MARK
    text(d, (name_x, y0 + 8 + MARK / 2), fit_text(seat.name, size=SIZE, width=x1 - 10 - name_x, bold=True),
         size=SIZE, fill=theme.text, anchor="lm", bold=True, role="headline")
    cy = y0 + 8 + MARK + (y1 - 7 - y0 - 8 - MARK) / 2  # the middle of the rest, inside the frame
    x = x0 + 12
    for sprite in map(icon, icons):
        if x + sprite.width > x1 - 10:
            break
        paste(image, sprite, (round(x), round(cy - sprite.height / 2)))
        x += sprite.width + 6
    if words and x1 - 10 - x > SIZE:
        text(d, (x, cy), fit_text(words, size=SIZE, width=x1 - 10 - x), size=SIZE, fill=theme.text, anchor="lm",
             role="text")
