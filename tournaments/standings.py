"""Standings: points, then the format's tie-breaks, with each entrant's round-by-round results.

Points come from decided tables (``Settings.points_for`` of the match places) and byes. The
tie-breaks (chosen per format in ``Settings.tie_breaks``, compared in that order, higher first
unless said otherwise):

- ``buchholz``: the sum of the final points of every opponent met at a decided table (a bye
  adds nothing);
- ``median_buchholz``: Buchholz without the highest and the lowest opponent (nothing is cut
  with fewer than three opponents);
- ``sonneborn_berger``: each opponent's points times the share of the win earned against them
  (1 for a win, ``points_draw / points_win`` for a draw, 0 for a loss), summed;
- ``head_to_head``: among the entrants still tied when it is reached, the points each scored in
  the games between them;
- ``wins``: tables won (a bye is not a win; at multiplayer tables, first places);
- ``game_score``: the sum of the in-game scores recorded (triangles, points...);
- ``opponents_points`` (multiplayer tables): for every table played, the points of the others
  seated there, summed;
- ``average_place`` (multiplayer tables): the mean finishing place, lower first.

Entrants equal on points and every tie-break share their rank. Elimination formats rank by how
far each entrant went (see :func:`elimination_standings`).

Standings *after round N* (``through_round=N``) are what they were when round N ended, however
late they are asked for: only the results of rounds 1..N count, for the points and for every
tie-break (an opponent's Buchholz points are theirs after round N too), among the entrants then
in the event (a late entrant who joined for a round after N+1 is not listed; one dropped later is
not shown as dropped). Without it, every round so far counts.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from tournaments.settings import plain
from tournaments.state import DONE, BracketMatch, Entrant, Tournament

#: Tie-breaks where a lower value is better.
LOWER_IS_BETTER = frozenset({"average_place"})


@dataclass
class Cell:
    """One round of one entrant: ``kind`` is ``win``, ``draw``, ``loss``, ``place`` (multiplayer),
    ``bye``, ``half_bye`` (asked for), ``pending`` (playing now), ``out`` (not paired: dropped or
    not yet entered)."""

    round: int
    kind: str
    opponents: list[str] = field(default_factory=list)
    place: int | None = None
    size: int | None = None
    points: Fraction = Fraction(0)
    first: bool | None = None


@dataclass
class Standing:
    rank: int
    entrant: str
    points: Fraction
    tie_breaks: dict[str, Fraction]
    cells: list[Cell]
    dropped: bool = False
    #: Elimination: still in the bracket.
    alive: bool = False

    def to_json(self) -> dict[str, Any]:
        return {
            "rank": self.rank, "entrant": self.entrant, "points": plain(self.points),
            "tie_breaks": {k: plain(v) for k, v in self.tie_breaks.items()},
            "dropped": self.dropped, "alive": self.alive,
            "cells": [{"round": c.round, "kind": c.kind, "opponents": list(c.opponents), "place": c.place,
                       "size": c.size, "points": plain(c.points), "first": c.first} for c in self.cells],
        }


@dataclass
class _Record:
    points: Fraction = Fraction(0)
    wins: int = 0
    game_score: Fraction = Fraction(0)
    places: list[int] = field(default_factory=list)
    #: (opponent, my points, that table's win points) per two-sided table.
    duels: list[tuple[str, Fraction]] = field(default_factory=list)
    #: The others at each multiplayer table.
    tables: list[list[str]] = field(default_factory=list)
    cells: list[Cell] = field(default_factory=list)


def last_round(t: Tournament, through_round: int | None = None) -> int:
    """The last round that counts: ``through_round`` (within the rounds paired), else all of them."""
    return len(t.rounds) if through_round is None else max(0, min(int(through_round), len(t.rounds)))


def listed(t: Tournament, through_round: int | None = None) -> list[Entrant]:
    """The entrants of the standings after ``through_round``: those who were to play by the next
    round (a late entrant joins from the round after the one being played)."""
    last = last_round(t, through_round)
    return [e for e in t.entrants if e.joined_round <= last + 1]


def dropped_by(e: Entrant, last: int) -> bool:
    """Withdrawn by the end of round ``last`` (so not paired in round ``last + 1``)."""
    return e.dropped_from is not None and e.dropped_from <= last + 1


def records(t: Tournament, through_round: int | None = None) -> dict[str, _Record]:
    """Every listed entrant's points, games and cells from the decided tables and the byes of
    rounds 1..``through_round`` (all rounds when ``None``)."""
    s = t.settings
    out = {e.id: _Record() for e in listed(t, through_round)}
    for rnd in t.rounds[:last_round(t, through_round)]:
        seen: set[str] = set()
        for table in rnd.tables:
            seen.update(table.entrants)
            size = len(table.entrants)
            if not table.decided:
                for i, eid in enumerate(table.entrants):
                    out[eid].cells.append(Cell(rnd.number, "pending", [x for x in table.entrants if x != eid],
                                               first=(i == 0) if s.two_sided else None))
                continue
            points = s.points_for(table.places)
            for i, eid in enumerate(table.entrants):
                rec = out[eid]
                rec.points += points[i]
                others = [x for x in table.entrants if x != eid]
                for game in table.games:
                    if game.scores is not None:
                        rec.game_score += Fraction(str(game.scores[i]))
                place = table.places[i]
                rec.places.append(place)
                if place == 1 and sum(1 for p in table.places if p == 1) == 1:
                    rec.wins += 1
                if s.two_sided:
                    rec.duels.append((others[0], points[i]))
                    kind = "draw" if table.places[0] == table.places[1] else ("win" if place == 1 else "loss")
                    rec.cells.append(Cell(rnd.number, kind, others, place, size, points[i], first=i == 0))
                else:
                    rec.tables.append(others)
                    rec.cells.append(Cell(rnd.number, "place", others, place, size, points[i]))
        for eid in rnd.byes:
            seen.add(eid)
            out[eid].points += Fraction(str(s.bye_points))
            out[eid].cells.append(Cell(rnd.number, "bye", points=Fraction(str(s.bye_points))))
        for eid in rnd.half_byes:
            seen.add(eid)
            out[eid].points += s.half_bye_points
            out[eid].cells.append(Cell(rnd.number, "half_bye", points=s.half_bye_points))
        for eid, rec in out.items():
            if eid not in seen:
                rec.cells.append(Cell(rnd.number, "out"))
    return out


def tie_break_values(t: Tournament, recs: dict[str, _Record]) -> dict[str, dict[str, Fraction]]:
    """The group-independent tie-breaks of every entrant (``head_to_head`` is not among them)."""
    s = t.settings
    win = Fraction(str(s.points_win))
    values: dict[str, dict[str, Fraction]] = {}
    for eid, rec in recs.items():
        opp = sorted(recs[o].points for o, _ in rec.duels)
        v: dict[str, Fraction] = {}
        for name in s.tie_breaks:
            if name == "buchholz":
                v[name] = sum(opp, Fraction(0))
            elif name == "median_buchholz":
                v[name] = sum(opp[1:-1] if len(opp) >= 3 else opp, Fraction(0))
            elif name == "sonneborn_berger":
                v[name] = sum((mine / win * recs[o].points for o, mine in rec.duels), Fraction(0)) if win else Fraction(0)
            elif name == "wins":
                v[name] = Fraction(rec.wins)
            elif name == "game_score":
                v[name] = rec.game_score
            elif name == "opponents_points":
                v[name] = sum((recs[o].points for others in rec.tables for o in others), Fraction(0))
            elif name == "average_place":
                v[name] = Fraction(sum(rec.places), len(rec.places)) if rec.places else Fraction(0)
        values[eid] = v
    return values


def head_to_head(group: list[str], recs: dict[str, _Record]) -> dict[str, Fraction]:
    """Points each of ``group`` scored in the decided games between members of ``group``."""
    members = set(group)
    return {eid: sum((mine for o, mine in recs[eid].duels if o in members), Fraction(0)) for eid in group}


def standings(t: Tournament, through_round: int | None = None) -> list[Standing]:
    """The standings now, or after round ``through_round``: best first, ties sharing a rank
    (see the module docstring)."""
    if t.settings.elimination:
        return elimination_standings(t, through_round)
    if t.cut_seeds and t.total_rounds is not None and last_round(t, through_round) > t.total_rounds:
        return cut_standings(t, through_round)
    recs = records(t, through_round)
    last = last_round(t, through_round)
    values = tie_break_values(t, recs)
    seed = {e.id: (e.seed or i + 1) for i, e in enumerate(t.entrants)}
    keys: dict[str, list[Fraction]] = {eid: [recs[eid].points] for eid in recs}
    groups = _runs(sorted(recs, key=lambda e: (-recs[e].points, seed[e])), keys)
    for name in t.settings.tie_breaks:
        split: list[list[str]] = []
        for group in groups:
            if name == "head_to_head":
                h2h = head_to_head(group, recs) if len(group) > 1 else {group[0]: Fraction(0)}
                for eid in group:
                    values[eid][name] = h2h[eid]
            sign = -1 if name in LOWER_IS_BETTER else 1
            for eid in group:
                keys[eid].append(sign * values[eid][name])
            ordered = sorted(group, key=lambda e: ([-k for k in keys[e]], seed[e]))
            split.extend(_runs(ordered, keys))
        groups = split
    ordered = [eid for group in groups for eid in group]
    if len(t.groups) > 1:
        # a round robin in groups: each group's winner first, then each runner-up... (each tier
        # in the order of points and tie-breaks); equal only within one tier
        group_rank = {}
        for members in t.groups:
            place = 0
            for eid in ordered:
                if eid in members:
                    group_rank[eid] = place
                    place += 1
        ordered = sorted(ordered, key=lambda e: group_rank.get(e, len(t.entrants)))  # stable: in order
        for eid in ordered:
            keys[eid] = [Fraction(-group_rank.get(eid, len(t.entrants)))] + keys[eid]
    out, rank = [], 0
    for i, eid in enumerate(ordered):
        if i == 0 or keys[eid] != keys[ordered[i - 1]]:
            rank = i + 1
        out.append(Standing(rank, eid, recs[eid].points, {n: values[eid][n] for n in t.settings.tie_breaks},
                            recs[eid].cells, dropped=dropped_by(t.entrant(eid), last)))
    return out


def _runs(ordered: list[str], keys: dict[str, list[Fraction]]) -> list[list[str]]:
    runs: list[list[str]] = []
    for eid in ordered:
        if runs and keys[runs[-1][0]] == keys[eid]:
            runs[-1].append(eid)
        else:
            runs.append([eid])
    return runs


def cut_standings(t: Tournament, through_round: int | None = None) -> list[Standing]:
    """A staged event once its cut is being played: the cut's entrants first, by how far they
    went in the bracket (the cut's seeding breaking ties), then everyone else in the order of the
    first stage. Points and tie-breaks are the first stage's; the rounds are all of them."""
    last = last_round(t, through_round)
    first = {row.entrant: row for row in standings(t, through_round=t.total_rounds)}
    recs = records(t, through_round)
    stage = _bracket_stages(t, list(t.cut_seeds), last)
    position = {eid: n for n, eid in enumerate(t.cut_seeds)}
    cut = sorted(t.cut_seeds, key=lambda e: (tuple(-x for x in stage[e]), position[e]))
    rest = [eid for eid in first if eid not in position]
    out: list[Standing] = []
    for i, eid in enumerate(cut):
        rank = out[-1].rank if i and stage[eid] == stage[cut[i - 1]] else i + 1
        row = first[eid]
        out.append(Standing(rank, eid, row.points, row.tie_breaks, recs[eid].cells,
                            dropped=dropped_by(t.entrant(eid), last), alive=stage[eid][0] == 3))
    for i, eid in enumerate(rest):
        row = first[eid]
        same = i and row.rank == first[rest[i - 1]].rank
        rank = out[-1].rank if same else len(cut) + i + 1
        out.append(Standing(rank, eid, row.points, row.tie_breaks, recs[eid].cells,
                            dropped=dropped_by(t.entrant(eid), last)))
    return out


def _bracket_stages(t: Tournament, ids: list[str], last: int) -> dict[str, tuple]:
    """How far each of ``ids`` went in the bracket by the end of round ``last``: ``(4, 0)`` the
    champion (named once the event is over), ``(3, 0)`` still in, ``(1, k, ...)`` knocked out by
    the k-th match of the bracket (later is better; the third-place match's winner above its
    loser)."""
    order = {m.id: i for i, m in enumerate(t.bracket)}
    finished = t.status == "finished" and last == len(t.rounds)
    by_id, when = {m.id: m for m in t.bracket}, {}
    single = t.bracket_format == "single_elimination"

    def settled(m: BracketMatch) -> int:
        """The round by whose end ``m`` was decided: the round it was played in; for a walkover,
        the round by which both sides were known (and a withdrawn side withdrawn)."""
        if m.round_played is not None:
            return m.round_played
        if m.id not in when:
            known = [settled(by_id[ref]) for kind, _, ref in (s.partition(":") for s in m.sources) if kind != "seed"]
            withdrawn = [e.dropped_from - 1 for e in map(t.entrant, m.sides) if e is not None and not e.active]
            when[m.id] = max([0, *known, *withdrawn])
        return when[m.id]

    stage: dict[str, tuple] = {eid: (3, 0) for eid in ids}
    for m in t.bracket:
        if m.loser in stage and settled(m) <= last:
            eliminated = single or m.bracket in ("L", "F")
            if m.id == "GF" and t.settings.grand_final_reset and m.winner == m.sides[1]:
                eliminated = False  # the unbeaten finalist lost once: the final is played again
            if eliminated:
                stage[m.loser] = (1, order[m.id], 0)
                if m.id == "3P" and m.winner in stage:
                    stage[m.winner] = (1, order[m.id], 1)
    if finished:
        champion = next((m.winner for m in reversed(t.bracket) if m.winner and m.id != "3P"), None)
        if champion in stage:
            stage[champion] = (4, 0)
    return stage


def elimination_standings(t: Tournament, through_round: int | None = None) -> list[Standing]:
    """Elimination: the champion, then the final's loser, then by the stage each entrant was
    knocked out at (later is better; entrants knocked out at the same stage share a rank); those
    still in the bracket come first while it runs. Points are matches won. After round N, a
    match counts when it was decided by the end of round N (played, or a walkover whose sides
    were known by then); the champion is named only when N is the last round."""
    recs = records(t, through_round)
    last = last_round(t, through_round)
    stage = _bracket_stages(t, list(recs), last)
    seed = {e.id: e.seed for e in t.entrants}
    ordered = sorted(recs, key=lambda e: (tuple(-x for x in stage[e]), seed[e]))
    out, rank = [], 0
    for i, eid in enumerate(ordered):
        if i == 0 or stage[eid] != stage[ordered[i - 1]]:
            rank = i + 1
        wins = Fraction(sum(1 for c in recs[eid].cells if c.kind == "win"))
        out.append(Standing(rank, eid, wins, {}, recs[eid].cells, dropped=dropped_by(t.entrant(eid), last),
                            alive=stage[eid][0] == 3))
    return out


def standings_view(t: Tournament, names: dict[str, str] | None = None, *, title: str = "",
                   through_round: int | None = None, group: int | None = None) -> dict[str, Any]:
    """A plain JSON view of the standings (now, or after round ``through_round``) for the
    renderer and the text post: rows with rank, name, points, tie-break values and one short
    result per round (``W3`` beat #3, ``D1``, ``L2``, ``B`` bye, ``2/4`` second of four, ``…``
    playing, ``-`` not paired). ``group``: only that group of a round robin in groups, ranked
    within it."""
    table = standings(t, through_round)
    if group is not None:
        members = set(t.groups[group])
        table = [row for row in table if row.entrant in members]
        for i, row in enumerate(table):
            same = i and (row.points, row.tie_breaks) == (table[i - 1].points, table[i - 1].tie_breaks)
            row.rank = table[i - 1].rank if same else i + 1
    rank_of = {row.entrant: row.rank for row in table}
    last = last_round(t, through_round)
    done = sum(1 for r in t.rounds[:last] if r.status == DONE)
    rows = []
    for row in table:
        e = t.entrant(row.entrant)
        results = []
        for c in row.cells:
            if c.kind in ("win", "draw", "loss"):
                results.append(c.kind[0].upper() + str(rank_of.get(c.opponents[0], "?")))
            elif c.kind == "place":
                results.append(f"{c.place}/{c.size}")
            else:
                results.append({"bye": "B", "half_bye": "H", "pending": "…", "out": "-"}[c.kind])
        rows.append({
            "rank": row.rank, "id": row.entrant, "seed": e.seed, "name": (names or {}).get(row.entrant, e.name),
            "points": plain(row.points), "tie_breaks": [plain(row.tie_breaks[n]) for n in t.settings.tie_breaks],
            "results": results, "dropped": row.dropped, "alive": row.alive,
        })
    return {
        "title": title, "game": t.settings.game, "format": t.settings.format,
        "round": done, "rounds": t.total_rounds, "finished": t.status == "finished" and last == len(t.rounds),
        "tie_breaks": list(t.settings.tie_breaks), "rows": rows,
    }


def bracket_view(t: Tournament, names: dict[str, str] | None = None, *, title: str = "") -> dict[str, Any]:
    """A plain JSON view of an elimination bracket for the renderer: every match (a second
    grand final only when it is played) with its bracket (``W`` winners, ``L`` losers, ``F``
    finals), round, the ids of the matches feeding it, and per side the entrant's name, seed and
    games won (best-of-N), ``None`` while unknown, ``{"bye": True}`` for nobody; ``winner`` the
    winning side's index; ``status`` ``done``, ``playing`` or ``waiting``."""
    tables = {tb.match: tb for r in t.rounds for tb in r.tables if tb.match is not None}
    by_id = {m.id: m for m in t.bracket}
    cut_seed = {eid: n for n, eid in enumerate(t.cut_seeds, start=1)}  # a cut shows its own seeding
    matches = []
    for m in t.bracket:
        table = tables.get(m.id)
        if m.id == "GF2" and table is None and (m.loser == "" or not t.settings.grand_final_reset):
            continue  # no second final is needed (or allowed)
        wins = {}
        if table is not None:
            for i, eid in enumerate(table.entrants):
                wins[eid] = sum(1 for g in table.games if g.places[i] == 1 and g.places.count(1) == 1)
        sides = []
        for side in m.sides:
            if side is None:
                sides.append(None)
            elif side == "":
                sides.append({"bye": True})
            else:
                e = t.entrant(side)
                seed = cut_seed.get(side, 0) if cut_seed else (e.seed if e else 0)
                sides.append({"name": (names or {}).get(side, e.name if e else side), "seed": seed,
                              "wins": wins.get(side, 0), "dropped": bool(e and not e.active)})
        winner = m.sides.index(m.winner) if m.winner and m.winner in m.sides else None
        feeders = [ref for kind, _, ref in (source.partition(":") for source in m.sources)
                   if kind in ("W", "L") and ref in by_id]
        status = "done" if m.winner is not None else "playing" if table is not None else "waiting"
        matches.append({"id": m.id, "bracket": m.bracket, "level": m.level, "feeders": feeders,
                        "third_place": m.id == "3P",
                        "from": [source.partition(":")[0] for source in m.sources],
                        "sides": sides, "winner": winner, "status": status})
    return {"title": title, "game": t.settings.game, "format": t.bracket_format,
            "best_of": t.settings.best_of, "finished": t.status == "finished", "matches": matches}


def points_by_entrant(t: Tournament) -> dict[str, Fraction]:
    recs = records(t)
    return defaultdict(Fraction, {eid: rec.points for eid, rec in recs.items()})
