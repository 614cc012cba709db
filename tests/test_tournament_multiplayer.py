"""Multiplayer tables (issue 29, point 1) against an independent brute force on small fields:
every way of seating the players at tables of the given sizes is tried, and the grouping chosen
must be as good as the best of them (fewest repeated opponent pairs, then the least squared score
differences, then the least squared standing differences). The exact method must match the brute
force exactly; the search used for large fields must reach the fewest repeats on these fields too.
Sizes are balanced (they differ by at most one) whenever any balanced sizes fit."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.pairing import Seated, _Objective, exact_grouping, group_tables, search_grouping, table_sizes


def _cost(tables, players):
    """(repeats, squared score differences, squared standing differences) of a grouping of
    player indices, computed from the players directly."""
    repeats, spread, order = 0, Fraction(0), 0
    for t in tables:
        for a, b in combinations(t, 2):
            repeats += players[a].met.get(players[b].id, 0)
            spread += (players[a].score - players[b].score) ** 2
            order += (a - b) ** 2
    return repeats, spread, order


def _every_grouping(n, sizes):
    """Every assignment of players 0..n-1 to tables of ``sizes`` (tables of one size in any order)."""
    tables = [[] for _ in sizes]

    def place(p):
        if p == n:
            yield [list(t) for t in tables]
            return
        for k, size in enumerate(sizes):
            if len(tables[k]) < size:
                tables[k].append(p)
                yield from place(p + 1)
                tables[k].pop()
    yield from place(0)


def _brute_best(players, sizes):
    return min(_cost(g, players) for g in _every_grouping(len(players), sizes))


@st.composite
def fields(draw, smallest=6, largest=10):
    """A field in standings order with a random history of meetings and scores."""
    n = draw(st.integers(smallest, largest))
    size = draw(st.sampled_from([3, 4, 5]))
    sizes, byes = table_sizes(n, size, 3, 5)
    ids = [f"p{i}" for i in range(n)]
    met = {i: Counter() for i in ids}
    for _ in range(draw(st.integers(0, 4))):
        order = draw(st.permutations(ids))
        start = 0
        for s in sizes:
            for a, b in combinations(order[start:start + s], 2):
                met[a][b] += 1
                met[b][a] += 1
            start += s
    scores = sorted((Fraction(draw(st.integers(0, 12)), 2) for _ in ids), reverse=True)
    players = [Seated(i, scores[k], dict(met[i])) for k, i in enumerate(ids)]
    return players, sizes


def _indices(tables, players):
    index = {p.id: k for k, p in enumerate(players)}
    return [[index[p] for p in t] for t in tables]


@settings(max_examples=80, deadline=None)
@given(fields())
def test_the_grouping_is_the_brute_force_optimum(field):
    players, sizes = field
    tables = group_tables(players, sizes)
    assert [len(t) for t in tables] == sizes
    assert sorted(p for t in tables for p in t) == sorted(p.id for p in players)
    assert _cost(_indices(tables, players), players) == _brute_best(players, sizes)


# The search is a heuristic: on these fields it reaches the fewest repeats, but hypothesis could
# always go on to find a field where it does not. So the fields are a fixed sample (derandomized),
# and the budget is counted in steps only (no clock), so a loaded machine cannot change the answer.
@settings(max_examples=50, deadline=None, derandomize=True, database=None)
@given(fields(smallest=8, largest=10))
def test_the_search_for_large_fields_finds_the_fewest_repeats_on_small_ones(field):
    players, sizes = field
    objective = _Objective(players)
    tables = search_grouping(objective, sizes, steps=6000, seconds=60)  # a sixth of a real round's steps
    assert sorted(len(t) for t in tables) == sorted(sizes)
    assert _cost(tables, players)[0] == _brute_best(players, sizes)[0]


def test_the_exact_method_and_the_search_agree_with_brute_force_on_the_issues_example():
    # 14 players at tables of 4, round 3: the old swap search left 1 repeat where 0 was possible
    players = [Seated(f"p{i}", Fraction(0)) for i in range(14)]
    sizes, _ = table_sizes(14, 4, 3, 4)
    assert sizes == [4, 4, 3, 3]
    met = {p.id: Counter() for p in players}
    for r in range(2):
        for t in group_tables([Seated(p.id, p.score, dict(met[p.id])) for p in players], sizes):
            for a, b in combinations(t, 2):
                met[a][b] += 1
                met[b][a] += 1
    third = [Seated(p.id, p.score, dict(met[p.id])) for p in players]
    assert _cost(exact_grouping(_Objective(third), sizes), third)[0] == 0
    assert _cost(search_grouping(_Objective(third), sizes), third)[0] == 0


@given(st.integers(1, 300), st.integers(3, 6), st.integers(2, 4), st.integers(0, 3))
def test_table_sizes_are_balanced_whenever_balanced_sizes_fit(count, size, smallest, spare):
    largest = max(size, smallest) + spare
    smallest = min(smallest, size)
    sizes, byes = table_sizes(count, size, smallest, largest)
    assert sum(sizes) + byes == count
    assert all(smallest <= s <= largest for s in sizes)
    if sizes:
        assert max(sizes) - min(sizes) <= 1 and sizes == sorted(sizes, reverse=True)
    # brute force: the fewest byes for which some number of balanced tables fits
    def fits(players):
        return any(players // k >= smallest and -(-players // k) <= largest for k in range(1, players + 1))
    fewest = next((b for b in range(count + 1) if count - b >= smallest and fits(count - b)), count)
    assert byes == fewest
    if sizes and max(sizes) <= size:  # tables no larger than asked: as few as that allows
        assert len(sizes) == -(-(count - byes) // size)
