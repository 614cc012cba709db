"""The engine contract every game implements, and the small pieces they share.

A game is a :class:`Game` subclass whose instance is stateless: the state is plain data passed in
and returned, so the same game object serves every table at once. The contract (see
``docs/architecture.md``):

- ``new_game(num_players, options, seed)`` validates and calls ``setup``;
- ``to_act(state)`` the seats that must act now (empty once the game is over);
- ``legal_moves(state, seat)``; ``apply(state, seat, move) -> (state, events)`` never mutates its
  input and raises a :class:`~games.errors.MoveError` for anything the rules refuse;
- ``view(state, seat | None)`` what that seat (or a spectator) may know, secrets of others absent;
- ``decision(state, seat)`` what that seat must decide now, in words; ``seat_colours(state)``;
- ``result(state)`` ``None`` while the game runs; ``scores(state)`` the running count;
- ``parse_move`` / ``format_move`` the game's text notation;
- ``state_to_json`` / ``state_from_json`` a lossless round trip;
- ``determinize(state, seat, rng)`` a state ``seat`` cannot tell from this one (AI search);
- optional, for the AI search: ``evaluate(state)`` each seat's prospects in ``[0, 1]`` and
  ``move_prior(state, seat, moves)`` which moves to examine first;
- ``reveals(before, seat, move, after)`` whether a move told some seat something (an undo refuses
  it): a draw, news in a private view, or a public outcome worked out from hidden state.
"""

from __future__ import annotations

import math
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Any, Callable, ClassVar, Generic, Hashable, Mapping, Sequence, TypeVar

from games.errors import MoveError, NotYourTurn, SetupError
from games.messages import Text, text_to_json
from games.rng import Rng
from games.typed import integer, quoted

#: The seed of the generator :meth:`Game.reveals` resamples with (the AI's side, never a state's).
REVEAL_SEED = 0x5EED

State = TypeVar("State")
Move = TypeVar("Move", bound=Hashable)


@dataclass(frozen=True)
class Event:
    """Something that happened during ``apply``, for the host to tell the players.

    ``key`` names a catalogue message; ``params`` fill its placeholders. ``seats`` limits who may
    be told (``None`` = everyone), so an event can never carry a secret to the wrong player.
    """

    key: str
    params: Mapping[str, Any] = field(default_factory=dict)
    seats: frozenset[int] | None = None

    def to_json(self) -> dict[str, Any]:
        """JSON for storage; params that are :class:`~games.messages.Text` stay translatable."""
        data: dict[str, Any] = {"key": self.key, "params": {k: text_to_json(v) for k, v in self.params.items()}}
        if self.seats is not None:
            data["seats"] = sorted(self.seats)
        return data


@dataclass(frozen=True)
class Result:
    """The end of a game: each seat's score and rank (1 = best, equal results share a rank)."""

    scores: list[int]
    ranks: list[int]
    detail: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Deadline:
    """A time limit the rules (or a live-play option) put on the current decision.

    The engine knows no clock: it only says how long the seats in ``moves`` have and what is
    played for each of them (notation, or ``None`` for "the AI chooses") if the state is still the
    same when the time is up. The host keeps the clock, survives restarts and plays the moves.
    """

    seconds: float
    moves: Mapping[int, str | None]
    #: A catalogue key naming the window for the status line ("BANG window", "pitch timer").
    key: str = "deadline.decision"


def competition_ranks(values: Sequence[Any]) -> list[int]:
    """Standard competition ranking, higher value first: ``[5, 9, 5, 1] -> [2, 1, 2, 4]``.

    Values may be tuples, so tie-breaks are just further tuple elements.
    """
    return [1 + sum(1 for other in values if other > value) for value in values]


