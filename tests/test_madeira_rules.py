"""Madeira's rules page (shared/rules/madeira.md) as scenarios written in the game's notation.

Positions are reached in two ways: ordinary play from set-up (turn structure, Phase A, Phase B
order), or :func:`ask`, which puts one step of the rules in front of a seat on a prepared board
(a building's decision in Phase C, an upkeep step, a request to score) so a rule takes a few lines.
Every move is then played through ``Madeira.apply`` in the notation, so every rule applies.
Numbers are read from the board data where the data file (with its placeholders) decides them.
"""

from __future__ import annotations

import json

import pytest

from games.errors import AmbiguousMove, IllegalMove, MalformedMove, NotYourTurn
from games.madeira import GAME as madeira
from games.madeira import board as B
from games.madeira import data as board_data
from games.madeira.data import BOARD
from games.madeira.engine import LEVELS, TOP, advance, push
from games.madeira.scoring import pirate_penalties
from games.madeira.state import GUILD_DIE, NEUTRAL, PIRATE_DIE

START = BOARD.start


# -- helpers ----------------------------------------------------------------------------------


def new(n=3, seed=1, **options):
    return madeira.new_game(n, {k: str(v) for k, v in options.items()}, seed)


def play(state, *lines):
    """Apply ``"SEAT NOTATION"`` lines; returns the state and every event of them."""
    events = []
    for line in lines:
        seat_text, notation = line.split(" ", 1)
        seat = int(seat_text)
        state, happened = madeira.apply(state, seat, madeira.parse_move(state, notation, seat))
        events += happened
    return state, events


def legal(state, seat=None, mills=False):
    """The legal moves of the seat asked (windmill actions left out unless ``mills``)."""
    seat = state.prompt["s"] if seat is None else seat
    return [m for m in madeira.legal_moves(state, seat) if mills or not m.startswith("mill ")]


def keys(events):
    return [e.key for e in events]


def clear(state, *seats):
    """Every worker of ``seats`` back Home (a bare board to build a position on)."""
    for seat in seats:
        for code in B.worker_places(state, seat, frozenset(("field", "spot", "land", "watch"))):
            while B.workers_at(state, seat, code):
                B.remove_worker(state, seat, code)
                B.add_worker(state, seat, B.HOME)


def put(state, seat, *codes):
    for code in codes:
        B.remove_worker(state, seat, B.HOME)
        B.add_worker(state, seat, code)


def with_character(state, building, character):
    """Swap character tiles so ``character`` stands on ``building``."""
    b = B.BUILDING_INDEX[building]
    if character in state.chars:
        state.chars[state.chars.index(character)] = state.chars[b]
    state.chars[b] = character


def ready(n=3, seed=1, phase="B", **resources):
    """A copy of a fresh game with the set-up placements undone and ``resources`` set for every
    seat; nothing is asked yet (see :func:`ask`)."""
    state = new(n, seed).clone()
    clear(state, *range(n))
    state.phase = phase
    state.tasks, state.prompt = [], None
    for p in state.p:
        p.update(resources)
    return state


def ask(state, task, phase=None, then=()):
    """A copy of ``state`` where ``task`` is the next step of the rules (followed by ``then``)."""
    state = state.clone()
    if phase:
        state.phase = phase
    state.tasks, state.prompt = [], None
    if "s" in task:
        state.turn, state.bought, state.favor_used = task["s"], 0, False
        state.engineer, state.lord, state.diplomat = 0, False, False
    push(state, task, *then)
    advance(state)
    return state


def refused(state, seat, notation, error=IllegalMove, match=None):
    before = madeira.state_to_json(state)
    with pytest.raises(error, match=match):
        play(state, f"{seat} {notation}")
    assert madeira.state_to_json(state) == before


def through_setup(state):
    """Play the set-up placements with the first choice offered."""
    while state.phase == "setup":
        seat = state.prompt["s"]
        state, _ = play(state, f"{seat} {legal(state)[0]}")
    return state


# -- data and set-up (§2, §3, §5) -------------------------------------------------------------


def test_board_data_lives_in_the_data_file_and_every_placeholder_is_named_in_the_rules_help():
    from games.madeira.messages import PLACEHOLDERS

    assert BOARD.placeholders, "the shipped data still holds the page's placeholders"
    for key in BOARD.placeholders:
        en, ja = PLACEHOLDERS[key]
        assert en in madeira.rules_help["en"] and ja in madeira.rules_help["ja"]
    assert len(madeira.rules_help["en"]) <= 4096 and len(madeira.rules_help["ja"]) <= 4096  # one embed
    # A data set missing a number is refused before any game starts (§16 U1).
    raw = json.loads(board_data.DATA_FILE.read_text(encoding="utf-8"))
    del raw["fields"][3]["wood"]["2"]
    with pytest.raises(ValueError, match="field '1d' needs wood"):
        board_data.load(data=raw)
    raw = json.loads(board_data.DATA_FILE.read_text(encoding="utf-8"))
    raw["favors"].pop()
    with pytest.raises(ValueError, match="12 unbuilt districts but 11 favors"):
        board_data.load(data=raw)


def test_a_verified_data_set_replaces_the_placeholders_without_code_change():
    raw = json.loads(board_data.DATA_FILE.read_text(encoding="utf-8"))
    raw["placeholders"] = []
    raw["start"]["reals"] = 6
    verified = board_data.load(data=raw)
    assert verified.placeholders == () and verified.start["reals"] == 6


@pytest.mark.parametrize("n", [2, 3, 4])
def test_setup_for_each_player_count(n):
    state = new(n, seed=3)
    count = BOARD.counts[n]
    crowns = {r["type"]: r["crowns"] for r in BOARD.requests["starting"]}
    first = state.order[0]
    assert crowns[state.p[first]["requests"][0]] == max(crowns[p["requests"][0]] for p in state.p)
    assert state.order == [(first + k) % n for k in range(n)] and state.passing == state.order
    for position, seat in enumerate(state.order):
        p = state.p[seat]
        assert (p["wheat"], p["sugar"], p["wine"], p["wood"], p["bread"]) == (1, 1, 1, 1, 4)
        assert p["reals"] == START["reals"] + START["extra_reals"][position]
        assert p["mill"] == BOARD.windmill["start"] and LEVELS[p["mill"]] == 3
        assert state.watch[seat] == 2 and p["ships"] == 6 and len(p["requests"]) == 1
    # Rows of five requests: 20 / 15 / 10 tiles by heads (§3.12).
    assert [len(row) for row in state.row_requests] == [5] * n
    # Favors face up on districts 3-6, a neutral citizen on spot 4 of every city.
    on_districts = [f for districts in state.districts for f in districts if f]
    assert sorted(on_districts) == sorted(BOARD.favors)
    for c in range(3):
        assert state.districts[c][:2] == [None, None] and state.city[c][3] == NEUTRAL
    # Two different King's Rewards per colony; the wood for this player count on the fields.
    assert all(len(set(r)) == 2 for r in state.rewards)
    assert state.field_wood == [f.wood[n] for f in BOARD.fields]
    assert count.dice_limit == n and count.base_cost == {2: 8, 3: 9, 4: 10}[n]


def test_setup_places_a_city_worker_in_reverse_turn_order_then_two_fields_each():
    state = new(3, seed=1)
    assert state.order == [1, 2, 0]
    assert state.prompt == {"t": "setup_city", "s": 0}  # the bottom of the Passing Column first
    assert "city ps3" in legal(state) and "city ps4" not in legal(state)  # ps4: the citizen
    assert not [m for m in legal(state) if m.endswith(("5", "6", "7", "8", "9", "10", "11", "12"))]  # unbuilt
    state, _ = play(state, "0 city ps1", "2 city ps2", "1 city fu1")
    assert state.prompt == {"t": "setup_field", "s": 0}
    state, _ = play(state, "0 field 1a")
    # Not two workers in one region; the Forest is an area of its own.
    assert "field 1b" not in legal(state) and "field 2a" in legal(state) and "field forest" in legal(state)
    state, _ = play(state, "0 field forest", "2 field 2a")
    assert "field 1a" not in legal(state)  # someone is there already
    assert "field forest" not in legal(state) and "field 2b" not in legal(state)
    state, _ = play(state, "2 field 3a", "1 field 1b", "1 field 2b")
    assert state.phase == "A" and state.prompt == {"t": "arow", "s": 1}
    assert [state.p[s]["workers"] for s in range(3)] == [7, 7, 7]


