"""Mafia de Cuba (Loïc Lamy, Philippe des Pallières): the cigar box goes round in secret, then the
Godfather questions and accuses until his diamonds are back or he falls.

The modules follow the rules page (``shared/rules/mafia_de_cuba.md``):
:mod:`~games.mafia_de_cuba.components` the components, set-up and state (§2, §3),
:mod:`~games.mafia_de_cuba.theft` the box's round (§4), :mod:`~games.mafia_de_cuba.investigation`
testimony, accusations and the Cleaner (§6, §8), :mod:`~games.mafia_de_cuba.winners` the end (§7),
:mod:`~games.mafia_de_cuba.notation` the notation, :mod:`~games.mafia_de_cuba.ai` the AI seats.
This module binds them to the engine contract.

Hidden information (§9): every take is its taker's; the box is seen only by its holder (and by the
Godfather at the end); the bagged token by the first player. ``view(state, None)`` holds only what
the table knows; ``view(state, seat)`` adds ``you``, the seat's own :meth:`MafiaDeCuba.private_view`.
The full reveal (every role, take, the bag, the box's path) is public once the game is over.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from games.core import Deadline, Event, Game, Option, Result, competition_ranks
from games.errors import IllegalMove, MalformedMove
from games.mafia_de_cuba import ai, investigation, theft
from games.mafia_de_cuba.components import (
    ACCUSE,
    CLEANER_ADD,
    CLEANER_OFF,
    CLEANER_REPLACE,
    HIDE,
    HIDE_MAX,
    OVER,
    PHASES,
    QUESTION,
    TESTIMONY,
    THEFT,
    TOKENS,
    WINDOW,
    MafiaState,
    Move,
    first_player,
    henchmen,
    last_player,
    seat_role,
    setup,
)
from games.mafia_de_cuba.messages import MESSAGES, RULES_HELP
from games.mafia_de_cuba.notation import format_move, parse_move
from games.messages import Text, register_messages, text_to_json, translate, translate_count
from games.registry import register
from games.rng import Rng

register_messages(MESSAGES)

#: The palette's seat colours (``renderers.common.SEAT_COLOURS``), repeated past five seats.
SEAT_COLOURS = ("red", "blue", "yellow", "green", "purple")

__all__ = ["GAME", "MafiaDeCuba", "MafiaState", "Move"]

#: Moves the table has heard or whose outcome it has seen (``reveals``): testimony and answers,
#: questions, accusations, shots.
STATEMENTS = ("claim", "ask", "accuse", "bang")

#: Every take is announced after the same pause, whatever was taken (urchins included, §4 notes).
ANNOUNCE_DELAY = 4.0


def _help(key: str) -> dict[str, str]:
    return {lang: translate(f"mafia.option.{key}", lang) for lang in ("en", "ja")}


def _tokens(counts) -> dict[str, int]:
    return {name: int(c) for name, c in zip(TOKENS, counts) if c}


class MafiaDeCuba(Game[MafiaState, Move]):
    name = "mafia_de_cuba"
    titles: ClassVar[Mapping[str, str]] = {"en": "Mafia de Cuba", "ja": "マフィア・デ・クーバ"}
    min_players = 6
    max_players = 12
    hidden_information = True
    #: ``basic`` was the name of the rule-based policy (``normal`` and ``hard``); ``mcts`` searched.
    level_aliases = {"basic": "normal", "mcts": "easy"}
    options = (
        Option("godfather", "choice", "owner", _help("godfather"),
               choices=("owner", "random") + tuple(str(n) for n in range(1, 13))),
        Option("cleaner", "choice", CLEANER_OFF, _help("cleaner"),
               choices=(CLEANER_OFF, CLEANER_REPLACE, CLEANER_ADD)),
        # Live-play limits; a play-by-post table has none (its own clock applies) and a BANG
        # window of half a day, so a Cleaner who reads the thread twice a day can still shoot.
        Option("box_seconds", "int", 120, _help("box_seconds"), minimum=0, maximum=86400, by_post=0),
        Option("testimony_seconds", "int", 300, _help("testimony_seconds"), minimum=0, maximum=86400, by_post=0),
        Option("accuse_seconds", "int", 900, _help("accuse_seconds"), minimum=0, maximum=86400, by_post=0),
        Option("bang_seconds", "int", 20, _help("bang_seconds"), minimum=5, maximum=86400, by_post=43200),
    )
    rules_help = RULES_HELP

    def setup(self, num_players: int, options: Mapping[str, Any], seed: int) -> MafiaState:
        return setup(num_players, options, seed)

    # -- play ---------------------------------------------------------------------------------

    def num_players(self, state: MafiaState) -> int:
        return state.num_players

    def to_act(self, state: MafiaState) -> frozenset[int]:
        phase = state.phase
        if phase in (HIDE, ACCUSE):
            return frozenset((state.godfather,))
        if phase == THEFT:
            return frozenset((state.holder,))
        if phase == QUESTION:
            return frozenset((state.questioned,))
        if phase == TESTIMONY:
            return investigation.testifying(state)
        if phase == WINDOW:
            return investigation.window_seats(state)
        return frozenset()

    def legal_moves(self, state: MafiaState, seat: int) -> list[Move]:
        if seat not in self.to_act(state):
            return []
        phase = state.phase
        if phase == HIDE:
            return theft.hide_moves(state)
        if phase == THEFT:
            return theft.take_moves(state, seat)
        if phase in (TESTIMONY, QUESTION):
            return investigation.claim_moves(state)
        if phase == ACCUSE:
            return ([Move("accuse", n=s) for s in investigation.accusable(state)]
                    + [Move("ask", n=s) for s in investigation.askable(state)])
        moves = [Move("pass")]
        if seat_role(state, seat) == "cleaner":  # only the Cleaner may shoot (§8)
            moves.append(Move("bang"))
        return moves

    def play(self, state: MafiaState, seat: int, move: Move) -> tuple[MafiaState, list[Event]]:
        if not isinstance(move, Move):
            raise MalformedMove(text=str(move)[:40], reason=Text("mafia.reason.format"))
        if move not in self.legal_moves(state, seat):
            raise IllegalMove(text=format_move(move), reason=self._refusal(state, seat, move))
        verb = move.verb
        public: list[tuple[str, dict]] = []
        if verb == "hide":
            after = theft.hide(state, move.n)
            public.append(("mafia.event.hidden", {"seat": seat}))
            public.append(("mafia.event.box_to", {"seat": after.holder}))
        elif verb == "take":
            after = theft.take(state, seat, move)
            public.append(("mafia.event.took", {"seat": seat}))
            if after.phase == THEFT:
                public.append(("mafia.event.box_to", {"seat": after.holder}))
            else:
                public.append(("mafia.event.box_back", {"seat": state.godfather}))
                if after.phase == OVER:
                    public.append(("mafia.event.no_theft", {}))
        elif verb == "claim":
            after = investigation.claim(state, seat, move)
        elif verb == "ask":
            after = investigation.ask(state, move.n)
            public.append(("mafia.event.asked", {"seat": move.n}))
        elif verb == "accuse":
            after, public = investigation.accuse(state, move.n)
        elif verb == "pass":
            after, public = investigation.let_pass(state, seat)
        else:
            after, public = investigation.bang(state, seat)
        last = last_action(state, seat, move, after)
        if last is not None:
            after = after.with_(last=last)
        events = [Event(key, params) for key, params in public]
        if after.phase == OVER:
            events.append(Event("mafia.event.over", {"outcome": Text(f"mafia.outcome.{after.outcome}")}))
        return after, events

    def _refusal(self, state: MafiaState, seat: int, move: Move) -> Text:
        """Why a well-formed move is refused, in words that tell nothing secret."""
        phase = state.phase
        if move.verb == "bang" and phase == WINDOW:
            return Text("mafia.reason.not_cleaner")
        if move.verb == "accuse" and phase == ACCUSE:
            return Text("mafia.reason.accuse")
        if move.verb == "ask" and phase == ACCUSE:
            return Text("mafia.reason.ask")
        if move.verb == "take" and phase == THEFT:
            if move.bag and seat != first_player(state):
                return Text("mafia.reason.bag_first")
            if move.what == "nothing":
                return Text("mafia.reason.nothing")
            return Text("mafia.reason.take")
        if move.verb == "hide" and phase == HIDE:
            return Text("mafia.reason.hide")
        if move.verb == "claim" and phase in (TESTIMONY, QUESTION):
            return Text("mafia.reason.claim")
        return Text(f"mafia.reason.phase.{phase}")

    def deadline(self, state: MafiaState) -> Deadline | None:
        """The live-play limits (options, 0 = none) and the BANG window, which always closes by
        itself (§8): a holder or Godfather out of time has the AI choose; silence for testimony."""
        options = state.options
        phase = state.phase
        if phase in (HIDE, THEFT) and options["box_seconds"]:
            seat = state.godfather if phase == HIDE else state.holder
            return Deadline(float(options["box_seconds"]), {seat: None}, "mafia.deadline.box")
        if phase == TESTIMONY and options["testimony_seconds"]:
            return Deadline(float(options["testimony_seconds"]),
                            {s: "claim silent" for s in sorted(self.to_act(state))}, "mafia.deadline.testimony")
        if phase == QUESTION and options["testimony_seconds"]:  # no answer: nothing more said
            return Deadline(float(options["testimony_seconds"]), {state.questioned: "claim silent"},
                            "mafia.deadline.answer")
        if phase == ACCUSE and options["accuse_seconds"]:
            return Deadline(float(options["accuse_seconds"]), {state.godfather: None}, "mafia.deadline.accuse")
        if phase == WINDOW:
            return Deadline(float(options["bang_seconds"]), {s: "pass" for s in sorted(self.to_act(state))},
                            "mafia.deadline.bang")
        return None

    def announce_delay(self, state: MafiaState, move: Move) -> float:
        """Every take waits the same before it is told, so an Urchin's is not quicker (§4 notes)."""
        return ANNOUNCE_DELAY if state.phase == THEFT else 0.0

    def reveals(self, before: MafiaState, seat: int, move: Move | None, after: MafiaState) -> bool:
        """Besides what the contract finds by itself: testimony and answers (``claim``) and
        questions (``ask``) are statements the table has heard; an accusation, a shot, and the
        last pass of a BANG window (which resolves the accusation) show the table a seat's role.
        None of them is ever taken back, whatever the resampling happens to find."""
        return (getattr(move, "verb", None) in STATEMENTS or len(after.accusations) > len(before.accusations)
                or super().reveals(before, seat, move, after))

    def ai_move(self, state: MafiaState, seat: int, level: str, rng: Rng) -> Move | None:
        """Every level plays Mafia's own policy (:mod:`games.mafia_de_cuba.ai`): a tree search over
        random playouts plays a bluffing game badly (its Godfather won 0.28 of 6-player games
        where the rule-based one won 0.41)."""
        return ai.choose(self, state, seat, rng, level)

    # -- information ----------------------------------------------------------------------------

    def result(self, state: MafiaState) -> Result | None:
        """Winners score 1, everyone else 0 (§7); ``detail`` names the outcome and the winners."""
        if state.phase != OVER:
            return None
        scores = [1 if s in state.winners else 0 for s in range(state.num_players)]
        return Result(scores, competition_ranks(scores), {"outcome": state.outcome, "winners": list(state.winners)})

    def view(self, state: MafiaState, seat: int | None) -> dict[str, Any]:
        """The table as everyone knows it (§9); ``you`` adds the seat's own secrets. After the game
        it also holds ``reveal``: every role and take, the bag, the diamonds set aside, the path."""
        n = state.num_players
        over = state.phase == OVER
        view: dict[str, Any] = {
            "game": self.name,
            "players": n,
            "godfather": state.godfather,
            "phase": state.phase,
            "holder": state.holder,
            "order": henchmen(state),
            "taken": [state.takes[s] is not None for s in range(n)],
            "jokers": state.jokers,
            "jokers_start": investigation_jokers(state),
            "joker_holders": list(state.joker_holders),
            "eliminated": list(state.eliminated),
            "accusations": [dict(a) for a in state.accusations],
            "accused": state.accused,
            "claims": [None if c is None else "silent" if c == () else list(c) for c in state.claims],
            "said": [dict(entry) for entry in state.said],
            "asked": sorted(state.asked),
            "questioned": state.questioned,
            "cleaner": str(state.options["cleaner"]),
            "tokens_start": _tokens(_start(state)),
            "recovered": state.recovered,
            "last": None if state.last is None else dict(state.last),
            "decision": None if over else text_to_json(self._public_decision(state)),
            "finished": over,
            "options": self.format_options(state.options),
        }
        if over:
            view["result"] = {"outcome": state.outcome, "winners": list(state.winners)}
            view["reveal"] = {
                "roles": [seat_role(state, s) for s in range(n)],
                "takes": [None if t is None else list(t) for t in state.takes],
                "bag": state.bag,
                "hidden": state.hidden,
                "path": [{"seat": s, "diamonds": state.seen[s][0], "tokens": _tokens(state.seen[s][1])}
                         for s in henchmen(state) if state.seen[s] is not None],
                "final": None if state.final is None else {"diamonds": state.final[0],
                                                           "tokens": _tokens(state.final[1])},
            }
        if seat is not None and 0 <= seat < n:
            view["you"] = self.private_view(state, seat)
        return view

    def _public_decision(self, state: MafiaState) -> Text:
        phase = state.phase
        if phase == HIDE:
            return Text("mafia.decide.hide")
        if phase == THEFT:
            return Text("mafia.decide.take", seat=state.holder + 1)
        if phase == TESTIMONY:
            return Text("mafia.decide.testimony")
        if phase == ACCUSE:
            return Text("mafia.decide.accuse")
        if phase == QUESTION:
            return Text("mafia.decide.question", seat=state.questioned + 1)
        return Text("mafia.decide.window", seat=state.accused + 1)

    def decision(self, state: MafiaState, seat: int) -> Text | None:
        """The same words for everyone who must act in a phase (the window's included), so the
        decision never tells who is the Cleaner."""
        if seat not in self.to_act(state):
            return None
        return self._public_decision(state)

    def summary(self, state: MafiaState) -> list[Text]:
        """The testimony so far, one line a seat in the order they first spoke (public, maybe lies;
        the answers to the Godfather's questions follow on the seat's line), the Jokers left and
        the accusations. One line a seat keeps the status message short at twelve players."""
        lines = [Text("mafia.summary.jokers", left=state.jokers)]
        stories: dict[int, list[Text]] = {}
        for entry in state.said:
            seat, claim = entry["seat"], entry["claim"]
            if entry.get("asked"):
                part = (Text("mafia.summary.answer_silent") if claim == "silent" else
                        Text("mafia.summary.answer", diamonds=claim[0], tokens=claim[1]))
            elif claim == "silent":
                part = Text("mafia.summary.silent", seat=seat + 1)
            else:
                part = Text("mafia.summary.claim", seat=seat + 1, diamonds=claim[0], tokens=claim[1])
            stories.setdefault(seat, []).append(part)
        for parts in stories.values():
            line = parts[0]
            for part in parts[1:]:  # each later statement after a middle dot on the same line
                line = Text("mafia.summary.then", before=line, after=part)
            lines.append(line)
        for entry in state.accusations:
            lines.append(Text("mafia.summary.accusation", seat=entry["seat"] + 1,
                              result=Text(f"mafia.render.outcome.{entry['outcome']}", count=entry["diamonds"])))
        return lines

    def seat_colours(self, state: MafiaState) -> list[str]:
        """The five palette colours in turn; the seats' numbered marks tell repeats apart."""
        return [SEAT_COLOURS[s % len(SEAT_COLOURS)] for s in range(state.num_players)]

    def private_view(self, state: MafiaState, seat: int) -> dict[str, Any]:
        """What only ``seat`` knows: its role and take, the box as it saw it (and sees it now when
        it holds it), the bag for the first player, the diamonds set aside and the box's final
        contents for the Godfather."""
        private: dict[str, Any] = {"seat": seat, "role": seat_role(state, seat)}
        take = state.takes[seat]
        if take is not None:
            private["take"] = {"what": take[0], "diamonds": take[1]}
        if state.seen[seat] is not None:
            private["seen"] = {"diamonds": state.seen[seat][0], "tokens": _tokens(state.seen[seat][1])}
        holding = (state.phase == THEFT and state.holder == seat) or (state.phase == HIDE and seat == state.godfather)
        if holding:
            private["box"] = {"diamonds": state.box, "tokens": _tokens(state.tokens)}
            private["first"] = seat == first_player(state)
            private["last"] = seat == last_player(state)
            if state.phase == THEFT:
                private["examples"] = take_examples(theft.take_moves(state, seat))
        if seat == first_player(state) and state.takes[seat] is not None:
            private["bag"] = state.bag
        if seat == state.godfather:
            if state.hidden is not None:
                private["hidden"] = state.hidden
            if state.final is not None:
                private["final"] = {"diamonds": state.final[0], "tokens": _tokens(state.final[1])}
        return private

    def describe_private(self, private: dict[str, Any], lang: str = "en") -> str:
        """The private view in words, for the DM and ``/hand``."""
        def t(key: str, **params: Any) -> str:
            return translate(f"mafia.private.{key}", lang, **params)

        def box(data: Mapping[str, Any]) -> str:
            tokens = ", ".join(f"{translate(f'mafia.token.{k}', lang)} ×{v}" for k, v in data["tokens"].items())
            return translate_count("mafia.private.box", lang, data["diamonds"], diamonds=data["diamonds"],
                                   tokens=tokens or translate("mafia.token.none", lang))

        role = private.get("role")
        lines = [t("role", role=translate(f"mafia.role.{role}", lang)) if role else t("no_role")]
        if "hidden" in private:
            lines.append(t("hidden", count=private["hidden"]))
        take = private.get("take")
        if take:
            if take["what"] == "diamonds":
                lines.append(t("took_diamonds", count=take["diamonds"]))
            else:
                lines.append(t("took", what=translate(f"mafia.token.{take['what']}", lang)))
        if "seen" in private:
            lines.append(t("seen", box=box(private["seen"])))
        if private.get("bag"):
            lines.append(t("bag", token=translate(f"mafia.token.{private['bag']}", lang)))
        if "box" in private:
            lines.append(t("holding", box=box(private["box"])))
            if private.get("first") and private.get("examples", {}).get("bag"):
                lines.append(t("may_bag", example=private["examples"]["bag"]))
            if private.get("last"):
                lines.append(t("may_nothing"))
        if "final" in private:
            lines.append(t("final", box=box(private["final"])))
        return "\n".join(lines)

    def determinize(self, state: MafiaState, seat: int, rng: Rng) -> MafiaState:
        """A state ``seat`` cannot tell from the real one, for search and for the leak tests.

        The takes ``seat`` cannot see are shuffled among the seats that made them, separately
        before and after ``seat`` on the box's path (so the box ``seat`` saw, and the final box the
        Godfather saw, stay the same), and each seat's view of the box is worked out again. Revealed
        takes (accused or shot seats) and the seat's own stay. A shuffle the rules would not
        allow (a take larger than the box) is tried again; after a few tries the state is kept.

        The diamonds the Godfather set aside are his secret: for any other seat they are drawn
        afresh (0-5), and the difference is made up by one of the diamond takes before ``seat`` it
        cannot see, so every box ``seat`` saw stays as it was. Only the first player, who saw the
        box straight after, or a seat with no such take before it, keeps the true count."""
        order = henchmen(state)
        known = {a["seat"] for a in state.accusations} | {seat}
        if state.phase == OVER:
            return state
        cut = order.index(seat) if seat in order else len(order)  # the Godfather: one group
        groups = [[s for s in order[:cut] if s not in known and state.takes[s] is not None],
                  [s for s in order[cut + 1:] if s not in known and state.takes[s] is not None]]
        for _ in range(8):
            takes = list(state.takes)
            for group in groups:
                shuffled = [state.takes[s] for s in group]
                rng.shuffle(shuffled)
                for s, t in zip(group, shuffled):
                    takes[s] = t
            hidden = state.hidden
            if seat != state.godfather and hidden is not None:
                hidden = _resample_hidden(hidden, takes, groups[0], rng)
            rebuilt = _replay(state, takes, hidden)
            if rebuilt is not None:
                return rebuilt
        return state

    # -- notation -----------------------------------------------------------------------------

    def parse_move(self, state: MafiaState, text: str, seat: int | None = None) -> Move:
        return parse_move(text)

    def format_move(self, state: MafiaState, move: Move) -> str:
        return format_move(move)

    def describe_move(self, state: MafiaState, move: Move, lang: str = "en") -> str:
        """Public words: a take says only that the holder has taken (§9)."""
        verb = move.verb
        if verb in ("hide", "take", "pass", "bang"):
            return translate(f"mafia.move.{verb}", lang)
        if verb == "claim":
            if move.what == "silent":
                return translate("mafia.move.silent", lang)
            return translate("mafia.move.claim", lang, diamonds=move.n, tokens=move.m)
        return translate(f"mafia.move.{verb}", lang, seat=move.n + 1)

    # -- storage ------------------------------------------------------------------------------

    def state_to_json(self, state: MafiaState) -> dict[str, Any]:
        return {
            "num_players": state.num_players, "options": dict(state.options), "godfather": state.godfather,
            "phase": state.phase, "jokers": state.jokers, "box": state.box, "tokens": list(state.tokens),
            "hidden": state.hidden, "holder": state.holder, "bag": state.bag,
            "takes": [None if t is None else list(t) for t in state.takes],
            "seen": [None if s is None else [s[0], list(s[1])] for s in state.seen],
            "said": [dict(entry) for entry in state.said], "asked": sorted(state.asked),
            "questioned": state.questioned,
            "eliminated": list(state.eliminated), "joker_holders": list(state.joker_holders),
            "accusations": [dict(a) for a in state.accusations], "accused": state.accused,
            "passed": sorted(state.passed), "recovered": state.recovered, "outcome": state.outcome,
            "winners": list(state.winners),
            "final": None if state.final is None else [state.final[0], list(state.final[1])],
            "last": None if state.last is None else dict(state.last),
            "ply": state.ply, "rng": state.rng,
        }

    def state_from_json(self, data: Mapping[str, Any]) -> MafiaState:
        options = self.resolve_options(data["options"])
        phase = str(data["phase"])
        if phase not in PHASES:
            raise ValueError(f"unknown Mafia de Cuba phase {phase!r}")
        return MafiaState(
            num_players=int(data["num_players"]), options=options, godfather=int(data["godfather"]),
            phase=phase, jokers=int(data["jokers"]), box=int(data["box"]),
            tokens=tuple(int(c) for c in data["tokens"]),
            hidden=None if data["hidden"] is None else int(data["hidden"]),
            holder=None if data["holder"] is None else int(data["holder"]), bag=data["bag"],
            takes=tuple(None if t is None else (str(t[0]), int(t[1])) for t in data["takes"]),
            seen=tuple(None if s is None else (int(s[0]), tuple(int(c) for c in s[1])) for s in data["seen"]),
            said=tuple(_statement(entry) for entry in data["said"]) if "said" in data else _said_of(data),
            asked=frozenset(int(s) for s in data.get("asked", ())),
            questioned=None if data.get("questioned") is None else int(data["questioned"]),
            eliminated=tuple(bool(e) for e in data["eliminated"]),
            joker_holders=tuple(bool(j) for j in data["joker_holders"]),
            accusations=tuple({k: (int(v) if isinstance(v, (int, float)) else v) for k, v in a.items()}
                              for a in data["accusations"]),
            accused=None if data["accused"] is None else int(data["accused"]),
            passed=frozenset(int(s) for s in data["passed"]), recovered=int(data["recovered"]),
            outcome=data["outcome"], winners=tuple(int(s) for s in data["winners"]),
            final=None if data["final"] is None else (int(data["final"][0]), tuple(int(c) for c in data["final"][1])),
            last=data.get("last"),  # a state stored before issue 28 has none
            ply=int(data["ply"]), rng=int(data["rng"]),
        )