def margin_shares(values: Sequence[float], scale: float) -> list[float]:
    """Each seat's lead over its best rival squashed into ``(0, 1)``: 0.5 when level, about 0.73
    a lead of ``scale`` ahead, 0.27 as far behind. The evaluation the board games give the search
    (a running score, points or triangles, whose typical margin is ``scale``)."""
    shares = []
    for seat, value in enumerate(values):
        rival = max((v for other, v in enumerate(values) if other != seat), default=value)
        lead = max(-30.0, min(30.0, (value - rival) / scale))
        shares.append(1.0 / (1.0 + math.exp(-lead)))
    return shares


def gain_prior(game: "Game[Any, Any]", state: Any, seat: int, moves: Sequence[Any],
               values: "Callable[[Any], Sequence[float]]") -> list[float]:
    """Each move's immediate gain for ``seat``: how much it raises ``seat``'s ``values`` lead
    over its best rival (``values(state)``: a number per seat, such as the running score). A
    move the state refuses gets ``-inf``. The move prior the board games give the search."""

    def lead(numbers: Sequence[float]) -> float:
        return numbers[seat] - max((v for other, v in enumerate(numbers) if other != seat), default=0.0)

    before = lead(values(state))
    gains = []
    for move in moves:
        try:
            after, _ = game.apply(state, seat, move)
        except MoveError:
            gains.append(-math.inf)
            continue
        gains.append(lead(values(after)) - before)
    return gains


@dataclass(frozen=True)
class Option:
    """One lobby option: a name, its kind, its choices and its default.

    ``kind`` is ``"choice"`` (one of ``choices``, stored as the string), ``"bool"`` (written
    ``on``/``off``, stored as ``True``/``False``) or ``"int"`` (within ``minimum..maximum``).
    ``help`` is ``{"en": ..., "ja": ...}``. ``by_post``, when set, is the default for a table that
    plays by post (days per move): a live-play time limit a slow game must not inherit.
    """

    name: str
    kind: str
    default: Any
    help: Mapping[str, str]
    choices: tuple[str, ...] = ()
    minimum: int = 0
    maximum: int = 0
    by_post: Any = None

    def parse(self, value: Any) -> Any:
        """Turn a value given by a user (text or already typed) into this option's value."""
        text = str(value).strip().lower() if not isinstance(value, bool) else value
        if self.kind == "bool":
            if isinstance(text, bool):
                return text
            if text in ("on", "true", "yes", "1"):
                return True
            if text in ("off", "false", "no", "0"):
                return False
            raise SetupError("error.option_value", name=self.name, value=quoted(value), choices="on, off")
        if self.kind == "int":
            number = integer(value)
            if number is None or not self.minimum <= number <= self.maximum:
                raise SetupError(
                    "error.option_int", name=self.name, value=quoted(value), minimum=self.minimum, maximum=self.maximum
                )
            return number
        if text not in self.choices:
            raise SetupError("error.option_value", name=self.name, value=quoted(value), choices=", ".join(self.choices))
        return text

    def format(self, value: Any) -> str:
        if self.kind == "bool":
            return "on" if value else "off"
        return str(value)

    def describe(self) -> dict[str, Any]:
        data: dict[str, Any] = {"name": self.name, "kind": self.kind, "default": self.format(self.default)}
        if self.by_post is not None:
            data["default_by_post"] = self.format(self.by_post)
        if self.kind == "choice":
            data["choices"] = list(self.choices)
        elif self.kind == "bool":
            data["choices"] = ["on", "off"]
        else:
            data["minimum"], data["maximum"] = self.minimum, self.maximum
        data["help"] = dict(self.help)
        return data


