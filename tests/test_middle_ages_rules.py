"""Middle Ages rules (shared/rules/middle_ages.md) as scenarios in the game's notation.

Tiles are named by their number in ``games/middle_ages/data/tiles.json`` (the project's own set),
so ``14`` below is the blue field tile #14 with two farmers. :func:`table` builds a position in
the middle of a game from those numbers and puts every other tile of the game in the draw pile,
so tile conservation holds in every scenario.
"""

from __future__ import annotations

import json

import pytest

from games.errors import (
    AmbiguousMove,
    IllegalMove,
    MalformedMove,
    NotYourTurn,
    SetupError,
)
from games.messages import CATALOGUE, Text
from games.middle_ages import GAME as ma
from games.middle_ages import data, estates, events, market, rules, scoring
from games.middle_ages.data import (
    BLUE_IDS,
    ESTATE_BY_NAME,
    ESTATES,
    EVENTS,
    ORANGE_IDS,
    TILES,
)
from games.middle_ages.state import DECIDE, MOVE, OVER, PLACE
from tests.play import play, random_game

E = ESTATE_BY_NAME
BY_NUMBER = {t.number: t.id for t in TILES}


def tid(number: int) -> int:
    return BY_NUMBER[number]


def num(tile_id: int) -> int:
    return TILES[tile_id].number


def table(n=3, *, round=1, rows=None, lords=None, fiefs=None, graveyards=None, coins=None, scouts=None,
          options=None, turn=0, events_order=None):
    """A position at the start of a turn in ``round`` (phase ``move``), from tile numbers.

    ``rows`` maps a row (1-4) to its slots (numbers or ``None``); unnamed rows are filled with the
    lowest unused numbers. ``lords`` maps a seat to its 1-based ``(row, col)``; by default seat k
    stands on column k+1 of the current row. ``fiefs`` and ``graveyards`` map a seat to numbers.
    Every other tile of the game goes to the draw pile (orange apart for 4-5 players)."""
    s = ma.new_game(n, options or {})
    cur = market.current_row(round)
    named = set()
    for numbers in list((rows or {}).values()) + list((fiefs or {}).values()) + list((graveyards or {}).values()):
        named.update(tid(x) for x in numbers if x is not None)
    # Unnamed rows take decision-free tiles first (field, mill, market), lowest numbers first.
    simple = {E["field"], E["mill"], E["market"]}
    pool = sorted((t for t in BLUE_IDS if t not in named),
                  key=lambda t: (TILES[t].estate in simple, -TILES[t].number))
    s.rows = []
    for r in range(4):
        if rows and r + 1 in rows:
            s.rows.append([None if x is None else tid(x) for x in rows[r + 1]])
        else:
            s.rows.append(sorted((pool.pop() for _ in range(n + 1)), key=data.sort_key))
    s.estates = [[[] for _ in ESTATES] for _ in range(n)]
    for seat, numbers in (fiefs or {}).items():
        for x in numbers:
            s.estates[seat][TILES[tid(x)].estate].append(tid(x))
    s.graveyards = [[tid(x) for x in (graveyards or {}).get(seat, [])] for seat in range(n)]
    s.lords = [[cur, seat] for seat in range(n)]
    for seat, (r, c) in (lords or {}).items():
        s.lords[seat] = [r - 1, c - 1]
    s.scouts = [None] * n
    for seat, (r, c) in (scouts or {}).items():
        s.scouts[seat] = [r - 1, c - 1]
    s.coins = list(coins or [0] * n)
    s.draw = list(pool)
    s.orange = [t for t in ORANGE_IDS if t not in named] if n >= 4 else []
    s.discard = []
    for col, tile in enumerate(s.rows[cur]):  # §5.0: the unclaimed tile is already discarded
        if tile is not None and [cur, col] not in s.lords:
            s.rows[cur][col] = None
            s.discard.append(tile)
    if events_order is not None:
        s.events = [next(c.index for c in EVENTS if c.id == name) for name in events_order]
    s.round, s.phase, s.turn = round, MOVE, turn
    s.order = sorted(range(n), key=lambda seat: s.lords[seat][1])
    s.taken = [None] * n
    return s


def keys(evs):
    return [e.key for e in evs]


def events_named(evs, suffix):
    return [e for e in evs if e.key.endswith(suffix)]


# -- data -------------------------------------------------------------------------------------------


def test_the_project_tile_set_keeps_its_invariants():
    blue = [t for t in TILES if t.deck == "blue"]
    orange = [t for t in TILES if t.deck == "orange"]
    assert (len(blue), len(orange)) == (52, 32)
    numbers = sorted(t.number for t in TILES)
    assert numbers == sorted(set(numbers)) and all(isinstance(x, int) for x in numbers)
    assert max(t.number for t in blue) < min(t.number for t in orange)  # blue 1-52, orange 53-84
    for deck in (blue, orange):
        assert {t.estate for t in deck} == set(range(8))  # every type in each deck
        farmers = sum(1 for t in deck if t.farmers) / len(deck)
        chests = sum(1 for t in deck if t.chests) / len(deck)
        assert 0.3 <= farmers <= 0.65 and 0.3 <= chests <= 0.65, (farmers, chests)
        assert all(t.farmers + t.chests <= 3 for t in deck)
        assert sum(1 for t in deck if not t.farmers and not t.chests) >= len(deck) // 5
        ordered = sorted(deck, key=lambda t: t.number)
        half = len(ordered) // 2
        icons = [sum(t.farmers + t.chests for t in part) for part in (ordered[:half], ordered[half:])]
        assert icons[1] >= icons[0]  # stronger tiles sit on the right of a row
    for estate in range(8):  # both icons occur on most estates, so no estate is icon-free
        of = [t for t in TILES if t.estate == estate]
        assert any(t.farmers for t in of) and any(t.chests for t in of)


