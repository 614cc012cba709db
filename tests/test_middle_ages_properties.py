"""Property tests over whole random Middle Ages games (hypothesis picks every move, so a failure
shrinks to a short record), for every player count and every option."""

from __future__ import annotations

import io
import json
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from games import cli
from games.middle_ages import GAME as ma
from games.middle_ages import scoring
from games.middle_ages.data import BLUE_IDS, ORANGE_IDS
from games.middle_ages.state import OVER, TOKEN_SUPPLY
from tests.fuzz import attempt

options = st.fixed_dictionaries({
    "barracks_loss": st.sampled_from(["latest", "victim"]),
    "plot_tokens": st.sampled_from(["free", "one_per_type"]),
    "token_slots": st.sampled_from(["1", "2"]),
})


def places(state) -> Counter:
    """Every tile of the game wherever it is: rows, piles, fiefs, graveyards."""
    found = Counter(t for row in state.rows for t in row if t is not None)
    found.update(state.draw + state.orange + state.discard)
    for seat in range(state.num_players):
        found.update(t for column in state.estates[seat] for t in column)
        found.update(state.graveyards[seat])
    return found


def check_invariants(state, turns_done) -> None:
    n = state.num_players
    game_tiles = set(BLUE_IDS) | (set(ORANGE_IDS) if n >= 4 else set())
    found = places(state)
    assert set(found) == game_tiles and max(found.values()) == 1, "tile conservation"
    assert all(c >= 0 for c in state.coins)
    assert 0 <= state.coin_supply <= TOKEN_SUPPLY and 0 <= state.plot_supply <= TOKEN_SUPPLY
    assert state.coin_supply + sum(map(sum, state.coin_tokens)) == TOKEN_SUPPLY
    assert state.plot_supply + sum(len(c) for fief in state.plot_tokens for c in fief) == TOKEN_SUPPLY
    slots = state.options["token_slots"]
    assert all(c <= slots for fief in state.coin_tokens for c in fief)
    assert all(len(c) <= slots for fief in state.plot_tokens for c in fief)
    assert len(state.rows) == 4 and all(len(row) == n + 1 for row in state.rows)
    lords = [tuple(p) for p in state.lords if p is not None]
    assert len(lords) == len(set(lords)), "one lord per tile"
    scouts = [tuple(p) for p in state.scouts if p is not None]
    assert len(scouts) == len(set(scouts)) and not set(scouts) & set(lords)
    for seat, scout in enumerate(state.scouts):  # a scout never shares a row with its own lord
        assert scout is None or state.lords[seat] is None or scout[0] != state.lords[seat][0]
    for seat in range(n):  # a player owns one tile per turn taken (villages move tiles within the fief)
        owned = sum(len(c) for c in state.estates[seat]) + len(state.graveyards[seat])
        assert owned == turns_done[seat]
    assert ma.scores(state) == [state.coins[s] - scoring.penalty(state, s) for s in range(n)]


@settings(max_examples=80)
@given(players=st.sampled_from([2, 3, 4, 5]), opts=options, seed=st.integers(0, 2**32), data=st.data())
def test_random_games_end_keep_invariants_round_trip_and_replay(players, opts, seed, data):
    state = ma.new_game(players, opts, seed)
    record = []
    for _ply in range(1000):
        waiting = ma.to_act(state)
        if not waiting:
            break
        (seat,) = waiting
        legal = ma.legal_moves(state, seat)
        assert legal, "a seat asked to act has a legal move"
        move = legal[data.draw(st.integers(0, len(legal) - 1), label="move")]
        record.append(f"{seat} {ma.format_move(state, move)}")
        state, events = ma.apply(state, seat, move)
        assert all(json.loads(json.dumps(e.to_json())) == e.to_json() for e in events)
        taken = [0] * players
        # Turns done so far: 16 per seat at the end; during play, the tiles owned must match what
        # the seat took, which the state records by round (taken this round + 1 per earlier round).
        for s in range(players):
            earlier = max(0, state.round - 1) if state.phase != OVER else 16
            this_round = 1 if state.phase != OVER and state.taken[s] is not None else 0
            taken[s] = earlier + this_round
        check_invariants(state, taken)
        assert ma.state_from_json(json.loads(json.dumps(ma.state_to_json(state)))) == state
    result = ma.result(state)
    assert result is not None, "the game must end"
    assert state.round == 16 and state.events_done == 4
    assert min(result.ranks) == 1 and len(result.ranks) == players
    view = ma.view(state, None)
    assert json.loads(json.dumps(view)) == view and view["finished"]

    out = io.StringIO()
    args = ["replay", "middle_ages", "--players", str(players), "--seed", str(seed), "--moves", "-"]
    for key, value in opts.items():
        args += ["--option", f"{key}={value}"]
    code = cli.main(args, out=out, stdin=io.StringIO("\n".join(record)))
    replayed = json.loads(out.getvalue())
    assert code == 0 and replayed["ok"] and replayed["applied"] == len(record)
    assert replayed["finished"] and replayed["state"] == ma.state_to_json(state)
    assert (replayed["scores"], replayed["ranks"]) == (result.scores, result.ranks)


