"""The tables of the rules page's section C, read once from the JSON files in ``data/``.

Every number the rules page marks INVENTED lives in those files, not in code: the pitch cards
(``pitches.json``, C2), the grid, count, bat card and advantages (``grid.json``, C1/C4/C5), the hit
courses (``courses.json``, C6), bunts and challenge plays (``plays.json``, C7/C8) and the teams
(``teams.json``, C9). The files are package data, read at import like a constant.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, NamedTuple

_DIR = Path(__file__).with_name("data")


def _load(name: str) -> dict[str, Any]:
    with open(_DIR / name, encoding="utf-8") as handle:
        return json.load(handle)


class Card(NamedTuple):
    """A pitch card: its number, its name keys for a right- and a left-handed pitcher, its
    offset for a right-hander, whether that offset mirrors for a left-hander, its steal group."""

    number: int
    key: str
    left_key: str
    offset: tuple[int, int]
    mirror: bool
    group: str


class Batter(NamedTuple):
    number: int
    position: str
    av: str
    hr: str
    run: str
    bats: str  # "R", "L" or "S" (switch)


class Pitcher(NamedTuple):
    number: int
    throws: str  # "R" or "L"
    cards: tuple[int, ...]


class Team(NamedTuple):
    key: str
    batters: tuple[Batter, ...]
    pitchers: tuple[Pitcher, ...]

    def batter(self, number: int) -> Batter:
        return self.batters[number - 1]

    def pitcher(self, number: int) -> Pitcher:
        for pitcher in self.pitchers:
            if pitcher.number == number:
                return pitcher
        raise KeyError(number)


_PITCHES = _load("pitches.json")
CARDS: dict[int, Card] = {
    c["number"]: Card(c["number"], c["key"], c.get("left_key", c["key"]), tuple(c["offset"]), c["mirror"], c["group"])
    for c in _PITCHES["cards"]
}
STRAIGHT = 1

GRID = _load("grid.json")
SIZE: int = GRID["size"]
ZONE_X: tuple[int, int] = tuple(GRID["zone"]["x"])
ZONE_Y: tuple[int, int] = tuple(GRID["zone"]["y"])
BALLS_FOR_WALK: int = GRID["count"]["balls_for_walk"]
STRIKES_FOR_OUT: int = GRID["count"]["strikes_for_out"]
OUTS_PER_HALF: int = GRID["count"]["outs_per_half"]
DROPPED_ROWS: frozenset[int] = frozenset(GRID["dropped_third_strike_rows"])
SPOTS: tuple[dict[str, Any], ...] = tuple(GRID["bat"]["spots"])
GRADE_POINTS: dict[str, int] = GRID["grade_points"]
BA_RULE: dict[str, Any] = GRID["batting_advantage"]
CA_RULE: dict[str, Any] = GRID["course_advantage"]
HIT_TOTAL: dict[str, int] = GRID["hit_total"]

COURSES: dict[str, dict[int, dict[str, Any]]] = {
    lane: {int(cell): entry for cell, entry in cells.items()}
    for lane, cells in _load("courses.json").items() if not lane.startswith("_")
}

_PLAYS = _load("plays.json")
BUNT: dict[str, Any] = _PLAYS["bunt"]
CHALLENGE: dict[str, Any] = _PLAYS["challenge"]

TEAMS: dict[str, Team] = {
    t["key"]: Team(
        t["key"],
        tuple(Batter(b["number"], b["position"], b["av"], b["hr"], b["run"], b["bats"]) for b in t["batters"]),
        tuple(Pitcher(p["number"], p["throws"], tuple(p["cards"])) for p in t["pitchers"]),
    )
    for t in _load("teams.json")["teams"]
}
TEAM_KEYS: tuple[str, ...] = tuple(TEAMS)
ACE = 1


def card_name(number: int, throws: str) -> str:
    """The name key of a card in a pitcher's hand: cards 8 and 9 swap names for a left-hander."""
    card = CARDS[number]
    return card.left_key if throws == "L" else card.key
