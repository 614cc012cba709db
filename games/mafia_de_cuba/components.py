"""Components and set-up (rules page §2, §3): the token table per player count, the seats round
the table, the Godfather, the state and the moves.

Seats are numbered as the host numbers them; the box goes clockwise, i.e. to the next seat number
(wrapping), from the *first player* (the Godfather's left) to the *last player* (his right).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any, NamedTuple

from games.errors import SetupError
from games.rng import Rng

#: Diamonds in the box before the Godfather sets some aside (§2).
DIAMONDS = 15
#: The Godfather sets aside 0..HIDE_MAX diamonds (§3.3).
HIDE_MAX = 5
#: Character tokens, in the order the box lists them.
TOKENS = ("loyal", "agent", "driver", "cleaner")
#: Per player count: loyal henchmen, agents, drivers, jokers (§3.2 table).
TABLE = {
    6: (1, 1, 1, 0), 7: (2, 1, 1, 0), 8: (3, 1, 1, 1), 9: (4, 1, 1, 1),
    10: (4, 2, 1, 1), 11: (4, 2, 2, 2), 12: (5, 2, 2, 2),
}

# phases (§10)
HIDE, THEFT, TESTIMONY, ACCUSE, QUESTION, WINDOW, OVER = (
    "hide", "theft", "testimony", "accuse", "question", "window", "over")
PHASES = (HIDE, THEFT, TESTIMONY, ACCUSE, QUESTION, WINDOW, OVER)

# the Cleaner variant (§8): off, replacing one Loyal Henchman (the page's default), or added
CLEANER_OFF, CLEANER_REPLACE, CLEANER_ADD = "off", "replace", "add"

# how the game ended (§7)
NO_THEFT, GODFATHER_WINS, GODFATHER_ELIMINATED, AGENT_ACCUSED, CLEANER_SHOT_AGENT = (
    "no_theft", "godfather_wins", "godfather_eliminated", "agent_accused", "cleaner_shot_agent")


class Move(NamedTuple):
    """One decision. ``verb`` is ``hide`` (``n`` diamonds), ``take`` (``what`` = ``diamonds`` with
    ``n``, a token name, or ``nothing``; ``bag`` the token the first player bags first, or ``""``),
    ``claim`` (``n`` diamonds and ``m`` tokens seen; ``what="silent"`` for no claim), ``ask``
    (``n`` = the seat the Godfather questions), ``accuse`` (``n`` = the seat), ``pass`` or ``bang``."""

    verb: str
    what: str = ""
    n: int = 0
    m: int = 0
    bag: str = ""


@dataclass(frozen=True)
class MafiaState:
    """Plain data; every list is replaced, never mutated, by the rules."""

    num_players: int
    options: Mapping[str, Any]
    godfather: int
    phase: str
    jokers: int
    #: the box: diamonds and the count of each token in :data:`TOKENS` order
    box: int = DIAMONDS
    tokens: tuple[int, ...] = (0, 0, 0, 0)
    hidden: int | None = None
    holder: int | None = None
    bag: str | None = None
    #: per seat: what it took (``("diamonds", k)``, ``(token, 0)``, ``("nothing", 0)``) or None
    takes: tuple[tuple[str, int] | None, ...] = ()
    #: per seat: the box as it saw it (diamonds, token counts) or None
    seen: tuple[tuple[int, tuple[int, ...]] | None, ...] = ()
    #: every statement in order: dicts with seat, claim (``[d, t]`` or ``"silent"``), asked (bool)
    said: tuple[Mapping[str, Any], ...] = ()
    #: seats the Godfather has questioned since the last accusation, and the one answering now
    asked: frozenset[int] = frozenset()
    questioned: int | None = None
    eliminated: tuple[bool, ...] = ()
    joker_holders: tuple[bool, ...] = ()
    #: the accusations in order: dicts with seat, outcome, diamonds (public)
    accusations: tuple[Mapping[str, Any], ...] = ()
    accused: int | None = None
    passed: frozenset[int] = frozenset()
    recovered: int = 0
    outcome: str | None = None
    winners: tuple[int, ...] = ()
    #: the box after the theft (what the Godfather sees, §6.1)
    final: tuple[int, tuple[int, ...]] | None = None
    #: the last public action, for the board's "last move" (see ``MafiaDeCuba.last_action``)
    last: Mapping[str, Any] | None = None
    ply: int = 0
    rng: int = 0
    extra: Mapping[str, Any] = field(default_factory=dict)

    def with_(self, **changes: Any) -> MafiaState:
        return replace(self, **changes)

    @property
    def claims(self) -> tuple[tuple[int, ...] | None, ...]:
        """Per seat, its story so far from :attr:`said`: ``None`` before it spoke, ``()`` silent,
        else ``(diamonds, tokens)`` of its latest claim (a silent answer keeps the story)."""
        story: list[tuple[int, ...] | None] = [None] * self.num_players
        for entry in self.said:
            seat, claim = entry["seat"], entry["claim"]
            if claim != "silent":
                story[seat] = tuple(claim)
            elif story[seat] is None:
                story[seat] = ()
        return tuple(story)


def henchmen(state: MafiaState) -> list[int]:
    """Every seat but the Godfather's, in the box's order: first player .. last player."""
    n = state.num_players
    return [(state.godfather + k) % n for k in range(1, n)]


def first_player(state: MafiaState) -> int:
    return (state.godfather + 1) % state.num_players


def last_player(state: MafiaState) -> int:
    return (state.godfather - 1) % state.num_players


def right_neighbour(state: MafiaState, seat: int) -> int:
    """The seat that handed ``seat`` the box (the previous seat; the first player's is the Godfather)."""
    return (seat - 1) % state.num_players


def starting_tokens(num_players: int, cleaner: str) -> tuple[int, ...]:
    """The tokens put in the box (§3.2), with the Cleaner replacing a Loyal Henchman or added (§8)."""
    loyal, agents, drivers, _jokers = TABLE[num_players]
    extra = 0
    if cleaner == CLEANER_REPLACE:
        loyal, extra = loyal - 1, 1
    elif cleaner == CLEANER_ADD:
        extra = 1
    return (loyal, agents, drivers, extra)


def choose_godfather(num_players: int, option: str, rng: Rng) -> int:
    """The lobby's choice (§3.1): the owner (seat 0), a named seat (1-based), or random."""
    if option == "owner":
        return 0
    if option == "random":
        return rng.below(num_players)
    seat = int(option) - 1
    if not 0 <= seat < num_players:
        raise SetupError("mafia.setup.godfather_seat", seat=option, count=num_players)
    return seat


def setup(num_players: int, options: Mapping[str, Any], seed: int) -> MafiaState:
    """The table before the Godfather sets his diamonds aside (§3)."""
    rng = Rng(seed)
    godfather = choose_godfather(num_players, str(options["godfather"]), rng)
    n = num_players
    return MafiaState(
        num_players=n, options=dict(options), godfather=godfather, phase=HIDE,
        jokers=TABLE[n][3], box=DIAMONDS, tokens=starting_tokens(n, str(options["cleaner"])),
        takes=(None,) * n, seen=(None,) * n,
        eliminated=(False,) * n, joker_holders=(False,) * n, rng=rng.state,
    )


def role_of(take: tuple[str, int] | None) -> str | None:
    """The role a take gives (§4.3, §4.4): ``thief``, a token's role, or ``urchin``."""
    if take is None:
        return None
    what = take[0]
    if what == "diamonds":
        return "thief"
    if what == "nothing":
        return "urchin"
    return what


def seat_role(state: MafiaState, seat: int) -> str | None:
    return "godfather" if seat == state.godfather else role_of(state.takes[seat])


def stolen(state: MafiaState) -> int:
    """Diamonds taken by thieves (``15 - hidden - inBox``, §6.1)."""
    return sum(t[1] for t in state.takes if t is not None and t[0] == "diamonds")
