"""Madeira's board data, read from ``data/board.json`` (rules page §2-§3, §5, §13, §14).

Every printed number the engine uses lives in that file; nothing here or elsewhere in the game
hard-codes a board value. Where the public sources lack a number (rules page §16), the file holds
the project's placeholder and names it in ``placeholders`` (listed in the rules help), so a
verified set replaces the file with no code change.

:func:`load` validates the file and returns a :class:`Board`; :data:`BOARD` is the shipped one.
A malformed file raises ``ValueError`` naming the entry, so a bad data set never starts a game.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

DATA_FILE = Path(__file__).with_name("data") / "board.json"


@dataclass(frozen=True)
class Field:
    id: str
    region: int                  # 1-3, 0 for the Forest
    good: str | None             # printed good; None for the Forest
    converts: str | None         # good it becomes at the end of ``convert_round`` when clear of wood
    convert_round: int | None
    wood: Mapping[int, int]      # wood at set-up by player count
    forest: bool


@dataclass(frozen=True)
class Building:
    id: str
    order: int                   # Phase C resolution number - 1
    region: int
    empty_round: int             # the round in which it gets no character tile
    action: str                  # bread | city | colony | flip | watch
    params: Mapping[str, Any]


@dataclass(frozen=True)
class City:
    id: str
    income: str                  # bread | reals | wood (Mayor)
    per_worker: int
    per_citizen: int
    urbanization: tuple[int, int]  # (majority, otherwise with a worker)
    district_costs: tuple[int | None, ...]  # wood per district; None = built at the start


@dataclass(frozen=True)
class Colony:
    id: str
    good: str                    # income per worker on the Colony Land
    pp: Mapping[int, int]        # Expeditions PP per ship by round
    slots: tuple[tuple[int, int], ...]  # (wine cost, minimum players)


@dataclass(frozen=True)
class Market:
    id: str
    good: str
    pp: Mapping[int, int]        # Market Routes PP per ship by round
    slots: tuple[tuple[tuple[tuple[int, int], ...], int], ...]  # ((cost, reward) options, min players)


@dataclass(frozen=True)
class Count:
    """What depends on the player count (rules page §14)."""

    guild_rows: tuple[tuple[str, ...], ...]
    passing: tuple[int, ...]     # indices into Board.passing_slots
    dice_limit: int
    base_cost: int
    pirate_penalties: tuple[int, ...]
    request_heads: int


@dataclass(frozen=True)
class Board:
    raw: Mapping[str, Any]
    placeholders: tuple[str, ...]
    start: Mapping[str, Any]
    counts: Mapping[int, Count]
    passing_slots: tuple[Mapping[str, Any], ...]
    goods: tuple[str, ...]
    fields: tuple[Field, ...]
    buildings: tuple[Building, ...]
    tier2_workers: int
    characters: tuple[str, ...]
    printed_character: str
    character_moves: Mapping[str, int]
    harvest_plus: int
    cities: tuple[City, ...]
    spots_per_district: int
    citizen_spot: int            # 1-based spot of each city's neutral citizen at set-up
    colonies: tuple[Colony, ...]
    markets: tuple[Market, ...]
    windmill: Mapping[str, Any]
    guilds: tuple[str, ...]
    favors: Mapping[str, str]    # favor id -> guild
    favor_values: Mapping[str, int]
    kings_rewards: Mapping[str, Any]
    watch_discard: int
    honor_pp: int
    requests: Mapping[str, Any]
    wood_prices: tuple[int, ...]
    pirates: Mapping[str, int]
    reals_per_pp: int
    rounds: int

    # -- derived lookups --------------------------------------------------------------------

    @property
    def field_index(self) -> dict[str, int]:
        return {f.id: i for i, f in enumerate(self.fields)}

    @property
    def forest(self) -> int:
        return next(i for i, f in enumerate(self.fields) if f.forest)

    def region_fields(self, region: int) -> list[int]:
        return [i for i, f in enumerate(self.fields) if f.region == region and not f.forest]

    @property
    def spots(self) -> int:
        return self.spots_per_district * len(self.cities[0].district_costs)

    def wood_cost(self, bought_before: int, count: int) -> int:
        """Reals for ``count`` more wood when ``bought_before`` were bought this turn (§3.13);
        beyond the printed table the price goes on as triangular numbers (§16 U14)."""
        return _cumulative(self.wood_prices, bought_before + count) - _cumulative(self.wood_prices, bought_before)


def _cumulative(prices: tuple[int, ...], n: int) -> int:
    if n <= len(prices):
        return prices[n - 1] if n > 0 else 0
    return n * (n + 1) // 2 + (prices[-1] - len(prices) * (len(prices) + 1) // 2)


def _need(data: Mapping[str, Any], key: str, where: str) -> Any:
    if key not in data or data[key] is None and key not in ("good", "action"):
        raise ValueError(f"Madeira board data: {where} lacks {key!r}")
    return data[key]


def load(path: Path | str = DATA_FILE, data: Mapping[str, Any] | None = None) -> Board:
    """Read and check a board data file (or an already parsed ``data``)."""
    if data is None:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    fields = []
    for entry in _need(data, "fields", "the file"):
        where = f"field {entry.get('id')!r}"
        wood = {int(k): int(v) for k, v in _need(entry, "wood", where).items()}
        if set(wood) != {2, 3, 4} or min(wood.values()) < 0:
            raise ValueError(f"Madeira board data: {where} needs wood for 2, 3 and 4 players")
        fields.append(Field(str(entry["id"]), int(_need(entry, "region", where)), entry.get("good"),
                            entry.get("converts"), entry.get("convert_round"), wood, bool(entry.get("forest"))))
    if sum(1 for f in fields if f.forest) != 1:
        raise ValueError("Madeira board data: exactly one field must be the Forest")
    buildings = []
    for order, entry in enumerate(_need(data, "buildings", "the file")):
        params = {k: v for k, v in entry.items() if k not in ("id", "region", "empty_round", "action")}
        buildings.append(Building(str(entry["id"]), order, int(entry["region"]), int(entry["empty_round"]),
                                  str(entry["action"]), params))
    cities = tuple(City(str(c["id"]), str(c["income"]), int(c["per_worker"]), int(c["per_citizen"]),
                        (int(c["urbanization"][0]), int(c["urbanization"][1])),
                        tuple(None if v is None else int(v) for v in c["district_costs"]))
                   for c in _need(data, "cities", "the file"))
    colonies = tuple(Colony(str(c["id"]), str(c["good"]), {int(k): int(v) for k, v in c["pp"].items()},
                            tuple((int(s["wine"]), int(s["min_players"])) for s in c["slots"]))
                     for c in _need(data, "colonies", "the file"))
    markets = tuple(Market(str(m["id"]), str(m["good"]), {int(k): int(v) for k, v in m["pp"].items()},
                           tuple((tuple((int(a), int(b)) for a, b in s["options"]), int(s["min_players"]))
                                 for s in m["slots"]))
                    for m in _need(data, "markets", "the file"))
    counts = {}
    for key, entry in _need(data, "players", "the file").items():
        counts[int(key)] = Count(tuple(tuple(row) for row in entry["guild_rows"]), tuple(entry["passing"]),
                                 int(entry["dice_limit"]), int(entry["base_cost"]),
                                 tuple(entry["pirate_penalties"]), int(entry["request_heads"]))
    guilds = tuple(_need(data, "guilds", "the file"))
    favors = {str(f["id"]): str(f["guild"]) for f in _need(data, "favors", "the file")}
    board = Board(
        raw=data, placeholders=tuple(data.get("placeholders", ())), start=dict(_need(data, "start", "the file")),
        counts=counts, passing_slots=tuple(_need(data, "passing_slots", "the file")),
        goods=tuple(_need(data, "goods", "the file")), fields=tuple(fields), buildings=tuple(buildings),
        tier2_workers=int(_need(data, "tier2_workers", "the file")),
        characters=tuple(_need(data, "characters", "the file")),
        printed_character=str(_need(data, "printed_character", "the file")),
        character_moves=dict(_need(data, "character_moves", "the file")),
        harvest_plus=int(_need(data, "harvest_plus", "the file")),
        cities=cities, spots_per_district=int(_need(data, "spots_per_district", "the file")),
        citizen_spot=int(_need(data, "citizen_spot", "the file")), colonies=colonies, markets=markets,
        windmill=dict(_need(data, "windmill", "the file")), guilds=guilds, favors=favors,
        favor_values=dict(_need(data, "favor_values", "the file")),
        kings_rewards=dict(_need(data, "kings_rewards", "the file")),
        watch_discard=int(_need(data, "watch_discard", "the file")), honor_pp=int(_need(data, "honor_pp", "the file")),
        requests=dict(_need(data, "requests", "the file")),
        wood_prices=tuple(int(v) for v in _need(data, "wood_prices", "the file")),
        pirates=dict(_need(data, "pirates", "the file")), reals_per_pp=int(_need(data, "reals_per_pp", "the file")),
        rounds=int(_need(data, "rounds", "the file")),
    )
    _check(board)
    return board


def _check(board: Board) -> None:
    """Cross-checks that keep the engine's assumptions true for any data set."""
    problems = []
    if len(board.buildings) != board.rounds:
        problems.append("one building per round is left empty, so there must be as many buildings as rounds")
    if sorted(b.empty_round for b in board.buildings) != list(range(1, board.rounds + 1)):
        problems.append("each round must leave exactly one building empty")
    if len(board.characters) != len(board.buildings) - 1:
        problems.append("there must be one character tile per building but one")
    for n, count in board.counts.items():
        if len(count.guild_rows) != n or len(count.passing) != n or len(count.pirate_penalties) != n:
            problems.append(f"{n} players need {n} guild rows, passing slots and pirate penalties")
        for row in count.guild_rows:
            for guild in row:
                if guild not in board.guilds:
                    problems.append(f"unknown guild {guild!r} on the {n}-player guild board")
        heads = sum(1 for r in board.requests["regular"] if r["heads"] <= count.request_heads)
        if heads != n * board.requests["row_size"]:
            problems.append(f"{n} players need {n * board.requests['row_size']} regular requests, not {heads}")
        if len(board.requests["starting"]) < n:
            problems.append(f"{n} players need {n} starting requests")
    for favor, guild in board.favors.items():
        if guild not in board.guilds:
            problems.append(f"favor {favor!r} belongs to an unknown guild {guild!r}")
    unbuilt = sum(1 for c in board.cities for cost in c.district_costs if cost is not None)
    if unbuilt != len(board.favors):
        problems.append(f"{unbuilt} unbuilt districts but {len(board.favors)} favors")
    crowns = [r["crowns"] for r in board.requests["starting"]]
    if len(set(crowns)) != len(crowns):
        problems.append("starting requests need distinct crown counts to name the first player")
    kr = board.kings_rewards
    if kr.get("A") and kr.get("B"):
        if len(kr["A"]) < len(board.colonies) or len(kr["B"]) < len(board.colonies):
            problems.append("each colony needs one A and one B King's Reward")
    elif len(kr["pool"]) < kr["per_colony"] * len(board.colonies):
        problems.append("too few King's Rewards for the colonies")
    for f in board.fields:
        if not f.forest and (f.good not in board.goods or f.region not in (1, 2, 3)):
            problems.append(f"field {f.id!r} needs a good and a region 1-3")
    if problems:
        raise ValueError("Madeira board data: " + "; ".join(problems))


BOARD = load()
