"""Property tests over random legal Minoa games (hypothesis chooses every move, so it can shrink)."""

from __future__ import annotations

import io
import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games import cli
from games.errors import IllegalMove, MalformedMove, MoveError
from games.minoa import GAME as minoa
from games.minoa import board, rules
from tests.play import random_game
from tests.fuzz import attempt

options = st.fixed_dictionaries({
    "advanced": st.sampled_from(["on", "off"]),
    "legality": st.sampled_from(["rim", "coloured"]),
    "team_colours": st.sampled_from(["separate", "merged"]),
})


def check_invariants(state) -> None:
    assert state.black_supply >= 0 and all(p >= 0 for p in state.pieces_left)
    filled_rim = sum(1 for l in board.RIM_LINES if state.lines[l] != rules.EMPTY)
    assert filled_rim <= 24 and filled_rim + sum(state.pieces_left) == 24
    assert state.black_supply + sum(1 for v in state.lines if v == rules.BLACK) == 60
    assert all(state.lines[l] != rules.BLACK for l in board.RIM_LINES)
    assert all(state.lines[l] in (rules.EMPTY, rules.BLACK) for l in board.INTERIOR_LINES)
    regions = rules.regions(state.lines)
    triangles = sorted(t for region in regions for t in region.triangles)
    assert triangles == list(range(96))  # every triangle in exactly one region, so scored at most once
    assert all(region.rim_lines for region in regions)  # the enclosure rule (both readings imply it)
    assert sum(minoa.scores(state)) <= 96


@settings(max_examples=60)
@given(players=st.sampled_from([2, 3, 4]), opts=options, data=st.data())
def test_random_games_end_keep_invariants_round_trip_and_replay(players, opts, data):
    state = minoa.new_game(players, opts)
    record = []
    for _ply in range(300):  # 24 rim pieces + 60 sticks = 84 at most; a longer game is a bug
        if not minoa.to_act(state):
            break
        (seat,) = minoa.to_act(state)
        legal = minoa.legal_moves(state, seat)
        assert legal, "a seat asked to act must have a legal move (passes are automatic)"
        move = legal[data.draw(st.integers(0, len(legal) - 1), label="move")]
        record.append(f"{seat} {minoa.format_move(state, move)}")
        state, _ = minoa.apply(state, seat, move)
        check_invariants(state)
        assert minoa.state_from_json(json.loads(json.dumps(minoa.state_to_json(state)))) == state
    assert minoa.result(state) is not None, "the game must end"
    assert len(record) <= 84

    # The record replays through the CLI to the same final position and result.
    out = io.StringIO()
    args = ["replay", "minoa", "--players", str(players), "--moves", "-"]
    for key, value in opts.items():
        args += ["--option", f"{key}={value}"]
    code = cli.main(args, out=out, stdin=io.StringIO("\n".join(record)))
    replayed = json.loads(out.getvalue())
    assert code == 0 and replayed["ok"] and replayed["applied"] == len(record)
    assert replayed["finished"] and replayed["state"] == minoa.state_to_json(state)
    result = minoa.result(state)
    assert (replayed["scores"], replayed["ranks"]) == (result.scores, result.ranks)


# -- hostile input (issue 12.6): parse + apply either plays a move or refuses it cleanly ---------------

#: Texts a player (or a script) might send: odd digits, control and invisible characters, huge
#: numbers and strings, whitespace runs, emoji, and near misses of the notation.
HOSTILE = [
    "²", "e4-e²", "e٣-e4", "e⑦-e8", "e4-e七", "ｅ４－ｅ５", "Ｅ４ー Ｅ５", "e4−e5",
    "9" * 5000, "e" + "9" * 5000 + "-e5", "e4-e" + "1" * 5000,
    "\x00", "e4-e5\x00", "\x1b[31me4-e5", "\u200be4-e5", "e4\u202e-e5", "\ufeffe4-e5",
    "a" * 10_000, " " * 10_000 + "e4-e5", "e4-e5" + "\t" * 10_000, "e4" + " " * 5000 + "-e5",
    "-" * 10_000, "e4-" * 3000, "🙂", "e4-🙂", "🙂-e5", "", " ", "\n", "-", "e4", "e4-", "-e5", "e4--e5",
    "e4-e5-e6", "e4 e5", "e0-e1", "j1-j2", "e99-e98", "e4-e4", "a1-i5", "pass", "パス", "pass e4",
    "{text}", "{0}", "%s", "minoa.reason.format",
]
_FRAGMENTS = ["e", "4", "e4", "-", "–", "－", "ー", " ", "  ", "\t", "f", "10", "a1", "i5", "pass", "²", "٣", "４",
              "ｅ", "\x00", "\u200b", "\u202e", "🙂", "9" * 300, "ß", "İ"]
