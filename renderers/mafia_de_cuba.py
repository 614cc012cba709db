"""Mafia de Cuba's images: the table seen from above, drawn from a view only.

Seats sit round an oval table in the box's order (clockwise from the Godfather), each on a card
with its mark (shape and number), the player's name and its public facts: the Godfather's crown,
who holds the box, who has taken, Jokers received, who is out, who is accused, each claim. The
middle of the table holds the Jokers left, the diamonds recovered and the accusations in order.
Once the game is over the same table becomes the reveal: every role and take, what each holder
saw, the bag and the diamonds set aside, and who won.
"""

from __future__ import annotations

import math
from typing import Any

from PIL import Image, ImageDraw

import games.mafia_de_cuba  # noqa: F401  (registers the game's texts)
from games.messages import text_from_json, translate
from renderers import frame as fr
from renderers import palettes
from renderers.common import (
    DEFAULT_THEME,
    SEAT_COLOURS,
    Theme,
    crown_sprite,
    darker,
    encode_png,
    fit_text,
    mix,
    paste,
    paste_centred,
    rounded_box_sprite,
    seat_mark,
    text,
    within,
)

CARD_W, CARD_H = 196, 96
NAME, FACT = 24, 20
BOX_BROWN = (120, 72, 36)
OUT_GREY = (150, 146, 140)


def render(view: dict[str, Any], *, names: list[str] | None = None, lang: str = "en",
           theme: Theme = DEFAULT_THEME) -> bytes:
    """PNG bytes of a Mafia de Cuba view (``Game.view(state, None)``); ``names`` by seat."""
    return encode_png(draw(view, names=names, lang=lang, theme=theme), palette=palettes.fixed("mafia_de_cuba", theme))


def _acting(view: dict[str, Any]) -> tuple[int, ...]:
    """Who must act, from public facts only."""
    phase = view["phase"]
    if phase in ("hide", "accuse"):
        return (view["godfather"],)
    if phase == "theft":
        return (view["holder"],)
    if phase == "testimony":
        return tuple(s for s in view["order"] if view["claims"][s] is None and not view["eliminated"][s])
    if phase == "window":
        return tuple(s for s in view["order"] if not view["eliminated"][s] and s != view["accused"])
    return ()


def _positions(n: int, godfather: int, lay: fr.Layout) -> list[tuple[float, float]]:
    """Card centres round an oval, the Godfather at the bottom, the box going clockwise."""
    x0, y0, x1, y1 = 12, lay.header[3] + 8, lay.width - 12, lay.height - 12
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    rx, ry = (x1 - x0 - CARD_W) / 2, (y1 - y0 - CARD_H) / 2
    spots = []
    for seat in range(n):
        k = (seat - godfather) % n
        angle = math.pi / 2 + 2 * math.pi * k / n  # screen y grows downwards: pi/2 is the bottom
        spots.append((cx + rx * math.cos(angle), cy + ry * math.sin(angle)))
    return spots


def draw(view: dict[str, Any], *, names: list[str] | None = None, lang: str = "en",
         theme: Theme = DEFAULT_THEME) -> Image.Image:
    """The image :func:`render` encodes."""
    if view.get("game") != "mafia_de_cuba":
        raise ValueError("not a Mafia de Cuba view")
    n = view["players"]
    shown = fr.player_names(names, n, lang)
    colours = [theme.seat_colour(SEAT_COLOURS[s % len(SEAT_COLOURS)]) for s in range(n)]
    finished = bool(view.get("finished"))
    acting = () if finished else _acting(view)
    seats = [fr.Seat(seat=s, colour=colours[s], name=shown[s], acting=s in acting) for s in range(n)]
    lay = fr.layout(0)
    f = fr.Frame(seats, lang=lang, theme=theme, lay=lay)
    f.draw_header(_headline(view, shown, lang, acting))
    image = f.image
    d = ImageDraw.Draw(image)
    spots = _positions(n, view["godfather"], lay)
    _draw_table(image, d, view, spots, lang, theme)
    for s in range(n):
        _draw_card(image, d, view, s, seats[s], spots[s], lang, theme)
    return image


def _headline(view: dict[str, Any], names: list[str], lang: str, acting: tuple[int, ...]) -> fr.Headline:
    if view.get("finished"):
        result = view["result"]
        winners = [names[s] for s in result["winners"]]
        outcome = translate(f"mafia.outcome.{result['outcome']}", lang)
        who = ", ".join(winners) or "-"
        return fr.Headline(outcome=translate("board.winners", lang, players=who) if len(winners) > 1
                           else translate("board.winner", lang, player=who), detail=outcome)
    decision = view.get("decision")
    words = text_from_json(decision).in_lang(lang) if decision else None
    return fr.Headline(acting=acting, decision=words)


