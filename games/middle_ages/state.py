"""The Middle Ages state (rules page §3.4, §3.5) and the move type.

Everything is plain data (ints, lists, dicts), so a state serialises to JSON without loss and
copies cheaply: :func:`clone` copies the nested lists by hand, which is what ``apply`` needs.

Positions are 0-based ``[row, column]`` inside the engine; the notation is 1-based.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, NamedTuple

#: Phases: lords being placed on row 1 (setup), a lord to move, a decision pending, game over.
PLACE, MOVE, DECIDE, OVER = "place", "move", "decide", "over"
ROUNDS = 16
ROWS = 4
#: §5.2: rows are refilled after rounds 1..12; events resolve after rounds 4, 8, 12, 16.
LAST_REFILL_ROUND = 12
EVENT_ROUNDS = (4, 8, 12, 16)
#: §2: the shared supplies of tokens.
TOKEN_SUPPLY = 8
#: Seat colours (5 players), named as the renderers' palette names them.
COLOURS = ("red", "blue", "yellow", "green", "purple")

# Kinds of pending decisions (§9): who decides, and which notation answers them.
VILLAGE_PICK, SCOUT_TARGET, CHURCH_SLOT, PALACE_TOKEN, LOSE_PICK = "revive", "scout", "coin", "plot", "lose"


class Move(NamedTuple):
    """A move of the notation: ``kind`` is ``go``, ``revive``, ``scout``, ``coin``, ``plot`` or
    ``lose``. ``a``/``b`` are 1-based numbers (column, graveyard or column position, row and
    column) or estate ids (``coin E``: ``a = E``; ``plot X E``: ``a = X``, ``b = E``)."""

    kind: str
    a: int = 0
    b: int = 0


@dataclass
class MiddleAgesState:
    num_players: int
    options: dict[str, Any]
    #: 0 while the lords are placed on row 1 (setup step 6), then 1..16.
    round: int
    phase: str
    #: 4 rows of ``num_players + 1`` slots: a tile id or ``None`` (taken, discarded, not refilled).
    rows: list[list[int | None]]
    lords: list[list[int] | None]
    scouts: list[list[int] | None]
    #: Turn order of this round (or the lord placement order in setup) and whose turn it is.
    order: list[int]
    turn: int
    coins: list[int]
    #: seat -> 8 estates -> tile ids in placement order (the last one is the latest placed).
    estates: list[list[list[int]]]
    graveyards: list[list[int]]
    #: seat -> 8 estates -> extra-coin tokens under that estate.
    coin_tokens: list[list[int]]
    #: seat -> 8 estates -> the estate types the plot tokens under it make it count.
    plot_tokens: list[list[list[int]]]
    coin_supply: int
    plot_supply: int
    #: Types already printed on placed plot tokens (option ``plot_tokens=one_per_type``).
    plot_types_used: list[int]
    draw: list[int]
    orange: list[int]
    discard: list[int]
    #: The 4 event cards (indices into ``data.EVENTS``), left to right; how many are resolved.
    events: list[int]
    events_done: int
    #: Decisions waiting, first one first: ``{"seat": s, "kind": k, ...}``.
    pending: list[dict[str, Any]] = field(default_factory=list)
    #: The estate whose income is paid once the pending decisions of this turn are made.
    income_due: int | None = None
    #: The last decision a player made, for the image: ``{"seat", "notation", "kind", ...}``.
    last: dict[str, Any] | None = None
    #: What each seat did this round (tile taken, estate), for the turn-order strip.
    taken: list[int | None] = field(default_factory=list)
    ply: int = 0
    rng: int = 0


def clone(s: MiddleAgesState) -> MiddleAgesState:
    """A deep copy, written out because ``copy.deepcopy`` is ten times slower."""
    return MiddleAgesState(
        num_players=s.num_players,
        options=s.options,  # never mutated
        round=s.round,
        phase=s.phase,
        rows=[list(r) for r in s.rows],
        lords=[None if p is None else list(p) for p in s.lords],
        scouts=[None if p is None else list(p) for p in s.scouts],
        order=list(s.order),
        turn=s.turn,
        coins=list(s.coins),
        estates=[[list(col) for col in fief] for fief in s.estates],
        graveyards=[list(g) for g in s.graveyards],
        coin_tokens=[list(c) for c in s.coin_tokens],
        plot_tokens=[[list(col) for col in fief] for fief in s.plot_tokens],
        coin_supply=s.coin_supply,
        plot_supply=s.plot_supply,
        plot_types_used=list(s.plot_types_used),
        draw=list(s.draw),
        orange=list(s.orange),
        discard=list(s.discard),
        events=list(s.events),
        events_done=s.events_done,
        pending=[dict(p) for p in s.pending],
        income_due=s.income_due,
        last=None if s.last is None else dict(s.last),
        taken=list(s.taken),
        ply=s.ply,
        rng=s.rng,
    )


_FIELDS = ("num_players", "round", "phase", "rows", "lords", "scouts", "order", "turn", "coins", "estates",
           "graveyards", "coin_tokens", "plot_tokens", "coin_supply", "plot_supply", "plot_types_used",
           "draw", "orange", "discard", "events", "events_done", "pending", "income_due", "last", "taken",
           "ply", "rng")


def to_json(s: MiddleAgesState, formatted_options: Mapping[str, Any]) -> dict[str, Any]:
    data = {name: getattr(clone(s), name) for name in _FIELDS}
    data["options"] = dict(formatted_options)
    return data


def from_json(data: Mapping[str, Any], options: dict[str, Any]) -> MiddleAgesState:
    """The state stored by :func:`to_json`; raises ``KeyError``/``ValueError``/``TypeError`` if
    it is malformed."""
    n = int(data["num_players"])
    opt_int = lambda v: None if v is None else int(v)
    pos = lambda p: None if p is None else [int(p[0]), int(p[1])]
    state = MiddleAgesState(
        num_players=n,
        options=options,
        round=int(data["round"]),
        phase=str(data["phase"]),
        rows=[[opt_int(t) for t in row] for row in data["rows"]],
        lords=[pos(p) for p in data["lords"]],
        scouts=[pos(p) for p in data["scouts"]],
        order=[int(x) for x in data["order"]],
        turn=int(data["turn"]),
        coins=[int(x) for x in data["coins"]],
        estates=[[[int(t) for t in col] for col in fief] for fief in data["estates"]],
        graveyards=[[int(t) for t in g] for g in data["graveyards"]],
        coin_tokens=[[int(x) for x in c] for c in data["coin_tokens"]],
        plot_tokens=[[[int(x) for x in col] for col in fief] for fief in data["plot_tokens"]],
        coin_supply=int(data["coin_supply"]),
        plot_supply=int(data["plot_supply"]),
        plot_types_used=[int(x) for x in data["plot_types_used"]],
        draw=[int(t) for t in data["draw"]],
        orange=[int(t) for t in data["orange"]],
        discard=[int(t) for t in data["discard"]],
        events=[int(x) for x in data["events"]],
        events_done=int(data["events_done"]),
        pending=[dict(p) for p in data.get("pending") or []],
        income_due=opt_int(data.get("income_due")),
        last=None if data.get("last") is None else dict(data["last"]),
        taken=[opt_int(t) for t in data.get("taken") or []],
        ply=int(data["ply"]),
        rng=int(data["rng"]),
    )
    if len(state.rows) != ROWS or any(len(r) != n + 1 for r in state.rows) or len(state.coins) != n:
        raise ValueError("a Middle Ages state has 4 rows of players + 1 slots and one purse per seat")
    return state
