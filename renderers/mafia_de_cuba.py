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

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

import games.mafia_de_cuba  # noqa: F401  (registers the game's texts)
from games.messages import text_from_json, translate
from renderers import frame as fr
from renderers import palettes
from renderers.common import (
    DEFAULT_THEME,
    RGB,
    SEAT_COLOURS,
    Theme,
    cached,
    crown_sprite,
    darker,
    encode_png,
    fit_text,
    mix,
    on_canvas,
    paste,
    paste_centred,
    region,
    rounded_box_sprite,
    seat_mark,
    supersampled,
    text,
    text_width,
    within,
    wrap_text,
)

#: Every text below the header: 32 px on the canvas is 10.5 px on a 360 px wide phone.
SIZE = 32
#: The seat marks (their number is drawn at :data:`SIZE` over the shape).
MARK = 54
#: Room left and right, and between cards.
GAP = 12
CARD_H = 112
CARD_W_MAX = 272
#: Per player count: cards on the bottom row (the Godfather in the middle), on each side, on top.
SIDES = {6: (1, 1, 3), 7: (1, 1, 4), 8: (3, 1, 3), 9: (3, 1, 4), 10: (3, 2, 3), 11: (3, 2, 4), 12: (3, 3, 3)}

BOX_BROWN = (120, 72, 36)
OUT_GREY = (150, 146, 140)
FELT = (196, 216, 190)
CROSS = (176, 36, 30)
TICK = (30, 130, 70)
BOTTLE = (46, 110, 72)
DIAMOND = (70, 160, 220)

#: The private image's canvas: shown 360 px wide on a phone, 20 px here are 10 px there.
PRIVATE_W, PRIVATE_H = 720, 480
PRIVATE_SIZE = 24
TOKEN_COLOURS = {"loyal": (27, 140, 118), "agent": (9, 33, 149), "driver": (216, 120, 11), "cleaner": (110, 100, 86)}


def _say(key: str, lang: str, **params: Any) -> str:
    return translate(key, lang, **params)


def render(view: dict[str, Any], *, names: list[str] | None = None, lang: str = "en",
           theme: Theme = DEFAULT_THEME) -> bytes:
    """PNG bytes of a Mafia de Cuba view (``Game.view(state, seat)``; only its public part is
    drawn); ``names`` by seat."""
    return encode_png(draw(view, names=names, lang=lang, theme=theme), palette=palettes.fixed("mafia_de_cuba", theme))


def _acting(view: dict[str, Any]) -> tuple[int, ...]:
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


# --- sprites ----------------------------------------------------------------------------------


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


def _mark(image: Image.Image, d: ImageDraw.ImageDraw, seat: int, colour: RGB, centre: tuple[float, float],
          size: int = MARK) -> None:
    """A seat's mark: its shape in its colour, its number over it at :data:`SIZE` (players type
    it: ``accuse 5``), white with a dark edge so it reads on any colour and past the shape."""
    paste_centred(image, seat_mark(size, seat, colour, numbered=False), centre)
    dy = size * 0.08 if seat % 5 == 4 else 0  # the triangle's middle is low
    text(d, (centre[0], centre[1] + dy), str(seat + 1), size=SIZE, fill=(255, 255, 255), anchor="mm", bold=True,
         role="label", stroke_width=3, stroke_fill=darker(colour, 0.6))


# --- the table ----------------------------------------------------------------------------------


