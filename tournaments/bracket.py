"""Elimination brackets, single and double, as a list of matches fed by their sources.

The bracket has room for the next power of two; seeds are placed in the standard order
(1 v 16, 8 v 9, ...), so the best seeds meet last and the missing seeds are byes for the top.
Double elimination adds a losers' bracket: its odd rounds pair the survivors among themselves,
its even rounds meet the players just beaten in the winners' bracket (in reversed order every
other round, so two players who just met do not meet again at once), and a grand final between
the two brackets' winners; with ``grand_final_reset`` a second final is played when the losers'
bracket winner wins the first (each finalist then has one loss).

Each round of the tournament plays every match whose two sides are known and not yet decided;
a side that is nobody (a bye) or a dropped entrant gives the other a walkover without a table.
"""

from __future__ import annotations

import math

from tournaments.state import BracketMatch, Tournament


def seed_positions(size: int) -> list[int]:
    """Seeds in bracket order for a bracket of ``size`` (a power of two): [1, 4, 2, 3] for 4."""
    order = [1]
    while len(order) < size:
        order = [x for seed in order for x in (seed, 2 * len(order) + 1 - seed)]
    return order


def build(entrants: int, double: bool, third_place: bool = False) -> list[BracketMatch]:
    """The matches of a bracket for ``entrants`` seeds, in an order where every source comes
    before the match it feeds. ``third_place`` (single elimination, four seats or more): the
    semi-final losers meet in match ``3P``, listed just before the final (played with it)."""
    size = max(2, 1 << math.ceil(math.log2(max(entrants, 2))))
    if double:
        size = max(size, 4)
    levels = int(math.log2(size))
    order = seed_positions(size)
    matches: list[BracketMatch] = []
    winners: dict[int, list[str]] = {}
    winners[1] = []
    for k in range(size // 2):
        mid = f"W1-{k + 1}"
        matches.append(BracketMatch(mid, [f"seed:{order[2 * k]}", f"seed:{order[2 * k + 1]}"], bracket="W", level=1))
        winners[1].append(mid)
    for r in range(2, levels + 1):
        winners[r] = []
        previous = winners[r - 1]
        for k in range(len(previous) // 2):
            mid = f"W{r}-{k + 1}"
            matches.append(BracketMatch(mid, [f"W:{previous[2 * k]}", f"W:{previous[2 * k + 1]}"], bracket="W", level=r))
            winners[r].append(mid)
    if not double:
        if third_place and levels >= 2:
            semis = winners[levels - 1]
            final = matches.pop()
            matches.append(BracketMatch("3P", [f"L:{semis[0]}", f"L:{semis[1]}"], bracket="W", level=levels))
            matches.append(final)
        return matches
    losers: dict[int, list[str]] = {1: []}
    first = winners[1]
    for k in range(len(first) // 2):
        mid = f"L1-{k + 1}"
        matches.append(BracketMatch(mid, [f"L:{first[2 * k]}", f"L:{first[2 * k + 1]}"], bracket="L", level=1))
        losers[1].append(mid)
    for m in range(1, levels):
        even, odd = 2 * m, 2 * m + 1
        dropping = winners[m + 1]
        if m % 2:
            dropping = dropping[::-1]
        losers[even] = []
        for k, survivor in enumerate(losers[even - 1]):
            mid = f"L{even}-{k + 1}"
            matches.append(BracketMatch(mid, [f"W:{survivor}", f"L:{dropping[k]}"], bracket="L", level=even))
            losers[even].append(mid)
        if m < levels - 1:
            losers[odd] = []
            previous = losers[even]
            for k in range(len(previous) // 2):
                mid = f"L{odd}-{k + 1}"
                matches.append(BracketMatch(mid, [f"W:{previous[2 * k]}", f"W:{previous[2 * k + 1]}"], bracket="L", level=odd))
                losers[odd].append(mid)
    last_losers = losers[2 * (levels - 1)][0]
    matches.append(BracketMatch("GF", [f"W:{winners[levels][0]}", f"W:{last_losers}"], bracket="F", level=1))
    matches.append(BracketMatch("GF2", ["W:GF", "L:GF"], bracket="F", level=2))
    return matches


def resolve(t: Tournament) -> None:
    """Fill in every side whose source is decided and give walkovers (in place, on a copy the
    engine owns). A dropped entrant loses any match it has not played."""
    by_id = {m.id: m for m in t.bracket}
    seeds = {n: eid for n, eid in enumerate(t.cut_seeds, start=1)} if t.cut_seeds else \
        {e.seed: e.id for e in t.entrants}
    dropped = {e.id for e in t.entrants if not e.active}
    changed = True
    while changed:
        changed = False
        for m in t.bracket:
            if m.winner is not None:
                continue
            for i, source in enumerate(m.sources):
                if m.sides[i] is not None:
                    continue
                kind, _, ref = source.partition(":")
                if kind == "seed":
                    m.sides[i] = seeds.get(int(ref), "")
                else:
                    feeder = by_id[ref]
                    value = feeder.winner if kind == "W" else feeder.loser
                    if value is not None:
                        m.sides[i] = value
                if m.sides[i] is not None:
                    changed = True
            if None in m.sides:
                continue
            if m.id == "GF2":
                final = by_id["GF"]
                if not t.settings.grand_final_reset or final.winner == final.sides[0]:
                    m.winner, m.loser = final.winner, ""  # no second final needed
                    changed = True
                    continue
            a, b = m.sides
            out_a, out_b = a == "" or a in dropped, b == "" or b in dropped
            if out_a or out_b:
                if out_a and out_b:
                    m.winner, m.loser = "", a if a in dropped else (b if b in dropped else "")
                elif out_a:
                    m.winner, m.loser = b, a
                else:
                    m.winner, m.loser = a, b
                changed = True


def ready(t: Tournament) -> list[BracketMatch]:
    """Matches with both sides known, both present, and no winner yet, in bracket order."""
    return [m for m in t.bracket if m.winner is None and None not in m.sides and "" not in m.sides]


def final_decided(t: Tournament) -> bool:
    third = t.match("3P")
    return bool(t.bracket) and t.bracket[-1].winner is not None and (third is None or third.winner is not None)