def test_the_turn_order_option_places_city_workers_as_the_walkthrough_says():
    state = new(3, seed=1, city_order="turn")
    assert state.prompt == {"t": "setup_city", "s": 1}


# -- Phase A (§7) -----------------------------------------------------------------------------


def test_phase_a_places_characters_rolls_dice_and_each_player_takes_a_row_and_a_request():
    state = through_setup(new(3, seed=1))
    empty = next(b for b in BOARD.buildings if b.empty_round == 1)
    assert empty.id == "fortaleza"
    assert state.chars[B.BUILDING_INDEX["fortaleza"]] is None
    assert sorted(c for c in state.chars if c) == sorted(BOARD.characters)
    assert len(state.pirate_dice) == 3 and all(len(d) == 3 for d in state.row_dice)
    assert all(v in (1, 2, 3) for v in state.pirate_dice)
    dice = sorted(state.row_dice[1])
    kinds = sorted(set(state.row_requests[1]))
    state, _ = play(state, "1 row 2")
    assert state.p[1]["dice"] == dice and state.rows[1] == 1 and state.passing[0] is None
    assert legal(state) == [f"take {k}" for k in kinds]
    state, _ = play(state, f"1 take {kinds[0]}")
    assert state.p[1]["requests"][-1] == kinds[0] and len(state.row_requests[1]) == 4
    assert "row 2" not in legal(state)


def test_a_two_guild_row_asks_which_guild_refreshes_and_a_one_guild_row_refreshes_itself():
    state = through_setup(new(3, seed=1)).clone()
    state.p[1]["favors"] = [["lord", False], ["patron", False], ["treasurer", False]]  # green, orange, white
    kinds = sorted(set(state.row_requests[1]))
    state, _ = play(state, "1 row 2", f"1 take {kinds[0]}")
    assert state.prompt["t"] == "aguild" and legal(state) == ["guild green", "guild orange"]
    state, events = play(state, "1 guild orange")
    assert state.p[1]["favors"] == [["lord", False], ["patron", True], ["treasurer", False]]
    assert "madeira.event.refresh.orange" in keys(events)
    # Four players: one guild per row, flipped with no question.
    four = through_setup(new(4, seed=1)).clone()
    first = four.prompt["s"]
    four.p[first]["favors"] = [["monk", False], ["lord", False]]
    four, _ = play(four, f"{first} row 3")
    four, _ = play(four, f"{first} {legal(four)[0]}")
    assert four.p[first]["favors"] == [["monk", True], ["lord", False]]


# -- Phase B: dice, bread, turn order, passing (§8) -------------------------------------------


def b_state(n=3, seed=1, **resources):
    """Phase B of round 1 with rows taken in order (row r by order[r]) and set-up done."""
    state = through_setup(new(n, seed))
    while state.phase == "A":
        seat = state.prompt["s"]
        state, _ = play(state, f"{seat} {legal(state)[0]}")
    state = state.clone()
    for p in state.p:
        p.update(resources)
    return state


def test_turns_follow_the_dice_column_and_skip_players_who_passed():
    state = b_state()
    assert state.phase == "B" and state.rows == [1, 2, 0] and state.prompt["s"] == 1
    state, _ = play(state, "1 pass 1")
    assert state.prompt["s"] == 2
    state, _ = play(state, "2 pass 3 reals", "0 pass 2 reals")
    assert state.phase != "B" and state.order == [1, 0, 2]  # the Passing Column is the new order


def test_a_die_on_a_character_costs_bread_below_the_region_and_places_an_action_marker():
    state = b_state(bread=1).clone()
    state.p[1]["dice"] = [1, 2, 3]
    mill = B.BUILDING_INDEX["moinho"]  # region 2
    with_character(state, "moinho", "steward")
    assert "die 1 steward" in legal(state)  # 2 - 1 = 1 bread, and there is 1
    fort = B.BUILDING_INDEX["fortaleza"]  # region 3, empty in round 1: the Harvest +1 character
    assert "die 1 farmer" not in legal(state)  # would need 2 bread
    assert "die 2 farmer" in legal(state)
    state, _ = play(state, "1 die 1 steward")
    assert state.p[1]["bread"] == 0 and state.p[1]["dice"] == [2, 3]
    assert state.bdice[mill] == [[GUILD_DIE, 1, 1]] and state.markers[mill] == [1]
    assert state.prompt == {"t": "bchoose", "s": 1, "b": mill}
    assert fort == 4


def test_a_character_holds_as_many_dice_as_players_with_at_most_one_pirate_die():
    state = b_state().clone()
    mill = B.BUILDING_INDEX["moinho"]
    character = state.chars[mill]
    state.p[1]["dice"] = [3, 3, 3]
    state.bdice[mill] = [[GUILD_DIE, 2, 3], [PIRATE_DIE, 0, 2]]
    state.pirate_dice = [1, 3]
    assert f"die 3 {character}" in legal(state)
    assert f"pirate 3 {character}" not in legal(state)  # already one pirate die there
    state.bdice[mill].append([GUILD_DIE, 0, 3])
    state.__dict__.pop("_legal", None)
    assert not [m for m in legal(state) if m.endswith(f" {character}")]  # 3 dice with 3 players


def test_a_pirate_die_needs_a_city_watch_worker_who_goes_home_and_places_no_marker():
    state = b_state().clone()
    state.pirate_dice = [3]
    cap = B.BUILDING_INDEX["capitania"]
    character = state.chars[cap]
    state, _ = play(state, f"1 pirate 3 {character}")
    assert state.watch[1] == 1 and state.pirate_dice == [] and state.markers[cap] == []
    assert state.bdice[cap] == [[PIRATE_DIE, 1, 3]]
    no_watch = b_state().clone()
    no_watch.watch[1] = 0
    assert not [m for m in legal(no_watch) if m.startswith("pirate")]


@pytest.mark.parametrize("line,reals,pp,task", [
    ("pass 1", 2, 0, None),
    ("pass 2 reals", 3, 0, None),
    ("pass 2 city", 0, 1, "wmove"),
    ("pass 3 reals", 4, 0, None),
    ("pass 3 watch", 0, 0, "wmove"),
    ("pass 4 reals", 5, 0, None),
    ("pass 4 ship", 0, 0, "smove"),
])
def test_each_passing_slot_gives_its_reals_or_its_action(line, reals, pp, task):
    state = b_state(4, wheat=3)
    seat = state.prompt["s"]
    before = state.p[seat]["reals"]
    after, _ = play(state, f"{seat} {line}")
    assert after.p[seat]["reals"] == before + reals and after.p[seat]["pp"] == pp
    assert after.p[seat]["passed"] and after.p[seat]["dice"] == []  # unused dice are lost
    assert after.passing[int(line.split()[1]) - 1] == seat
    if task:
        assert after.prompt["t"] == task and after.prompt["s"] == seat
    else:
        assert after.prompt["s"] != seat


def test_passing_actions_city_watch_and_ship():
    state = b_state(4, wheat=3, wood=1)
    seat = state.prompt["s"]
    after, _ = play(state, f"{seat} pass 2 city")
    spot = next(m for m in legal(after) if m.startswith("move home-"))
    assert all(m == "done" or m.split("-")[1][:2] in B.CITY_IDS for m in legal(after))  # a city spot
    after, _ = play(after, f"{seat} {spot}")
    assert after.p[seat]["pp"] == 1
    # III: a worker into the City Watch discards up to 3 pirates, as many as the player says.
    watch = state.clone()
    watch.p[seat]["pirates"] = 5
    watch, events = play(watch, f"{seat} pass 3 watch", f"{seat} move home-watch")
    assert watch.watch[seat] == 3 and legal(watch) == ["discard 3", "discard 2", "discard 1", "discard 0"]
    most, events = play(watch, f"{seat} discard 3")
    assert most.p[seat]["pirates"] == 2 and "madeira.event.pirates_discarded" in keys(events)
    one, _ = play(watch, f"{seat} discard 1")
    assert one.p[seat]["pirates"] == 4
    # IV: one ship, Commander rules (1 wheat for wh1, 1 wood from Home, 3 reals back).
    ship, _ = play(state, f"{seat} pass 4 ship", f"{seat} ship home-wh1")
    assert ship.market[0][0] == seat and ship.p[seat]["wood"] == 0 and ship.p[seat]["wheat"] == 2
    assert ship.p[seat]["reals"] == state.p[seat]["reals"] + BOARD.markets[0].slots[0][0][0][1]