def _said_of(data: Mapping[str, Any]) -> tuple[dict[str, Any], ...]:
    """The statements of a state stored before questions existed: its one claim per seat (in the
    box's order, as near to the spoken order as the old state tells)."""
    n, godfather = int(data["num_players"]), int(data["godfather"])
    said = []
    for seat in ((godfather + k) % n for k in range(1, n)):
        claim = data["claims"][seat]
        if claim is not None:
            said.append({"seat": seat, "claim": [int(v) for v in claim] if claim else "silent", "asked": False})
    return tuple(said)


def _statement(entry: Mapping[str, Any]) -> dict[str, Any]:
    claim = entry["claim"]
    return {"seat": int(entry["seat"]), "claim": "silent" if claim == "silent" else [int(v) for v in claim],
            "asked": bool(entry.get("asked"))}


def _start(state: MafiaState) -> tuple[int, ...]:
    from games.mafia_de_cuba.components import starting_tokens

    return starting_tokens(state.num_players, str(state.options["cleaner"]))


def investigation_jokers(state: MafiaState) -> int:
    from games.mafia_de_cuba.components import TABLE

    return TABLE[state.num_players][3]


def take_examples(moves: list[Move]) -> dict[str, str]:
    """Takes the holder may write now, to show as examples (``""`` where there is none): two
    diamonds (one when the box holds one), the first token, and a bagging take for the first
    player."""
    plain = [m for m in moves if not m.bag]
    diamonds = [m for m in plain if m.what == "diamonds"]
    tokens = [m for m in plain if m.what not in ("diamonds", "nothing")]
    bagged = sorted((m for m in moves if m.bag), key=lambda m: (m.what != "diamonds", m.n != 2))
    return {"diamonds": format_move(diamonds[min(1, len(diamonds) - 1)]) if diamonds else "",
            "token": format_move(tokens[0]) if tokens else "",
            "bag": format_move(bagged[0]) if bagged else ""}


