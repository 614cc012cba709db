"""Pairing properties over thousands of random tournaments (seeded loops, so a failure names its seed).

- Swiss: every active player is paired once or has the bye; a bye only for an odd field and never
  a second one while someone has none; against brute force over every pairing of small fields, the
  pairing is optimal in the documented order of all six concerns (second byes, rematches, the
  bye's place from the bottom, squared score differences, first-seat clashes, the Dutch order),
  so there is no rematch when one is avoidable and score groups are left only when they must be;
  who sits first follows the stated rules; large fields solved block by block keep the Dutch
  order, and a last block that cannot be paired well alone is solved with the blocks above it.
- Multiplayer tables: sizes balanced (they differ by at most one), every player seated once or
  given a bye, and no single swap of two players lowers the repeat pairs (the optimum against brute
  force is in test_tournament_multiplayer.py).
- Round robin: everyone meets everyone exactly once, first seats balanced and alternating.
- Elimination brackets: seeds 1 and 2 meet only in the final; everyone but the champion is
  knocked out exactly once; in double elimination nobody is out before a second loss.
"""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction
from itertools import combinations

import networkx as nx
import pytest

import tournaments as T
from tournaments.pairing import (
    Candidate,
    Seated,
    SwissPairing,
    group_tables,
    pair_swiss,
    round_robin_round,
    table_sizes,
)


class Sim:
    """A Swiss event at the pairing level: random results, the standings order by score."""

    def __init__(self, n: int, rng: random.Random):
        self.rng = rng
        self.ids = [f"p{i}" for i in range(n)]
        self.score = {i: Fraction(0) for i in self.ids}
        self.met = {i: Counter() for i in self.ids}
        self.seats = {i: [] for i in self.ids}
        self.byes = Counter()

    def candidates(self) -> list[Candidate]:
        order = sorted(self.ids, key=lambda i: (-self.score[i], int(i[1:])))
        return [Candidate(i, self.score[i], dict(self.met[i]), sum(self.seats[i]), tuple(self.seats[i]),
                          self.byes[i] > 0) for i in order]

    def play(self, pairing) -> None:
        for a, b in pairing.pairs:
            self.met[a][b] += 1
            self.met[b][a] += 1
            self.seats[a].append(1)
            self.seats[b].append(-1)
            x = self.rng.random()
            if x < 0.45:
                self.score[a] += 1
            elif x < 0.9:
                self.score[b] += 1
            else:
                self.score[a] += Fraction(1, 2)
                self.score[b] += Fraction(1, 2)
        if pairing.bye:
            self.score[pairing.bye] += 1
            self.byes[pairing.bye] += 1


def _matchings(items: list[int]):
    if not items:
        yield []
        return
    first, rest = items[0], items[1:]
    for i, other in enumerate(rest):
        for tail in _matchings(rest[:i] + rest[i + 1:]):
            yield [(first, other)] + tail


def _due(c: Candidate) -> tuple[int, bool]:
    """The seat a player is due (+1 first, -1 second, 0 none yet) and whether he must have it.
    Fewer firsts than seconds (or as many, and second last time) is due first; a difference of two,
    or the same seat twice running, makes it a must."""
    if not c.last:
        return 0, False
    must = abs(c.colour) >= 2 or (len(c.last) >= 2 and c.last[-1] == c.last[-2])
    return (1 if c.colour < 0 or (c.colour == 0 and c.last[-1] < 0) else -1), must


def _clash(a: Candidate, b: Candidate) -> int:
    """Concern 5: two players due the same seat cost 1, or 3 when both must have it."""
    (due_a, must_a), (due_b, must_b) = _due(a), _due(b)
    return 0 if not due_a or due_a != due_b else 3 if must_a and must_b else 1


