"""The Minoa board image: PNG out, sizes, region tints, the last-move halo, seat independence.

Views are built by hand here (regions from the board geometry), so these tests do not depend on
the rules engine.
"""

from __future__ import annotations

import io
import random
import struct

import pytest
from PIL import Image, ImageChops

import renderers
from games.minoa.board import (
    INTERIOR_LINES,
    LINE_ENDS,
    LINE_TRIANGLES,
    NEIGHBOURS,
    RIM_CYCLE,
    TRIANGLE_KEYS,
    TRIANGLE_LINES,
    TRIANGLE_RIM_LINE,
    VERTEX_NAMES,
)
from renderers import minoa
from renderers.common import DEFAULT_THEME, text_box

COLOURS = ("red", "blue", "yellow", "green")
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def regions_of(lines: list) -> list[dict]:
    """The regions of a board: triangles joined across interior lines without a black stick, each
    claimed by the one colour on its filled rim when every rim line of it is filled."""
    seen: set[int] = set()
    regions = []
    for start in range(len(TRIANGLE_LINES)):
        if start in seen:
            continue
        group, todo = [], [start]
        seen.add(start)
        while todo:
            t = todo.pop()
            group.append(t)
            for other, line in NEIGHBOURS[t]:
                if lines[line] != "black" and other not in seen:
                    seen.add(other)
                    todo.append(other)
        rim = [lines[TRIANGLE_RIM_LINE[t]] for t in group if TRIANGLE_RIM_LINE[t] is not None]
        owners = {v for v in rim if v is not None}
        if len(owners) == 1 and None not in rim:
            owner, status = owners.pop(), "claimed"
        elif len(owners) > 1:
            owner, status = None, "mixed"
        else:
            owner, status = None, "open"
        regions.append({"triangles": sorted(group), "owner": owner, "status": status})
    return regions


def make_view(num_players: int = 2, *, lines: list | None = None, last_lines: list[int] | None = None,
              seat: int | None = 0, to_act: list[int] | None = None, finished: bool = False,
              ranks: list[int] | None = None) -> dict:
    """A valid Minoa view in the engine's shape."""
    lines = list(lines) if lines is not None else [None] * len(LINE_TRIANGLES)
    regions = regions_of(lines)
    scores = [sum(len(r["triangles"]) for r in regions if r["owner"] == s) for s in range(num_players)]
    teams = [[0, 2], [1, 3]] if num_players == 4 else None
    pieces_each = {2: 12, 3: 8, 4: 6}[num_players]
    last = None
    if last_lines:
        a, b = LINE_ENDS[last_lines[0]]
        last = {"seat": 0, "lines": list(last_lines), "notation": f"{VERTEX_NAMES[a]}-{VERTEX_NAMES[b]}"}
    return {
        "game": "minoa",
        "num_players": num_players,
        "seat": seat,
        "colours": list(COLOURS[:num_players]),
        "teams": teams,
        "lines": lines,
        "black_supply": 60 - sum(1 for v in lines if v == "black"),
        "pieces_left": [pieces_each - sum(1 for v in lines if v == s) for s in range(num_players)],
        "regions": regions,
        "scores": scores,
        "team_scores": [scores[0] + scores[2], scores[1] + scores[3]] if teams else None,
        "to_act": [] if finished else (to_act if to_act is not None else [0]),
        "last": last,
        "finished": finished,
        "result": {"scores": scores, "ranks": ranks or [1] * num_players} if finished else None,
    }


def busy_lines(num_players: int, seed: int = 7, blacks: int = 60) -> list:
    """Every rim line coloured (in runs, so some regions are claimed) and ``blacks`` black sticks."""
    rng = random.Random(seed)
    lines: list = [None] * len(LINE_TRIANGLES)
    per = len(RIM_CYCLE) // num_players
    for i, line in enumerate(RIM_CYCLE):
        lines[line] = min(i // per, num_players - 1)
    for line in rng.sample(INTERIOR_LINES, blacks):
        lines[line] = "black"
    return lines


def decoded(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png)).convert("RGB")


def pixel(png: bytes, xy: tuple[float, float]) -> tuple[int, int, int]:
    return decoded(png).getpixel((round(xy[0]), round(xy[1])))


def close(a, b, tolerance: int = 6) -> bool:
    return all(abs(x - y) <= tolerance for x, y in zip(a, b))


def test_png_signature_width_and_size_of_a_busy_board():
    for n in (2, 3, 4):
        png = minoa.render(make_view(n, lines=busy_lines(n), last_lines=[INTERIOR_LINES[5]]))
        assert png.startswith(PNG_SIGNATURE)
        width, height = struct.unpack(">II", png[16:24])
        assert 950 <= width <= 1050
        assert 800 <= height <= 1300
        assert len(png) < 300_000


