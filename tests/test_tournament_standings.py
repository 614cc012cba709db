"""Points and tie-breaks against hand-worked examples (each written out in its test's docstring)."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

import tournaments as T
from tournaments.state import DONE, RUNNING, Entrant, GameRecord, Round, Table, Tournament


def event(settings: T.Settings, ids: str, rounds, byes=None) -> Tournament:
    """A running tournament whose decided rounds are ``rounds``: per round a list of
    (entrants, places[, scores])."""
    t = Tournament(settings, [Entrant(e, e, [e], seed=i + 1) for i, e in enumerate(ids)], status=RUNNING,
                   total_rounds=len(rounds) + 1)
    for number, tables in enumerate(rounds, start=1):
        built = []
        for k, spec in enumerate(tables, start=1):
            sides, places = list(spec[0]), list(spec[1])
            scores = list(spec[2]) if len(spec) > 2 else None
            built.append(Table(k, sides, [GameRecord(places, scores)], places=places))
        t.rounds.append(Round(number, built, byes=(byes or {}).get(number, []), status=DONE))
    return t


def rows(t):
    return {row.entrant: row for row in T.standings(t)}


def test_swiss_buchholz_median_buchholz_sonneborn_berger_and_wins():
    """Six players, three rounds, win 1 / draw 1/2 / loss 0.

    R1: A beat B, C drew D, F beat E.  R2: A beat F, B beat C, D beat E.  R3: A drew D, B beat F, C beat E.
    Points: A 2.5, B 2, C 1.5, D 2, E 0, F 1.

    ====  ===========  ========  ==============  =====================  ====
    who   opponents    Buchholz  median (cut)    Sonneborn-Berger       wins
    ====  ===========  ========  ==============  =====================  ====
    A     B2 F1 D2     5         2 (cut 2, 1)    2 + 1 + 2/2 = 4        2
    B     A2.5 C1.5 F1 5         1.5             0 + 1.5 + 1 = 2.5      2
    C     D2 B2 E0     4         2               2/2 + 0 + 0 = 1        1
    D     C1.5 E0 A2.5 4         1.5             .75 + 0 + 1.25 = 2     1
    E     F1 D2 C1.5   4.5       1.5             0                      0
    F     E0 A2.5 B2   4.5       2               0                      1
    ====  ===========  ========  ==============  =====================  ====

    Order: A 2.5; B and D on 2, B ahead on Buchholz 5 to 4; C 1.5; F 1; E 0.
    """
    s = T.Settings.make("medina", "swiss")
    t = event(s, "ABCDEF", [
        [("AB", [1, 2]), ("CD", [1, 1]), ("FE", [1, 2])],
        [("AF", [1, 2]), ("BC", [1, 2]), ("DE", [1, 2])],
        [("AD", [1, 1]), ("BF", [1, 2]), ("CE", [1, 2])],
    ])
    r = rows(t)
    expected = {"A": (F(5, 2), 5, 2, 4, 2), "B": (2, 5, F(3, 2), F(5, 2), 2), "C": (F(3, 2), 4, 2, 1, 1),
                "D": (2, 4, F(3, 2), 2, 1), "E": (0, F(9, 2), F(3, 2), 0, 0), "F": (1, F(9, 2), 2, 0, 1)}
    for who, (points, bh, mbh, sb, wins) in expected.items():
        tb = r[who].tie_breaks
        assert (r[who].points, tb["buchholz"], tb["median_buchholz"], tb["sonneborn_berger"], tb["wins"]) == \
            (points, bh, mbh, sb, wins), who
    assert [row.entrant for row in T.standings(t)] == list("ABDCFE")
    assert [row.rank for row in T.standings(t)] == [1, 2, 3, 4, 5, 6]


def test_a_bye_gives_its_points_but_no_buchholz():
    """Three players, one round: A beat B, C has the bye (1 point). C: 1 point, Buchholz 0 (a bye
    adds nothing), not a win; A: 1 point, Buchholz 0 (B has 0); B: Buchholz 1."""
    s = T.Settings.make("medina", "swiss")
    t = event(s, "ABC", [[("AB", [1, 2])]], byes={1: ["C"]})
    r = rows(t)
    assert (r["C"].points, r["C"].tie_breaks["buchholz"], r["C"].tie_breaks["wins"]) == (1, 0, 0)
    assert (r["A"].points, r["A"].tie_breaks["buchholz"]) == (1, 0)
    assert r["B"].tie_breaks["buchholz"] == 1
    assert [c.kind for c in r["C"].cells] == ["bye"]


def test_head_to_head_decides_between_the_tied():
    """Round robin of four: A beat B, C beat A, A drew D; B beat C, B drew D; D beat C.
    Points: D 2, A 1.5, B 1.5, C 1. A and B are tied: A beat B, so head-to-head A 1, B 0.
    Ranks: D 1, A 2, B 3, C 4."""
    s = T.Settings.make("medina", "round_robin", tie_breaks="head_to_head,sonneborn_berger")
    t = event(s, "ABCD", [
        [("AB", [1, 2]), ("CD", [2, 1])],
        [("CA", [1, 2]), ("BD", [1, 1])],
        [("AD", [1, 1]), ("BC", [1, 2])],
    ])
    table = T.standings(t)
    assert [(row.entrant, row.rank) for row in table] == [("D", 1), ("A", 2), ("B", 3), ("C", 4)]
    r = rows(t)
    assert (r["A"].tie_breaks["head_to_head"], r["B"].tie_breaks["head_to_head"]) == (1, 0)


def test_a_cycle_of_three_shares_the_rank():
    """Round robin of four: A beat B, B beat C, C beat A, and all three beat D. A, B, C have 2
    points; head-to-head among them 1 each; Sonneborn-Berger 2 each (the one beaten has 2, D 0);
    wins 2 each: they share rank 1 and D is 4th. Game scores (A-B 30-5, C-D 10-0, B-C 20-5,
    A-D 10-0, C-A 25-5, B-D 10-0) then break it: A 30+10+5 = 45, C 10+5+25 = 40, B 5+20+10 = 35,
    D 0 -> A, C, B, D."""
    def tables(scores: bool):
        def s(a, b):
            return (a, b) if scores else ()
        return [
            [("AB", [1, 2], *([s(30, 5)] if scores else [])), ("CD", [1, 2], *([s(10, 0)] if scores else []))],
            [("BC", [1, 2], *([s(20, 5)] if scores else [])), ("AD", [1, 2], *([s(10, 0)] if scores else []))],
            [("CA", [1, 2], *([s(25, 5)] if scores else [])), ("BD", [1, 2], *([s(10, 0)] if scores else []))],
        ]
    s = T.Settings.make("medina", "round_robin", tie_breaks="head_to_head,sonneborn_berger,wins")
    table = T.standings(event(s, "ABCD", tables(False)))
    assert [(row.entrant, row.rank) for row in table] == [("A", 1), ("B", 1), ("C", 1), ("D", 4)]
    s = T.Settings.make("medina", "round_robin", tie_breaks="head_to_head,sonneborn_berger,wins,game_score")
    table = T.standings(event(s, "ABCD", tables(True)))
    assert [(row.entrant, row.rank) for row in table] == [("A", 1), ("C", 2), ("B", 3), ("D", 4)]
    assert [row.tie_breaks["game_score"] for row in table] == [45, 40, 35, 0]


def test_multiplayer_tables_opponents_points_and_average_place():
    """Six players at tables of three, points 6/3/0, two rounds.

    R1: A 1st, B 2nd, C 3rd; D 1st, E 2nd, F 3rd.  R2: D 1st, B 2nd, A 3rd; C 1st, F 2nd, E 3rd.
    Points: A 6, B 6, C 6, D 12, E 3, F 3.
    Opponents' points: A (B6+C6) + (D12+B6) = 30; B 12 + 18 = 30; C 12 + (E3+F3) = 18;
    D (E3+F3) + (A6+B6) = 18; E (D12+F3) + (C6+F3) = 24; F 15 + 9 = 24.
    Average place: A 2, B 2, C 2, D 1, E 2.5, F 2.5.
    Ranks: D 1; A and B tied on 30 and 2: both 2; C 4; E and F tied: both 5.
    """
    s = T.Settings.make("medina", "swiss_tables", table_size=3, place_points="6/3/0")
    t = event(s, "ABCDEF", [
        [("ABC", [1, 2, 3]), ("DEF", [1, 2, 3])],
        [("ADB", [3, 1, 2]), ("ECF", [3, 1, 2])],
    ])
    table = T.standings(t)
    got = {row.entrant: (row.rank, row.points, row.tie_breaks["opponents_points"], row.tie_breaks["average_place"])
           for row in table}
    assert got == {"D": (1, 12, 18, 1), "A": (2, 6, 30, 2), "B": (2, 6, 30, 2), "C": (4, 6, 18, 2),
                   "E": (5, 3, 24, F(5, 2)), "F": (5, 3, 24, F(5, 2))}


@pytest.mark.parametrize("points,places,expected", [
    ("6/4/2/0", [1, 2, 2, 4], [6, 3, 3, 0]),          # 2nd and 3rd share (4+2)/2
    ("6/5/3/1/0", [1, 2, 2, 2, 5], [6, 3, 3, 3, 0]),  # (5+3+1)/3
    ("6/5/3/1/0", [1, 1, 3, 4, 5], [F(11, 2), F(11, 2), 3, 1, 0]),
])
def test_points_per_place_share_tied_places(points, places, expected):
    s = T.Settings.make("middle_ages", "swiss_tables", table_size=len(places), place_points=points)
    assert s.points_for(places) == expected


def test_smaller_tables_are_scaled_between_the_first_and_last_values():
    """6/4/2/0 chosen for four; a table of three made to fit the count scores 6/3/0."""
    s = T.Settings.make("medina", "swiss_tables", table_size=4, place_points="6/4/2/0")
    assert s.points_for([1, 2, 3]) == [6, 3, 0]


def test_two_sided_points_are_configurable():
    s = T.Settings.make("medina", "swiss", points_win=3, points_draw=1, points_loss=0)
    assert s.points_for([1, 1]) == [1, 1] and s.points_for([2, 1]) == [0, 3]


def test_standings_view_is_plain_and_says_each_round():
    s = T.Settings.make("medina", "swiss")
    t = event(s, "ABCDEF", [
        [("AB", [1, 2]), ("CD", [1, 1]), ("FE", [1, 2])],
    ])
    view = T.standings_view(t)
    import json

    json.dumps(view)
    first = view["rows"][0]
    assert first["results"][0].startswith("W") and view["tie_breaks"] == list(s.tie_breaks)


def test_standings_after_round_one_count_round_one_only_with_their_tie_breaks():
    """The six players of the first example, asked for the standings after round 1 once all three
    rounds are played. R1: A beat B, C drew D, F beat E.

    ====  ======  ========  ======  ================  ====
    who   points  Buchholz  median  Sonneborn-Berger  wins
    ====  ======  ========  ======  ================  ====
    A     1       B 0       0       0                 1
    F     1       E 0       0       0                 1
    C     1/2     D 1/2     1/2     1/2 x 1/2 = 1/4   0
    D     1/2     C 1/2     1/2     1/4               0
    B     0       A 1       1       0                 0
    E     0       F 1       1       0                 0
    ====  ======  ========  ======  ================  ====

    A and F are equal on everything (with later rounds counted, A's Buchholz would be B's 2 and
    put A ahead): they share rank 1; C and D rank 3; B and E rank 5. Each has one result."""
    s = T.Settings.make("medina", "swiss")
    t = event(s, "ABCDEF", [
        [("AB", [1, 2]), ("CD", [1, 1]), ("FE", [1, 2])],
        [("AF", [1, 2]), ("BC", [1, 2]), ("DE", [1, 2])],
        [("AD", [1, 1]), ("BF", [1, 2]), ("CE", [1, 2])],
    ])
    half = F(1, 2)
    expected = {"A": (1, 1, 0, 0, 0, 1), "F": (1, 1, 0, 0, 0, 1), "C": (3, half, half, half, F(1, 4), 0),
                "D": (3, half, half, half, F(1, 4), 0), "B": (5, 0, 1, 1, 0, 0), "E": (5, 0, 1, 1, 0, 0)}
    table = T.standings(t, through_round=1)
    got = {row.entrant: (row.rank, row.points, *(row.tie_breaks[n] for n in s.tie_breaks),) for row in table}
    assert got == expected
    assert [row.entrant for row in table] == list("AFCDBE") and all(len(row.cells) == 1 for row in table)
    view = T.standings_view(t, through_round=1)
    assert view["round"] == 1 and [r["results"] for r in view["rows"]][0] == ["W5"]
    assert [r["points"] for r in view["rows"]] == [1, 1, 0.5, 0.5, 0, 0]
    assert T.standings_view(t)["rows"][0]["points"] == 2.5  # the standings now are unchanged


def snapshot_run(fmt: str, options: dict, seed: int):
    """A random event of 9 with a player withdrawn in round 2 and (Swiss formats) one entering late
    for round 3: the final state, and the state as it stood when each round ended."""
    import random

    rng = random.Random(seed)
    late = fmt in ("swiss", "swiss_tables")
    t = T.new_tournament(T.Settings.make("medina", fmt, **options, **({"late_entry": True} if late else {})))
    for i in range(9):
        t = T.add_entrant(t, f"u{i}", f"P{i}", rating=rng.random())
    t = T.start(t)
    ended = []
    while t.status == "running":
        t, rnd = T.pair_next_round(t)
        t = T.begin_round(t)
        if rnd.number == 2:
            t = T.drop(t, rng.choice([e.id for e in t.entrants if e.active]))
            if late:
                t = T.add_entrant(t, "late", "Late")
        for table in rnd.tables:
            while t.status == "running" and not t.current_round.table(table.number).decided:
                k = len(table.entrants)
                t = T.record_result(t, table.number, places=[1 + x for x in rng.sample(range(k), k)],
                                    scores=[rng.randint(0, 9) for _ in range(k)])
        ended.append(t.copy())
    return t, ended


@pytest.mark.parametrize("fmt,options", [
    ("swiss", {"rounds": 4}), ("round_robin", {}), ("single_elimination", {}), ("double_elimination", {}),
    ("swiss_tables", {"table_size": 3, "rounds": 4}),
])
def test_standings_after_round_n_are_those_of_the_moment_round_n_ended(fmt, options):
    """However late they are asked for, the standings after round N (points, tie-breaks, ranks,
    results, who is dropped or still in the bracket) are the ones the event had when round N ended."""
    for seed in range(4):
        final, ended = snapshot_run(fmt, options, seed)
        assert len(ended) >= 3
        for number, then in enumerate(ended, start=1):
            assert [row.to_json() for row in T.standings(final, through_round=number)] == \
                [row.to_json() for row in T.standings(then)], (fmt, seed, number)
            assert T.standings_view(final, through_round=number) == T.standings_view(then), (fmt, seed, number)
        assert T.standings(final, through_round=len(ended)) == T.standings(final)
