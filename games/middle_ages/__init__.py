"""Middle Ages (Marc André, Studio H 2024): draft tiles from a four-row market into an eight-estate
fief over 16 rounds; the richest lord wins.

The modules follow the rules page (``shared/rules/middle_ages.md``): :mod:`~games.middle_ages.data`
the estates and the data files of the project's own tiles and events (§3),
:mod:`~games.middle_ages.state` the state (§3.4, §3.5), :mod:`~games.middle_ages.market` the rows,
piles, lords and scouts (§4, §5, §6.1, §7), :mod:`~games.middle_ages.estates` effects and income
(§6), :mod:`~games.middle_ages.events` the event cards, :mod:`~games.middle_ages.scoring` the end
(§8), :mod:`~games.middle_ages.rules` the turn flow (§5, §9) and
:mod:`~games.middle_ages.notation` the notation. This module binds them to the engine contract.

Everything is on the table (coins are public, §3.4), so every seat sees the same view; the only
unknown is the order of the face-down piles, which nobody sees. :meth:`MiddleAges.determinize`
therefore reshuffles the piles so that AI search does not plan with the future draw.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from games.core import Event, Game, Option, Result, gain_prior, margin_shares
from games.errors import IllegalMove, MalformedMove
from games.messages import Text, register_messages, text_to_json, translate
from games.middle_ages import estates, market, rules, scoring
from games.middle_ages.data import ESTATES, EVENTS, TILES
from games.middle_ages.messages import MESSAGES, RULES_HELP
from games.middle_ages.notation import format_move, parse_move, shown
from games.middle_ages.state import (
    COLOURS,
    LAST_REFILL_ROUND,
    OVER,
    PLACE,
    ROUNDS,
    MiddleAgesState,
    Move,
    clone,
    from_json,
    to_json,
)
from games.registry import register
from games.rng import Rng

register_messages(MESSAGES)

__all__ = ["GAME", "MiddleAges", "MiddleAgesState", "Move"]


def _help(key: str) -> dict[str, str]:
    return {lang: translate(f"middle_ages.option.{key}", lang) for lang in ("en", "ja")}


def tile_json(tile_id: int | None) -> dict[str, Any] | None:
    """A tile as the view shows it (everything printed on it is public)."""
    if tile_id is None:
        return None
    tile = TILES[tile_id]
    return {"id": tile.id, "number": tile.number, "deck": tile.deck, "estate": ESTATES[tile.estate],
            "farmers": tile.farmers, "chests": tile.chests}


class MiddleAges(Game[MiddleAgesState, Move]):
    name = "middle_ages"
    titles: ClassVar[Mapping[str, str]] = {"en": "Middle Ages", "ja": "ミドルエイジス"}
    min_players = 2
    max_players = 5
    options = (
        Option("barracks_loss", "choice", "latest", _help("barracks_loss"), choices=("latest", "victim")),
        Option("plot_tokens", "choice", "free", _help("plot_tokens"), choices=("free", "one_per_type")),
        Option("token_slots", "int", 1, _help("token_slots"), minimum=1, maximum=3),
    )
    hidden_information = False
    rules_help = RULES_HELP

    def setup(self, num_players: int, options: Mapping[str, Any], seed: int) -> MiddleAgesState:
        return rules.setup(num_players, dict(options), seed)

    def num_players(self, state: MiddleAgesState) -> int:
        return state.num_players

    def to_act(self, state: MiddleAgesState) -> frozenset[int]:
        seat = rules.acting_seat(state)
        return frozenset() if seat is None else frozenset((seat,))

    def legal_moves(self, state: MiddleAgesState, seat: int) -> list[Move]:
        return rules.legal_moves(state, seat)

    def is_legal(self, state: MiddleAgesState, seat: int, move: Move) -> bool:
        return (isinstance(move, Move) and rules.acting_seat(state) == seat
                and rules.refusal(state, seat, move) is None)

    def play(self, state: MiddleAgesState, seat: int, move: Move) -> tuple[MiddleAgesState, list[Event]]:
        if not isinstance(move, Move) or move.kind not in rules.DECISION_WORDS + (rules.GO,):
            raise MalformedMove(text=shown(repr(move)), reason=Text("middle_ages.reason.format"))
        why = rules.refusal(state, seat, move)
        if why is not None:
            raise IllegalMove(text=format_move(move), reason=Text(why[0], **why[1]))
        after, happened = rules.apply_move(state, seat, move)
        return after, [Event(key, params) for key, params in happened]

    # -- information --------------------------------------------------------------------------

    def decision(self, state: MiddleAgesState, seat: int) -> Text | None:
        """What ``seat`` must decide now, in words (everything is public: no secret to keep)."""
        if rules.acting_seat(state) != seat:
            return None
        if not state.pending:
            if state.phase == PLACE:
                return Text("middle_ages.decide.place")
            return Text("middle_ages.decide.go", row=market.next_row(state.round) + 1)
        pending = state.pending[0]
        if pending["kind"] == "lose":
            return Text("middle_ages.decide.lose", estate=Text(f"middle_ages.estate.{ESTATES[pending['estate']]}"))
        return Text(f"middle_ages.decide.{pending['kind']}")

    def seat_colours(self, state: MiddleAgesState) -> list[str]:
        return list(COLOURS[: state.num_players])

    def scores(self, state: MiddleAgesState) -> list[int]:
        return scoring.scores(state)

    # -- AI search ----------------------------------------------------------------------------

    #: Middle Ages playouts run to the end (a 2-player game is about 47 plies; the margin still
    #: counts): the running score, cut at 12 plies, undervalues what an estate pays at the end.
    #: 2-player games of ``normal`` (n = 30 each, bench.ai_strength seeds): against the old MCTS at
    #: 4x its budget, cut at 12 plies won 0.27, to the end 0.47; against greedy 0.93 and 1.00.
    ai_playout_plies = 1_000

    def evaluate(self, state: MiddleAgesState) -> list[float]:
        """The lead in coins less the empty-estate penalty as if the game ended now (§8), 10 a step."""
        return margin_shares(scoring.scores(state), 10.0)

    def move_prior(self, state: MiddleAgesState, seat: int, moves: Sequence[Move]) -> list[float]:
        """The coins a move gains at once, an estate's first tile lifting its penalty included."""
        return gain_prior(self, state, seat, moves, scoring.scores)

    def result(self, state: MiddleAgesState) -> Result | None:
        return scoring.result(state) if state.phase == OVER else None

    def view(self, state: MiddleAgesState, seat: int | None) -> dict[str, Any]:
        """The whole table; the same for every seat (nothing is secret, the piles' order is
        unknown to all and left out). ``pending`` is the decision an effect is waiting for (its
        kind, seat, and for ``lose`` the estate), ``decision`` what the acting seat must decide in
        words (``games.messages.text_to_json``), each player's ``penalty`` the end penalty if the
        game ended now (a preview), and at the end ``result`` carries the breakdown (coins,
        empty estates, penalties) and ``ties``: each tied score and the estate that decided it."""
        n = state.num_players
        result = self.result(state)
        players = []
        for p in range(n):
            income = [estates.income(state, p, e)[0] for e in range(len(ESTATES))]
            farmers, chests = estates.icons(state, p)
            players.append({
                "coins": state.coins[p],
                "score": scoring.score(state, p),
                "penalty": scoring.penalty(state, p),
                "estates": [[tile_json(t) for t in column] for column in state.estates[p]],
                "counts": [len(column) for column in state.estates[p]],
                "graveyard": [tile_json(t) for t in state.graveyards[p]],
                "coin_tokens": list(state.coin_tokens[p]),
                "plot_tokens": [[ESTATES[k] for k in col] for col in state.plot_tokens[p]],
                "income": income,
                "farmers": farmers,
                "chests": chests,
                "lord": None if state.lords[p] is None else list(state.lords[p]),
                "scout": None if state.scouts[p] is None else list(state.scouts[p]),
            })
        rows = []
        for r, row in enumerate(state.rows):
            rows.append([{"tile": tile_json(t), "lord": market.lord_at(state, r, c),
                          "scout": market.scout_at(state, r, c)} for c, t in enumerate(row)])
        waiting = rules.acting_seat(state)
        pending = dict(state.pending[0]) if state.pending else None
        decision = None if waiting is None else self.decision(state, waiting)
        return {
            "game": self.name,
            "num_players": n,
            "seat": seat,
            "colours": list(COLOURS[:n]),
            "estates": list(ESTATES),
            "round": state.round,
            "rounds": ROUNDS,
            "phase": state.phase,
            "current_row": None if state.round == 0 or state.phase == OVER else market.current_row(state.round),
            "next_row": None if state.phase == OVER or state.round >= ROUNDS else market.next_row(state.round),
            "refills": state.round < LAST_REFILL_ROUND,
            "rows": rows,
            "order": list(state.order),
            "turn": state.turn,
            "placing": state.phase == PLACE,
            "taken": [tile_json(t) for t in state.taken],
            "players": players,
            "coin_supply": state.coin_supply,
            "plot_supply": state.plot_supply,
            "plot_types_used": [ESTATES[k] for k in state.plot_types_used],
            "piles": {"draw": len(state.draw), "orange": len(state.orange), "discard": len(state.discard)},
            "events": [{"id": EVENTS[c].id, "index": i, "resolved": i < state.events_done,
                        "ops": [dict(op) for op in EVENTS[c].ops]} for i, c in enumerate(state.events)],
            "events_done": state.events_done,
            "pending": pending,
            "decision": None if decision is None else text_to_json(decision),
            "to_act": [] if waiting is None else [waiting],
            "last": None if state.last is None else dict(state.last),
            "scores": scoring.scores(state),
            "finished": state.phase == OVER,
            "result": None if result is None else {"scores": result.scores, "ranks": result.ranks,
                                                   **{k: v for k, v in result.detail.items()}},
            "options": self.format_options(state.options),
        }

    def determinize(self, state: MiddleAgesState, seat: int, rng: Rng) -> MiddleAgesState:
        """The same table with the face-down piles reshuffled (their order is nobody's knowledge)
        and a fresh generator for later reshuffles, drawn from the AI's own ``rng``."""
        s = clone(state)
        rng.shuffle(s.draw)
        rng.shuffle(s.orange)
        s.rng = rng.next_u64()
        return s

    # -- notation -----------------------------------------------------------------------------

    def parse_move(self, state: MiddleAgesState, text: str, seat: int | None = None) -> Move:
        return parse_move(text)

    def format_move(self, state: MiddleAgesState, move: Move) -> str:
        return format_move(move)

    def describe_move(self, state: MiddleAgesState, move: Move, lang: str = "en") -> str:
        """The move in words (state before the move); the notation if it is not legal."""
        seat = rules.acting_seat(state)
        if seat is None or not self.is_legal(state, seat, move):
            return format_move(move)
        name = lambda e: Text(f"middle_ages.estate.{ESTATES[e]}")
        if move.kind == rules.GO:
            if state.phase == PLACE:
                tile = TILES[state.rows[0][move.a - 1]]
                return translate("middle_ages.move.place", lang, col=move.a, estate=name(tile.estate),
                                 number=tile.number)
            here = state.lords[seat]
            tile = TILES[state.rows[here[0]][here[1]]]
            return translate("middle_ages.move.go", lang, row=market.next_row(state.round) + 1, col=move.a,
                             estate=name(tile.estate), number=tile.number)
        if move.kind == "revive":
            tile = TILES[state.graveyards[seat][move.a - 1]]
            return translate("middle_ages.move.revive", lang, estate=name(tile.estate), number=tile.number)
        if move.kind == "scout":
            return translate("middle_ages.move.scout", lang, row=move.a, col=move.b)
        if move.kind == "coin":
            return translate("middle_ages.move.coin", lang, estate=name(move.a))
        if move.kind == "plot":
            return translate("middle_ages.move.plot", lang, kind=name(move.a), estate=name(move.b))
        estate = state.pending[0]["estate"]
        tile = TILES[state.estates[seat][estate][move.a - 1]]
        return translate("middle_ages.move.lose", lang, estate=name(estate), number=tile.number)

    # -- storage ------------------------------------------------------------------------------

    def state_to_json(self, state: MiddleAgesState) -> dict[str, Any]:
        return to_json(state, self.format_options(state.options))

    def state_from_json(self, data: Mapping[str, Any]) -> MiddleAgesState:
        return from_json(data, self.resolve_options(data["options"]))


GAME = register(MiddleAges())
