"""Medina (Stefan Dorra), both editions: build palaces, roof them, line the streets and walls.

The modules follow the rules page (``shared/rules/medina.md``): :mod:`~games.medina.board` the
geometry (§3), :mod:`~games.medina.state` the pieces and state (§2, §4),
:mod:`~games.medina.placement` the placement rules (§7), :mod:`~games.medina.rules` set-up,
turns and effects (§5, §6, §9, §10), :mod:`~games.medina.scoring` the score (§11) and
:mod:`~games.medina.notation` the notation. This module binds them to the engine contract.

A move of the contract is ONE placement; the same seat stays in ``to_act`` for the second
placement of its turn, and the engine ends turns, skips seats that cannot place and ends the
game by itself (see :mod:`games.medina.rules`).

Hidden information: each seat's remaining pieces (its screen). ``view(state, None)`` shows only
the table; ``view(state, seat)`` adds that seat's own screen; :meth:`Medina.private_view` is the
screen the host sends by DM.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any, ClassVar

from games.core import Event, Game, Option, Result, gain_prior, margin_shares
from games.errors import IllegalMove, MalformedMove, SetupError
from games.medina import rules, scoring
from games.medina.board import ARM_NAMES, LARGE
from games.medina.messages import MESSAGES, RULES_HELP
from games.medina.notation import canonical, format_move, parse_move
from games.medina.placement import (
    legal_moves,
    legal_set,
    placements,
    refusal,
    roof_due_now,
    scan,
    tea_allowed,
)
from games.medina.state import (
    BUILDING,
    BUILDING_KINDS,
    MERCHANT,
    NEUTRAL,
    NEUTRAL_BLOCK,
    NEUTRAL_IGNORE,
    NEUTRAL_OWNER,
    OVER,
    PLAY,
    RANDOM,
    ROOF,
    ROOF_RULE_BOARDSPACE,
    ROOF_RULE_NO_OTHER,
    ROOF_RULE_OFF,
    STABLE,
    START_MERCHANT,
    TEA,
    WALL,
    MedinaState,
    Move,
    Palace,
    initial_supply,
    rebuild,
    side,
)
from games.messages import Text, register_messages, text_to_json, translate
from games.registry import register
from games.rng import Rng

register_messages(MESSAGES)

__all__ = ["GAME", "Medina", "MedinaState", "Move"]

#: Cells a set-up option may name: the interior cells of the 16 x 11 side (the 14 x 10 side's are
#: a subset; set-up refuses the others there).
_CELL_CHOICES = tuple(name.lower() for name in sorted((n for n, i in LARGE.by_name.items() if LARGE.is_interior[i]),
                                                      key=lambda n: (n[0], int(n[1:]))))
#: The rules page writes its flags in camelCase; both spellings are accepted.
_ALIASES = {
    "towerreclaimperarm": "tower_reclaim_per_arm",
    "e1startmerchantanywhere": "e1_start_merchant_anywhere",
    "neutralmode": "neutral_mode",
    "e2openingsingleplacements": "e2_opening_single_placements",
    "lastroofrule": "last_roof_rule",
    "startmerchant": "start_merchant",
    "wellcell": "well_cell",
}
_PIECE_WORDS = ("roof", "neutral", "stable", "merchant", "wall")


def _or_list(items: list[Text]) -> Text | str:
    """``a, b, c or d`` in the reader's language, as nested catalogue texts."""
    if not items:
        return Text("medina.decide.piece.nothing")
    said: Text = items[-1]
    if len(items) >= 2:
        said = Text("medina.decide.or", a=items[-2], b=said)
        for item in reversed(items[:-2]):
            said = Text("medina.decide.comma", a=item, b=said)
    return said


def _help(key: str) -> dict[str, str]:
    return {lang: translate(f"medina.option.{key}", lang) for lang in ("en", "ja")}


