"""The Minoa board image on the 1100 x 800 frame: point labels on their dots, region tints and
owner marks, rim pieces marked by seat, the last-action halo, seat cards, team bands, the result.

Most views are built by hand here (regions from the board geometry), so these tests do not depend
on the rules engine; the result tests use real final positions from ``test_minoa_result``.
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
from renderers import common
from renderers.common import DEFAULT_THEME, Theme
from renderers.frame import HEIGHT, LABEL, WIDTH, layout

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
        "decision": None if finished else {"text": "minoa.decide.either", "params": {"pieces": 5, "black": 40}},
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


def close(a, b, tolerance: int = 6) -> bool:
    return all(abs(x - y) <= tolerance for x, y in zip(a, b))


def at(image: Image.Image, xy: tuple[float, float]) -> tuple[int, int, int]:
    return image.getpixel((round(xy[0]), round(xy[1])))


def count_near(image: Image.Image, box, colour, tolerance: int = 12) -> int:
    data = image.crop(tuple(round(v) for v in box)).tobytes()
    return sum(1 for i in range(0, len(data), 3) if close(data[i:i + 3], colour, tolerance))


def drawn(view: dict, **options) -> Image.Image:
    return minoa.draw(view, **options).convert("RGB")


def recorded(view: dict, **options) -> tuple[Image.Image, common.Recorder]:
    with common.recording() as recorder:
        png = minoa.render(view, **options)
    return decoded(png), recorder


def two_triangle_region() -> tuple[list, int, int]:
    """A red rim piece on rim triangle ``t``; black sticks close ``t`` and its inner neighbour
    ``u`` off together: a region of two triangles claimed by red. Returns (lines, t, u)."""
    lines: list = [None] * len(LINE_TRIANGLES)
    t = next(t for t, rim in enumerate(TRIANGLE_RIM_LINE) if rim is not None and TRIANGLE_KEYS[t][0] == 0)
    u, shared = next((o, line) for o, line in NEIGHBOURS[t] if TRIANGLE_RIM_LINE[o] is None)
    lines[TRIANGLE_RIM_LINE[t]] = 0
    for line in set(TRIANGLE_LINES[t]) | set(TRIANGLE_LINES[u]):
        if line not in (shared, TRIANGLE_RIM_LINE[t]):
            lines[line] = "black"
    return lines, t, u


# --- the frame -------------------------------------------------------------------------------------


def test_png_is_the_standard_frame_and_small_for_every_player_count():
    for n in (2, 3, 4):
        png = minoa.render(make_view(n, lines=busy_lines(n), last_lines=[INTERIOR_LINES[5]]))
        assert png.startswith(PNG_SIGNATURE)
        assert struct.unpack(">II", png[16:24]) == (WIDTH, HEIGHT)
        assert len(png) < 300_000


def test_the_board_is_the_largest_hexagon_in_its_box():
    lay = minoa.board_layout()
    box = layout().board
    xs = [v[0] for v in lay.vertices]
    ys = [v[1] for v in lay.vertices]
    w, h = lay.pill
    assert box[0] <= min(xs) - w / 2 and max(xs) + w / 2 <= box[2]
    assert box[1] <= min(ys) - h / 2 and max(ys) + h / 2 <= box[3]
    # it fills the box in at least one direction (within the pills' padding)
    assert (box[2] - box[0]) - (max(xs) - min(xs) + w) <= 14 or (box[3] - box[1]) - (max(ys) - min(ys) + h) <= 14
    assert lay.unit >= 85


# --- point labels -------------------------------------------------------------------------------


def test_every_point_label_sits_on_its_own_dot_at_label_size():
    image, recorder = recorded(make_view(2, lines=busy_lines(2)))
    labels = {item.content: item for item in recorder.items if item.role == "label"}
    lay = minoa.board_layout()
    for v, name in enumerate(VERTEX_NAMES):
        item = labels[name]
        assert item.size >= LABEL
        cx, cy = (item.box[0] + item.box[2]) / 2, (item.box[1] + item.box[3]) / 2
        x, y = lay.vertices[v]
        # centred on the point itself, so it names the point and not a triangle beside it
        assert abs(cx - x) <= 3 and abs(cy - y) <= 6, (name, (cx, cy), (x, y))
        w, h = lay.pill
        assert item.box[0] >= x - w / 2 and item.box[2] <= x + w / 2, name
        assert item.box[1] >= y - h / 2 - 1 and item.box[3] <= y + h / 2 + 1, name


def test_no_stick_covers_a_label():
    """With every line taken, each pill still shows its own background left and right of the
    name: the sticks run under the pills."""
    lines = busy_lines(4, blacks=len(INTERIOR_LINES))
    view = make_view(4, lines=lines, last_lines=[RIM_CYCLE[3], INTERIOR_LINES[7]])
    image = drawn(view)
    lay = minoa.board_layout()
    w, _ = lay.pill
    for v in range(len(VERTEX_NAMES)):
        x, y = lay.vertices[v]
        for dx in (-(w / 2 - 5), w / 2 - 5):
            assert close(at(image, (x + dx, y)), DEFAULT_THEME.card, 10), (VERTEX_NAMES[v], dx)


# --- sticks, pieces, regions --------------------------------------------------------------------


def test_sticks_and_pieces_are_drawn_on_their_lines():
    lines, t, _ = two_triangle_region()
    image = drawn(make_view(2, lines=lines))
    lay = minoa.board_layout()
    black = next(l for l in INTERIOR_LINES if lines[l] == "black")
    assert close(at(image, lay.line_centres[black]), DEFAULT_THEME.stick, 20)
    empty = next(l for l in INTERIOR_LINES if lines[l] is None)
    assert not close(at(image, lay.line_centres[empty]), DEFAULT_THEME.stick, 60)
    # the red piece shows red between its seat mark and the pills
    rim = TRIANGLE_RIM_LINE[t]
    (ax, ay), (bx, by) = (lay.vertices[v] for v in LINE_ENDS[rim])
    length = ((bx - ax) ** 2 + (by - ay) ** 2) ** 0.5
    mx, my = lay.line_centres[rim]
    step = 19 / length
    assert close(at(image, (mx + (bx - ax) * step, my + (by - ay) * step)), common.PALETTE["red"], 20)


def test_claimed_region_is_tinted_and_carries_the_owner_mark():
    lines, t, u = two_triangle_region()
    view = make_view(2, lines=lines)
    region = next(r for r in view["regions"] if t in r["triangles"])
    assert region == {"triangles": sorted([t, u]), "owner": 0, "status": "claimed"}
    image = drawn(view)
    assert close(at(image, minoa.triangle_centroid(t)), DEFAULT_THEME.tint("red"))
    far = max(range(len(TRIANGLE_KEYS)), key=lambda o: abs(minoa.triangle_centroid(o)[0]
                                                            - minoa.triangle_centroid(t)[0]))
    assert close(at(image, minoa.triangle_centroid(far)), DEFAULT_THEME.board)
    # the mark goes in the inner triangle, in the owner's colour
    mx, my = minoa.region_mark_point(region["triangles"])
    assert (mx, my) == minoa.triangle_centroid(u)
    assert count_near(image, (mx - 12, my - 12, mx + 12, my + 12), common.PALETTE["red"]) > 150


def test_open_and_mixed_regions_are_neither_tinted_nor_marked():
    lines, t, u = two_triangle_region()
    view = make_view(2, lines=lines)
    for region in view["regions"]:
        region["status"], region["owner"] = "mixed", None
    image = drawn(view)
    assert close(at(image, minoa.triangle_centroid(t)), DEFAULT_THEME.board)
    mx, my = minoa.triangle_centroid(u)
    assert count_near(image, (mx - 12, my - 12, mx + 12, my + 12), common.PALETTE["red"]) == 0


def test_seats_are_told_apart_without_colour():
    """With every seat drawn in the same grey, a region of seat 1 and one of seat 2 (and their
    rim pieces) still look different: the marks carry shape and number."""
    grey = (128, 128, 128)
    theme = Theme(palette={**common.PALETTE, "red": grey, "blue": grey})
    lines, t, u = two_triangle_region()
    mine = make_view(2, lines=lines)
    theirs = make_view(2, lines=[1 if v == 0 else v for v in lines])
    assert any(r["owner"] == 1 for r in theirs["regions"])
    a, b = drawn(mine, theme=theme), drawn(theirs, theme=theme)
    lay = minoa.board_layout()
    for x, y in (minoa.region_mark_point(sorted([t, u])), lay.line_centres[TRIANGLE_RIM_LINE[t]]):
        box = (round(x - 14), round(y - 14), round(x + 14), round(y + 14))
        assert changed_pixels(a, b, box) > 40


def changed_pixels(a: Image.Image, b: Image.Image, box) -> int:
    histogram = ImageChops.difference(a.crop(box), b.crop(box)).convert("L").point(
        lambda v: 255 if v > 24 else 0).histogram()
    return histogram[255]


# --- the last action ----------------------------------------------------------------------------


def test_last_move_is_haloed_on_the_board_and_named_in_the_header():
    line = INTERIOR_LINES[40]
    lines = [None] * len(LINE_TRIANGLES)
    lines[line] = "black"
    plain = drawn(make_view(2, lines=lines))
    view = make_view(2, lines=lines, last_lines=[line])
    lit, recorder = recorded(view)
    lay = minoa.board_layout()
    x, y = lay.line_centres[line]
    near = (x - 30, y - 30, x + 30, y + 30)
    assert count_near(lit, near, DEFAULT_THEME.highlight, 30) > 200
    assert count_near(plain, near, DEFAULT_THEME.highlight, 30) == 0
    # its two end points get a ring of the highlight too
    for v in LINE_ENDS[line]:
        vx, vy = lay.vertices[v]
        w, h = lay.pill
        ring = (vx - w / 2 - 6, vy - h / 2 - 6, vx + w / 2 + 6, vy + h / 2 + 6)
        assert count_near(lit, ring, DEFAULT_THEME.highlight, 30) > 150
    # far from the line, nothing is highlighted on the board
    fx, fy = lay.line_centres[max(INTERIOR_LINES, key=lambda l: abs(lay.line_centres[l][0] - x))]
    assert count_near(lit, (fx - 40, fy - 40, fx + 40, fy + 40), DEFAULT_THEME.highlight, 30) == 0
    headline = [item.content for item in recorder.items if item.role == "headline"]
    assert view["last"]["notation"] in headline


def test_every_line_of_an_auto_fill_is_highlighted_and_counted_in_the_header():
    rims = [RIM_CYCLE[0], RIM_CYCLE[12], RIM_CYCLE[13]]
    lines = [None] * len(LINE_TRIANGLES)
    for line in rims:
        lines[line] = 1
    view = make_view(2, lines=lines, last_lines=rims)
    lit, recorder = recorded(view)
    lay = minoa.board_layout()
    for line in rims:
        x, y = lay.line_centres[line]
        assert count_near(lit, (x - 30, y - 30, x + 30, y + 30), DEFAULT_THEME.highlight, 30) > 100
    assert f"{view['last']['notation']} +2 auto" in [item.content for item in recorder.items]


# --- header and seat cards ----------------------------------------------------------------------


def test_header_and_cards_name_the_players_in_their_language():
    view = make_view(3, lines=two_triangle_region()[0], to_act=[1])
    view["decision"] = {"text": "minoa.decide.black_only", "params": {"black": 7}}
    _, recorder = recorded(view, names=["山田太郎", "Zoë", "Kenji"], lang="ja")
    texts = [item.content for item in recorder.items]
    assert "Zoëの番" in texts
    assert "黒い棒を置く(残りは黒い棒だけ、7本)" in texts
    assert "山田太郎" in texts and "Kenji" in texts
    assert "端のコマ 残り7個" in texts and "端のコマ 残り8個" in texts
    assert "黒い棒の残り" in texts and str(view["black_supply"]) in texts


def test_default_names_without_names():
    _, recorder = recorded(make_view(4))
    texts = [item.content for item in recorder.items]
    assert all(f"Player {i}" in texts for i in (1, 2, 3, 4))


def test_four_players_show_both_teams_and_their_totals():
    view = make_view(4, lines=busy_lines(4))
    view["team_scores"] = [31, 17]
    _, recorder = recorded(view)
    texts = [item.content for item in recorder.items]
    assert "31▲" in texts and "17▲" in texts and texts.count("Team") == 2


def test_the_acting_seat_changes_the_cards():
    lines = busy_lines(4)
    assert minoa.render(make_view(4, lines=lines, to_act=[0])) != minoa.render(make_view(4, lines=lines, to_act=[1]))


# --- the final image ----------------------------------------------------------------------------


def _gold_in_side(image: Image.Image) -> int:
    return count_near(image, layout().side, DEFAULT_THEME.gold, 8)


def _final(state, **options):
    from games.minoa import GAME as game

    return recorded(game.view(state, None), **options)


def test_a_team_draw_is_said_as_a_draw_and_crowns_no_seat():
    from tests.test_minoa_result import four_player_team_draw

    image, recorder = _final(four_player_team_draw(), names=["Ann", "Bo", "Cy", "Di"])
    texts = [item.content for item in recorder.items]
    assert "Game over · Draw: the teams tie 48-48" in texts
    assert texts.count("Draw") == 2  # on both team bands
    assert not any("wins" in t for t in texts)
    assert _gold_in_side(image) == 0


def test_a_team_win_crowns_the_winning_team_band():
    from tests.test_minoa_result import ROW_E, ZIGZAG, _path, final_state

    owner = {0: 0, 1: 2, 2: 0, 3: 3}
    state = final_state(4, lambda i: owner[i // 6], _path(ROW_E) + _path(ZIGZAG))
    image, recorder = _final(state, names=["Ann", "Bo", "Cy", "Di"])
    texts = [item.content for item in recorder.items]
    assert any(t.startswith("Game over · Team Ann + Cy wins") for t in texts)
    assert "Winner" in texts
    assert _gold_in_side(image) > 100


def test_a_two_player_draw_says_there_is_no_tie_break_and_crowns_nobody():
    from tests.test_minoa_result import two_player_draw

    image, recorder = _final(two_player_draw(), names=["Ann", "Bo"])
    texts = [item.content for item in recorder.items]
    assert "Game over · Draw" in texts
    assert "Minoa has no tie-break: every player has 48, a draw" in texts
    assert "1 regions = 48 triangles" in texts
    assert _gold_in_side(image) == 0


def test_a_plain_win_ranks_and_crowns_the_winner():
    view = make_view(2, lines=busy_lines(2), finished=True, ranks=[2, 1])
    view["result"]["outcome"] = "win"
    image, recorder = recorded(view, names=["Ann", "Bo"])
    texts = [item.content for item in recorder.items]
    assert "Game over · Bo wins" in texts and "#1" in texts and "#2" in texts
    assert _gold_in_side(image) > 100


# --- contract -----------------------------------------------------------------------------------


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


def test_dispatch_by_game_name():
    view = make_view(2)
    assert renderers.render("minoa", view) == minoa.render(view)
    assert renderers.render("minoa", view, names=["A", "B"], lang="ja") == minoa.render(view, names=["A", "B"],
                                                                                         lang="ja")
    assert renderers.has_renderer("minoa")


@pytest.mark.parametrize("name", ["no_such_game", "common", "", "../minoa", "_private", 3])
def test_unknown_game_raises_value_error(name):
    with pytest.raises(ValueError):
        renderers.render(name, make_view(2))
    assert not renderers.has_renderer(name)


def test_bad_views_raise_value_error():
    view = make_view(2)
    with pytest.raises(ValueError):
        minoa.render(dict(view, game="chess"))
    with pytest.raises(ValueError):
        minoa.render(dict(view, lines=view["lines"][:-1]))
    bad = list(view["lines"])
    bad[INTERIOR_LINES[0]] = 5
    with pytest.raises(ValueError):
        minoa.render(dict(view, lines=bad))
    bad = list(view["lines"])
    bad[RIM_CYCLE[0]] = 2  # a third seat in a two-player game
    with pytest.raises(ValueError):
        minoa.render(dict(view, lines=bad))


def test_selfplay_writes_standard_images(tmp_path):
    from games import cli

    out = io.StringIO()
    assert cli.main(["selfplay", "minoa", "--players", "4", "--seed", "3", "--out", str(tmp_path)], out=out,
                    stdin=io.StringIO()) == 0
    images = sorted(tmp_path.glob("*.png"))
    assert len(images) > 40
    for path in (images[0], images[len(images) // 2], images[-1]):
        with Image.open(path) as image:
            assert image.size == (WIDTH, HEIGHT)
