"""Fixed PNG palettes, one per kind of board image, so encoding maps colours instead of
quantizing every image afresh.

``encode_png`` used to quantize each board (Pillow's fast octree, about 5 ms for 1100 x 800) and
then deflate it. A board of one game always uses the same colours: the theme's (seat colours,
their tints and outlines, ink, card, board, highlight), the game's own, and the anti-aliased
edges between them. So each kind of image gets one 256-colour palette, built offline from many
renders of random games (:func:`build`) and shipped in ``palettes.json``; mapping an image onto it
takes about 1 ms. The theme's colours are always in it (Pillow maps through a cache of 64 levels per
channel, so two colours closer than 4 levels may meet: white 255 draws as the palette's 250); the rest are the octree colours of
the sample renders, the most common first. ``tests/test_render_standard.py`` checks over fresh
random games that the mapped images stay as close to the drawing as a per-image quantize does.

A theme other than :data:`~renderers.common.DEFAULT_THEME` has no shipped palette: its images are
quantized one by one as before.

Regenerate after changing a game's colours or look (the test above says when):

    PYTHONPATH=. python3 -m renderers.palettes
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from functools import lru_cache
from pathlib import Path

from PIL import Image

from renderers.common import DEFAULT_THEME, RGB, Theme, darker, ink_on

PALETTES_FILE = Path(__file__).resolve().parent / "palettes.json"


def key_colours(theme: Theme = DEFAULT_THEME) -> list[RGB]:
    """The theme's colours every game may paint in flat areas: kept exactly in every palette."""
    keys: list[RGB] = [theme.background, theme.board, theme.board_edge, theme.grid, theme.dot, theme.label,
                       theme.text, theme.muted, theme.card, theme.card_edge, theme.stick, theme.highlight,
                       theme.gold, theme.silver, darker(theme.gold, 0.5), ink_on((0, 0, 0)), ink_on((255, 255, 255))]
    for name, rgb in theme.palette.items():
        keys += [rgb, theme.tint(name), theme.outline(name), darker(rgb, 0.5), ink_on(rgb)]
    return list(dict.fromkeys(tuple(int(v) for v in k[:3]) for k in keys))  # type: ignore[misc]


def build(images: Sequence[Image.Image], keys: Iterable[RGB] = (), *, colours: int = 256,
          spread: int = 4, flats: int = 64) -> list[RGB]:
    """A palette of at most ``colours`` for images like ``images`` (RGB): ``keys`` exactly, then
    the (at most ``flats``) colours that each cover 0.1 % of the images, then the fast-octree colours of all the images together, most pixels first, skipping any within
    ``spread`` (RGB distance) of one already chosen."""
    width = max(image.width for image in images)
    mosaic = Image.new("RGB", (width, sum(image.height for image in images)))
    y = 0
    for image in images:
        mosaic.paste(image.convert("RGB"), (0, y))
        y += image.height
    quantized = mosaic.quantize(colours, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    flat = quantized.getpalette() or []
    candidates = [tuple(flat[3 * i:3 * i + 3]) for _, i in sorted(quantized.getcolors(colours) or [], reverse=True)]
    counts = sorted(mosaic.getcolors(mosaic.width * mosaic.height) or [], reverse=True)
    # the flat fills exactly: colours that cover at least 1/1000 of the samples each
    common_ = [rgb for count, rgb in counts if count * 1000 >= mosaic.width * mosaic.height]
    chosen: list[RGB] = list(dict.fromkeys([*keys, *common_[:flats]]))[:colours]
    for candidate in candidates:
        if len(chosen) >= colours:
            break
        if all(sum((a - b) ** 2 for a, b in zip(candidate, c)) > spread * spread for c in chosen):
            chosen.append(candidate)  # type: ignore[arg-type]
    return chosen


def palette_image(colours: Sequence[RGB]) -> Image.Image:
    """A ``P`` image carrying ``colours``, for ``Image.quantize(palette=...)``."""
    image = Image.new("P", (1, 1))
    flat = [v for rgb in colours for v in rgb]
    image.putpalette(flat + flat[-3:] * (256 - len(colours)))  # pad with the last colour, never black
    return image


@lru_cache(maxsize=1)
def _shipped() -> dict[str, str]:
    try:
        return json.loads(PALETTES_FILE.read_text())
    except FileNotFoundError:
        return {}


@lru_cache(maxsize=16)
def _image(kind: str) -> Image.Image | None:
    data = _shipped().get(kind)
    if not data:
        return None
    raw = bytes.fromhex(data)
    return palette_image([tuple(raw[i:i + 3]) for i in range(0, len(raw), 3)])  # type: ignore[misc]


def fixed(kind: str, theme: Theme = DEFAULT_THEME) -> Image.Image | None:
    """The shipped palette of image kind ``kind`` (a game's name, ``"<game>.full"`` for its full
    board) for ``theme``; ``None`` (quantize each image) for another theme or an unknown kind."""
    return _image(kind) if theme is DEFAULT_THEME else None


# --- regenerating palettes.json ---------------------------------------------------------------

NAMES = ["山田太郎", "Zoë Ångström-Łukasz", "Kenji", "Alexandria the Magnificent", "さくら"]
#: Seeds of the sample games (the test checks the palettes on other seeds).
SEEDS = (1, 2)


def samples(game_name: str, detail: bool = False, seeds: Sequence[int] = SEEDS,
            fractions: Sequence[float] = (0.0, 0.25, 0.5, 0.75, 1.0)) -> list[Image.Image]:
    """Drawings (RGB, before encoding) of random games of ``game_name`` at every player count, in
    English and Japanese, at a few points of each game."""
    import importlib

    from games.ai import choose_move
    from games.registry import get_game

    game = get_game(game_name)
    module = importlib.import_module(f"renderers.{game_name}")
    draw = module.draw_detail if detail else module.draw
    images = []
    for players in range(game.min_players, game.max_players + 1):
        for seed in seeds:
            state = game.new_game(players, {}, seed)
            history = [state]
            while game.to_act(state):
                seat = min(game.to_act(state))
                move = choose_move(game, state, seat, "random", seed=seed * 1000 + len(history))
                state, _ = game.apply(state, seat, move)
                history.append(state)
            for i, fraction in enumerate(fractions):
                view = game.view(history[min(len(history) - 1, int(len(history) * fraction))], None)
                images.append(draw(view, names=NAMES[:players], lang="ja" if i % 2 else "en"))
    return images


def kinds() -> list[tuple[str, str, bool]]:
    """Every image kind with a renderer: (kind, game name, full board?)."""
    import renderers
    from games.registry import all_games

    out = []
    for game in sorted(all_games(), key=lambda g: g.name):
        if renderers.has_renderer(game.name):
            out.append((game.name, game.name, False))
            if renderers.has_detail(game.name):
                out.append((f"{game.name}.full", game.name, True))
    return out


def main() -> None:
    palettes = {}
    for kind, game_name, detail in kinds():
        colours = build(samples(game_name, detail), key_colours())
        palettes[kind] = bytes(v for rgb in colours for v in rgb).hex()
        print(f"{kind}: {len(colours)} colours")
    PALETTES_FILE.write_text(json.dumps(palettes, indent=1, sort_keys=True) + "\n")


if __name__ == "__main__":
    main()