def _fold(cands: list[Candidate], a: int, b: int) -> int:
    """Concern 6, how far a pair is from the Dutch order: inside a score group of n, how far the
    two places are from n/2 apart (1 v n/2+1); across groups, how far the higher player is from
    the bottom of his group plus how far the lower one is from the top of hers."""
    def group(i):
        members = [j for j, c in enumerate(cands) if c.score == cands[i].score]
        return members.index(i), len(members)
    (pa, na), (pb, nb) = group(a), group(b)
    if cands[a].score == cands[b].score:
        return abs(abs(pb - pa) - na // 2)
    (ph, nh), pl = ((pa, na), pb) if a < b else ((pb, nb), pa)
    return (nh - 1 - ph) + pl


def _cost(cands: list[Candidate], pairs, bye: int | None) -> tuple:
    """The documented order of concerns, as a tuple to minimise."""
    pos = {c.id: i for i, c in enumerate(cands)}
    scale = 2
    second = 1 if bye is not None and cands[bye].had_bye else 0
    rematches = sum(cands[pos[a]].met.get(b, 0) for a, b in pairs)
    bye_pos = (len(cands) - 1 - bye) if bye is not None else 0
    score = sum(int((cands[pos[a]].score - cands[pos[b]].score) * scale) ** 2 for a, b in pairs)
    seats = sum(_clash(cands[pos[a]], cands[pos[b]]) for a, b in pairs)
    dutch = sum(_fold(cands, pos[a], pos[b]) for a, b in pairs)
    return second, rematches, bye_pos, score, seats, dutch


def _brute(cands: list[Candidate]) -> tuple:
    n = len(cands)
    best = None
    for bye in (range(n) if n % 2 else [None]):
        rest = [i for i in range(n) if i != bye]
        for m in _matchings(rest):
            cost = _cost(cands, [(cands[a].id, cands[b].id) for a, b in m], bye)
            best = cost if best is None or cost < best else best
    return best


@pytest.mark.parametrize("block", range(4))
def test_swiss_pairings_are_optimal_against_brute_force(block):
    for seed in range(block * 25, block * 25 + 25):
        rng = random.Random(seed)
        n = rng.randint(2, 10)
        sim = Sim(n, rng)
        for _ in range(rng.randint(1, n + 1)):
            cands = sim.candidates()
            pairing = pair_swiss(cands)
            pos = {c.id: i for i, c in enumerate(cands)}
            mine = _cost(cands, pairing.pairs, pos[pairing.bye] if pairing.bye else None)
            assert mine == _brute(cands), f"seed {seed}: {pairing} costs {mine}"
            sim.play(pairing)


def _arbitrary_field(rng: random.Random) -> list[Candidate]:
    """A small field in standings order with any scores, seat histories, meetings and byes (not
    only those a played event leaves, so every concern meets every other)."""
    n = rng.randint(2, 9)
    ids = [f"p{i}" for i in range(n)]
    met = {i: {} for i in ids}
    for a, b in combinations(ids, 2):
        if rng.random() < 0.15:
            met[a][b] = met[b][a] = 1
    cands = []
    for i, score in zip(ids, sorted((Fraction(rng.randint(0, 4), 2) for _ in ids), reverse=True)):
        last = tuple(rng.choice([1, -1]) for _ in range(rng.randint(0, 3)))
        cands.append(Candidate(i, score, met[i], sum(last), last, rng.random() < 0.3))
    return cands


def test_swiss_pairings_are_optimal_against_brute_force_on_arbitrary_fields():
    for seed in range(400):
        cands = _arbitrary_field(random.Random(seed))
        pairing = pair_swiss(cands)
        pos = {c.id: i for i, c in enumerate(cands)}
        mine = _cost(cands, pairing.pairs, pos[pairing.bye] if pairing.bye else None)
        assert mine == _brute(cands), f"seed {seed}: {pairing} costs {mine}"


def test_swiss_pairs_everyone_once_and_gives_one_bye_per_event_over_thousands_of_events():
    events = 0
    for seed in range(1000):
        rng = random.Random(10_000 + seed)
        n = rng.choice([3, 4, 5, 6, 7, 8, 9, 11, 12, 13, 16])
        sim = Sim(n, rng)
        rounds = rng.randint(1, min(4, n - 1))
        for _ in range(rounds):
            cands = sim.candidates()
            pairing = pair_swiss(cands)
            seen = [p for pair in pairing.pairs for p in pair] + ([pairing.bye] if pairing.bye else [])
            assert sorted(seen) == sorted(sim.ids), f"seed {seed}"
            assert (pairing.bye is not None) == (n % 2 == 1)
            if pairing.bye and any(sim.byes[i] == 0 for i in sim.ids):
                assert sim.byes[pairing.bye] == 0, f"seed {seed}: a second bye while others had none"
            sim.play(pairing)
        if rounds <= n // 2:
            # few rounds for the field: a rematch is always avoidable then
            assert all(count == 1 for i in sim.ids for count in sim.met[i].values()), f"seed {seed}"
        events += 1
    assert events == 1000


def test_large_swiss_fields_solved_by_blocks_keep_the_guarantees():
    for seed in range(3):
        rng = random.Random(seed)
        sim = Sim(rng.choice([101, 160, 257]), rng)
        for _ in range(6):
            cands = sim.candidates()
            pairing = pair_swiss(cands)
            seen = [p for pair in pairing.pairs for p in pair] + ([pairing.bye] if pairing.bye else [])
            assert sorted(seen) == sorted(sim.ids)
            assert not any(sim.met[a][b] for a, b in pairing.pairs), "a rematch in a large field"
            if pairing.bye:
                assert sim.byes[pairing.bye] == 0
            # score groups: nobody meets someone more than one point away in these early rounds
            assert all(abs(sim.score[a] - sim.score[b]) <= 1 for a, b in pairing.pairs)
            sim.play(pairing)


def test_first_seats_stay_balanced_in_swiss():
    worst = 0
    for seed in range(200):
        rng = random.Random(seed)
        sim = Sim(rng.choice([8, 10, 16]), rng)
        for _ in range(5):
            sim.play(pair_swiss(sim.candidates()))
        worst = max(worst, max(abs(sum(s)) for s in sim.seats.values()))
    assert worst <= 3


def _first_seat(a: Candidate, b: Candidate, ia: int, ib: int, table: int) -> str:
    """Who sits first, as the module states it: fewer firsts so far; else whoever sat second last
    time; else, both having sat the same seat last time, the higher placed gets the seat both are
    due; with no game yet, the higher placed sits first at even tables (counted from 0)."""
    if a.colour != b.colour:
        return a.id if a.colour < b.colour else b.id
    la, lb = (a.last[-1] if a.last else 0), (b.last[-1] if b.last else 0)
    if la != lb:
        return a.id if la < lb else b.id
    high, low = (a, b) if ia < ib else (b, a)
    if la:
        return high.id if la < 0 else low.id
    return high.id if table % 2 == 0 else low.id


def test_swiss_seats_go_to_whoever_is_due_the_first_seat():
    checked = Counter()
    for seed in range(150):
        rng = random.Random(seed)
        sim = Sim(rng.choice([6, 8, 9, 12, 16]), rng)
        for _ in range(5):
            cands = sim.candidates()
            pos = {c.id: i for i, c in enumerate(cands)}
            pairing = pair_swiss(cands)
            tops = [min(pos[a], pos[b]) for a, b in pairing.pairs]
            assert tops == sorted(tops), f"seed {seed}: the best-placed pair first"
            for table, (first, second) in enumerate(pairing.pairs):
                a, b = cands[pos[first]], cands[pos[second]]
                assert _first_seat(a, b, pos[first], pos[second], table) == first, f"seed {seed}: {a} v {b}"
                rule = "colour" if a.colour != b.colour else "last" if a.last[-1:] != b.last[-1:] else \
                    "due" if a.last else "table"
                checked[rule] += 1
            sim.play(pairing)
    assert min(checked.values()) >= 50 and len(checked) == 4, checked  # every rule was met often


def test_a_first_swiss_round_pairs_the_top_half_with_the_bottom_half_seats_alternating():
    pairing = pair_swiss([Candidate(f"p{i}") for i in range(8)])
    assert pairing == SwissPairing([("p0", "p4"), ("p5", "p1"), ("p2", "p6"), ("p7", "p3")], None)
    # a field large enough to be solved block by block keeps the same order (1 v 51, 52 v 2, ...)
    pairing = pair_swiss([Candidate(f"p{i}") for i in range(101)])
    assert pairing.bye == "p100"
    assert pairing.pairs == [(f"p{i}", f"p{i + 50}") if i % 2 == 0 else (f"p{i + 50}", f"p{i}") for i in range(50)]


def test_a_floater_meets_the_top_of_the_group_below():
    # 2 points: p0-p4 (five: one floats, the lowest); 1 point: q0-q3; the floater meets q0
    cands = [Candidate(f"p{i}", Fraction(2)) for i in range(5)] + [Candidate(f"q{i}", Fraction(1)) for i in range(3)]
    pairing = pair_swiss(cands)
    assert sorted(tuple(sorted(p)) for p in pairing.pairs) == [("p0", "p2"), ("p1", "p3"), ("p4", "q0"),
                                                               ("q1", "q2")]


def _blocks_solved(cands: list[Candidate], monkeypatch) -> list[list[str]]:
    """The players of each matching ``pair_swiss`` solves, in order (float and bye nodes left out)."""
    real, solved = nx.max_weight_matching, []

    def recording(graph, *args, **kwargs):
        solved.append([cands[i].id for i in sorted(node for node in graph.nodes if node >= 0)])
        return real(graph, *args, **kwargs)

    monkeypatch.setattr(nx, "max_weight_matching", recording)
    pair_swiss(cands)
    monkeypatch.undo()
    return solved


def test_a_large_field_is_solved_in_blocks_of_whole_score_groups(monkeypatch):
    """Past DIRECT players, score groups are gathered top down into blocks of at least BLOCK (28)
    players; a short tail joins the block above only when under BLOCK / 2."""
    def group(prefix, size, score):
        return [Candidate(f"{prefix}{i}", Fraction(score)) for i in range(size)]

    blocks = _blocks_solved(group("a", 28, 3) + group("b", 28, 2) + group("c", 20, 1), monkeypatch)
    assert blocks == [[f"a{i}" for i in range(28)], [f"b{i}" for i in range(28)], [f"c{i}" for i in range(20)]]
    blocks = _blocks_solved(group("a", 28, 3) + group("b", 25, 2) + group("c", 13, 1), monkeypatch)
    assert [len(b) for b in blocks] == [28, 38]  # 25 is short of a block: the next group joins it
    blocks = _blocks_solved(group("a", 28, 3) + group("b", 28, 2) + group("c", 13, 1), monkeypatch)
    assert [len(b) for b in blocks] == [28, 41]  # a tail of 13 joins the block above
    # a group over 2 * BLOCK is split: each block takes a slice of its top half and the same slice
    # of its bottom half, so the Dutch order (1 v 31) stays inside a block
    blocks = _blocks_solved(group("p", 60, 0), monkeypatch)
    assert blocks == [[f"p{i}" for i in [*range(k, k + 10), *range(30 + k, 40 + k)]] for k in (0, 10, 20)]
    # a group of exactly 2 * BLOCK still fits one block
    assert _blocks_solved(group("p", 56, 0), monkeypatch) == [[f"p{i}" for i in range(56)]]


def test_a_block_pairs_everyone_it_can_before_the_next_one_is_solved(monkeypatch):
    """A block of 15 on 3 points and 13 on 2: the odd player out of the 15 meets the top of the
    13, so nobody is carried to the next block, whose matching holds its own 30 players only."""
    cands = [Candidate(f"a{i}", Fraction(3)) for i in range(15)] + \
        [Candidate(f"b{i}", Fraction(2)) for i in range(13)] + [Candidate(f"c{i}", Fraction(1)) for i in range(30)]
    assert [len(block) for block in _blocks_solved(cands, monkeypatch)] == [28, 30]
    assert ("a14", "b0") in {tuple(sorted(pair)) for pair in pair_swiss(cands).pairs}


def _paired_once(cands: list[Candidate], pairing) -> None:
    seen = [p for pair in pairing.pairs for p in pair] + ([pairing.bye] if pairing.bye else [])
    assert sorted(seen) == sorted(c.id for c in cands)
    met = {c.id: c.met for c in cands}
    assert not any(met[a].get(b) for a, b in pairing.pairs), "a rematch"


def _partners(pairing, group: str) -> list[str]:
    """Whom the players whose ids start with ``group`` meet."""
    return [b if a[0] == group else a for a, b in pairing.pairs if group in (a[0], b[0])]


@pytest.mark.parametrize("blocked_by", ["met", "forbidden"])
def test_a_player_a_block_cannot_pair_floats_down_rather_than_meet_again(blocked_by):
    """28 on 3 points, then 28 on 2 (two blocks): a0 has met (or may not meet) everyone on 3
    points, so the first block leaves a0 out and a0 meets someone on 2 points in the next one;
    no rematch (or forbidden pair) is taken in a block while a later block can avoid it."""
    top = [f"a{i}" for i in range(28)]
    others = {o: 1 for o in top[1:]}
    a0 = Candidate("a0", Fraction(3), met=others) if blocked_by == "met" else \
        Candidate("a0", Fraction(3), forbidden=frozenset(others))
    cands = [a0] + [Candidate(a, Fraction(3), met={"a0": 1} if blocked_by == "met" else {}) for a in top[1:]] + \
        [Candidate(f"b{i}", Fraction(2)) for i in range(28)]
    pairing = pair_swiss(cands)
    _paired_once(cands, pairing)
    partner = next(b if a == "a0" else a for a, b in pairing.pairs if "a0" in (a, b))
    assert partner.startswith("b")


def test_a_large_fields_last_block_that_needs_a_rematch_is_solved_with_the_block_before():
    """36 players on 2 points, then 14 on 0 who have all met each other: alone, the last block
    could pair only rematches, so it is solved together with the block above it."""
    top = [Candidate(f"a{i}", Fraction(2)) for i in range(36)]
    bottom = [f"b{i}" for i in range(14)]
    cands = top + [Candidate(b, Fraction(0), {other: 1 for other in bottom if other != b}) for b in bottom]
    pairing = pair_swiss(cands)
    _paired_once(cands, pairing)
    assert {p[0] for p in _partners(pairing, "b")} == {"a"}


def test_the_fallback_goes_up_to_the_whole_field_when_it_must():
    """Three blocks (28 on 4 points, 28 on 2, 14 on 0): the 14 have met each other and everyone on
    2 points, so only the players on 4 points are left for them."""
    high = [Candidate(f"a{i}", Fraction(4)) for i in range(28)]
    bottom = [f"b{i}" for i in range(14)]
    middle = [Candidate(f"c{i}", Fraction(2), {b: 1 for b in bottom}) for i in range(28)]
    low = [Candidate(b, Fraction(0), {o: 1 for o in bottom + [c.id for c in middle] if o != b}) for b in bottom]
    cands = high + middle + low
    pairing = pair_swiss(cands)
    _paired_once(cands, pairing)
    assert {p[0] for p in _partners(pairing, "b")} == {"a"} and len(_partners(pairing, "b")) == 14


def test_a_large_fields_last_block_with_nobody_due_the_bye_gives_it_higher_up():
    """36 players on 2 points without a bye, 15 on 0 who all had one: the bye goes to the lowest
    player who had none, above the last block."""
    cands = [Candidate(f"a{i}", Fraction(2)) for i in range(36)] + \
        [Candidate(f"b{i}", Fraction(0), had_bye=True) for i in range(15)]
    pairing = pair_swiss(cands)
    _paired_once(cands, pairing)
    assert pairing.bye == "a35"


def test_table_sizes():
    assert table_sizes(12, 4, 3, 4) == ([4, 4, 4], 0)
    assert table_sizes(9, 4, 3, 4) == ([3, 3, 3], 0)
    assert table_sizes(10, 4, 3, 4) == ([4, 3, 3], 0)
    assert table_sizes(11, 4, 3, 4) == ([4, 4, 3], 0)
    assert table_sizes(7, 5, 3, 5) == ([4, 3], 0)
    assert table_sizes(4, 3, 3, 4) == ([4], 0)  # one larger when one smaller is below the game
    assert table_sizes(5, 4, 4, 4) == ([4], 1)  # a fixed size: a bye
    assert table_sizes(2, 3, 3, 4) == ([], 2)
    # balanced (issue 29): sizes differ by at most one where the game allows it
    assert table_sizes(13, 5, 3, 5) == ([5, 4, 4], 0)  # was 5+5+3
    assert table_sizes(12, 5, 3, 5) == ([4, 4, 4], 0)  # was 5+4+3
    assert table_sizes(8, 3, 3, 5) == ([4, 4], 0)  # was 5+3
    assert table_sizes(14, 4, 3, 4) == ([4, 4, 3, 3], 0)


def _swap_improves_repeats(tables: list[list[str]], met) -> bool:
    def repeats(t):
        return sum(met[a][b] for a, b in combinations(t, 2))
    for i, j in combinations(range(len(tables)), 2):
        base = repeats(tables[i]) + repeats(tables[j])
        for pi in range(len(tables[i])):
            for qj in range(len(tables[j])):
                a = tables[i][:pi] + [tables[j][qj]] + tables[i][pi + 1:]
                b = tables[j][:qj] + [tables[i][pi]] + tables[j][qj + 1:]
                if repeats(a) + repeats(b) < base:
                    return True
    return False


def test_multiplayer_tables_over_many_random_events(monkeypatch):
    # the annealing budget is cut to a tenth: these are properties of any grouping it returns (its
    # strength is measured against brute force in test_tournament_multiplayer.py)
    monkeypatch.setattr("tournaments.pairing.SEARCH_STEPS", 4000)
    for seed in range(250):
        rng = random.Random(seed)
        n, size = rng.randint(6, 30), rng.choice([3, 4, 5])
        ids = [f"p{i}" for i in range(n)]
        score = {i: Fraction(0) for i in ids}
        met = {i: Counter() for i in ids}
        for _ in range(rng.randint(1, 5)):
            sizes, byes = table_sizes(n, size, 3, 5)
            assert byes == 0 and sum(sizes) == n
            assert all(3 <= s <= 5 for s in sizes) and max(sizes) - min(sizes) <= 1
            fewest = -(-n // size)  # tables of ``size`` at most; fewer, larger ones only below 3
            assert len(sizes) == fewest or (n // fewest < 3 and len(sizes) < fewest)
            assert sizes == sorted(sizes, reverse=True)
            order = sorted(ids, key=lambda i: (-score[i], i))
            tables = group_tables([Seated(i, score[i], dict(met[i])) for i in order], sizes)
            assert [len(t) for t in tables] == sizes
            assert sorted(p for t in tables for p in t) == sorted(ids)
            assert not _swap_improves_repeats(tables, met), f"seed {seed}"
            for t in tables:
                for a, b in combinations(t, 2):
                    met[a][b] += 1
                    met[b][a] += 1
                for place, p in enumerate(rng.sample(t, len(t))):
                    score[p] += len(t) - 1 - place


def test_tables_start_from_the_top_of_the_standings_when_nobody_has_met():
    players = [Seated(f"p{i}", Fraction(10 - i // 2)) for i in range(12)]
    tables = group_tables(players, [4, 4, 4])
    assert [sorted(t, key=lambda p: int(p[1:])) for t in tables] == \
        [["p0", "p1", "p2", "p3"], ["p4", "p5", "p6", "p7"], ["p8", "p9", "p10", "p11"]]


@pytest.mark.parametrize("n", [2, 3, 4, 5, 8, 9, 12])
def test_round_robin_circle_method(n):
    ids = [f"p{i}" for i in range(n)]
    rounds = n - 1 + n % 2
    met = Counter()
    firsts = Counter()
    for r in range(rounds):
        pairs = round_robin_round(ids, r)
        present = [p for pair in pairs for p in pair if p is not None]
        assert sorted(present) == sorted(ids)
        for a, b in pairs:
            if a is not None and b is not None:
                met[frozenset((a, b))] += 1
                firsts[a] += 1
    assert set(met.values()) == {1} and len(met) == n * (n - 1) // 2
    games = (n - 1)
    for p in ids:
        assert abs(2 * firsts[p] - games) <= 2


def _longest_runs(ids, rounds):
    """Each player's longest run of first seats, and of any one seat, over ``rounds``."""
    seats = {p: [] for p in ids}
    for r in range(rounds):
        for a, b in round_robin_round(ids, r):
            if a is not None and b is not None:
                seats[a].append(1)
                seats[b].append(-1)
    longest = {}
    for p, row in seats.items():
        run = best = best_first = 0
        for k, seat in enumerate(row):
            run = run + 1 if k and row[k - 1] == seat else 1
            best = max(best, run)
            if seat == 1:
                best_first = max(best_first, run)
        longest[p] = (best_first, best)
    return longest


@pytest.mark.parametrize("n", [4, 7, 16, 33, 64])
def test_round_robin_seats_alternate_nobody_first_three_times_running(n):
    # issue 29: 16 players sat first 7 rounds in a row, then second 8; 64 players in runs of 32
    ids = [f"p{i}" for i in range(n)]
    cycle = n - 1 + n % 2
    for rounds in (cycle, 2 * cycle):  # a single and a double round robin
        runs = _longest_runs(ids, rounds)
        assert max(first for first, _ in runs.values()) <= 2
        assert max(any_seat for _, any_seat in runs.values()) <= 2


@pytest.mark.parametrize("n", [4, 5, 8, 11, 16])
def test_round_robin_first_seat_goes_to_whoever_sat_second_longest_then_least_first(n):
    """The stated rule, checked against the schedule itself: in each pair the first seat goes to
    the player whose run just before is more "second" (sat second more times in a row; a run of
    firsts counts against), then to whoever sat first less often."""
    ids = [f"p{i}" for i in range(n)]
    run = {p: 0 for p in ids}  # +k: first k times running; -k: second k times running
    balance = {p: 0 for p in ids}
    for r in range(n - 1 + n % 2):
        for a, b in round_robin_round(ids, r):
            if a is None or b is None:
                continue
            if run[a] != run[b]:
                assert run[a] < run[b], f"round {r}: {a} (run {run[a]}) sat first before {b} (run {run[b]})"
            else:
                assert balance[a] <= balance[b], f"round {r}: {a} has sat first more often than {b}"
            run[a] = run[a] + 1 if run[a] > 0 else 1
            run[b] = run[b] - 1 if run[b] < 0 else -1
            balance[a] += 1
            balance[b] -= 1


@pytest.mark.parametrize("n", [4, 5, 10])
def test_a_double_round_robin_meets_everyone_once_in_each_seat(n):
    ids = [f"p{i}" for i in range(n)]
    cycle = n - 1 + n % 2
    seats = Counter()
    for r in range(2 * cycle):
        for a, b in round_robin_round(ids, r):
            if a is not None and b is not None:
                seats[(a, b)] += 1
    assert len(seats) == n * (n - 1) and set(seats.values()) == {1}


def _run_elimination(fmt, n, seed, best_of=1):
    rng = random.Random(seed)
    t = T.new_tournament(T.Settings.make("medina", fmt, best_of=best_of))
    for i in range(n):
        t = T.add_entrant(t, f"p{i}", f"P{i}", rating=n - i)  # p0 is seed 1
    t = T.start(t)
    losses = Counter()
    met_in_final = None
    while t.status == "running":
        t, rnd = T.pair_next_round(t)
        t = T.begin_round(t)
        for table in rnd.tables:
            while not t.current_round.table(table.number).decided:
                t = T.record_result(t, table.number, places=rng.choice([[1, 2], [2, 1], [1, 1]]))
            decided = t.current_round.table(table.number)
            losses[decided.entrants[decided.places.index(2)]] += 1
            if {"p0", "p1"} == set(decided.entrants):
                met_in_final = decided.match
    return t, losses, met_in_final


@pytest.mark.parametrize("fmt", ["single_elimination", "double_elimination"])
def test_elimination_brackets(fmt):
    for seed in range(30):
        n = random.Random(seed).randint(3, 20)
        t, losses, met = _run_elimination(fmt, n, seed, best_of=random.Random(seed).choice([1, 3]))
        rows = T.standings(t)
        champion = rows[0].entrant
        assert rows[0].rank == 1 and sum(1 for r in rows if r.rank == 1) == 1
        limit = 1 if fmt == "single_elimination" else 2
        assert losses[champion] <= limit - 1 or (fmt == "double_elimination" and losses[champion] == 1)
        for row in rows[1:]:
            assert losses[row.entrant] == limit or (fmt == "double_elimination" and row.rank == 2 and losses[row.entrant] >= 1), \
                f"seed {seed}: {row.entrant} ranked {row.rank} with {losses[row.entrant]} losses"
        if met is not None and fmt == "single_elimination":
            assert met == t.bracket[-1].id, "seeds 1 and 2 met before the final"


def test_a_field_of_one_gets_the_bye_and_an_empty_field_nothing():
    assert pair_swiss([Candidate("a")]) == SwissPairing([], "a")
    assert pair_swiss([]) == SwissPairing([], None)


def test_the_swap_search_regroups_without_touching_the_callers_tables():
    from tournaments.pairing import _Objective, swap_search

    # p0, p1 and p2 have met often; p3, p4 and p5 never: a swap spreads the first three out
    met = {"p0": {"p1": 3, "p2": 3}, "p1": {"p0": 3, "p2": 3}, "p2": {"p0": 3, "p1": 3}}
    players = [Seated(f"p{i}", Fraction(0), met.get(f"p{i}", {})) for i in range(6)]
    tables = [[0, 1, 2], [3, 4, 5]]
    found = swap_search(_Objective(players), tables, 2)
    assert tables == [[0, 1, 2], [3, 4, 5]]
    assert sorted(len(t) for t in found) == [3, 3] and all(len({0, 1, 2} & set(t)) < 3 for t in found)
