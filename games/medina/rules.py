"""Medina's set-up (§5), turn structure (§6), effects of a placement (§9) and the end (§10).

Section numbers refer to ``shared/rules/medina.md``; ``[A#]`` to its resolved ambiguities (§15).

A *move* of the engine contract is ONE placement (or a tea break). The engine keeps the same
seat in ``to_act`` for the second placement of a turn and ends the turn by itself: after two
placements, after one on a single-placement turn (the edition-2 opening, or a tea break), or
after one when no second placement is possible (T4). A seat with no legal placement at the
start of its turn is skipped automatically; when nobody can place, the game is over (§10).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from games.errors import SetupError
from games.medina.board import Geometry
from games.medina.placement import (
    has_own_roof_placement,
    has_placement,
    placements,
    scan,
)
from games.medina.state import (
    BUILDING,
    BUILDING_KINDS,
    MERCHANT,
    NEUTRAL,
    NEUTRAL_IGNORE,
    NEUTRAL_OWNER,
    OVER,
    PLAY,
    RANDOM,
    ROOF,
    ROOF_RULE_BOARDSPACE,
    ROOF_RULE_NO_OTHER,
    SECOND,
    STABLE,
    STABLE_CELL,
    START_MERCHANT,
    TEA,
    TEA_TILES,
    TOWER_MERCHANTS,
    WALL,
    WALL_CELL,
    MedinaState,
    Move,
    Palace,
    add_merchant,
    add_palace_piece,
    empty_board,
    initial_supply,
    side,
    well_data,
)
from games.rng import Rng

Happened = list[tuple[str, dict[str, Any]]]


# -- set-up ---------------------------------------------------------------------------------------


def option_cell(geo: Geometry, value: str, name: str) -> int:
    """A cell given as a lobby option (``well_cell=F7``): must be an interior cell (§3.1)."""
    i = geo.by_name.get(str(value).strip().upper())
    if i is None or not geo.is_interior[i]:
        raise SetupError("medina.setup.bad_cell", name=name, value=value,
                         columns=f"B-{geo.columns[-2]}", rows=f"2-{geo.height - 1}")
    return i


def setup(num_players: int, options: Mapping[str, Any], seed: int) -> MedinaState:
    """§5: the board side, towers, the well and the start merchant (edition 2), supplies, tiles.

    Edition 1 is for 3-4 players; its start player's first move places the start merchant
    (§5.1). In edition 2 the well (module) and then the start merchant go on random interior
    cells, unless ``well_cell`` / ``start_merchant`` fix them; a random well never lands on a
    fixed start merchant's cell. Seat 0 starts (the lobby's seating decides who that is).

    Raises :class:`~games.errors.SetupError` for an edition-1 table with fewer than 3 players, a
    fixed start merchant, or the well or tea module (edition-2 components, §1 / §13); for
    ``well_cell`` without the well; for a cell that is not interior; for both cells fixed on one.
    """
    edition = int(options["edition"])
    if edition == 1 and num_players < 3:
        raise SetupError("medina.setup.e1_players", count=num_players)
    if edition == 1 and options["start_merchant"] != RANDOM:
        raise SetupError("medina.setup.e1_start_merchant")
    if edition == 1 and (options["well"] or options["tea"]):
        named = [f"{name}=on" for name in ("well", "tea") if options[name]]
        raise SetupError("medina.setup.e1_modules", modules=", ".join(named))
    if not options["well"] and options["well_cell"] != RANDOM:
        raise SetupError("medina.setup.well_cell_without_well")
    geo = side(edition, num_players)
    rng = Rng(seed)
    interior = [i for i in geo.city if geo.is_interior[i]]
    fixed_start = None
    if edition == 2 and options["start_merchant"] != RANDOM:
        fixed_start = option_cell(geo, options["start_merchant"], "start_merchant")
    well = None
    if options["well"]:
        if options["well_cell"] != RANDOM:
            well = option_cell(geo, options["well_cell"], "well_cell")
        else:
            well = rng.choice(interior)
            if well == fixed_start:
                # §5.2: the random well avoids a fixed start merchant's cell. Redrawn only on that
                # clash, so every other seed still sets up (and replays) exactly as before.
                well = rng.choice([i for i in interior if i != fixed_start])
    kind, aux = empty_board(geo, well)
    blocked, bonus = well_data(geo, well)
    supply = initial_supply(edition, num_players)
    state = MedinaState(
        num_players=num_players, options=dict(options), edition=edition, geo=geo,
        kind=kind, aux=aux, near=[-1] * geo.size, b4=[0] * geo.size, mcount=[0] * geo.size,
        palaces=[], lines=[], arms=[0] * 8, well=well, blocked=blocked, bonus=bonus,
        supply=[list(supply) for _ in range(num_players)],
        placed=[[0] * 9 for _ in range(num_players)], gained=[0] * num_players,
        tea=[0] * num_players, tea_pool=TEA_TILES if options["tea"] else 0,
        tower_merchants=list(TOWER_MERCHANTS) if edition == 2 else [0, 0, 0, 0],
    )
    if edition == 1:
        state.phase, state.turn = START_MERCHANT, 0
    else:
        if fixed_start is None:
            start = rng.choice([i for i in interior if i != well])
        else:
            start = fixed_start
            if start == well:  # both cells fixed on the same cell
                raise SetupError("medina.setup.merchant_on_well", value=options["start_merchant"])
        state.lines = [(start,)]
        add_merchant(state, start)
        begin_turn(state, 0)
    state.rng = rng.state
    return state


# -- play -----------------------------------------------------------------------------------------


def clone(state: MedinaState) -> MedinaState:
    """A copy whose lists may be changed without touching ``state`` (tuples are shared)."""
    return replace(
        state, kind=list(state.kind), aux=list(state.aux), near=list(state.near), b4=list(state.b4),
        mcount=list(state.mcount), palaces=list(state.palaces), lines=list(state.lines),
        arms=list(state.arms), supply=[list(s) for s in state.supply], placed=[list(p) for p in state.placed],
        gained=list(state.gained), tea=list(state.tea), tower_holder=list(state.tower_holder),
        tower_merchants=list(state.tower_merchants), palace_tile=list(state.palace_tile),
        closed=list(state.closed), last=None if state.last is None else dict(state.last),
        _scan=None, _legal={},
    )


def place(state: MedinaState, seat: int, move: Move) -> tuple[MedinaState, Happened]:
    """Apply a move already checked legal: the placement, its effects (§9), then the turn (§6)."""
    before = scan(state)
    new = clone(state)
    happened: Happened = []
    kind, at = move.kind, move.at
    if state.phase == START_MERCHANT:
        # §5.1: the extra merchant starts the line; then the start player's normal turn.
        new.lines.append((at,))
        add_merchant(new, at)
        new.counter += 1
        new.ply += 1
        new.last = {"seat": seat, "moves": [[kind, at, at]], "turn": -1}
        begin_turn(new, seat)
        return new, happened
    shown = at  # the cell to highlight (the wall's ring cell; none for tea)
    if kind == TEA:
        shown = -1
        # T5: a tea break; the tile goes back to the box and this turn has one placement fewer.
        new.tea[seat] -= 1
        new.tea_this_turn = True
        new.placements_left -= 1
        happened.append(("medina.event.tea_break", {"seat": seat}))
    else:
        if kind in BUILDING_KINDS:
            pid = before.open[kind]
            if pid >= 0:
                palace = new.palaces[pid]
                new.palaces[pid] = palace._replace(buildings=palace.buildings + (at,))
            else:
                pid = len(new.palaces)
                new.palaces.append(Palace(kind, (at,)))
            add_palace_piece(new, pid, at, True)
        elif kind in (ROOF, NEUTRAL):
            pid = new.aux[at]
            owner = seat if kind == ROOF else NEUTRAL_OWNER
            new.palaces[pid] = new.palaces[pid]._replace(owner=owner, roof=at, roofed_at=new.counter)
            roof_effects(new, pid, happened)
            palace_tile(new, pid, happened)
            tower_tiles(new, pid, happened)
            if kind == ROOF:
                new.roof_done = True
        elif kind == STABLE:
            pid = new.near[at]
            palace = new.palaces[pid]
            new.palaces[pid] = palace._replace(stables=palace.stables + (at,))
            add_palace_piece(new, pid, at, False)
            palace_tile(new, pid, happened)
            tower_tiles(new, pid, happened)
        elif kind == MERCHANT:
            line = new.lines[-1]
            if new.mcount[at] == 0:
                new.lines.append((at,))  # §7.5.3: a restart begins a new active line
            elif len(line) > 1 and at in new.geo.n4[line[0]]:
                new.lines[-1] = (at,) + line
            else:
                new.lines[-1] = line + (at,)
            add_merchant(new, at)
        elif kind == WALL:
            cell = shown = new.geo.arm_cells[at][new.arms[at]]
            new.arms[at] += 1
            new.kind[cell], new.aux[cell] = WALL_CELL, at
            inner = new.geo.inward[cell]
            if new.kind[inner] in (BUILDING, STABLE_CELL):
                tower_tiles(new, new.aux[inner], happened)
        new.supply[seat][kind] -= 1
        new.placed[seat][kind] += 1
        new.counter += 1
        new.placements_left -= 1
    new.ply += 1
    if new.last is None or new.last.get("turn") != new.turns_played:
        new.last = {"seat": seat, "moves": [], "turn": new.turns_played}
    new.last["moves"] = list(new.last["moves"]) + [[kind, at, shown]]
    # T7: the rooftop is due only while one can still be placed; a first placement that took the
    # last palace it could roof (a neutral rooftop) lifts the duty, and T2 still asks for the
    # second placement instead of ending the turn.
    if new.roof_due and not new.roof_done and not has_own_roof_placement(new, seat):
        new.roof_due = False
        new._legal = {}
    # T2 / T4: the seat goes on while it has placements left and can place; else the next seat.
    if new.placements_left > 0 and placements(new, seat):
        return new, happened
    advance(new, seat, happened)
    return new, happened


def begin_turn(state: MedinaState, seat: int) -> None:
    """Start ``seat``'s turn: how many placements (T2, T6) and whether a roof is due (T7)."""
    n = state.num_players
    single = (state.edition == 2 and state.options.get("e2_opening_single_placements")
              and state.turns_played < (1 if n == 2 else 2))
    state.phase = PLAY
    state.turn = seat
    state.turn_size = state.placements_left = 1 if single else 2
    state.tea_this_turn = state.roof_done = False
    state.roof_due = roof_due(state, seat)
    state.turns_played += 1
    state._legal = {}