def test_every_pirate_discard_asks_how_many_and_the_question_reveals_no_total():
    """Issue 13.6a: the City Watch arrivals (Fortaleza, pass III, the City Watch reward, the
    Scout) and Royal Support discard *up to* 3 pirates, the player's choice (§9.4); the most he
    may discard is offered first (the move builder's default)."""
    state = b_state(3, reals=4)
    seat = state.prompt["s"]
    clear(state, seat)
    put(state, seat, "2a")
    state.p[seat]["favors"] = [["scout", True]]
    state.p[seat]["pirates"] = 2
    scout, _ = play(state, f"{seat} favor scout", f"{seat} move 2a-watch")
    assert scout.prompt["t"] == "discard" and legal(scout) == ["discard 2", "discard 1", "discard 0"]
    none, events = play(scout, f"{seat} discard 0")
    assert none.p[seat]["pirates"] == 2 and none.watch[seat] == 1 and "madeira.event.pirates_discarded" not in keys(events)
    some, events = play(scout, f"{seat} discard 1")
    assert some.p[seat]["pirates"] == 1
    assert [(e.key, e.params["count"]) for e in events if e.key == "madeira.event.pirates_discarded"] == [
        ("madeira.event.pirates_discarded", 1)]
    # Asked even with no pirates, and the question says the rule's limit, so the public table
    # cannot tell a clean record from a player who keeps his pirates.
    clean = scout.clone()
    clean.p[seat]["pirates"] = 0
    assert legal(clean) == ["discard 0"] and madeira.to_act(clean) == madeira.to_act(scout)
    assert madeira.view(clean, None) == madeira.view(scout, None)
    assert madeira.decision(scout, seat).params["count"] == 3
    assert madeira.describe_move(scout, "discard 1") == "discards 1 pirate point(s)"
    assert madeira.parse_move(scout, "捨てる 2", seat) == "discard 2"
    refused(scout, seat, "discard 3")  # more than he holds
    refused(scout, seat, "discard", AmbiguousMove)


def test_the_guild_master_asks_while_a_windmill_action_could_open_other_districts():
    """Issue 13.6b (2 players, seed 18): seat 0 with 2 reals and 1 wood can afford only the
    Monk's district; ``mill down reals`` would open Bishop, Diplomat and Treasurer, so the
    purchase is asked, not made at once. Without any windmill action it is still made at once."""
    state = ready(2, seed=18, wood=1, reals=2, wheat=0, sugar=0, wine=0)
    put(state, 0, "forest")
    for favor in ("navigator", "miller"):  # the other districts of cost 2 are built already
        c, d = next((c, d) for c in range(3) for d in range(6) if state.districts[c][d] == favor)
        state.districts[c][d] = None
        state.p[1]["favors"].append([favor, True])
    asked = ask(state, {"t": "master", "s": 0})
    assert asked.prompt == {"t": "master", "s": 0}
    assert legal(asked) == ["buy monk"] and "mill down reals" in legal(asked, mills=True)
    richer, _ = play(asked, "0 mill down reals")
    assert richer.prompt["t"] == "master" and richer.p[0]["reals"] == 5
    assert legal(richer) == ["buy monk", "buy bishop", "buy diplomat", "buy treasurer"]
    richer, _ = play(richer, "0 buy diplomat")  # 1 wood from Home, 2 bought in the Forest (1 + 2 reals)
    assert ["diplomat", True] in richer.p[0]["favors"] and richer.p[0]["reals"] == 5 - 3
    # No windmill action open (level 0, no PP, no goods): nothing could change, so no question.
    stuck = state.clone()
    stuck.p[0].update(mill=0, pp=0)
    stuck = ask(stuck, {"t": "master", "s": 0})
    assert stuck.prompt is None and ["monk", True] in stuck.p[0]["favors"]


# -- characters (§8.5, §8.6) ------------------------------------------------------------------


def test_steward_moves_up_to_two_workers_to_fields_each_once_never_from_the_watch():
    state = ready()
    put(state, 0, "1a", "ps1", "watch")
    state = ask(state, {"t": "wmove", "s": 0, "to": "field", "left": 2})
    moves = legal(state)
    assert "move 1a-2a" in moves and "move ps1-2a" in moves and "move home-forest" in moves
    assert not [m for m in moves if m.startswith("move watch")]
    assert "move home-1a" not in moves  # a field holding an own worker
    state, _ = play(state, "0 move 1a-2a")
    assert "move 2a-3a" not in legal(state)  # the same worker does not move twice
    assert "move home-1a" in legal(state)  # 1a is free again
    state, _ = play(state, "0 move ps1-3a")
    assert state.prompt is None and 0 in state.field_workers[B.FIELD_INDEX["3a"]]
    # Other players' workers do not block a field.
    other = ready()
    put(other, 1, "2a")
    other = ask(other, {"t": "wmove", "s": 0, "to": "field", "left": 1})
    assert "move home-2a" in legal(other)


def test_guild_master_builds_a_district_with_wood_buying_the_shortfall_at_a_rising_price():
    state = ready(wood=1, reals=10)
    put(state, 0, "2c", "forest")  # 2c has wood on it: two sources
    c, d = next((c, d) for c in range(3) for d in range(6) if state.districts[c][d] and
                BOARD.cities[c].district_costs[d] == 4)
    favor = state.districts[c][d]
    state = ask(state, {"t": "master", "s": 0})
    assert f"buy {favor}" in legal(state)
    state, _events = play(state, f"0 buy {favor}")
    assert state.p[0]["wood"] == 0 and state.prompt["t"] == "wood_pay"  # Home wood first
    assert legal(state) == ["wood 2c", "wood forest"]
    wood_2c = state.field_wood[B.FIELD_INDEX["2c"]]
    state, _ = play(state, "0 wood 2c", "0 wood forest", "0 wood forest")
    assert state.p[0]["reals"] == 10 - BOARD.wood_cost(0, 3) == 10 - 6  # 1 + 2 + 3
    assert state.field_wood[B.FIELD_INDEX["2c"]] == wood_2c - 1
    assert state.districts[c][d] is None and [favor, True] in state.p[0]["favors"]
    assert B.spot_open(state, c, 2 * d) and B.spot_open(state, c, 2 * d + 1)  # its spots can be used


def test_guild_master_offers_only_what_the_player_can_pay_and_without_access_no_wood_is_bought():
    state = ready(wood=3, reals=0)
    state = ask(state, {"t": "master", "s": 0})
    costs = {m.split()[1]: next(BOARD.cities[c].district_costs[d] for c in range(3) for d in range(6)
                                if state.districts[c][d] == m.split()[1]) for m in legal(state) if m.startswith("buy")}
    assert costs and max(costs.values()) <= 3 and min(costs.values()) == 2
    assert not B.can_pay_wood(state, 0, 4)  # no worker on wood nor in the Forest: no buying


def test_wood_bought_in_one_turn_costs_one_two_three_reals_and_the_counter_restarts_each_turn():
    assert [BOARD.wood_cost(0, k) for k in range(1, 7)] == [1, 3, 6, 10, 15, 21]
    assert BOARD.wood_cost(6, 1) == 7 and BOARD.wood_cost(2, 2) == 3 + 4  # beyond the table: triangular
    state = ready(wood=0, reals=20)
    put(state, 0, "forest")
    state = ask(state, {"t": "wood_pay", "s": 0, "n": 2})
    assert state.p[0]["reals"] == 20 - 3 and state.bought == 2  # the Forest alone: no choice to make
    state.bought = 0  # a new turn (as begin_turn does)
    state = ask(state, {"t": "wood_pay", "s": 0, "n": 1})
    assert state.p[0]["reals"] == 17 - 1


def test_mayor_relocates_own_workers_and_citizens_then_collects_city_income():
    state = ready(bread=0, reals=0, wood=0)
    put(state, 0, "ps1", "fu2", "forest")  # the Forest: access for Machico's wood
    state = ask(state, {"t": "mayor", "s": 0, "left": 2})
    moves = legal(state)
    assert "move ps1-ps2" in moves and "move ps4-ps2" in moves  # own worker, neutral citizen
    assert "move ps1-ps4" not in moves  # no swaps: only empty spots
    state, _ = play(state, "0 move ps4-ma1", "0 move ps1-ma2")
    # Machico: 2 wood for the worker + 1 per citizen (now 2 there), from the Forest.
    assert state.city[2][:4] == [NEUTRAL, 0, None, NEUTRAL]
    assert state.p[0]["wood"] == 2 * 1 + 1 * 2
    # Funchal: 2 reals + 1 for its citizen; Porto Santo has no own worker left: nothing.
    assert state.p[0]["reals"] == 3 and state.p[0]["bread"] == 0
    # Without access, Machico pays no wood.
    dry = ready(wood=0)
    put(dry, 0, "ma1")
    dry = ask(dry, {"t": "mayor", "s": 0, "left": 2})
    dry, _ = play(dry, "0 done")
    assert dry.p[0]["wood"] == 0


