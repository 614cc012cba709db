"""The Medina board: the static layer (plate, ground, grid, wall slots, cell names, wall arms and
towers, drawn once per board side and theme) and, on a copy of it, the position: the well, the
merchants and their streets, palaces, walls, rooftops and badges, the towers' tiles and the last
turn's rings."""

from __future__ import annotations

from functools import lru_cache, partial
from itertools import pairwise
from typing import Any

from PIL import Image, ImageDraw

from renderers import frame as fr
from renderers.common import (
    Cut,
    Theme,
    blitter,
    cached,
    darker,
    mix,
    on_canvas,
    paste_centred,
    region,
    rounded_box_sprite,
    seat_mark,
    text,
    text_width,
    within,
)
from renderers.medina.canvas import _Canvas
from renderers.medina.geometry import (
    ARM_SIZE,
    BAND,
    COLUMNS,
    LABEL_SIZE,
    BoardLayout,
    _arm_label_spots,
    _corner,
    _ring_cells,
    _towers,
    _wall_rect,
    board_layout,
)
from renderers.medina.pieces import (
    BUILDING_RGB,
    GROUND,
    GROUND_LINE,
    MEEPLE,
    MEEPLE_EDGE,
    RGB,
    RING,
    RING_SLOT,
    STABLE_FILL,
    STABLE_LINE,
    STONE,
    STONE_EDGE,
    STREET,
    WATER,
    ZONE,
    _badge,
    _bonus_sprite,
    _last_sprite,
    _meeple_sprite,
    _neutral_roof,
    _ring_sprite,
    _tower_sprite,
    _well_sprite,
)

# --- the static layer ------------------------------------------------------------------------------


@cached(maxsize=4)
def _base(width: int, height: int, theme: Theme) -> Image.Image:
    """The canvas with the board's plate, ground, grid, wall slots, labels and towers."""
    lay = board_layout(width, height)
    img = Image.new("RGB", (fr.WIDTH, fr.HEIGHT), theme.background)
    on_canvas(img)
    d = ImageDraw.Draw(img)
    c = lay.cell
    gx0, gy0 = lay.grid_x, lay.grid_y
    gx1, gy1 = gx0 + lay.gw * c, gy0 + lay.gh * c
    with within(lay.box):
        px0, py0, px1, py1 = lay.plate
        plate = rounded_box_sprite(px1 - px0, py1 - py0, theme.board, theme.board_edge, 2.0, BAND * 0.6)
        img.paste(plate, (px0, py0), plate)
        d.rectangle([gx0, gy0, gx1 - 1, gy1 - 1], fill=RING)
        d.rectangle([gx0 + c, gy0 + c, gx1 - c - 1, gy1 - c - 1], fill=GROUND)
        for x in range(1, lay.gw):
            d.line([(gx0 + x * c, gy0 + c), (gx0 + x * c, gy1 - c)], fill=GROUND_LINE, width=1)
        for y in range(1, lay.gh):
            d.line([(gx0 + c, gy0 + y * c), (gx1 - c, gy0 + y * c)], fill=GROUND_LINE, width=1)
        for x, y in _ring_cells(lay):
            x0, y0, x1, y1 = _wall_rect(lay, x, y)
            d.rectangle([x0, y0, x1, y1], outline=RING_SLOT, width=1)
        # The cells' names, as the notation writes them: letters above and below, numbers beside.
        for x in range(1, lay.gw - 1):
            cx = gx0 + (x + 0.5) * c
            for y in (gy0 - BAND / 2, gy1 + BAND / 2):
                text(d, (cx, y), COLUMNS[x - 1], size=LABEL_SIZE, fill=theme.label, anchor="mm", bold=True,
                     role="label")
        for y in range(1, lay.gh - 1):
            cy = gy0 + (y + 0.5) * c
            for x in (gx0 - BAND / 2, gx1 + BAND / 2):
                text(d, (x, cy), str(y), size=LABEL_SIZE, fill=theme.label, anchor="mm", bold=True, role="label")
        # The wall arms, beside their towers, each with an arrow the way it grows.
        for name, (x, y), way in _arm_label_spots(lay):
            if way in "EW":
                tx = x - 5 if way == "E" else x + 5
                text(d, (tx, y), name, size=ARM_SIZE, fill=STONE_EDGE, anchor="mm", bold=True, role="label")
                half = text_width(name, size=ARM_SIZE, bold=True) / 2
                _arrow(d, (tx + half + 5, y) if way == "E" else (tx - half - 5, y), way, 9, STONE_EDGE)
            else:
                ty = y - 5 if way == "S" else y + 6
                text(d, (x, ty), name, size=ARM_SIZE, fill=STONE_EDGE, anchor="mm", bold=True, role="label")
                _arrow(d, (x, ty + 14) if way == "S" else (x, ty - 14), way, 8, STONE_EDGE)
        for number, (x, y) in _towers(lay).items():
            paste_centred(img, _tower_sprite(c, number), lay.centre(x, y))
    return img


