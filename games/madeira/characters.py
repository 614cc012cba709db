"""Phase B, character actions (rules page §8): turns in Dice Column order until everyone has
passed; a turn is one favor at most, then a die on a character (and its action, a harvest, or
nothing) or a pass onto the Passing Column.

Notation of a turn: ``favor monk``; ``die 2 steward`` (a guild die of value 2 on the Steward),
``pirate 3 mayor`` (a pirate die from the City Watch); then ``act`` / ``harvest`` / ``skip``;
or ``pass 1``, ``pass 3 reals``, ``pass 3 watch``.
"""

from __future__ import annotations

from games.madeira import actions
from games.madeira import board as B
from games.madeira.data import BOARD
from games.madeira.engine import Kind, begin_turn, emit, kind, push
from games.madeira.state import GUILD_DIE, PHASE_B, PIRATE_DIE, MadeiraState

FARMER = BOARD.printed_character


def character_of(state: MadeiraState, b: int) -> str:
    """The character on building ``b``: its tile, or the printed Harvest +1 character."""
    return state.chars[b] or FARMER


def building_of(state: MadeiraState, character: str) -> int:
    for b in range(len(BOARD.buildings)):
        if character_of(state, b) == character:
            return b
    raise KeyError(character)


def bread_cost(building: int, value: int) -> int:
    """Bread for a die below the building's region number (§8.2)."""
    return max(0, BOARD.buildings[building].region - value)


def die_options(state: MadeiraState, seat: int) -> list[str]:
    """Dice ``seat`` may place: a character holds fewer dice than the limit, at most one pirate
    die, the bread for a low die is at hand, and a pirate die needs an own worker in the Watch."""
    p = state.p[seat]
    limit = BOARD.counts[state.n].dice_limit
    out = []
    guild = sorted(set(p["dice"]))
    pirates = sorted(set(state.pirate_dice)) if state.watch[seat] > 0 else []
    for b in range(len(BOARD.buildings)):
        dice = state.bdice[b]
        if len(dice) >= limit:
            continue
        name = character_of(state, b)
        out += [f"die {v} {name}" for v in guild if bread_cost(b, v) <= p["bread"]]
        if pirates and not any(d[0] == PIRATE_DIE for d in dice):
            out += [f"pirate {v} {name}" for v in pirates if bread_cost(b, v) <= p["bread"]]
    return out


def pass_options(state: MadeiraState) -> list[str]:
    out = []
    for pos, index in enumerate(BOARD.counts[state.n].passing):
        if state.passing[pos] is not None:
            continue
        slot = BOARD.passing_slots[index]
        if slot["action"]:
            out += [f"pass {pos + 1} reals", f"pass {pos + 1} {slot['action']}"]
        else:
            out.append(f"pass {pos + 1}")
    return out


@kind("b_start")
class PhaseBStart(Kind):
    @classmethod
    def run(cls, state, task):
        state.phase = PHASE_B
        emit(state, "madeira.event.phase_b", round=state.round)
        push(state, {"t": "bbegin", "s": state.rows[0]})


@kind("bbegin")
class TurnBegins(Kind):
    @classmethod
    def run(cls, state, task):
        begin_turn(state, task["s"])
        push(state, {"t": "bturn", "s": task["s"]})


@kind("bnext")
class NextTurn(Kind):
    """The next player in Dice Column order who has not passed; when all have, Phase C."""

    @classmethod
    def run(cls, state, task):
        rows = state.rows
        at = rows.index(task["s"])
        for step in range(1, len(rows) + 1):
            seat = rows[(at + step) % len(rows)]
            if not state.p[seat]["passed"]:
                push(state, {"t": "bbegin", "s": seat})
                return
        push(state, {"t": "c_start"})


@kind("bturn")
class Turn(Kind):
    @classmethod
    def options(cls, state, task):
        seat = task["s"]
        return actions.favor_options(state, seat) + die_options(state, seat) + pass_options(state)

    @classmethod
    def decide(cls, state, task, move):
        seat = task["s"]
        words = move.split()
        if words[0] == "favor":
            push(state, *actions.use_favor(state, seat, words[1]), task)
        elif words[0] == "pass":
            push(state, *take_pass(state, seat, int(words[1]) - 1, words[2] if len(words) > 2 else "reals"),
                 {"t": "bnext", "s": seat})
        else:
            b = place_die(state, seat, words[0], int(words[1]), words[2])
            push(state, {"t": "bchoose", "s": seat, "b": b}, {"t": "bnext", "s": seat})


def place_die(state: MadeiraState, seat: int, what: str, value: int, character: str) -> int:
    """Put a die on ``character``: a guild die also puts an action marker on the building; a
    pirate die sends an own worker from the City Watch Home (§8.2)."""
    b = building_of(state, character)
    p = state.p[seat]
    p["bread"] -= bread_cost(b, value)
    if what == "die":
        p["dice"].remove(value)
        state.bdice[b].append([GUILD_DIE, seat, value])
        state.markers[b].append(seat)
    else:
        state.pirate_dice.remove(value)
        state.bdice[b].append([PIRATE_DIE, seat, value])
        state.watch[seat] -= 1
        p["workers"] += 1
    return b