def last_action(state: MafiaState, seat: int, move: Move, after: MafiaState) -> dict[str, Any] | None:
    """The public record of ``seat``'s ``move`` from ``state`` to ``after``, or ``None`` to keep
    the last one: ``{"seat", "verb", ...}``, the verb one of hid, took (saying only that the holder
    took), said, asked, accused, shot (a BANG); a claim
    carries its words, an ask, an accusation and a BANG their target and, once resolved, the
    outcome. A pass is secret (it would point at the Cleaner) until it closes the window, which
    resolves the accusation: that is then the last action, the Godfather's."""
    verb = move.verb
    if verb in ("hide", "take"):
        return {"seat": seat, "verb": "hid" if verb == "hide" else "took"}
    if verb == "claim":
        return {"seat": seat, "verb": "said", "claim": "silent" if move.what == "silent" else [move.n, move.m],
                "asked": state.phase == QUESTION}
    if verb == "ask":
        return {"seat": seat, "verb": "asked", "target": move.n}
    if verb == "pass" and (after.accused is not None or state.accused is None):
        return None
    target = move.n if verb == "accuse" else state.accused
    record: dict[str, Any] = {"seat": state.godfather if verb == "pass" else seat,
                              "verb": "shot" if verb == "bang" else "accused", "target": target}
    if after.accused is None and after.accusations:  # resolved: its outcome is public
        entry = after.accusations[-1]
        record.update(outcome=entry["outcome"], diamonds=entry["diamonds"])
    return record


