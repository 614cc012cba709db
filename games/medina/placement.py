"""Medina's placement rules (rules page §7): which placements are legal, and why one is not.

:func:`scan` reads the board once per state (one pass over the city) and sorts every empty cell
into what may go there; the per-seat lists then only filter it by the seat's supply:

- *fresh* cells start a new palace (§7.1.4): empty, outside the well zone, no palace piece in N8;
- *attach* cells of palace P (§7.4, and §7.1.3 for an unroofed P): empty, outside the well zone,
  orthogonally next to a building of P, and no piece of another palace in N8. For an unroofed
  palace these are exactly its building-expansion cells, so ``Open(c)`` is the unroofed palace
  of colour c that has any (§7: at most one exists; a stuck palace never gets one back);
- merchant cells (§7.5): the extension cells at the active line's ends, or, when it has none,
  every empty city cell touching no merchant (a restart, [A3]);
- the arms whose next wall space is free and does not close the gate (§7.6).
"""

from __future__ import annotations

from typing import Any

from games.medina.board import ARM_NAMES, Geometry
from games.medina.state import (
    BUILDING,
    BUILDING_KINDS,
    EMPTY,
    MERCHANT,
    NEUTRAL,
    PLAY,
    ROOF,
    STABLE,
    START_MERCHANT,
    TEA,
    WALL,
    WELL_CELL,
    MedinaState,
    Move,
)
from games.messages import Text

_MOVES: dict[int, list[list[Move]]] = {}


def moves_table(geo: Geometry) -> list[list[Move]]:
    """Every possible :class:`Move` of a board side, built once: ``table[kind][at]``."""
    table = _MOVES.get(geo.size)
    if table is None:
        table = [[Move(kind, at) for at in range(geo.size)] for kind in range(TEA + 1)]
        _MOVES[geo.size] = table
    return table


class Scan:
    """What the board allows right now, for every seat alike (see the module docstring)."""

    __slots__ = ("arms", "attach", "by_palace", "extension", "fresh", "merchant", "open", "unroofed")

    def __init__(self) -> None:
        self.fresh: list[int] = []
        self.attach: list[int] = []
        self.by_palace: dict[int, list[int]] = {}
        self.merchant: list[int] = []
        self.extension = False
        self.arms: list[int] = []
        self.unroofed: list[int] = []
        self.open = [-1, -1, -1, -1]


def scan(state: MedinaState) -> Scan:
    """The board's :class:`Scan`, computed once per state."""
    found = state._scan
    if found is not None:
        return found
    geo = state.geo
    kind, near, b4, mcount, blocked = state.kind, state.near, state.b4, state.mcount, state.blocked
    s = Scan()
    fresh, attach, by_palace, zero = s.fresh, s.attach, s.by_palace, []
    for i in geo.city:
        if kind[i]:
            continue
        if not mcount[i]:
            zero.append(i)
        if blocked and i in blocked:
            continue
        n = near[i]
        if n == -1:
            fresh.append(i)
        elif n >= 0 and b4[i]:
            attach.append(i)
            cells = by_palace.get(n)
            if cells is None:
                by_palace[n] = [i]
            else:
                cells.append(i)
    if state.phase == START_MERCHANT:
        anywhere = state.options.get("e1_start_merchant_anywhere")
        s.merchant = [i for i in geo.city if kind[i] == EMPTY and (anywhere or geo.is_interior[i])]
    elif state.lines:
        line = state.lines[-1]
        ends = (line[0],) if len(line) == 1 else (line[0], line[-1])
        ext = sorted({j for e in ends for j in geo.city_n4[e] if kind[j] == EMPTY and mcount[j] == 1})
        s.extension = bool(ext)
        s.merchant = ext or zero
    arms = state.arms
    for arm, cells in enumerate(geo.arm_cells):
        length = arms[arm]
        if length + 1 < len(cells) and kind[cells[length]] == EMPTY and kind[cells[length + 1]] == EMPTY:
            s.arms.append(arm)
    for pid, palace in enumerate(state.palaces):
        if palace.owner is None:
            s.unroofed.append(pid)
            if pid in by_palace:
                s.open[palace.colour] = pid
    state._scan = s
    return s


