"""The Mafia de Cuba images, measured on recordings (``renderers.common.recording``).

The table and the reveal: every text below the header is at least 31 px on the 1100 px canvas
(10 px on a 360 px phone), for 6 and 12 players, in the theft, the investigation, the BANG window
and the reveal, in English and Japanese; every name and every seat number is drawn; nothing leaves
its box. The private picture: the holder sees the diamonds counted and each token kind left by
name, every text at least 20 px on its 720 px canvas; a seat's picture never shows another's take.
"""

from __future__ import annotations

import io
import itertools
import math

import pytest
from PIL import Image

from games.ai import choose_move
from games.registry import get_game
from games.rng import Rng
from renderers import common
from renderers import frame as fr
from renderers.mafia_de_cuba import (
    PRIVATE_W,
    draw,
    draw_private,
    render,
    render_private,
    table,
)
from tests.test_render_standard import _check_boxes
from tests.test_tournament_render import glyph_height_on_a_phone

G = get_game("mafia_de_cuba")
NAMES = ["山田太郎", "Zoë Łukasz", "Alexandria the Great", "さくら", "Bob", "Kenji", "Carol", "Dave", "Eve",
         "Frank", "ジョン・スミス", "Heidi"]
PHONE = 360 / fr.WIDTH
#: 10 px on a 360 px wide phone.
MINIMUM = 31


def history(players: int, seed: int = 5) -> list:
    state = G.new_game(players, {"cleaner": "replace", "godfather": "random"}, seed)
    states = [state]
    ply = 0
    while G.to_act(state):
        seat = min(G.to_act(state))
        state, _ = G.apply(state, seat, choose_move(G, state, seat, "basic", seed=ply))
        ply += 1
        states.append(state)
    return states