def draw(view: dict[str, Any], *, names: list[str] | None = None, lang: str = "en",
         theme: Theme = DEFAULT_THEME) -> Image.Image:
    """The image :func:`render` encodes: the table, or the reveal once the game is over."""
    if view.get("game") != "mafia_de_cuba":
        raise ValueError("not a Mafia de Cuba view")
    n = view["players"]
    shown = fr.player_names(names, n, lang)
    colours = [theme.seat_colour(SEAT_COLOURS[s % len(SEAT_COLOURS)]) for s in range(n)]
    finished = bool(view.get("finished")) and bool(view.get("reveal"))
    acting = () if view.get("finished") else _acting(view)
    seats = [fr.Seat(seat=s, colour=colours[s], name=shown[s], acting=s in acting) for s in range(n)]
    geometry = None if finished else table(n, view["godfather"])
    base = None if geometry is None else _felt_layer(geometry, theme)
    f = fr.Frame(seats, lang=lang, theme=theme, lay=fr.layout(0), base=base)
    f.draw_header(_headline(view, shown, lang, acting))
    d = ImageDraw.Draw(f.image)
    if geometry is None:
        _draw_reveal(f.image, d, view, seats, lang, theme)
        return f.image
    _draw_felt(f.image, d, view, geometry, lang, theme)
    for s in range(n):
        with within(geometry.cards[s]):
            _draw_card(f.image, d, view, seats[s], geometry.cards[s], geometry, lang, theme)
    return f.image


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


def _accusation_words(a: dict[str, Any], lang: str) -> str:
    return translate(f"mafia.render.outcome.{a['outcome']}", lang, count=a["diamonds"])


@cached(maxsize=16)
def _felt_layer(geometry: Table, theme: Theme) -> Image.Image:
    """The static layer: the background and the green table under the cards."""
    image = Image.new("RGB", (fr.WIDTH, fr.HEIGHT), theme.background)
    fx0, fy0, fx1, fy1 = geometry.felt
    ImageDraw.Draw(image).rounded_rectangle([fx0, fy0, fx1, fy1], radius=40, fill=FELT, outline=darker(FELT, 0.3),
                                            width=4)
    return image


def _draw_felt(image: Image.Image, d: ImageDraw.ImageDraw, view: dict[str, Any], geometry: Table, lang: str,
               theme: Theme) -> None:
    """In the middle of the table: the Jokers left of the start, the diamonds recovered and the
    accusations in order (the pending one last, "accused")."""
    x0, y0, x1, y1 = geometry.middle
    pitch = SIZE + 10
    with within(geometry.middle):
        cx = (x0 + x1) / 2
        y = y0 + SIZE / 2 + 2
        jokers = _say("mafia.render.jokers", lang, left=view["jokers"], start=view["jokers_start"])
        recovered = _say("mafia.render.recovered", lang, count=view["recovered"])
        for line in (jokers, recovered):
            text(d, (cx, y), fit_text(line, size=SIZE, width=x1 - x0, bold=True), size=SIZE, fill=theme.text,
                 anchor="mm", bold=True, role="text")
            y += pitch
        lines = [f"#{a['seat'] + 1} → {_accusation_words(a, lang)}" for a in view["accusations"]]
        if view["accused"] is not None and view["phase"] == "window":
            lines.append(f"#{view['accused'] + 1} → {_say('mafia.render.accused', lang)}")
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
    """The icons (by name, see :func:`_icon`) and the words of a seat's fact line."""
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
        words = _accusation_words(mine[-1], lang) if mine else _say("mafia.render.out", lang)
        return tuple(icons), words
    if view["accused"] == s and view["phase"] == "window":
        icons.append("badge")
    if view["joker_holders"][s]:
        icons.append("bottle")
    claim = view["claims"][s]
    if claim == "silent":
        words = _say("mafia.render.silent", lang)
    elif claim is not None:
        words = _say("mafia.render.claim", lang, diamonds=claim[0], tokens=claim[1])
    elif view["phase"] == "theft" and view["taken"][s] and s != view["godfather"]:
        icons.append("tick")
        words = _say("mafia.render.taken", lang)
    return tuple(icons), words


def _icon(name: str) -> Image.Image:
    if name == "crown":
        return _crown()
    if name == "bottle":
        return bottle_sprite(40)
    if name == "box":
        return box_sprite(44)
    if name == "cross":
        return cross_sprite(34)
    if name == "badge":
        return badge_sprite(36, DEFAULT_THEME.highlight)
    return tick_sprite(34)