def owned_colours(state: MedinaState, seat: int) -> set[int]:
    """Colours of the palaces ``seat`` has roofed with an own rooftop (§7.2.2)."""
    return {p.colour for p in state.palaces if p.owner == seat}


def roof_due_now(state: MedinaState, seat: int) -> bool:
    """T7: this turn still needs an own rooftop and only one placement is left for it."""
    return state.roof_due and not state.roof_done and state.placements_left == 1 and seat == state.turn


def placements(state: MedinaState, seat: int, *, restrict: bool = True) -> list[Move]:
    """Every legal placement of ``seat`` on this board, ignoring whose turn it is.

    With ``restrict`` the turn's "last player with roofs" obligation (T7) applies.
    """
    key = seat if restrict else -1 - seat
    cached = state._legal.get(key)
    if cached is not None:
        return cached
    table = moves_table(state.geo)
    s = scan(state)
    if state.phase == START_MERCHANT:
        found = [table[MERCHANT][i] for i in s.merchant] if seat == state.turn else []
        state._legal[key] = found
        return found
    sup = state.supply[seat]
    found: list[Move] = []
    only_roofs = restrict and roof_due_now(state, seat)
    if not only_roofs:
        closed = state.closed
        for colour in BUILDING_KINDS:
            if sup[colour] and not closed[colour]:
                pid = s.open[colour]
                row = table[colour]
                found.extend([row[i] for i in (s.by_palace[pid] if pid >= 0 else s.fresh)])
    if sup[ROOF] and s.unroofed:
        owned = owned_colours(state, seat)
        palaces = state.palaces
        row = table[ROOF]
        found.extend([row[palaces[pid].buildings[0]] for pid in s.unroofed if palaces[pid].colour not in owned])
    if not only_roofs:
        if sup[NEUTRAL] and s.unroofed:
            row = table[NEUTRAL]
            found.extend([row[state.palaces[pid].buildings[0]] for pid in s.unroofed])
        if sup[STABLE]:
            row = table[STABLE]
            found.extend([row[i] for i in s.attach])
        if sup[MERCHANT]:
            row = table[MERCHANT]
            found.extend([row[i] for i in s.merchant])
        if sup[WALL]:
            row = table[WALL]
            found.extend([row[a] for a in s.arms])
    state._legal[key] = found
    return found


def has_placement(state: MedinaState, seat: int) -> bool:
    """Whether ``seat`` could place any piece now (T4, §10), without listing the moves."""
    if state.phase == START_MERCHANT:
        return seat == state.turn
    sup = state.supply[seat]
    s = scan(state)
    if (sup[WALL] and s.arms) or (sup[MERCHANT] and s.merchant) or (sup[STABLE] and s.attach):
        return True
    for colour in BUILDING_KINDS:
        if sup[colour] and not state.closed[colour] and (s.open[colour] >= 0 or s.fresh):
            return True
    if s.unroofed:
        if sup[NEUTRAL]:
            return True
        if sup[ROOF]:
            owned = owned_colours(state, seat)
            return any(state.palaces[pid].colour not in owned for pid in s.unroofed)
    return False


def has_own_roof_placement(state: MedinaState, seat: int) -> bool:
    if not state.supply[seat][ROOF]:
        return False
    owned = owned_colours(state, seat)
    return any(state.palaces[pid].colour not in owned for pid in scan(state).unroofed)


def tea_allowed(state: MedinaState, seat: int) -> bool:
    """T5 / [A15]: one tea tile per turn, on a turn of two placements, before the second one."""
    return (state.options.get("tea") and state.phase == PLAY and seat == state.turn
            and state.tea[seat] > 0 and not state.tea_this_turn and state.turn_size == 2
            and state.placements_left >= 1 and not roof_due_now(state, seat))


def legal_moves(state: MedinaState, seat: int) -> list[Move]:
    """The legal moves of ``seat``: its placements, plus ``tea`` when allowed."""
    if state.phase not in (PLAY, START_MERCHANT) or seat != state.turn:
        return []
    found = placements(state, seat)
    if tea_allowed(state, seat):
        return found + [Move(TEA, 0)]
    return found


