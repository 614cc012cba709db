"""Stages (issue 29, point 3): a Swiss or round-robin stage, then a top-N single or double
elimination cut seeded from its standings; a third-place match; a double round robin."""

from __future__ import annotations

import random
from collections import Counter

import pytest

import tournaments as T


def event(fmt, n, **options):
    t = T.new_tournament(T.Settings.make("medina", fmt, **options))
    for i in range(n):
        t = T.add_entrant(t, f"p{i}", f"P{i}", rating=float(n - i))
    return T.start(t)


def play(t, rng, until=None):
    """Random results (a draw now and then outside brackets) until the end or ``until(t)``."""
    while t.status == "running" and not (until and until(t)):
        t, rnd = T.pair_next_round(t)
        t = T.begin_round(t)
        for table in rnd.tables:
            while not t.current_round.table(table.number).decided:
                places = rng.choice([[1, 2], [2, 1]] + ([[1, 1]] if not t.in_bracket else []))
                t = T.record_result(t, table.number, places=places)
    return t


@pytest.mark.parametrize("seed", range(6))
def test_a_swiss_stage_then_a_top_four_cut_with_a_third_place_match(seed):
    rng = random.Random(seed)
    t = event("swiss", 8, rounds=3, cut=4, third_place=True)
    t = play(t, rng, until=lambda t: t.stage == 2)
    assert t.status == "running" and len(t.rounds) == 3
    swiss = T.standings(t, through_round=3)
    assert t.cut_seeds == [row.entrant for row in swiss[:4]]
    t, semis = T.pair_next_round(t)
    # seeds 1 v 4 and 2 v 3, the better seed first
    assert sorted(tb.entrants for tb in semis.tables) == sorted([[t.cut_seeds[0], t.cut_seeds[3]],
                                                                  [t.cut_seeds[1], t.cut_seeds[2]]])
    t = T.begin_round(t)
    for table in semis.tables:
        t = T.record_result(t, table.number, places=rng.choice([[1, 2], [2, 1]]))
    t, finals = T.pair_next_round(t)
    assert sorted(tb.match for tb in finals.tables) == ["3P", "W2-1"]
    t = T.begin_round(t)
    for table in finals.tables:
        t = T.record_result(t, table.number, places=[1, 2])
    assert t.status == "finished"
    final = next(tb for tb in finals.tables if tb.match == "W2-1")
    third = next(tb for tb in finals.tables if tb.match == "3P")
    rows = T.standings(t)
    assert [(r.rank, r.entrant) for r in rows[:4]] == [(1, final.entrants[0]), (2, final.entrants[1]),
                                                       (3, third.entrants[0]), (4, third.entrants[1])]
    # the others follow in the order of the Swiss stage
    assert [r.entrant for r in rows[4:]] == [r.entrant for r in swiss[4:]]
    assert [r.rank for r in rows[4:]] == [5, 6, 7, 8] or rows[4].rank == 5
    view = T.standings_view(t)
    assert len(view["rows"]) == 8 and all(len(r["results"]) == 5 for r in view["rows"])
    assert T.bracket_view(t)["format"] == "single_elimination"
    assert T.Tournament.from_json(t.to_json()).to_json() == t.to_json()


@pytest.mark.parametrize("seed", range(4))
def test_a_round_robin_stage_then_a_double_elimination_cut(seed):
    rng = random.Random(seed)
    t = event("round_robin", 6, cut=4, cut_format="double_elimination", grand_final_reset=False)
    t = play(t, rng, until=lambda t: t.stage == 2)
    assert len(t.rounds) == 5 and len(t.cut_seeds) == 4
    t = play(t, rng)
    assert t.status == "finished"
    rows = T.standings(t)
    losses = Counter()
    for rnd in t.rounds[5:]:
        for tb in rnd.tables:
            losses[tb.entrants[tb.places.index(2)]] += 1
    champion = rows[0].entrant
    assert champion in t.cut_seeds and losses[champion] <= 1
    # nobody out before a second loss, but the unbeaten finalist losing the one final (no reset)
    assert all(losses[e] == 2 or (e == rows[1].entrant and losses[e] == 1) for e in t.cut_seeds if e != champion)


