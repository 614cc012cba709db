"""Every icon a player must read to play is explained on the image (issue 28): Middle Ages' lord,
farmers, chests and graveyard; Madeira's less obvious card icons, its last move and its final in
players' words; Medina's tower merchants and wall arms, palace tiles that cannot pass for a seat's
mark, a one-building palace's colour left showing round its roof; Minoa's "1 region"."""

from __future__ import annotations

import pytest

import renderers
from games.madeira import GAME as madeira
from games.medina import GAME as medina
from games.messages import translate
from games.middle_ages import GAME as middle_ages
from games.minoa import GAME as minoa
from renderers import common
from tests.play import random_game
from tests.test_render_medina import centre, force, new
from tests.test_render_medina import recorded as medina_recorded


def drawn(game, view, lang="en") -> str:
    with common.recording() as recorder:
        renderers.render(game, view, lang=lang)
    return " | ".join(item.content for item in recorder.items if item.kind == "text")


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_middle_ages_explains_the_lord_farmers_chests_and_graveyard(lang):
    states, _ = random_game(middle_ages, 3, seed=4)
    texts = drawn("middle_ages", middle_ages.view(states[20], None), lang)
    for key in ("lord", "farmers", "chests", "graveyard"):
        assert translate(f"middle_ages.board.legend.{key}", lang) in texts, key


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_madeira_explains_its_icons_and_says_the_last_move_and_the_final_in_words(lang):
    states, _ = random_game(madeira, 4, seed=2)
    view = madeira.view(states[150], None)
    texts = drawn("madeira", view, lang)
    for key in ("sugar", "markers", "mill", "favors"):
        assert translate(f"madeira.board.legend.{key}", lang) in texts, key
    words = view["last"]["words"][lang]
    assert words[1:10] in texts and f" {view['last']['move']} " not in f" {texts} "
    final = drawn("madeira", madeira.view(states[-1], None), lang)
    assert translate("madeira.board.col.goods", lang) == ("Reals" if lang == "en" else "レアル")
    assert translate("madeira.board.col.goods", lang) in final
    assert translate("madeira.board.final.pirate_rule", lang)[:20] in final  # what "−18" comes from


def test_medina_explains_merchants_and_wall_arms_and_palace_tiles_are_not_seat_marks():
    from renderers.medina.pieces import _tile_sprite

    view = medina.view(new(3, start_merchant="n9"), None)
    texts = medina_recorded(view)[2]
    assert "merchants" in texts and "tower 1, east" in texts
    # a palace tile worth 3 reads "+3" (its points), never a bare "3" like seat 3's mark
    brown = (120, 80, 40)
    assert _tile_sprite.__wrapped__(40, brown, "3", False).tobytes() == \
        _tile_sprite.__wrapped__(40, brown, "+3", False).tobytes()


def test_a_one_building_palace_shows_its_colour_round_its_roof():
    from renderers.medina.pieces import BUILDING_RGB

    state = force(new(3, start_merchant="n9"), "0 brown E5", "0 roof E5")
    view = medina.view(state, None)
    image = medina_recorded(view)[0]
    (x, y), lay = centre(view, "E5")
    c = lay.cell
    brown = BUILDING_RGB["brown"]
    cell = image.crop((round(x - c / 2), round(y - c / 2), round(x + c / 2), round(y + c / 2)))
    shown = sum(1 for px in range(cell.width) for py in range(cell.height)
                if sum(abs(a - b) for a, b in zip(cell.getpixel((px, py)), brown)) < 40)
    assert shown >= c * c * 0.15, f"only {shown} brown pixels of {c * c}: the roof hides the palace's colour"


def test_minoa_says_one_region_not_one_regions():
    states, _ = random_game(minoa, 4, seed=2)
    for state in states[::4]:
        texts = drawn("minoa", minoa.view(state, None))
        if "region" in texts and ("1 region claimed" in texts or "1 regions" in texts):
            break
    else:
        pytest.fail("no seat ever had one region")
    assert "1 region claimed" in texts and "1 regions" not in texts