def _arrow(d: ImageDraw.ImageDraw, centre: tuple[float, float], way: str, length: float, fill: RGB) -> None:
    x, y = centre
    h, w = length / 2, length * 0.45
    pts = {"E": [(x - h, y - w), (x + h, y), (x - h, y + w)], "W": [(x + h, y - w), (x - h, y), (x + h, y + w)],
           "S": [(x - w, y - h), (x, y + h), (x + w, y - h)], "N": [(x - w, y + h), (x, y - h), (x + w, y + h)]}[way]
    d.polygon(pts, fill=fill)


class _Board(_Canvas):
    """The position on the board, drawn on a copy of :func:`_base`."""

    def _draw_board(self) -> None:
        view, lay, d, img, theme = self.view, self.lay, self.d, self.image, self.theme
        c = lay.cell
        well = view.get("well")
        if well:
            for x, y in well["zone"]:
                x0, y0, x1, y1 = lay.cell_box(x, y)
                d.rectangle([x0 + 1, y0 + 1, x1 - 1, y1 - 1], fill=ZONE)
            paste_centred(img, _well_sprite(round(c * 0.86)), lay.centre(well["x"], well["y"]))
            for x, y in well["bonus"]:
                x0, y0, x1, y1 = lay.cell_box(x, y)
                d.rectangle([x0 + 2, y0 + 2, x1 - 2, y1 - 2], outline=mix(WATER, GROUND, 0.45), width=2)
        anywhere = (view.get("options") or {}).get("e1_start_merchant_anywhere") == "on"
        if view.get("phase") == "start_merchant" and not anywhere:
            # where the start merchant may go: the cells touching no wall space
            x0, y0, _, _ = lay.cell_box(2, 2)
            _, _, x1, y1 = lay.cell_box(lay.gw - 3, lay.gh - 3)
            _dashed_rect(d, (x0, y0, x1, y1), MEEPLE_EDGE, 3, 10)

        street = max(2, round(c * 0.1))
        for line in view["merchant_lines"]:
            for (ax, ay), (bx, by) in pairwise(line):
                d.line([lay.centre(ax, ay), lay.centre(bx, by)], fill=STREET, width=street)

        for palace in view["palaces"]:
            owner = palace.get("owner")
            self._draw_palace(palace, None if owner is None else self.owner_rgb(owner))

        blit = blitter(img)
        meeple = _meeple(c)
        for line in view["merchant_lines"]:
            for x, y in line:
                blit(meeple, lay.centre(x, y))
        ring = _ring_sprite(round(c * 0.9), theme.gold)
        for x, y in view.get("active_ends") or ():
            paste_centred(img, ring, lay.centre(x, y))

        for wall in view["walls"]:
            # a wall covers its box with opaque stone: drawn once per place, then copied
            x0, y0, x1, y1 = _wall_rect(lay, wall["x"], wall["y"])
            region(img, (x0, y0, x1 + 1, y1 + 1), ("medina.wall", lay), partial(self._draw_wall, wall["x"], wall["y"]))

        # Rooftops, on the cells the players named; badges on unroofed palaces.
        for palace in view["palaces"]:
            owner = palace.get("owner")
            if owner is not None and palace.get("roof") is not None:
                centre = lay.centre(*palace["roof"])
                # on a one-building palace a smaller roof leaves its colour showing round it
                scale = 0.56 if len(palace.get("buildings") or ()) <= 1 else 0.8
                if owner == "neutral":
                    paste_centred(img, _neutral_roof(round(c * scale * 0.92), self.neutral_rgb()), centre)
                else:
                    paste_centred(img, seat_mark(round(c * scale), owner, self.seat_rgb(owner)), centre)
            elif owner is None and palace.get("buildings"):
                x, y = palace["buildings"][0]
                x0, y0, x1, y1 = lay.cell_box(x, y)
                paste_centred(img, _badge(round(c * 0.5), palace.get("status") == "stuck"),
                              (x0 + c * 0.3, y0 + c * 0.3))

        for tower in view["towers"]:
            self._draw_tower(tower)

        last = view.get("last") or {}
        mark = _last_sprite(c, theme.highlight)
        for x, y in last.get("cells") or ():
            paste_centred(img, mark, lay.centre(x, y))

        if well:
            drop = _bonus_sprite(round(c * 0.38))
            for x, y in well["bonus"]:
                x0, y0, _, _ = lay.cell_box(x, y)
                paste_centred(img, drop, (x0 + c * 0.22, y0 + c * 0.22))

    def _draw_palace(self, palace: dict[str, Any], owner: RGB | None) -> None:
        """A palace as one block: an owner's halo, a dark edge, then building and stable fills
        (pasted from :func:`_palace`: a palace changes only when it grows or is roofed)."""
        xy, cut = _palace(self.lay, palace["colour"], tuple(tuple(p) for p in palace["buildings"]),
                          tuple(tuple(p) for p in palace["stables"]), owner)
        self.image.load()
        cut.paste(self.image.im, xy)

    def _draw_wall(self, x: int, y: int) -> None:
        lay, d = self.lay, self.d
        x0, y0, x1, y1 = _wall_rect(lay, x, y)
        d.rectangle([x0, y0, x1, y1], fill=STONE, outline=STONE_EDGE, width=2)
        if y in (0, lay.gh - 1):
            mid = (y0 + y1) / 2
            d.line([(x0, mid), (x1, mid)], fill=STONE_EDGE, width=1)
            d.line([((x0 + x1) / 2, y0), ((x0 + x1) / 2, mid)], fill=STONE_EDGE, width=1)
        else:
            mid = (x0 + x1) / 2
            d.line([(mid, y0), (mid, y1)], fill=STONE_EDGE, width=1)
            d.line([(x0, (y0 + y1) / 2), (mid, (y0 + y1) / 2)], fill=STONE_EDGE, width=1)

    def _draw_tower(self, tower: dict[str, Any]) -> None:
        """A tower's tile: its holder's mark in the band corner beside it, or the merchants still on it."""
        number = tower["number"]
        cx, cy = _corner(self.lay, number)
        holder = tower.get("holder")
        if holder == "neutral":
            paste_centred(self.image, _neutral_roof(28, self.neutral_rgb()), (cx, cy))
        elif isinstance(holder, int):
            paste_centred(self.image, seat_mark(30, holder, self.seat_rgb(holder)), (cx, cy))
        elif tower.get("merchants"):
            paste_centred(self.image, _meeple_sprite(26, MEEPLE, MEEPLE_EDGE), (cx - 6, cy))
            text(self.d, (cx + 9, cy + 1), str(tower["merchants"]), size=fr.TEXT, fill=self.theme.text,
                 anchor="mm", bold=True)


