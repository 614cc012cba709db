"""Property tests over random legal Minoa games (hypothesis chooses every move, so it can shrink)."""

from __future__ import annotations

import io
import json

from hypothesis import given, settings
from hypothesis import strategies as st

from games import cli
from games.minoa import GAME as minoa
from games.minoa import board, rules

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