hostile_text = st.one_of(
    st.sampled_from(HOSTILE),
    st.text(max_size=70),
    st.lists(st.sampled_from(_FRAGMENTS), max_size=6).map("".join),
    st.integers(1, 6000).map(lambda n: "e4-e" + "5" * n),
)
#: Positions reached by random play with every player count (built once, on first use).
_POOL: list = []


def state_pool():
    if not _POOL:
        for players, seed in ((2, 1), (3, 2), (4, 3), (2, 4)):
            states, _ = random_game(minoa, players, {"advanced": "on" if seed == 4 else "off"}, seed)
            _POOL.extend(states[::4] + [states[-1]])
    return _POOL


@settings(max_examples=250)
@given(data=st.data())
def test_hostile_text_and_moves_of_other_positions_are_played_or_refused_cleanly(data):
    pool = state_pool()
    state = pool[data.draw(st.integers(0, len(pool) - 1), label="state")]
    seat = data.draw(st.integers(0, state.num_players - 1) | st.just(state.turn), label="seat")
    other = pool[data.draw(st.integers(0, len(pool) - 1), label="other")]
    texts = [minoa.format_move(other, m) for m in minoa.legal_moves(other, other.turn)] or ["e4-e5"]
    text = data.draw(hostile_text | st.sampled_from(texts), label="text")
    attempt(minoa, state, lambda: minoa.apply(state, seat, minoa.parse_move(state, text, seat)))


@pytest.mark.parametrize("text", HOSTILE, ids=[f"hostile{i}" for i in range(len(HOSTILE))])
def test_each_hostile_sample_is_refused_or_read_as_its_plain_form(text):
    state = minoa.new_game(2)
    try:
        move = minoa.parse_move(state, text)
    except MoveError as error:
        assert isinstance(error, (MalformedMove, IllegalMove))
        assert len(error.message("en")) < 500
        return
    # Only full-width forms and other dashes are read: never a superscript or another script's digit.
    assert all(ch.isascii() or "\uff01" <= ch <= "\uff5e" or ch in "–—−ー" for ch in text)
    assert minoa.parse_move(state, minoa.format_move(state, move)) == move


def test_hostile_refusals_name_their_reason():
    state = minoa.new_game(2)
    for text, key in [("e4-e²", "minoa.reason.digits"), ("e٣-e4", "minoa.reason.digits"),
                      ("e4-e5\x00", "minoa.reason.control"), ("\u200be4-e5", "minoa.reason.control"),
                      ("9" * 5000, "minoa.reason.too_long"), (" " * 10_000 + "e4-e5", "minoa.reason.too_long")]:
        with pytest.raises(MalformedMove) as refused:
            minoa.parse_move(state, text)
        assert refused.value.params["reason"].key == key
        assert len(refused.value.params["text"]) <= 40 and "\x00" not in refused.value.params["text"]
    # Full-width input, as typed with a Japanese IME, and other dashes are read.
    plain = minoa.parse_move(state, "e4-e5")
    assert all(minoa.parse_move(state, text) == plain for text in ("ｅ４－ｅ５", "e4 – e5", "Ｅ４ー Ｅ５", "e4ｰe5"))
    with pytest.raises(MalformedMove, match="at most 64 characters"):
        minoa.parse_move(state, "x" * 1_000_000)