def test_commander_moves_two_ships_pays_costs_and_takes_reals_and_kings_rewards():
    state = ready(wood=1, wine=5, wheat=2, reals=0)
    state.rewards[0] = ["medal", "loot"]
    state = ask(state, {"t": "smove", "s": 0, "left": 2})
    assert "ship home-wh1" in legal(state) and "ship home-az1" in legal(state)
    assert "ship home-wh3" not in legal(state)  # 3 wheat needed
    state, _ = play(state, "0 ship home-wh2")
    assert state.p[0]["wood"] == 0 and state.p[0]["wheat"] == 0 and state.p[0]["ships"] == 5
    assert not [m for m in legal(state) if m.startswith("ship wh2")]  # that ship has moved
    assert not [m for m in legal(state) if m.startswith("ship home")]  # 1 wood from Home, none left
    state, _ = play(state, "0 done")
    assert state.p[0]["reals"] == BOARD.markets[0].slots[1][0][0][1]
    # A ship on a slot moves on to a landing slot (no wood), paying its wine; then a King's Reward.
    state = ask(state, {"t": "smove", "s": 0, "left": 2})
    state, _ = play(state, "0 ship wh2-az2")
    assert state.market[0][1] is None and state.landing[0][1] == 0
    assert state.p[0]["wine"] == 5 - BOARD.colonies[0].slots[1][0]
    state, _ = play(state, "0 done")
    assert legal(state) == ["reward medal", "reward loot"]
    state, _ = play(state, "0 reward medal")
    assert state.p[0]["pp"] == 3


def test_commander_may_fill_the_slot_its_first_ship_left():
    state = ready(wood=0, wine=5)
    B.set_ship(state, "az1", 0)
    B.set_ship(state, "az2", 0)
    state.p[0]["ships"] = 4
    state = ask(state, {"t": "smove", "s": 0, "left": 2})
    state, _ = play(state, "0 ship az1-az3")
    assert "ship az2-az1" in legal(state) and "ship az3-az4" not in legal(state)
    state, _ = play(state, "0 ship az2-az1")
    assert state.landing[0][:3] == [0, None, 0]
    assert state.prompt["t"] == "kr"  # two landings: two rewards, one after the other


def test_landing_slots_and_market_slots_depend_on_the_player_count():
    two = ready(2, wine=9, wheat=9, sugar=9, wood=9)
    two = ask(two, {"t": "smove", "s": 0, "left": 1})
    targets = {m.split("-")[1] for m in legal(two) if m.startswith("ship home")}
    for c, colony in enumerate(BOARD.colonies):
        for k, (_, low) in enumerate(colony.slots):
            assert (B.landing_code(c, k) in targets) == (low <= 2)
    for m, market in enumerate(BOARD.markets):
        for k, (_, low) in enumerate(market.slots):
            assert (B.market_code(m, k) in targets) == (low <= 2)


def test_harvest_takes_wood_first_then_the_good_and_never_the_forest():
    state = b_state(3).clone()
    clear(state, 1)
    put(state, 1, "1c", "1a", "forest")
    with_character(state, "alfandega", "mayor")
    state.p[1]["dice"] = [3]
    wood = state.field_wood[B.FIELD_INDEX["1c"]]
    before = dict(state.p[1])
    state, events = play(state, "1 die 3 mayor", "1 harvest")
    assert state.p[1]["wood"] == before["wood"] + 1 and state.p[1]["wine"] == before["wine"] + 1
    assert state.field_wood[B.FIELD_INDEX["1c"]] == wood - 1
    assert "madeira.event.harvest" in keys(events)


def test_harvest_plus_one_on_the_empty_building_and_the_engineer():
    state = b_state(3).clone()
    clear(state, 1)
    put(state, 1, "3a", "3b")  # region 3: the empty building in round 1 (Fortaleza)
    state.field_wood[B.FIELD_INDEX["3b"]] = 1
    state.p[1]["dice"] = [3]
    state.p[1]["favors"] = [["engineer", True]]
    state, _ = play(state, "1 favor engineer", "1 die 3 farmer")
    assert legal(state)[:2] == ["harvest", "skip"]  # the printed character only harvests
    before = dict(state.p[1])
    state, _ = play(state, "1 harvest")
    assert state.prompt["t"] == "again" and state.prompt["left"] == 3  # 1 + 2 extra
    assert legal(state) == ["again 3a", "again 3b"]
    state, _ = play(state, "1 again 3b", "1 again 3b", "1 again 3a")
    p = state.p[1]
    assert p["wood"] == before["wood"] + 1  # 3b's only wood, in the first harvest; then its wheat
    assert p["wine"] == before["wine"] + 2 and p["wheat"] == before["wheat"] + 2


@pytest.mark.parametrize("reward", ["island", "guild", "city", "watch", "medal", "loot", "support", "windmill"])
def test_each_kings_reward(reward):
    state = ready(wood=0, wine=3, reals=0, bread=0)
    put(state, 0, "ps1")
    state.p[0]["pirates"] = 5
    state.p[0]["favors"] = [["monk", False]]
    state.rewards[1] = [reward, "medal" if reward != "medal" else "loot"]
    B.set_ship(state, "br1", 0)
    state.p[0]["ships"] -= 1
    state = ask(state, {"t": "smove", "s": 0, "left": 1})
    state, events = play(state, "0 ship br1-br2", f"0 reward {reward}")
    assert f"madeira.event.reward.{reward}" in keys(events)
    p = state.p[0]
    if reward == "island":
        state, _ = play(state, "0 move ps1-2a")  # Steward rules: to a field
        assert 0 in state.field_workers[B.FIELD_INDEX["2a"]]
    elif reward == "guild":
        assert legal(state) == ["flip monk", "done"]
        state, _ = play(state, "0 flip monk")
        assert state.p[0]["favors"] == [["monk", True]] and state.prompt is None
    elif reward == "city":
        assert p["pp"] == 1 and "move ps1-fu1" in legal(state)
    elif reward == "watch":
        state, _ = play(state, "0 move ps1-watch", "0 discard 2")
        assert state.watch[0] == 1 and state.p[0]["pirates"] == 3
    elif reward == "medal":
        assert p["pp"] == 3
    elif reward == "loot":
        assert p["reals"] == 5
    elif reward == "support":
        assert legal(state) == ["support pirates", "support bread"]
        bread, _ = play(state, "0 support bread")
        pirates, _ = play(state, "0 support pirates")
        assert legal(pirates) == ["discard 3", "discard 2", "discard 1", "discard 0"]
        assert bread.p[0]["bread"] == 2 and play(pirates, "0 discard 3")[0].p[0]["pirates"] == 2
    else:
        assert p["mill"] == BOARD.windmill["start"] + 1 and p["wheat"] == state.p[0]["wheat"]


def test_wood_gained_needs_access_is_capped_by_the_field_and_its_source_may_be_chosen():
    state = ready(wood=0)
    put(state, 0, "1c")  # a wooded field alone: its wood, no more
    capped = ask(state, {"t": "wood_gain", "s": 0, "n": 5})
    assert capped.p[0]["wood"] == state.field_wood[B.FIELD_INDEX["1c"]] and capped.field_wood[B.FIELD_INDEX["1c"]] == 0
    put(state, 0, "forest")
    choice = ask(state, {"t": "wood_gain", "s": 0, "n": 2})
    assert legal(choice) == ["wood 1c", "wood forest"]
    choice, _ = play(choice, "0 wood forest", "0 wood 1c")
    assert choice.p[0]["wood"] == 2 and choice.field_wood[B.FIELD_INDEX["1c"]] == state.field_wood[2] - 1


# -- the windmill (§6.3) ----------------------------------------------------------------------