class Game(ABC, Generic[State, Move]):
    """Declared facts of a game plus the pure functions of the engine contract."""

    name: ClassVar[str]
    titles: ClassVar[Mapping[str, str]]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    options: ClassVar[tuple[Option, ...]] = ()
    hidden_information: ClassVar[bool] = False
    #: The AI levels a lobby offers, weakest first (``normal``: the default). Besides these, every
    #: game takes ``random`` (a uniformly random legal move), for the host's own use and tests.
    ai_levels: ClassVar[tuple[str, ...]] = ("easy", "normal", "hard")
    #: Older names of levels, as stored seats, records and scripts may still give them.
    level_aliases: ClassVar[Mapping[str, str]] = {"mcts": "normal"}
    #: Whether the rules let a seat's turn be skipped (used by the play-by-post timeout policy).
    can_skip: ClassVar[bool] = False
    #: How many states each seat cannot tell apart :meth:`reveals` plays a move in.
    reveal_samples: ClassVar[int] = 8
    #: Rules help per language, Markdown, shown by ``/rules``.
    rules_help: ClassVar[Mapping[str, str]] = {}
    #: Plies a playout of the built-in search (:mod:`games.ai`) plays before :meth:`evaluate`
    #: scores where it stopped; ``None`` plays to the end (and a game without an evaluation always
    #: does).
    ai_playout_plies: ClassVar[int | None] = None

    # -- set-up ---------------------------------------------------------------------------------

    def resolve_options(self, given: Mapping[str, Any] | None, *, by_post: bool = False) -> dict[str, Any]:
        """Validate ``given`` against the declared options and fill in the defaults (``by_post``:
        those of a table that plays by post, where an option declares one)."""
        known = {option.name: option for option in self.options}
        resolved = {option.name: option.by_post if by_post and option.by_post is not None else option.default
                    for option in self.options}
        for name, value in (given or {}).items():
            option = known.get(str(name).strip().lower())
            if option is None:
                raise SetupError(
                    "error.unknown_option", game=self.name, name=name, known=", ".join(known) or "-"
                )
            resolved[option.name] = option.parse(value)
        return resolved

    def format_options(self, options: Mapping[str, Any]) -> dict[str, str]:
        return {option.name: option.format(options[option.name]) for option in self.options}

    def played_options(self, num_players: int, options: Mapping[str, Any]) -> dict[str, Any]:
        """The resolved ``options`` as a table of ``num_players`` plays them, where the player
        count settles an option (Masume Yakyu: three or four players always play Battery), so a
        table's stored options and its record's header say what was played. Unchanged here."""
        return dict(options)

    def new_game(self, num_players: int, options: Mapping[str, Any] | None = None, seed: int = 0) -> State:
        """Check the player count and options, then :meth:`setup`."""
        if not isinstance(num_players, int) or not self.min_players <= num_players <= self.max_players:
            raise SetupError(
                "error.players", game=self.name, minimum=self.min_players, maximum=self.max_players,
                count=num_players,
            )
        return self.setup(num_players, self.played_options(num_players, self.resolve_options(options)), int(seed))

    @abstractmethod
    def setup(self, num_players: int, options: Mapping[str, Any], seed: int) -> State:
        """The initial state; ``options`` are already resolved."""

    # -- play -------------------------------------------------------------------------------------

    @abstractmethod
    def num_players(self, state: State) -> int: ...

    @abstractmethod
    def to_act(self, state: State) -> frozenset[int]:
        """The seats that must act now; empty once the game is over."""

    @abstractmethod
    def legal_moves(self, state: State, seat: int) -> list[Move]:
        """Every legal move of ``seat`` (empty when it need not act)."""

    def apply(self, state: State, seat: int, move: Move) -> tuple[State, list[Event]]:
        """Play ``move`` for ``seat``. Refuses a seat that may not act; the rules are :meth:`play`'s."""
        waiting = self.to_act(state)
        if seat not in waiting:
            if not waiting:
                raise NotYourTurn("error.game_over")
            raise NotYourTurn(seat=seat, waiting=", ".join(str(s) for s in sorted(waiting)))
        return self.play(state, seat, move)

    @abstractmethod
    def play(self, state: State, seat: int, move: Move) -> tuple[State, list[Event]]:
        """Apply a move of a seat that may act. Must not mutate ``state``; raises ``IllegalMove``."""

    def skip(self, state: State, seat: int) -> tuple[State, list[Event]]:
        """Skip ``seat``'s turn where the rules allow it (games with ``can_skip``)."""
        raise NotImplementedError(f"{self.name} has no skipped turns")

    def reveals(self, before: State, seat: int, move: Move | None, after: State) -> bool:
        """Whether ``seat``'s ``move`` (``None``: a skipped turn) from ``before`` to ``after``
        revealed something a take-back cannot hide again, so it may never be undone.

        A move reveals when anything a seat can see after it depends on what that seat could not
        see before it: a random draw (the generator carried in the state moved: a die, a card, a
        tile), news in another seat's private view, or a public outcome worked out from hidden
        state (an accusation's verdict, a shot, a challenge die). The last is found by resampling:
        for each seat, :attr:`reveal_samples` states it cannot tell from ``before``
        (:meth:`determinize`, with a generator of fixed seed, so the answer never changes) play the
        same move; if that seat's view afterwards differs from its view of ``after`` in any of
        them, the move told it something. A game may declare more (a statement the table has
        heard) by overriding this and calling it."""
        if self.state_to_json(before).get("rng") != self.state_to_json(after).get("rng"):
            return True
        seats = range(self.num_players(before))
        if self.hidden_information and any(self.private_view(before, other) != self.private_view(after, other)
                                           for other in seats if other != seat):
            return True
        rng = Rng(REVEAL_SEED)
        for other in seats:
            seen = None
            for _ in range(self.reveal_samples):
                resampled = self.determinize(before, other, rng)
                if resampled is before:  # nothing this seat cannot see
                    break
                try:
                    played = self.skip(resampled, seat) if move is None else self.apply(resampled, seat, move)
                except MoveError:  # the move needs what the mover knows and this sample changed
                    continue
                seen = self.view(after, other) if seen is None else seen
                if self.view(played[0], other) != seen:
                    return True
        return False

    def is_legal(self, state: State, seat: int, move: Move) -> bool:
        return move in self.legal_moves(state, seat)

    def deadline(self, state: State) -> Deadline | None:
        """The rules' own time limit on the current decision (see :class:`Deadline`), or ``None``."""
        return None

    def announce_delay(self, state: State, move: Move) -> float:
        """Seconds the host waits before telling the table about ``move`` played in ``state``: a
        game whose secret moves must not be told apart by their speed returns the same pause for
        all of them (default: none)."""
        return 0.0

    def summary(self, state: State) -> list[Text]:
        """Public facts the table's status message lists beyond the recent moves (e.g. every
        testimony of a social deduction game), as translatable texts; none by default."""
        return []

    def resolve_level(self, level: str) -> str:
        """``level`` as one of :attr:`ai_levels` (an older name through :attr:`level_aliases`), or
        ``random``. Raises ``SetupError`` naming the levels for anything else."""
        name = self.level_aliases.get(str(level).strip().lower(), str(level).strip().lower())
        if name not in self.ai_levels and name != "random":
            raise SetupError("error.unknown_ai", level=str(level)[:40], known=", ".join(self.ai_levels))
        return name

    def ai_move(self, state: State, seat: int, level: str, rng: Rng) -> Move | None:
        """A game's own AI for ``level`` (one of ``ai_levels``), or ``None`` to use the built-in
        levels of :mod:`games.ai`. ``rng`` is the AI's generator, never the state's."""
        return None

    def evaluate(self, state: State) -> list[float] | None:
        """Each seat's prospects in ``state`` in ``[0, 1]`` (0.5: level with the best rival), for
        the built-in search: it scores a playout cut short after :attr:`ai_playout_plies` with it,
        and a finished one by its margin as well as its rank (see :func:`margin_shares`). Works
        on finished states too. Called on determinized states only, so it may read everything in
        the state it is given. ``None`` (the default): no evaluation."""
        return None

    def move_prior(self, state: State, seat: int, moves: Sequence[Move]) -> list[float] | None:
        """How good each of ``moves`` (``seat``'s) looks at a glance, higher better (e.g. its
        immediate gain, see :func:`gain_prior`): the search examines them best first and widens
        to the others as it learns, so a move that wins much at once is never left unexamined.
        ``state`` is a determinized one; a move it refuses gets the lowest value. ``None`` (the
        default): no ordering."""
        return None

    def move_grid(self, notations: Sequence[str]) -> list[list[tuple[str, str] | None]] | None:
        """These moves laid out as a grid of buttons (rows of ``(label, notation)``, ``None`` for
        no button; at most 5 x 5), when they name the cells of a board; ``None`` for a list."""
        return None

    # -- information --------------------------------------------------------------------------

    @abstractmethod
    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may know (``None``: a spectator). JSON-ready; never another seat's secret."""

    def private_view(self, state: State, seat: int) -> dict[str, Any] | None:
        """Only what ``seat`` knows and the table does not (its screen, hand, role), or ``None``.

        The host sends it by DM whenever it changes; a game without secrets keeps the default.
        """
        return None

    def describe_private(self, private: dict[str, Any], lang: str = "en") -> str:
        """The private view as text for a DM or ``/hand``; games with secrets say it in words."""
        return "\n".join(f"{key}: {value}" for key, value in private.items())

    def decision(self, state: State, seat: int) -> Text | None:
        """What ``seat`` must decide now, as a translatable text ("place a building or a wall",
        "choose the die for the steward"), or ``None`` when it need not act. The host says it in
        the "your turn" post and the board image prints it; never a secret of another seat."""
        return None

    def seat_colours(self, state: State) -> list[str]:
        """Each seat's colour as a palette name (``red``, ``blue``, ``yellow``, ``green``,
        ``purple``): the board draws it and the host names it in the seat line."""
        return []

    @abstractmethod
    def result(self, state: State) -> Result | None:
        """``None`` while the game runs, else the final scores and ranks."""

    def scores(self, state: State) -> list[int] | None:
        """Each seat's score as if the game ended now; ``None`` for a game without a running score."""
        return None

    def is_over(self, state: State) -> bool:
        return not self.to_act(state)

    def determinize(self, state: State, seat: int, rng: Rng) -> State:
        """A state consistent with what ``seat`` knows, for AI search.

        Perfect-information games return the state itself; a game with secrets must override this
        and resample what ``seat`` cannot see, so an AI never plays on another seat's secrets.
        """
        if self.hidden_information:
            raise NotImplementedError(f"{self.name} must resample hidden information for AI search")
        return state

    # -- notation -------------------------------------------------------------------------------

    @abstractmethod
    def parse_move(self, state: State, text: str, seat: int | None = None) -> Move:
        """Read ``text`` in the game's notation. Raises ``MalformedMove`` / ``AmbiguousMove``."""

    @abstractmethod
    def format_move(self, state: State, move: Move) -> str:
        """The notation of ``move``; :meth:`parse_move` reads it back."""

    def describe_move(self, state: State, move: Move, lang: str = "en") -> str:
        """The move in words for the thread (defaults to the notation)."""
        return self.format_move(state, move)

    # -- storage --------------------------------------------------------------------------------

    @abstractmethod
    def state_to_json(self, state: State) -> dict[str, Any]: ...

    @abstractmethod
    def state_from_json(self, data: Mapping[str, Any]) -> State: ...

    def describe(self) -> dict[str, Any]:
        """The registry entry as JSON (used by ``python -m games list`` and the lobby)."""
        return {
            "name": self.name,
            "titles": dict(self.titles),
            "players": {"min": self.min_players, "max": self.max_players},
            "options": [option.describe() for option in self.options],
            "hidden_information": self.hidden_information,
            "ai_levels": list(self.ai_levels),
        }