def _draw_table(image: Image.Image, d: ImageDraw.ImageDraw, view: dict[str, Any], spots, lang: str,
                theme: Theme) -> None:
    """The green table and, in its middle, the Jokers, the diamonds recovered, the accusations
    (and at the end the diamonds set aside and the bag)."""
    xs = [x for x, _ in spots]
    ys = [y for _, y in spots]
    cx, cy = (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2
    rx, ry = (max(xs) - min(xs)) / 2, (max(ys) - min(ys)) / 2
    felt = (206, 222, 200)
    d.ellipse([cx - rx, cy - ry, cx + rx, cy + ry], fill=felt, outline=darker(felt, 0.3), width=3)
    box = (round(cx - rx + CARD_W / 2 + 8), round(cy - ry + CARD_H / 2 + 8),
           round(cx + rx - CARD_W / 2 - 8), round(cy + ry - CARD_H / 2 - 8))
    x0, y0, x1, y1 = box
    lines = [translate("mafia.render.jokers", lang, left=view["jokers"], start=view["jokers_start"]),
             translate("mafia.render.recovered", lang, count=view["recovered"])]
    reveal = view.get("reveal")
    if reveal:
        lines.append(translate("mafia.render.hidden", lang, count=reveal["hidden"] or 0))
        lines.append(translate("mafia.render.bag", lang, token=translate(f"mafia.token.{reveal['bag']}", lang))
                     if reveal["bag"] else translate("mafia.render.no_bag", lang))
    for a in view["accusations"][-6:]:
        said = translate(f"mafia.render.outcome.{a['outcome']}", lang, count=a["diamonds"])
        lines.append(f"#{a['seat'] + 1} → {said}")
    with within(box):
        y = y0
        for i, line in enumerate(lines):
            if y + FACT > y1:
                break
            text(d, ((x0 + x1) / 2, y), fit_text(line, size=FACT + 2, width=x1 - x0, bold=i < 2), size=FACT + 2,
                 fill=theme.text, anchor="ma", bold=i < 2, role="label")
            y += FACT + 10


def _facts(view: dict[str, Any], s: int, lang: str) -> list[str]:
    """The public facts of seat ``s`` (or, at the end, its role, take and what it saw)."""
    reveal = view.get("reveal")
    facts = []
    if reveal:
        role = reveal["roles"][s]
        take = reveal["takes"][s]
        words = translate(f"mafia.role.{role}", lang)
        if take and take[0] == "diamonds":
            words += f" {take[1]}◆"
        facts.append(words)
        path = {p["seat"]: p for p in reveal["path"]}
        if s in path:
            p = path[s]
            facts.append(translate("mafia.render.saw", lang, diamonds=p["diamonds"], tokens=sum(p["tokens"].values())))
        elif s == view["godfather"] and reveal.get("final"):
            final = reveal["final"]
            facts.append(translate("mafia.private.box", lang, diamonds=final["diamonds"],
                                   tokens=sum(final["tokens"].values())))
        return facts
    if s == view["godfather"]:
        facts.append(translate("mafia.render.godfather", lang))
    if view["holder"] == s:
        facts.append(translate("mafia.render.box", lang))
    elif view["taken"][s] and view["phase"] == "theft":
        facts.append(translate("mafia.render.taken", lang))
    if view["accused"] == s:
        facts.append(translate("mafia.render.accused", lang))
    for a in view["accusations"]:
        if a["seat"] == s:
            facts.append(translate(f"mafia.render.outcome.{a['outcome']}", lang, count=a["diamonds"]))
    claim = view["claims"][s]
    if claim == "silent":
        facts.append(translate("mafia.render.silent", lang))
    elif claim is not None:
        facts.append(translate("mafia.render.claim", lang, diamonds=claim[0], tokens=claim[1]))
    return facts


def _draw_card(image: Image.Image, d: ImageDraw.ImageDraw, view: dict[str, Any], s: int, seat: fr.Seat,
               centre: tuple[float, float], lang: str, theme: Theme) -> None:
    cx, cy = centre
    x0, y0 = round(cx - CARD_W / 2), round(cy - CARD_H / 2)
    x1, y1 = x0 + CARD_W, y0 + CARD_H
    out = view["eliminated"][s]
    won = bool(view.get("result")) and s in view["result"]["winners"]
    ground = mix(theme.card, OUT_GREY, 0.45) if out else theme.card
    edge = seat.colour if seat.acting else (theme.gold if won else theme.card_edge)
    with within((x0, y0, x1, y1)):
        paste(image, rounded_box_sprite(CARD_W, CARD_H, ground, edge, 5.0 if seat.acting or won else 2.0, 12),
              (x0, y0))
        paste_centred(image, seat_mark(34, s, seat.colour), (x0 + 24, y0 + 24))
        right = x1 - 8
        if s == view["godfather"]:
            paste_centred(image, crown_sprite(30, theme.gold, darker(theme.gold, 0.5)), (x1 - 22, y0 + 20))
            right -= 34
        elif view["holder"] == s:
            d.rounded_rectangle([x1 - 42, y0 + 8, x1 - 8, y0 + 32], radius=4, fill=BOX_BROWN,
                                outline=darker(BOX_BROWN, 0.4), width=2)
            right -= 38
        name = fit_text(seat.name, size=NAME, width=right - (x0 + 46), bold=True)
        text(d, (x0 + 46, y0 + 24), name, size=NAME, fill=theme.text, anchor="lm", bold=True, role="headline")
        facts = _facts(view, s, lang)
        if out:
            facts.insert(0, translate("mafia.render.out", lang))
        if won:
            facts.insert(0, translate("mafia.render.winner", lang))
        if view["joker_holders"][s] and not view.get("reveal"):
            facts = [f for f in facts if f != translate("mafia.render.outcome.joker", lang)]
            facts.insert(0, translate("mafia.render.outcome.joker", lang))
        if view.get("reveal"):  # the role (with any WIN / OUT) on one line, what it saw on the next
            lead = 1 + out + won
            line, second = " · ".join(facts[:lead]), " · ".join(facts[lead:])
        else:
            line, second = " · ".join(facts[:2]), " · ".join(facts[2:4])
        text(d, (x0 + 10, y0 + 52), fit_text(line, size=FACT, width=CARD_W - 20), size=FACT, fill=theme.text,
             anchor="lm", role="label")
        if second:
            text(d, (x0 + 10, y0 + 78), fit_text(second, size=FACT, width=CARD_W - 20), size=FACT,
                 fill=theme.text, anchor="lm", role="label")
