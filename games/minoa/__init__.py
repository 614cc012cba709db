"""Minoa (Dieter Stein): claim triangles of a hexagonal board with black sticks and rim pieces.

The rules are in :mod:`games.minoa.rules`, the board in :mod:`games.minoa.board`, the notation in
:mod:`games.minoa.notation`; this module binds them to the engine contract and registers the game.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from games.core import Event, Game, Option, Result, competition_ranks, gain_prior, margin_shares
from games.errors import IllegalMove, MalformedMove
from games.messages import Text, register_messages, text_to_json, translate
from games.minoa import rules
from games.minoa.board import IS_RIM, LINE_TRIANGLES
from games.minoa.messages import MESSAGES, RULES_HELP
from games.minoa.notation import PASS_WORDS, format_line, normal, parse_line, shown
from games.minoa.rules import COLOURS, TEAMS, MinoaState, Move
from games.registry import register

register_messages(MESSAGES)

__all__ = ["GAME", "Minoa", "MinoaState", "Move"]


class Minoa(Game[MinoaState, Move]):
    name = "minoa"
    titles: ClassVar[Mapping[str, str]] = {"en": "Minoa", "ja": "ミノア"}
    min_players = 2
    max_players = 4
    options = (
        Option("advanced", "bool", False, {k: translate("minoa.option.advanced", k) for k in ("en", "ja")}),
        Option("legality", "choice", rules.RIM_REACH,
               {k: translate("minoa.option.legality", k) for k in ("en", "ja")},
               choices=(rules.RIM_REACH, rules.COLOURED_RIM)),
        Option("team_colours", "choice", "separate",
               {k: translate("minoa.option.team_colours", k) for k in ("en", "ja")},
               choices=("separate", "merged")),
    )
    rules_help = RULES_HELP

    def setup(self, num_players: int, options: Mapping[str, Any], seed: int) -> MinoaState:
        return rules.setup(num_players, dict(options), seed)

    def num_players(self, state: MinoaState) -> int:
        return state.num_players

    def to_act(self, state: MinoaState) -> frozenset[int]:
        return frozenset() if state.finished else frozenset((state.turn,))

    def legal_moves(self, state: MinoaState, seat: int) -> list[Move]:
        return [Move(line) for line in rules.legal_lines(state, seat)]

    def is_legal(self, state: MinoaState, seat: int, move: Move) -> bool:
        return (not state.finished and seat == state.turn and 0 <= move.line < len(IS_RIM)
                and rules.refusal(state, seat, move.line) is None)

    def play(self, state: MinoaState, seat: int, move: Move) -> tuple[MinoaState, list[Event]]:
        if not isinstance(move, Move) or not 0 <= move.line < len(IS_RIM):
            raise MalformedMove(text=str(move), reason=Text("minoa.reason.format"))
        why = rules.refusal(state, seat, move.line)
        if why is not None:
            raise IllegalMove(text=format_line(move.line), reason=Text(why[0], **why[1]))
        after, happened = rules.place(state, seat, move.line)
        return after, [Event(key, params) for key, params in happened]

    # -- information --------------------------------------------------------------------------

    def scores(self, state: MinoaState) -> list[int]:
        return rules.territory(state)

    # -- AI search ----------------------------------------------------------------------------

    #: A Minoa playout runs this far, then the claimed triangles score it.
    ai_playout_plies = 10

    def _lead_values(self, state: MinoaState) -> list[int]:
        """What a seat plays for: its triangles, or its team's in a four-player game (§9)."""
        scores = rules.territory(state)
        if state.num_players == 4:
            teams = rules.team_totals(scores)
            return [teams[0 if seat in TEAMS[0] else 1] for seat in range(4)]
        return scores

    def evaluate(self, state: MinoaState) -> list[float]:
        """The lead in claimed triangles (a team's in four-player games), 8 triangles a step."""
        return margin_shares(self._lead_values(state), 8.0)

    def move_prior(self, state: MinoaState, seat: int, moves: Sequence[Move]) -> list[float]:
        """The triangles a move claims at once, less what it hands a rival."""
        return gain_prior(self, state, seat, moves, self._lead_values)

    def result(self, state: MinoaState) -> Result | None:
        """Final scores and ranks, with what the final image needs in ``detail``.

        ``detail``: ``ended_by``; ``regions`` (claimed regions per seat, the breakdown beside the
        triangles); ``outcome``: ``win`` (one seat first), ``shared_win`` (2-3 players, some but
        not all seats tie for first: they share the win), ``draw`` (every seat ties), and in
        four-player games ``team_win`` / ``team_draw``; ``winning_team`` (index into ``teams``,
        4 players, ``None`` on a draw). The rules know no tie-break (§8: 48-48 is a draw), so
        ``tie_break`` is always ``None``: tied seats share their rank.
        """
        if not state.finished:
            return None
        scores = rules.territory(state)
        regions = [0] * state.num_players
        for _, owner in rules.claimed_regions(state):
            if owner is not None:
                regions[owner] += 1
        detail: dict[str, Any] = {"ended_by": state.ended_by, "regions": regions, "tie_break": None}
        if state.num_players == 4:
            # §9: partners' scores are added; both partners share the team's rank, so a team tie
            # ranks all four seats first: a draw, not four winners.
            teams = rules.team_totals(scores)
            team_ranks = competition_ranks(teams)
            ranks = [team_ranks[0 if seat in TEAMS[0] else 1] for seat in range(4)]
            detail["teams"] = [list(t) for t in TEAMS]
            detail["team_scores"] = teams
            if teams[0] == teams[1]:
                detail["outcome"], detail["winning_team"] = "team_draw", None
            else:
                detail["outcome"], detail["winning_team"] = "team_win", 0 if teams[0] > teams[1] else 1
        else:
            ranks = competition_ranks(scores)
            first = ranks.count(1)
            detail["outcome"] = "win" if first == 1 else "draw" if first == len(ranks) else "shared_win"
        return Result(scores=scores, ranks=ranks, detail=detail)

    def decision(self, state: MinoaState, seat: int) -> Text | None:
        """What the seat to move must do: a rim piece or a black stick, or only one of them."""
        if state.finished or seat != state.turn:
            return None
        pieces = state.pieces_left[seat]
        blacks = bool(rules.black_options(state))
        if pieces and blacks:
            return Text("minoa.decide.either", pieces=pieces, black=state.black_supply)
        if pieces:
            if state.black_supply <= 0:
                return Text("minoa.decide.piece_no_black", pieces=pieces)
            return Text("minoa.decide.piece_only", pieces=pieces)
        return Text("minoa.decide.black_only", black=state.black_supply)

    def seat_colours(self, state: MinoaState) -> list[str]:
        return list(COLOURS[: state.num_players])

    def view(self, state: MinoaState, seat: int | None) -> dict[str, Any]:
        """Everything in Minoa is on the table, so every seat and spectators see the same.

        Besides the board: ``decision`` (what the seat to move must place, a stored
        :class:`~games.messages.Text`, ``None`` at the end), ``regions_claimed`` per seat, and
        once finished ``result`` with the scores, ranks and :meth:`result`'s detail (``outcome``,
        ``regions``, ``team_scores``, ``winning_team``, ``tie_break``) for the final image.
        """
        regions = []
        scores = [0] * state.num_players
        for region, owner in rules.claimed_regions(state):
            if owner is not None:
                status = "claimed"
                scores[owner] += len(region.triangles)
            elif region.rim_lines and all(state.lines[l] >= rules.COLOUR for l in region.rim_lines):
                status = "mixed"
            else:
                status = "open"
            regions.append({"triangles": region.triangles, "owner": owner, "status": status})
        result = self.result(state)
        last = None
        if state.last is not None:
            last = {"seat": state.last["seat"], "lines": list(state.last["lines"]),
                    "notation": format_line(state.last["lines"][0]), "autofill": state.last["autofill"]}
        claimed = [0] * state.num_players
        for region in regions:
            if region["owner"] is not None:
                claimed[region["owner"]] += 1
        return {
            "game": self.name,
            "num_players": state.num_players,
            "seat": seat,
            "colours": list(COLOURS[: state.num_players]),
            "teams": [list(t) for t in TEAMS] if state.num_players == 4 else None,
            "lines": [None if v == rules.EMPTY else "black" if v == rules.BLACK else v - rules.COLOUR
                      for v in state.lines],
            "black_supply": state.black_supply,
            "pieces_left": list(state.pieces_left),
            "regions": regions,
            "scores": scores,
            "regions_claimed": claimed,
            "team_scores": rules.team_totals(scores) if state.num_players == 4 else None,
            "to_act": sorted(self.to_act(state)),
            "last": last,
            "finished": state.finished,
            "ended_by": state.ended_by,
            "decision": None if state.finished else text_to_json(self.decision(state, state.turn)),
            "result": None if result is None else {"scores": result.scores, "ranks": result.ranks,
                                                   **{k: v for k, v in result.detail.items() if k != "teams"}},
            "options": self.format_options(state.options),
        }

    # -- notation -----------------------------------------------------------------------------

    def parse_move(self, state: MinoaState, text: str, seat: int | None = None) -> Move:
        """Read ``text`` (``e4-e5``). Raises ``MalformedMove`` for anything outside the notation,
        hostile text included (see :func:`games.minoa.notation.normal`), and ``IllegalMove`` for
        ``pass``."""
        if normal(text) in PASS_WORDS:
            # §6.3: passing is automatic, so it is never a move a player chooses.
            raise IllegalMove(text=shown(str(text)), reason=Text("minoa.reason.no_pass"))
        return Move(parse_line(text))

    def format_move(self, state: MinoaState, move: Move) -> str:
        return format_line(move.line)

    def describe_move(self, state: MinoaState, move: Move, lang: str = "en") -> str:
        line = format_line(move.line)
        if IS_RIM[move.line]:
            colour = translate(f"minoa.colour.{COLOURS[state.turn]}", lang)
            return translate("minoa.move.piece", lang, colour=colour, line=line)
        return translate("minoa.move.black", lang, line=line)

    # -- storage ------------------------------------------------------------------------------

    def state_to_json(self, state: MinoaState) -> dict[str, Any]:
        return {
            "num_players": state.num_players,
            "options": dict(state.options),
            "lines": list(state.lines),
            "black_supply": state.black_supply,
            "pieces_left": list(state.pieces_left),
            "turn": state.turn,
            "finished": state.finished,
            "ended_by": state.ended_by,
            "last": None if state.last is None else dict(state.last, lines=list(state.last["lines"])),
            "ply": state.ply,
            "rng": state.rng,
        }

    def state_from_json(self, data: Mapping[str, Any]) -> MinoaState:
        lines = [int(v) for v in data["lines"]]
        if len(lines) != len(LINE_TRIANGLES):
            raise ValueError("a Minoa state has 156 lines")
        last = data.get("last")
        return MinoaState(
            num_players=int(data["num_players"]),
            options=self.resolve_options(data["options"]),
            lines=lines,
            black_supply=int(data["black_supply"]),
            pieces_left=[int(v) for v in data["pieces_left"]],
            turn=int(data["turn"]),
            finished=bool(data["finished"]),
            ended_by=data.get("ended_by"),
            last=None if last is None else {"seat": int(last["seat"]), "lines": [int(v) for v in last["lines"]],
                                             "autofill": last.get("autofill")},
            ply=int(data["ply"]),
            rng=int(data["rng"]),
        )


GAME = register(Minoa())