def test_size_option_scales_the_image():
    png = minoa.render(make_view(2), size=600)
    assert struct.unpack(">II", png[16:24])[0] == 600


def enclosed_lines() -> tuple[list, int, int]:
    """Red rim piece on rim triangle ``t``; black sticks closing ``t`` off alone: a region of one
    triangle claimed by red. Returns (lines, claimed triangle, an open triangle far from it).

    ``t`` points down (kind A): no vertex label sits inside it, so its centroid shows the fill."""
    lines: list = [None] * len(LINE_TRIANGLES)
    t = next(t for t, rim in enumerate(TRIANGLE_RIM_LINE) if rim is not None and TRIANGLE_KEYS[t][0] == 0)
    lines[TRIANGLE_RIM_LINE[t]] = 0
    for line in TRIANGLE_LINES[t]:
        if line != TRIANGLE_RIM_LINE[t]:
            lines[line] = "black"
    far = max(range(len(TRIANGLE_LINES)), key=lambda o: abs(minoa.triangle_centroid(o)[0]
                                                             - minoa.triangle_centroid(t)[0]))
    return lines, t, far


def test_claimed_region_is_tinted_in_owner_colour_and_open_region_is_not():
    lines, claimed, other = enclosed_lines()
    view = make_view(2, lines=lines)
    region = next(r for r in view["regions"] if claimed in r["triangles"])
    assert region == {"triangles": [claimed], "owner": 0, "status": "claimed"}
    png = minoa.render(view)
    red_tint = DEFAULT_THEME.tint("red")
    assert close(pixel(png, minoa.triangle_centroid(claimed)), red_tint)
    assert not close(pixel(png, minoa.triangle_centroid(other)), red_tint)
    assert close(pixel(png, minoa.triangle_centroid(other)), DEFAULT_THEME.board)


def test_claimed_region_follows_its_owner():
    lines, claimed, _ = enclosed_lines()
    view = make_view(2, lines=lines)
    for region in view["regions"]:
        if region["owner"] == 0:
            region["owner"] = 1
    png = minoa.render(view)
    assert close(pixel(png, minoa.triangle_centroid(claimed)), DEFAULT_THEME.tint("blue"))


def test_open_and_mixed_regions_are_not_tinted():
    lines, claimed, _ = enclosed_lines()
    view = make_view(2, lines=lines)
    for region in view["regions"]:
        region["status"], region["owner"] = "mixed", None
    png = minoa.render(view)
    assert close(pixel(png, minoa.triangle_centroid(claimed)), DEFAULT_THEME.board)


def changed_pixels(a: Image.Image, b: Image.Image, box: tuple[int, int, int, int]) -> int:
    histogram = ImageChops.difference(a.crop(box), b.crop(box)).convert("L").histogram()
    return sum(histogram[1:])


def test_last_move_halo_changes_pixels_near_that_line_only():
    line = INTERIOR_LINES[40]
    lines = [None] * len(LINE_TRIANGLES)
    lines[line] = "black"
    # Compare the drawings: the PNG's adaptive palette may shift shades anywhere by a hair.
    plain = minoa.draw(make_view(2, lines=lines)).convert("RGB")
    lit = minoa.draw(make_view(2, lines=lines, last_lines=[line])).convert("RGB")
    lay = minoa.board_layout(1000)
    x, y = lay.line_centres[line]
    u = lay.unit
    near = (round(x - u * 0.6), round(y - u * 0.6), round(x + u * 0.6), round(y + u * 0.6))
    assert changed_pixels(plain, lit, near) > 300
    # Far from the line (across the board) nothing moved.
    far_line = max(INTERIOR_LINES, key=lambda l: abs(lay.line_centres[l][0] - x)
                   + abs(lay.line_centres[l][1] - y))
    fx, fy = lay.line_centres[far_line]
    far = (round(fx - u * 0.4), round(fy - u * 0.4), round(fx + u * 0.4), round(fy + u * 0.4))
    assert changed_pixels(plain, lit, far) == 0


def test_every_line_of_the_last_action_is_highlighted():
    rim_a, rim_b = RIM_CYCLE[0], RIM_CYCLE[12]
    lines = [None] * len(LINE_TRIANGLES)
    lines[rim_a] = lines[rim_b] = 0
    plain = decoded(minoa.render(make_view(2, lines=lines)))
    lit = decoded(minoa.render(make_view(2, lines=lines, last_lines=[rim_a, rim_b])))
    lay = minoa.board_layout(1000)
    r = lay.unit * 0.5
    for line in (rim_a, rim_b):
        x, y = lay.line_centres[line]
        assert changed_pixels(plain, lit, (round(x - r), round(y - r), round(x + r), round(y + r))) > 300


