"""Property tests over random legal Medina games (hypothesis chooses every move, so it can shrink).

Every player count and edition: games end, the rules' invariants hold after every placement,
states survive JSON, every legal move survives format -> parse, the record replays through
``python -m games replay`` to the same final state, and no view leaks another seat's screen.
"""

from __future__ import annotations

import io
import itertools
import json
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games import cli
from games.errors import AmbiguousMove, IllegalMove, MalformedMove, MoveError
from games.medina import GAME as medina
from games.medina import rules, scoring
from games.medina.placement import has_placement, scan
from games.medina.state import (
    BUILDING_KINDS,
    MERCHANT,
    NEUTRAL,
    ROOF,
    STABLE,
    WALL,
    initial_supply,
)
from games.rng import Rng
from renderers import render as render_game
from renderers.medina import board_layout, draw, render
from tests.fuzz import attempt

MODES = [(2, 2), (3, 1), (3, 2), (4, 1), (4, 2)]  # (players, edition)

options = st.fixed_dictionaries({
    "well": st.sampled_from(["on", "off"]),
    "tea": st.sampled_from(["on", "off"]),
    "tower_reclaim_per_arm": st.sampled_from(["on", "off"]),
    "neutral_mode": st.sampled_from(["block", "ignore"]),
    "e2_opening_single_placements": st.sampled_from(["on", "off"]),
    "last_roof_rule": st.sampled_from(["off", "boardspace", "no_other_roofs"]),
})


def check_invariants(state) -> None:
    geo = state.geo
    n = state.num_players
    start = initial_supply(state.edition, n)
    # Supplies: never negative, and exactly what the public record says (every screen is deducible).
    for seat in range(n):
        supply, placed = state.supply[seat], state.placed[seat]
        assert min(supply) >= 0
        assert supply == rules.public_supply(state, seat)
        for kind in range(9):
            extra = state.gained[seat] if kind == MERCHANT else 0
            removed = start[kind] - placed[kind] if kind in BUILDING_KINDS and state.edition == 2 \
                and state.closed[kind] else 0
            assert supply[kind] + placed[kind] + removed == start[kind] + extra
    # Palaces: connected buildings of one colour, stables attached, never touching each other.
    owner_of = {}
    for pid, palace in enumerate(state.palaces):
        cells = set(palace.buildings)
        seen, todo = {palace.buildings[0]}, [palace.buildings[0]]
        while todo:
            for j in geo.n4[todo.pop()]:
                if j in cells and j not in seen:
                    seen.add(j)
                    todo.append(j)
        assert seen == cells, "a palace's buildings are orthogonally connected"
        for stable in palace.stables:
            assert any(j in cells for j in geo.n4[stable]), "a stable touches a building of its palace"
        for piece in palace.pieces:
            assert geo.is_city[piece] and piece not in state.blocked
            owner_of[piece] = pid
        if palace.owner is not None and palace.owner >= 0:
            assert sum(1 for p in state.palaces if p.owner == palace.owner and p.colour == palace.colour) == 1
    for piece, pid in owner_of.items():
        for j in geo.n8[piece]:
            assert owner_of.get(j, pid) == pid, "palaces never touch, not even diagonally"
    s = scan(state)
    for colour in BUILDING_KINDS:
        opened = [pid for pid in s.unroofed if state.palaces[pid].colour == colour and pid in s.by_palace]
        assert len(opened) <= 1, "at most one open palace per colour"
    # Merchant lines are paths of orthogonal steps; walls leave every side's gate open.
    for line in state.lines:
        assert all(b in geo.n4[a] for a, b in itertools.pairwise(line))
        assert state.well not in line
    for a, b in ((0, 4), (1, 7), (2, 6), (3, 5)):  # the two arms of each side: 1E/3W, 1S/4N, 2W/4E, 2N/3S
        assert state.arms[a] + state.arms[b] <= len(geo.arm_cells[a]) - 1
    assert sum(state.arms) == sum(p[WALL] for p in state.placed)
    # Tiles: a palace tile sits on a largest owned palace of its colour; towers on a palace that used them.
    for colour, pid in enumerate(state.palace_tile):
        if pid is not None:
            sizes = [p.size for p in state.palaces if p.colour == colour and rules.counts_for_tiles(state, p)]
            assert state.palaces[pid].size == max(sizes)
    for tower, holder in enumerate(state.tower_holder):
        if holder is not None:
            assert any(p.owner == holder and p.used for p in state.palaces)
    assert sum(state.tea) + state.tea_pool <= 6 and min(state.tea) >= 0
    assert min(scoring.scores(state)) >= 0
    # The seat asked to act can act.
    if not state.finished:
        assert medina.legal_moves(state, state.turn)
    else:
        assert not any(has_placement(state, seat) for seat in range(n))


