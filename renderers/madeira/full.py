"""The Madeira full board (one click away): ``render_detail(view, names=, lang=)``. Every field,
building, city, colony, market, the City Watch, windmill, guild board and a panel per seat."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache, partial
from typing import Any

from PIL import Image, ImageDraw

from games.messages import translate
from renderers import frame, palettes
from renderers.common import (
    DEFAULT_THEME,
    Theme,
    darker,
    disc_sprite,
    encode_png,
    fit_text,
    ink_on,
    mix,
    on_canvas,
    paste,
    paste_centred,
    region,
    rounded_box_sprite,
    seat_mark,
    text,
    text_width,
    within,
    wrap_text,
)
from renderers.madeira.sprites import (
    BG,
    CARD,
    EDGE,
    FAINT,
    GOODS,
    GUILDS,
    INK,
    NEUTRAL,
    OFF,
    REGION,
    RGB,
    SEA,
    WOOD,
    _die_colours,
    _die_sprite,
    _icon_sprite,
)
from renderers.madeira.view import (
    _breakdown,
    _character_name,
    _check,
    _current_building,
    _decision,
    _last_target,
)

ROMAN = ("I", "II", "III", "IV", "V", "VI")

#: The full board's width in pixels; the base geometry below is for 1200 and scaled.
DETAIL_SIZE = 1600
BASE = 1200
MIN_SIZE, MAX_SIZE = 600, 2400


@dataclass(frozen=True)
class Layout:
    """Where the parts go on a full board ``width`` pixels wide (``k`` = width / 1200)."""

    width: int
    height: int
    k: float
    n: int

    def s(self, v: float) -> int:
        return round(v * self.k)

    def box(self, x: float, y: float, w: float, h: float) -> tuple[int, int, int, int]:
        return self.s(x), self.s(y), self.s(x + w), self.s(y + h)


# Base geometry (1200 px wide). Sections: header 0-44; islands and buildings 50-330; cities and
# colonies/markets 340-600; watch, windmill, guild board 610-770; panels 780-.
ISL_X, ISL_Y = 10, 52
FIELD_W, FIELD_H, FIELD_GAP = 88, 72, 6
BLD_X, BLD_Y, BLD_W, BLD_H, BLD_GAP = 596, 52, 114, 150, 5
CITY_X, CITY_Y, CITY_ROW = 10, 344, 84
DIST_W = 72
COL_X, COL_Y, COL_W = 596, 210, 196
MKT_X, MKT_Y = 596, 474
GB_Y = 612
PANEL_Y = 786
PANEL_H = 178


@lru_cache(maxsize=8)
def layout(size: int, n: int) -> Layout:
    k = size / BASE
    return Layout(width=size, height=round((PANEL_Y + PANEL_H + 10) * k), k=k, n=n)


def _font_px(lay: Layout, px: float) -> int:
    return max(12, round(px * lay.k))


def _t(d: ImageDraw.ImageDraw, lay: Layout, x: float, y: float, s: str, px: float, fill: RGB = INK,
       anchor: str = "la", **kw: Any) -> None:
    text(d, (lay.s(x), lay.s(y)), s, size=_font_px(lay, px), fill=fill, anchor=anchor, **kw)


def _tw(lay: Layout, s: str, px: float, bold: bool = False) -> float:
    """The width of ``s`` at base size ``px``, in base units."""
    return text_width(s, size=_font_px(lay, px), bold=bold) / lay.k


def _tfit(lay: Layout, s: str, px: float, width: float, bold: bool = False) -> str:
    return fit_text(s, size=_font_px(lay, px), width=width * lay.k, bold=bold)


def _tshrink(lay: Layout, s: str, px: float, width: float, smallest: float, bold: bool = False) -> tuple[str, float]:
    """``s`` at the largest base size from ``px`` down to ``smallest`` at which it fits ``width``
    whole (「ポルト・サント」, 「オレンジ」), cut with "…" at ``smallest`` only when none does."""
    size = px
    while size > smallest and _tw(lay, s, size, bold) > width:
        size -= 0.5
    return _tfit(lay, s, size, width, bold), size


def _twrap(d, lay: Layout, x: float, y: float, s: str, px: float, width: float, lines: int = 2,
           fill: RGB = INK, anchor: str = "mm", line_h: float | None = None) -> None:
    """``s`` in up to ``lines`` lines centred on (x, y) (base units)."""
    parts = wrap_text(s, size=_font_px(lay, px), width=width * lay.k, max_lines=lines)
    step = line_h or px * 1.2
    y -= (len(parts) - 1) * step / 2
    for part in parts:
        _t(d, lay, x, y, part, px, fill=fill, anchor=anchor)
        y += step


def _rect(d: ImageDraw.ImageDraw, lay: Layout, x, y, w, h, fill=None, outline=None, width=1, radius=0) -> None:
    box = lay.box(x, y, w, h)
    if radius:
        d.rounded_rectangle(box, radius=lay.s(radius), fill=fill, outline=outline, width=max(1, lay.s(width)))
    else:
        d.rectangle(box, fill=fill, outline=outline, width=max(1, lay.s(width)) if outline else 0)


def _within(lay: Layout, x: float, y: float, w: float, h: float):
    return within(lay.box(x, y, w, h))


class _Detail:
    def __init__(self, view: dict[str, Any], names: list[str], lang: str, theme: Theme, size: int) -> None:
        self.view, self.names, self.lang, self.theme = view, names, lang, theme
        self.lay = lay = layout(size, view["num_players"])
        self.img = Image.new("RGB", (lay.width, lay.height), BG)
        on_canvas(self.img)
        self.d = ImageDraw.Draw(self.img)
        self.colours = [theme.seat_colour(c) for c in view["colours"]]
        self.last = _last_target(view)

    def say(self, key: str, **params: Any) -> str:
        return translate(key, self.lang, **params)

    def word(self, group: str, key: str) -> str:
        return translate(f"madeira.{group}.{key}", self.lang)

    def mark(self, seat: int, x: float, y: float, r: float) -> None:
        lay = self.lay
        paste_centred(self.img, seat_mark(max(10, lay.s(2 * r)), seat, self.colours[seat]), (lay.s(x), lay.s(y)))

    def neutral(self, x: float, y: float, r: float) -> None:
        lay = self.lay
        dia = max(8, lay.s(2 * r))
        paste_centred(self.img, disc_sprite(dia, NEUTRAL, darker(NEUTRAL, 0.45)), (lay.s(x), lay.s(y)))

    def icon(self, kind: str, x: float, y: float, r: float = 7) -> None:
        lay = self.lay
        paste_centred(self.img, _icon_sprite(kind, max(8, lay.s(2 * r))), (lay.s(x), lay.s(y)))

    def die(self, x: float, y: float, size: float, value: int, frame_c: RGB, pirate: bool = False) -> None:
        lay = self.lay
        px = max(8, lay.s(size))
        paste(self.img, _die_sprite(px, value, *_die_colours(pirate, frame_c)), (lay.s(x), lay.s(y)))

    def _lit(self, kind: str, codes: set[str]) -> str | None:
        """The place of the last move when it is one of ``codes`` (of kind ``kind``)."""
        return self.last[1] if self.last and self.last[0] == kind and self.last[1] in codes else None

    def ring(self, x: float, y: float, w: float, h: float, radius: float = 6) -> None:
        lay = self.lay
        x0, y0, x1, y1 = lay.box(x - 3, y - 3, w + 6, h + 6)
        sprite = rounded_box_sprite(x1 - x0, y1 - y0, (0, 0, 0, 0), self.theme.highlight, max(3.0, lay.k * 4),
                                    lay.s(radius))
        paste(self.img, sprite, (x0, y0))

    def part(self, x: float, y: float, w: float, h: float, key: tuple[Any, ...], paint: Callable[[], None]) -> None:
        """``paint()``, which draws only inside the box ``x, y, w, h`` (base units, its edge
        included), or what it drew there before with the same ``key`` (what it shows): most parts
        of the board come back unchanged move after move (:func:`renderers.common.region`)."""
        x0, y0, x1, y1 = self.lay.box(x, y, w, h)
        region(self.img, (x0, y0, x1 + 1, y1 + 1),
               ("madeira.full", key, self.lang, self.theme, self.lay, tuple(self.colours)), paint)

    # -- the parts ---------------------------------------------------------------------------

    def draw(self) -> Image.Image:
        self.header()
        self.islands()
        self.buildings()
        self.cities()
        self.colonies()
        self.markets()
        self.watch_and_mill()
        self.guild_board()
        self.panels()
        return self.img

    def header(self) -> None:
        d, lay, view = self.d, self.lay, self.view
        with _within(lay, 0, 0, BASE, 46):
            _t(d, lay, 12, 22, f"{view['round']}/{view.get('rounds', 5)}", 22, anchor="lm", bold=True)
            # the five phases, then the current one over its pill (it covers the pill and its letter)
            self.part(64, 8, 4 * 30 + 26, 28, ("phases",), self._phases)
            if view["phase"] in tuple("ABCDE"):
                self._phase(view["phase"], True)
            last = view.get("last")
            right = BASE - 10
            if last and not view.get("result"):
                move = _tfit(lay, str(last["move"]), 18, 330, bold=True)
                w = _tw(lay, move, 18, bold=True)
                band = rounded_box_sprite(lay.s(w + 16), lay.s(30), self.theme.highlight + (120,),
                                          self.theme.highlight, 2.0, lay.s(8))
                paste(self.img, band, (lay.s(right - w - 8), lay.s(7)))
                _t(d, lay, right, 22, move, 18, anchor="rm", bold=True)
                seat = last.get("seat")
                if isinstance(seat, int) and 0 <= seat < len(self.colours):
                    self.mark(seat, right - w - 24, 22, 12)
                    right -= w + 40
                else:
                    right -= w + 16
                caption = self.say("board.last")
                _t(d, lay, right, 22, caption, 13, fill=FAINT, anchor="rm")
                right -= _tw(lay, caption, 13) + 14
            x = 220
            if view.get("result"):
                words = f"{self.say('board.game_over')} · {frame.outcome(view['result']['ranks'], self.names, self.lang)}"
                _t(d, lay, x, 22, _tfit(lay, words, 18, right - x, bold=True), 18, anchor="lm", bold=True)
                return
            for seat in view.get("to_act", [])[:1]:
                self.mark(seat, x + 12, 22, 12)
                x += 30
                who = self.say("board.to_play", player=self.names[seat])
                who = _tfit(lay, who, 16, max(120, min(300, (right - x) * 0.45)), bold=True)
                _t(d, lay, x, 22, who, 16, anchor="lm", bold=True)
                x += _tw(lay, who, 16, bold=True) + 10
                decision = _decision(view, self.lang)
                if decision and right - x > 60:
                    parts = wrap_text(decision, size=_font_px(lay, 13), width=(right - x) * lay.k, max_lines=2)
                    y = 22 - (len(parts) - 1) * 8
                    for part in parts:
                        _t(d, lay, x, y, part, 13, anchor="lm")
                        y += 16

    def _phases(self) -> None:
        for phase in "ABCDE":
            self._phase(phase, False)

    def _phase(self, phase: str, lit: bool) -> None:
        d, lay = self.d, self.lay
        x = 64 + "ABCDE".index(phase) * 30
        _rect(d, lay, x, 8, 26, 28, fill=INK if lit else CARD, outline=EDGE, radius=5)
        _t(d, lay, x + 13, 22, phase, 15, fill=(255, 255, 255) if lit else FAINT, anchor="mm", bold=lit)

    def islands(self) -> None:
        last = self.last if self.last and self.last[0] == "field" else None
        self.part(ISL_X, ISL_Y - 2, 578, 3 * (FIELD_H + 14) + 22, ("islands", _json(self.view["fields"]), last),
                  self._islands)

    def _islands(self) -> None:
        d, lay, view = self.d, self.lay, self.view
        with _within(lay, ISL_X, ISL_Y - 2, 578, 3 * (FIELD_H + 14) + 22):
            _rect(d, lay, ISL_X, ISL_Y - 2, 578, 3 * (FIELD_H + 14) + 22, fill=SEA, radius=8)
            for row, region in enumerate((1, 2, 3)):
                y = ISL_Y + 4 + row * (FIELD_H + 14) + 8
                _rect(d, lay, ISL_X + 4, y - 4, 26, FIELD_H + 8, fill=REGION[region], radius=5)
                _t(d, lay, ISL_X + 17, y + FIELD_H / 2, str(region), 20, anchor="mm", bold=True)
            spots = _field_boxes(view["fields"])
            for f in view["fields"]:
                x, y = spots[f["id"]]
                fill = GOODS.get(f["good"], GOODS[None]) if not f["forest"] else GOODS[None]
                if f["wood"] > 0 and not f["forest"]:
                    fill = mix(fill, WOOD, 0.45)
                _rect(d, lay, x, y, FIELD_W, FIELD_H, fill=fill, outline=darker(fill, 0.35), radius=6)
                ink = ink_on(fill)
                label = f["id"] if not f["forest"] else self.word("board", "forest")
                _t(d, lay, x + 6, y + 12, _tfit(lay, label, 15, FIELD_W - 40, bold=True), 15, fill=ink,
                   anchor="lm", bold=True)
                if f["wood"] > 0:
                    self.icon("wood", x + FIELD_W - 26, y + 12, 7)
                    _t(d, lay, x + FIELD_W - 6, y + 12, str(f["wood"]), 15, fill=ink, anchor="rm", bold=True)
                if f.get("convert_pending") and f.get("converts"):
                    self.icon("arrow", x + 12, y + 33, 6)
                    self.icon(f["converts"], x + 28, y + 33, 7)
                    _t(d, lay, x + 40, y + 33, self.say("madeira.board.round_short", round=f["convert_round"]), 12,
                       fill=ink, anchor="lm")
                for i, seat in enumerate(f["workers"][:4]):
                    self.mark(seat, x + 12 + i * 21, y + FIELD_H - 13, 9.5)
                if self.last and self.last[0] == "field" and self.last[1] == f["id"]:
                    self.ring(x, y, FIELD_W, FIELD_H)

    def buildings(self) -> None:
        current = _current_building(self.view)
        for b, bld in enumerate(self.view["buildings"]):
            x, y = BLD_X + b * (BLD_W + BLD_GAP), BLD_Y
            # the card only: the ring of the last move lies around it, clear of the next card
            self.part(x, y, BLD_W, BLD_H, ("building", _json(bld), current == b),
                      partial(self._building, bld, x, y, current == b))
            if self.last and self.last[0] == "building" and self.last[1] == b:
                self.ring(x, y, BLD_W, BLD_H)

    def _building(self, bld: dict[str, Any], x: float, y: float, current: bool) -> None:
        d, lay = self.d, self.lay
        with _within(lay, x - 4, y - 4, BLD_W + 8, BLD_H + 8):
            _rect(d, lay, x, y, BLD_W, BLD_H, fill=CARD, outline=EDGE, width=3 if current else 1, radius=6)
            _rect(d, lay, x, y, BLD_W, 36, fill=REGION[bld["region"]], radius=6)
            name = self.word("building", bld["id"])
            main, bracket, gloss = name.partition("(")
            if bracket and self.lang == "ja":  # 「税関」 on its line, the Portuguese smaller below it
                _t(d, lay, x + BLD_W / 2, y + 11, _tfit(lay, main.strip(), 12, BLD_W - 8), 12, anchor="mm")
                word, px = _tshrink(lay, bracket + gloss, 10, BLD_W - 8, 9)
                _t(d, lay, x + BLD_W / 2, y + 27, word, px, fill=FAINT, anchor="mm")
            else:
                _twrap(d, lay, x + BLD_W / 2, y + 18, name, 12, BLD_W - 8, 2, line_h=15)
            character = bld.get("character")
            if character:
                fill = (250, 236, 200) if bld["tile"] else (226, 226, 226)
                _rect(d, lay, x + 4, y + 40, BLD_W - 8, 34, fill=fill, outline=EDGE, radius=4)
                _t(d, lay, x + BLD_W / 2, y + 50, _tfit(lay, _character_name(character, self.lang), 12, BLD_W - 12),
                   12, anchor="mm", bold=True)
                _t(d, lay, x + BLD_W / 2, y + 65, character, 12, fill=FAINT, anchor="mm")
            for i, die in enumerate(bld["dice"][:8]):
                dx = x + 6 + (i % 4) * 26
                dy = y + 78 + (i // 4) * 26
                pirate = die["kind"] == "pirate"
                self.die(dx, dy, 22, die["value"], (20, 20, 20) if pirate else self.colours[die["seat"]], pirate)
                if isinstance(die.get("seat"), int):
                    self.mark(die["seat"], dx + 19, dy + 19, 6.5)
            for i, seat in enumerate(bld["markers"][:4]):
                self.mark(seat, x + 12 + i * 19, y + 118, 8.5)
            _t(d, lay, x + 6, y + BLD_H - 11, f"{bld['number']} · {ROMAN[bld['empty_round'] - 1]}", 12,
               fill=FAINT, anchor="lm")
            if bld.get("cost") is not None:
                self.icon("reals", x + BLD_W - 40, y + BLD_H - 11, 7)
                _t(d, lay, x + BLD_W - 6, y + BLD_H - 11, str(bld["cost"]), 15, anchor="rm", bold=True)

    def cities(self) -> None:
        for c, city in enumerate(self.view["cities"]):
            y0 = CITY_Y + 8 + c * CITY_ROW
            lit = self._lit("spot", {f"{city['id']}{spot + 1}" for spot in range(len(city["spots"]))})
            self.part(CITY_X, y0, 578, CITY_ROW - 6, ("city", _json(city), lit), partial(self._city, city, y0))

    def _city(self, city: dict[str, Any], y0: float) -> None:
        d, lay = self.d, self.lay
        with _within(lay, CITY_X, y0, 578, CITY_ROW - 6):
            _rect(d, lay, CITY_X, y0, 578, CITY_ROW - 6, fill=CARD, outline=EDGE, radius=6)
            _t(d, lay, CITY_X + 8, y0 + 16, city["id"], 20, anchor="lm", bold=True)
            word, px = _tshrink(lay, self.word("city", city["id"]), 12, 80, 10)
            _t(d, lay, CITY_X + 8, y0 + 36, word, px, fill=FAINT, anchor="lm")
            _t(d, lay, CITY_X + 8, y0 + 56, f"{city['urbanization'][0]}/{city['urbanization'][1]}", 12,
               fill=FAINT, anchor="lm")
            self.icon(city["income"], CITY_X + 66, y0 + 56, 7)
            for dist, district in enumerate(city["districts"]):
                x, y = CITY_X + 92 + dist * (DIST_W + 4), y0 + 26
                _rect(d, lay, x, y - 14, DIST_W, 54, outline=EDGE, radius=4)
                if not district["built"]:
                    gfill = GUILDS[district["guild"]]
                    _rect(d, lay, x + 2, y - 12, DIST_W - 4, 50, fill=gfill, outline=EDGE, radius=4)
                    ink = ink_on(gfill)
                    _t(d, lay, x + DIST_W / 2, y + 2, _tfit(lay, self.word("favor", district["favor"]), 12,
                                                            DIST_W - 6), 12, fill=ink, anchor="mm")
                    self.icon("wood", x + DIST_W / 2 - 10, y + 24, 6)
                    _t(d, lay, x + DIST_W / 2 + 2, y + 24, str(district["cost"]), 13, fill=ink, anchor="lm",
                       bold=True)
                    continue
                for k in range(2):
                    spot = dist * 2 + k
                    sx = x + 18 + k * 36
                    who = city["spots"][spot]
                    code = f"{city['id']}{spot + 1}"
                    if who is None:
                        _rect(d, lay, sx - 13, y - 2, 26, 26, fill=(240, 238, 232), outline=(200, 196, 188),
                              radius=13)
                        _t(d, lay, sx, y + 11, str(spot + 1), 12, fill=FAINT, anchor="mm")
                    elif who == "neutral":
                        self.neutral(sx, y + 11, 12)
                    else:
                        self.mark(who, sx, y + 11, 12.5)
                    if self.last and self.last[0] == "spot" and self.last[1] == code:
                        self.ring(sx - 14, y - 3, 28, 28, 14)

    def colonies(self) -> None:
        for c, colony in enumerate(self.view["colonies"]):
            x = COL_X + c * (COL_W + 3)
            lit = self._lit("slot", {slot["code"] for slot in colony["slots"]})
            self.part(x, COL_Y, COL_W, 256, ("colony", _json(colony), lit), partial(self._colony, colony, x))

    def _colony(self, colony: dict[str, Any], x: float) -> None:
        d, lay = self.d, self.lay
        with _within(lay, x, COL_Y, COL_W, 256):
            _rect(d, lay, x, COL_Y, COL_W, 256, fill=CARD, outline=EDGE, radius=6)
            _t(d, lay, x + 8, COL_Y + 14, colony["id"], 16, anchor="lm", bold=True)
            self.icon(colony["good"], x + 36, COL_Y + 14, 7)
            _t(d, lay, x + 48, COL_Y + 14, _tfit(lay, self.word("colony", colony["id"]), 12, 70), 12, anchor="lm")
            _t(d, lay, x + COL_W - 8, COL_Y + 14, "/".join(str(v) for v in colony["pp"].values()), 12,
               fill=FAINT, anchor="rm")
            for seat, count in enumerate(colony["land"]):
                if count:
                    self.mark(seat, x + 16 + seat * 44, COL_Y + 46, 11)
                    _t(d, lay, x + 30 + seat * 44, COL_Y + 46, f"×{count}", 13, anchor="lm", bold=True)
            for k, slot in enumerate(colony["slots"]):
                sx, sy = x + 8 + k * 37, COL_Y + 76
                avail = slot["available"]
                _rect(d, lay, sx, sy, 33, 58, fill=(236, 244, 250) if avail else OFF, outline=EDGE, radius=4)
                _t(d, lay, sx + 16, sy + 9, slot["code"], 12, fill=FAINT, anchor="mm")
                self.icon("wine", sx + 9, sy + 48, 5)
                _t(d, lay, sx + 23, sy + 48, str(slot["wine"]), 12, anchor="mm")
                if not avail:
                    d.line([lay.s(sx + 3), lay.s(sy + 3), lay.s(sx + 30), lay.s(sy + 55)], fill=FAINT,
                           width=max(1, lay.s(2)))
                if slot["ship"] is not None:
                    self.mark(slot["ship"], sx + 16, sy + 29, 11)
                if self.last and self.last[0] == "slot" and self.last[1] == slot["code"]:
                    self.ring(sx, sy, 33, 58)
            _t(d, lay, x + 8, COL_Y + 150, self.say("madeira.board.rewards"), 12, fill=FAINT, anchor="lm")
            for i, reward in enumerate(colony["rewards"][:2]):
                _rect(d, lay, x + 8 + i * 92, COL_Y + 162, 86, 40, fill=(250, 240, 214), outline=EDGE, radius=4)
                _twrap(d, lay, x + 51 + i * 92, COL_Y + 182, self.word("reward", reward), 12, 80, 2, line_h=15)

    def markets(self) -> None:
        for m, market in enumerate(self.view["markets"]):
            y = MKT_Y + m * 44
            lit = self._lit("slot", {slot["code"] for slot in market["slots"]})
            self.part(MKT_X, y, 596, 40, ("market", _json(market), lit), partial(self._market, market, y))

    def _market(self, market: dict[str, Any], y: float) -> None:
        d, lay = self.d, self.lay
        with _within(lay, MKT_X, y, 596, 40):
            _rect(d, lay, MKT_X, y, 596, 40, fill=CARD, outline=EDGE, radius=6)
            _t(d, lay, MKT_X + 6, y + 13, market["id"], 15, anchor="lm", bold=True)
            self.icon(market["good"], MKT_X + 40, y + 13, 6)
            _t(d, lay, MKT_X + 6, y + 30, "/".join(str(v) for v in market["pp"].values()), 12, fill=FAINT,
               anchor="lm")
            for k, slot in enumerate(market["slots"]):
                sx = MKT_X + 58 + k * 104
                avail = slot["available"]
                _rect(d, lay, sx, y + 4, 100, 32, fill=(250, 244, 228) if avail else OFF, outline=EDGE, radius=4)
                options = slot["options"]
                _t(d, lay, sx + 4, y + 20, slot["code"], 12, fill=FAINT, anchor="lm")
                self.icon(market["good"], sx + 33, y + 20, 6)
                _t(d, lay, sx + 40, y + 20, "/".join(str(o[0]) for o in options), 13, anchor="lm")
                self.icon("reals", sx + 58, y + 20, 6)
                _t(d, lay, sx + 65, y + 20, "/".join(str(o[1]) for o in options), 13, anchor="lm")
                if not avail:
                    d.line([lay.s(sx + 3), lay.s(y + 7), lay.s(sx + 97), lay.s(y + 33)], fill=FAINT,
                           width=max(1, lay.s(2)))
                if slot["ship"] is not None:
                    self.mark(slot["ship"], sx + 88, y + 20, 10)
                if self.last and self.last[0] == "slot" and self.last[1] == slot["code"]:
                    self.ring(sx, y + 4, 100, 32)

    def watch_and_mill(self) -> None:
        view = self.view
        self.part(10, GB_Y, 250, 160, ("watch", tuple(view["pirate_dice"][:4]), tuple(view["watch"])), self._watch)
        self.part(266, GB_Y, 190, 160, ("mill", _json(view["windmill"]["levels"]),
                                        tuple(p["mill"] for p in view["players"])), self._mill)

    def _watch(self) -> None:
        d, lay, view = self.d, self.lay, self.view
        with _within(lay, 10, GB_Y, 250, 160):
            _rect(d, lay, 10, GB_Y, 250, 160, fill=CARD, outline=EDGE, radius=6)
            _t(d, lay, 18, GB_Y + 14, self.say("madeira.board.watch"), 13, anchor="lm", bold=True)
            for i, value in enumerate(view["pirate_dice"][:4]):
                self.die(130 + i * 30, GB_Y + 4, 22, value, (20, 20, 20), pirate=True)
            for seat, count in enumerate(view["watch"]):
                x = 22 + (seat % 2) * 118
                y = GB_Y + 56 + (seat // 2) * 46
                self.mark(seat, x + 10, y, 12)
                self.icon("worker", x + 34, y, 9)
                _t(d, lay, x + 46, y, str(count), 16, anchor="lm", bold=True)

    def _mill(self) -> None:
        d, lay, view = self.d, self.lay, self.view
        with _within(lay, 266, GB_Y, 190, 160):
            _rect(d, lay, 266, GB_Y, 190, 160, fill=CARD, outline=EDGE, radius=6)
            _t(d, lay, 274, GB_Y + 14, self.say("madeira.board.windmill"), 13, anchor="lm", bold=True)
            levels = view["windmill"]["levels"]
            for i, level in enumerate(levels):
                x = 282 + i * 24
                _rect(d, lay, x - 10, GB_Y + 30, 20, 20, fill=(236, 240, 246), outline=EDGE, radius=3)
                _t(d, lay, x, GB_Y + 40, str(level) if level else "-", 12, anchor="mm")
            for seat, player in enumerate(view["players"]):
                x = 282 + player["mill"] * 24
                self.mark(seat, x, GB_Y + 66 + seat * 23, 10)

    def guild_board(self) -> None:
        view = self.view
        last = self.last if self.last and self.last[0] in ("row", "pass") else None
        self.part(462, GB_Y, 728, 160, ("guilds", _json(view["rows"]), _json(view["passing"]), last),
                  self._guild_board)

    def _guild_board(self) -> None:
        d, lay, view = self.d, self.lay, self.view
        with _within(lay, 462, GB_Y, 728, 160):
            _rect(d, lay, 462, GB_Y, 728, 160, fill=CARD, outline=EDGE, radius=6)
            for r, row in enumerate(view["rows"]):
                y = GB_Y + 8 + r * 37
                _t(d, lay, 474, y + 16, str(r + 1), 16, anchor="lm", bold=True)
                for g, guild in enumerate(row["guilds"][:2]):
                    _rect(d, lay, 488 + g * 48, y + 5, 46, 24, fill=GUILDS[guild], outline=EDGE, radius=3)
                    word, px = _tshrink(lay, self.say(f"madeira.board.guild.{guild}"), 11, 44, 9)
                    _t(d, lay, 511 + g * 48, y + 17, word, px, fill=ink_on(GUILDS[guild]), anchor="mm")
                x = 488 + min(2, len(row["guilds"])) * 48 + 4
                if row["seat"] is not None:
                    self.mark(row["seat"], x + 14, y + 16, 12)
                else:
                    for i, value in enumerate(row["dice"][:3]):
                        self.die(x + i * 26, y + 5, 22, value, FAINT)
                for i, request in enumerate(row["requests"][:3]):
                    rx = 670 + i * 109
                    _rect(d, lay, rx, y + 3, 106, 30, fill=(250, 244, 230), outline=EDGE, radius=4)
                    _twrap(d, lay, rx + 53, y + 18, self.word("request", request), 11, 102, 2, line_h=12.5)
                if self.last and self.last[0] == "row" and self.last[1] == r:
                    self.ring(466, y + 1, 200, 32)
            _t(d, lay, 1008, GB_Y + 2 + 8 * 0, "", 12)
            for pos, slot in enumerate(view["passing"]):
                y = GB_Y + 8 + pos * 37
                _rect(d, lay, 1000, y + 2, 184, 32, fill=(244, 240, 230), outline=EDGE, radius=4)
                _t(d, lay, 1006, y + 11, slot["slot"], 13, anchor="lm", bold=True)
                self.icon("reals", 1040, y + 11, 6)
                _t(d, lay, 1049, y + 11, str(slot["reals"]), 12, anchor="lm")
                if slot["action"]:
                    _t(d, lay, 1006, y + 27, _tfit(lay, self.say(f"madeira.board.pass.{slot['action']}"), 11, 146),
                       11, fill=FAINT, anchor="lm")
                if slot["seat"] is not None:
                    self.mark(slot["seat"], 1168, y + 18, 12)
                if self.last and self.last[0] == "pass" and self.last[1] == pos:
                    self.ring(1000, y + 2, 184, 32)

    def panels(self) -> None:
        view = self.view
        players = view["players"]
        n = len(players)
        width = (BASE - 20 - (n - 1) * 6) / n
        result = view.get("result")
        to_act = set(view.get("to_act", []))
        for seat, p in enumerate(players):
            x = 10 + seat * (width + 6)
            acting = seat in to_act
            passed = bool(p["passed"]) and view["phase"] == "B"
            self.part(x, PANEL_Y, width, PANEL_H, ("panel", seat, _json(p), _json(result), acting, passed,
                                                   self.names[seat]),
                      partial(self._panel, seat, p, x, width, result, acting, passed))

    def _panel(self, seat: int, p: dict[str, Any], x: float, width: float, result: dict[str, Any] | None,
               acting: bool, passed: bool) -> None:
        d, lay = self.d, self.lay
        y = PANEL_Y
        colour = self.colours[seat]
        with _within(lay, x, y, width, PANEL_H):
            _rect(d, lay, x, y, width, PANEL_H, fill=CARD, outline=INK if acting else EDGE,
                  width=3 if acting else 1, radius=8)
            _rect(d, lay, x, y, width, 30, fill=colour, radius=8)
            ink = ink_on(colour)
            self.mark(seat, x + 16, y + 15, 12)
            score = str(p["pp"])
            sw = _tw(lay, score, 18, bold=True)
            _t(d, lay, x + width - 8, y + 15, score, 18, fill=ink, anchor="rm", bold=True)
            self.icon("pp", x + width - 18 - sw, y + 15, 9)
            tag = ""
            if result:
                tag = self.say("board.rank", rank=result["ranks"][seat])
            elif passed:
                tag = self.say("madeira.board.passed")
            room = width - 44 - sw - 30
            name = self.names[seat] if not tag else f"{tag} {self.names[seat]}"
            _t(d, lay, x + 32, y + 15, _tfit(lay, name, 15, room, bold=True), 15, fill=ink, anchor="lm", bold=True)
            row1 = [("reals", p["reals"]), ("wheat", p["wheat"]), ("sugar", p["sugar"]), ("wine", p["wine"])]
            row2 = [("wood", p["wood"]), ("bread", p["bread"]), ("ship", f"{p['ships']}+{p['ships_on_board']}"),
                    ("worker", f"{p['workers']}+{p['on_board']}")]
            step = (width - 12) / 4
            for i, (kind, value) in enumerate(row1):
                cx = x + 14 + i * step
                self.icon(kind, cx, y + 45, 8)
                _t(d, lay, cx + 11, y + 45, str(value), 15, anchor="lm", bold=True)
            for i, (kind, value) in enumerate(row2):
                cx = x + 14 + i * step
                self.icon(kind, cx, y + 68, 8)
                _t(d, lay, cx + 11, y + 68, _tfit(lay, str(value), 14, step - 14, bold=True), 14, anchor="lm",
                   bold=True)
            self.icon("marker", x + 14, y + 92, 7)
            _t(d, lay, x + 24, y + 92, str(p["markers"]), 14, anchor="lm", bold=True)
            for i, value in enumerate(p["dice"][:4]):
                self.die(x + 42 + i * 21, y + 83, 18, value, colour)
            feeds = self.say("madeira.board.feeds", count=p["mill_feeds"])
            fw = _tw(lay, feeds, 12)
            _t(d, lay, x + width - 8, y + 92, feeds, 12, fill=FAINT, anchor="rm")
            self.icon("mill", x + width - 18 - fw, y + 92, 8)
            # favors: face up filled, face down outlined, names in the server's language
            favors = p["favors"]
            per_row = 3 if width < 260 else 4
            chip = (width - 12 - (per_row - 1) * 3) / per_row
            for i, favor in enumerate(favors[: per_row * 2]):
                fx = x + 6 + (i % per_row) * (chip + 3)
                fy = y + 104 + (i // per_row) * 20
                gfill = GUILDS[favor["guild"]]
                _rect(d, lay, fx, fy, chip, 18, fill=gfill if favor["up"] else CARD,
                      outline=darker(gfill, 0.3), width=2, radius=3)
                _t(d, lay, fx + chip / 2, fy + 9, _tfit(lay, self.word("favor", favor["id"]), 11, chip - 4),
                   11, fill=ink_on(gfill) if favor["up"] else INK, anchor="mm")
            # Crown's Requests in hand
            ry = y + 148
            rx = x + 6
            for request in p["requests"][:3]:
                rw = (width - 12) / 3 - 3
                _rect(d, lay, rx, ry - 4, rw, 30, fill=(250, 244, 230), outline=EDGE, radius=4)
                _twrap(d, lay, rx + rw / 2, ry + 11, self.word("request", request), 11, rw - 4, 2, line_h=12.5)
                rx += rw + 3
            if result:
                # the final scoring revealed: pirates and their penalty
                _rect(d, lay, x + 4, y + 124, width - 8, 50, fill=(244, 240, 230), outline=EDGE, radius=4)
                lines = _breakdown(result, seat, self.lang)
                _t(d, lay, x + 10, y + 137, _tfit(lay, lines[1], 12, width - 20), 12, anchor="lm")
                _t(d, lay, x + 10, y + 161, _tfit(lay, lines[2], 12, width - 20), 12, anchor="lm")



def _json(value: Any) -> str:
    """A part of a view as a cache key (what a part of the board shows): its ``repr``. The engine
    builds its views in one order; a view in another order would only miss the cache.
    """
    return repr(value)


def _field_boxes(fields: list[dict[str, Any]]) -> dict[str, tuple[float, float]]:
    """Top-left corner of each field tile: one row per region, the Forest after region 1."""
    spots: dict[str, tuple[float, float]] = {}
    rows = {1: 0, 2: 1, 3: 2}
    used = {0: 0, 1: 0, 2: 0}
    for f in fields:
        row = 0 if f["forest"] else rows[f["region"]]
        col = used[row]
        used[row] += 1
        spots[f["id"]] = (ISL_X + 34 + col * (FIELD_W + FIELD_GAP), ISL_Y + 4 + row * (FIELD_H + 14) + 8)
    return spots


def draw_detail(view: dict[str, Any], *, names: list[str] | None = None, lang: str = "en",
                theme: Theme = DEFAULT_THEME, size: int = DETAIL_SIZE) -> Image.Image:
    """The full board of ``view`` (an RGB image ``size`` pixels wide)."""
    _check(view)
    if not isinstance(size, int) or not MIN_SIZE <= size <= MAX_SIZE:
        raise ValueError(f"size must be {MIN_SIZE}-{MAX_SIZE} pixels, not {size!r}")
    return _Detail(view, frame.player_names(names, view["num_players"], lang), lang, theme, size).draw()


def render_detail(view: dict[str, Any], *, names: list[str] | None = None, lang: str = "en",
                  theme: Theme = DEFAULT_THEME, size: int = DETAIL_SIZE) -> bytes:
    """The full board (PNG bytes), one click away from the summary: every field, building, city,
    colony, market, the guild board and each seat's panel."""
    return encode_png(draw_detail(view, names=names, lang=lang, theme=theme, size=size),
                      palette=palettes.fixed("madeira.full", theme))
