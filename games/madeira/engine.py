"""The task machine that runs Madeira one decision at a time, and the windmill's free actions.

Every multi-step action of the rules (a Commander moving two ships and choosing King's Rewards, a
Guild Master buying wood from a chosen field, ...) is a short sequence of *tasks*. ``state.tasks``
is a stack (the last entry runs next). A task kind either works by itself (rolling dice, paying
income) or asks one seat for one decision: then it becomes ``state.prompt`` and its
``options`` are the legal moves (strings in the notation of :mod:`games.madeira.notation`).

A prompt with a single option is taken automatically only when it is no decision at all: the
kind says so (``forced``), or no windmill action could change the situation. Everything a
player could decide differently is a move.

Windmill actions (rules page §6.3) are free moves of the seat being asked, offered beside the
prompt's options in Phases B, C and D (``mill down`` only in B and C); they leave the prompt as
it is.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games.madeira.data import BOARD
from games.madeira.state import PHASE_B, PHASE_C, PHASE_D, MadeiraState

Task = dict[str, Any]


class Kind:
    """One kind of task. Subclasses registered with :func:`kind` override what they need."""

    name = ""
    #: A single option may be taken without asking, even while windmill actions are open.
    forced = False

    @classmethod
    def run(cls, state: MadeiraState, task: Task) -> None:
        """Default for decisions: skip when nothing can be chosen, take a lone option that is no
        decision, else ask."""
        options = cls.options(state, task)
        if not options:
            cls.empty(state, task)
            return
        if len(options) == 1 and (cls.forced or not free_moves(state, task["s"])):
            cls.decide(state, task, options[0])
            return
        state.prompt = task

    @classmethod
    def options(cls, state: MadeiraState, task: Task) -> list[str]:
        return []

    @classmethod
    def decide(cls, state: MadeiraState, task: Task, move: str) -> None:
        raise NotImplementedError(cls.name)

    @classmethod
    def empty(cls, state: MadeiraState, task: Task) -> None:
        """What happens when the decision has no option at all (default: nothing)."""


KINDS: dict[str, type[Kind]] = {}


def kind(name: str, *, forced: bool = False) -> Callable[[type[Kind]], type[Kind]]:
    def register(cls: type[Kind]) -> type[Kind]:
        cls.name, cls.forced = name, forced
        KINDS[name] = cls
        return cls
    return register


def push(state: MadeiraState, *tasks: Task) -> None:
    """Schedule ``tasks`` to run in the order given, before anything already pending."""
    state.tasks.extend(reversed(tasks))


def advance(state: MadeiraState) -> None:
    """Run tasks until one waits for a decision (or none are left: the game is over)."""
    while state.prompt is None and state.tasks:
        task = state.tasks.pop()
        KINDS[task["t"]].run(state, task)


def emit(state: MadeiraState, key: str, seats: frozenset[int] | None = None, **params: Any) -> None:
    """Record an event of the move being applied (``seats`` limits who may be told)."""
    events = state.__dict__.get("_ev")
    if events is not None:
        events.append((key, params, seats))


def begin_turn(state: MadeiraState, seat: int) -> None:
    """A player's turn starts (each Phase B turn, each Phase C decision, each upkeep step):
    the running wood price and the one-favor-per-turn allowance start afresh (§17.9)."""
    state.turn = seat
    state.bought = 0
    state.favor_used = False
    state.engineer = 0
    state.lord = False
    state.diplomat = False


def roll(state: MadeiraState, count: int) -> list[int]:
    """``count`` dice (faces from the data file) from the state's own generator."""
    from games.rng import Rng

    rng = Rng(state.rng)
    faces = BOARD.start["die_faces"]
    values = [faces[rng.below(len(faces))] for _ in range(count)]
    state.rng = rng.state
    return values


def shuffle(state: MadeiraState, items: list) -> None:
    from games.rng import Rng

    rng = Rng(state.rng)
    rng.shuffle(items)
    state.rng = rng.state


#: Pirate gains only their owner is told of (the seed, §15 C3: pirate points taken instead of
#: paying for a building in Phase C are seen by their owner alone). Upkeep and feeding gains
#: (Phase D) are shown to all.
PRIVATE_GAINS = frozenset(("building",))


