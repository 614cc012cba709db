"""Property tests over random Mafia de Cuba games for 6-12 players (hypothesis chooses every move):
games end, states survive JSON, every legal move survives format -> parse, the record replays
through ``python -m games replay`` to the same state, and no seat's view holds another's secret;
public views, thread texts and images are byte-identical when only hidden takes differ."""

from __future__ import annotations

import io
import json

from hypothesis import given, settings
from hypothesis import strategies as st

import renderers
from games import cli
from games.mafia_de_cuba.components import OVER
from games.registry import get_game
from games.rng import Rng

GAME = get_game("mafia_de_cuba")


def public(state) -> bytes:
    return json.dumps(GAME.view(state, None), sort_keys=True, ensure_ascii=False).encode()


def check_no_leak(state) -> None:
    """``view(state, s)`` holds the seat's own secrets and nobody else's: the same view comes out
    of every state that differs only in what ``s`` cannot see."""
    n = state.num_players
    for seat in range(n):
        view = GAME.view(state, seat)
        assert view["you"]["seat"] == seat
        if state.phase != OVER:
            assert "reveal" not in view and "result" not in view
            text = json.dumps({k: v for k, v in view.items() if k != "you"})
            assert '"role"' not in text and '"take"' not in text and '"seen"' not in text
        other = GAME.determinize(state, seat, Rng(seat + 7))
        assert GAME.view(other, seat) == view
        assert public(other) == public(state)
        for anyone in range(n):
            for lang in ("en", "ja"):
                a, b = GAME.decision(other, anyone), GAME.decision(state, anyone)
                assert (a and a.in_lang(lang)) == (b and b.in_lang(lang))


@settings(max_examples=30, deadline=None)
@given(players=st.integers(6, 12), cleaner=st.sampled_from(["off", "replace", "add"]),
       godfather=st.sampled_from(["owner", "random", "3"]), seed=st.integers(0, 10_000), data=st.data())
def test_random_games_end_round_trip_replay_and_keep_secrets(players, cleaner, godfather, seed, data):
    options = {"cleaner": cleaner, "godfather": godfather}
    state = GAME.new_game(players, options, seed)
    record = []
    for ply in range(400):
        waiting = GAME.to_act(state)
        if not waiting:
            break
        seat = data.draw(st.sampled_from(sorted(waiting)), label="seat")
        legal = GAME.legal_moves(state, seat)
        assert legal
        if ply % 5 == 0:
            for move in legal:
                assert GAME.parse_move(state, GAME.format_move(state, move), seat) == move
        move = legal[data.draw(st.integers(0, len(legal) - 1), label="move")]
        words = {GAME.describe_move(state, move, lang) for lang in ("en", "ja")}
        if move.verb == "take":  # said publicly: never what was taken
            assert words == {"has taken from the box", "ケースから取った"}
        record.append(f"{seat} {GAME.format_move(state, move)}")
        state, events = GAME.apply(state, seat, move)
        assert all(e.seats is None for e in events)  # events are public: none names a take
        if ply % 4 == 0:
            assert GAME.state_from_json(json.loads(json.dumps(GAME.state_to_json(state)))) == state
            check_no_leak(state)
    result = GAME.result(state)
    assert result is not None, "the game must end"
    assert set(result.detail["winners"]) == {s for s in range(players) if result.scores[s]}
    assert not any(state.eliminated[s] for s in result.detail["winners"])
    out = io.StringIO()
    args = ["replay", "mafia_de_cuba", "--players", str(players), "--seed", str(seed), "--moves", "-"]
    for key, value in options.items():
        args += ["--option", f"{key}={value}"]
    code = cli.main(args, out=out, stdin=io.StringIO("\n".join(record)))
    replayed = json.loads(out.getvalue())
    assert code == 0 and replayed["ok"] and replayed["applied"] == len(record)
    assert replayed["finished"] and replayed["state"] == GAME.state_to_json(state)


def _play(lines, players=7, **options):
    state = GAME.new_game(players, options, 5)
    texts, images = [], []
    for line in lines:
        seat, text = line.split(" ", 1)
        move = GAME.parse_move(state, text, int(seat))
        texts.append([GAME.describe_move(state, move, lang) for lang in ("en", "ja")])
        state, events = GAME.apply(state, int(seat), move)
        texts.append([(e.key, json.dumps(e.to_json(), sort_keys=True)) for e in events])
        texts.append([GAME.decision(state, s) and GAME.decision(state, s).in_lang("ja") for s in range(players)])
        images.append(public(state))
    return state, texts, images


def test_public_posts_and_images_are_identical_when_only_hidden_takes_differ():
    """Two 7-player games, the same in public (same holders, same claims, same accusation of an
    innocent), different in every secret: what was hidden, bagged and taken."""
    a = ["0 hide 1", "1 bag agent take 3", "2 take loyal", "3 take 2", "4 take driver", "5 take loyal", "6 take 1"]
    b = ["0 hide 4", "1 take loyal", "2 take 4", "3 take agent", "4 take 1", "5 take driver", "6 take nothing"]
    claims = [f"{s} claim 11 3" for s in range(1, 7)]
    end_a, texts_a, images_a = _play(a + claims)
    end_b, texts_b, images_b = _play(b + claims)
    assert texts_a == texts_b and images_a == images_b
    assert renderers.render("mafia_de_cuba", GAME.view(end_a, None), names=[f"P{i}" for i in range(7)]) == \
        renderers.render("mafia_de_cuba", GAME.view(end_b, None), names=[f"P{i}" for i in range(7)])
    assert GAME.view(end_a, 1) != GAME.view(end_b, 1)  # the seats' own views do differ