def _resample_hidden(hidden: int, takes: list, earlier: list[int], rng: Rng) -> int:
    """A fresh count of diamonds set aside (0 .. ``HIDE_MAX``), the difference added to (or taken
    from) the diamond take of one of the ``earlier`` seats, changed in ``takes`` in place, so the
    box after them holds what it did; the true count when no such take can absorb it."""
    drawn = rng.below(HIDE_MAX + 1)
    takers = [s for s in earlier if takes[s][0] == "diamonds" and takes[s][1] + hidden - drawn >= 1]
    if drawn == hidden or not takers:
        return hidden
    s = rng.choice(takers)
    takes[s] = ("diamonds", takes[s][1] + hidden - drawn)
    return drawn


def _replay(state: MafiaState, takes: list, hidden: int | None = None) -> MafiaState | None:
    """``state`` with other takes (and ``hidden``, the diamonds set aside, when given): each seat's
    view of the box worked out again along the path; ``None`` when the takes do not fit the box
    (or an empty-box take was not an urchin's)."""
    hidden = state.hidden if hidden is None else hidden
    box = 15 - (hidden or 0)
    tokens = list(_start(state))
    seen = list(state.seen)
    first = first_player(state)
    for s in henchmen(state):
        take = takes[s]
        if take is None:
            break
        seen[s] = (box, tuple(tokens))
        if s == first and state.bag:
            tokens[TOKENS.index(state.bag)] -= 1
        what, k = take
        if what == "diamonds":
            if k > box:
                return None
            box -= k
        elif what == "nothing":
            if (box or any(tokens)) and s != last_player(state):
                return None
        else:
            i = TOKENS.index(what)
            if tokens[i] <= 0:
                return None
            tokens[i] -= 1
    return state.with_(takes=tuple(takes), seen=tuple(seen), hidden=hidden)


GAME = register(MafiaDeCuba())
