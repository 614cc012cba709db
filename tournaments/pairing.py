"""Pairing algorithms on plain inputs: Swiss by weighted matching, multiplayer tables, round robin.

These functions know nothing of a :class:`~tournaments.state.Tournament`; :mod:`tournaments.engine`
builds their inputs from the standings. Each is deterministic.

**Swiss (two sides)** - :func:`pair_swiss`. The players, in standings order, are nodes of a graph
and networkx's ``max_weight_matching`` (Edmonds' blossom algorithm) picks the pairs. Each edge's
weight is a large base minus a penalty whose parts are compared in this order (each part is
scaled past the largest possible total of the parts below it, so the order is strict):

0. a forbidden pair (organiser-given: team-mates, one club): never, while any pairing avoids it;
1. a second bye for a player (only if every player already had one);
2. rematches (how often the two met): none while any pairing avoids them;
3. the bye (an extra node, joined only to players without a bye): the lowest in the standings;
4. the squared score difference: players meet their own score group; a player floats to the
   next group only when the group is odd or blocked, and by as little as possible;
5. first-player balance: two players due the same seat are paired only when nothing else fits;
6. Dutch order inside a score group: the top half meets the bottom half (1 v n/2+1), a floater
   meets the top of the group below.

The base exceeds any total penalty, so the most players are paired. Large fields are solved
bracket by bracket (blocks of about :data:`BLOCK` players, whole score groups when they fit,
large groups split top half with bottom half so the Dutch order survives); who cannot be paired
in a block without a rematch floats to the next one through a "float" node weighed like a
pairing with the next block's top score. If the last block then needs a rematch or has nobody
eligible for the bye, the block before is undone and solved together with it, up to the whole
field, so the guarantees above hold for the field as a whole. Small fields (up to
:data:`DIRECT` players) are one block: the exact optimum of the order above.

**Multiplayer tables** - :func:`table_sizes` and :func:`group_tables`. Sizes are balanced
(they differ by at most one): as few tables as keep every table at the chosen size or below,
fewer and larger ones only when those would fall below the game's minimum, byes only when no
balanced set fits. The grouping minimises, in this order, forbidden pairs at a table, the
repeated opponent pairs, the
squared score differences and the squared standing differences: exactly (dynamic programming
over the players left to seat) up to :data:`EXACT_PLAYERS` players; for larger fields the tables
are filled from the top of the standings, improved by swaps of two players to a swap optimum,
then, while repeats remain, by annealing restarts within a step budget (a worse swap is taken
with a probability that falls as the run cools, so the search leaves groupings no single swap
improves). Seats go to whoever sat late most often first.

**Round robin** - :func:`round_robin_round`: the circle method (one player fixed, the others
rotating), a dummy for an odd count whose opponent has the bye; seats alternate (see there); a
second cycle (double round robin) turns the seats round.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import combinations

#: Fields up to this size are solved as one matching (the exact optimum).
DIRECT = 48
#: The size of a bracket block in larger fields.
BLOCK = 28

_BYE, _FLOAT = -1, -2


@dataclass
class Candidate:
    """A player (or team) to pair, in standings order. ``met``: opponent id -> times met;
    ``colour``: firsts minus seconds so far; ``last``: +1/-1 per game (first/second seat), most
    recent last; ``had_bye``: whether a bye was already given this event."""

    id: str
    score: Fraction = Fraction(0)
    met: Mapping[str, int] = field(default_factory=dict)
    colour: int = 0
    last: tuple[int, ...] = ()
    had_bye: bool = False
    #: Ids this player must not be paired with (organiser-given forbidden pairs).
    forbidden: frozenset[str] = frozenset()


@dataclass
class SwissPairing:
    pairs: list[tuple[str, str]]  # (first seat, second seat), best-placed pair first
    bye: str | None


def _units(scores: Sequence[Fraction]) -> list[int]:
    scale = math.lcm(*(s.denominator for s in scores)) if scores else 1
    return [int(s * scale) for s in scores]


def _preference(c: Candidate) -> tuple[int, int]:
    """(direction, strength): +1 wants the first seat, -1 the second; strength 2 = must."""
    if not c.last:
        return 0, 0
    strong = abs(c.colour) >= 2 or (len(c.last) >= 2 and c.last[-1] == c.last[-2])
    if c.colour < 0 or (c.colour == 0 and c.last[-1] < 0):
        return 1, 2 if strong else 1
    return -1, 2 if strong else 1


def pair_swiss(candidates: Sequence[Candidate]) -> SwissPairing:
    """Pairs for one Swiss round of ``candidates`` (standings order, best first); see the module
    docstring for the order of concerns. An odd count gives one bye."""
    n = len(candidates)
    if n < 2:
        return SwissPairing([], candidates[0].id if candidates else None)
    units = _units([c.score for c in candidates])
    # each player's place in its score group, and the group's size (the Dutch order)
    group_pos, group_size = [0] * n, [0] * n
    start = 0
    for i in range(1, n + 1):
        if i == n or units[i] != units[start]:
            for j in range(start, i):
                group_pos[j], group_size[j] = j - start, i - start
            start = i
    prefs = [_preference(c) for c in candidates]
    ctx = _Context(candidates, units, group_pos, group_size, prefs)

    blocks = _blocks(units) if n > DIRECT else [list(range(n))]
    history: list[tuple[list[int], list[tuple[int, int]]]] = []
    carried: list[int] = []
    for index, block in enumerate(blocks[:-1]):
        chunk = carried + block
        next_top = units[blocks[index + 1][0]]
        pairs, unmatched = ctx.solve(chunk, final=False, next_top=next_top)
        history.append((chunk, pairs))
        carried = unmatched
    final_players = carried + blocks[-1]
    while True:
        pairs, bye, ok = ctx.solve_final(final_players, whole=not history)
        if ok or not history:
            break
        chunk, _ = history.pop()
        taken = set(chunk)
        final_players = chunk + [p for p in final_players if p not in taken]
    all_pairs = [p for _, chunk_pairs in history for p in chunk_pairs] + pairs
    all_pairs.sort(key=lambda pair: min(pair))
    seated = [_seat(candidates[a], candidates[b], a, b, number) for number, (a, b) in enumerate(all_pairs)]
    return SwissPairing(seated, candidates[bye].id if bye is not None else None)


def _seat(a: Candidate, b: Candidate, ia: int, ib: int, table: int) -> tuple[str, str]:
    """Who sits first: fewer firsts so far; else whoever sat second last time; else the higher
    placed player alternates by table."""
    if a.colour != b.colour:
        return (a.id, b.id) if a.colour < b.colour else (b.id, a.id)
    la, lb = (a.last[-1] if a.last else 0), (b.last[-1] if b.last else 0)
    if la != lb:
        return (a.id, b.id) if la < lb else (b.id, a.id)
    high, low = (a, b) if ia < ib else (b, a)
    if la:
        return (high.id, low.id) if la < 0 else (low.id, high.id)
    return (high.id, low.id) if table % 2 == 0 else (low.id, high.id)


def _blocks(units: Sequence[int]) -> list[list[int]]:
    n = len(units)
    groups: list[list[int]] = []
    for i in range(n):
        if groups and units[groups[-1][0]] == units[i]:
            groups[-1].append(i)
        else:
            groups.append([i])
    blocks: list[list[int]] = []
    current: list[int] = []
    for group in groups:
        if len(group) > 2 * BLOCK:
            if current:
                blocks.append(current)
                current = []
            half = len(group) // 2
            top, bottom = group[:half], group[half:]
            parts = math.ceil(len(group) / BLOCK)
            for k in range(parts):
                blocks.append(top[k * len(top) // parts:(k + 1) * len(top) // parts]
                              + bottom[k * len(bottom) // parts:(k + 1) * len(bottom) // parts])
        else:
            current += group
            if len(current) >= BLOCK:
                blocks.append(current)
                current = []
    if current:
        if blocks and len(current) < BLOCK // 2:
            blocks[-1] += current
        else:
            blocks.append(current)
    return blocks


class _Context:
    def __init__(self, candidates, units, group_pos, group_size, prefs):
        self.c, self.units, self.gpos, self.gsize, self.prefs = candidates, units, group_pos, group_size, prefs
        self.n = len(candidates)

    def _parts(self, a: int, b: int) -> tuple[int, int, int, int, int, int, int]:
        """The penalty parts of pairing ``a`` with ``b`` (see the module docstring)."""
        ca, cb = self.c[a], self.c[b]
        forbidden = 1 if cb.id in ca.forbidden or ca.id in cb.forbidden else 0
        rematch = ca.met.get(cb.id, 0)
        score = (self.units[a] - self.units[b]) ** 2
        (da, sa), (db, sb) = self.prefs[a], self.prefs[b]
        colour = 0 if da == 0 or db == 0 or da != db else (3 if sa == 2 and sb == 2 else 1)
        if self.units[a] == self.units[b]:
            fold = abs(abs(self.gpos[b] - self.gpos[a]) - self.gsize[a] // 2)
        else:
            high, low = (a, b) if a < b else (b, a)
            fold = (self.gsize[high] - 1 - self.gpos[high]) + self.gpos[low]
        return forbidden, 0, rematch, 0, score, colour, fold

    def _weights(self, edges: list[tuple[int, int, tuple[int, ...]]], size: int) -> list[tuple[int, int, int]]:
        """Edge weights: base minus the parts combined strictly in order."""
        count = size // 2 + 1
        tiers = len(edges[0][2]) if edges else 0
        bounds = [max((e[2][t] for e in edges), default=0) * count + 1 for t in range(tiers)]
        scales = [1] * tiers
        for t in range(tiers - 2, -1, -1):
            scales[t] = scales[t + 1] * bounds[t + 1]
        base = scales[0] * bounds[0] + 1 if tiers else 1
        return [(a, b, base - sum(p * s for p, s in zip(parts, scales))) for a, b, parts in edges]

    def _match(self, weighted: list[tuple[int, int, int]], cardinality: bool) -> list[tuple[int, int]]:
        # imported here, not at the top: networkx costs a bot ~20 MiB and a fraction of a second
        # at start-up, and most bots never pair a Swiss round
        import networkx as nx

        graph = nx.Graph()
        graph.add_weighted_edges_from(weighted)
        return [tuple(sorted(pair)) for pair in nx.max_weight_matching(graph, maxcardinality=cardinality)]

    def solve(self, chunk: list[int], *, final: bool, next_top: int) -> tuple[list[tuple[int, int]], list[int]]:
        """A block that is not the last: pairs without rematches; the rest float down."""
        edges = []
        for a, b in combinations(chunk, 2):
            parts = self._parts(a, b)
            if parts[0] == 0 and parts[2] == 0:
                edges.append((a, b, parts))
        if len(chunk) % 2:
            for a in chunk:
                edges.append((a, _FLOAT, (0, 0, 0, 0, (self.units[a] - next_top) ** 2, 0, 0)))
        matched = self._match(self._weights(edges, len(chunk) + 1), False) if edges else []
        pairs = [(a, b) for a, b in matched if a >= 0]
        paired = {p for pair in pairs for p in pair}
        return pairs, [p for p in chunk if p not in paired]

    def solve_final(self, players: list[int], *, whole: bool) -> tuple[list[tuple[int, int]], int | None, bool]:
        """The last block: everyone paired (rematches only as a last resort), the bye to the
        lowest eligible player. ``ok`` is false when it needed a rematch or a second bye, or
        left someone out, which the block before may avoid; ``whole``: there is none."""
        edges = [(a, b, self._parts(a, b)) for a, b in combinations(players, 2)]
        if len(players) % 2:
            last = max(players)
            for a in players:
                if not self.c[a].had_bye:
                    edges.append((a, _BYE, (0, 0, 0, last - a, 0, 0, 0)))
                elif whole:
                    edges.append((a, _BYE, (0, 1, 0, last - a, 0, 0, 0)))
        matched = self._match(self._weights(edges, len(players) + 1), True) if edges else []
        pairs = [(a, b) for a, b in matched if a >= 0]
        bye = next((b if a == _BYE else a for a, b in matched if _BYE in (a, b)), None)
        paired = {p for pair in pairs for p in pair} | ({bye} if bye is not None else set())
        ok = len(paired) == len(players) and all(self._parts(a, b)[0] == 0 and self._parts(a, b)[2] == 0
                                                 for a, b in pairs) \
            and (bye is None or not self.c[bye].had_bye)
        return pairs, bye, ok


# -- multiplayer tables ------------------------------------------------------------------------------

#: Fields up to this many players are grouped exactly (every grouping weighed, by dynamic
#: programming over the sets of players still to seat).
EXACT_PLAYERS = 16
#: Larger fields: annealing restarts of at most this many swap attempts in all, and at most
#: :data:`SEARCH_SECONDS` (the step count keeps the result the same on any machine; the time is
#: a guard for a slow one).
SEARCH_STEPS = 40_000
SEARCH_SECONDS = 0.6
#: Annealing restarts the step budget is split into.
RESTARTS = 4


def table_sizes(count: int, size: int, smallest: int, largest: int) -> tuple[list[int], int]:
    """Table sizes for ``count`` players at tables of ``size`` (every table between ``smallest``
    and ``largest`` players): (sizes, largest first; number of byes). Balanced: sizes differ by
    at most one. As few tables as keep every table at ``size`` or below (13 at 5: 5+4+4, 12 at 5:
    4+4+4); when those would fall below ``smallest``, fewer and larger tables (8 at 3, 3 the
    smallest: 4+4); byes only when no balanced set of sizes fits."""
    for byes in range(count + 1):
        players = count - byes
        if players < smallest:
            break
        for tables in range(-(-players // size), 0, -1):
            low, extra = divmod(players, tables)
            if low >= smallest and low + (1 if extra else 0) <= largest:
                return [low + 1] * extra + [low] * (tables - extra), byes
    return [], count


@dataclass
class Seated:
    id: str
    score: Fraction = Fraction(0)
    met: Mapping[str, int] = field(default_factory=dict)
    #: Mean seat so far as a fraction of the table (0 = always first, 1 = always last).
    lateness: float = 0.5
    #: Ids this player must not sit with (organiser-given forbidden pairs).
    forbidden: frozenset[str] = frozenset()


class _Objective:
    """The cost of a grouping, compared in this order: forbidden pairs at a table, repeated
    opponent pairs (times met, summed over the pairs at each table; a forbidden pair counts as
    more than all of them, so ``met`` holds both), squared score differences, squared standing
    differences.
    ``weight`` folds the three into one exact integer (each part scaled past the largest total
    of the parts below it), so comparing totals is comparing the parts in order."""

    def __init__(self, players: Sequence[Seated]) -> None:
        n = len(players)
        index = {p.id: i for i, p in enumerate(players)}
        self.units = _units([p.score for p in players])
        self.met: list[dict[int, int]] = [{} for _ in range(n)]
        for i, p in enumerate(players):
            for other, times in p.met.items():
                j = index.get(other)
                if j is not None and j != i and times:
                    self.met[i][j] = int(times)
        # a forbidden pair counts as more repeats than all the real ones together: avoided first
        self.forbidden_weight = sum(sum(m.values()) for m in self.met) // 2 + 1
        self.forbidden_pairs: set[tuple[int, int]] = set()
        for i, p in enumerate(players):
            for other in p.forbidden:
                j = index.get(other)
                if j is not None and j != i:
                    self.forbidden_pairs.add((min(i, j), max(i, j)))
        for i, j in self.forbidden_pairs:
            self.met[i][j] = self.met[i].get(j, 0) + self.forbidden_weight
            self.met[j][i] = self.met[j].get(i, 0) + self.forbidden_weight
        spread_max = (max(self.units) - min(self.units)) ** 2 if n else 0
        order_max = (n - 1) ** 2 if n else 0
        pairs = n * (n - 1) // 2
        self.order_scale = 1
        self.spread_scale = order_max * pairs + 1
        self.repeat_scale = self.spread_scale * (spread_max * pairs + 1)

    def parts(self, a: int, b: int) -> tuple[int, int, int]:
        return self.met[a].get(b, 0), (self.units[a] - self.units[b]) ** 2, (a - b) ** 2

    def pair(self, a: int, b: int) -> int:
        repeats, spread, order = self.parts(a, b)
        return repeats * self.repeat_scale + spread * self.spread_scale + order

    def table(self, members: Sequence[int]) -> tuple[int, int, int]:
        total = [0, 0, 0]
        for a, b in combinations(members, 2):
            for k, v in enumerate(self.parts(a, b)):
                total[k] += v
        return total[0], total[1], total[2]

    def grouping(self, tables: Sequence[Sequence[int]]) -> tuple[int, int, int]:
        total = (0, 0, 0)
        for t in tables:
            total = _add(total, self.table(t))
        return total


def group_tables(players: Sequence[Seated], sizes: Sequence[int]) -> list[list[str]]:
    """Tables of ``sizes`` (largest first) for ``players`` (standings order) with the fewest
    repeated opponent pairs, then the least squared score differences, then the least squared
    standing differences (see :class:`_Objective`): exact up to :data:`EXACT_PLAYERS` players,
    else a swap search then annealing restarts (:func:`search_grouping`). Tables come in the
    order of ``sizes``, the best placed first among tables of one size; each table's players in
    seat order (whoever sat late most often sits first)."""
    objective = _Objective(players)
    if len(players) <= EXACT_PLAYERS:
        tables = exact_grouping(objective, sizes)
    else:
        tables = search_grouping(objective, sizes)
    return _seat_tables(players, tables)


def _seat_tables(players: Sequence[Seated], tables: list[list[int]]) -> list[list[str]]:
    tables = sorted(tables, key=lambda t: (-len(t), min(t)))
    out = []
    for table in tables:
        ordered = sorted(table, key=lambda i: (-players[i].lateness, i))
        out.append([players[i].id for i in ordered])
    return out


def exact_grouping(objective: _Objective, sizes: Sequence[int]) -> list[list[int]]:
    """The optimal grouping: the best table for the first player still unseated, and the best
    grouping of the rest, remembered per (players left, large tables left)."""
    n = sum(sizes)
    big, small = max(sizes, default=0), min(sizes, default=0)
    bigs = sum(1 for s in sizes if s == big)
    pair = [[objective.pair(a, b) for b in range(n)] for a in range(n)]
    memo: dict[tuple[int, int], tuple[int, tuple[tuple[int, ...], ...]]] = {}

    def best(mask: int, bigs_left: int) -> tuple[int, tuple[tuple[int, ...], ...]]:
        if mask == 0:
            return 0, ()
        key = (mask, bigs_left)
        if key in memo:
            return memo[key]
        members = [i for i in range(n) if mask >> i & 1]
        first, rest = members[0], members[1:]
        left = len(members)
        options = []
        if bigs_left:
            options.append((big, bigs_left - 1))
        if small != big and left - bigs_left * big > 0:
            options.append((small, bigs_left))
        found: tuple[int, tuple[tuple[int, ...], ...]] | None = None
        for size, after in options:
            for others in combinations(rest, size - 1):
                cost = sum(pair[first][o] for o in others)
                for x, y in combinations(others, 2):
                    cost += pair[x][y]
                if found is not None and cost >= found[0]:
                    continue
                sub_mask = mask & ~(1 << first)
                for o in others:
                    sub_mask &= ~(1 << o)
                sub_cost, sub_tables = best(sub_mask, after)
                if found is None or cost + sub_cost < found[0]:
                    found = (cost + sub_cost, ((first, *others),) + sub_tables)
        memo[key] = found
        return found

    return [list(t) for t in best((1 << n) - 1, bigs)[1]]


def fill_from_top(sizes: Sequence[int]) -> list[list[int]]:
    """Tables filled in standings order (the least squared score differences for these sizes
    when nobody has met)."""
    tables, start = [], 0
    for size in sizes:
        tables.append(list(range(start, start + size)))
        start += size
    return tables


def swap_search(objective: _Objective, tables: list[list[int]], reach: int) -> list[list[int]]:
    """Swap two players of tables at most ``reach`` apart while that lowers the cost, until no
    single swap does (the search before issue 29; now the first stage of :func:`search_grouping`)."""
    tables = [list(t) for t in tables]
    costs = [objective.table(t) for t in tables]
    improved = True
    while improved:
        improved = False
        for ti in range(len(tables)):
            if costs[ti][0] == 0:
                continue
            for ui in range(max(0, ti - reach), min(len(tables), ti + reach + 1)):
                if ui == ti:
                    continue
                table = tables[ti]
                before = _add(costs[ti], costs[ui])
                best = None
                for pi, p in enumerate(table):
                    if not any(objective.met[p].get(q) for q in table if q != p):
                        continue  # moving a player without a repeat here cannot remove one
                    for qi, q in enumerate(tables[ui]):
                        new_t = table[:pi] + [q] + table[pi + 1:]
                        new_u = tables[ui][:qi] + [p] + tables[ui][qi + 1:]
                        ct, cu = objective.table(new_t), objective.table(new_u)
                        after = _add(ct, cu)
                        if after < before and (best is None or after < best[0]):
                            best = (after, new_t, new_u, ct, cu)
                if best is not None:
                    _, tables[ti], tables[ui], costs[ti], costs[ui] = best
                    improved = True
                if costs[ti][0] == 0:
                    break
    return tables


def search_grouping(objective: _Objective, sizes: Sequence[int], *, steps: int | None = None,
                    seconds: float | None = None, seed: int = 0) -> list[list[int]]:
    """A grouping for a field too large to weigh every one: tables filled from the top, then
    :func:`swap_search`, then, while repeats remain, :data:`RESTARTS` annealing runs from that
    grouping that swap two players of tables at most ``reach`` apart (all tables up to 16,
    else 4: the standings stay close), accepting a worse swap with a probability that falls as
    the run cools; the best grouping seen is kept (never worse than the swap optimum)."""
    import random
    import time

    steps = SEARCH_STEPS if steps is None else steps
    deadline = time.perf_counter() + (SEARCH_SECONDS if seconds is None else seconds)
    tables = fill_from_top(sizes)
    reach = len(tables) if len(tables) <= 16 else 4
    tables = swap_search(objective, tables, reach)
    best_cost, best = objective.grouping(tables), [list(t) for t in tables]
    if best_cost[0] == 0 or len(tables) < 2:
        return best
    n = sum(sizes)
    units = objective.units
    # one repeat weighs as much as the largest score spread a single swap can add: repeats come
    # first, and the temperature lets the run climb out of a grouping a swap cannot improve
    biggest = max(sizes)
    repeat_weight = max(1, (max(units) - min(units)) ** 2 * 2 * (biggest - 1))
    rng = random.Random(seed * 1_000_003 + n)
    per_run = max(1, steps // RESTARTS)
    start_key = best_cost[:2]
    best_key = start_key
    for _ in range(RESTARTS):
        current = [list(t) for t in best]
        where = [0] * n
        for ti, t in enumerate(current):
            for p in t:
                where[p] = ti
        key = best_key
        hot, cold = repeat_weight * 0.6, 0.05
        for step in range(per_run):
            if step & 255 == 0 and time.perf_counter() > deadline:
                break
            temperature = hot * (cold / hot) ** (step / per_run)
            p = rng.randrange(n)
            ti = where[p]
            ui = rng.randrange(max(0, ti - reach), min(len(current), ti + reach + 1))
            if ui == ti:
                continue
            q = current[ui][rng.randrange(len(current[ui]))]
            d_repeat, d_spread = swap_change(objective, current[ti], current[ui], p, q)
            delta = d_repeat * repeat_weight + d_spread
            if delta > 0 and rng.random() >= math.exp(-delta / temperature):
                continue
            current[ti][current[ti].index(p)] = q
            current[ui][current[ui].index(q)] = p
            where[p], where[q] = ui, ti
            key = (key[0] + d_repeat, key[1] + d_spread)
            if key < best_key:
                best_key, best = key, [list(t) for t in current]
        if time.perf_counter() > deadline:
            break
    # the best grouping seen may be one a single swap still improves (it was seen while hot)
    return swap_search(objective, best, reach)


def swap_change(objective: _Objective, here: Sequence[int], there: Sequence[int], p: int, q: int) -> tuple[int, int]:
    """How swapping ``p`` (at table ``here``) with ``q`` (at table ``there``) changes the
    grouping's repeats and squared score differences: the annealing's step, counted from the
    pairs the two players leave and join instead of weighing both tables again."""
    units, met = objective.units, objective.met
    d_repeat = d_spread = 0
    for x in here:
        if x != p:
            d_repeat += met[q].get(x, 0) - met[p].get(x, 0)
            d_spread += (units[q] - units[x]) ** 2 - (units[p] - units[x]) ** 2
    for y in there:
        if y != q:
            d_repeat += met[p].get(y, 0) - met[q].get(y, 0)
            d_spread += (units[p] - units[y]) ** 2 - (units[q] - units[y]) ** 2
    return d_repeat, d_spread


def _add(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(x + y for x, y in zip(a, b))


# -- round robin ---------------------------------------------------------------------------------------


def _circle(field_: Sequence[str | None], round_index: int) -> list[tuple[str | None, str | None]]:
    """Round ``round_index`` of the circle method over an even ``field_``: ``field_[0]`` stays,
    the others rotate one place a round."""
    n = len(field_)
    rest = list(field_[1:])
    shift = round_index % (n - 1)
    order = [field_[0]] + rest[n - 1 - shift:] + rest[:n - 1 - shift]
    return [(order[i], order[n - 1 - i]) for i in range(n // 2)]


def round_robin_round(ids: Sequence[str | None], round_index: int) -> list[tuple[str | None, str | None]]:
    """The pairs of round ``round_index`` (0-based) of a round robin of ``ids`` by the circle
    method. Pairs are (first seat, second seat); an odd field gets a ``None`` opponent (the bye).
    Over ``len`` (made even) minus one rounds everyone meets everyone once; a second cycle (a
    double round robin) plays the first's rounds again with the seats turned round, from its
    last round on.

    Seats: the rounds are replayed from the first, and in each pair the first seat goes to whoever
    sat second more times in a row just before (then to whoever sat first less often, then by
    table and round), so seats alternate: nobody sits first (or second) three times in a row
    unless both players of a pair are due the same seat."""
    field_ = list(ids) + ([None] if len(ids) % 2 else [])
    n = len(field_)
    if n < 2:
        return []
    cycle = n - 1
    second_cycle = (round_index // cycle) % 2 == 1
    # the second cycle starts with the first cycle's last round, seats turned round: started
    # from its first round, those who sat first twice at the end would sit first a third time
    single = (round_index - 1) % cycle if second_cycle else round_index % cycle
    run: dict[str, int] = {}  # +k: first k times running; -k: second k times running
    balance: dict[str, int] = {}
    pairs: list[tuple[str | None, str | None]] = []
    for r in range(single + 1):
        pairs = []
        for table, (a, b) in enumerate(_circle(field_, r)):
            if a is None or b is None:
                pairs.append((a, b) if b is None else (b, a))
                continue
            key_a = (run.get(a, 0), balance.get(a, 0), (r + table) % 2)
            key_b = (run.get(b, 0), balance.get(b, 0), (r + table + 1) % 2)
            first, second = (a, b) if key_a <= key_b else (b, a)
            run[first] = run.get(first, 0) + 1 if run.get(first, 0) > 0 else 1
            run[second] = run.get(second, 0) - 1 if run.get(second, 0) < 0 else -1
            balance[first] = balance.get(first, 0) + 1
            balance[second] = balance.get(second, 0) - 1
            pairs.append((first, second))
    if second_cycle:
        pairs = [(b, a) if a is not None and b is not None else (a, b) for a, b in pairs]
    return pairs