def test_windmill_up_down_and_trade_in_the_phases_that_allow_them():
    state = b_state(3, wheat=4, sugar=1, wine=0, bread=0, reals=0).clone()
    seat = state.prompt["s"]
    state.p[seat]["pp"] = 1
    moves = legal(state, mills=True)
    assert {"mill up", "mill down bread", "mill down reals", "mill trade wheat+wheat sugar",
            "mill trade wheat+sugar wine"} <= set(moves)
    assert "mill trade wheat+wheat wheat" not in moves
    up, _events = play(state, f"{seat} mill up")
    assert up.p[seat]["mill"] == state.p[seat]["mill"] + 1 and up.p[seat]["wheat"] == 2
    assert up.prompt == state.prompt  # a free action: the same question is still asked
    down, _ = play(state, f"{seat} mill down reals", f"{seat} mill down bread")
    assert down.p[seat]["reals"] == 3 and down.p[seat]["bread"] == 1
    assert down.p[seat]["mill"] == state.p[seat]["mill"] - 2
    trade, _ = play(state, f"{seat} mill trade wheat+sugar wine")
    assert (trade.p[seat]["wheat"], trade.p[seat]["sugar"], trade.p[seat]["wine"]) == (3, 0, 1)
    # At the bottom: 1 PP for a bread or a real, only with PP to give.
    bottom = state.clone()
    bottom.p[seat]["mill"] = 0
    bottom, _ = play(bottom, f"{seat} mill down reals")
    assert bottom.p[seat]["pp"] == 0 and bottom.p[seat]["reals"] == 1
    assert "mill down reals" not in legal(bottom, mills=True)
    # At the top: 2 wheat give 1 PP.
    top = state.clone()
    top.p[seat]["mill"] = TOP
    top, _ = play(top, f"{seat} mill up")
    assert top.p[seat]["mill"] == TOP and top.p[seat]["pp"] == 2
    # Not in Phases A and E; no lowering in D.
    for phase, allowed in (("A", set()), ("E", set()), ("D", {"mill up"})):
        other = ready(3, wheat=4)
        put(other, 0, "1a", "1b", "2a", "2b")  # more workers than the windmill feeds
        other = ask(other, {"t": "feed", "s": 0}, phase=phase)
        mills = {m for m in legal(other, mills=True) if m.startswith("mill") and "trade" not in m}
        assert mills == allowed, phase


# -- Phase C: building actions (§10) ----------------------------------------------------------


def c_state(building, seat=0, *, dice=(2, 1), pirate=None, workers=(), n=3, **resources):
    """Phase C at ``building`` with ``seat``'s marker there, its guild dice (and pirate die)."""
    state = ready(n, phase="C", **resources)
    b = B.BUILDING_INDEX[building]
    state.order = list(range(n))
    state.markers[b] = [seat]
    state.bdice[b] = [[GUILD_DIE, seat, v] for v in dice] + ([[PIRATE_DIE, 1, pirate]] if pirate else [])
    put(state, seat, *workers)
    return ask(state, {"t": "cseat", "b": b, "i": 0}, phase="C"), b


def test_the_building_costs_base_minus_guild_dice_and_not_paying_costs_one_plus_the_pirate_die():
    state, _b = c_state("moinho", dice=(3, 2), pirate=3, reals=20)
    assert BOARD.counts[3].base_cost == 9 and legal(state)[:2] == ["pay", "pirates"]
    paid, events = play(state, "0 pay")
    assert paid.p[0]["reals"] == 20 - (9 - 5)  # the pirate die does not lower the cost
    assert "madeira.event.no_workers" in keys(events)  # paying is allowed even without workers
    took, events = play(state, "0 pirates")
    assert took.p[0]["pirates"] == 1 + 3 and took.p[0]["reals"] == 20
    public = [e for e in events if e.seats is None]
    assert "madeira.event.pirates.building" in keys(public)
    private = [(e.key, e.seats, dict(e.params)) for e in events if e.seats is not None]
    assert private == [("madeira.event.pirates.building.own", frozenset({0}), {"seat": 0, "count": 4}),
                       ("madeira.event.pirate_total", frozenset({0}), {"seat": 0, "total": 4})]
    poor, _ = c_state("moinho", dice=(1,), reals=3)
    assert "pay" not in legal(poor)
    cheap, _ = c_state("moinho", dice=(3, 3, 3, 3), n=4, reals=0)
    assert "pay" in legal(cheap)  # never below 0


@pytest.mark.parametrize("building,tier1,tier2", [
    ("moinho", ["2a"], ["2a", "2b", "2c"]),
    ("capitania", ["2a", "2b"], ["2a", "2b", "2d"]),
    ("alfandega", ["1a"], ["1a", "1b", "1c"]),
    ("coroa", ["3a"], ["3a", "3b", "3c"]),
    ("fortaleza", ["3a", "3c"], ["3a", "3b", "3c", "3d"]),
])
def test_each_building_action_at_both_tiers(building, tier1, tier2):
    for tier, workers in ((1, tier1), (2, tier2)):
        state, b = c_state(building, workers=workers, reals=20, bread=0)
        if building == "alfandega":
            B.set_ship(state, "br1", 0)
            B.set_ship(state, "br2", 0)
        if building == "coroa":
            state.p[0]["favors"] = [["monk", False], ["lord", False], ["lady", False]]
        if building == "fortaleza":
            state.p[0]["pirates"] = 7
        state, _ = play(state, "0 pay")
        p = state.p[0]
        if building == "moinho":
            assert p["bread"] == BOARD.buildings[0].params["amount"][tier - 1] == (2, 5)[tier - 1]
            continue
        moves = BOARD.buildings[b].params["moves"][tier - 1]
        assert state.prompt["left"] == moves == tier
        if building == "capitania":
            assert p["pp"] == (1, 3)[tier - 1]
            state, _ = play(state, *[f"0 move home-{spot}" for spot in ("ps1", "fu1")[:tier]])
            assert state.city[0][0] == 0 and (tier == 1 or state.city[1][0] == 0)
        elif building == "alfandega":
            state, _ = play(state, *["0 move home-br"] * tier)
            assert state.land[1][0] == tier and state.p[0]["pp"] == 2 * tier  # +1 per own ship there
        elif building == "coroa":
            state, _ = play(state, *[f"0 flip {f}" for f in ("lady", "lord")[:tier]])
            assert [up for _, up in state.p[0]["favors"]] == [False, tier == 2, True]
        else:
            state, _ = play(state, *["0 move home-watch", "0 discard 3"] * tier)
            assert state.watch[0] == tier and state.p[0]["pirates"] == 7 - 3 * tier
        assert state.prompt is None


def test_a_building_action_may_stop_early_and_skips_players_without_markers():
    state, b = c_state("capitania", workers=["2a"], reals=20)
    state, _ = play(state, "0 pay", "0 done")
    assert state.p[0]["pp"] == 1 and state.prompt is None
    # Only players with a marker decide, in Passing Column order, once however many markers.
    state = ready(3, phase="C", reals=20)
    b = B.BUILDING_INDEX["moinho"]
    state.order = [2, 0, 1]
    state.markers[b] = [1, 2, 1]
    state.bdice[b] = [[GUILD_DIE, 1, 1], [GUILD_DIE, 2, 1], [GUILD_DIE, 1, 1]]
    state = ask(state, {"t": "cseat", "b": b, "i": 0}, phase="C")
    assert state.prompt["s"] == 2
    state, _ = play(state, "2 pirates")
    assert state.prompt["s"] == 1
    state, _ = play(state, "1 pirates")
    assert state.prompt is None and state.p[1]["pirates"] == 1


def test_phase_c_rerolls_the_dice_resolves_buildings_in_order_and_clears_them():
    state = b_state(3).clone()
    seat = state.prompt["s"]
    state.p[seat]["dice"] = [3, 3]
    mill = B.BUILDING_INDEX["moinho"]
    fort = B.BUILDING_INDEX["fortaleza"]
    state, _ = play(state, f"{seat} die 3 farmer", f"{seat} skip", "2 pass 1", "0 pass 2 reals", "1 pass 3 reals")
    assert state.phase == "C" and state.prompt == {"t": "cdecide", "s": seat, "b": fort}
    assert state.markers[mill] == [] and state.bdice[fort][0][1] == seat
    state, _events = play(state, f"{seat} pirates")
    assert state.markers == [[]] * 5 and state.bdice == [[]] * 5 and state.chars == [None] * 5
    assert state.phase in ("D", "E", "A")


