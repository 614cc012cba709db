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

from hypothesis import Phase, given, settings
from hypothesis import strategies as st

from tournaments.pairing import (
    Seated,
    _Objective,
    exact_grouping,
    fill_from_top,
    group_tables,
    search_grouping,
    swap_change,
    swap_search,
    table_sizes,
)


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


@settings(max_examples=60, deadline=None)
@given(fields(smallest=6, largest=12), st.randoms(use_true_random=False))
def test_a_swaps_change_counted_from_the_two_players_is_the_change_of_the_whole_grouping(field, rng):
    """The annealing weighs a swap by the pairs the two players leave and join; that must be the
    grouping's change in repeats and squared score differences, weighed in full."""
    players, sizes = field
    objective = _Objective(players)
    order = list(range(len(players)))
    rng.shuffle(order)
    tables = [order[sum(sizes[:k]):sum(sizes[:k + 1])] for k in range(len(sizes))]
    ti, ui = rng.sample(range(len(tables)), 2)
    p, q = rng.choice(tables[ti]), rng.choice(tables[ui])
    before = objective.grouping(tables)
    change = swap_change(objective, tables[ti], tables[ui], p, q)
    tables[ti][tables[ti].index(p)], tables[ui][tables[ui].index(q)] = q, p
    after = objective.grouping(tables)
    assert change == (after[0] - before[0], after[1] - before[1])


# The search is a heuristic: on these fields it reaches the fewest repeats, but hypothesis could
# always go on to find a field where it does not. So the fields are a fixed sample (derandomized),
# and the budget is counted in steps only (no clock), so a loaded machine cannot change the answer.
# A failing field is reported as found (no shrinking: each try is a whole search).
@settings(max_examples=50, deadline=None, derandomize=True, database=None, phases=[Phase.generate])
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


def _field(scores, meetings, forbidden=()):
    """Players p0.. in standings order with these scores, ``meetings`` as (a, b, times) by
    index and ``forbidden`` pairs by index."""
    met = {i: Counter() for i in range(len(scores))}
    for a, b, times in meetings:
        met[a][f"p{b}"] += times
        met[b][f"p{a}"] += times
    banned = {i: set() for i in range(len(scores))}
    for a, b in forbidden:
        banned[a].add(f"p{b}")
        banned[b].add(f"p{a}")
    return [Seated(f"p{i}", Fraction(s), dict(met[i]), forbidden=frozenset(banned[i])) for i, s in enumerate(scores)]


def test_annealing_finds_the_fewest_repeats_where_no_single_swap_helps():
    """A saved field of 10 at tables of 4, 3 and 3: the swap search stops at 5 repeats (no swap of
    two players lowers them); the annealing restarts reach the optimum, 3."""
    meetings = [(0, 2, 2), (0, 3, 1), (0, 4, 1), (0, 6, 1), (0, 7, 1), (0, 8, 2), (1, 2, 1), (1, 3, 1),
                (1, 5, 2), (1, 6, 1), (1, 9, 1), (2, 4, 1), (2, 5, 1), (2, 6, 1), (2, 7, 1), (2, 8, 1),
                (3, 4, 1), (3, 8, 1), (3, 9, 2), (4, 6, 2), (4, 7, 1), (4, 9, 2), (5, 6, 1), (5, 7, 1),
                (5, 8, 1), (6, 7, 1), (6, 9, 1), (7, 8, 2), (7, 9, 1)]
    players = _field([6, 5, 4, 2, 1, 1, 1, 0, 0, 0], meetings)
    sizes = [4, 3, 3]
    objective = _Objective(players)
    assert _cost(swap_search(objective, fill_from_top(sizes), len(sizes)), players)[0] == 5
    assert _brute_best(players, sizes)[0] == 3
    assert _cost(search_grouping(objective, sizes, steps=6000, seconds=60), players)[0] == 3


def test_a_repeat_weighs_more_than_any_score_difference():
    """Two leaders 100 points clear of six others, who have met before: at tables of 4 they sit
    apart (0 repeats, squared differences 60,000) rather than together (1 repeat, 40,000)."""
    players = _field([100, 100, 0, 0, 0, 0, 0, 0], [(0, 1, 1)])
    for tables in (group_tables(players, [4, 4]), exact_grouping(_Objective(players), [4, 4])):
        tables = _indices(tables, players) if isinstance(tables[0][0], str) else tables
        assert _cost(tables, players)[0] == 0
        assert not any({0, 1} <= set(t) for t in tables)


def test_a_forbidden_pair_is_split_up_even_where_the_standings_would_seat_it_together():
    players = _field([3, 3, 3, 3, 0, 0, 0, 0], [], forbidden=[(0, 1)])
    tables = _indices(group_tables(players, [4, 4]), players)
    assert not any({0, 1} <= set(t) for t in tables)
    # without the ban the standings seat them together
    plain = _field([3, 3, 3, 3, 0, 0, 0, 0], [])
    assert sorted(map(sorted, _indices(group_tables(plain, [4, 4]), plain))) == [[0, 1, 2, 3], [4, 5, 6, 7]]


def test_a_forbidden_pair_with_someone_not_in_the_field_changes_nothing():
    """An organiser's ban naming a player who has left the event (or sits out this round)."""
    players = _field([3, 3, 3, 3, 0, 0, 0, 0], [(0, 1, 1)])
    gone = [Seated(p.id, p.score, p.met, forbidden=frozenset({"left_early"})) for p in players]
    assert group_tables(gone, [4, 4]) == group_tables(players, [4, 4])
    big = [Seated(f"q{i}", Fraction(i % 3), {}, forbidden=frozenset({"left_early"})) for i in range(20)]
    assert sorted(len(t) for t in group_tables(big, [4] * 5)) == [4] * 5


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