def test_selfplay_plays_whole_games_for_two_to_five_players_and_its_record_replays(tmp_path):
    for players in (2, 3, 4, 5):
        folder = tmp_path / str(players)
        args = ["selfplay", "middle_ages", "--players", str(players), "--seed", str(players)]
        if players == 2:  # a board image per move: rendering is the slow part, so once is enough
            args += ["--out", str(folder)]
        out = io.StringIO()
        code = cli.main(args, out=out)
        final = json.loads(out.getvalue())
        assert code == 0 and final["ok"] and final["finished"] and len(final["ranks"]) == players
        if players == 2:
            assert len(list(folder.glob("move-*.png"))) == final["applied"] + 1
            out = io.StringIO()
            code = cli.main(["replay", "middle_ages", "--players", "2", "--seed", "2",
                             "--moves", str(folder / "record.txt")], out=out)
            assert code == 0 and json.loads(out.getvalue()) == final


# -- hostile input (issue 12.6) ---------------------------------------------------------------

HOSTILE_SAMPLES = (
    "go ²", "go ٣", "go ３", "ｇｏ　３", "go " + "1" * 5000, "go 1" + "0" * 40, "revive ⁴", "scout ²-4",
    "scout 2-٣", "scout 99-99", "scout 2--4", "go 3\x00", "\x00", "go\x1b[31m 3", "go 3\u200b", "\ufeffgo 3",
    "🎲", "coin 🏰", "a" * 10_000, " " * 6000 + "go 1", "go" + "\t " * 3000 + "1", "-" * 6000,
    "plot " + "畑 " * 3000, "coin", "plot field", "plot field church palace", "go -1", "go 0", "lose 0",
    "", "   ", "\n", "m", "coin m", "plot 畑 教会",
)
HOSTILE = st.one_of(
    st.sampled_from(HOSTILE_SAMPLES),
    st.text(max_size=40),
    st.builds(lambda verb, tail: f"{verb} {tail}", st.sampled_from(["go", "revive", "scout", "coin", "plot", "lose"]),
              st.text(st.characters(categories=("Nd", "No", "Zs", "Cc", "Cf", "So", "Pd")), max_size=12)),
    st.builds(lambda n, text: " " * n + text, st.integers(0, 7000), st.sampled_from(["go 1", "go 2", "scout 1-1"])),
)


def _positions():
    """States of random play for every player count and option set, with their legal moves."""
    cached = _positions.__dict__.get("cached")
    if cached is None:
        from tests.play import random_game

        cached = []
        for players, opts, seed in ((2, {}, 31), (3, {"barracks_loss": "victim"}, 32),
                                    (4, {"plot_tokens": "one_per_type", "token_slots": "2"}, 33), (5, {}, 34)):
            states, _ = random_game(ma, players, opts, seed=seed)
            for state in states[:: max(1, len(states) // 15)]:
                seat = min(ma.to_act(state)) if ma.to_act(state) else 0
                cached.append((state, seat, ma.legal_moves(state, seat)))
        _positions.cached = cached
    return cached


@settings(max_examples=300, deadline=None)
@given(data=st.data(), text=HOSTILE)
def test_hostile_text_and_other_positions_moves_are_applied_or_refused_cleanly(data, text):
    positions = _positions()
    state, seat, _ = positions[data.draw(st.integers(0, len(positions) - 1), label="position")]
    attempt(ma, state, lambda: ma.apply(state, seat, ma.parse_move(state, text, seat)))
    attempt(ma, state, lambda: ma.apply(state, seat, text))  # text where a move belongs
    _, _, moves = positions[data.draw(st.integers(0, len(positions) - 1), label="other")]
    if moves:
        move = moves[data.draw(st.integers(0, len(moves) - 1), label="move")]
        attempt(ma, state, lambda: ma.apply(state, seat, move))
        attempt(ma, state, lambda: ma.apply(state, seat, ma.parse_move(state, ma.format_move(state, move), seat)))


def test_hostile_text_is_malformed_and_reading_stays_linear():
    import time

    import pytest

    from games.errors import MalformedMove
    from games.middle_ages.notation import MAX_CHARS

    state = ma.new_game(3, {}, 1)
    for text in ("go ²", "go ٣", "go " + "1" * 5000, "go 123", "go 3\x00", "🎲", "coin 🏰", "a" * 10_000,
                 " " * 6000 + "go 1", "scout ²-4", "scout 2-٣", "go\x0b3", "go 3\u200b"):
        with pytest.raises(MalformedMove):
            ma.parse_move(state, text)
    assert ma.parse_move(state, "ｇｏ　３") == ma.parse_move(state, "go 3")  # a Japanese keyboard's digits
    started = time.perf_counter()
    for text in (" " * 10**6 + "go 1", "1" * 10**6, "\x00" * 10**6, "畑" * 10**6, " -" * 10**6):
        with pytest.raises(MalformedMove, match=str(MAX_CHARS)):
            ma.parse_move(state, text)
    assert time.perf_counter() - started < 0.05  # refused by length, whatever the length
    started = time.perf_counter()
    for _ in range(200):
        for text in (" " * (MAX_CHARS - 4) + "go 1x", "scout " + " -" * (MAX_CHARS // 2 - 3), "9" * MAX_CHARS):
            with pytest.raises(MalformedMove):
                ma.parse_move(state, text)
    assert time.perf_counter() - started < 1.0
