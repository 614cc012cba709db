"""Madeira (Nuno Bizarro Sentieiro, Paulo Soledade, 2013), base game for 2-4 players.

The modules follow the rules page (``shared/rules/madeira.md``): :mod:`~games.madeira.data` the
board data file and its loader (§2-§3), :mod:`~games.madeira.board` places and pieces (§3, §9),
:mod:`~games.madeira.state` the state (§4), :mod:`~games.madeira.engine` the task machine and the
windmill (§6.3), :mod:`~games.madeira.rounds` set-up and Phase A (§5, §7),
:mod:`~games.madeira.characters` Phase B (§8), :mod:`~games.madeira.actions` shared steps
(§8.5, §9, favors §3.10, King's Rewards §3.11), :mod:`~games.madeira.buildings` Phase C (§10),
:mod:`~games.madeira.maintenance` Phase D (§11), :mod:`~games.madeira.crown` Phase E (§12),
:mod:`~games.madeira.scoring` the end (§13) and :mod:`~games.madeira.notation` the notation.
This module binds them to the engine contract.

A move of the contract is ONE decision; multi-step actions ask one step at a time, and the engine
runs everything that needs no decision by itself.

Hidden information (rules page §15 C3, §17.8): each seat's pirate total. ``view(state, None)``
never holds it (until the final scoring reveals all); ``view(state, seat)`` adds that seat's own
total; :meth:`Madeira.private_view` is what the host sends by DM. Upkeep and feeding gains and
every discard are public events; pirate points taken at a building in Phase C are told to their
owner alone (the seed: 受け取った海賊点は自分だけが確認できます), the table hears only that
the seat took pirates. The totals are never shown, yet each follows from public events (a Phase C
take is the toll the building's public re-roll named, §17.8 note 8), as at the physical table,
where the tokens lie face down but everyone may count them: so the AI search keeps them
(:meth:`Madeira.determinize`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from games.core import Event, Game, Option, Result, gain_prior, margin_shares
from games.errors import IllegalMove, MalformedMove
from games.madeira import (  # noqa: F401
    actions,
    buildings,
    characters,
    crown,
    maintenance,
    rounds,
    scoring,
)
from games.madeira import board as B
from games.madeira.data import BOARD
from games.madeira.engine import KINDS, LEVELS, advance, free_moves, play_free
from games.madeira.messages import MESSAGES, RULES_HELP
from games.madeira.notation import parse_move, shown
from games.madeira.state import (
    FIELDS,
    GUILD_DIE,
    OVER,
    PHASE_A,
    PHASE_B,
    PHASE_C,
    PHASE_D,
    PHASES,
    SETUP,
    MadeiraState,
)
from games.messages import LANGUAGES, Text, register_messages, text_to_json, translate
from games.registry import register
from games.rng import Rng

register_messages(MESSAGES)

__all__ = ["GAME", "Madeira", "MadeiraState"]

SEAT_COLOURS = ("yellow", "red", "purple", "blue")


def _help(key: str) -> dict[str, str]:
    return {lang: translate(f"madeira.option.{key}", lang) for lang in ("en", "ja")}


class Madeira(Game[MadeiraState, str]):
    name = "madeira"
    titles: ClassVar[Mapping[str, str]] = {"en": "Madeira", "ja": "マデイラ"}
    min_players = 2
    max_players = 4
    hidden_information = True
    options = (
        Option("city_order", "choice", "reverse", _help("city_order"), choices=("reverse", "turn")),
    )
    rules_help = RULES_HELP

    # -- set-up -------------------------------------------------------------------------------

    def setup(self, num_players: int, options: Mapping[str, Any], seed: int) -> MadeiraState:
        return rounds.new_state(num_players, options, seed)

    # -- play ---------------------------------------------------------------------------------

    def num_players(self, state: MadeiraState) -> int:
        return state.n

    def to_act(self, state: MadeiraState) -> frozenset[int]:
        return frozenset() if state.prompt is None else frozenset((state.prompt["s"],))

    def legal_moves(self, state: MadeiraState, seat: int) -> list[str]:
        cached = state.__dict__.get("_legal")
        if cached is not None and cached[0] == seat:
            return list(cached[1])
        prompt = state.prompt
        if prompt is None or prompt["s"] != seat:
            moves: list[str] = []
        else:
            moves = KINDS[prompt["t"]].options(state, prompt) + free_moves(state, seat)
        state.__dict__["_legal"] = (seat, moves)
        return list(moves)

    def is_legal(self, state: MadeiraState, seat: int, move: str) -> bool:
        return move in self.legal_moves(state, seat)

    def play(self, state: MadeiraState, seat: int, move: str) -> tuple[MadeiraState, list[Event]]:
        if not isinstance(move, str):
            raise MalformedMove(text=shown(repr(move)), reason=Text("madeira.reason.format"))
        legal = self.legal_moves(state, seat)
        if move not in legal:
            parse_move(legal, move, self._asked(state))  # raises the specific error
            raise IllegalMove(text=shown(move), reason=Text("madeira.reason.nothing_fits"))  # a shortened form
        after = state.clone()
        after.__dict__["_ev"] = []
        if move.startswith("mill "):
            play_free(after, seat, move)
        else:
            task, after.prompt = after.prompt, None
            KINDS[task["t"]].decide(after, task, move)
            advance(after)
        after.ply += 1
        # the move in players' words for the board's last-move band (the notation is jargon there)
        words = {lang: self.describe_move(state, move, lang) for lang in LANGUAGES}
        after.last = {"seat": seat, "move": move, "round": state.round, "phase": state.phase, "words": words}
        events = [Event(key, params, seats) for key, params, seats in after.__dict__.pop("_ev")]
        return after, events

    def decision(self, state: MadeiraState, seat: int) -> Text | None:
        """What ``seat`` must decide now, in words with the place or amount that makes it concrete
        ("Moinho (mill): pay 6 reals or take 3 pirate point(s)"); never a pirate total."""
        prompt = state.prompt
        if prompt is None or prompt["s"] != seat:
            return None
        kind = prompt["t"]
        params: dict[str, Any] = {}
        if kind == "bchoose":
            params["character"] = Text(f"madeira.character.{characters.character_of(state, prompt['b'])}")
        elif kind == "cdecide":
            b = prompt["b"]
            params.update(building=Text(f"madeira.building.{BOARD.buildings[b].id}"),
                          cost=buildings.cost(state, b, seat), pirates=buildings.pirate_toll(state, b))
        elif kind == "wmove":
            params.update(count=prompt.get("left", 1), where=Text(f"madeira.where.{prompt.get('to', 'any')}"))
        elif kind in ("mayor", "smove", "flip", "escore"):
            params["count"] = prompt.get("left", 1)
        elif kind in ("wood_pay", "wood_gain"):
            params["count"] = prompt.get("n", 1)
        elif kind == "discard":
            params["count"] = prompt["most"]  # the rule's limit, never the secret total
        elif kind == "kr":
            params["colony"] = Text(f"madeira.colony.{BOARD.colonies[prompt['c']].id}")
        elif kind == "upkeep":
            params["count"] = B.ships_on_board(state, seat)
        elif kind == "upkeep_buy":
            params["count"] = prompt.get("left", 1)
        return Text(f"madeira.decide.{kind}", **params)

    def seat_colours(self, state: MadeiraState) -> list[str]:
        return list(SEAT_COLOURS[:state.n])

    def _asked(self, state: MadeiraState) -> Text | None:
        return None if state.prompt is None else Text(f"madeira.prompt.{state.prompt['t']}")

    # -- information --------------------------------------------------------------------------

    def scores(self, state: MadeiraState) -> list[int]:
        return scoring.scores(state)

    # -- AI search ----------------------------------------------------------------------------

    #: A Madeira playout runs this far, then the estimated final scores value it.
    ai_playout_plies = 16

    def evaluate(self, state: MadeiraState) -> list[float]:
        """The lead in :func:`~games.madeira.scoring.prospects` (PP, goods at their final rate,
        the pirate penalty of the totals, and most of what the held Crown's Requests would score
        at the next scoring round), 5 PP a step."""
        return margin_shares(scoring.prospects(state), 5.0)

    def move_prior(self, state: MadeiraState, seat: int, moves: Sequence[Move]) -> list[float]:
        """The estimated PP a move gains at once."""
        return gain_prior(self, state, seat, moves, scoring.estimated_scores)

    def result(self, state: MadeiraState) -> Result | None:
        return scoring.result(state)

    def view(self, state: MadeiraState, seat: int | None) -> dict[str, Any]:
        """The table as everyone sees it; with a seat, also that seat's own ``private`` part.

        Pirate totals are absent (for every seat but the viewer's own, in ``private``) until the
        final scoring reveals them in ``result``.
        """
        n = state.n
        count = BOARD.counts[n]
        prompt = state.prompt
        buildings_view = []
        for b, building in enumerate(BOARD.buildings):
            buildings_view.append({
                "id": building.id, "number": b + 1, "region": building.region, "empty_round": building.empty_round,
                "character": characters.character_of(state, b) if state.phase in (PHASE_A, PHASE_B, PHASE_C)
                else None,
                "tile": state.chars[b] is not None,
                "dice": [{"kind": "guild" if kind == GUILD_DIE else "pirate", "seat": who, "value": value}
                         for kind, who, value in state.bdice[b]],
                "markers": list(state.markers[b]),
                "cost": buildings.cost(state, b) if state.markers[b] or state.bdice[b] else None,
            })
        fields = []
        for i, field in enumerate(BOARD.fields):
            fields.append({"id": field.id, "region": field.region, "forest": field.forest,
                           "good": state.field_good[i], "printed": field.good, "converts": field.converts,
                           "convert_round": field.convert_round, "wood": state.field_wood[i],
                           "convert_pending": field.converts is not None and (
                               state.round < field.convert_round or state.round == field.convert_round
                               and state.phase in (SETUP, PHASE_A, PHASE_B, PHASE_C, PHASE_D)),
                           "workers": list(state.field_workers[i])})
        cities = []
        for c, city in enumerate(BOARD.cities):
            cities.append({
                "id": city.id, "income": city.income, "urbanization": list(city.urbanization),
                "spots": [B.neutral_or(who) for who in state.city[c]],
                "districts": [{"favor": favor, "guild": BOARD.favors[favor] if favor else None,
                               "cost": city.district_costs[d], "built": favor is None}
                              for d, favor in enumerate(state.districts[c])],
            })
        colonies = []
        for c, colony in enumerate(BOARD.colonies):
            colonies.append({
                "id": colony.id, "good": colony.good, "pp": {str(k): v for k, v in colony.pp.items()},
                "land": list(state.land[c]), "rewards": list(state.rewards[c]),
                "slots": [{"code": B.landing_code(c, k), "wine": wine, "available": low <= n,
                           "ship": state.landing[c][k]} for k, (wine, low) in enumerate(colony.slots)],
            })
        markets = []
        for m, market in enumerate(BOARD.markets):
            markets.append({
                "id": market.id, "good": market.good, "pp": {str(k): v for k, v in market.pp.items()},
                "slots": [{"code": B.market_code(m, k), "options": [list(o) for o in options], "available": low <= n,
                           "ship": state.market[m][k]} for k, (options, low) in enumerate(market.slots)],
            })
        players = []
        for s, p in enumerate(state.p):
            players.append({
                "seat": s, "colour": SEAT_COLOURS[s], "pp": p["pp"], "reals": p["reals"],
                "wheat": p["wheat"], "sugar": p["sugar"], "wine": p["wine"], "wood": p["wood"], "bread": p["bread"],
                "mill": p["mill"], "mill_feeds": LEVELS[p["mill"]], "workers": p["workers"], "ships": p["ships"],
                "on_board": B.workers_on_board(state, s), "ships_on_board": B.ships_on_board(state, s),
                "markers": BOARD.start["markers"] - sum(ms.count(s) for ms in state.markers),
                "dice": list(p["dice"]),
                "favors": [{"id": f, "guild": BOARD.favors[f], "up": up} for f, up in p["favors"]],
                "requests": list(p["requests"]), "passed": p["passed"],
            })
        passing = []
        for pos, index in enumerate(count.passing):
            slot = BOARD.passing_slots[index]
            passing.append({"slot": slot["name"], "reals": slot["reals"], "action": slot["action"],
                            "seat": state.passing[pos]})
        rows = [{"row": r + 1, "guilds": list(count.guild_rows[r]), "seat": state.rows[r],
                 "dice": list(state.row_dice[r]), "requests": list(state.row_requests[r])} for r in range(n)]
        result = self.result(state)
        view: dict[str, Any] = {
            "game": self.name,
            "num_players": n,
            "seat": seat,
            "round": state.round,
            "rounds": BOARD.rounds,
            "phase": state.phase,
            "prompt": None if prompt is None else {"kind": prompt["t"], "seat": prompt["s"],
                                                   "building": prompt.get("b")},
            "to_act": sorted(self.to_act(state)),
            "colours": list(SEAT_COLOURS[:n]),
            "order": list(state.order),
            "passing": passing,
            "rows": rows,
            "buildings": buildings_view,
            "pirate_dice": list(state.pirate_dice),
            "watch": list(state.watch),
            "fields": fields,
            "cities": cities,
            "colonies": colonies,
            "markets": markets,
            "windmill": {"levels": list(LEVELS), "start": BOARD.windmill["start"]},
            "players": players,
            "base_cost": count.base_cost,
            "dice_limit": count.dice_limit,
            "last": None if state.last is None else dict(state.last),
            "finished": state.phase == OVER,
            "decision": None if prompt is None else text_to_json(self.decision(state, prompt["s"])),
            "result": None if result is None else self._result_view(state, result),
            "placeholders": list(BOARD.placeholders),
            "options": self.format_options(state.options),
        }
        if seat is not None and 0 <= seat < n:
            view["private"] = self.private_view(state, seat)
        return view

    def _result_view(self, state: MadeiraState, result: Result) -> dict[str, Any]:
        """The final scoring, revealed: per seat the prestige track before the end, the reals the
        goods became and their PP, the pirates and their penalty; ``ties`` the groups of seats with
        equal PP that the Passing Column (``order``, top first) put in order."""
        final = state.final
        scores = list(result.scores)
        groups: dict[int, list[int]] = {}
        for seat, score in enumerate(scores):
            groups.setdefault(score, []).append(seat)
        ties = [sorted(group, key=state.order.index) for group in groups.values() if len(group) > 1]
        return {
            "scores": scores, "ranks": list(result.ranks), "pirates": list(final["pirates"]),
            "pirate_pp": list(final["pirate_pp"]), "resource_pp": list(final["resource_pp"]),
            "reals": list(final["reals"]),
            "track": [scores[s] - final["resource_pp"][s] + final["pirate_pp"][s] for s in range(state.n)],
            "ties": sorted(ties, key=lambda group: -scores[group[0]]), "order": list(state.order),
        }

    def private_view(self, state: MadeiraState, seat: int) -> dict[str, Any]:
        """``seat``'s secret: its pirate total (rules page §17.8)."""
        return {"seat": seat, "colour": SEAT_COLOURS[seat], "pirates": state.p[seat]["pirates"],
                "penalties": list(BOARD.counts[state.n].pirate_penalties),
                "threshold": BOARD.pirates["threshold"], "revealed": state.phase == OVER}

    def describe_private(self, private: dict[str, Any], lang: str = "en") -> str:
        """The pirate total in words, with what it will cost (a DM or ``/hand``)."""
        lines = [translate("madeira.private.title", lang, seat=private["seat"] + 1,
                           colour=translate(f"madeira.colour.{private['colour']}", lang)),
                 translate("madeira.private.pirates", lang, pirates=private["pirates"])]
        if private.get("revealed"):
            lines.append(translate("madeira.private.revealed", lang))
        else:
            lines.append(translate("madeira.private.penalty", lang,
                                   table="/".join(str(v) for v in private["penalties"]),
                                   threshold=private["threshold"]))
        return "\n".join(lines)

    def determinize(self, state: MadeiraState, seat: int, rng: Rng) -> MadeiraState:
        """A state for ``seat``'s AI search: this table with the game's generator reseeded from
        the AI's own, so no future die or shuffle is read.

        Every pirate total is kept, and that reads nothing secret: each change to a total is a
        public event (unpaid upkeep and unfed workers with their count, §11; every discard with
        its count, §9.4, the Constable's floor(p/2) too; a Phase C take right after the
        building's public re-roll, which names its toll, 1 + the pirate die, §10), so any seat
        that followed the table counts the same totals. The host keeps them out of the public
        image only as the physical game keeps the tokens face down (§17.8 note 8).
        ``tests/test_madeira_ai.py`` rebuilds them from public events alone."""
        if state.phase == OVER:
            return state
        copy = state.clone()
        copy.rng = rng.next_u64()
        return copy

    # -- notation -----------------------------------------------------------------------------

    def parse_move(self, state: MadeiraState, text: str, seat: int | None = None) -> str:
        if seat is None:
            seat = state.prompt["s"] if state.prompt is not None else 0
        return parse_move(self.legal_moves(state, seat), text, self._asked(state))

    def format_move(self, state: MadeiraState, move: str) -> str:
        return move

    def describe_move(self, state: MadeiraState, move: str, lang: str = "en") -> str:
        try:
            return translate_move(state, move, lang)
        except (KeyError, IndexError, ValueError):
            return move

    # -- storage ------------------------------------------------------------------------------

    def state_to_json(self, state: MadeiraState) -> dict[str, Any]:
        return state.clone().data()

    def state_from_json(self, data: Mapping[str, Any]) -> MadeiraState:
        values = {name: data[name] for name in FIELDS}
        values["options"] = self.resolve_options(values["options"])
        state = MadeiraState(**values).clone()
        if state.phase not in PHASES:
            raise ValueError(f"unknown Madeira phase {state.phase!r}")
        if not self.min_players <= state.n <= self.max_players or len(state.p) != state.n:
            raise ValueError("a Madeira state for an impossible number of players")
        for task in state.tasks + ([state.prompt] if state.prompt else []):
            if task["t"] not in KINDS:
                raise ValueError(f"unknown Madeira step {task['t']!r}")
        return state


def translate_move(state: MadeiraState, move: str, lang: str) -> str:
    """The move in words (state before the move)."""
    words = move.split()
    verb = words[0]
    t = lambda key, **params: translate(f"madeira.move.{key}", lang, **params)
    name = lambda group, key: translate(f"madeira.{group}.{key}", lang)
    prompt = state.prompt or {}
    if verb in ("city", "field"):
        return t(verb, spot=words[1], field=words[1])
    if verb == "row":
        return t("row", row=words[1], dice=" ".join(map(str, sorted(state.row_dice[int(words[1]) - 1]))))
    if verb == "take":
        return t("take", request=name("request", words[1]))
    if verb == "guild":
        return t("guild", guild=name("guild", words[1]))
    if verb == "favor":
        return t("favor", favor=name("favor", words[1]))
    if verb in ("die", "pirate"):
        b = characters.building_of(state, words[2])
        cost = characters.bread_cost(b, int(words[1]))
        bread = t("bread", count=cost) if cost else ""
        return t(verb, value=words[1], character=name("character", words[2]), bread=bread)
    if verb == "pass":
        pos = int(words[1]) - 1
        slot = BOARD.passing_slots[BOARD.counts[state.n].passing[pos]]
        if len(words) < 3 or words[2] == "reals":
            return t("pass_reals", slot=slot["name"], count=slot["reals"])
        return t("pass_action", slot=slot["name"], action=name("pass_action", words[2]))
    if verb == "act":
        return t("act", character=name("character", state.chars[prompt["b"]]))
    if verb in ("harvest", "skip", "done", "pirates", "honor"):
        if verb == "skip" and prompt.get("t") == "honor":
            return t("no_honor")
        if verb == "pirates" and prompt.get("t") == "upkeep_buy":
            return t("unpaid")
        return t(verb)
    if verb == "move":
        source, target = words[1].split("-")
        return t("piece" if prompt.get("t") == "mayor" else "worker", source=source, target=target)
    if verb == "ship":
        source, target = words[1].split(".")[0].split("-")
        return t("ship", source=source, target=target)
    if verb == "buy":
        for favor, c, d, cost in actions.district_offers(state, prompt["s"]):
            if favor == words[1]:
                return t("buy", favor=name("favor", favor), city=name("city", B.CITY_IDS[c]), cost=cost)
        return move
    if verb == "wood":
        return t("wood_take" if prompt.get("t") == "wood_gain" else "wood_buy", source=words[1])
    if verb == "reward":
        return t("reward", reward=name("reward", words[1]))
    if verb == "support":
        return t(f"support_{words[1]}")
    if verb == "discard":
        return t("discard", count=words[1])
    if verb in ("flip",):
        return t("flip", favor=name("favor", words[1]))
    if verb == "again":
        return t("again", field=words[1])
    if verb == "marker":
        a, b = words[1].split("-")
        return t("marker", source=name("building", a), target=name("building", b))
    if verb == "building":
        return t("building", building=name("building", words[1]))
    if verb == "pay":
        b = prompt["b"]
        return t("pay", count=buildings.cost(state, b, prompt["s"]), building=name("building", BOARD.buildings[b].id))
    if verb in ("upkeep", "feed", "wealth"):
        return t(verb, count=words[1])
    if verb == "score":
        return t("score", request=name("request", words[1]))
    if verb == "mill":
        if words[1] == "up":
            return t("mill_up")
        if words[1] == "down":
            return t(f"mill_down_{words[2]}")
        a, b = words[2].split("+")
        if a == b:
            return t("mill_trade_same", a=name("good", a), c=name("good", words[3]))
        return t("mill_trade", a=name("good", a), b=name("good", b), c=name("good", words[3]))
    return move


GAME = register(Madeira())