def check_views(state) -> None:
    """Public view without screens; each seat's view holds its own screen and nobody else's."""
    n = state.num_players
    public = medina.view(state, None)
    assert "screen" not in public
    text = json.dumps(public, sort_keys=True)
    for seat in range(n):
        mine = medina.view(state, seat)
        assert mine["screen"] == medina.private_view(state, seat)
        assert {k: v for k, v in mine.items() if k not in ("screen", "seat")} == \
            {k: v for k, v in public.items() if k != "seat"}
    # Changing a hidden count of one seat changes neither the public view nor the others' views.
    hidden = replace(state, supply=[list(s) for s in state.supply], _legal={})
    hidden.supply[0][MERCHANT] += 1
    hidden.supply[0][STABLE] += 2
    assert json.dumps(medina.view(hidden, None), sort_keys=True) == text
    for seat in range(1, n):
        assert medina.view(hidden, seat) == medina.view(state, seat)


@pytest.mark.parametrize("players,edition", MODES)
@settings(max_examples=16)
@given(opts=options, data=st.data())
def test_random_games_end_keep_invariants_round_trip_and_replay(players, edition, opts, data):
    opts = dict(opts, edition=str(edition))
    if edition == 1:  # the well and tea are edition-2 modules (set-up refuses them in edition 1)
        opts.update(well="off", tea="off")
    seed = data.draw(st.integers(0, 1000), label="seed")
    state = medina.new_game(players, opts, seed)
    record = []
    for ply in range(600):
        if not medina.to_act(state):
            break
        (seat,) = medina.to_act(state)
        legal = medina.legal_moves(state, seat)
        assert legal, "a seat asked to act must have a legal move (passes are automatic)"
        if ply % 23 == 0:
            for move in legal:  # every legal move survives format -> parse
                assert medina.parse_move(state, medina.format_move(state, move), seat) == move
        move = legal[data.draw(st.integers(0, len(legal) - 1), label="move")]
        record.append(f"{seat} {medina.format_move(state, move)}")
        state, events = medina.apply(state, seat, move)
        assert all(e.seats is None for e in events)  # nothing said here is a secret
        check_invariants(state)
        if ply % 9 == 0:
            assert medina.state_from_json(json.loads(json.dumps(medina.state_to_json(state)))) == state
            check_views(state)
            assert medina.determinize(state, seat, Rng(ply)) == state
    assert medina.result(state) is not None, "the game must end"
    assert medina.state_from_json(json.loads(json.dumps(medina.state_to_json(state)))) == state

    out = io.StringIO()
    args = ["replay", "medina", "--players", str(players), "--seed", str(seed), "--moves", "-"]
    for key, value in opts.items():
        args += ["--option", f"{key}={value}"]
    code = cli.main(args, out=out, stdin=io.StringIO("\n".join(record)))
    replayed = json.loads(out.getvalue())
    assert code == 0 and replayed["ok"] and replayed["applied"] == len(record)
    assert replayed["finished"] and replayed["state"] == medina.state_to_json(state)
    result = medina.result(state)
    assert (replayed["scores"], replayed["ranks"]) == (result.scores, result.ranks)


def test_public_view_and_image_are_identical_when_only_hidden_supplies_differ():
    states, _ = random_game_states(3, {"well": "on", "tea": "on"}, seed=8)
    state = states[len(states) // 2]
    other = replace(state, supply=[list(s) for s in state.supply], _legal={})
    for seat in range(3):
        for kind in (*BUILDING_KINDS, STABLE, MERCHANT, WALL):
            other.supply[seat][kind] += seat + kind + 1
    assert [s[ROOF] for s in other.supply] == [s[ROOF] for s in state.supply]
    assert [s[NEUTRAL] for s in other.supply] == [s[NEUTRAL] for s in state.supply]
    a, b = medina.view(state, None), medina.view(other, None)
    assert json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)
    assert render(a) == render(b)
    assert medina.view(state, 0)["screen"] != medina.view(other, 0)["screen"]