def test_a_cut_larger_than_the_field_takes_everyone_still_in():
    t = event("swiss", 5, rounds=2, cut=8)
    t = T.drop(t, "p4")
    t = play(t, random.Random(1), until=lambda t: t.stage == 2)
    assert sorted(t.cut_seeds) == ["p0", "p1", "p2", "p3"]


def test_third_place_in_a_single_elimination_event():
    t = event("single_elimination", 8, third_place=True)
    t = play(t, random.Random(3))
    rows = T.standings(t)
    third = next(tb for r in t.rounds for tb in r.tables if tb.match == "3P")
    assert [r.rank for r in rows[:4]] == [1, 2, 3, 4]
    assert rows[2].entrant == third.entrants[third.places.index(1)]
    assert rows[3].entrant == third.entrants[third.places.index(2)]


def test_a_double_round_robin_meets_everyone_twice_with_seats_turned_round():
    t = event("round_robin", 5, cycles=2)
    assert t.total_rounds == 10
    t = play(t, random.Random(2))
    seats = Counter(tuple(tb.entrants) for r in t.rounds for tb in r.tables)
    assert len(seats) == 5 * 4 and set(seats.values()) == {1}


@pytest.mark.parametrize("fmt, options, key", [
    ("swiss_tables", {"cut": 4}, "tournament.error.cut_format"),
    ("single_elimination", {"cut": 4}, "tournament.error.cut_format"),
    ("swiss", {"cut": 1}, "tournament.error.setting_int"),
    ("swiss", {"cut": 4, "cut_format": "swiss"}, "tournament.error.setting_choice"),
    ("double_elimination", {"third_place": True}, "tournament.error.third_place"),
    ("swiss", {"cut": 4, "cut_format": "double_elimination", "third_place": True}, "tournament.error.third_place"),
    ("swiss", {"cycles": 2}, "tournament.error.cycles"),
    ("round_robin", {"cycles": 3}, "tournament.error.setting_int"),
])
def test_stage_settings_are_checked(fmt, options, key):
    with pytest.raises(T.SettingsError) as raised:
        T.Settings.make("medina", fmt, **options)
    assert raised.value.key == key


@pytest.mark.parametrize("seed", range(3))
def test_a_round_robin_in_groups_then_a_cut_of_the_group_leaders(seed):
    t = event("round_robin", 9, groups=2, cut=4)
    assert t.groups == [["p0", "p3", "p4", "p7", "p8"], ["p1", "p2", "p5", "p6"]]  # snake order by seed
    assert t.total_rounds == 5
    t = play(t, random.Random(seed), until=lambda t: t.stage == 2)
    group_of = {e: k for k, members in enumerate(t.groups) for e in members}
    met = Counter()
    for rnd in t.rounds:
        for tb in rnd.tables:
            a, b = tb.entrants
            assert group_of[a] == group_of[b]  # nobody meets another group
            met[frozenset(tb.entrants)] += 1
    assert len(met) == 10 + 6 and set(met.values()) == {1}  # everyone in a group meets once
    views = [T.standings_view(t, through_round=5, group=k) for k in range(2)]
    leaders = [[row["id"] for row in view["rows"][:2]] for view in views]
    assert [row["rank"] for row in views[1]["rows"]][0] == 1 and len(views[0]["rows"]) == 5
    rows = T.standings(t, through_round=5)
    # group winners first, then the runners-up; the cut takes them in that order
    assert {rows[0].entrant, rows[1].entrant} == {leaders[0][0], leaders[1][0]}
    assert {rows[2].entrant, rows[3].entrant} == {leaders[0][1], leaders[1][1]}
    assert t.cut_seeds == [row.entrant for row in rows[:4]]
    t = play(t, random.Random(seed))
    assert t.status == "finished" and T.standings(t)[0].entrant in t.cut_seeds


def test_groups_are_checked():
    with pytest.raises(T.SettingsError) as raised:
        T.Settings.make("medina", "swiss", groups=2)
    assert raised.value.key == "tournament.error.groups"
    t = T.new_tournament(T.Settings.make("medina", "round_robin", groups=3))
    for i in range(5):
        t = T.add_entrant(t, f"p{i}", f"P{i}")
    with pytest.raises(T.EntryError) as raised:
        T.start(t)
    assert raised.value.key == "tournament.error.too_few_groups"
