"""The renderers' shortcuts draw the very pixels of drawing everything (issue 11's speed work).

A render keeps what does not change in cached layers, regions and sprites (``renderers.common``:
``region``, ``Cut``, texts pasted over a flat header; Minoa's boards redrawn only where they
changed). While a recording runs every cache is bypassed and everything is drawn on the canvas,
so a recorded render is the reference: a render from warm caches, in play order, again, or
jumping about a game, must give the same image to the pixel.
"""

from __future__ import annotations

import gc
import importlib
import random
import weakref

import pytest
from PIL import Image, ImageChops, ImageDraw

import renderers
from games.registry import all_games
from renderers import common
from tests.play import random_game

NAMES = ["山田太郎", "Zoë Ångström", "Kenji", "Alexandria", "さくら"]
GAMES = sorted(g.name for g in all_games() if renderers.has_renderer(g.name))


def _draws(name: str):
    module = importlib.import_module(f"renderers.{name}")
    draws = [module.draw]
    if callable(getattr(module, "draw_detail", None)):
        draws.append(module.draw_detail)
    return draws


def _views(name: str, players: int, seed: int) -> list[dict]:
    """A window of consecutive states in the middle of a random game, its first and its last."""
    game = next(g for g in all_games() if g.name == name)
    states, _ = random_game(game, players, seed=seed)
    middle = len(states) // 2
    picked = [states[0], *states[max(1, middle - 8):middle + 8], states[-1]]
    return [game.view(state, None) for state in picked]


def _same(a: Image.Image, b: Image.Image, where: str) -> None:
    assert a.size == b.size, where
    box = ImageChops.difference(a.convert("RGB"), b.convert("RGB")).getbbox()
    assert box is None, f"{where}: the cached render differs from drawing everything in {box}"


@pytest.mark.parametrize("name", GAMES)
def test_renders_from_warm_caches_draw_what_drawing_everything_draws(name):
    game = next(g for g in all_games() if g.name == name)
    for players in sorted({game.min_players, game.max_players}):
        views = _views(name, players, seed=17 + players)
        names = NAMES[:players]
        for draw in _draws(name):
            references = []
            for view in views:
                with common.recording():
                    references.append(draw(view, names=names))
            where = f"{name} {players}p {draw.__name__}"
            for i, view in enumerate(views):  # in play order: each a move after the last
                _same(draw(view, names=names), references[i], f"{where} state {i}")
                _same(draw(view, names=names), references[i], f"{where} state {i} again")
            order = list(range(len(views)))
            random.Random(name).shuffle(order)
            for i in order:  # jumping about the game
                _same(draw(view := views[i], names=names), references[i], f"{where} state {i} out of order")
                assert view is views[i]


@pytest.mark.parametrize("name", GAMES)
def test_a_render_leaves_no_reference_cycle(name):
    """A canvas is freed as soon as it is encoded, so the next render reuses its memory instead
    of copying its base into fresh pages (a cycle kept Medina's canvases alive until a collection)."""
    game = next(g for g in all_games() if g.name == name)
    view = _views(name, game.max_players, seed=3)[8]
    enabled = gc.isenabled()
    gc.disable()
    try:
        for draw in _draws(name):
            draw(view, names=NAMES[:game.max_players])
            image = draw(view, names=NAMES[:game.max_players])
            alive = weakref.ref(image)
            del image
            assert alive() is None, f"{name} {draw.__name__}: the canvas outlives its render"
    finally:
        if enabled:
            gc.enable()


def _noisy(size: tuple[int, int], seed: int) -> Image.Image:
    rng = random.Random(seed)
    image = Image.new("RGB", size)
    image.putdata([(rng.randrange(256), rng.randrange(256), rng.randrange(256)) for _ in range(size[0] * size[1])])
    return image


@pytest.mark.parametrize("band", [4, 16, 64])
def test_a_cut_sprite_pastes_the_pixels_of_a_plain_paste(band):
    sprites = [
        common.seat_mark(30, 2, (27, 140, 118)),
        common.rounded_box_sprite(120, 60, (252, 249, 241), (205, 196, 178), 2.0, 12),
        common.rounded_box_sprite(90, 40, (26, 232, 255, 110), (26, 232, 255), 2.5, 10),
        common.crown_sprite(40, (246, 182, 10), (120, 90, 5)),
    ]
    stick = Image.new("RGBA", (60, 90), (0, 0, 0, 0))  # a slanted stick, solid in the middle
    ImageDraw.Draw(stick).line([(8, 8), (52, 82)], fill=(28, 28, 30, 255), width=9)
    sprites.append(stick.resize((30, 45), Image.Resampling.BOX))
    for n, sprite in enumerate(sprites):
        cut = common.Cut(sprite, band=band)
        for seed, xy in enumerate([(7, 9), (-5, 3), (40, -7)]):
            ground = _noisy((sprite.width + 40, sprite.height + 40), seed)
            expected = ground.copy()
            expected.paste(sprite, xy, sprite)
            got = ground.copy()
            got.load()
            cut.paste(got.im, xy)
            _same(got, expected, f"sprite {n} at {xy}")


def test_the_region_cache_is_bounded():
    cache = common.RegionCache(max_pixels=10_000)
    for i in range(50):
        cache.put(i, Image.new("RGB", (30, 30)))
    assert cache.pixels <= 10_000 and len(cache) == 11
    assert cache.get(49) is not None and cache.get(0) is None
