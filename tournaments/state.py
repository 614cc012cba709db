"""A tournament's state: plain dataclasses that serialise to JSON and back without loss.

Operations (:mod:`tournaments.engine`) never mutate the state they are given: they return a new
one, so the host can store it with a version check exactly like a game's state.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any, Mapping

from tournaments.settings import Settings

REGISTRATION, RUNNING, FINISHED, CANCELLED = "registration", "running", "finished", "cancelled"
PAIRED, PLAYING, DONE = "paired", "playing", "done"


@dataclass
class Entrant:
    """One player or team. ``id`` is the host's (a Discord user id as text, or a team's id);
    ``members`` the player ids that sit at tables (one for an individual event). ``rating`` is
    the seeding rating (an openskill ordinal) at sign-up; ``seed`` 1 = best, fixed at the start."""

    id: str
    name: str
    members: list[str]
    rating: float = 0.0
    seed: int = 0
    checked_in: bool = False
    #: The first round this entrant is not paired in after being dropped (``None``: active).
    dropped_from: int | None = None
    #: The first round this entrant can be paired in (late entry joins the next round).
    joined_round: int = 1

    @property
    def active(self) -> bool:
        return self.dropped_from is None


@dataclass
class GameRecord:
    """One game played (or adjudicated) at a table: each side's finishing place (competition
    ranks, 1 = best) in the order of ``Table.entrants``, their in-game scores when known, the sides
    that abandoned (dropped and replaced by an AI: placed last), and who sat first."""

    places: list[int]
    scores: list[float] | None = None
    abandoned: list[str] = field(default_factory=list)
    first: int = 0


@dataclass
class Table:
    """One table of a round: its sides (entrant ids) in seat order, the games played there and,
    once decided, the sides' places in the match (one game, or best-of-N wins). ``reason`` is
    set when an organiser adjudicated the result."""

    number: int
    entrants: list[str]
    games: list[GameRecord] = field(default_factory=list)
    places: list[int] | None = None
    reason: str | None = None
    #: The bracket match this table plays (elimination), e.g. ``"W1-3"``, ``"L2-1"``, ``"GF"``.
    match: str | None = None
    #: The places first recorded, when an organiser corrected them later (``reason`` says why).
    corrected: list[int] | None = None

    @property
    def decided(self) -> bool:
        return self.places is not None


@dataclass
class Round:
    number: int
    tables: list[Table]
    byes: list[str] = field(default_factory=list)
    status: str = PAIRED
    #: Entrants sitting this round out at their own request (a half-point bye, issue 29).
    half_byes: list[str] = field(default_factory=list)

    def table(self, number: int) -> Table | None:
        return next((t for t in self.tables if t.number == number), None)


@dataclass
class BracketMatch:
    """A match of an elimination bracket. Each slot is fed by a ``source``: ``"seed:N"``,
    ``"W:<match>"`` (its winner) or ``"L:<match>"`` (its loser). ``sides`` hold the entrant ids
    once known, ``""`` for nobody (a bye), ``None`` while still unknown."""

    id: str
    sources: list[str]
    sides: list[str | None] = field(default_factory=lambda: [None, None])
    winner: str | None = None
    loser: str | None = None
    #: Which bracket and which of its rounds: ``("W", 1)``, ``("L", 3)``, ``("F", 1)``.
    bracket: str = "W"
    level: int = 1
    round_played: int | None = None


@dataclass
class Tournament:
    settings: Settings
    entrants: list[Entrant] = field(default_factory=list)
    rounds: list[Round] = field(default_factory=list)
    status: str = REGISTRATION
    seed: int = 0
    total_rounds: int | None = None
    bracket: list[BracketMatch] = field(default_factory=list)
    #: An organiser paused the event: no new round is paired (games being played go on).
    paused: bool = False
    #: The scheduled start and the end of sign-up (epoch seconds; ``None``: by the organiser).
    start_at: float | None = None
    signup_closes_at: float | None = None
    #: Data the host keeps with the tournament (channel, windows, clock); the core never reads it.
    extra: dict[str, Any] = field(default_factory=dict)
    #: Pairs of entrant ids the organiser forbade to meet (the same club, partners...).
    forbidden: list[list[str]] = field(default_factory=list)
    #: Entrant id -> the round they asked to sit out with a half-point bye (before it is paired).
    bye_requests: dict[str, int] = field(default_factory=dict)
    #: 1 while the Swiss or round-robin rounds are played; 2 once the top cut's bracket is built
    #: (seed N of the bracket is ``cut_seeds[N - 1]``, the standings after stage 1).
    stage: int = 1
    cut_seeds: list[str] = field(default_factory=list)
    #: A round robin in groups: each group's entrant ids, dealt at the start.
    groups: list[list[str]] = field(default_factory=list)

    # -- lookups ----------------------------------------------------------------------------------

    def entrant(self, entrant_id: str) -> Entrant | None:
        return next((e for e in self.entrants if e.id == entrant_id), None)

    def entrant_of_player(self, player_id: str) -> Entrant | None:
        return next((e for e in self.entrants if player_id in e.members), None)

    @property
    def in_bracket(self) -> bool:
        """Rounds come from a bracket: an elimination event, or the top cut of a staged one."""
        return self.settings.elimination or self.stage == 2

    @property
    def bracket_format(self) -> str:
        """The bracket's format: the event's, or its cut's."""
        return self.settings.format if self.settings.elimination else self.settings.cut_format

    @property
    def current_round(self) -> Round | None:
        return self.rounds[-1] if self.rounds else None

    def match(self, match_id: str) -> BracketMatch | None:
        return next((m for m in self.bracket if m.id == match_id), None)

    def copy(self) -> Tournament:
        """A deep copy (through JSON: faster than ``copy.deepcopy`` and it proves the round trip)."""
        return Tournament.from_json(self.to_json())

    # -- JSON -------------------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        return {
            "version": 1,
            "settings": self.settings.to_json(),
            "entrants": [copy.deepcopy(vars(e)) for e in self.entrants],
            "rounds": [
                {"number": r.number, "status": r.status, "byes": list(r.byes), "half_byes": list(r.half_byes),
                 "tables": [{"number": t.number, "entrants": list(t.entrants), "places": t.places,
                             "reason": t.reason, "match": t.match, "corrected": t.corrected,
                             "games": [copy.deepcopy(vars(g)) for g in t.games]} for t in r.tables]}
                for r in self.rounds
            ],
            "status": self.status,
            "seed": self.seed,
            "total_rounds": self.total_rounds,
            "bracket": [copy.deepcopy(vars(m)) for m in self.bracket],
            "paused": self.paused,
            "start_at": self.start_at,
            "signup_closes_at": self.signup_closes_at,
            "extra": copy.deepcopy(self.extra),
            "forbidden": [list(pair) for pair in self.forbidden],
            "bye_requests": dict(self.bye_requests),
            "stage": self.stage,
            "cut_seeds": list(self.cut_seeds),
            "groups": [list(g) for g in self.groups],
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Tournament:
        rounds = [
            Round(number=r["number"], status=r["status"], byes=list(r["byes"]), half_byes=list(r.get("half_byes", [])),
                  tables=[Table(number=t["number"], entrants=list(t["entrants"]), places=t["places"],
                                reason=t["reason"], match=t["match"], corrected=t.get("corrected"),
                                games=[GameRecord(**g) for g in t["games"]]) for t in r["tables"]])
            for r in data["rounds"]
        ]
        return cls(
            settings=Settings.from_json(data["settings"]),
            entrants=[Entrant(**e) for e in data["entrants"]],
            rounds=rounds, status=data["status"], seed=data["seed"], total_rounds=data["total_rounds"],
            bracket=[BracketMatch(**m) for m in data["bracket"]], paused=bool(data.get("paused", False)),
            start_at=data.get("start_at"), signup_closes_at=data.get("signup_closes_at"),
            extra=copy.deepcopy(data.get("extra", {})),
            forbidden=[list(pair) for pair in data.get("forbidden", [])],
            bye_requests={str(k): int(v) for k, v in data.get("bye_requests", {}).items()},
            stage=int(data.get("stage", 1)), cut_seeds=list(data.get("cut_seeds", [])),
            groups=[list(g) for g in data.get("groups", [])],
        )