def legal_set(state: MedinaState, seat: int) -> frozenset[Move]:
    key = ("set", seat)
    cached = state._legal.get(key)  # type: ignore[call-overload]
    if cached is None:
        cached = frozenset(legal_moves(state, seat))
        state._legal[key] = cached  # type: ignore[index]
    return cached


# -- why a placement is refused ------------------------------------------------------------------

Reason = tuple[str, dict[str, Any]]


def refusal(state: MedinaState, seat: int, move: Move) -> Reason:
    """Why ``move`` is not legal for ``seat`` now, as a message key and params (§7, T5, T7).

    Only called for a move that is not in the legal list, so it always names a reason.
    """
    geo = state.geo
    colours = state.colours
    kind, at = move.kind, move.at
    if state.phase == START_MERCHANT:
        if kind != MERCHANT:
            return "medina.reason.start_merchant_first", {}
        if at in geo.names and state.kind[at] == EMPTY:
            return "medina.reason.start_merchant_interior", {"cell": geo.names[at]}
    if kind == TEA:
        if not state.options.get("tea"):
            return "medina.reason.tea_off", {}
        if state.tea[seat] <= 0:
            return "medina.reason.tea_none", {}
        if state.tea_this_turn:
            return "medina.reason.tea_used", {}
        if state.turn_size != 2:
            return "medina.reason.tea_single", {}
        return "medina.reason.roof_due", {}
    if not 0 <= kind < TEA:
        return "medina.reason.unknown", {}
    sup = state.supply[seat]
    piece = colours[kind] if kind in BUILDING_KINDS else ("roof", "neutral", "stable", "merchant", "wall")[kind - ROOF]
    if kind in BUILDING_KINDS and state.closed[kind]:
        return "medina.reason.closed", {"colour": _colour(kind, colours)}
    if state.phase != START_MERCHANT and sup[kind] <= 0:
        return "medina.reason.none_left", {"piece": _piece(piece)}
    if roof_due_now(state, seat) and kind != ROOF:
        return "medina.reason.roof_due", {}
    if kind == WALL:
        return "medina.reason.wall_gate", {"arm": _arm_name(at)}
    if at not in geo.names:
        return "medina.reason.unknown", {}
    cell = geo.names[at]
    content = state.kind[at]
    if kind in (ROOF, NEUTRAL):
        if content != BUILDING:
            return "medina.reason.roof_no_building", {"cell": cell}
        palace = state.palaces[state.aux[at]]
        if palace.owner is not None:
            return "medina.reason.roof_roofed", {"cell": cell}
        if kind == ROOF and palace.colour in owned_colours(state, seat):
            return "medina.reason.roof_owned", {"colour": _colour(palace.colour, colours)}
        return "medina.reason.unknown", {}
    if content == WELL_CELL:
        return "medina.reason.well", {"cell": cell}
    if content != EMPTY:
        return "medina.reason.occupied", {"cell": cell}
    s = scan(state)
    if kind == MERCHANT:
        if s.extension:
            return "medina.reason.merchant_extend", {"cell": cell, "options": _cells(geo, s.merchant)}
        return "medina.reason.merchant_restart", {"cell": cell}
    if at in state.blocked:
        return "medina.reason.zone", {"cell": cell}
    near = state.near[at]
    if kind == STABLE:
        if near == -2:
            return "medina.reason.touches_other", {"cell": cell}
        return "medina.reason.stable_needs_building", {"cell": cell}
    # a building
    pid = s.open[kind]
    if pid >= 0:
        palace = state.palaces[pid]
        return "medina.reason.open_palace", {
            "colour": _colour(kind, colours), "at": geo.names[palace.buildings[0]],
            "options": _cells(geo, s.by_palace[pid])}
    return "medina.reason.touches_other", {"cell": cell}


def _cells(geo: Geometry, cells: list[int], limit: int = 8) -> str:
    names = [geo.names[i] for i in cells[:limit]]
    return ", ".join(names) + (", …" if len(cells) > limit else "")


def _colour(kind: int, colours: tuple[str, ...]) -> Text:
    return Text(f"medina.colour.{colours[kind]}")


def _piece(word: str) -> Text:
    return Text(f"medina.piece.{word}")


def _arm_name(arm: int) -> str:
    return ARM_NAMES[arm] if 0 <= arm < len(ARM_NAMES) else "?"