def roof_due(state: MedinaState, seat: int) -> bool:
    """T7 / [A7]: must this turn include an own rooftop?

    ``boardspace``: no other seat can place anything, and ``seat`` can place an own rooftop.
    ``no_other_roofs``: no other seat holds an own rooftop, and ``seat`` can place one.
    """
    rule = state.options.get("last_roof_rule")
    if rule not in (ROOF_RULE_BOARDSPACE, ROOF_RULE_NO_OTHER) or not has_own_roof_placement(state, seat):
        return False
    others = [o for o in range(state.num_players) if o != seat]
    if rule == ROOF_RULE_BOARDSPACE:
        return not any(has_placement(state, o) for o in others)
    return not any(state.supply[o][ROOF] for o in others)


def advance(state: MedinaState, seat: int, happened: Happened) -> None:
    """End ``seat``'s turn: the next seat able to place begins; those unable pass (T4); if
    nobody can place, the game ends (§10)."""
    n = state.num_players
    passed = []
    for step in range(1, n + 1):
        candidate = (seat + step) % n
        if has_placement(state, candidate):
            happened.extend(("medina.event.pass", {"seat": s}) for s in passed)
            begin_turn(state, candidate)
            return
        passed.append(candidate)
    state.phase = OVER
    state.placements_left = 0
    happened.append(("medina.event.game_over", {}))