def moments(players: int) -> dict:
    """A state of each phase worth drawing: mid-theft, the last accusation (the most facts), the
    last BANG window, the end."""
    states = history(players)
    by_phase: dict[str, list] = {}
    for state in states:
        by_phase.setdefault(state.phase, []).append(state)
    assert by_phase.get("window"), "the Cleaner variant opens a window after each accusation"
    return {"theft": by_phase["theft"][len(by_phase["theft"]) // 2], "accuse": by_phase["accuse"][-1],
            "window": by_phase["window"][-1], "over": states[-1]}


def recorded(view: dict, names: list[str], lang: str):
    with common.recording() as recorder:
        image = draw(view, names=names, lang=lang)
    assert image.size == (fr.WIDTH, fr.HEIGHT)
    return [item for item in recorder.items if item.kind == "text"], recorder


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("players", [6, 12])
def test_every_text_below_the_header_reads_on_a_phone(players, lang):
    names = NAMES[:players]
    header = fr.layout(0).header[3]
    for label, state in moments(players).items():
        where = f"{players}p {label} {lang}"
        texts, recorder = recorded(G.view(state, None), names, lang)
        below = [item for item in texts if item.box[1] >= header - 1]
        assert len(below) >= players
        for item in below:
            assert item.size >= MINIMUM, f"{where}: {item.content!r} is {item.size * PHONE:.1f} px on a phone"
        assert glyph_height_on_a_phone(below, fr.WIDTH) >= 7, where
        _check_boxes((fr.WIDTH, fr.HEIGHT), recorder, where)
        drawn = " ".join(item.content for item in texts)
        for name in names:
            assert common.displayable(name)[:3] in drawn, f"{where}: {name!r} is not drawn"
        # every seat's number is on its mark, typed in `accuse 5`
        numbers = {item.content for item in below if item.role == "label"}
        assert numbers >= {str(s + 1) for s in range(players)}, where


def test_cards_go_clockwise_from_the_godfather_at_the_bottom_middle():
    for players in range(6, 13):
        for godfather in (0, players - 1):
            cards = table(players, godfather).cards
            assert len(set(cards)) == players
            gx0, gy0, gx1, _ = cards[godfather]
            assert gy0 == max(c[1] for c in cards) and abs((gx0 + gx1) / 2 - fr.WIDTH / 2) <= 1
            first, last = cards[(godfather + 1) % players], cards[(godfather - 1) % players]
            assert first[0] < gx0 and last[0] > gx0  # first player on his left, last on his right
            # one turn round the middle of the table, never back: the angle grows with the order
            cx, cy = fr.WIDTH / 2, (fr.layout(0).header[3] + fr.HEIGHT) / 2
            angles = []
            for k in range(players):
                x0, y0, x1, y1 = cards[(godfather + k) % players]
                angles.append(math.atan2((y0 + y1) / 2 - cy, (x0 + x1) / 2 - cx) % (2 * math.pi))
            turned = [(a - angles[0]) % (2 * math.pi) for a in angles]
            assert turned == sorted(turned), f"{players}p: the seats are not in the box's order"
            for a, c in itertools.combinations(cards, 2):  # no two cards overlap
                assert a[2] <= c[0] or c[2] <= a[0] or a[3] <= c[1] or c[3] <= a[1]


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_reveal_lists_every_role_and_the_outcome(lang):
    state = moments(12)["over"]
    view = G.view(state, None)
    texts, _ = recorded(view, NAMES, lang)
    drawn = " ".join(item.content for item in texts)
    from games.messages import translate

    for role in set(view["reveal"]["roles"]) - {"godfather"}:
        assert common.fit_text(translate(f"mafia.role.{role}", lang), size=32, width=10_000)[:4] in drawn, role
    assert translate(f"mafia.outcome.{view['result']['outcome']}", lang)[1:] in drawn  # capitalised on the image
    assert translate("mafia.render.winner", lang) in drawn
    if view["reveal"]["bag"] is None:
        assert translate("mafia.render.no_bag", lang) in drawn


def test_the_table_draws_only_the_public_view():
    """What a seat cannot see changes nothing: a state with the hidden takes shuffled among the
    seats that made them (``determinize``) gives the very same picture."""
    for label, state in moments(9).items():
        if label == "over":
            continue
        other = G.determinize(state, state.godfather, Rng(3))
        assert G.view(other, None) == G.view(state, None)
        assert render(G.view(state, None), names=NAMES[:9]) == render(G.view(other, None), names=NAMES[:9])
        assert render(G.view(state, 2), names=NAMES[:9]) == render(G.view(state, None), names=NAMES[:9])


# --- the private picture ----------------------------------------------------------------------------


def private_texts(private: dict, lang: str = "en", name: str | None = None):
    with common.recording() as recorder:
        image = draw_private(private, name=name, lang=lang)
    assert image.size == (720, 480)
    texts = [item for item in recorder.items if item.kind == "text"]
    _check_boxes((720, 480), recorder, f"private {private.get('seat')} {lang}")
    for item in texts:
        assert item.size * 360 / PRIVATE_W >= 10, f"{item.content!r} is {item.size} px on the 720 px canvas"
    return " ".join(item.content for item in texts)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_holder_sees_the_diamonds_and_each_token_kind(lang):
    from games.messages import translate, translate_count

    states = history(12)
    thefts = [s for s in states if s.phase == "theft"]
    for state in (thefts[0], thefts[len(thefts) // 2], thefts[-1]):
        private = G.private_view(state, state.holder)
        drawn = private_texts(private, lang, NAMES[state.holder])
        assert translate_count("mafia.private_image.diamonds", lang, state.box) in drawn
        assert common.displayable(NAMES[state.holder])[:3] in drawn
        for kind, count in private["box"]["tokens"].items():
            assert f"{translate(f'mafia.token.{kind}', lang)} ×{count}" in drawn
        first = G.private_view(thefts[0], thefts[0].holder)
        if private is first or state is thefts[0]:
            assert translate("mafia.private.may_bag", lang).replace("`", "")[:12] in drawn
    last = G.private_view(thefts[-1], thefts[-1].holder)
    assert last["last"] and translate("mafia.private.may_nothing", lang).replace("`", "")[:12] in \
        private_texts(last, lang)


def test_a_seats_picture_never_holds_another_seats_take():
    """After the theft, two henchmen with different takes: each picture names its own take and
    not the other's; changing the other's take changes nothing in the picture."""
    from games.messages import translate

    state = next(s for s in history(12) if s.phase == "testimony")
    order = [(state.godfather + k) % 12 for k in range(1, 12)]
    takes = {s: state.takes[s] for s in order}

    def words(take) -> str:
        what, k = take
        if what == "diamonds":
            return translate("mafia.private.took_diamonds", "en", count=k)
        return translate("mafia.private.took", "en", what=translate(f"mafia.token.{what}", "en"))

    a, b = next((a, b) for a in order for b in order if a < b and words(takes[a]) != words(takes[b]))
    drawn_a, drawn_b = private_texts(G.private_view(state, a)), private_texts(G.private_view(state, b))
    assert words(takes[a]) in drawn_a and words(takes[b]) not in drawn_a
    assert words(takes[b]) in drawn_b and words(takes[a]) not in drawn_b
    later = max(a, b, key=order.index)  # its take comes after the other's look at the box
    earlier = a if later == b else b
    changed = list(state.takes)
    changed[later] = ("nothing", 0) if state.takes[later] != ("nothing", 0) else ("loyal", 0)
    twin = state.with_(takes=tuple(changed))
    assert render_private(G.private_view(twin, earlier)) == render_private(G.private_view(state, earlier))


def test_private_pictures_for_every_kind_of_seat():
    """The Godfather setting diamonds aside, at the end with the box back; a seat before its turn;
    every one a PNG with readable text. An empty view draws nothing."""
    states = history(6)
    hide, end = states[0], states[-1]
    assert hide.phase == "hide"
    for state, seat in ((hide, hide.godfather), (end, end.godfather), (hide, (hide.godfather + 2) % 6)):
        private = G.private_view(state, seat)
        for lang in ("en", "ja"):
            private_texts(private, lang)
        png = render_private(private, name="Zoë Łukasz")
        assert Image.open(io.BytesIO(png)).size == (720, 480)
    import renderers

    assert renderers.has_private("mafia_de_cuba")
    assert render_private({}) is None


def test_render_refuses_other_views():
    with pytest.raises(ValueError):
        render({"game": "medina"})


def test_cards_pasted_from_the_cache_are_the_cards_drawn():
    state = moments(12)["accuse"]
    view = G.view(state, None)
    with common.recording():
        fresh = draw(view, names=NAMES, lang="ja").tobytes()
    draw(view, names=NAMES, lang="ja")
    assert draw(view, names=NAMES, lang="ja").tobytes() == fresh


# --- issue 28: the last move, the tokens, the waiting list, the examples, the shooter -------------


def _header_texts(view: dict, lang: str = "en") -> list[str]:
    texts, _ = recorded(view, NAMES[:view["players"]], lang)
    header = fr.layout(0).header[3]
    return [item.content for item in texts if item.box[3] <= header + 1]


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_header_shows_every_kind_of_last_move_with_its_seat(lang):
    from renderers.mafia_de_cuba import last_words

    states = history(12)
    seen = set()
    for before, after in zip(states, states[1:]):
        last = G.view(after, None)["last"]
        if last is None or after.phase == "over" or last == G.view(before, None)["last"]:
            continue
        kind = last["verb"] + ("" if last["verb"] != "accused" or "outcome" in last else "-pending")
        seen.add(kind)
        words = last_words(last, lang)
        drawn = _header_texts(G.view(after, None), lang)
        assert any(words[:12] in content for content in drawn), (kind, words, drawn)
        if last["verb"] == "took":  # a take tells nothing of what was taken
            assert set(last) == {"seat", "verb"}
    assert {"hid", "took", "said", "accused"} <= seen, seen


def _first_bang(seed: int):
    """The table just after the Cleaner fires at the first window where it may (whatever the AI
    would choose), or ``None`` when that shot ends the game or no window comes."""
    state, ply = G.new_game(12, {"cleaner": "replace", "godfather": "random"}, seed), 0
    while G.to_act(state):
        shooters = [s for s in sorted(G.to_act(state)) if state.phase == "window"
                    and any(G.format_move(state, m) == "bang" for m in G.legal_moves(state, s))]
        if shooters:
            state, _ = G.apply(state, shooters[0], G.parse_move(state, "bang", shooters[0]))
            return state if state.phase != "over" else None
        seat = min(G.to_act(state))
        state, _ = G.apply(state, seat, choose_move(G, state, seat, "basic", seed=ply))
        ply += 1
    return None


def test_a_bang_names_the_shooter_on_the_felt_and_the_header():
    """A shot whose shooter is out with it (its card then says whom it shot)."""
    shots = (_first_bang(seed) for seed in range(20))
    shot = next(s for s in shots if s is not None and s.eliminated[s.accusations[-1]["by"]])
    entry = shot.accusations[-1]
    view = G.view(shot, None)
    assert view["last"]["verb"] == "shot" and view["last"]["seat"] == entry["by"]
    texts, _ = recorded(view, NAMES, "en")
    drawn = " ".join(item.content for item in texts)
    assert f"BANG by #{entry['by'] + 1}" in drawn and f"Shot #{entry['seat'] + 1}" in drawn
    assert f"BANG → #{entry['seat'] + 1}" in drawn, (entry, [t.content for t in texts])  # the shooter's card


def test_claims_say_what_T_means_and_the_waiting_list_counts_the_rest():
    states = history(12)
    testimony = next(s for s in states if s.phase == "testimony" and any(c is not None for c in s.claims))
    texts, _ = recorded(G.view(testimony, None), ["Ана Петрова Сидоренко"] * 12, "en")
    drawn = [item.content for item in texts]
    assert "◆ diamonds · T tokens" in drawn
    waiting = len(G.to_act(testimony))
    header = next(content for content in drawn if content.startswith("Waiting on"))
    shown = header[len("Waiting on "):header.rindex(" +")].count(", ") + 1  # a long first name is cut, not the count
    assert header.startswith("Waiting on Ана") and header.endswith(f"+{waiting - shown} more"), header


def test_the_holders_examples_are_moves_it_may_play():
    from renderers.mafia_de_cuba.private import _private_lines

    states = history(12)
    for state in (s for s in states if s.phase == "theft"):
        private = G.private_view(state, state.holder)
        legal = {G.format_move(state, m) for m in G.legal_moves(state, state.holder)}
        for line in _private_lines(private, "en"):
            for example in line.split("`")[1::2]:
                if not example.startswith("bag"):
                    assert example in legal, (example, private["box"])
    # a box of one diamond and no token: the example takes that one, not two
    one = next(s for s in (st.with_(box=1, tokens=(0, 0, 0, 0)) for st in states if st.phase == "theft"))
    lines = _private_lines(G.private_view(one, one.holder), "en")
    assert any("`take 1`" in line for line in lines) and not any("take 2" in line for line in lines)