def test_determinize_rebuilds_other_screens_from_public_information_only():
    states, _ = random_game_states(4, {}, seed=2)
    state = states[90]
    scrambled = replace(state, supply=[[99] * 9 if s != 1 else list(state.supply[1]) for s in range(4)], _legal={})
    seen = medina.determinize(scrambled, 1, Rng(0))
    assert seen.supply == state.supply  # the real screens, worked out without reading them


def random_game_states(players, options, seed):
    from tests.play import random_game

    return random_game(medina, players, options, seed)


@pytest.mark.parametrize("players,options", [(2, {"well": "on", "tea": "on"}), (3, {"well": "on"}), (4, {"edition": "1"})])
def test_the_board_image_of_both_sides_is_light_and_reads_only_the_view(players, options):
    states, _ = random_game_states(players, options, seed=3)
    for state in (states[0], states[len(states) // 2], states[-1]):
        view = medina.view(state, None)
        png = render_game("medina", view)
        assert png.startswith(b"\x89PNG\r\n\x1a\n") and len(png) < 300_000
        image = draw(view)
        assert image.size == (1100, 800)
        side = board_layout(view["width"], view["height"])
        assert side.cell >= 38 and side.legend[3] <= 800
        # A seat's own view draws the same public picture: the screen is never drawn.
        assert render(medina.view(state, 1)) == png
    with pytest.raises(ValueError, match="not a Medina view"):
        render({"game": "minoa"})
    with pytest.raises(ValueError, match="lacks"):
        render({"game": "medina"})


@pytest.mark.parametrize("players,args", [
    (2, ["--option", "well=on", "--option", "tea=on"]),
    (3, ["--option", "edition=1"]),
    (4, ["--option", "edition=1", "--option", "tower_reclaim_per_arm=on"]),
    (4, []),
])
def test_selfplay_plays_whole_games_for_every_mode(players, args):
    out = io.StringIO()
    code = cli.main(["selfplay", "medina", "--players", str(players), "--seed", "5", *args], out=out)
    data = json.loads(out.getvalue())
    assert code == 0 and data["ok"] and data["finished"] and len(data["ranks"]) == players


def test_selfplay_record_and_images_replay_to_the_same_state(tmp_path):
    out = io.StringIO()
    args = ["--players", "3", "--seed", "9", "--option", "well=on", "--option", "tea=on"]
    assert cli.main(["selfplay", "medina", *args, "--out", str(tmp_path)], out=out) == 0
    final = json.loads(out.getvalue())
    record = (tmp_path / "record.txt").read_text(encoding="utf-8")
    assert record.startswith("# medina --players 3 --seed 9")
    assert (tmp_path / "move-000.png").read_bytes().startswith(b"\x89PNG")
    assert (tmp_path / f"move-{final['applied']:03d}.png").exists()
    again = io.StringIO()
    assert cli.main(["replay", "medina", *args, "--moves", str(tmp_path / "record.txt")], out=again) == 0
    assert json.loads(again.getvalue())["state"] == final["state"]


# -- hostile input (issue 12.6): parse + apply either plays a move or refuses it cleanly ---------------

#: Texts a player (or a script) might send: odd digits, control and invisible characters, huge
#: numbers and strings, whitespace runs, emoji, and near misses of the notation.
HOSTILE = [
    "²", "f²", "roof f²", "f٣", "wall ٣e", "f⑦", "Ⅻ", "f七", "ｆ７", "orange Ｆ１１", "wall １Ｅ",
    "9" * 5000, "f" + "9" * 5000, "wall 1" + "9" * 5000, "orange f" + "1" * 5000,
    "\x00", "roof\x00f7", "orange f7\x00", "\x1b[31morange f7", "\u200bf7", "roof\u202ef7", "\ufeffwall 1e",
    "a" * 10_000, " " * 10_000 + "f7", "f7" + "\t" * 10_000, "roof" + " " * 5000 + "f7",
    "🙂", "roof 🙂", "🙂 f7", "wall 🧱", "tea🍵", "", " ", "\n", "-", "f-7", "f 7", "wall", "roof", "tea tea",
    "wall 1 e 1 e", "wall 5e", "wall 1x", "orange a0", "orange q99", "orange 1e", "black f7", "purple f7",
    "{text}", "{0}", "%s", "medina.reason.format",
]
_FRAGMENTS = ["orange", "grey", "roof", "neutral", "stable", "merchant", "wall", "tea", "building", "屋根", "ティー",
              " ", "  ", "\t", "f7", "F", "7", "11", "1e", "2", "W", "²", "٣", "７", "Ｆ", "\x00", "\u200b", "\u202e",
              "🙂", "-", "9" * 300, "ß", "İ"]
hostile_text = st.one_of(
    st.sampled_from(HOSTILE),
    st.text(max_size=70),
    st.lists(st.sampled_from(_FRAGMENTS), max_size=6).map("".join),
    st.integers(1, 6000).map(lambda n: "merchant f" + "9" * n),
)
#: Positions reached by random play in several modes (built once, on first use).
_POOL: list = []


def state_pool():
    if not _POOL:
        for players, options, seed in ((2, {"well": "on", "tea": "on"}, 4), (3, {"edition": "1"}, 5),
                                       (4, {}, 6), (3, {"last_roof_rule": "no_other_roofs", "tea": "on"}, 7)):
            states, _ = random_game_states(players, options, seed)
            _POOL.extend(states[::6] + [states[-1]])
    return _POOL


@settings(max_examples=250)
@given(data=st.data())
def test_hostile_text_and_moves_of_other_positions_are_played_or_refused_cleanly(data):
    pool = state_pool()
    state = pool[data.draw(st.integers(0, len(pool) - 1), label="state")]
    seat = data.draw(st.integers(0, state.num_players - 1) | st.just(state.turn), label="seat")
    other = pool[data.draw(st.integers(0, len(pool) - 1), label="other")]
    moves = medina.legal_moves(other, other.turn)
    texts = [medina.format_move(other, m) for m in moves] or ["tea"]
    text = data.draw(hostile_text | st.sampled_from(texts), label="text")
    attempt(medina, state, lambda: medina.apply(state, seat, medina.parse_move(state, text, seat)))


@pytest.mark.parametrize("text", HOSTILE, ids=[f"hostile{i}" for i in range(len(HOSTILE))])
def test_each_hostile_sample_is_refused_or_read_as_its_plain_form(text):
    state = medina.new_game(3, {"start_merchant": "h6"}, 1)
    try:
        move = medina.parse_move(state, text)
    except MoveError as error:
        assert isinstance(error, (MalformedMove, IllegalMove, AmbiguousMove))
        assert len(error.message("en")) < 500
        return
    # Only full-width forms of the notation are read: never a superscript or another script's digit.
    assert text.isascii() or all("\uff01" <= ch <= "\uff5e" or ch.isascii() for ch in text)
    assert medina.parse_move(state, medina.format_move(state, move)) == move


def test_hostile_refusals_name_their_reason():
    state = medina.new_game(3, {"start_merchant": "h6"}, 1)
    for text, key in [("f²", "medina.reason.digits"), ("f٣", "medina.reason.digits"),
                      ("roof\x00f7", "medina.reason.control"), ("\u200bf7", "medina.reason.control"),
                      ("9" * 5000, "medina.reason.too_long"), (" " * 10_000 + "f7", "medina.reason.too_long")]:
        with pytest.raises(MalformedMove) as refused:
            medina.parse_move(state, text)
        assert refused.value.params["reason"].key == key
        assert len(refused.value.params["text"]) <= 40 and "\x00" not in refused.value.params["text"]
    # Full-width input, as typed with a Japanese IME, is still read.
    assert medina.format_move(state, medina.parse_move(state, "orange Ｆ７")) == "orange F7"
    # A million characters are refused by the length cap without being scanned.
    with pytest.raises(MalformedMove, match="at most 64 characters"):
        medina.parse_move(state, "x" * 1_000_000)
