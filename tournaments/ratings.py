"""Ratings per game per server with openskill's Plackett-Luce model (free-for-all and teams).

Pure: the host keeps a ``{player_id: Rating}`` per (server, game), and after every finished rated
game calls :func:`rate_game` with the seats' places, storing what comes back.

- Every human seat with a place takes part; seats of a team (same ``team``) are one openskill
  team. AI seats (``human=False``) are left out: the humans are rated on their places among
  themselves.
- **Abandoned games** (BGA's rule): a player dropped and replaced by an AI counts as last (a loss
  to everyone at the table); the others' results in that game are excluded, so only the
  abandoning players' ratings change.
- A game with fewer than two sides left to rate changes nothing.
- **Display**: the ordinal ``mu - 3 sigma`` (a cautious estimate that rises as the rating
  settles); a rating is *provisional* while it has fewer than :data:`PROVISIONAL_GAMES` games or
  its sigma is above :data:`PROVISIONAL_SIGMA`.
- **Leaderboard**: established ratings by ordinal, then provisional ones by ordinal.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from openskill.models import PlackettLuce

MU = 25.0
SIGMA = MU / 3
PROVISIONAL_GAMES = 5
PROVISIONAL_SIGMA = 7.5

_MODEL = PlackettLuce(mu=MU, sigma=SIGMA)


@dataclass(frozen=True)
class Rating:
    mu: float = MU
    sigma: float = SIGMA
    games: int = 0

    @property
    def ordinal(self) -> float:
        """What is shown and sorted on: ``mu - 3 sigma`` (0 for a new player)."""
        return self.mu - 3 * self.sigma

    @property
    def provisional(self) -> bool:
        return self.games < PROVISIONAL_GAMES or self.sigma > PROVISIONAL_SIGMA

    def to_json(self) -> dict[str, Any]:
        return {"mu": self.mu, "sigma": self.sigma, "games": self.games}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Rating:
        return cls(float(data["mu"]), float(data["sigma"]), int(data["games"]))


@dataclass(frozen=True)
class Seat:
    """One seat of a finished game: its player, its place (1 = best, ties share), its team
    (seats with the same team are partners; ``None``: on its own), whether the player abandoned
    (dropped and replaced by an AI) and whether it is a human."""

    player: str
    place: int
    team: int | None = None
    abandoned: bool = False
    human: bool = True


def rate_game(ratings: Mapping[str, Rating], seats: Sequence[Seat]) -> dict[str, Rating]:
    """The new ratings of the players whose rating this game changes (the others are absent
    from the result; a player missing from ``ratings`` starts at the default)."""
    humans = [s for s in seats if s.human]
    abandoned = {s.player for s in humans if s.abandoned}
    if abandoned:
        last = max(s.place for s in seats) + 1
        humans = [Seat(s.player, last if s.abandoned else s.place, s.team, s.abandoned) for s in humans]
    sides: dict[Any, list[Seat]] = {}
    for s in humans:
        sides.setdefault(("team", s.team) if s.team is not None else ("player", s.player), []).append(s)
    if len(sides) < 2:
        return {}
    teams = list(sides.values())
    ranks = [min(s.place for s in team) for team in teams]
    models = [[_model_rating(ratings.get(s.player, Rating())) for s in team] for team in teams]
    rated = _MODEL.rate(models, ranks=ranks)
    out: dict[str, Rating] = {}
    for team, new_team in zip(teams, rated):
        for s, r in zip(team, new_team):
            if abandoned and s.player not in abandoned:
                continue  # the others' results in an abandoned game are excluded
            old = ratings.get(s.player, Rating())
            out[s.player] = Rating(r.mu, r.sigma, old.games + 1)
    return out


def _model_rating(r: Rating):
    return _MODEL.rating(mu=r.mu, sigma=r.sigma)


@dataclass(frozen=True)
class LeaderboardRow:
    rank: int
    player: str
    rating: Rating


def leaderboard(ratings: Mapping[str, Rating], *, limit: int | None = None) -> list[LeaderboardRow]:
    """Established ratings first, by ordinal (best first; equal ordinals share a rank), then the
    provisional ones by ordinal; ties in order by more games, then player id."""
    ordered = sorted(ratings.items(), key=lambda kv: (kv[1].provisional, -kv[1].ordinal, -kv[1].games, kv[0]))
    rows: list[LeaderboardRow] = []
    for i, (player, rating) in enumerate(ordered):
        previous = rows[-1] if rows else None
        same = previous is not None and previous.rating.provisional == rating.provisional \
            and previous.rating.ordinal == rating.ordinal
        rows.append(LeaderboardRow(previous.rank if same else i + 1, player, rating))
    return rows[:limit] if limit is not None else rows