def take_pass(state: MadeiraState, seat: int, pos: int, choice: str) -> list[dict]:
    """Move the turn-order disc to an empty passing slot and take its reals or its action;
    unused guild dice are lost for the round (§8.4)."""
    slot = BOARD.passing_slots[BOARD.counts[state.n].passing[pos]]
    p = state.p[seat]
    state.passing[pos] = seat
    p["passed"] = True
    p["dice"] = []
    if choice == "reals":
        p["reals"] += slot["reals"]
        emit(state, "madeira.event.gain.reals", seat=seat, count=slot["reals"])
        return []
    if slot["action"] == "city":
        p["pp"] += slot.get("pp", 0)
        emit(state, "madeira.event.pp", seat=seat, pp=slot.get("pp", 0))
        return [{"t": "wmove", "s": seat, "to": "city", "left": 1}]
    if slot["action"] == "watch":
        return [{"t": "wmove", "s": seat, "to": "watch", "left": 1, "bonus": "discard"}]
    return [{"t": "smove", "s": seat, "left": 1}]


def action_possible(state: MadeiraState, seat: int, character: str) -> bool:
    if character == "steward":
        return bool(actions.worker_moves(state, {"s": seat, "to": "field", "left": 2}))
    if character == "master":
        return bool(actions.district_offers(state, seat))
    if character == "commander":
        return bool(actions.ship_moves(state, {"s": seat, "left": 2}))
    return True


def character_tasks(state: MadeiraState, seat: int, character: str) -> list[dict]:
    moves = BOARD.character_moves
    if character == "steward":
        return [{"t": "wmove", "s": seat, "to": "field", "left": moves["steward"]}]
    if character == "master":
        return [{"t": "master", "s": seat}]
    if character == "mayor":
        return [{"t": "mayor", "s": seat, "left": moves["mayor"]}]
    return [{"t": "smove", "s": seat, "left": moves["commander"]}]


@kind("bchoose")
class AfterDie(Kind):
    """After placing a die: the character's action (``act``), a ``harvest`` instead, or ``skip``.
    On the empty building only its printed Harvest +1 exists (§8.3, §8.6)."""

    @classmethod
    def options(cls, state, task):
        seat, b = task["s"], task["b"]
        character = state.chars[b]
        out = []
        if character is not None and action_possible(state, seat, character):
            out.append("act")
        if B.region_workers(state, seat, BOARD.buildings[b].region) > 0:
            out.append("harvest")
        return out + ["skip"]

    @classmethod
    def decide(cls, state, task, move):
        seat, b = task["s"], task["b"]
        if move == "act":
            push(state, *character_tasks(state, seat, state.chars[b]))
        elif move == "harvest":
            extra = state.engineer + (BOARD.harvest_plus if state.chars[b] is None else 0)
            harvest(state, seat, BOARD.buildings[b].region, extra)


def harvest(state: MadeiraState, seat: int, region: int, extra: int = 0) -> None:
    """Each own worker on a field of ``region`` takes 1 wood if the field has wood, else 1 of the
    field's current good; then ``extra`` further harvests of those fields (Harvest +1, Engineer)."""
    gained = {"wheat": 0, "sugar": 0, "wine": 0, "wood": 0}
    fields = []
    for i in BOARD.region_fields(region):
        if seat in state.field_workers[i]:
            gained[harvest_field(state, seat, i)] += 1
            fields.append(B.FIELD_IDS[i])
    state.engineer = 0
    emit(state, "madeira.event.harvest", seat=seat, **gained)
    if extra and fields:
        push(state, {"t": "again", "s": seat, "left": extra, "fields": fields})


def harvest_field(state: MadeiraState, seat: int, index: int) -> str:
    p = state.p[seat]
    if state.field_wood[index] > 0:
        state.field_wood[index] -= 1
        p["wood"] += 1
        return "wood"
    good = state.field_good[index]
    p[good] += 1
    return good


@kind("again", forced=True)
class HarvestAgain(Kind):
    """One more harvest of a field just harvested, as it is now (§8.6)."""

    @classmethod
    def options(cls, state, task):
        return [f"again {f}" for f in task["fields"]]

    @classmethod
    def decide(cls, state, task, move):
        seat = task["s"]
        got = harvest_field(state, seat, B.FIELD_INDEX[move.split()[1]])
        emit(state, f"madeira.event.again.{got}", seat=seat, field=move.split()[1])
        if task["left"] > 1:
            push(state, {**task, "left": task["left"] - 1})


__all__ = ["FARMER", "character_of", "die_options", "harvest", "pass_options"]
