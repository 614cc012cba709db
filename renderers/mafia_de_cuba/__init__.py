"""Mafia de Cuba's images, drawn from views only, readable on a phone.

``render(view)`` draws the table seen from above on the shared 1100 x 800 frame: the seats' cards
on the edge of a rectangle (the Godfather at the bottom middle, the box going clockwise: the first
player on his left, up the left side, along the top, down the right side to the last player on
his right), each card with the seat's mark (shape and number), the player's name and one line of
public facts: its claim ("said 12◆ 3T" or silent), or during the theft whether it has taken. Icons
say the rest: the Godfather's crown and his Jokers (bottles), the box holder's brown box, a Joker
received, the accused's cyan badge and frame, an eliminated seat's grey card and cross (with what
its accusation showed). The felt in the middle holds the Jokers left, the diamonds recovered and
the accusations in order.

Once the game is over the picture is the reveal: a table of every seat (mark, name, role and take,
what it saw of the box, what it said, WIN / OUT), then the diamonds set aside, the bag, the box's
final contents and the accusations; the header names the winners and the outcome.

``render_private(private)`` draws one seat's private view (``Game.private_view``) for its DM: the
box its holder opens (the diamonds as that many diamond shapes and the number, the tokens left by
kind, what the holder may do), or the seat's role, its take and the box as it saw it.

Every text below the header is at least :data:`SIZE` px on the canvas, 10 px on a 360 px phone;
the private image's at least 20 px on its 720 px canvas, also 10 px on a phone.
"""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from games.messages import join_names, text_from_json, translate, translate_count
from renderers import frame as fr
from renderers import palettes
from renderers.common import DEFAULT_THEME, SEAT_COLOURS, Theme, encode_png, within
from renderers.mafia_de_cuba.private import PRIVATE_W, draw_private, render_private
from renderers.mafia_de_cuba.reveal import draw_reveal
from renderers.mafia_de_cuba.sprites import accusation_words
from renderers.mafia_de_cuba.table import (
    acting_seats,
    draw_card,
    draw_felt,
    felt_layer,
    table,
)

__all__ = ["PRIVATE_W", "draw", "draw_private", "render", "render_private", "table"]


def render(view: dict[str, Any], *, names: list[str] | None = None, lang: str = "en",
           theme: Theme = DEFAULT_THEME) -> bytes:
    """PNG bytes of a Mafia de Cuba view (``Game.view(state, seat)``; only its public part is
    drawn); ``names`` by seat."""
    return encode_png(draw(view, names=names, lang=lang, theme=theme), palette=palettes.fixed("mafia_de_cuba", theme))


def draw(view: dict[str, Any], *, names: list[str] | None = None, lang: str = "en",
         theme: Theme = DEFAULT_THEME) -> Image.Image:
    """The image :func:`render` encodes: the table, or the reveal once the game is over."""
    if view.get("game") != "mafia_de_cuba":
        raise ValueError("not a Mafia de Cuba view")
    n = view["players"]
    shown = fr.player_names(names, n, lang)
    colours = [theme.seat_colour(SEAT_COLOURS[s % len(SEAT_COLOURS)]) for s in range(n)]
    finished = bool(view.get("finished")) and bool(view.get("reveal"))
    acting = () if view.get("finished") else acting_seats(view)
    seats = [fr.Seat(seat=s, colour=colours[s], name=shown[s], acting=s in acting) for s in range(n)]
    geometry = None if finished else table(n, view["godfather"])
    base = None if geometry is None else felt_layer(geometry, theme)
    f = fr.Frame(seats, lang=lang, theme=theme, lay=fr.layout(0), base=base)
    f.draw_header(_headline(view, shown, lang, acting))
    d = ImageDraw.Draw(f.image)
    if geometry is None:
        draw_reveal(f.image, d, view, seats, lang, theme)
        return f.image
    draw_felt(f.image, d, view, geometry, lang, theme)
    for s in range(n):
        with within(geometry.cards[s]):
            draw_card(f.image, d, view, seats[s], geometry.cards[s], geometry, lang, theme)
    return f.image


def _headline(view: dict[str, Any], names: list[str], lang: str, acting: tuple[int, ...]) -> fr.Headline:
    if view.get("finished"):
        result = view["result"]
        winners = [names[s] for s in result["winners"]]
        outcome = translate(f"mafia.outcome.{result['outcome']}", lang)
        outcome = outcome[:1].upper() + outcome[1:]  # a sentence of its own here
        outcome += " · " + translate("mafia.render.legend", lang)  # the reveal's boxes read "9◆ 2T"
        who = join_names(winners, lang) or "-"
        return fr.Headline(outcome=translate("board.winners", lang, players=who) if len(winners) > 1
                           else translate("board.winner", lang, player=who), detail=outcome)
    decision = view.get("decision")
    words = text_from_json(decision).in_lang(lang) if decision else None
    last = view.get("last")
    return fr.Headline(acting=acting, decision=words, last_seat=last["seat"] if last else None,
                       last=last_words(last, lang) if last else None)


def last_words(last: dict[str, Any], lang: str) -> str:
    """The last public action in words for the header's last-move band (``view["last"]``)."""
    verb = last["verb"]
    if verb == "said":
        claim = last["claim"]
        if claim == "silent":
            return translate("mafia.last.silent", lang)
        return translate_count("mafia.last.answered" if last.get("asked") else "mafia.last.said", lang, claim[1],
                               diamonds=claim[0])
    if verb in ("accused", "shot"):
        target = last["target"] + 1
        if "outcome" not in last:
            return translate("mafia.last.accused", lang, seat=target)
        plain = {"shot_agent": "agent", "shot_thief": "thief", "shot": "innocent"}  # "shot" is said by the verb
        result = accusation_words({**last, "outcome": plain.get(last["outcome"], last["outcome"])}, lang)
        return translate("mafia.last.shot" if verb == "shot" else "mafia.last.accused_result", lang, seat=target,
                         result=result)
    if verb == "asked":
        return translate("mafia.last.asked", lang, seat=last["target"] + 1)
    return translate(f"mafia.last.{verb}", lang)
