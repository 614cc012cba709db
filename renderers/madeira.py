"""The Madeira board image, drawn from a view only (``Madeira.view(state, seat)``).

``render(view, size=1200)`` returns PNG bytes ``size`` pixels wide; :func:`draw` the image. What
it shows, with icons, numbers and the notation's own codes (so it needs no translation):

- a header: the round (of 5), the phase track A-E with the current phase lit, and the seat asked;
- the islands: regions 1-3 and the Forest, each field tinted by its current good, with its code
  (``2a``), its wood, the good it will turn into, and the workers on it;
- the five buildings in Phase C order: region, the round it stays empty, the character on it (or
  the printed Harvest +1 character), the dice on the character (guild dice framed in the owner's
  colour, the pirate die black), the action markers, and the cost once there are dice;
- the three cities: districts with their two spots (workers, white neutral citizens), unbuilt
  districts with their favor and wood cost, the Urbanization values;
- the colonies: Colony Land workers, landing slots with their wine cost and ships, the two King's
  Rewards, the Expeditions PP by round; the markets: slots with cost and reals, ships, PP by round;
- the City Watch (pirate dice, workers per seat) and the windmill (levels, a disc per seat);
- the guild board: the Dice Column rows (guilds, dice or the seat that took them, requests left)
  and the Passing Column (slots with reals and action, the seat on each);
- one compact panel per seat: PP, reals, goods, wood, bread, ships and workers at Home and on the
  board, action markers, unused dice, favors face up (filled) or down (outlined), requests, the
  windmill level, passed; at the end the rank, a crown for the winner and the revealed pirates.

Pirate totals are not in a public view, so they cannot appear (a seat's own view draws the same
public picture: :func:`draw` never reads ``private``).

Speed: the frames, labels and fixed numbers are drawn once per size and player count and copied;
a render draws only the pieces, with cached sprites.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from renderers.common import crown_sprite, darker, disc_sprite, encode_png, mix, text

__all__ = ["render", "draw", "layout", "Layout"]

RGB = tuple[int, int, int]
BASE = 1200
MIN_SIZE, MAX_SIZE = 600, 2400

SEATS: dict[str, RGB] = {"yellow": (236, 184, 20), "red": (212, 52, 48), "purple": (136, 78, 196),
                         "blue": (40, 104, 212)}
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
FAINT: RGB = (150, 146, 140)
LIT: RGB = (196, 84, 255)
OFF: RGB = (210, 210, 210)        # a slot not in play with this many players
REGION: dict[int, RGB] = {1: (214, 226, 170), 2: (196, 220, 160), 3: (178, 208, 150), 0: (120, 170, 110)}
ROMAN = ("I", "II", "III", "IV", "V", "VI")


@dataclass(frozen=True)
class Layout:
    """Where the parts go on an image ``width`` pixels wide (``k`` = width / 1200)."""

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
    return max(8, round(px * lay.k))


def _t(d: ImageDraw.ImageDraw, lay: Layout, x: float, y: float, s: str, px: float, fill: RGB = INK,
       anchor: str = "la", **kw) -> None:
    text(d, (lay.s(x), lay.s(y)), s, size=_font_px(lay, px), fill=fill, anchor=anchor, **kw)


def _rect(d: ImageDraw.ImageDraw, lay: Layout, x, y, w, h, fill=None, outline=None, width=1, radius=0) -> None:
    box = lay.box(x, y, w, h)
    if radius:
        d.rounded_rectangle(box, radius=lay.s(radius), fill=fill, outline=outline, width=max(1, lay.s(width)))
    else:
        d.rectangle(box, fill=fill, outline=outline, width=max(1, lay.s(width)) if outline else 0)


def _disc(img: Image.Image, lay: Layout, x: float, y: float, r: float, fill: RGB, label: str = "",
          edge: RGB | None = None) -> None:
    dia = max(6, lay.s(2 * r))
    sprite = disc_sprite(dia, fill, edge or darker(fill, 0.45), label,
                         INK if sum(fill) > 560 else (255, 255, 255))
    img.paste(sprite, (lay.s(x) - dia // 2, lay.s(y) - dia // 2), sprite)


@lru_cache(maxsize=256)
def _die_sprite(px: int, value: int, face: RGB, frame: RGB, pip: RGB) -> Image.Image:
    from renderers.common import supersampled

    def paint(d: ImageDraw.ImageDraw, k: float) -> None:
        w = px * k
        m = max(1.0, px * 0.1) * k
        d.rounded_rectangle([0, 0, w - 1, w - 1], radius=w * 0.2, fill=frame)
        d.rounded_rectangle([m, m, w - 1 - m, w - 1 - m], radius=w * 0.16, fill=face)
        r = w * 0.09
        spots = {1: [(0.5, 0.5)], 2: [(0.3, 0.3), (0.7, 0.7)], 3: [(0.28, 0.28), (0.5, 0.5), (0.72, 0.72)],
                 4: [(0.3, 0.3), (0.7, 0.3), (0.3, 0.7), (0.7, 0.7)],
                 5: [(0.3, 0.3), (0.7, 0.3), (0.5, 0.5), (0.3, 0.7), (0.7, 0.7)],
                 6: [(0.3, 0.26), (0.7, 0.26), (0.3, 0.5), (0.7, 0.5), (0.3, 0.74), (0.7, 0.74)]}[value]
        for fx, fy in spots:
            d.ellipse([w * fx - r, w * fy - r, w * fx + r, w * fy + r], fill=pip)
    return supersampled(px, px, paint)


def _die(img: Image.Image, lay: Layout, x: float, y: float, size: float, value: int, frame: RGB,
         pirate: bool = False) -> None:
    px = max(8, lay.s(size))
    face, pip = ((36, 36, 40), (250, 250, 250)) if pirate else ((252, 252, 250), (30, 30, 30))
    sprite = _die_sprite(px, max(1, min(6, int(value))), face, frame, pip)
    img.paste(sprite, (lay.s(x), lay.s(y)), sprite)


def _icon(d: ImageDraw.ImageDraw, lay: Layout, kind: str, x: float, y: float, r: float = 7) -> None:
    """A small resource icon centred at (x, y)."""
    s = lay.s
    cx, cy, rr = s(x), s(y), max(3, s(r))
    if kind == "wheat":
        d.ellipse([cx - rr * 0.6, cy - rr, cx + rr * 0.6, cy + rr], fill=GOODS["wheat"], outline=darker(GOODS["wheat"]))
    elif kind == "sugar":
        d.rectangle([cx - rr * 0.8, cy - rr * 0.8, cx + rr * 0.8, cy + rr * 0.8], fill=GOODS["sugar"], outline=FAINT)
    elif kind == "wine":
        d.ellipse([cx - rr * 0.8, cy - rr * 0.8, cx + rr * 0.8, cy + rr * 0.8], fill=GOODS["wine"],
                  outline=darker(GOODS["wine"]))
    elif kind == "wood":
        d.rectangle([cx - rr, cy - rr * 0.45, cx + rr, cy + rr * 0.45], fill=WOOD, outline=darker(WOOD))
    elif kind == "bread":
        d.rounded_rectangle([cx - rr, cy - rr * 0.6, cx + rr, cy + rr * 0.6], radius=rr * 0.5, fill=BREAD,
                            outline=darker(BREAD))
    elif kind == "reals":
        d.ellipse([cx - rr * 0.85, cy - rr * 0.85, cx + rr * 0.85, cy + rr * 0.85], fill=COIN, outline=darker(COIN))
    elif kind == "pp":
        pts = []
        import math
        for i in range(10):
            ang = -math.pi / 2 + i * math.pi / 5
            rad = rr if i % 2 == 0 else rr * 0.45
            pts.append((cx + rad * math.cos(ang), cy + rad * math.sin(ang)))
        d.polygon(pts, fill=(250, 210, 60), outline=(150, 110, 10))
    elif kind == "ship":
        d.polygon([(cx - rr, cy), (cx + rr, cy), (cx + rr * 0.6, cy + rr * 0.6), (cx - rr * 0.6, cy + rr * 0.6)],
                  fill=(110, 80, 50))
        d.polygon([(cx - rr * 0.1, cy - rr), (cx - rr * 0.1, cy - rr * 0.1), (cx + rr * 0.6, cy - rr * 0.1)],
                  fill=(240, 240, 240), outline=FAINT)
    elif kind == "worker":
        d.ellipse([cx - rr * 0.45, cy - rr, cx + rr * 0.45, cy - rr * 0.1], fill=FAINT)
        d.rounded_rectangle([cx - rr * 0.7, cy - rr * 0.05, cx + rr * 0.7, cy + rr], radius=rr * 0.3, fill=FAINT)
    elif kind == "marker":
        d.rectangle([cx - rr * 0.7, cy - rr * 0.7, cx + rr * 0.7, cy + rr * 0.7], fill=FAINT, outline=INK)


# -- geometry of the board parts ------------------------------------------------------------


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


def _building_box(b: int) -> tuple[float, float]:
    return BLD_X + b * (BLD_W + BLD_GAP) - 0, BLD_Y


def _district_box(c: int, dist: int) -> tuple[float, float]:
    return CITY_X + 92 + dist * (DIST_W + 4), CITY_Y + 8 + c * CITY_ROW + 18


# -- the static layer -----------------------------------------------------------------------


@lru_cache(maxsize=8)
def _base(size: int, n: int, skeleton: tuple) -> Image.Image:
    """Frames and fixed labels for a player count (``skeleton`` holds the fixed board numbers)."""
    lay = layout(size, n)
    img = Image.new("RGB", (lay.width, lay.height), BG)
    d = ImageDraw.Draw(img)
    fields, buildings, cities, colonies, markets, levels, passing, rows = skeleton
    # Islands: sea, one band per region.
    _rect(d, lay, ISL_X, ISL_Y - 2, 578, 3 * (FIELD_H + 14) + 22, fill=SEA, radius=8)
    for row, region in enumerate((1, 2, 3)):
        y = ISL_Y + 4 + row * (FIELD_H + 14) + 8
        _rect(d, lay, ISL_X + 4, y - 4, 26, FIELD_H + 8, fill=REGION[region], radius=5)
        _t(d, lay, ISL_X + 17, y + FIELD_H / 2, str(region), 20, anchor="mm")
    # Buildings: cards.
    for b, (bid, number, region, empty) in enumerate(buildings):
        x, y = _building_box(b)
        _rect(d, lay, x, y, BLD_W, BLD_H, fill=CARD, outline=EDGE, radius=6)
        _rect(d, lay, x, y, BLD_W, 22, fill=REGION[region], radius=6)
        _t(d, lay, x + 6, y + 11, f"{number}", 16, anchor="lm")
        _t(d, lay, x + BLD_W / 2 + 6, y + 11, bid, 13, anchor="mm")
        _t(d, lay, x + BLD_W - 6, y + 11, ROMAN[empty - 1], 11, fill=FAINT, anchor="rm")
        _t(d, lay, x + 6, y + BLD_H - 12, f"R{region}", 11, fill=FAINT, anchor="lm")
    # Cities.
    for c, (cid, urban, income, costs) in enumerate(cities):
        y0 = CITY_Y + 8 + c * CITY_ROW
        _rect(d, lay, CITY_X, y0, 578, CITY_ROW - 6, fill=CARD, outline=EDGE, radius=6)
        _t(d, lay, CITY_X + 8, y0 + 22, cid, 22, anchor="lm")
        _t(d, lay, CITY_X + 8, y0 + 48, f"{urban[0]}/{urban[1]}", 13, fill=FAINT, anchor="lm")
        _icon(d, lay, income, CITY_X + 70, y0 + 48, 7)
        for dist in range(len(costs)):
            x, y = _district_box(c, dist)
            _rect(d, lay, x, y - 14, DIST_W, 54, outline=EDGE, radius=4)
            _t(d, lay, x + 4, y - 7, f"{dist + 1}", 10, fill=FAINT, anchor="lm")
    # Colonies.
    for c, (cid, good, pp, slots) in enumerate(colonies):
        x = COL_X + c * (COL_W + 3)
        _rect(d, lay, x, COL_Y, COL_W, 256, fill=CARD, outline=EDGE, radius=6)
        _t(d, lay, x + 8, COL_Y + 14, cid, 18, anchor="lm")
        _icon(d, lay, good, x + 44, COL_Y + 14, 7)
        _t(d, lay, x + COL_W - 8, COL_Y + 14, "/".join(str(v) for v in pp), 12, fill=FAINT, anchor="rm")
        for k, (wine, available) in enumerate(slots):
            sx, sy = x + 8 + k * 37, COL_Y + 76
            _rect(d, lay, sx, sy, 33, 58, fill=(236, 244, 250) if available else OFF, outline=EDGE, radius=4)
            _t(d, lay, sx + 16, sy + 8, f"{cid}{k + 1}", 10, fill=FAINT, anchor="mm")
            _icon(d, lay, "wine", sx + 10, sy + 48, 5)
            _t(d, lay, sx + 22, sy + 48, str(wine), 13, anchor="mm")
            if not available:
                d.line([lay.s(sx + 3), lay.s(sy + 3), lay.s(sx + 30), lay.s(sy + 55)], fill=FAINT,
                       width=max(1, lay.s(2)))
    # Markets.
    for m, (mid, good, pp, slots) in enumerate(markets):
        y = MKT_Y + m * 44
        _rect(d, lay, MKT_X, y, 596, 40, fill=CARD, outline=EDGE, radius=6)
        _t(d, lay, MKT_X + 6, y + 14, mid, 15, anchor="lm")
        _icon(d, lay, good, MKT_X + 40, y + 14, 6)
        _t(d, lay, MKT_X + 6, y + 31, "/".join(str(v) for v in pp), 10, fill=FAINT, anchor="lm")
        for k, (options, available) in enumerate(slots):
            sx = MKT_X + 58 + k * 104
            _rect(d, lay, sx, y + 4, 100, 32, fill=(250, 244, 228) if available else OFF, outline=EDGE, radius=4)
            cost, reward = options[0]
            _icon(d, lay, good, sx + 10, y + 20, 6)
            _t(d, lay, sx + 19, y + 20, str(cost) if len(options) == 1 else "/".join(str(o[0]) for o in options),
               14, anchor="lm")
            _icon(d, lay, "reals", sx + 44, y + 20, 6)
            _t(d, lay, sx + 53, y + 20, str(reward) if len(options) == 1 else "/".join(str(o[1]) for o in options),
               14, anchor="lm")
            if not available:
                d.line([lay.s(sx + 3), lay.s(y + 7), lay.s(sx + 97), lay.s(y + 33)], fill=FAINT, width=max(1, lay.s(2)))
    # City Watch and windmill frames.
    _rect(d, lay, 10, GB_Y, 250, 160, fill=CARD, outline=EDGE, radius=6)
    _t(d, lay, 18, GB_Y + 14, "watch", 14, anchor="lm")
    _rect(d, lay, 266, GB_Y, 190, 160, fill=CARD, outline=EDGE, radius=6)
    _t(d, lay, 274, GB_Y + 14, "mill", 14, anchor="lm")
    for i, level in enumerate(levels):
        x = 282 + i * 24
        _rect(d, lay, x - 10, GB_Y + 30, 20, 20, fill=(236, 240, 246), outline=EDGE, radius=3)
        _t(d, lay, x, GB_Y + 40, str(level) if level else "-", 12, anchor="mm")
    # Guild board: dice rows and passing column.
    _rect(d, lay, 462, GB_Y, 728, 160, fill=CARD, outline=EDGE, radius=6)
    for r, guilds in enumerate(rows):
        y = GB_Y + 8 + r * 37
        _t(d, lay, 472, y + 16, str(r + 1), 15, anchor="lm")
        for g, guild in enumerate(guilds):
            _rect(d, lay, 488 + g * 14, y + 5, 12, 22, fill=GUILDS[guild], outline=EDGE, radius=2)
    _t(d, lay, 1018, GB_Y + 12, "pass", 11, fill=FAINT, anchor="lm")
    for pos, (name, reals, action) in enumerate(passing):
        y = GB_Y + 8 + pos * 37
        _rect(d, lay, 1010, y + 2, 172, 30, fill=(244, 240, 230), outline=EDGE, radius=4)
        _t(d, lay, 1018, y + 17, name, 13, anchor="lm")
        _icon(d, lay, "reals", 1060, y + 17, 7)
        _t(d, lay, 1071, y + 17, str(reals), 13, anchor="lm")
        if action:
            _t(d, lay, 1090, y + 17, f"/ {action}", 12, fill=FAINT, anchor="lm")
    return img


def _skeleton(view: dict[str, Any]) -> tuple:
    return (
        tuple(f["id"] for f in view["fields"]),
        tuple((b["id"], b["number"], b["region"], b["empty_round"]) for b in view["buildings"]),
        tuple((c["id"], tuple(c["urbanization"]), c["income"], tuple(d["cost"] for d in c["districts"]))
              for c in view["cities"]),
        tuple((c["id"], c["good"], tuple(c["pp"].values()), tuple((s["wine"], s["available"]) for s in c["slots"]))
              for c in view["colonies"]),
        tuple((m["id"], m["good"], tuple(m["pp"].values()),
               tuple((tuple(tuple(o) for o in s["options"]), s["available"]) for s in m["slots"]))
              for m in view["markets"]),
        tuple(view["windmill"]["levels"]),
        tuple((p["slot"], p["reals"], p["action"]) for p in view["passing"]),
        tuple(tuple(r["guilds"]) for r in view["rows"]),
    )


# -- drawing --------------------------------------------------------------------------------


REQUIRED = ("game", "num_players", "round", "phase", "fields", "buildings", "cities", "colonies", "markets",
            "players", "rows", "passing", "watch", "pirate_dice", "windmill", "colours")


def draw(view: dict[str, Any], size: int = BASE) -> Image.Image:
    """The board image of ``view`` (an RGB image ``size`` pixels wide)."""
    if not isinstance(view, dict) or view.get("game") != "madeira":
        raise ValueError("not a Madeira view")
    missing = [key for key in REQUIRED if key not in view]
    if missing:
        raise ValueError(f"the view lacks {', '.join(missing)}")
    if not isinstance(size, int) or not MIN_SIZE <= size <= MAX_SIZE:
        raise ValueError(f"size must be {MIN_SIZE}-{MAX_SIZE} pixels, not {size!r}")
    n = view["num_players"]
    lay = layout(size, n)
    img = _base(size, n, _skeleton(view)).copy()
    d = ImageDraw.Draw(img)
    colours = [SEATS[c] for c in view["colours"]]
    _header(img, d, lay, view, colours)
    _islands(img, d, lay, view, colours)
    _buildings(img, d, lay, view, colours)
    _cities(img, d, lay, view, colours)
    _colonies(img, d, lay, view, colours)
    _markets(img, d, lay, view, colours)
    _watch_and_mill(img, d, lay, view, colours)
    _guild_board(img, d, lay, view, colours)
    _panels(img, d, lay, view, colours)
    return img


def render(view: dict[str, Any], size: int = BASE) -> bytes:
    return encode_png(draw(view, size))


def _header(img, d, lay, view, colours) -> None:
    _t(d, lay, 14, 22, f"R{view['round']}/{view.get('rounds', 5)}", 24, anchor="lm")
    phases = ["A", "B", "C", "D", "E"]
    for i, phase in enumerate(phases):
        x = 110 + i * 34
        lit = view["phase"] == phase
        _rect(d, lay, x, 8, 30, 28, fill=LIT if lit else CARD, outline=EDGE, radius=5)
        _t(d, lay, x + 15, 22, phase, 17, fill=(255, 255, 255) if lit else FAINT, anchor="mm")
    if view.get("finished"):
        _t(d, lay, 300, 22, "END", 18, anchor="lm")
    for seat in view.get("to_act", []):
        d.polygon([(lay.s(300), lay.s(12)), (lay.s(316), lay.s(22)), (lay.s(300), lay.s(32))], fill=colours[seat])
        _disc(img, lay, 334, 22, 13, colours[seat], str(seat + 1))
        prompt = view.get("prompt") or {}
        _t(d, lay, 354, 22, prompt.get("kind", ""), 13, fill=FAINT, anchor="lm")
    last = view.get("last")
    if last:
        _t(d, lay, 1190, 22, f"{last['seat'] + 1}: {last['move']}", 15, fill=FAINT, anchor="rm")


def _workers_row(img, lay, x, y, seats, colours, r=8.5, step=19) -> None:
    for i, seat in enumerate(seats):
        _disc(img, lay, x + i * step, y, r, colours[seat] if seat != "neutral" else NEUTRAL)


def _islands(img, d, lay, view, colours) -> None:
    spots = _field_boxes(view["fields"])
    for f in view["fields"]:
        x, y = spots[f["id"]]
        fill = GOODS.get(f["good"], GOODS[None]) if not f["forest"] else GOODS[None]
        if f["wood"] > 0 and not f["forest"]:
            fill = mix(fill, WOOD, 0.45)
        _rect(d, lay, x, y, FIELD_W, FIELD_H, fill=fill, outline=darker(fill, 0.35), radius=6)
        dark = sum(fill) < 400
        ink = (255, 255, 255) if dark else INK
        _t(d, lay, x + 6, y + 12, f["id"] if not f["forest"] else "forest", 16, fill=ink, anchor="lm")
        if f["wood"] > 0:
            _icon(d, lay, "wood", x + FIELD_W - 26, y + 12, 7)
            _t(d, lay, x + FIELD_W - 8, y + 12, str(f["wood"]), 16, fill=ink, anchor="rm", stroke_width=0)
        if f.get("convert_pending"):
            _t(d, lay, x + 6, y + 32, f"R{f['convert_round']}>", 12, fill=ink, anchor="lm")
            _icon(d, lay, f["converts"], x + 40, y + 32, 6)
        _workers_row(img, lay, x + 12, y + FIELD_H - 14, f["workers"], colours)


def _buildings(img, d, lay, view, colours) -> None:
    for b, bld in enumerate(view["buildings"]):
        x, y = _building_box(b)
        character = bld.get("character")
        if character:
            fill = (250, 236, 200) if bld["tile"] else (226, 226, 226)
            _rect(d, lay, x + 4, y + 26, BLD_W - 8, 24, fill=fill, outline=EDGE, radius=4)
            _t(d, lay, x + BLD_W / 2, y + 38, character, 15, anchor="mm")
        for i, die in enumerate(bld["dice"]):
            dx = x + 6 + (i % 4) * 26
            dy = y + 56 + (i // 4) * 26
            pirate = die["kind"] == "pirate"
            frame = (20, 20, 20) if pirate else colours[die["seat"]]
            _die(img, lay, dx, dy, 24, die["value"], frame, pirate)
        for i, seat in enumerate(bld["markers"]):
            mx = x + 8 + i * 17
            _rect(d, lay, mx, y + 90, 14, 14, fill=colours[seat], outline=darker(colours[seat]))
        if bld.get("cost") is not None:
            _icon(d, lay, "reals", x + BLD_W - 44, y + BLD_H - 12, 7)
            _t(d, lay, x + BLD_W - 34, y + BLD_H - 12, str(bld["cost"]), 16, anchor="lm")


def _cities(img, d, lay, view, colours) -> None:
    for c, city in enumerate(view["cities"]):
        for dist, district in enumerate(city["districts"]):
            x, y = _district_box(c, dist)
            if not district["built"]:
                _rect(d, lay, x + 2, y - 1, DIST_W - 4, 38, fill=GUILDS[district["guild"]], outline=EDGE, radius=4)
                ink = (255, 255, 255) if district["guild"] in ("green", "purple") else INK
                _t(d, lay, x + DIST_W / 2, y + 9, district["favor"], 12, fill=ink, anchor="mm")
                _icon(d, lay, "wood", x + DIST_W / 2 - 8, y + 26, 6)
                _t(d, lay, x + DIST_W / 2 + 2, y + 26, str(district["cost"]), 13, fill=ink, anchor="lm")
                continue
            for k in range(2):
                spot = dist * 2 + k
                sx = x + 18 + k * 36
                who = city["spots"][spot]
                if who is None:
                    _disc(img, lay, sx, y + 18, 12, (240, 238, 232), edge=(200, 196, 188))
                    _t(d, lay, sx, y + 18, str(spot + 1), 11, fill=FAINT, anchor="mm")
                else:
                    _disc(img, lay, sx, y + 18, 12, NEUTRAL if who == "neutral" else colours[who])


def _colonies(img, d, lay, view, colours) -> None:
    for c, colony in enumerate(view["colonies"]):
        x = COL_X + c * (COL_W + 3)
        # Colony Land: a disc per seat with a worker count.
        for seat, count in enumerate(colony["land"]):
            if count:
                _disc(img, lay, x + 18 + seat * 30, COL_Y + 50, 12, colours[seat], str(count))
        for k, slot in enumerate(colony["slots"]):
            if slot["ship"] is not None:
                sx = x + 8 + k * 37
                _disc(img, lay, sx + 16, COL_Y + 104, 12, colours[slot["ship"]])
                _icon(d, lay, "ship", sx + 16, COL_Y + 104, 6)
        for i, reward in enumerate(colony["rewards"]):
            _rect(d, lay, x + 8 + i * 92, COL_Y + 140, 86, 26, fill=(250, 240, 214), outline=EDGE, radius=4)
            _t(d, lay, x + 51 + i * 92, COL_Y + 153, reward, 13, anchor="mm")
    # The Colony Land and slot rows are labelled once.


def _markets(img, d, lay, view, colours) -> None:
    for m, market in enumerate(view["markets"]):
        y = MKT_Y + m * 44
        for k, slot in enumerate(market["slots"]):
            if slot["ship"] is not None:
                sx = MKT_X + 58 + k * 104
                _disc(img, lay, sx + 86, y + 20, 11, colours[slot["ship"]])
                _icon(d, lay, "ship", sx + 86, y + 20, 6)


def _watch_and_mill(img, d, lay, view, colours) -> None:
    for i, value in enumerate(view["pirate_dice"]):
        _die(img, lay, 80 + i * 30, GB_Y + 4, 24, value, (20, 20, 20), pirate=True)
    for seat, count in enumerate(view["watch"]):
        x = 24 + (seat % 4) * 58
        _icon(d, lay, "worker", x, GB_Y + 66, 9)
        _disc(img, lay, x + 22, GB_Y + 66, 13, colours[seat], str(count))
    for seat, player in enumerate(view["players"]):
        x = 282 + player["mill"] * 24
        _disc(img, lay, x, GB_Y + 66 + seat * 22, 9, colours[seat], str(seat + 1))


def _guild_board(img, d, lay, view, colours) -> None:
    for r, row in enumerate(view["rows"]):
        y = GB_Y + 8 + r * 37
        x = 488 + len(row["guilds"]) * 14 + 8
        if row["seat"] is not None:
            _disc(img, lay, x + 14, y + 16, 13, colours[row["seat"]], str(row["seat"] + 1))
        else:
            for i, value in enumerate(row["dice"]):
                _die(img, lay, x + i * 26, y + 4, 24, value, FAINT)
        for i, request in enumerate(row["requests"]):
            rx = 600 + i * 80
            _rect(d, lay, rx, y + 4, 76, 26, fill=(250, 244, 230), outline=EDGE, radius=4)
            _t(d, lay, rx + 38, y + 17, request, 13, anchor="mm")
    for pos, slot in enumerate(view["passing"]):
        if slot["seat"] is not None:
            y = GB_Y + 8 + pos * 37
            _disc(img, lay, 1166, y + 17, 12, colours[slot["seat"]], str(slot["seat"] + 1))


def _panels(img, d, lay, view, colours) -> None:
    players = view["players"]
    n = len(players)
    width = (BASE - 20 - (n - 1) * 6) / n
    result = view.get("result")
    to_act = set(view.get("to_act", []))
    for seat, p in enumerate(players):
        x = 10 + seat * (width + 6)
        y = PANEL_Y
        edge = LIT if seat in to_act else EDGE
        _rect(d, lay, x, y, width, PANEL_H, fill=CARD, outline=edge, width=3 if seat in to_act else 1, radius=8)
        _rect(d, lay, x, y, width, 30, fill=colours[seat], radius=8)
        _disc(img, lay, x + 18, y + 15, 11, colours[seat], str(seat + 1), edge=(255, 255, 255))
        _icon(d, lay, "pp", x + 44, y + 15, 9)
        _t(d, lay, x + 56, y + 15, str(p["pp"]), 20, fill=(255, 255, 255), anchor="lm", stroke_width=lay.s(2),
           stroke_fill=darker(colours[seat], 0.5))
        if p["passed"] and not view.get("finished"):
            _t(d, lay, x + width - 10, y + 15, "pass", 13, fill=(255, 255, 255), anchor="rm")
        if result:
            rank = result["ranks"][seat]
            if rank == 1:
                crown = crown_sprite(lay.s(24), (250, 200, 40), (120, 90, 10))
                img.paste(crown, (lay.s(x + width - 34), lay.s(y + 4)), crown)
            _t(d, lay, x + width - 40, y + 15, f"#{rank}", 16, fill=(255, 255, 255), anchor="rm")
        # Resources: two rows of icon + number.
        row1 = [("reals", p["reals"]), ("wheat", p["wheat"]), ("sugar", p["sugar"]), ("wine", p["wine"])]
        row2 = [("wood", p["wood"]), ("bread", p["bread"]), ("ship", f"{p['ships']}|{p['ships_on_board']}"),
                ("worker", f"{p['workers']}|{p['on_board']}")]
        step = (width - 12) / 4
        for i, (kind, value) in enumerate(row1):
            cx = x + 14 + i * step
            _icon(d, lay, kind, cx, y + 46, 8)
            _t(d, lay, cx + 12, y + 46, str(value), 17, anchor="lm")
        for i, (kind, value) in enumerate(row2):
            cx = x + 14 + i * step
            _icon(d, lay, kind, cx, y + 72, 8)
            _t(d, lay, cx + 12, y + 72, str(value), 16 if "|" in str(value) else 17, anchor="lm")
        # Markers, unused dice, windmill level.
        _icon(d, lay, "marker", x + 14, y + 98, 7)
        _t(d, lay, x + 25, y + 98, str(p["markers"]), 15, anchor="lm")
        for i, value in enumerate(p["dice"]):
            _die(img, lay, x + 42 + i * 22, y + 88, 20, value, colours[seat])
        _t(d, lay, x + width - 10, y + 98, f"mill {p['mill_feeds']}", 13, fill=FAINT, anchor="rm")
        # Favors: face up filled, face down outlined.
        fx = x + 8
        chip = min(48.0, (width - 16) / max(1, len(p["favors"])) - 3) if p["favors"] else 48
        for favor in p["favors"]:
            fill = GUILDS[favor["guild"]] if favor["up"] else CARD
            _rect(d, lay, fx, y + 112, chip, 22, fill=fill, outline=darker(GUILDS[favor["guild"]], 0.3),
                  width=2, radius=3)
            label = favor["id"][:4] if chip < 44 else favor["id"][:6]
            ink = (255, 255, 255) if favor["up"] and favor["guild"] in ("green", "purple") else INK
            _t(d, lay, fx + chip / 2, y + 123, label, 11, fill=ink if favor["up"] else FAINT, anchor="mm")
            fx += chip + 3
        # Crown's Requests in hand.
        for i, request in enumerate(p["requests"]):
            rx = x + 8 + i * 72
            _rect(d, lay, rx, y + 142, 68, 26, fill=(250, 244, 230), outline=EDGE, radius=4)
            _t(d, lay, rx + 34, y + 155, request, 13, anchor="mm")
        if result:
            pirates = result["pirates"][seat]
            _die(img, lay, x + width - 118, y + 144, 22, 6, (20, 20, 20), pirate=True)
            _t(d, lay, x + width - 92, y + 155, str(pirates), 16, anchor="lm")
            _icon(d, lay, "pp", x + width - 54, y + 155, 9)
            _t(d, lay, x + width - 42, y + 155, f"-{result['pirate_pp'][seat]}", 16, anchor="lm")
