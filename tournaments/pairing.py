"""Pairing algorithms on plain inputs: Swiss by weighted matching, multiplayer tables, round robin.

These functions know nothing of a :class:`~tournaments.state.Tournament`; :mod:`tournaments.engine`
builds their inputs from the standings. Each is deterministic.

**Swiss (two sides)** - :func:`pair_swiss`. The players, in standings order, are nodes of a graph
and networkx's ``max_weight_matching`` (Edmonds' blossom algorithm) picks the pairs. Each edge's
weight is a large base minus a penalty whose parts are compared in this order (each part is
scaled past the largest possible total of the parts below it, so the order is strict):

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

**Multiplayer tables** - :func:`table_sizes` and :func:`group_tables`. Sizes: as many tables of
the chosen size as possible, the remainder spread as tables one smaller (or, when that is below
the game's minimum, one larger; byes only when no mix of sizes fits), the full tables at the
top. Players fill the tables from the top of the standings (which, for sums of squared score
differences, is the optimal grouping by size), then a local search swaps two players of
different tables whenever that lowers, in this order, the number of repeated opponent pairs,
the squared score differences, and the squared standing differences; it stops at a swap
optimum (no single swap improves). Seats go to whoever sat late most often first.

**Round robin** - :func:`round_robin_round`: the circle method (one player fixed, the others
rotating), a dummy for an odd count whose opponent has the bye.
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

    def _parts(self, a: int, b: int) -> tuple[int, int, int, int, int, int]:
        """The penalty parts of pairing ``a`` with ``b`` (see the module docstring)."""
        ca, cb = self.c[a], self.c[b]
        rematch = ca.met.get(cb.id, 0)
        score = (self.units[a] - self.units[b]) ** 2
        (da, sa), (db, sb) = self.prefs[a], self.prefs[b]
        colour = 0 if da == 0 or db == 0 or da != db else (3 if sa == 2 and sb == 2 else 1)
        if self.units[a] == self.units[b]:
            fold = abs(abs(self.gpos[b] - self.gpos[a]) - self.gsize[a] // 2)
        else:
            high, low = (a, b) if a < b else (b, a)
            fold = (self.gsize[high] - 1 - self.gpos[high]) + self.gpos[low]
        return 0, rematch, 0, score, colour, fold

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
            if parts[1] == 0:
                edges.append((a, b, parts))
        if len(chunk) % 2:
            for a in chunk:
                edges.append((a, _FLOAT, (0, 0, 0, (self.units[a] - next_top) ** 2, 0, 0)))
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
                    edges.append((a, _BYE, (0, 0, last - a, 0, 0, 0)))
                elif whole:
                    edges.append((a, _BYE, (1, 0, last - a, 0, 0, 0)))
        matched = self._match(self._weights(edges, len(players) + 1), True) if edges else []
        pairs = [(a, b) for a, b in matched if a >= 0]
        bye = next((b if a == _BYE else a for a, b in matched if _BYE in (a, b)), None)
        paired = {p for pair in pairs for p in pair} | ({bye} if bye is not None else set())
        ok = len(paired) == len(players) and all(self.c[a].met.get(self.c[b].id, 0) == 0 for a, b in pairs) \
            and (bye is None or not self.c[bye].had_bye)
        return pairs, bye, ok


# -- multiplayer tables ------------------------------------------------------------------------------


def table_sizes(count: int, size: int, smallest: int, largest: int) -> tuple[list[int], int]:
    """Table sizes for ``count`` players at tables of ``size`` (every table between ``smallest``
    and ``largest`` players): (sizes, largest first; number of byes). As many full tables as
    possible, the rest at tables as close to ``size`` as fit (one smaller first); byes only when
    no mix of sizes fits."""
    others = sorted((s for s in range(smallest, largest + 1) if s != size), key=lambda s: (abs(s - size), -s))
    for byes in range(count + 1):
        players = count - byes
        if players < smallest:
            break
        for full in range(players // size, -1, -1):
            rest = _split(players - full * size, tuple(others), size)
            if rest is not None:
                return sorted([size] * full + list(rest), reverse=True), byes
    return [], count


def _split(count: int, sizes: tuple[int, ...], target: int) -> tuple[int, ...] | None:
    """``count`` as a sum of ``sizes`` with the least total distance from ``target``."""
    best: list[tuple[int, tuple[int, ...]] | None] = [(0, ())] + [None] * count
    for total in range(1, count + 1):
        for s in sizes:
            if s <= total and best[total - s] is not None:
                cost, parts = best[total - s]
                candidate = (cost + abs(s - target), parts + (s,))
                if best[total] is None or candidate[0] < best[total][0]:
                    best[total] = candidate
    return best[count][1] if best[count] is not None else None


@dataclass
class Seated:
    id: str
    score: Fraction = Fraction(0)
    met: Mapping[str, int] = field(default_factory=dict)
    #: Mean seat so far as a fraction of the table (0 = always first, 1 = always last).
    lateness: float = 0.5


def group_tables(players: Sequence[Seated], sizes: Sequence[int], *, window: int | None = None) -> list[list[str]]:
    """Tables of ``sizes`` (in order) filled from the top of ``players`` (standings order), then
    improved by swaps (see the module docstring); each table's players in seat order.
    ``window``: how many tables away a swap may reach (``None``: 4 tables, or all for 16 tables
    or fewer)."""
    units = _units([p.score for p in players])
    tables: list[list[int]] = []
    start = 0
    for size in sizes:
        tables.append(list(range(start, start + size)))
        start += size
    reach = window if window is not None else (len(tables) if len(tables) <= 16 else 4)

    def met(a: int, b: int) -> int:
        return players[a].met.get(players[b].id, 0)

    def cost(members: Sequence[int]) -> tuple[int, int, int]:
        repeats = spread = order = 0
        for a, b in combinations(members, 2):
            repeats += met(a, b)
            spread += (units[a] - units[b]) ** 2
            order += (a - b) ** 2
        return repeats, spread, order

    costs = [cost(t) for t in tables]
    improved = True
    while improved:
        improved = False
        for ti, table in enumerate(tables):
            if costs[ti][0] == 0:
                continue
            for ui in range(max(0, ti - reach), min(len(tables), ti + reach + 1)):
                if ui == ti:
                    continue
                before = _add(costs[ti], costs[ui])
                best = None
                for pi, p in enumerate(table):
                    if not any(met(p, q) for q in table if q != p):
                        continue  # moving a player without a repeat here cannot remove one
                    for qi, q in enumerate(tables[ui]):
                        new_t = table[:pi] + [q] + table[pi + 1:]
                        new_u = tables[ui][:qi] + [p] + tables[ui][qi + 1:]
                        ct, cu = cost(new_t), cost(new_u)
                        after = _add(ct, cu)
                        if after < before and (best is None or after < best[0]):
                            best = (after, new_t, new_u, ct, cu)
                if best is not None:
                    _, tables[ti], tables[ui], costs[ti], costs[ui] = best
                    table = tables[ti]
                    improved = True
                if costs[ti][0] == 0:
                    break
    out = []
    for table in tables:
        ordered = sorted(table, key=lambda i: (-players[i].lateness, i))
        out.append([players[i].id for i in ordered])
    return out


def _add(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(x + y for x, y in zip(a, b))


# -- round robin ---------------------------------------------------------------------------------------


def round_robin_round(ids: Sequence[str | None], round_index: int) -> list[tuple[str | None, str | None]]:
    """The pairs of round ``round_index`` (0-based) of a single round robin of ``ids`` by the
    circle method: ``ids[0]`` stays, the others rotate one place a round. Pairs are (first seat,
    second seat); an odd field gets a ``None`` opponent (the bye). Over ``len`` (made even)
    minus one rounds everyone meets everyone once, and first seats alternate."""
    field_ = list(ids) + ([None] if len(ids) % 2 else [])
    n = len(field_)
    rest = field_[1:]
    shift = round_index % (n - 1)
    rotated = rest[n - 1 - shift:] + rest[:n - 1 - shift]
    order = [field_[0]] + rotated
    pairs = []
    for i in range(n // 2):
        a, b = order[i], order[n - 1 - i]
        if i == 0:  # the fixed player alternates
            pairs.append((a, b) if round_index % 2 == 0 else (b, a))
        else:  # the top row sits first; each player spends half its rounds there
            pairs.append((a, b))
    return pairs
