"""Minoa's rules: the state, the enclosure rule, placing, auto-fill, passing, the end and scoring.

Section numbers refer to ``shared/rules/minoa.md``. The board is :mod:`games.minoa.board`.

A line holds ``EMPTY``, ``BLACK`` (interior lines only) or ``COLOUR + seat`` (rim lines only).
The *regions* are the connected groups of triangles joined across interior lines without a black
stick (§6.1), so the empty interior lines are exactly the edges of the region graph and exactly
the candidate black-stick moves.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from typing import Any, NamedTuple

from games.minoa.board import (
    INTERIOR_LINES,
    IS_RIM,
    LINE_TRIANGLES,
    NEIGHBOURS,
    RIM_CYCLE,
    TRIANGLE_KEYS,
    TRIANGLE_RIM_LINE,
)

EMPTY, BLACK, COLOUR = 0, 1, 2
COLOURS = ("red", "blue", "yellow", "green")
#: §2: coloured pieces each player gets, by player count.
PIECES_EACH = {2: 12, 3: 8, 4: 6}
BLACK_STICKS = 60
#: §9: in four-player games the players sitting opposite are partners.
TEAMS = ((0, 2), (1, 3))

RIM_REACH, COLOURED_RIM = "rim", "coloured"


class Move(NamedTuple):
    """Placing a stick or piece on one line (board line index); the line says which it is."""

    line: int


@dataclass
class MinoaState:
    num_players: int
    options: dict[str, Any]
    lines: list[int]
    black_supply: int
    pieces_left: list[int]
    turn: int
    finished: bool = False
    #: ``"claimed"`` when every region is assigned (§8), ``"stalled"`` when nobody can move.
    ended_by: str | None = None
    #: The last action: ``{"seat": s, "lines": [...], "autofill": seat | None}``.
    last: dict[str, Any] | None = None
    ply: int = 0
    rng: int = 0
    _legal_black: list[int] | None = field(default=None, compare=False, repr=False)


# -- regions ------------------------------------------------------------------------------------


class Region(NamedTuple):
    triangles: list[int]
    rim_lines: list[int]


def regions(lines: list[int]) -> list[Region]:
    """The regions of the board (§6.1), in order of their lowest triangle."""
    seen = [False] * len(TRIANGLE_KEYS)
    found: list[Region] = []
    for start in range(len(TRIANGLE_KEYS)):
        if seen[start]:
            continue
        seen[start] = True
        stack, triangles, rim = [start], [], []
        while stack:
            t = stack.pop()
            triangles.append(t)
            if TRIANGLE_RIM_LINE[t] is not None:
                rim.append(TRIANGLE_RIM_LINE[t])
            for other, line in NEIGHBOURS[t]:
                if lines[line] == EMPTY and not seen[other]:
                    seen[other] = True
                    stack.append(other)
        found.append(Region(sorted(triangles), sorted(rim)))
    return found


def region_owner(region: Region, lines: list[int], num_players: int, merge_teams: bool) -> int | None:
    """The seat a region is assigned to (§7), or ``None``.

    Assigned means: every rim edge of the region is filled and all show one player's colour. With
    ``merge_teams`` (4 players, option ``team_colours=merged``) partners' colours count as one; the
    region then goes to the partner with more rim edges in it, the earlier seat on a tie.
    """
    if not region.rim_lines:
        return None
    seats = [lines[l] - COLOUR for l in region.rim_lines]
    if min(seats) < 0:
        return None  # an empty rim edge can still be contested
    distinct = set(seats)
    if len(distinct) == 1:
        return seats[0]
    if merge_teams and num_players == 4 and any(distinct <= set(team) for team in TEAMS):
        return max(sorted(distinct), key=seats.count)
    return None


def claimed_regions(state: MinoaState) -> Iterator[tuple[Region, int | None]]:
    merge = state.options.get("team_colours") == "merged"
    for region in regions(state.lines):
        yield region, region_owner(region, state.lines, state.num_players, merge)


def territory(state: MinoaState) -> list[int]:
    """Triangles in regions assigned to each seat (§8), as if the game ended now."""
    totals = [0] * state.num_players
    for region, owner in claimed_regions(state):
        if owner is not None:
            totals[owner] += len(region.triangles)
    return totals


def team_totals(scores: list[int]) -> list[int]:
    return [sum(scores[s] for s in team) for team in TEAMS]


# -- the enclosure rule (§6.1) -----------------------------------------------------------------


def legal_black_lines(lines: list[int], reading: str) -> list[int]:
    """Every empty interior line on which a black stick is legal under ``reading`` (§6.1).

    A stick that does not split its region is always legal. One that does (a *bridge* of the
    region graph) is legal iff both halves keep a rim edge (``rim``), or an already coloured rim
    edge (``coloured``). One depth-first search finds all bridges and, through subtree counts, what
    each half holds, so this costs one pass over the board instead of one search per line.
    """
    n = len(TRIANGLE_KEYS)
    if reading == COLOURED_RIM:
        weight = [1 if r is not None and lines[r] >= COLOUR else 0 for r in TRIANGLE_RIM_LINE]
    else:
        weight = [0 if r is None else 1 for r in TRIANGLE_RIM_LINE]
    disc = [-1] * n
    low = [0] * n
    inside = [0] * n  # weight within the search subtree
    refused: set[int] = set()
    clock = 0
    for root in range(n):
        if disc[root] != -1:
            continue
        disc[root] = low[root] = clock
        clock += 1
        inside[root] = weight[root]
        splits: list[tuple[int, int]] = []  # (line, child) for every bridge in this region
        stack = [(root, -1, iter(NEIGHBOURS[root]))]
        while stack:
            node, via, edges = stack[-1]
            for other, line in edges:
                if lines[line] != EMPTY or line == via:
                    continue
                if disc[other] == -1:
                    disc[other] = low[other] = clock
                    clock += 1
                    inside[other] = weight[other]
                    stack.append((other, line, iter(NEIGHBOURS[other])))
                    break
                low[node] = min(low[node], disc[other])
            else:
                stack.pop()
                if stack:
                    parent = stack[-1][0]
                    low[parent] = min(low[parent], low[node])
                    inside[parent] += inside[node]
                    if low[node] > disc[parent]:
                        splits.append((via, node))
        whole = inside[root]
        for line, child in splits:
            if inside[child] == 0 or whole - inside[child] == 0:
                refused.add(line)
    return [l for l in INTERIOR_LINES if lines[l] == EMPTY and l not in refused]


def black_options(state: MinoaState) -> list[int]:
    """Legal black-stick lines of the position, computed once per state."""
    if state.black_supply <= 0:
        return []
    if state._legal_black is None:
        state._legal_black = legal_black_lines(state.lines, state.options["legality"])
    return state._legal_black


def rim_options(state: MinoaState, seat: int) -> list[int]:
    """§6.2: any empty rim edge, while the seat has coloured pieces."""
    if state.pieces_left[seat] <= 0:
        return []
    return [l for l in RIM_CYCLE if state.lines[l] == EMPTY]


def can_move(state: MinoaState, seat: int) -> bool:
    # Empty rim edges always equal the unplaced pieces (§2), so pieces in hand mean a rim move.
    return state.pieces_left[seat] > 0 or bool(black_options(state))


def legal_lines(state: MinoaState, seat: int) -> list[int]:
    if state.finished or seat != state.turn:
        return []
    return rim_options(state, seat) + black_options(state)


def refusal(state: MinoaState, seat: int, line: int) -> tuple[str, dict[str, Any]] | None:
    """Why ``seat`` may not place on ``line`` now, as a message key and params; ``None`` if legal."""
    if state.lines[line] != EMPTY:
        return "minoa.reason.taken", {}
    if IS_RIM[line]:
        if state.pieces_left[seat] <= 0:
            return "minoa.reason.no_pieces", {}
        return None
    if state.black_supply <= 0:
        return "minoa.reason.no_black", {}
    if line not in black_options(state):
        if state.options["legality"] == COLOURED_RIM:
            return "minoa.reason.enclosed_coloured", {}
        return "minoa.reason.enclosed", {}
    return None


# -- set-up and play ---------------------------------------------------------------------------


def setup(num_players: int, options: dict[str, Any], seed: int) -> MinoaState:
    """§5: empty board, red first, pieces per §2, 60 black sticks in the common supply."""
    return MinoaState(
        num_players=num_players,
        options=dict(options),
        lines=[EMPTY] * len(LINE_TRIANGLES),
        black_supply=BLACK_STICKS,
        pieces_left=[PIECES_EACH[num_players]] * num_players,
        turn=0,
        rng=seed,
    )


def place(state: MinoaState, seat: int, line: int) -> tuple[MinoaState, list[tuple[str, dict[str, Any]]]]:
    """Place on a line already checked legal; returns the new state and what happened (§6, §10, §11)."""
    lines = list(state.lines)
    pieces = list(state.pieces_left)
    black = state.black_supply
    happened: list[tuple[str, dict[str, Any]]] = []
    placed = [line]
    autofill = None
    if IS_RIM[line]:
        lines[line] = COLOUR + seat
        pieces[seat] -= 1
        holders = [s for s in range(state.num_players) if pieces[s] > 0]
        if state.options["advanced"] and pieces[seat] == 0 and len(holders) == 1:
            # §10: the last holder's pieces fill the remaining rim edges at once.
            autofill = holders[0]
            for rim in RIM_CYCLE:
                if lines[rim] == EMPTY:
                    lines[rim] = COLOUR + autofill
                    placed.append(rim)
            happened.append(("minoa.event.autofill", {"seat": autofill, "count": pieces[autofill]}))
            pieces[autofill] = 0
    else:
        lines[line] = BLACK
        black -= 1
    after = replace(
        state, lines=lines, pieces_left=pieces, black_supply=black, ply=state.ply + 1,
        last={"seat": seat, "lines": placed, "autofill": autofill}, _legal_black=None,
    )
    if sum(pieces) == 0 and all(owner is not None for _, owner in claimed_regions(after)):
        after.finished, after.ended_by = True, "claimed"
        happened.append(("minoa.event.claimed_all", {}))
        return after, happened
    # §6.3 / §11: the turn goes clockwise; a seat without a legal move passes automatically, and
    # when nobody can move the game ends where it stands.
    for step in range(1, state.num_players + 1):
        candidate = (seat + step) % state.num_players
        if can_move(after, candidate):
            after.turn = candidate
            return after, happened
        happened.append(("minoa.event.pass", {"seat": candidate}))
    del happened[-state.num_players:]
    after.finished, after.ended_by = True, "stalled"
    happened.append(("minoa.event.stalled", {}))
    return after, happened