def test_the_project_event_cards_use_every_operation_and_read_in_both_languages():
    assert len(EVENTS) == 15 and len({c.id for c in EVENTS}) == 15
    used = {op["op"] for card in EVENTS for op in card.ops}
    assert used == set(data.EVENT_OPS)
    for card in EVENTS:
        for lang in ("en", "ja"):
            assert CATALOGUE[f"middle_ages.card.{card.id}"][lang]
            assert "{" not in CATALOGUE[f"middle_ages.card.{card.id}.text"][lang]
    assert "every player gains 2 per field tile" in CATALOGUE["middle_ages.card.harvest.text"]["en"]
    assert "畑のタイル1枚につき2コイン" in CATALOGUE["middle_ages.card.harvest.text"]["ja"]


def test_a_broken_data_file_is_refused_with_the_reason():
    raw = json.loads((data.resources.files("games.middle_ages") / "data" / "tiles.json").read_text("utf-8"))
    short = {"tiles": raw["tiles"][1:]}
    with pytest.raises(ValueError, match="blue deck has 51 tiles"):
        data.load_tiles(short)
    bad = {"tiles": [dict(raw["tiles"][0], estate="moat")] + raw["tiles"][1:]}
    with pytest.raises(ValueError, match="unknown estate 'moat'"):
        data.load_tiles(bad)
    cards = json.loads((data.resources.files("games.middle_ages") / "data" / "events.json").read_text("utf-8"))
    cards["events"][0]["ops"] = [{"op": "teleport"}]
    with pytest.raises(ValueError, match="unknown operation 'teleport'"):
        data.load_events(cards)


