"""The fixed facts of Middle Ages: the eight estates and the data files of tiles and event cards.

Rules page §3.1 (estates and their left-to-right order on the fief board), §3.2 (plot tiles),
§3.3 (event cards), §6 (base income per estate). The published tile list and event cards are not
public, so ``data/tiles.json`` and ``data/events.json`` hold the project's own set; a real set can
replace those files without a code change. :func:`load_tiles` and :func:`load_events` check the
invariants the engine relies on and raise ``ValueError`` naming what is wrong.
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any, NamedTuple

#: §3.1: the estates in their left-to-right column order on the fief board (index = estate id).
ESTATES = ("field", "mill", "village", "rampart", "market", "barracks", "church", "palace")
FIELD, MILL, VILLAGE, RAMPART, MARKET, BARRACKS, CHURCH, PALACE = range(8)
ESTATE_BY_NAME = {name: i for i, name in enumerate(ESTATES)}

#: §6: the estates whose tiles an estate's income counts (before plot tokens), and its rate.
BASE_COUNTED: tuple[frozenset[int], ...] = (
    frozenset({FIELD}),
    frozenset({MILL}),
    frozenset({VILLAGE, RAMPART}),
    frozenset({RAMPART, FIELD}),
    frozenset({MARKET, MILL}),
    frozenset({BARRACKS, VILLAGE}),
    frozenset({CHURCH}),
    frozenset({PALACE}),
)
BASE_RATE = (2, 2, 2, 2, 2, 2, 3, 3)

BLUE, ORANGE = "blue", "orange"
DECK_SIZES = {BLUE: 52, ORANGE: 32}
ICONS = ("farmer", "chest")
EVENT_COUNT = 15
#: The primitive operations an event card is built from (rules page §3.3), with their fields.
EVENT_OPS: dict[str, tuple[str, ...]] = {
    "gain_per_tile": ("estate", "amount"),
    "pay_per_tile": ("estate", "amount"),
    "gain_per_icon": ("icon", "amount"),
    "gain_per_kind": ("amount",),
    "pay": ("amount",),
    "lose_tiles": ("estate", "count"),
    "majority": ("estate", "amount"),
    "minority": ("estate", "amount"),
    "minority_lose": ("estate", "count"),
}
LEFTMOST = "leftmost"


class Tile(NamedTuple):
    """One plot tile (§3.2). ``id`` is its index in the data file."""

    id: int
    deck: str
    number: int
    estate: int
    farmers: int
    chests: int


class EventCard(NamedTuple):
    """One event card (§3.3): ``ops`` are dicts such as ``{"op": "pay", "amount": 4}``."""

    id: str
    index: int
    name: dict[str, str]
    ops: tuple[dict[str, Any], ...]


def _read(name: str) -> Any:
    return json.loads(resources.files("games.middle_ages").joinpath("data", name).read_text(encoding="utf-8"))


def load_tiles(raw: Any = None) -> tuple[Tile, ...]:
    """The tiles of ``data/tiles.json`` (or of ``raw``), checked: 52 blue and 32 orange tiles,
    known estates, non-negative icons. Numbers may repeat (a transcribed set may print the same
    number on several tiles): rows put equal numbers in tile-id order (§3.2, :func:`sort_key`).
    Raises ``ValueError``."""
    raw = _read("tiles.json") if raw is None else raw
    tiles = []
    for i, entry in enumerate(raw["tiles"]):
        deck, estate = entry.get("deck"), entry.get("estate")
        if deck not in DECK_SIZES:
            raise ValueError(f"tile {i}: unknown deck {deck!r}")
        if estate not in ESTATE_BY_NAME:
            raise ValueError(f"tile {i}: unknown estate {estate!r}")
        farmers, chests, number = int(entry.get("farmers", 0)), int(entry.get("chests", 0)), int(entry["number"])
        if farmers < 0 or chests < 0:
            raise ValueError(f"tile {i}: icons cannot be negative")
        tiles.append(Tile(i, deck, number, ESTATE_BY_NAME[estate], farmers, chests))
    for deck, size in DECK_SIZES.items():
        count = sum(1 for t in tiles if t.deck == deck)
        if count != size:
            raise ValueError(f"the {deck} deck has {count} tiles, not {size}")
    return tuple(tiles)


def load_events(raw: Any = None) -> tuple[EventCard, ...]:
    """The event cards of ``data/events.json`` (or of ``raw``), checked: 15 cards, each op known
    with its fields. Raises ``ValueError``."""
    raw = _read("events.json") if raw is None else raw
    cards = []
    for index, entry in enumerate(raw["events"]):
        ops = []
        for op in entry["ops"]:
            fields = EVENT_OPS.get(op.get("op"))
            if fields is None:
                raise ValueError(f"event {entry['id']}: unknown operation {op.get('op')!r}")
            for name in fields:
                if name not in op:
                    raise ValueError(f"event {entry['id']}: {op['op']} needs {name}")
            if "estate" in fields and op["estate"] not in ESTATE_BY_NAME and not (
                    op["op"] == "lose_tiles" and op["estate"] == LEFTMOST):
                raise ValueError(f"event {entry['id']}: unknown estate {op['estate']!r}")
            if "icon" in fields and op["icon"] not in ICONS:
                raise ValueError(f"event {entry['id']}: unknown icon {op['icon']!r}")
            ops.append(dict(op))
        if not ops or set(entry["name"]) < {"en", "ja"}:
            raise ValueError(f"event {entry.get('id')}: needs operations and a name in en and ja")
        cards.append(EventCard(str(entry["id"]), index, dict(entry["name"]), tuple(ops)))
    if len(cards) != EVENT_COUNT or len({c.id for c in cards}) != EVENT_COUNT:
        raise ValueError(f"there must be {EVENT_COUNT} distinct event cards, not {len(cards)}")
    return tuple(cards)


TILES = load_tiles()
EVENTS = load_events()
BLUE_IDS = tuple(t.id for t in TILES if t.deck == BLUE)
ORANGE_IDS = tuple(t.id for t in TILES if t.deck == ORANGE)


def sort_key(tile_id: int) -> tuple[int, int]:
    """§3.2: a row is laid out by ascending number; equal numbers (a future data set) by tile id."""
    return TILES[tile_id].number, tile_id