def test_lord_makes_the_building_free_and_diplomat_adds_two_workers():
    state, _b = c_state("moinho", dice=(1,), reals=0, workers=["2a"])
    state.p[0]["favors"] = [["lord", True], ["diplomat", True], ["engineer", True]]
    moves = legal(state)
    assert "favor lord" in moves and "favor diplomat" in moves and "favor engineer" not in moves  # B only
    lord, _ = play(state, "0 favor lord")
    assert "pay" in legal(lord) and not [m for m in legal(lord) if m.startswith("favor")]  # one favor a turn
    lord, _ = play(lord, "0 pay")
    assert lord.p[0]["bread"] == state.p[0]["bread"] + 2 and lord.p[0]["favors"][0] == ["lord", False]
    rich = state.clone()
    rich.p[0]["reals"] = 20
    rich, _ = play(rich, "0 favor diplomat", "0 pay")
    assert rich.p[0]["bread"] == state.p[0]["bread"] + 5  # 1 worker + 2 = 3: tier 2


ISSUE_13_LORD_RECORD = (
    "0 city ps1; 1 city fu1; 0 field 1a; 0 field 2b; 1 field 3a; 1 field forest; 1 row 1; 1 take wealth; "
    "0 take urban; 1 die 1 mayor; 1 act; 1 move ps4-fu2; 1 move ma4-fu3; 0 pirate 3 steward; 0 act; "
    "0 move home-2e; 0 move ps1-2c; 1 die 3 steward; 1 skip; 0 die 1 master; 0 act; 0 buy miller; 0 wood 2e; "
    "1 die 1 farmer; 1 harvest; 0 die 3 commander; 0 act; 0 ship home-in1; 0 wood 2c; 0 ship home-wh1; "
    "0 reward city; 0 move home-ma5; 1 pass 2 city; 1 move home-ps2; 0 favor miller; 0 pass 1; 1 pirates; "
    "0 pay; 0 move home-ps1; 0 move home-ps3; 0 mill down reals; 0 pay; 0 move home-in; 1 pirates; 1 pay; "
    "1 move home-watch; 1 honor; 0 feed 3; 1 feed 0; 0 score urban; 1 score urban; 0 row 2; 0 take urban; "
    "0 guild orange; 1 take wealth; 1 die 3 steward; 1 act; 1 move home-2d; 1 done; 0 die 3 commander; "
    "0 harvest; 1 mill down bread; 1 die 1 commander; 1 harvest; 0 favor miller; 0 die 3 mayor; 0 act; "
    "0 done; 1 die 1 master; 1 act; 1 buy lord; 0 pass 2 reals; 1 pass 1; 1 pay; 0 pay; 1 favor lord; 1 pay; "
    "1 move home-ma1"
)
ISSUE_13_LORD = ISSUE_13_LORD_RECORD.split("; ")


def test_the_lord_frees_only_its_users_current_building_in_the_view_and_the_reroll_message():
    """Issue 13.5: after ``1 favor lord`` at Capitania, the other buildings keep their price on
    the board (Fortaleza 8 - 3 = 5 for seat 0), and the next building's re-roll says its real
    price (8 - 2 = 6), so seat 1 with 0 reals is offered only ``pirates``."""
    from games.messages import translate

    lines = list(ISSUE_13_LORD)
    assert len(lines) == 78
    # Since issue 13.6 a worker arriving in the City Watch asks how many pirates to discard.
    assert lines[45] == "1 move home-watch"
    lines.insert(46, "1 discard 3")
    state, _ = play(new(2, 0), *lines[:76])
    before = {b["id"]: b["cost"] for b in madeira.view(state, None)["buildings"]}
    assert lines[76] == "1 favor lord"
    state, _ = play(state, lines[76])
    board = {b["id"]: b["cost"] for b in madeira.view(state, None)["buildings"]}
    assert board == before and board["fortaleza"] == 8 - 3 and board["capitania"] == 5
    assert madeira.view(state, 0)["buildings"] == madeira.view(state, None)["buildings"]
    # The user's own decision says 0 and the payment is 0.
    assert madeira.decision(state, 1).params["cost"] == 0
    assert madeira.describe_move(state, "pay") == translate("madeira.move.pay", "en", count=0,
                                                             building=translate("madeira.building.capitania", "en"))
    reals = state.p[1]["reals"]
    state, _ = play(state, lines[77])
    assert state.p[1]["reals"] == reals
    state, events = play(state, lines[78])
    (reroll,) = [e for e in events if e.key == "madeira.event.reroll.alfandega"]
    assert reroll.params["cost"] == 8 - 2 == 6
    assert "6" in translate(reroll.key, "en", **reroll.params)
    assert state.p[1]["reals"] == 0 and legal(state) == ["pirates"]
    assert madeira.decision(state, 1).params["cost"] == 6
    assert {b["id"]: b["cost"] for b in madeira.view(state, None)["buildings"]}["alfandega"] == 6


def test_pirates_taken_in_phase_c_are_told_to_their_owner_only():
    """Issue 13.7 (the seed, §15 C3): pirate points taken instead of paying at a building are
    seen by their owner alone. Two games that differ only in that gain (the pirate die 1 or 3 on
    the last building) show the same public view, the same other seat's view and the same public
    event texts; only the owner's own view and private events differ."""
    from games.messages import translate

    def took(pirate_die):
        state = ready(3, phase="C", reals=0)
        b = B.BUILDING_INDEX["fortaleza"]
        state.order = [0, 1, 2]
        state.markers[b] = [0]
        state.bdice[b] = [[GUILD_DIE, 0, 1], [PIRATE_DIE, 1, pirate_die]]
        state = ask(state, {"t": "cseat", "b": b, "i": 0}, phase="C", then=({"t": "cbuilding", "b": b + 1},))
        state.bdice[b][1][2] = pirate_die  # the re-roll is not what this test is about
        return play(state, "0 pirates")

    low, low_events = took(1)
    high, high_events = took(3)
    assert (low.p[0]["pirates"], high.p[0]["pirates"]) == (2, 4)
    assert json.dumps(madeira.view(low, None), sort_keys=True) == json.dumps(madeira.view(high, None), sort_keys=True)
    assert madeira.view(low, 1) == madeira.view(high, 1)
    assert madeira.view(low, 0)["private"]["pirates"] == 2 and madeira.view(high, 0)["private"]["pirates"] == 4

    def public(events):
        return [translate(e.key, lang, **e.params) for e in events if e.seats is None for lang in ("en", "ja")]

    assert public(low_events) == public(high_events)
    assert "madeira.event.pirates.building" in keys(low_events)
    own = [(e.key, e.seats, dict(e.params)) for e in high_events if e.key.startswith("madeira.event.pirates.")]
    assert own == [("madeira.event.pirates.building", None, {"seat": 0}),
                   ("madeira.event.pirates.building.own", frozenset({0}), {"seat": 0, "count": 4})]
    # Feeding gains stay public (the seed: 海賊点を受け取る際にはその値を全プレイヤーが確認できます).
    hungry = d_state(bread=1, wheat=0, sugar=0, wine=0)
    put(hungry, 0, "1a", "2a", "ps1", "watch", "watch", "az")
    hungry = ask(hungry, {"t": "feed", "s": 0}, phase="D")
    _, events = play(hungry, "0 feed 0")
    (feeding,) = [e for e in events if e.key == "madeira.event.pirates.feeding"]
    assert feeding.seats is None and feeding.params["count"] == 6 - LEVELS[hungry.p[0]["mill"]]


def test_bishop_moves_a_marker_but_not_into_the_building_being_resolved():
    state, b = c_state("capitania", dice=(1,), reals=0)
    state.markers[B.BUILDING_INDEX["coroa"]] = [0]
    state.p[0]["favors"] = [["bishop", True]]
    state, _ = play(state, "0 favor bishop")
    moves = legal(state)
    assert "marker capitania-moinho" in moves and "marker coroa-capitania" in moves  # has one here
    fresh, _ = c_state("capitania", dice=(1,), reals=0)
    fresh.markers[B.BUILDING_INDEX["coroa"]] = [0]
    fresh.markers[b] = [0]
    fresh.p[0]["favors"] = [["bishop", True]]
    # Moving the only marker away: no decision (neither pay nor pirates) here.
    fresh, _ = play(fresh, "0 favor bishop", "0 marker capitania-fortaleza")
    assert fresh.prompt is None and fresh.p[0]["pirates"] == 0
    assert fresh.markers[B.BUILDING_INDEX["fortaleza"]] == [0]
    other = ready(3, phase="C")
    other.markers[B.BUILDING_INDEX["coroa"]] = [0]
    other.p[0]["favors"] = [["bishop", True]]
    other = ask(other, {"t": "bishop", "s": 0, "b": B.BUILDING_INDEX["capitania"]}, phase="C")
    assert "marker coroa-capitania" not in legal(other)