def test_a_transcribed_tile_set_with_repeated_numbers_loads_and_rows_sort_equal_numbers_by_tile_id(monkeypatch):
    """Issue 13.8 (rules page §3.2): numbers need not be distinct; equal numbers sort by tile id."""
    from itertools import pairwise

    import games.middle_ages as package
    from games.middle_ages import estates, events, rules

    raw = json.loads((data.resources.files("games.middle_ages") / "data" / "tiles.json").read_text("utf-8"))
    # Every number printed on two tiles (1, 1, 2, 2, ...), as a transcription might find them.
    twins = {"tiles": [dict(entry, number=1 + i // 2) for i, entry in enumerate(raw["tiles"])]}
    tiles = data.load_tiles(twins)
    assert len(tiles) == 84 and tiles[0].number == tiles[1].number == 1
    for module in (data, market, rules, estates, events, package):
        monkeypatch.setattr(module, "TILES", tiles)
    assert sorted([3, 2, 1, 0], key=data.sort_key) == [0, 1, 2, 3]
    s = ma.new_game(3, {}, seed=11)
    for row in s.rows:
        assert row == sorted(row, key=lambda t: (tiles[t].number, t))
    assert any(tiles[a].number == tiles[b].number for row in s.rows for a, b in pairwise(row))
    while ma.to_act(s):  # the whole game plays with it
        (seat,) = ma.to_act(s)
        s, _ = ma.apply(s, seat, ma.legal_moves(s, seat)[-1])
        for row in s.rows:
            laid = [t for t in row if t is not None]
            assert laid == sorted(laid, key=lambda t: (tiles[t].number, t))
    assert ma.result(s) is not None


# -- set-up ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_setup_lays_four_sorted_rows_of_players_plus_one(n):
    s = ma.new_game(n, {}, seed=7)
    assert len(s.rows) == 4 and all(len(row) == n + 1 for row in s.rows)
    for row in s.rows:
        assert [num(t) for t in row] == sorted(num(t) for t in row)
    used = [t for row in s.rows for t in row] + s.draw + s.orange
    if n <= 3:  # §4.1: 2-3 players use only the blue tiles
        assert sorted(used) == sorted(BLUE_IDS) and s.orange == []
    else:  # 4-5 players: blue draw pile, orange apart
        assert sorted(used) == sorted(BLUE_IDS + ORANGE_IDS) and sorted(s.orange) == sorted(ORANGE_IDS)
        assert all(TILES[t].deck == "blue" for row in s.rows for t in row)
    assert len(s.events) == 4 and len(set(s.events)) == 4
    assert s.coins == [0] * n and (s.coin_supply, s.plot_supply) == (8, 8)
    assert s.phase == PLACE and sorted(s.order) == list(range(n))
    assert ma.to_act(s) == {s.order[0]}


def test_placement_order_is_random_and_each_lord_takes_its_own_tile_of_row_one():
    assert len({tuple(ma.new_game(4, {}, seed).order) for seed in range(20)}) > 5
    s = ma.new_game(3, {}, seed=1)
    first, second, third = s.order
    s, _ = play(ma, s, f"{first} go 3")
    with pytest.raises(IllegalMove, match="lord of player"):
        ma.apply(s, second, ma.parse_move(s, "go 3"))
    assert [m.a for m in ma.legal_moves(s, second)] == [1, 2, 4]
    s, evs = play(ma, s, f"{second} go 1", f"{third} go 4")
    # Round 1: the tile nobody stands on (column 2) is discarded, and turn order is by column.
    assert s.round == 1 and s.phase == MOVE and s.rows[0][1] is None and len(s.discard) == 1
    assert s.order == [second, first, third] and ma.to_act(s) == {second}
    assert "middle_ages.ev.discard" in keys(evs) and "middle_ages.ev.round" in keys(evs)


# -- the turn ----------------------------------------------------------------------------------------


def test_a_turn_moves_the_lord_takes_the_tile_left_and_places_it_in_its_estate():
    # Row 1 holds field #11 (seat 0), village #24 (seat 1), church #45 (seat 2), discarded #48.
    s = table(3, rows={1: [11, 24, 45, None], 2: [2, 3, 5, 6]})
    s, evs = play(ma, s, "0 go 3")
    assert s.lords[0] == [1, 2] and s.rows[0][0] is None
    assert s.estates[0][E["field"]] == [tid(11)]
    assert ma.to_act(s) == {1}
    # The field effect (1 farmer on #11) then the income (1 field x 2).
    assert keys(evs) == ["middle_ages.ev.take.field", "middle_ages.ev.field", "middle_ages.ev.income.field"]
    assert s.coins[0] == 1 + 2
    with pytest.raises(IllegalMove, match="lord of player 1"):
        ma.apply(s, 1, ma.parse_move(s, "go 3"))


def test_turn_order_follows_the_row_and_the_lords_wrap_from_row_four_to_row_one():
    s = table(3, round=4, lords={0: (4, 3), 1: (4, 1), 2: (4, 2)})
    assert s.order == [1, 2, 0]
    assert market.next_row(4) == 0 and market.current_row(5) == 0
    s, _ = play(ma, s, "1 go 1", "2 go 2", "0 go 4")
    assert s.round == 5 and s.order == [1, 2, 0]  # columns 1, 2, 4 of row 1
    assert all(s.lords[p][0] == 0 for p in range(3))


def test_round_sixteen_has_no_move_and_the_game_ends_after_its_event():
    # Rows 1-3 are empty at the end of the game; the lords stand on row 4.
    s = table(3, round=16, rows={1: [None] * 4, 2: [None] * 4, 3: [None] * 4, 4: [11, 2, 34, None]},
              events_order=["harvest", "fair", "census", "charter"])
    s.events_done = 3
    # Round 16 turns need no decision here: the engine plays them by itself.
    state = s
    happened = []
    rules.run(state, happened)
    assert state.phase == OVER and ma.to_act(state) == frozenset()
    assert [num(t) for t in state.estates[0][E["field"]]] == [11]
    keys_run = [k for k, _ in happened]
    assert "middle_ages.ev.card.charter" in keys_run and keys_run[-1] == "middle_ages.ev.penalty"
    assert "middle_ages.ev.refill" not in keys_run  # no refill after round 12
    result = ma.result(state)
    # Each player took a field (1, 0, 0 farmers) and earned 2; the charter pays 2 per estate with a tile.
    assert state.coins == [1 + 2 + 2, 0 + 2 + 2, 0 + 2 + 2]
    assert result.scores == [5 - 70, 4 - 70, 4 - 70]


def test_a_decision_in_round_sixteen_is_still_the_players():
    s = table(3, round=16, rows={1: [None] * 4, 2: [None] * 4, 3: [None] * 4, 4: [8, 2, 34, None]})
    s.events_done = 3
    happened = []
    rules.run(s, happened)
    assert s.phase == DECIDE and ma.to_act(s) == {0}  # church #8: where does the token go?
    assert {m.kind for m in ma.legal_moves(s, 0)} == {"coin"}
    s, _ = play(ma, s, "0 coin church")
    assert ma.result(s) is not None


# -- estates: effects and income ---------------------------------------------------------------------


def test_field_pays_one_coin_per_farmer_in_the_fief_then_two_per_field():
    # Fief: field #14 (2 farmers), market #21 (1 farmer, 2 chests), graveyard field #19 (ignored).
    s = table(3, rows={1: [11, 2, 34, None]}, fiefs={0: [14, 21]}, graveyards={0: [19]})
    s, evs = play(ma, s, "0 go 1")
    assert evs[1].params == {"seat": 0, "icons": 4, "coins": 4}  # 2 + 1 + #11's 1
    assert evs[2].params["coins"] == 2 * 2
    assert s.coins[0] == 8


@pytest.mark.parametrize("coin_token,plot,expected", [
    (0, [], 2 * 2),                 # 2 fields x 2
    (1, [], 2 * 3),                 # extra-coin token: x 3
    (0, ["market"], (2 + 1) * 2),   # plot token: fields count markets too
    (1, ["market"], (2 + 1) * 3),
])
def test_income_counts_plot_tokens_and_extra_coin_tokens(coin_token, plot, expected):
    s = table(3, rows={1: [11, 2, 34, None]}, fiefs={0: [14, 21]})
    s.coin_tokens[0][E["field"]] = coin_token
    s.plot_tokens[0][E["field"]] = [E[x] for x in plot]
    s, evs = play(ma, s, "0 go 1")
    assert events_named(evs, "income.field")[0].params["coins"] == expected


def test_mill_takes_two_coins_from_each_player_with_fewer_mills_or_all_they_have():
    # Seat 0 takes mill #5 and then has 2 mills; seat 1 has 1 mill and 5 coins, seat 2 none and 1 coin.
    s = table(4, rows={1: [5, 2, 34, 42, None]}, fiefs={0: [13], 1: [18], 3: [23, 33]}, coins=[0, 5, 1, 9])
    s, evs = play(ma, s, "0 go 1")
    assert s.coins[1] == 3 and s.coins[2] == 0 and s.coins[3] == 9  # seat 3 has as many mills: no payment
    assert [e.params for e in events_named(evs, "mill_pay")] == [
        {"seat": 1, "coins": 2, "to_seat": 0}, {"seat": 2, "coins": 1, "to_seat": 0}]
    assert s.coins[0] == 3 + 2 * 2  # payments, then 2 mills x 2


def test_market_pays_per_chest_and_counts_mills_in_its_income():
    # Market #6 (1 chest); fief: palace #40 (3 chests), mill #13 (1 chest).
    s = table(3, rows={1: [6, 2, 34, None]}, fiefs={0: [40, 13]})
    s, evs = play(ma, s, "0 go 1")
    assert events_named(evs, "ev.market")[0].params["coins"] == 5
    assert events_named(evs, "income.market")[0].params == {"seat": 0, "coins": 4, "tiles": 2, "rate": 2}
    s2 = table(3, rows={1: [6, 2, 34, None]}, fiefs={0: [40, 13]})
    s2.coin_tokens[0][E["market"]] = 1
    s2, evs = play(ma, s2, "0 go 1")
    assert events_named(evs, "income.market")[0].params["coins"] == 2 * 3


def test_village_revives_the_chosen_graveyard_tile_without_its_effect_or_income():
    # Graveyard: barracks #9 and church #45. Reviving them must attack nobody and place no token.
    s = table(3, rows={1: [24, 2, 34, None]}, fiefs={0: [1]}, graveyards={0: [9, 45]}, coins=[0, 5, 5])
    s, evs = play(ma, s, "0 go 1")
    assert s.phase == DECIDE and ma.to_act(s) == {0}
    assert keys(evs) == ["middle_ages.ev.take.village"]  # income waits for the decision
    assert ma.legal_moves(s, 0) == [ma.parse_move(s, "revive 1"), ma.parse_move(s, "revive 2")]
    with pytest.raises(IllegalMove, match=r"graveyard holds 2 tile\(s\)"):
        ma.apply(s, 0, ma.parse_move(s, "revive 3"))
    with pytest.raises(IllegalMove, match="village first brings back"):
        ma.apply(s, 0, ma.parse_move(s, "go 2"))
    s, evs = play(ma, s, "0 revive 1")
    assert s.estates[0][E["barracks"]] == [tid(9)] and s.graveyards[0] == [tid(45)]
    assert keys(evs)[:2] == ["middle_ages.ev.revive.barracks", "middle_ages.ev.income.village"]
    assert not [k for k in keys(evs) if "attack" in k or k.endswith("income.barracks") or "coin_token" in k]
    assert s.coins == [(1 + 1) * 2, 5, 5]  # village + rampart x 2; nobody was attacked
    assert ma.to_act(s) == {1}


def test_village_with_an_empty_graveyard_does_nothing_and_one_kind_of_tile_needs_no_choice():
    s = table(3, rows={1: [24, 2, 34, None]})
    s, evs = play(ma, s, "0 go 1")
    assert "middle_ages.ev.village_empty" in keys(evs) and ma.to_act(s) == {1}
    s = table(3, rows={1: [24, 2, 34, None]}, graveyards={0: [45]})
    s, evs = play(ma, s, "0 go 1")
    assert "middle_ages.ev.revive.church" in keys(evs) and s.coin_supply == 8
    assert ma.to_act(s) == {1}


def test_rampart_sends_the_scout_to_another_row_and_the_reservation_holds():
    # Seat 0 takes rampart #1 in round 1 and moves to row 2; the scout may go to rows 3 and 4 only.
    s = table(3, rows={1: [1, 2, 34, None], 2: [3, 4, 5, 6], 3: [7, 9, 10, 12]})
    s, _ = play(ma, s, "0 go 1")
    targets = {(m.a, m.b) for m in ma.legal_moves(s, 0)}
    assert targets == {(r, c) for r in (3, 4) for c in range(1, 5)}
    with pytest.raises(IllegalMove, match="your lord is in row 2"):
        ma.apply(s, 0, ma.parse_move(s, "scout 2-2"))
    with pytest.raises(IllegalMove, match="lord of player 2"):
        ma.apply(s, 0, ma.parse_move(s, "scout 1-2"))
    s, evs = play(ma, s, "0 scout 3-2")
    assert s.scouts[0] == [2, 1] and "middle_ages.ev.scout" in keys(evs)
    assert events_named(evs, "income.rampart")[0].params["coins"] == 1 * 2
    s, _ = play(ma, s, "1 go 2", "2 go 3")
    # Round 2: everyone moves to row 3, where the scout reserves column 2 for seat 0 only.
    assert s.round == 2 and s.order == [0, 1, 2]
    s, evs = play(ma, s, "0 go 1")  # seat 0 moves elsewhere: the reservation is cancelled
    assert s.scouts[0] is None and "middle_ages.ev.reservation_cancelled" in keys(evs)
    assert ma.parse_move(s, "go 2") in ma.legal_moves(s, 1)


def test_a_scouted_tile_is_closed_to_others_and_guaranteed_to_its_owner():
    s = table(3, round=2, rows={2: [2, 34, 42, None], 3: [3, 4, 5, 6]}, scouts={2: (3, 1)})
    with pytest.raises(IllegalMove, match="scout of player 3 reserves"):
        ma.apply(s, 0, ma.parse_move(s, "go 1"))
    assert [m.a for m in ma.legal_moves(s, 0)] == [2, 3, 4]
    s, _ = play(ma, s, "0 go 2", "1 go 3")
    s, evs = play(ma, s, "2 go 1")
    assert s.lords[2] == [2, 0] and s.scouts[2] is None
    assert "middle_ages.ev.reservation_used" in keys(evs)


def test_placing_the_scout_again_moves_it_or_keeps_it():
    s = table(3, rows={1: [1, 2, 34, None], 2: [3, 4, 5, 6]}, scouts={0: (4, 1)})
    s, _ = play(ma, s, "0 go 1")
    assert ma.parse_move(s, "scout 4-1") in ma.legal_moves(s, 0)  # its own tile: keep it
    kept, evs = play(ma, s, "0 scout 4-1")
    assert kept.scouts[0] == [3, 0] and "middle_ages.ev.scout_kept" in keys(evs)
    moved, _ = play(ma, s, "0 scout 3-3")
    assert moved.scouts[0] == [2, 2]  # one scout piece: the old reservation is gone


def test_barracks_attacks_players_with_fewer_ramparts_than_its_barracks():
    # Seat 0 takes barracks #9 and then has 2 barracks. Seat 1 has 2 ramparts (safe); seat 2 has
    # 1 rampart and two fields (#2 then #34): the latest field goes. Seat 3 has nothing but 1 coin.
    s = table(4, rows={1: [9, 10, 42, 45, None]}, fiefs={0: [29], 1: [15, 22, 11], 2: [2, 34, 48]},
              coins=[0, 4, 4, 1])
    s, evs = play(ma, s, "0 go 1")
    assert s.estates[1][E["field"]] == [tid(11)] and s.coins[1] == 4  # 2 ramparts: not attacked
    assert s.estates[2][E["field"]] == [tid(2)] and s.graveyards[2] == [tid(34)] and s.coins[2] == 2
    assert s.coins[3] == 0 and s.graveyards[3] == []
    assert [e.key for e in evs if "attack" in e.key] == ["middle_ages.ev.attack.field", "middle_ages.ev.attack_bare"]
    assert s.coins[0] == 2 + 1 + 2 * 2  # payments then (2 barracks + 0 villages) x 2


def test_barracks_takes_from_the_leftmost_estate_in_board_order_even_if_it_empties_it():
    # Seat 1's leftmost non-empty estate is the mill (no field): its only mill goes.
    s = table(3, rows={1: [9, 10, 42, None]}, fiefs={1: [45, 5, 3]})
    s, _ = play(ma, s, "0 go 1")
    assert s.estates[1][E["mill"]] == [] and s.graveyards[1] == [tid(5)]
    assert estates.empty_estates(s, 1) == 6  # the penalty for the mill is back


def test_barracks_victim_chooses_the_tile_with_the_option():
    s = table(3, rows={1: [9, 10, 42, None]}, fiefs={1: [14, 2, 19]}, coins=[0, 5, 5],
              options={"barracks_loss": "victim"})
    s, evs = play(ma, s, "0 go 1")
    assert ma.to_act(s) == {1} and s.phase == DECIDE
    assert s.coins[1] == 3 and "middle_ages.ev.attack_choose" in keys(evs)
    assert "middle_ages.ev.income.barracks" not in keys(evs)
    assert [ma.format_move(s, m) for m in ma.legal_moves(s, 1)] == ["lose 1", "lose 2", "lose 3"]
    with pytest.raises(NotYourTurn):
        ma.apply(s, 0, ma.parse_move(s, "lose 1"))
    s, evs = play(ma, s, "1 lose 1")  # the field with 2 farmers goes, not the latest one
    assert s.graveyards[1] == [tid(14)] and s.estates[1][E["field"]] == [tid(2), tid(19)]
    assert keys(evs)[:2] == ["middle_ages.ev.lost.field", "middle_ages.ev.income.barracks"]
    assert ma.to_act(s) == {1}  # seat 1's own turn comes next


def test_church_places_an_extra_coin_token_that_counts_at_once():
    s = table(3, rows={1: [45, 2, 34, None]}, fiefs={0: [8]})
    s, evs = play(ma, s, "0 go 1")
    assert s.phase == DECIDE and len(ma.legal_moves(s, 0)) == 8
    s, evs = play(ma, s, "0 coin church")
    assert s.coin_tokens[0][E["church"]] == 1 and s.coin_supply == 7
    assert events_named(evs, "income.church")[0].params == {"seat": 0, "coins": 2 * 4, "tiles": 2, "rate": 4}
    # One slot per estate by default: the church's is now taken.
    s2 = table(3, rows={1: [45, 2, 34, None]})
    s2.coin_tokens[0][E["church"]] = 1
    s2, _ = play(ma, s2, "0 go 1")
    with pytest.raises(IllegalMove, match="no free slot for an extra-coin token"):
        ma.apply(s2, 0, ma.parse_move(s2, "coin church"))
    stacked = table(3, rows={1: [45, 2, 34, None]}, options={"token_slots": 2})
    stacked.coin_tokens[0][E["church"]] = 1
    stacked, _ = play(ma, stacked, "0 go 1")
    stacked, evs = play(ma, stacked, "0 coin church")
    assert events_named(evs, "income.church")[0].params["rate"] == 5


def test_church_and_palace_do_nothing_once_their_supply_is_empty():
    s = table(3, rows={1: [45, 20, 34, None]})
    s.coin_supply = s.plot_supply = 0
    s, evs = play(ma, s, "0 go 1")
    assert "middle_ages.ev.coin_none" in keys(evs) and ma.to_act(s) == {1}
    s, evs = play(ma, s, "1 go 2")
    assert "middle_ages.ev.plot_none" in keys(evs) and s.coins[1] == 3


def test_palace_plot_token_makes_an_estate_count_another_type():
    s = table(3, rows={1: [20, 2, 34, None]}, fiefs={0: [11, 14, 45]})
    s, evs = play(ma, s, "0 go 1")
    assert s.phase == DECIDE and events_named(evs, "income.palace") == []
    legal = [ma.format_move(s, m) for m in ma.legal_moves(s, 0)]
    assert "plot field church" in legal and "plot rampart village" not in legal  # villages count ramparts
    with pytest.raises(IllegalMove, match="already counts"):
        ma.apply(s, 0, ma.parse_move(s, "plot rampart village"))
    s, evs = play(ma, s, "0 plot field church")
    assert s.plot_tokens[0][E["church"]] == [E["field"]] and s.plot_supply == 7
    assert events_named(evs, "income.palace")[0].params["coins"] == 1 * 3
    assert estates.income(s, 0, E["church"]) == ((1 + 2) * 3, 3)  # church + 2 fields, x 3
    # One token per estate by default, and with one_per_type each type is printed once.
    assert estates.plot_refusal(s, 0, E["mill"], E["church"]) == ("middle_ages.reason.plot_slot_full", {})
    strict = table(3, rows={1: [20, 2, 34, None]}, options={"plot_tokens": "one_per_type"})
    strict.plot_types_used = [E["field"]]
    strict, _ = play(ma, strict, "0 go 1")
    assert all(m.a != E["field"] for m in ma.legal_moves(strict, 0))
    with pytest.raises(IllegalMove, match="already in play"):
        ma.apply(strict, 0, ma.parse_move(strict, "plot field church"))


def test_every_estate_income_formula():
    fief = [11, 18, 24, 1, 10, 9, 45, 20]  # one tile of each estate, in board order
    s = table(3, fiefs={0: fief})
    assert [estates.income(s, 0, e)[0] for e in range(8)] == [2, 2, 4, 4, 4, 4, 3, 3]


# -- market refills and exhaustion -------------------------------------------------------------------


def test_rows_are_refilled_after_rounds_one_to_twelve_only():
    s = table(3, round=12, lords={0: (4, 1), 1: (4, 2), 2: (4, 3)})
    s, evs = play(ma, s, "0 go 1", "1 go 2", "2 go 3")
    assert "middle_ages.ev.refill" in keys(evs) and all(t is not None for t in s.rows[3])
    assert s.events_done == 1  # an event after round 12 (the one of round 4 was skipped here)
    s, evs = play(ma, s, "0 go 1", "1 go 2", "2 go 3")
    assert s.round == 14 and "middle_ages.ev.refill" not in keys(evs)
    assert s.rows[0] == [None] * 4


@pytest.mark.parametrize("n", [2, 3])
def test_two_or_three_players_reshuffle_the_discards_when_the_blue_tiles_run_out(n):
    s = table(n)
    s.draw, s.discard = s.draw[:2], s.draw[2:7]
    happened = []
    drawn = market.draw_tiles(s, 4, happened)
    assert len(drawn) == 4 and [k for k, _ in happened] == ["middle_ages.ev.reshuffle"]
    assert len(s.draw) == 3 and s.discard == [] and all(TILES[t].deck == "blue" for t in drawn)


@pytest.mark.parametrize("n", [4, 5])
def test_four_or_five_players_go_on_with_orange_then_the_discards(n):
    s = table(n)
    s.draw, s.discard = s.draw[:1], s.draw[1:10]
    happened = []
    drawn = market.draw_tiles(s, 3, happened)
    assert [TILES[t].deck for t in drawn] == ["blue", "orange", "orange"] and len(s.orange) == 0
    assert [k for k, _ in happened] == ["middle_ages.ev.orange"] and len(s.draw) == 30
    s.draw = s.draw[:1]
    drawn = market.draw_tiles(s, 3, happened)
    assert [k for k, _ in happened][-1] == "middle_ages.ev.reshuffle" and len(drawn) == 3


@pytest.mark.parametrize("n,reshuffle,orange", [(2, False, False), (3, True, False), (4, False, True), (5, True, True)])
def test_whole_games_use_the_piles_as_the_player_count_says(n, reshuffle, orange):
    states, record = random_game(ma, n, seed=3)
    final = states[-1]
    all_keys = []
    for before, line in zip(states, record):
        seat, text = line.split(" ", 1)
        all_keys += keys(ma.apply(before, int(seat), ma.parse_move(before, text))[1])
    assert ("middle_ages.ev.reshuffle" in all_keys) == reshuffle
    assert ("middle_ages.ev.orange" in all_keys) == orange
    assert sum(k.startswith("middle_ages.ev.card.") for k in all_keys) == 4
    assert all_keys.count("middle_ages.ev.refill") == 12
    assert final.events_done == 4 and ma.result(final) is not None


# -- events ---------------------------------------------------------------------------------------


def event_table():
    # Seat 0: 2 fields (3 farmers), 1 market (2 chests), 1 palace; seat 1: 1 field, 2 ramparts, 1 mill;
    # seat 2: nothing.
    return table(3, fiefs={0: [14, 11, 27, 20], 1: [2, 15, 48, 13]}, coins=[10, 10, 3])


@pytest.mark.parametrize("op,coins,lost", [
    ({"op": "gain_per_tile", "estate": "field", "amount": 2}, [14, 12, 3], None),
    ({"op": "pay_per_tile", "estate": "field", "amount": 3}, [4, 7, 3], None),
    ({"op": "gain_per_icon", "icon": "farmer", "amount": 2}, [16, 12, 3], None),
    ({"op": "gain_per_icon", "icon": "chest", "amount": 1}, [12, 11, 3], None),
    ({"op": "gain_per_kind", "amount": 2}, [16, 16, 3], None),
    ({"op": "pay", "amount": 4}, [6, 6, 0], None),
    ({"op": "lose_tiles", "estate": "field", "count": 1}, [10, 10, 3], [[11], [2], []]),
    ({"op": "lose_tiles", "estate": "leftmost", "count": 3}, [10, 10, 3], [[11, 14, 27], [2, 13, 48], []]),
    ({"op": "majority", "estate": "field", "amount": 5}, [15, 10, 3], None),
    ({"op": "majority", "estate": "church", "amount": 5}, [10, 10, 3], None),  # nobody has one
    ({"op": "minority", "estate": "rampart", "amount": 5}, [5, 10, 0], None),  # seats 0 and 2 tie at 0
    ({"op": "minority_lose", "estate": "rampart", "count": 1}, [10, 10, 3], [[11], [], []]),
])
def test_every_event_operation(op, coins, lost):
    s = event_table()
    happened = []
    events.OPERATIONS[op["op"]](s, op, happened)
    assert s.coins == coins
    if lost is not None:
        assert [[num(t) for t in g] for g in s.graveyards] == lost


def test_event_cards_resolve_left_to_right_after_rounds_four_eight_twelve_sixteen():
    s = table(3, round=4, lords={0: (4, 1), 1: (4, 2), 2: (4, 3)}, rows={4: [2, 34, 42, None]},
              events_order=["harvest", "fire", "tithe", "census"], fiefs={0: [14, 11]})
    s, evs = play(ma, s, "0 go 1", "1 go 2", "2 go 3")
    assert s.events_done == 1 and "middle_ages.ev.card.harvest" in keys(evs)
    gains = [e.params for e in evs if e.key == "middle_ages.ev.card_gain"]
    assert gains == [{"seat": 0, "coins": 3 * 2}, {"seat": 1, "coins": 2}, {"seat": 2, "coins": 2}]
    seen = []
    while s.round < 9:  # rounds 5-8, first legal move each time
        seat = min(ma.to_act(s))
        s, more = ma.apply(s, seat, ma.legal_moves(s, seat)[0])
        seen += [k for k in keys(more) if k.startswith("middle_ages.ev.card.")]
    assert s.events_done == 2 and seen == ["middle_ages.ev.card.fire"]


# -- the end: penalties and tie-breaks ---------------------------------------------------------------


def test_each_empty_estate_costs_ten_and_scores_may_go_negative():
    s = table(2, fiefs={0: [11, 18, 24, 1, 10, 9, 45, 20], 1: [14]}, coins=[5, 30])
    assert scoring.penalty(s, 0) == 0 and scoring.penalty(s, 1) == 70
    assert scoring.scores(s) == [5, -40] and ma.scores(s) == [5, -40]


@pytest.mark.parametrize("level,fiefs", [
    ("palace", ([7, 16], [20, 8], [36, 17])),
    ("church", ([8, 17, 7], [28, 2, 16], [39, 11, 20])),
    ("barracks", ([4, 8], [6, 17], [10, 28])),
    ("market", ([6, 2], [3, 11], [12, 14])),
    ("rampart", ([1, 2], [3, 11], [12, 14])),
    ("village", ([3, 2, 11], [5, 14, 19], [13, 32, 34])),
    ("mill", ([5, 2], [11, 14], [19, 32])),
    ("field", ([2, 11], [14], [19])),
])
def test_ties_on_score_go_to_palace_then_church_then_estates_right_to_left(level, fiefs):
    """Seat 0 has one more tile at ``level`` and equal counts at every earlier level; seats 1 and
    2 are equal all the way, so they share second place."""
    s = table(3, fiefs=dict(enumerate(fiefs)))
    s.coins = [100 + scoring.penalty(s, seat) for seat in range(3)]  # equal scores despite penalties
    s.phase = OVER
    result = ma.result(s)
    assert result.scores == [100, 100, 100]
    assert result.ranks == [1, 2, 2], level
    assert result.detail["tie_break_order"] == ["palace", "church", "barracks", "market", "rampart",
                                                "village", "mill", "field"]


def test_players_equal_in_score_and_every_estate_share_the_rank():
    s = table(3, fiefs={0: [2, 5], 1: [11, 13], 2: [14]}, coins=[60, 60, 100])
    s.phase = OVER
    assert ma.result(s).scores == [0, 0, 30] and ma.result(s).ranks == [2, 2, 1]


# -- notation ---------------------------------------------------------------------------------------


def test_notation_reads_the_rules_page_forms():
    s = ma.new_game(3)
    cases = {"go 3": ("go", 3, 0), "revive 2": ("revive", 2, 0), "scout 2-4": ("scout", 2, 4),
             "coin market": ("coin", E["market"], 0), "plot field church": ("plot", E["field"], E["church"]),
             "lose 1": ("lose", 1, 0), "  GO  5 ": ("go", 5, 0), "scout 3 - 1": ("scout", 3, 1),
             "coin 市場": ("coin", E["market"], 0), "plot 畑 教会": ("plot", E["field"], E["church"]),
             "coin ch": ("coin", E["church"], 0), "plot fi pa": ("plot", E["field"], E["palace"])}
    for text, expected in cases.items():
        assert tuple(ma.parse_move(s, text)) == expected, text


@pytest.mark.parametrize("text,error,message", [
    ("", MalformedMove, "go 3, revive 2"),
    ("jump 3", MalformedMove, "go 3, revive 2"),
    ("go", MalformedMove, "like go 3"),
    ("go three", MalformedMove, "like go 3"),
    ("go 0", MalformedMove, "like go 3"),
    ("scout 2", MalformedMove, "like scout 2-4"),
    ("coin", MalformedMove, "like coin market"),
    ("coin moat", MalformedMove, "“moat” is not an estate"),
    ("plot field", MalformedMove, "like plot field church"),
    ("coin m", AmbiguousMove, "mill, market"),
    ("plot field m", AmbiguousMove, "mill, market"),
])
def test_notation_refuses_nonsense_and_ambiguity(text, error, message):
    with pytest.raises(error, match=message):
        ma.parse_move(ma.new_game(2), text)


def test_every_legal_move_of_every_kind_survives_format_then_parse():
    seen = set()
    for n, options in ((5, {}), (3, {"barracks_loss": "victim", "token_slots": 2}), (4, {"plot_tokens": "one_per_type"})):
        states, _ = random_game(ma, n, options, seed=n)
        for state in states:
            for seat in ma.to_act(state):
                for move in ma.legal_moves(state, seat):
                    assert ma.parse_move(state, ma.format_move(state, move)) == move
                    seen.add(move.kind)
    assert seen == {"go", "revive", "scout", "coin", "plot", "lose"}


def test_a_refused_move_names_the_reason_and_changes_nothing():
    s = table(3, rows={1: [11, 2, 34, None], 2: [3, 4, 5, None]})
    before = ma.state_to_json(s)
    for text, message in [("go 4", "no tile in row 2, column 4"), ("go 7", "row 2 has columns 1 to 4"),
                          ("coin field", "first move your lord to a tile of row 2"),
                          ("scout 1-1", "first move your lord")]:
        with pytest.raises(IllegalMove, match=message):
            ma.apply(s, 0, ma.parse_move(s, text))
    with pytest.raises(NotYourTurn):
        ma.apply(s, 1, ma.parse_move(s, "go 1"))
    assert ma.state_to_json(s) == before
    ja = IllegalMove(text="go 4", reason=Text("middle_ages.reason.no_tile", row=2, col=4)).message("ja")
    assert "2段目の4列目にタイルはありません" in ja


def test_moves_are_described_in_both_languages():
    s = table(3, rows={1: [11, 2, 34, None], 2: [3, 4, 5, 6]})
    go = ma.parse_move(s, "go 2")
    assert ma.describe_move(s, go, "en") == "moves the lord to row 2, column 2 and takes the field tile #11"
    assert ma.describe_move(s, go, "ja") == "領主を2段目の2列目に移動し、畑のタイル#11を獲得"
    placing = ma.new_game(2, {}, 0)
    tile = TILES[placing.rows[0][0]]
    assert ma.describe_move(placing, ma.parse_move(placing, "go 1"), "en") == (
        f"places the lord on row 1, column 1 (the {ESTATES[tile.estate]} tile #{tile.number})")
    s = table(3, rows={1: [20, 2, 34, None]})
    s, _ = play(ma, s, "0 go 1")
    assert ma.describe_move(s, ma.parse_move(s, "plot field church"), "ja") == "教会の下に区画トークンを置き、畑のタイルも数える"
    assert ma.describe_move(s, ma.parse_move(s, "go 1"), "en") == "go 1"  # not legal now: the notation


# -- information -----------------------------------------------------------------------------------


def test_the_view_is_public_json_the_same_for_every_seat_without_the_pile_order():
    states, _ = random_game(ma, 4, seed=9)
    for state in states[::15]:
        views = [ma.view(state, seat) for seat in (None, 0, 1, 2, 3)]
        assert json.loads(json.dumps(views[0])) == views[0]
        assert all({k: v for k, v in view.items() if k != "seat"} == {k: v for k, v in views[0].items() if k != "seat"}
                   for view in views)
        assert views[0]["piles"] == {"draw": len(state.draw), "orange": len(state.orange),
                                     "discard": len(state.discard)}
        assert "draw" not in views[0]
    assert ma.private_view(states[10], 0) is None and ma.hidden_information is False


def test_determinize_reshuffles_only_the_face_down_piles():
    from games.rng import Rng

    s = ma.new_game(4, {}, 5)
    d = ma.determinize(s, 0, Rng(1))
    assert sorted(d.draw) == sorted(s.draw) and d.draw != s.draw and d.rows == s.rows
    assert ma.view(d, None) == ma.view(s, None)
    assert ma.state_to_json(s) == ma.state_to_json(ma.new_game(4, {}, 5))  # the input is untouched


def test_options_are_checked_with_their_defaults():
    assert ma.resolve_options({}) == {"barracks_loss": "latest", "plot_tokens": "free", "token_slots": 1}
    with pytest.raises(SetupError):
        ma.new_game(3, {"token_slots": 9})
    with pytest.raises(SetupError):
        ma.new_game(6)
    with pytest.raises(SetupError):
        ma.new_game(1)