def test_labels_stay_clear_of_every_stick():
    """Each vertex name's box keeps away from every line's stick (a thick piece, the worst case)."""
    lay = minoa.board_layout(1000)
    half = lay.piece_width / 2
    for v, name in enumerate(VERTEX_NAMES):
        x, y = lay.vertices[v]
        bx0, by0, bx1, by1 = text_box(name, size=lay.label_size, anchor="mm")
        box = (x + bx0, y + lay.label_offset + by0, x + bx1, y + lay.label_offset + by1)
        for a, b in LINE_ENDS:
            (ax, ay), (cx, cy) = lay.vertices[a], lay.vertices[b]
            for i in range(41):
                t = i / 40
                px, py = ax + (cx - ax) * t, ay + (cy - ay) * t
                dx = max(box[0] - px, 0, px - box[2])
                dy = max(box[1] - py, 0, py - box[3])
                assert (dx * dx + dy * dy) ** 0.5 > half, (name, a, b)


def test_sticks_are_drawn_on_their_lines():
    lines, claimed, _ = enclosed_lines()
    png = minoa.render(make_view(2, lines=lines))
    lay = minoa.board_layout(1000)
    black_line = next(l for l in TRIANGLE_LINES[claimed] if lines[l] == "black")
    assert close(pixel(png, lay.line_centres[black_line]), DEFAULT_THEME.stick, 20)
    red_line = next(l for l in TRIANGLE_LINES[claimed] if lines[l] == 0)
    assert close(pixel(png, lay.line_centres[red_line]), DEFAULT_THEME.seat_colour("red"), 20)
    empty = next(l for l in INTERIOR_LINES if lines[l] is None)
    assert not close(pixel(png, lay.line_centres[empty]), DEFAULT_THEME.stick, 60)


def test_views_differing_only_in_seat_render_identically():
    lines = busy_lines(4)
    a = make_view(4, lines=lines, seat=0, last_lines=[INTERIOR_LINES[3]])
    b = make_view(4, lines=lines, seat=3, last_lines=[INTERIOR_LINES[3]])
    c = make_view(4, lines=lines, seat=None, last_lines=[INTERIOR_LINES[3]])
    assert minoa.render(a) == minoa.render(b) == minoa.render(c)


def test_render_is_deterministic_and_does_not_touch_the_view():
    view = make_view(3, lines=busy_lines(3), last_lines=[INTERIOR_LINES[9]])
    before = repr(view)
    assert minoa.render(view) == minoa.render(view)
    assert repr(view) == before


def test_panel_changes_with_scores_turn_and_result():
    lines = busy_lines(4)
    base = minoa.render(make_view(4, lines=lines, to_act=[0]))
    assert minoa.render(make_view(4, lines=lines, to_act=[1])) != base
    finished = make_view(4, lines=lines, finished=True, ranks=[1, 3, 1, 3])
    other_winners = make_view(4, lines=lines, finished=True, ranks=[3, 1, 3, 1])
    assert minoa.render(finished) != minoa.render(other_winners)
    bumped = make_view(4, lines=lines, to_act=[0])
    bumped["black_supply"] -= 1
    assert minoa.render(bumped) != base


def test_dispatch_by_game_name():
    view = make_view(2)
    assert renderers.render("minoa", view) == minoa.render(view)
    assert renderers.render("minoa", view, size=500) == minoa.render(view, size=500)
    assert renderers.has_renderer("minoa")


@pytest.mark.parametrize("name", ["no_such_game", "common", "", "../minoa", "_private", 3])
def test_unknown_game_raises_value_error(name):
    with pytest.raises(ValueError):
        renderers.render(name, make_view(2))
    assert not renderers.has_renderer(name)


def test_bad_views_and_sizes_raise_value_error():
    view = make_view(2)
    with pytest.raises(ValueError):
        minoa.render(dict(view, game="chess"))
    with pytest.raises(ValueError):
        minoa.render(dict(view, lines=view["lines"][:-1]))
    bad = list(view["lines"])
    bad[INTERIOR_LINES[0]] = 5
    with pytest.raises(ValueError):
        minoa.render(dict(view, lines=bad))
    with pytest.raises(ValueError):
        minoa.render(view, size=50)


def test_board_font_setting_falls_back_to_the_bundled_font(monkeypatch):
    from renderers import common

    monkeypatch.setenv("BOARD_FONT", "/no/such/font.ttf")
    common.font.cache_clear()
    try:
        assert common.font(20).getbbox("e5")[2] > 0  # still a usable scalable font
    finally:
        common.font.cache_clear()