@lru_cache(maxsize=1)
def _crown() -> Image.Image:
    return crown_sprite(44, DEFAULT_THEME.gold, darker(DEFAULT_THEME.gold, 0.5))


def _draw_card(image: Image.Image, d: ImageDraw.ImageDraw, view: dict[str, Any], seat: fr.Seat,
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
    s = seat.seat
    ground = mix(theme.card, OUT_GREY, 0.5) if out else theme.card
    edge, width = theme.card_edge, 2.0
    if accused:
        edge, width = theme.highlight, 6.0
    elif seat.acting:
        edge, width = seat.colour, 5.0
    paste(image, rounded_box_sprite(x1 - x0, y1 - y0, ground, edge, width, 14), (x0, y0))
    _mark(image, d, s, seat.colour, (x0 + 10 + MARK / 2, y0 + 8 + MARK / 2))
    name_x = x0 + 18 + MARK
    text(d, (name_x, y0 + 8 + MARK / 2), fit_text(seat.name, size=SIZE, width=x1 - 10 - name_x, bold=True),
         size=SIZE, fill=theme.text, anchor="lm", bold=True, role="headline")
    cy = y0 + 8 + MARK + (y1 - y0 - 8 - MARK) / 2
    x = x0 + 12
    for icon in map(_icon, icons):
        if x + icon.width > x1 - 10:
            break
        paste(image, icon, (round(x), round(cy - icon.height / 2)))
        x += icon.width + 6
    if words and x1 - 10 - x > SIZE:
        text(d, (x, cy), fit_text(words, size=SIZE, width=x1 - 10 - x), size=SIZE, fill=theme.text, anchor="lm",
             role="text")


# --- the reveal -------------------------------------------------------------------------------


def _box_words(box: dict[str, Any], lang: str) -> str:
    tokens = ", ".join(f"{_say(f'mafia.token.{k}', lang)} ×{v}" for k, v in box["tokens"].items())
    return _say("mafia.private.box", lang, diamonds=box["diamonds"], tokens=tokens or _say("mafia.token.none", lang))


def _short_box(diamonds: int, tokens: dict[str, int] | int) -> str:
    count = tokens if isinstance(tokens, int) else sum(tokens.values())
    return f"{diamonds}◆ {count}T"


def _draw_reveal(image: Image.Image, d: ImageDraw.ImageDraw, view: dict[str, Any], seats: list[fr.Seat],
                 lang: str, theme: Theme) -> None:
    """Every seat in the box's order from the Godfather: mark, name, role and take, the box as it
    came to it, what it said, WIN or OUT; then the secrets of the table and the accusations."""
    reveal, result = view["reveal"], view["result"]
    n = view["players"]
    lay = fr.layout(0)
    x0, x1 = fr.MARGIN, lay.width - fr.MARGIN
    y0, y1 = lay.header[3] + 6, lay.height - fr.MARGIN
    order = [(view["godfather"] + k) % n for k in range(n)]
    path = {p["seat"]: p for p in reveal["path"]}
    roles, said, saw, verdict = {}, {}, {}, {}
    for s in order:
        role, take = reveal["roles"][s], reveal["takes"][s]
        words = _say(f"mafia.role.{role}", lang) if role else "-"
        if take and take[0] == "diamonds":
            words += f" {take[1]}◆"
        if s == view["godfather"]:
            words = _say("mafia.render.godfather", lang)
        roles[s] = words
        claim = view["claims"][s]
        said[s] = (_say("mafia.render.silent", lang) if claim == "silent"
                   else _short_box(claim[0], claim[1]) if claim else "")
        if s in path:
            saw[s] = _short_box(path[s]["diamonds"], path[s]["tokens"])
        elif s == view["godfather"] and reveal.get("final"):
            saw[s] = _short_box(reveal["final"]["diamonds"], reveal["final"]["tokens"])
        else:
            saw[s] = ""
        verdict[s] = (_say("mafia.render.winner", lang) if s in result["winners"]
                      else _say("mafia.render.out", lang) if view["eliminated"][s] else "")
    head = {"role": _say("mafia.render.col.role", lang), "saw": _say("mafia.render.col.saw", lang),
            "said": _say("mafia.render.col.said", lang)}

    def widest(values, key: str, bold: bool = False) -> float:
        return max([text_width(v, size=SIZE, bold=bold) for v in values] + [text_width(head[key], size=SIZE, bold=True)])

    lines = _reveal_notes(view, lang)
    pitch = min(64, (y1 - y0 - 40 - len(lines) * (SIZE + 10) - 10) // n)
    result_w = max([text_width(v, size=SIZE, bold=True) for v in verdict.values() if v] + [0]) + 52
    said_w, saw_w = widest(said.values(), "said"), widest(saw.values(), "saw")
    role_w = min(widest(roles.values(), "role"), 330)
    mark_w = 54
    name_w = x1 - x0 - mark_w - role_w - saw_w - said_w - result_w - 6 * 14  # 14 px free at the right end
    cols = []
    x = x0 + mark_w + 14
    for w in (name_w, role_w, saw_w, said_w, result_w):
        cols.append((x, x + w))
        x += w + 14
    top = y0 + 4
    with within((x0, top, x1, top + 38)):
        for key, (cx0, cx1) in zip(("role", "saw", "said"), cols[1:4]):
            text(d, (cx0, top + 19), fit_text(head[key], size=SIZE, width=cx1 - cx0, bold=True), size=SIZE,
                 fill=theme.muted, anchor="lm", bold=True, role="text")
    y = top + 40
    for s in order:
        seat = seats[s]
        row = (x0, y, x1, y + pitch)  # the card leaves 4 px free below it, for the glyphs' depth
        won, out = s in result["winners"], view["eliminated"][s]
        ground = mix(theme.card, theme.gold, 0.28) if won else mix(theme.card, OUT_GREY, 0.5) if out else theme.card
        with within(row):
            paste(image, rounded_box_sprite(x1 - x0, pitch - 4, ground, theme.gold if won else theme.card_edge,
                                            4.0 if won else 1.5, 10), (x0, y))
            cy = y + (pitch - 4) / 2 - 1
            _mark(image, d, s, seat.colour, (x0 + 6 + (pitch - 8) / 2, cy), size=min(MARK, pitch - 8))
            cells = ((seat.name, True), (roles[s], False), (saw[s], False), (said[s], False))
            for (words, bold), (cx0, cx1) in zip(cells, cols):
                if words:
                    text(d, (cx0, cy), fit_text(words, size=SIZE, width=cx1 - cx0, bold=bold), size=SIZE,
                         fill=theme.text, anchor="lm", bold=bold, role="headline" if bold else "text")
            rx0, rx1 = cols[4]
            icon = _crown() if won else cross_sprite(32) if out else bottle_sprite(36) if view["joker_holders"][s] \
                else None
            if icon is not None:
                paste(image, icon, (round(rx0), round(cy - icon.height / 2)))
            if verdict[s]:
                text(d, (rx0 + 50, cy), fit_text(verdict[s], size=SIZE, width=rx1 - rx0 - 50, bold=True), size=SIZE,
                     fill=theme.text, anchor="lm", bold=True, role="text")
        y += pitch
    y += 6
    with within((x0, y, x1, y1)):
        for line in lines:
            text(d, (x0 + 4, y + SIZE / 2 + 2), fit_text(line, size=SIZE, width=x1 - x0 - 8), size=SIZE,
                 fill=theme.text, anchor="lm", role="text")
            y += SIZE + 10


def _reveal_notes(view: dict[str, Any], lang: str) -> list[str]:
    """The table's secrets once over: the diamonds set aside, the bag, the box at the end, the
    diamonds recovered; and the accusations in order."""
    reveal = view["reveal"]
    bag = (_say("mafia.render.bag", lang, token=_say(f"mafia.token.{reveal['bag']}", lang)) if reveal["bag"]
           else _say("mafia.render.no_bag", lang))
    lines = [" · ".join((_say("mafia.render.hidden", lang, count=reveal["hidden"] or 0), bag,
                         _say("mafia.render.recovered", lang, count=view["recovered"])))]
    if reveal.get("final"):
        lines.append(_say("mafia.render.final", lang, box=_box_words(reveal["final"], lang)))
    if view["accusations"]:
        lines.append(_say("mafia.render.accusations", lang, list=" · ".join(
            f"#{a['seat'] + 1} {_accusation_words(a, lang)}" for a in view["accusations"])))
    return lines


# --- one seat's private view --------------------------------------------------------------------


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
    title = (_say("mafia.private_image.holding", lang) if holding
             else _say("mafia.private.role", lang, role=_say(f"mafia.role.{role}", lang)) if role
             else _say("mafia.private.no_role", lang))
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
            _draw_box(image, d, shown, _say(caption, lang), box, lang, theme)
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
    count = _say("mafia.private_image.diamonds", lang, count=diamonds)
    text(d, (gx, y1 - 8), fit_text(count, size=30, width=5 * (gem + 4) + 40, bold=True), size=30, fill=theme.text,
         anchor="ld", bold=True, role="headline")
    ty = y0 + 42
    tokens = box["tokens"]
    if not tokens:
        text(d, (tx, ty), _say("mafia.token.none", lang), size=PRIVATE_SIZE + 4, fill=theme.text, anchor="la",
             role="text")
    for kind, k in tokens.items():
        fill = TOKEN_COLOURS.get(kind, theme.muted)
        d.ellipse([tx, ty + 2, tx + 28, ty + 30], fill=fill, outline=darker(fill, 0.5), width=2)
        words = f"{_say(f'mafia.token.{kind}', lang)} ×{k}"
        text(d, (tx + 38, ty + 16), fit_text(words, size=PRIVATE_SIZE + 4, width=x1 - 14 - tx - 38), size=PRIVATE_SIZE + 4,
             fill=theme.text, anchor="lm", role="text")
        ty += 36


def _private_lines(private: dict[str, Any], lang: str) -> list[str]:
    """What the seat knows besides the box drawn, and, holding the box, what it may do."""
    lines = []
    role = private.get("role")
    holding = "box" in private
    if holding and role:
        lines.append(_say("mafia.private.role", lang, role=_say(f"mafia.role.{role}", lang)))
    if "hidden" in private:
        lines.append(_say("mafia.private.hidden", lang, count=private["hidden"]))
    take = private.get("take")
    if take:
        if take["what"] == "diamonds":
            lines.append(_say("mafia.private.took_diamonds", lang, count=take["diamonds"]))
        else:
            lines.append(_say("mafia.private.took", lang, what=_say(f"mafia.token.{take['what']}", lang)))
    if private.get("bag"):
        lines.append(_say("mafia.private.bag", lang, token=_say(f"mafia.token.{private['bag']}", lang)))
    if "seen" in private and ("box" in private or "final" in private):  # the drawn box is another one
        lines.append(_say("mafia.private.seen", lang, box=_box_words(private["seen"], lang)))
    if holding:
        box = private["box"]
        if role == "godfather":
            lines.append(_say("mafia.private_image.hide", lang))
        elif not box["diamonds"] and not box["tokens"]:
            lines.append(_say("mafia.private_image.empty", lang))
        else:
            token = next(iter(box["tokens"]), "")
            key = "take" if box["diamonds"] and token else "take_token" if token else "take_diamonds"
            lines.append(_say(f"mafia.private_image.{key}", lang, token=token))
            if private.get("first"):
                lines.append(_say("mafia.private.may_bag", lang))
            if private.get("last"):
                lines.append(_say("mafia.private.may_nothing", lang))
    return lines