def test_the_other_favors():
    state = b_state(3, reals=4, bread=0, wood=0).clone()
    seat = state.prompt["s"]
    clear(state, seat)
    put(state, seat, "forest", "2a", "watch")
    state.p[seat]["pirates"] = 7
    favors = ("treasurer", "patron", "monk", "miller", "constable", "lady", "scout", "navigator")
    state.p[seat]["favors"] = [[f, True] for f in favors]
    for favor, check in (
        ("treasurer", lambda p: p["reals"] == 9),
        ("patron", lambda p: p["bread"] == 3),
        ("monk", lambda p: p["wood"] == 2),
        ("miller", lambda p: p["mill"] == state.p[seat]["mill"] + 1 and p["wheat"] == state.p[seat]["wheat"]),
        ("constable", lambda p: p["pirates"] == 4),
    ):
        after, _ = play(state, f"{seat} favor {favor}")
        assert check(after.p[seat]), favor
        assert [favor, False] in after.p[seat]["favors"] and after.prompt["t"] == "bturn"
    lady, _ = play(state, f"{seat} favor lady")
    assert legal(lady) == ["building moinho", "building capitania"]  # a worker in region 2 only
    lady, _ = play(lady, f"{seat} building moinho")
    assert lady.p[seat]["reals"] == 0 and lady.p[seat]["bread"] == 2
    navigator, _ = play(state, f"{seat} favor navigator")
    assert navigator.prompt["t"] == "smove" and navigator.prompt["left"] == 1
    scout, _ = play(state, f"{seat} favor scout")
    spot = B.open_spots(scout)[0]
    assert "move 2a-home" in legal(scout) and f"move watch-{spot}" in legal(scout)
    scout, _ = play(scout, f"{seat} move watch-{spot}")
    assert scout.p[seat]["pp"] == 1 and B.workers_at(scout, seat, spot) == 1


# -- Phase D: maintenance (§11) ---------------------------------------------------------------


def d_state(n=3, **resources):
    state = ready(n, phase="D", **resources)
    state.order = list(range(n))
    return state


def test_honor_goes_to_the_single_player_with_most_city_watch_workers():
    state = d_state()
    state.watch = [3, 2, 0]
    asked = ask(state, {"t": "honor"}, phase="D")
    assert asked.prompt == {"t": "honor", "s": 0} and set(legal(asked)) >= {"honor", "skip"}
    done, _ = play(asked, "0 honor")
    assert done.watch[0] == 2 and done.p[0]["pp"] == 4 and done.p[0]["workers"] == state.p[0]["workers"] + 1
    declined, _ = play(asked, "0 skip")
    assert declined.watch[0] == 3 and declined.p[0]["pp"] == 0
    state.watch = [2, 2, 1]
    tie = ask(state, {"t": "honor"}, phase="D")
    assert tie.prompt is None and [p["pp"] for p in tie.p] == [0, 0, 0]


def test_colony_income_gives_each_colony_good_per_worker():
    state = d_state(wheat=0, sugar=0, wine=0)
    put(state, 0, "az", "az", "in")
    put(state, 1, "br")
    state = ask(state, {"t": "income"}, phase="D")
    assert (state.p[0]["wheat"], state.p[0]["wine"], state.p[1]["sugar"]) == (2, 1, 1)


def test_upkeep_costs_one_wood_per_ship_bought_or_left_as_pirates():
    state = d_state(wood=1, reals=10)
    for code in ("az1", "wh1", "su1"):
        B.set_ship(state, code, 0)
    put(state, 0, "forest")
    state = ask(state, {"t": "upkeep", "s": 0}, phase="D")
    assert legal(state)[:2] == ["upkeep 0", "upkeep 1"]
    # Keep the Home wood: all three unpaid are pirates (public).
    kept, events = play(state, "0 upkeep 0")
    assert kept.p[0]["pirates"] == 3 and kept.p[0]["wood"] == 1 and "madeira.event.pirates.upkeep" in keys(events)
    # Pay the Home wood, buy one (1 real), leave one unpaid.
    paid, _ = play(state, "0 upkeep 1")
    assert paid.prompt["t"] == "upkeep_buy" and "wood forest" in legal(paid)
    paid, _ = play(paid, "0 wood forest", "0 pirates")
    assert (paid.p[0]["wood"], paid.p[0]["reals"], paid.p[0]["pirates"]) == (0, 9, 1)
    # Without wood and access: all pirates, nothing asked.
    poor = d_state(wood=0, reals=10)
    B.set_ship(poor, "az1", 0)
    poor = ask(poor, {"t": "upkeep", "s": 0}, phase="D")
    assert poor.prompt is None and poor.p[0]["pirates"] == 1


def test_feeding_the_windmill_level_is_free_each_other_worker_eats_a_bread_or_is_a_pirate():
    state = d_state(bread=2, wheat=0, sugar=0, wine=0)
    put(state, 0, "1a", "2a", "ps1", "watch", "watch", "az")
    assert B.workers_on_board(state, 0) == 6
    state = ask(state, {"t": "feed", "s": 0}, phase="D")
    owed = 6 - LEVELS[state.p[0]["mill"]]
    assert legal(state) == ["feed 0", "feed 1", "feed 2"]
    state, events = play(state, "0 feed 2")
    assert state.p[0]["bread"] == 0 and state.p[0]["pirates"] == owed - 2
    assert "madeira.event.pirates.feeding" in keys(events)
    # A windmill level above the workers gives nothing extra and asks nothing.
    fed = d_state(bread=2)
    fed.p[0]["mill"] = TOP
    fed = ask(fed, {"t": "feed", "s": 0}, phase="D")
    assert fed.prompt is None and fed.p[0]["bread"] == 2


def test_maintenance_runs_honor_income_upkeep_and_feeding_in_passing_order():
    state = d_state(wood=0, bread=0, reals=0, wheat=0, sugar=0, wine=0)
    state.order = [2, 0, 1]
    for seat in range(3):
        B.set_ship(state, ("az1", "az2", "az3")[seat], seat)
        put(state, seat, *["watch"] * 5)
    state = ask(state, {"t": "d_start"}, phase="D")
    # A tie in the Watch: no honor. Nobody can pay: every ship and every unfed worker is a pirate,
    # nothing is asked, and the round goes on (Phase E of round 1, then round 2).
    assert state.phase == "A" and state.round == 2
    for seat in range(3):
        assert state.p[seat]["pirates"] == 1 + (5 - LEVELS[state.p[seat]["mill"]])


# -- Phase E: the Crown's Requests and the field changes (§12) -------------------------------


def e_state(round_=1, n=3, **resources):
    state = ready(n, phase="E", **resources)
    state.round = round_
    state.order = list(range(n))
    return state


def score(state, seat, *kinds, left=None):
    state = state.clone()
    state.p[seat]["requests"] = list(kinds)
    left = len(kinds) if left is None else left
    return ask(state, {"t": "escore", "s": seat, "left": left, "first": True}, phase="E")


def test_market_routes_and_expeditions_score_up_to_three_ships_each_with_different_ships():
    state = e_state(3)
    for code in ("wh1", "su1", "su2", "wi1"):
        B.set_ship(state, code, 0)
    for code in ("az1", "in1"):
        B.set_ship(state, code, 0)
    state = score(state, 0, "market", "market", "expedition")
    # Round 3: wheat 6, sugar 4, wine 3 per ship; Açores 3, India 4.
    assert state.p[0]["pp"] == (6 + 4 + 4) + 3 + (3 + 4)
    assert state.p[0]["requests"] == []


def test_influence_of_the_guilds_scores_one_face_up_favor_per_guild_and_distinct_favors():
    state = e_state(5)
    state.p[0]["favors"] = [["treasurer", True], ["bishop", True], ["lord", True], ["monk", True],
                            ["navigator", False]]
    state = score(state, 0, "guilds", "guilds", "wealth")
    assert state.prompt["t"] == "wealth"
    state, _ = play(state, "0 wealth 0")
    # First: white, green, orange (purple is face down) = 15; second: the other white = 5.
    assert state.p[0]["pp"] == 15 + 5
    assert all(up for f, up in state.p[0]["favors"] if f != "navigator")  # scoring does not flip them


