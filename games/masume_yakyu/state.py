"""The state of a game, its seats and roles, and the move type.

The state is plain JSON-ready data (lists, ints, strings), so storage is a field copy and a copy
for ``apply`` is cheap. Team ``t`` is seat ``t`` and, when there is one, seat ``t + 2`` (as in Minoa's
four-player teams). A team of one seat does every job; a team of two plays Battery (C10): its first
seat is the batter on offence and the catcher on defence, its second the runner on offence and the
pitcher on defence. Four players are two such pairs; three are a pair against one player.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, NamedTuple

# Phases.
LINEUP, CARD, TARGET, BAT, ADVANCE, DISCARD, OVER = "lineup", "card", "target", "bat", "advance", "discard", "over"
PHASES = (LINEUP, CARD, TARGET, BAT, ADVANCE, DISCARD, OVER)

# Roles.
BATTER, RUNNER, CATCHER, PITCHER = "batter", "runner", "catcher", "pitcher"


class Move(NamedTuple):
    """One decision. ``kind`` is one of ``order auto starter card change target take swing bunt
    steal stay go hold discard``; ``arg`` a roster, pitcher or card number or a cell index;
    ``steal`` the runner's call folded into the batter's move in a two-player game."""

    kind: str
    arg: int = 0
    steal: bool = False


@dataclass
class YakyuState:
    num_players: int
    options: dict[str, Any]
    teams: list[str]  # team keys; team index = seat % 2
    home: int  # the team that bats second
    phase: str
    lineup: list[list[int]]  # roster numbers in batting order (partial while choosing)
    starter: list[int | None]
    pitcher: list[int | None]  # number of the pitcher now pitching, per team
    used: list[list[int]]  # pitchers who have pitched (a removed pitcher may not return)
    hand: list[list[int]]  # the current pitcher's cards, per team (known only to that team)
    removed: list[int]  # cards removed for stamina from the current pitcher (a public count)
    first_inning: int
    inning: int
    half: int  # 0 = top (visitors bat), 1 = bottom
    outs: int
    balls: int
    strikes: int
    bases: list[int | None]  # batting-order slot (0-8) of the runner on 1st, 2nd, 3rd
    up: list[int]  # batting-order slot of each team's next batter
    runs: list[list[int]]  # per team, per inning from first_inning
    hits: list[int]
    card: int | None  # the defence's secret pitch card for this pitch
    target: int | None  # the public target cell
    bat: list[int] | None  # the batter's secret choice: [kind code, anchor]
    steal: bool | None  # the runner's secret call
    queue: list[dict[str, Any]]  # optional running decisions still to make
    discard_team: int | None
    last: dict[str, Any] | None  # public record of the last reveal (for the image)
    rng: int
    ply: int = 0

    def copy(self) -> YakyuState:
        return YakyuState(**{f.name: _copy(getattr(self, f.name)) for f in fields(self)})

    def to_json(self) -> dict[str, Any]:
        return {f.name: _copy(getattr(self, f.name)) for f in fields(self)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> YakyuState:
        return cls(**{f.name: _copy(data[f.name]) for f in fields(cls)})

    # -- derived -------------------------------------------------------------------------------

    @property
    def battery(self) -> bool:
        return self.num_players > 2

    def split(self, team: int) -> bool:
        """Whether ``team`` has two seats (Battery roles) rather than one doing every job."""
        return team + 2 < self.num_players

    @property
    def offence(self) -> int:
        """The team at bat: the visitors in the top half, the home team in the bottom."""
        return self.home if self.half == 1 else 1 - self.home

    @property
    def defence(self) -> int:
        return 1 - self.offence

    def seat(self, team: int, role: str) -> int:
        """The seat of ``team`` that plays ``role`` (the team's only seat in a two-player game)."""
        if not self.split(team):
            return team
        return team if role in (BATTER, CATCHER) else team + 2

    def team_seats(self, team: int) -> tuple[int, ...]:
        return (team, team + 2) if self.split(team) else (team,)

    def roles(self, seat: int) -> tuple[str, ...]:
        """What ``seat`` does now."""
        team = seat % 2
        if team == self.offence:
            both = (BATTER, RUNNER)
        else:
            both = (CATCHER, PITCHER)
        if not self.split(team):
            return both
        return both[:1] if seat < 2 else both[1:]

    def score(self, team: int) -> int:
        return sum(self.runs[team])

    def batter_number(self, team: int, slot: int) -> int:
        return self.lineup[team][slot]


def _copy(value: Any) -> Any:
    if isinstance(value, list):
        return [_copy(v) for v in value]
    if isinstance(value, dict):
        return {k: _copy(v) for k, v in value.items()}
    return value