@lru_cache(maxsize=256)
def _palace(lay: BoardLayout, colour_name: str, building_cells: tuple[tuple[int, int], ...],
            stable_cells: tuple[tuple[int, int], ...], owner: RGB | None) -> tuple[tuple[int, int], Cut]:
    """A palace's pixels (opaque where drawn: copied, not blended, see :class:`renderers.common.Cut`)
    and where they go on the canvas. Drawn on a scratch shifted by even amounts from the canvas,
    so every rounding falls as it would there."""
    c = lay.cell
    cells = building_cells + stable_cells
    boxes = [lay.cell_box(x, y) for x, y in cells]
    margin = c
    ox = (min(b[0] for b in boxes) - margin) // 2 * 2
    oy = (min(b[1] for b in boxes) - margin) // 2 * 2
    width = max(b[2] for b in boxes) + margin - ox
    height = max(b[3] for b in boxes) + margin - oy
    image = Image.new("RGBA", (width, height), (0, 0, 0, 0))
    d = ImageDraw.Draw(image)

    def cell_box(x: int, y: int) -> tuple[int, int, int, int]:
        x0, y0, x1, y1 = lay.cell_box(x, y)
        return x0 - ox, y0 - oy, x1 - ox, y1 - oy

    colour = BUILDING_RGB.get(colour_name, (128, 128, 128))
    buildings = {p for p in building_cells}
    stables = {p for p in stable_cells}
    pieces = buildings | stables
    inset = round(c * 0.13)
    edge = max(2, round(c * 0.05))
    dark = darker(colour, 0.5)
    passes: list[tuple[str, int]] = []
    if owner is not None:
        passes += [("halo_edge", inset - edge - 6), ("halo", inset - edge - 4)]
    passes += [("edge", inset - edge), ("fill", inset)]

    def fill_of(kind: str, cells: set[tuple[int, int]]) -> RGB:
        if kind == "halo":
            return owner  # type: ignore[return-value]
        if kind == "halo_edge":
            return darker(owner, 0.5)  # type: ignore[arg-type]
        if kind == "edge":
            return dark
        return colour if cells <= buildings else STABLE_FILL

    for kind, pad in passes:
        for x, y in pieces:
            x0, y0, x1, y1 = cell_box(x, y)
            d.rectangle([x0 + pad, y0 + pad, x1 - pad - 1, y1 - pad - 1], fill=fill_of(kind, {(x, y)}))
            if pad <= 0:
                continue
            right, down = (x + 1, y), (x, y + 1)
            if right in pieces:
                d.rectangle([x1 - pad, y0 + pad, x1 + pad - 1, y1 - pad - 1], fill=fill_of(kind, {(x, y), right}))
            if down in pieces:
                d.rectangle([x0 + pad, y1 - pad, x1 - pad - 1, y1 + pad - 1], fill=fill_of(kind, {(x, y), down}))
            square = {(x, y), right, down, (x + 1, y + 1)}
            if square <= pieces:
                d.rectangle([x1 - pad, y1 - pad, x1 + pad - 1, y1 + pad - 1], fill=fill_of(kind, square))
    fence = 2
    for x, y in stables:
        x0, y0, x1, y1 = cell_box(x, y)
        for t in (0.36, 0.5, 0.64):
            xx = x0 + c * t
            d.line([(xx, y0 + c * 0.3), (xx, y1 - c * 0.3)], fill=STABLE_LINE, width=fence)
        for t in (0.42, 0.6):
            d.line([(x0 + c * 0.28, y0 + c * t), (x1 - c * 0.28, y0 + c * t)], fill=STABLE_LINE, width=fence)
    box = image.getbbox() or (0, 0, 1, 1)
    return (ox + box[0], oy + box[1]), Cut(image.crop(box))


@lru_cache(maxsize=8)
def _meeple(size: int) -> Cut:
    return Cut(_meeple_sprite(size, MEEPLE, MEEPLE_EDGE))


def _dashed_rect(d: ImageDraw.ImageDraw, box: tuple[float, float, float, float], fill: RGB, width: int,
                 dash: int) -> None:
    x0, y0, x1, y1 = box
    for a, b, fixed, horizontal in ((x0, x1, y0, True), (x0, x1, y1, True), (y0, y1, x0, False), (y0, y1, x1, False)):
        t = a
        while t < b:
            u = min(b, t + dash)
            if horizontal:
                d.line([(t, fixed), (u, fixed)], fill=fill, width=width)
            else:
                d.line([(fixed, t), (fixed, u)], fill=fill, width=width)
            t += dash * 2