# -- effects of a placement (§9) ------------------------------------------------------------------


def counts_for_tiles(state: MedinaState, palace: Palace) -> bool:
    """Whether a roofed palace takes and holds tiles: a player's always; a neutral one only with
    ``neutral_mode=block`` ([A5])."""
    if palace.owner is None:
        return False
    return palace.owner >= 0 or state.options.get("neutral_mode") != NEUTRAL_IGNORE


def roof_effects(state: MedinaState, pid: int, happened: Happened) -> None:
    """§9.1: closure of a colour (own rooftops only), then tea tiles for a purple rooftop."""
    palace = state.palaces[pid]
    colour = palace.colour
    owner = palace.owner
    if owner is not None and owner >= 0 and not state.closed[colour]:
        holders = {p.owner for p in state.palaces if p.colour == colour and p.owner is not None and p.owner >= 0}
        if len(holders) == state.num_players:
            state.closed[colour] = True
            if state.edition == 2:
                for supply in state.supply:
                    supply[colour] = 0
            happened.append(("medina.event.closed", {"colour": colour}))
    if state.options.get("tea") and colour == SECOND and state.tea_pool > 0:
        if owner is not None and owner < 0 and state.options.get("neutral_mode") == NEUTRAL_IGNORE:
            return
        # T5 / §9.1.2: batches of 3, 2, 1 (then 0) for the k-th rooftop on a purple palace.
        batch = (state.tea_pool + 1) // 2
        state.tea_pool -= batch
        if owner is not None and owner >= 0:
            state.tea[owner] += batch
            happened.append(("medina.event.tea_gained", {"seat": owner, "count": batch}))
        else:
            happened.append(("medina.event.tea_discarded", {"count": batch}))


