"""Ratings: every update equals openskill's Plackett-Luce called directly; abandoned games, AI seats,
teams, provisional flags and the leaderboard order."""

from __future__ import annotations

import random

import pytest
from openskill.models import PlackettLuce

from tournaments.ratings import PROVISIONAL_GAMES, Rating, Seat, leaderboard, rate_game

MODEL = PlackettLuce()


def direct(teams_ratings, ranks):
    teams = [[MODEL.rating(mu=r.mu, sigma=r.sigma) for r in team] for team in teams_ratings]
    return [[(p.mu, p.sigma) for p in team] for team in MODEL.rate(teams, ranks=ranks)]


def close(a: Rating, mu_sigma) -> bool:
    return a.mu == pytest.approx(mu_sigma[0], abs=1e-12) and a.sigma == pytest.approx(mu_sigma[1], abs=1e-12)


def test_free_for_all_updates_equal_openskill_with_ties():
    rng = random.Random(1)
    for _ in range(200):
        n = rng.randint(2, 5)
        ratings = {f"p{i}": Rating(rng.uniform(15, 35), rng.uniform(2, 8.4), rng.randint(0, 9)) for i in range(n)}
        places = [rng.randint(1, n) for _ in range(n)]
        new = rate_game(ratings, [Seat(f"p{i}", places[i]) for i in range(n)])
        expected = direct([[ratings[f"p{i}"]] for i in range(n)], places)
        for i in range(n):
            assert close(new[f"p{i}"], expected[i][0])
            assert new[f"p{i}"].games == ratings[f"p{i}"].games + 1


def test_teams_are_rated_as_teams():
    """Minoa 2 vs 2: seats 0 and 2 against 1 and 3; the first team wins."""
    ratings = {"a": Rating(30, 5), "b": Rating(20, 7), "c": Rating(25, 6), "d": Rating(22, 8)}
    seats = [Seat("a", 1, team=0), Seat("b", 2, team=1), Seat("c", 1, team=0), Seat("d", 2, team=1)]
    new = rate_game(ratings, seats)
    expected = direct([[ratings["a"], ratings["c"]], [ratings["b"], ratings["d"]]], [1, 2])
    assert close(new["a"], expected[0][0]) and close(new["c"], expected[0][1])
    assert close(new["b"], expected[1][0]) and close(new["d"], expected[1][1])


def test_an_abandoning_player_counts_last_and_the_others_are_excluded():
    """B left and an AI finished second for B: B is rated as last of three (a loss to both);
    A and C keep their ratings and game counts."""
    ratings = {"a": Rating(26, 6), "b": Rating(24, 6), "c": Rating(25, 7)}
    new = rate_game(ratings, [Seat("a", 1), Seat("b", 2, abandoned=True), Seat("c", 3)])
    assert set(new) == {"b"}
    expected = direct([[ratings["a"]], [ratings["b"]], [ratings["c"]]], [1, 4, 3])
    assert close(new["b"], expected[1][0])
    assert new["b"].mu < ratings["b"].mu


def test_ai_seats_are_left_out_and_a_lone_human_is_not_rated():
    ratings = {"a": Rating(), "b": Rating()}
    new = rate_game(ratings, [Seat("a", 2), Seat("ai", 1, human=False), Seat("b", 3)])
    expected = direct([[Rating()], [Rating()]], [2, 3])
    assert close(new["a"], expected[0][0]) and close(new["b"], expected[1][0]) and "ai" not in new
    assert rate_game(ratings, [Seat("a", 1), Seat("ai", 2, human=False)]) == {}


def test_new_players_start_at_the_default_and_are_provisional():
    new = rate_game({}, [Seat("x", 1), Seat("y", 2)])
    assert new["x"].games == 1 and new["x"].provisional
    assert Rating().ordinal == pytest.approx(0.0)
    settled = Rating(28, 3.0, PROVISIONAL_GAMES)
    assert not settled.provisional and Rating(28, 8.0, 50).provisional
    assert Rating.from_json(settled.to_json()) == settled


def test_leaderboard_puts_established_ratings_first_and_shares_equal_ranks():
    ratings = {
        "new_star": Rating(40, 7.9, 2),           # ordinal 16.3 but provisional
        "steady": Rating(30, 3, 20),              # 21
        "twin": Rating(30, 3, 12),                # 21, fewer games
        "low": Rating(20, 3, 30),                 # 11
        "newbie": Rating(),                       # 0, provisional
    }
    board = leaderboard(ratings)
    assert [(row.player, row.rank) for row in board] == \
        [("steady", 1), ("twin", 1), ("low", 3), ("new_star", 4), ("newbie", 5)]
    assert [row.player for row in leaderboard(ratings, limit=2)] == ["steady", "twin"]