def test_wealth_pays_up_to_fifteen_reals_per_tile():
    state = e_state(3, reals=40)
    state = score(state, 0, "wealth", "wealth")
    assert legal(state)[-1] == "wealth 15"
    state, _ = play(state, "0 wealth 15", "0 wealth 15")
    assert state.p[0]["pp"] == 30 and state.p[0]["reals"] == 10


def test_urbanization_majority_neutral_party_and_rightmost_tie_break():
    state = e_state(1)
    put(state, 0, "fu1", "fu2")
    put(state, 1, "fu3")
    put(state, 1, "ma1")          # Machico: seat 1 and the citizen tie; the citizen (spot 4) is rightmost
    put(state, 2, "ps1")          # Porto Santo: seat 2 and the citizen tie, citizen rightmost
    from games.madeira.crown import urban_value

    assert urban_value(state, 0, 1) == 12 and urban_value(state, 1, 1) == 6  # majority / a worker there
    assert urban_value(state, 1, 2) == 5 and urban_value(state, 2, 0) == 7    # tie lost to the citizen
    state.city[2][:4] = [NEUTRAL, None, 1, None]  # now seat 1's worker is the rightmost of the tie
    assert urban_value(state, 1, 2) == 15
    assert urban_value(state, 0, 0) == 0  # no worker there: nothing
    # Two Urbanization requests in one round take two different cities, the best first.
    two = e_state(3)
    put(two, 0, "ma1", "ma2", "fu1")
    two = score(two, 0, "urban", "urban")
    assert two.p[0]["pp"] == 15 + 6 and two.used["cities"] == ["ma", "fu"]


def test_each_round_scores_one_two_then_all_requests_and_discards_them():
    state = e_state(1, reals=0)
    state = score(state, 0, "urban", "wealth", left=1)
    assert sorted(legal(state)) == ["score urban", "score wealth"]
    state, _ = play(state, "0 score urban")
    assert state.prompt is None and state.p[0]["requests"] == ["wealth"]  # discarded though it scored 0
    three = score(e_state(3), 0, "urban", "market", "expedition", left=2)
    three, _ = play(three, "0 score market")
    assert legal(three) == ["score expedition", "score urban"]
    three, _ = play(three, "0 score urban")
    assert three.p[0]["requests"] == ["expedition"]
    five = score(e_state(5), 0, "urban", "market", "expedition")
    assert five.prompt is None and five.p[0]["requests"] == []  # all three, nothing to choose


def test_rounds_two_and_four_convert_wood_free_fields_for_good():
    state = e_state(2)
    wheat_fields = [i for i, f in enumerate(BOARD.fields) if f.convert_round == 2]
    state.field_wood[wheat_fields[0]] = 0
    state.field_wood[wheat_fields[1]] = 1
    state = ask(state, {"t": "e_start"}, phase="E")
    assert state.field_good[wheat_fields[0]] == "sugar" and state.field_good[wheat_fields[1]] == "wheat"
    # Cleared later, a field that had wood at the check never converts.
    later = state.clone()
    later.round = 4
    later.field_wood[wheat_fields[1]] = 0
    sugar_fields = [i for i, f in enumerate(BOARD.fields) if f.convert_round == 4]
    later.field_wood[sugar_fields[0]] = 0
    later = ask(later, {"t": "e_start"}, phase="E")
    assert later.field_good[wheat_fields[1]] == "wheat" and later.field_good[sugar_fields[0]] == "wine"
    assert later.field_good[wheat_fields[0]] == "sugar"


# -- the end (§13) ----------------------------------------------------------------------------


def test_pirate_penalties_by_rank_with_ties_going_easier_on_the_earlier_player():
    order = [0, 1, 2, 3]
    assert pirate_penalties([25, 21, 12, 5], order, 4) == [16 + 5, 8 + 1, 4, 2]  # the rulebook's example
    assert pirate_penalties([6, 6, 0, 1], order, 4) == [8, 16, 0, 4]  # seat 0 earlier: loses less
    assert pirate_penalties([6, 6, 0, 1], [1, 0, 2, 3], 4) == [16, 8, 0, 4]
    assert pirate_penalties([0, 0, 0], [0, 1, 2], 3) == [0, 0, 0]
    assert pirate_penalties([3, 9], [0, 1], 2) == [8, 16]
    assert pirate_penalties([30, 4, 4], [2, 1, 0], 3) == [16 + 10, 8, 4]  # seat 2 is earlier


def test_final_scoring_converts_resources_and_reveals_pirates_and_breaks_ties_by_passing_order():
    state = e_state(5, n=3)
    for seat, (reals, pirates) in enumerate(((7, 0), (3, 5), (4, 5))):
        state.p[seat].update(reals=reals, wheat=1, sugar=1, wine=1, wood=1, bread=1, pirates=pirates, pp=20)
        state.p[seat]["requests"] = []
    state.order = [1, 2, 0]
    state = ask(state, {"t": "round_end"}, phase="E")
    result = madeira.result(state)
    assert state.phase == "over" and madeira.to_act(state) == frozenset()
    # 12 / 8 / 9 reals -> 2 / 1 / 1 PP; pirates 5 and 5: seat 1 is earlier, so seat 2 loses 16.
    assert result.scores == [22, 21 - 8, 21 - 16]
    assert result.ranks == [1, 2, 3] and result.detail["pirates"] == [0, 5, 5]
    view = madeira.view(state, None)
    assert view["result"]["pirates"] == [0, 5, 5]  # revealed at the end
    tie = e_state(5, n=2)
    for p in tie.p:
        p.update(reals=0, wheat=0, sugar=0, wine=0, wood=0, bread=0, pirates=0, pp=10, requests=[])
    tie.order = [1, 0]
    tie = ask(tie, {"t": "round_end"}, phase="E")
    assert madeira.result(tie).ranks == [2, 1]  # equal PP: higher in the Passing Column wins


# -- private information (§15 C3, §17.8) -------------------------------------------------------


def test_pirate_totals_stay_out_of_the_public_view_and_go_to_their_owner():
    state = b_state(3).clone()
    state.p[0]["pirates"] = 4
    public = madeira.view(state, None)
    assert "private" not in public and "pirates" not in json.dumps(public["players"])
    mine = madeira.view(state, 0)
    assert mine["private"] == madeira.private_view(state, 0) and mine["private"]["pirates"] == 4
    assert {k: v for k, v in mine.items() if k not in ("private", "seat")} == \
        {k: v for k, v in public.items() if k != "seat"}
    text = madeira.describe_private(madeira.private_view(state, 0), "en")
    assert "pirate points: 4" in text
    assert "海賊点: 4点" in madeira.describe_private(madeira.private_view(state, 0), "ja")


# -- notation ---------------------------------------------------------------------------------


def test_notation_reads_shortened_japanese_and_refuses_ambiguity_with_reasons():
    state = b_state(4)
    seat = state.prompt["s"]
    assert madeira.parse_move(state, "Pass  1", seat) == "pass 1"
    assert madeira.parse_move(state, "パス 4 reals", seat) == "pass 4 reals"
    assert madeira.parse_move(state, "ｐａｓｓ ３ ｗａｔｃｈ", seat) == "pass 3 watch"
    with pytest.raises(AmbiguousMove, match="pass 2 reals"):
        madeira.parse_move(state, "pass 2", seat)
    with pytest.raises(MalformedMove, match="not a word"):
        madeira.parse_move(state, "castle 3", seat)
    with pytest.raises(IllegalMove, match="now you use a favor"):
        madeira.parse_move(state, "honor", seat)
    refused(state, seat, "feed 3", IllegalMove)
    with pytest.raises(NotYourTurn):
        madeira.apply(state, (seat + 1) % 4, "pass 1")
    with pytest.raises(IllegalMove):
        madeira.apply(state, seat, "pass 9")
    state = ask(ready(3), {"t": "wmove", "s": 0, "to": "field", "left": 1})
    assert madeira.parse_move(state, "move home → 2a", 0) == "move home-2a"


def test_every_legal_move_survives_format_then_parse_and_describes_itself_in_both_languages():
    from tests.play import random_game

    states, _ = random_game(madeira, 4, seed=11)
    for state in states[::7]:
        if not madeira.to_act(state):
            continue
        seat = min(madeira.to_act(state))
        for move in madeira.legal_moves(state, seat):
            assert madeira.parse_move(state, madeira.format_move(state, move), seat) == move
            for lang in ("en", "ja"):
                words = madeira.describe_move(state, move, lang)
                assert words and "madeira." not in words and "{" not in words, (move, words)
