"""Forbidden pairings and requested byes (issue 29, point 5) against independent brute force on
small fields: a forbidden pair is never paired (or seated at one table) while any pairing avoids
it, and among the pairings with the fewest forbidden pairs the one chosen is as good as the best
in the documented order; a player who asked for a half-point bye sits the round out with a draw's
points and everyone else is paired as usual."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tournaments as T
from tests.test_tournament_multiplayer import _cost as table_cost
from tests.test_tournament_multiplayer import _every_grouping
from tests.test_tournament_pairing import _cost as swiss_cost
from tests.test_tournament_pairing import _matchings
from tournaments.pairing import Candidate, Seated, group_tables, pair_swiss, table_sizes


def _forbidden_map(ids, pairs):
    out = {i: set() for i in ids}
    for a, b in pairs:
        out[a].add(b)
        out[b].add(a)
    return out


@st.composite
def swiss_fields(draw):
    n = draw(st.integers(3, 8))
    ids = [f"p{i}" for i in range(n)]
    scores = sorted((Fraction(draw(st.integers(0, 6)), 2) for _ in ids), reverse=True)
    met = {i: Counter() for i in ids}
    for a, b in draw(st.lists(st.sampled_from(list(combinations(ids, 2))), max_size=n)):
        met[a][b] += 1
        met[b][a] += 1
    forbidden = draw(st.lists(st.sampled_from(list(combinations(ids, 2))), max_size=n, unique=True))
    fmap = _forbidden_map(ids, forbidden)
    byes = draw(st.sets(st.sampled_from(ids), max_size=1))
    return [Candidate(i, scores[k], dict(met[i]), had_bye=i in byes, forbidden=frozenset(fmap[i]))
            for k, i in enumerate(ids)], set(forbidden)


def _forbidden_count(pairs, forbidden):
    return sum(1 for a, b in pairs if tuple(sorted((a, b), key=lambda x: int(x[1:]))) in forbidden)


@settings(max_examples=150, deadline=None)
@given(swiss_fields())
def test_swiss_avoids_forbidden_pairs_and_is_otherwise_optimal_against_brute_force(field):
    cands, forbidden = field
    pairing = pair_swiss(cands)
    pos = {c.id: i for i, c in enumerate(cands)}
    chosen = (_forbidden_count(pairing.pairs, forbidden),
              *swiss_cost(cands, pairing.pairs, pos[pairing.bye] if pairing.bye else None))
    n, best = len(cands), None
    for bye in (range(n) if n % 2 else [None]):
        for m in _matchings([i for i in range(n) if i != bye]):
            pairs = [(cands[a].id, cands[b].id) for a, b in m]
            cost = (_forbidden_count(pairs, forbidden), *swiss_cost(cands, pairs, bye))
            best = cost if best is None or cost < best else best
    assert chosen == best


@st.composite
def table_fields(draw):
    n = draw(st.integers(6, 10))
    sizes, _ = table_sizes(n, draw(st.sampled_from([3, 4])), 3, 5)
    ids = [f"p{i}" for i in range(n)]
    met = {i: Counter() for i in ids}
    for a, b in draw(st.lists(st.sampled_from(list(combinations(ids, 2))), max_size=2 * n)):
        met[a][b] += 1
        met[b][a] += 1
    forbidden = draw(st.lists(st.sampled_from(list(combinations(ids, 2))), max_size=n, unique=True))
    fmap = _forbidden_map(ids, forbidden)
    scores = sorted((Fraction(draw(st.integers(0, 8))) for _ in ids), reverse=True)
    return [Seated(i, scores[k], dict(met[i]), forbidden=frozenset(fmap[i])) for k, i in enumerate(ids)], \
        sizes, set(forbidden)


def _at_tables(groups, players, forbidden):
    ids = [[players[i].id for i in g] for g in groups]
    return sum(1 for g in ids for a, b in combinations(g, 2)
               if tuple(sorted((a, b), key=lambda x: int(x[1:]))) in forbidden)


@settings(max_examples=60, deadline=None)
@given(table_fields())
def test_tables_avoid_forbidden_pairs_then_repeats_against_brute_force(field):
    players, sizes, forbidden = field
    index = {p.id: k for k, p in enumerate(players)}
    chosen = [[index[p] for p in t] for t in group_tables(players, sizes)]
    got = (_at_tables(chosen, players, forbidden), *table_cost(chosen, players))
    best = min((_at_tables(g, players, forbidden), *table_cost(g, players))
               for g in _every_grouping(len(players), sizes))
    assert got == best


@pytest.mark.parametrize("fmt, half", [("swiss", Fraction(1, 2)), ("swiss_tables", None)])
@given(data=st.data())
@settings(max_examples=25, deadline=None)
def test_requested_half_point_byes_sit_out_with_half_points(fmt, half, data):
    n = data.draw(st.integers(6 if fmt == "swiss" else 8, 11))
    options = {"table_size": 3} if fmt == "swiss_tables" else {}
    t = T.new_tournament(T.Settings.make("medina", fmt, rounds=3, **options))
    for i in range(n):
        t = T.add_entrant(t, f"p{i}", f"P{i}")
    t = T.start(t)
    for _ in range(3):
        asking = data.draw(st.sets(st.sampled_from([e.id for e in t.entrants]), max_size=2))
        for e in asking:
            t = T.request_bye(t, e)
        before = T.points(t)
        t, rnd = T.pair_next_round(t)
        t = T.begin_round(t)
        assert sorted(rnd.half_byes) == sorted(asking) and not t.bye_requests
        seated = [e for tb in rnd.tables for e in tb.entrants] + rnd.byes
        assert sorted(seated + rnd.half_byes) == sorted(e.id for e in t.entrants)
        assert not set(seated) & asking
        for table in rnd.tables:
            t = T.record_result(t, table.number, places=list(range(1, len(table.entrants) + 1)))
        after = T.points(t)
        expected = half if half is not None else Fraction(str(t.settings.bye_points)) / 2
        for e in asking:
            assert after[e] - before[e] == expected


def test_forbid_and_bye_requests_are_checked_and_change_nothing_when_refused():
    t = T.new_tournament(T.Settings.make("medina", "swiss", rounds=2))
    for i in range(4):
        t = T.add_entrant(t, f"p{i}", f"P{i}")
    t = T.forbid(t, "p0", "p1")
    for call, key in ((lambda: T.forbid(t, "p1", "p0"), "tournament.error.forbid_already"),
                      (lambda: T.forbid(t, "p2", "p2"), "tournament.error.forbid_self"),
                      (lambda: T.forbid(t, "p2", "p3", False), "tournament.error.forbid_none"),
                      (lambda: T.forbid(t, "p2", "nobody"), "tournament.error.not_entered")):
        with pytest.raises(T.TournamentError) as raised:
            call()
        assert raised.value.key == key
    t = T.start(t)
    t, rnd = T.pair_next_round(t)
    assert all(set(tb.entrants) != {"p0", "p1"} for tb in rnd.tables)
    t = T.request_bye(t, "p2")
    with pytest.raises(T.EntryError) as raised:
        T.request_bye(t, "p2")
    assert raised.value.key == "tournament.error.bye_already"
    rr = T.start(T.add_entrant(T.add_entrant(T.new_tournament(T.Settings.make("medina", "round_robin")), "a", "A"),
                               "b", "B"))
    with pytest.raises(T.EntryError) as raised:
        T.request_bye(rr, "a")
    assert raised.value.key == "tournament.error.bye_format"
    assert T.Tournament.from_json(t.to_json()).to_json() == t.to_json()