def add_pirates(state: MadeiraState, seat: int, amount: int, why: str) -> None:
    """Pirates gained. An upkeep or feeding gain is a public event; a Phase C gain is not: the
    table hears only that the seat took pirate points, the seat alone how many (§15 C3). The
    new total is told to its owner only."""
    if amount <= 0:
        return
    state.p[seat]["pirates"] += amount
    if why in PRIVATE_GAINS:
        emit(state, f"madeira.event.pirates.{why}", seat=seat)
        emit(state, f"madeira.event.pirates.{why}.own", frozenset((seat,)), seat=seat, count=amount)
    else:
        emit(state, f"madeira.event.pirates.{why}", seat=seat, count=amount)
    emit(state, "madeira.event.pirate_total", frozenset((seat,)), seat=seat, total=state.p[seat]["pirates"])


def discard_pirates(state: MadeiraState, seat: int, amount: int) -> None:
    """Discard ``amount`` pirates (never more than the seat holds); the amount discarded is shown
    to all (§9.4), the new total only to its owner."""
    amount = min(amount, state.p[seat]["pirates"])
    if amount <= 0:
        return
    state.p[seat]["pirates"] -= amount
    emit(state, "madeira.event.pirates_discarded", seat=seat, count=amount)
    emit(state, "madeira.event.pirate_total", frozenset((seat,)), seat=seat, total=state.p[seat]["pirates"])


# -- the windmill (§6.3) -------------------------------------------------------------------------

MILL = BOARD.windmill
LEVELS = MILL["levels"]
TOP = len(LEVELS) - 1


def trades() -> list[tuple[str, str, str]]:
    """Exchanges ``(give, give, get)``: any two goods for one other good. Taking back a good just
    given is left out (it only throws a good away)."""
    goods = BOARD.goods
    out = []
    for i, a in enumerate(goods):
        for b in goods[i:]:
            for c in goods:
                if c not in (a, b):
                    out.append((a, b, c))
    return out


TRADES = trades()


def free_moves(state: MadeiraState, seat: int) -> list[str]:
    """The windmill actions ``seat`` may take now (Phases B, C, D; ``down`` not in D)."""
    if state.phase not in (PHASE_B, PHASE_C, PHASE_D):
        return []
    p = state.p[seat]
    out = []
    if p["wheat"] >= MILL["up_wheat"]:
        out.append("mill up")
    if state.phase != PHASE_D and (p["mill"] > 0 or p["pp"] >= MILL["bottom"]["pp"]):
        out += ["mill down bread", "mill down reals"]
    need = MILL["exchange"][0]
    for a, b, c in TRADES:
        if (p[a] >= need if a == b else p[a] >= 1 and p[b] >= 1):
            out.append(f"mill trade {a}+{b} {c}")
    return out


def mill_up(state: MadeiraState, seat: int, free: bool) -> None:
    """Raise the disc one level (2 wheat unless ``free``); at the top, 2 wheat give 1 PP instead.
    A free raise at the top has no effect (§16 U13)."""
    p = state.p[seat]
    if not free:
        p["wheat"] -= MILL["up_wheat"]
    if p["mill"] < TOP:
        p["mill"] += 1
        emit(state, "madeira.event.mill_up", seat=seat, level=LEVELS[p["mill"]])
    elif not free:
        p["pp"] += MILL["top_pp"]
        emit(state, "madeira.event.mill_top", seat=seat, pp=MILL["top_pp"])


def play_free(state: MadeiraState, seat: int, move: str) -> None:
    words = move.split()
    p = state.p[seat]
    if words[1] == "up":
        mill_up(state, seat, free=False)
    elif words[1] == "down":
        what = words[2]
        if p["mill"] > 0:
            p["mill"] -= 1
            p[what] += MILL["down"][what]
            emit(state, f"madeira.event.mill_down.{what}", seat=seat, level=LEVELS[p["mill"]],
                 count=MILL["down"][what])
        else:
            p["pp"] -= MILL["bottom"]["pp"]
            p[what] += MILL["bottom"][what]
            emit(state, f"madeira.event.mill_bottom.{what}", seat=seat, count=MILL["bottom"][what])
    else:
        a, b = words[2].split("+")
        p[a] -= 1
        p[b] -= 1
        p[words[3]] += MILL["exchange"][1]
        emit(state, f"madeira.event.mill_trade.{a}.{b}.{words[3]}", seat=seat)