def palace_tile(state: MedinaState, pid: int, happened: Happened) -> None:
    """§9.2: the tile goes to a palace strictly larger than the holder's; ties keep the holder."""
    palace = state.palaces[pid]
    if not counts_for_tiles(state, palace):
        return
    colour = palace.colour
    holder = state.palace_tile[colour]
    if holder == pid:
        return
    if holder is None or palace.size > state.palaces[holder].size:
        state.palace_tile[colour] = pid
        happened.append(("medina.event.palace_tile", {"colour": colour, "owner": palace.owner, "size": palace.size}))


def touched_towers(state: MedinaState, palace: Palace) -> int:
    """Bits of the towers (or arms, with ``tower_reclaim_per_arm``) whose walls touch ``palace``."""
    per_arm = state.options.get("tower_reclaim_per_arm")
    kind, aux, n4, arm_tower = state.kind, state.aux, state.geo.n4, state.geo.arm_tower
    bits = 0
    for cell in palace.pieces:
        for j in n4[cell]:
            if kind[j] == WALL_CELL:
                arm = aux[j]
                bits |= 1 << (arm if per_arm else arm_tower[arm] - 1)
    return bits


def tower_tiles(state: MedinaState, pid: int, happened: Happened) -> None:
    """§9.3: a roofed palace newly connected to a tower's wall takes that tower's tile, unless
    it has taken that tile before ([A1]); the first taker also gets the tile's merchants (E2)."""
    palace = state.palaces[pid]
    if not counts_for_tiles(state, palace):
        return
    fresh = touched_towers(state, palace) & ~palace.used
    if not fresh:
        return
    state.palaces[pid] = palace._replace(used=palace.used | fresh)
    per_arm = state.options.get("tower_reclaim_per_arm")
    towers = sorted({(state.geo.arm_tower[b] if per_arm else b + 1) for b in range(8) if fresh >> b & 1})
    owner = palace.owner
    for tower in towers:
        state.tower_holder[tower - 1] = owner
        happened.append(("medina.event.tower_tile", {"tower": tower, "owner": owner}))
        merchants = state.tower_merchants[tower - 1]
        if merchants:
            state.tower_merchants[tower - 1] = 0
            if owner is not None and owner >= 0:
                # [A11]: the merchants join the supply at once.
                state.supply[owner][MERCHANT] += merchants
                state.gained[owner] += merchants
                happened.append(("medina.event.tower_merchants", {"seat": owner, "count": merchants, "tower": tower}))
            else:
                happened.append(("medina.event.tower_merchants_box", {"count": merchants, "tower": tower}))


def public_supply(state: MedinaState, seat: int) -> list[int]:
    """A seat's supply worked out from public information only: the starting supply, minus what
    the seat was seen to place, plus the merchants it took from tower tiles, with the closed
    colours removed in edition 2. Equals ``state.supply[seat]`` (every screen is deducible)."""
    supply = initial_supply(state.edition, state.num_players)
    placed = state.placed[seat]
    counts = [supply[k] - placed[k] for k in range(9)]
    counts[MERCHANT] += state.gained[seat]
    if state.edition == 2:
        for colour in BUILDING_KINDS:
            if state.closed[colour]:
                counts[colour] = 0
    return counts


__all__ = ["advance", "begin_turn", "clone", "place", "public_supply", "setup", "touched_towers"]