def _xy(geo, i: int) -> list[int]:
    return [i % geo.gw, i // geo.gw]


class Medina(Game[MedinaState, Move]):
    name = "medina"
    titles: ClassVar[Mapping[str, str]] = {"en": "Medina", "ja": "メディナ"}
    min_players = 2
    max_players = 4
    hidden_information = True
    options = (
        Option("edition", "choice", "2", _help("edition"), choices=("1", "2")),
        Option("well", "bool", False, _help("well")),
        Option("tea", "bool", False, _help("tea")),
        Option("start_merchant", "choice", RANDOM, _help("start_merchant"), choices=(RANDOM,) + _CELL_CHOICES),
        Option("well_cell", "choice", RANDOM, _help("well_cell"), choices=(RANDOM,) + _CELL_CHOICES),
        Option("tower_reclaim_per_arm", "bool", False, _help("tower_reclaim_per_arm")),
        Option("e1_start_merchant_anywhere", "bool", False, _help("e1_start_merchant_anywhere")),
        Option("neutral_mode", "choice", NEUTRAL_BLOCK, _help("neutral_mode"),
               choices=(NEUTRAL_BLOCK, NEUTRAL_IGNORE)),
        Option("e2_opening_single_placements", "bool", True, _help("e2_opening_single_placements")),
        Option("last_roof_rule", "choice", ROOF_RULE_BOARDSPACE, _help("last_roof_rule"),
               choices=(ROOF_RULE_OFF, ROOF_RULE_BOARDSPACE, ROOF_RULE_NO_OTHER)),
    )
    rules_help = RULES_HELP

    # -- set-up -------------------------------------------------------------------------------

    def resolve_options(self, given: Mapping[str, Any] | None, *, by_post: bool = False) -> dict[str, Any]:
        """As the core's, also accepting the rules page's camelCase flag names and values
        (``towerReclaimPerArm``, ``lastRoofRule=noOtherRoofs``) and explaining a bad cell."""
        normal: dict[str, Any] = {}
        for name, value in (given or {}).items():
            key = str(name).strip().lower()
            key = _ALIASES.get(key.replace("_", "").replace("-", ""), key)
            if key == "last_roof_rule" and isinstance(value, str):
                value = {"nootherroofs": ROOF_RULE_NO_OTHER}.get(value.strip().lower().replace("_", ""), value)
            if key in ("start_merchant", "well_cell") and isinstance(value, str):
                text = value.strip().lower()
                if text != RANDOM and text not in _CELL_CHOICES:
                    raise SetupError("medina.setup.bad_cell", name=key, value=value, columns="B-O", rows="2-10")
            normal[key] = value
        return super().resolve_options(normal, by_post=by_post)

    def setup(self, num_players: int, options: Mapping[str, Any], seed: int) -> MedinaState:
        return rules.setup(num_players, options, seed)

    # -- play ---------------------------------------------------------------------------------

    def num_players(self, state: MedinaState) -> int:
        return state.num_players

    def to_act(self, state: MedinaState) -> frozenset[int]:
        return frozenset() if state.phase == OVER else frozenset((state.turn,))

    def legal_moves(self, state: MedinaState, seat: int) -> list[Move]:
        return list(legal_moves(state, seat))

    def is_legal(self, state: MedinaState, seat: int, move: Move) -> bool:
        return isinstance(move, Move) and canonical(state, move) in legal_set(state, seat)

    def play(self, state: MedinaState, seat: int, move: Move) -> tuple[MedinaState, list[Event]]:
        if not isinstance(move, Move):
            raise MalformedMove(text=str(move), reason=Text("medina.reason.format"))
        # A rooftop may name any building of its palace (it is put there); legality is the palace's.
        if canonical(state, move) not in legal_set(state, seat):
            key, params = refusal(state, seat, move)
            raise IllegalMove(text=self._safe_format(state, move), reason=Text(key, **params))
        after, happened = rules.place(state, seat, move)
        return after, [Event(*_event(state, key, params)) for key, params in happened]

    def _safe_format(self, state: MedinaState, move: Move) -> str:
        try:
            return format_move(state, move)
        except (KeyError, IndexError):
            return repr(tuple(move))

    # -- information ----------------------------------------------------------------------------

    def scores(self, state: MedinaState) -> list[int]:
        return scoring.scores(state)

    # -- AI search ----------------------------------------------------------------------------

    #: Medina playouts run to the end (a game is about 125 plies; the margin still counts): cut
    #: short and valued by the running score, roofing a small palace at once looked too good.
    #: Against the old MCTS at its own budget (200 playouts, 1 s), 2-player games won: cut at 12
    #: plies 0 of 10, at 32 plies 0 of 6, at 40 plies 2 of 4, to the end 2 of 4 (loaded machine).
    ai_playout_plies = 1_000

    def evaluate(self, state: MedinaState) -> list[float]:
        """The lead in points as the game stands (§11: owned palaces, tiles held), 6 a step."""
        return margin_shares(scoring.scores(state), 6.0)

    def move_prior(self, state: MedinaState, seat: int, moves: Sequence[Move]) -> list[float]:
        """The points a move gains at once (a palace roofed, a merchant or wall beside one)."""
        return gain_prior(self, state, seat, moves, scoring.scores)

    def result(self, state: MedinaState) -> Result | None:
        return scoring.result(state)

    def view(self, state: MedinaState, seat: int | None) -> dict[str, Any]:
        """The table as everyone sees it; with a seat, also that seat's own screen (``screen``).

        Never another seat's supply: the public part holds the board, the rooftops still to
        place (they stand in the open), the tiles held, tea tiles and the running scores.
        """
        geo = state.geo
        colours = state.colours
        s = scan(state)
        open_ids = {pid for pid in s.open if pid >= 0}
        palaces = []
        for pid, palace in enumerate(state.palaces):
            owner = palace.owner
            palaces.append({
                "id": pid,
                "colour": colours[palace.colour],
                "buildings": [_xy(geo, i) for i in palace.buildings],
                "stables": [_xy(geo, i) for i in palace.stables],
                "owner": "neutral" if owner == NEUTRAL_OWNER else owner,
                "roof": None if palace.roof is None else _xy(geo, palace.roof),
                "size": palace.size,
                "points": scoring.palace_points(state, palace) if owner is not None and owner >= 0 else None,
                "status": "roofed" if owner is not None else "open" if pid in open_ids else "stuck",
            })
        line = state.active_line
        ends = [] if not line else [_xy(geo, line[0])] + ([_xy(geo, line[-1])] if len(line) > 1 else [])
        walls = []
        for arm, length in enumerate(state.arms):
            for cell in geo.arm_cells[arm][:length]:
                walls.append({"x": cell % geo.gw, "y": cell // geo.gw, "arm": ARM_NAMES[arm],
                              "tower": geo.arm_tower[arm]})
        towers = []
        for number in (1, 2, 3, 4):
            cell = geo.tower_cell[number]
            holder = state.tower_holder[number - 1]
            towers.append({"number": number, "x": cell % geo.gw, "y": cell // geo.gw,
                           "holder": "neutral" if holder == NEUTRAL_OWNER else holder,
                           "merchants": state.tower_merchants[number - 1]})
        tiles = []
        for colour, pid in enumerate(state.palace_tile):
            owner = None if pid is None else state.palaces[pid].owner
            tiles.append({"colour": colours[colour], "value": colour + 1, "palace": pid,
                          "holder": "neutral" if owner == NEUTRAL_OWNER else owner})
        last = None
        if state.last is not None:
            moves = [Move(k, a) for k, a, *_ in state.last["moves"]]
            cells = [_xy(geo, entry[2]) for entry in state.last["moves"] if len(entry) > 2 and entry[2] >= 0]
            last = {"seat": state.last["seat"], "moves": [format_move(state, m) for m in moves],
                    "cells": cells}
        result = self.result(state)
        view: dict[str, Any] = {
            "game": self.name,
            "edition": state.edition,
            "num_players": state.num_players,
            "seat": seat,
            "width": geo.width,
            "height": geo.height,
            "columns": geo.columns,
            "colours": list(state.seat_colours),
            "neutral_colour": state.neutral_colour,
            "building_colours": list(colours),
            "palaces": palaces,
            "merchant_lines": [[_xy(geo, i) for i in ln] for ln in state.lines],
            "active_ends": ends,
            "walls": walls,
            "arms": {name: state.arms[i] for i, name in enumerate(ARM_NAMES)},
            "towers": towers,
            "palace_tiles": tiles,
            "tea": {"module": bool(state.options.get("tea")), "pool": state.tea_pool, "held": list(state.tea)},
            "roofs_left": [sup[ROOF] for sup in state.supply],
            "neutral_roofs_left": [sup[NEUTRAL] for sup in state.supply],
            "scores": scoring.scores(state),
            "closed": [colours[c] for c in BUILDING_KINDS if state.closed[c]],
            "well": None if state.well is None else {
                "x": state.well % geo.gw, "y": state.well // geo.gw,
                "zone": [_xy(geo, i) for i in geo.n8[state.well]],
                "bonus": [_xy(geo, i) for i in state.bonus]},
            "phase": state.phase,
            "to_act": sorted(self.to_act(state)),
            "turn": state.turn,
            "placements_left": state.placements_left if state.phase != OVER else 0,
            "turn_size": state.turn_size,
            "roof_due": bool(state.roof_due and not state.roof_done),
            "last": last,
            "finished": state.phase == OVER,
            "result": None if result is None else {
                "scores": result.scores, "ranks": result.ranks,
                "breakdown": result.detail.get("breakdown"), "tie_break": result.detail.get("tie_break")},
            "decision": None if state.phase == OVER else text_to_json(self.decision(state, state.turn)),
            "options": self.format_options(state.options),
        }
        if seat is not None and 0 <= seat < state.num_players:
            view["screen"] = self.private_view(state, seat)
        return view

    def seat_colours(self, state: MedinaState) -> list[str]:
        return list(state.seat_colours)

    def decision(self, state: MedinaState, seat: int) -> Text | None:
        """What the seat to act must decide, in words (the "your turn" post and the image): the
        start merchant (edition 1), a rooftop that is due, or the pieces it may place now and
        how many placements are left. Built from what every seat can see (supplies are public
        knowledge, rules page §2.2, and worked out here from that public record, not the screen),
        so it tells nobody a secret."""
        if state.phase == OVER or seat != state.turn:
            return None
        if state.phase == START_MERCHANT:
            anywhere = state.options.get("e1_start_merchant_anywhere")
            return Text("medina.decide.start_merchant_anywhere" if anywhere else "medina.decide.start_merchant")
        if roof_due_now(state, seat):
            return Text("medina.decide.roof_due")
        words = []
        # from the public record of the seat's pieces (equal to its screen, which is not read)
        public = replace(state, supply=[rules.public_supply(state, s) if s == seat else state.supply[s]
                                        for s in range(state.num_players)], _scan=state._scan, _legal={})
        kinds = {m.kind for m in placements(public, seat)}
        if kinds & set(BUILDING_KINDS):
            words.append("building")
        words += [word for kind, word in zip((ROOF, NEUTRAL, STABLE, MERCHANT, WALL), _PIECE_WORDS) if kind in kinds]
        pieces = _or_list([Text(f"medina.decide.piece.{word}") for word in words])
        left = str(state.placements_left) if state.placements_left == state.turn_size else "left"
        if left not in ("1", "2"):
            left = "left"
        if state.roof_due and not state.roof_done:
            return Text(f"medina.decide.place_roof_due.{left}", pieces=pieces)
        if tea_allowed(state, seat):
            return Text(f"medina.decide.place_tea.{left}", pieces=pieces)
        return Text(f"medina.decide.place.{left}", pieces=pieces)

    def private_view(self, state: MedinaState, seat: int) -> dict[str, Any]:
        """``seat``'s screen: every piece type with its count, the closed colours, and which of
        its pieces it could place on the board now (whoever's turn it is)."""
        colours = state.colours
        sup = state.supply[seat]
        pieces: dict[str, int] = {colours[c]: sup[c] for c in BUILDING_KINDS}
        has_neutral = initial_supply(state.edition, state.num_players)[NEUTRAL] > 0
        for kind, word in zip(range(ROOF, WALL + 1), _PIECE_WORDS):
            if kind == NEUTRAL and not has_neutral:
                continue
            pieces[word] = sup[kind]
        private: dict[str, Any] = {
            "seat": seat,
            "colour": state.seat_colours[seat],
            "edition": state.edition,
            "pieces": pieces,
            "closed": [colours[c] for c in BUILDING_KINDS if state.closed[c]],
            "placeable": self._placeable(state, seat),
        }
        if state.phase == START_MERCHANT:
            # Edition 1 (§5.1): nobody places from a screen until the start player has placed the
            # extra start merchant, so the screen says that instead of a list of pieces.
            private["start_merchant"] = {"seat": state.turn, "you": seat == state.turn,
                                         "anywhere": bool(state.options.get("e1_start_merchant_anywhere"))}
        if state.options.get("tea"):
            private["tea"] = state.tea[seat]
        return private

    def _placeable(self, state: MedinaState, seat: int) -> list[str]:
        """The pieces of ``seat``'s screen that could go on the board now, whoever's turn it is;
        none while the edition-1 start merchant (not a screen piece) is still to be placed."""
        if state.phase == START_MERCHANT:
            return []
        kinds = sorted({m.kind for m in placements(state, seat, restrict=False)})
        return [state.colours[k] if k in BUILDING_KINDS else _PIECE_WORDS[k - ROOF] for k in kinds]

    def describe_private(self, private: dict[str, Any], lang: str = "en") -> str:
        """The screen in words (a DM or ``/hand``)."""
        def name(word: str) -> str:
            return translate(f"medina.piece.{word}", lang)

        colour = translate(f"medina.colour.{private['colour']}", lang)
        pieces = private["pieces"]
        buildings = [w for w in pieces if w not in _PIECE_WORDS]
        lines = [translate("medina.screen.title", lang, colour=colour)]
        lines.append(translate("medina.screen.buildings", lang, list=" · ".join(
            f"{translate(f'medina.colour.{w}', lang)} {pieces[w]}" for w in buildings)))
        others = [f"{name(w)} {pieces[w]}" for w in _PIECE_WORDS if w in pieces]
        if "tea" in private:
            others.append(f"{name('tea')} {private['tea']}")
        lines.append(translate("medina.screen.others", lang, list=" · ".join(others)))
        closed = private.get("closed") or []
        if closed:
            key = "medina.screen.closed_removed" if private.get("edition") == 2 else "medina.screen.closed"
            lines.append(translate(key, lang, colours=", ".join(translate(f"medina.colour.{c}", lang)
                                                                for c in closed)))
        else:
            lines.append(translate("medina.screen.none_closed", lang))
        placeable = private.get("placeable") or []
        start = private.get("start_merchant")
        if start:
            key = "medina.screen.start_merchant_wait"
            if start.get("you"):
                key = "medina.screen.start_merchant_anywhere" if start.get("anywhere") else "medina.screen.start_merchant_you"
            lines.append(translate(key, lang, seat=start.get("seat")))
        elif placeable:
            lines.append(translate("medina.screen.placeable", lang, pieces=", ".join(
                translate(f"medina.colour.{w}", lang) if w in buildings else name(w) for w in placeable)))
        else:
            lines.append(translate("medina.screen.nothing", lang))
        return "\n".join(lines)

    def determinize(self, state: MedinaState, seat: int, rng: Rng) -> MedinaState:
        """A state for ``seat``'s AI search that does not read any other seat's screen.

        Nothing needs resampling in Medina: every supply starts identical and known, every
        placement is public and made by a known seat, the merchants taken from tower tiles and
        the colours closed are public, so every screen's counts are fully deducible from public
        information (rules page §2.2). This rebuilds each other seat's supply from that public
        record (:func:`games.medina.rules.public_supply`) instead of reading it, so the result
        equals the true state without ever looking behind another screen.
        """
        supply = [list(state.supply[s]) if s == seat else rules.public_supply(state, s)
                  for s in range(state.num_players)]
        if supply == state.supply:
            return state
        return replace(state, supply=supply, _scan=state._scan, _legal={})

    # -- notation -----------------------------------------------------------------------------

    def parse_move(self, state: MedinaState, text: str, seat: int | None = None) -> Move:
        return parse_move(state, text, seat)

    def format_move(self, state: MedinaState, move: Move) -> str:
        return format_move(state, move)

    def describe_move(self, state: MedinaState, move: Move, lang: str = "en") -> str:
        geo = state.geo
        kind = move.kind
        if kind == TEA:
            return translate("medina.move.tea", lang)
        if kind == WALL:
            return translate("medina.move.wall", lang, arm=ARM_NAMES[move.at])
        cell = geo.names.get(move.at, "?")
        if state.phase == START_MERCHANT:
            return translate("medina.move.start_merchant", lang, cell=cell)
        if kind in BUILDING_KINDS:
            return translate("medina.move.building", lang, cell=cell,
                             colour=Text(f"medina.colour.{state.colours[kind]}"))
        if kind in (ROOF, NEUTRAL):
            pid = state.aux[move.at] if state.kind[move.at] == BUILDING else -1
            if pid < 0:
                return format_move(state, move)
            key = "medina.move.roof" if kind == ROOF else "medina.move.neutral"
            colour = state.colours[state.palaces[pid].colour]
            return translate(key, lang, cell=cell, colour=Text(f"medina.colour.{colour}"))
        return translate(f"medina.move.{_PIECE_WORDS[kind - ROOF]}", lang, cell=cell)

    # -- storage ------------------------------------------------------------------------------

    def state_to_json(self, state: MedinaState) -> dict[str, Any]:
        """Everything except the board lists, which :func:`~games.medina.state.rebuild` derives.
        Cells are written as their names (``"F7"``)."""
        names = state.geo.names

        def cells(seq) -> list[str]:
            return [names[i] for i in seq]

        return {
            "num_players": state.num_players,
            "options": dict(state.options),
            "edition": state.edition,
            "palaces": [{"colour": p.colour, "buildings": cells(p.buildings), "stables": cells(p.stables),
                         "owner": p.owner, "roof": None if p.roof is None else names[p.roof],
                         "roofed_at": p.roofed_at, "used": p.used} for p in state.palaces],
            "lines": [cells(line) for line in state.lines],
            "arms": list(state.arms),
            "well": None if state.well is None else names[state.well],
            "supply": [list(s) for s in state.supply],
            "placed": [list(p) for p in state.placed],
            "gained": list(state.gained),
            "tea": list(state.tea),
            "tea_pool": state.tea_pool,
            "tower_holder": list(state.tower_holder),
            "tower_merchants": list(state.tower_merchants),
            "palace_tile": list(state.palace_tile),
            "closed": list(state.closed),
            "phase": state.phase,
            "turn": state.turn,
            "turns_played": state.turns_played,
            "turn_size": state.turn_size,
            "placements_left": state.placements_left,
            "tea_this_turn": state.tea_this_turn,
            "roof_due": state.roof_due,
            "roof_done": state.roof_done,
            "counter": state.counter,
            "last": None if state.last is None else {
                "seat": state.last["seat"], "turn": state.last["turn"],
                "moves": [list(m) for m in state.last["moves"]]},
            "ply": state.ply,
            "rng": state.rng,
        }

    def state_from_json(self, data: Mapping[str, Any]) -> MedinaState:
        options = self.resolve_options(data["options"])
        edition = int(data["edition"])
        num_players = int(data["num_players"])
        geo = side(edition, num_players)
        by_name = geo.by_name

        def cells(seq) -> tuple[int, ...]:
            return tuple(by_name[str(name).upper()] for name in seq)

        palaces = [Palace(int(p["colour"]), cells(p["buildings"]), cells(p["stables"]),
                          None if p["owner"] is None else int(p["owner"]),
                          None if p["roof"] is None else by_name[str(p["roof"]).upper()],
                          None if p["roofed_at"] is None else int(p["roofed_at"]), int(p["used"]))
                   for p in data["palaces"]]
        last = data.get("last")
        state = MedinaState(
            num_players=num_players, options=options, edition=edition, geo=geo,
            kind=[], aux=[], near=[], b4=[], mcount=[],
            palaces=palaces, lines=[cells(line) for line in data["lines"]],
            arms=[int(a) for a in data["arms"]],
            well=None if data["well"] is None else by_name[str(data["well"]).upper()],
            blocked=frozenset(), bonus=(),
            supply=[[int(v) for v in s] for s in data["supply"]],
            placed=[[int(v) for v in p] for p in data["placed"]],
            gained=[int(v) for v in data["gained"]],
            tea=[int(v) for v in data["tea"]], tea_pool=int(data["tea_pool"]),
            tower_holder=[None if h is None else int(h) for h in data["tower_holder"]],
            tower_merchants=[int(v) for v in data["tower_merchants"]],
            palace_tile=[None if p is None else int(p) for p in data["palace_tile"]],
            closed=[bool(c) for c in data["closed"]],
            phase=str(data["phase"]), turn=int(data["turn"]), turns_played=int(data["turns_played"]),
            turn_size=int(data["turn_size"]), placements_left=int(data["placements_left"]),
            tea_this_turn=bool(data["tea_this_turn"]), roof_due=bool(data["roof_due"]),
            roof_done=bool(data["roof_done"]), counter=int(data["counter"]),
            last=None if last is None else {"seat": int(last["seat"]), "turn": int(last["turn"]),
                                            "moves": [[int(v) for v in m] for m in last["moves"]]},
            ply=int(data["ply"]), rng=int(data["rng"]),
        )
        if state.phase not in (START_MERCHANT, PLAY, OVER):
            raise ValueError(f"unknown Medina phase {state.phase!r}")
        rebuild(state)
        return state


def _event(state: MedinaState, key: str, params: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """Event keys that name a colour or a possibly neutral owner get their final form here."""
    if key == "medina.event.palace_tile":
        colour = state.colours[params["colour"]]
        if params["owner"] == NEUTRAL_OWNER:
            return f"medina.event.palace_tile_neutral.{colour}", {"size": params["size"]}
        return f"medina.event.palace_tile.{colour}", {"seat": params["owner"], "size": params["size"]}
    if key == "medina.event.tower_tile":
        if params["owner"] == NEUTRAL_OWNER:
            return "medina.event.tower_tile_neutral", {"tower": params["tower"]}
        return key, {"seat": params["owner"], "tower": params["tower"]}
    if key == "medina.event.closed":
        return f"medina.event.closed.{state.colours[params['colour']]}", {}
    return key, params


GAME = register(Medina())
