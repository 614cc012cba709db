"""Secrets never reach what everyone sees (issue 12.10): for states reached by random play, a
state that differs from the real one only in what a seat cannot see (``Game.determinize``: other
seats' secrets, face-down piles, the generator of future draws) must give byte-identical public
views, images, decisions, move lists and moves in words. The bot's thread texts and board posts
are made only from these (``bot/presenter.py``), so equal inputs mean equal posts."""

from __future__ import annotations

import json

import pytest

import renderers
from games.registry import all_games
from games.rng import Rng
from tests.play import random_game

GAMES = sorted(all_games(), key=lambda g: g.name)


def public_bytes(game, state) -> bytes:
    return json.dumps(game.view(state, None), sort_keys=True, ensure_ascii=False).encode()


def said(game, state, seat) -> list:
    """What the thread and the header say about ``seat`` in ``state``, in both languages."""
    decision = game.decision(state, seat)
    return [None if decision is None else decision.in_lang(lang) for lang in ("en", "ja")]


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_public_views_texts_and_images_do_not_depend_on_hidden_values(game):
    rendered = 0
    for players, seed in ((game.min_players, 3), (game.max_players, 8)):
        states, _record = random_game(game, players, seed=seed)
        for ply in range(0, len(states), max(1, len(states) // 12)):
            state = states[ply]
            for seat in range(players):
                other = game.determinize(state, seat, Rng(seed * 1000 + ply * 10 + seat))
                assert public_bytes(game, other) == public_bytes(game, state), (game.name, ply, seat)
                assert json.dumps(game.view(other, seat), sort_keys=True) == \
                    json.dumps(game.view(state, seat), sort_keys=True), "the seat's own view"
                assert game.scores(other) == game.scores(state), "the public running score"
                for anyone in range(players):
                    assert said(game, other, anyone) == said(game, state, anyone)
                if seat in game.to_act(state):
                    legal = game.legal_moves(state, seat)
                    assert [game.format_move(other, m) for m in game.legal_moves(other, seat)] == \
                        [game.format_move(state, m) for m in legal], "the mover's choices"
                    for move in legal[:40]:
                        for lang in ("en", "ja"):
                            assert game.describe_move(other, move, lang) == game.describe_move(state, move, lang)
                if renderers.has_renderer(game.name) and rendered < 3 and ply > 0 and other is not state:
                    names = [f"P{n}" for n in range(players)]
                    assert renderers.render(game.name, game.view(other, None), names=names) == \
                        renderers.render(game.name, game.view(state, None), names=names)
                    rendered += 1
