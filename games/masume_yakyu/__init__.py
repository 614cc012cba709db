"""Masume Yakyu Excite Neo (grid baseball): the secret pitching duel on a 5 x 5 grid.

The modules follow section C of the rules page (``shared/rules/masume_yakyu.md``):
:mod:`~games.masume_yakyu.data` the tables (JSON in ``data/``), :mod:`~games.masume_yakyu.grid` the
grid, the pitch cards and the bat card (C1, C2, C5), :mod:`~games.masume_yakyu.duel` the at-bat and
the count (C3, C4), :mod:`~games.masume_yakyu.hits` hit strength, courses and bunts (C5-C7),
:mod:`~games.masume_yakyu.runners` runners and challenge plays (C8),
:mod:`~games.masume_yakyu.innings` innings, stamina, pitching changes and the modes (C9, C10),
:mod:`~games.masume_yakyu.notation` the notation and :mod:`~games.masume_yakyu.ai` the AI.
This module binds them to the engine contract.

Secrets: the defence's pitch card until the reveal (in Battery mode seen by both defence seats),
the defence's remaining cards (stamina removals are hidden), the batter's and the runner's choices
until the reveal (hidden from each other in Battery mode), and each team's batting order until
both are set. ``view`` and ``describe_move`` never carry them; the reveal event does, afterwards.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from games.core import Deadline, Event, Game, Option, Result, competition_ranks
from games.errors import IllegalMove, MalformedMove, SetupError
from games.masume_yakyu import ai, duel, innings, tactics
from games.masume_yakyu.data import TEAM_KEYS, TEAMS, card_name
from games.masume_yakyu.grid import CELLS, COLUMNS, batting_side, cell_name, parse_cell
from games.masume_yakyu.innings import TIEBREAK_START
from games.masume_yakyu.messages import MESSAGES, RULES_HELP
from games.masume_yakyu.notation import format_move, parse_move
from games.masume_yakyu.runners import Play, steal_eligible
from games.masume_yakyu.state import (
    ADVANCE,
    BAT,
    BATTER,
    CARD,
    CATCHER,
    DISCARD,
    LINEUP,
    OVER,
    PITCHER,
    RUNNER,
    TARGET,
    Move,
    YakyuState,
)
from games.messages import Text, register_messages, text_to_json, translate
from games.registry import register
from games.rng import Rng

register_messages(MESSAGES)

__all__ = ["GAME", "MasumeYakyu", "Move", "YakyuState"]

#: The colour each team plays in (palette names): Blue and Red Excite their own, Tatejima the
#: yellow of its pinstripe stadium, Samurai 17 green.
TEAM_COLOURS = {"blue": "blue", "red": "red", "tatejima": "yellow", "samurai": "green"}

#: What is played for a seat whose per-choice timer runs out (None: the AI chooses).
TIMEOUT_MOVES = {BAT: {BATTER: "take", RUNNER: "stay"}, ADVANCE: {RUNNER: "hold"}}


def _help(key: str) -> dict[str, str]:
    return {lang: translate(f"masume_yakyu.option.{key}", lang) for lang in ("en", "ja")}


class MasumeYakyu(Game[YakyuState, Move]):
    name = "masume_yakyu"
    titles: ClassVar[Mapping[str, str]] = {"en": "Masume Yakyu (grid baseball)", "ja": "マス目野球"}
    min_players = 2
    max_players = 4
    hidden_information = True
    #: ``mixed`` is the name the easy policy had when it was the only one; ``mcts`` an older
    #: name of ``normal``.
    level_aliases = {"mixed": "easy", "mcts": "normal"}
    options = (
        Option("team_a", "choice", "blue", _help("team_a"), choices=TEAM_KEYS),
        Option("team_b", "choice", "red", _help("team_b"), choices=TEAM_KEYS),
        Option("innings", "int", 9, _help("innings"), minimum=1, maximum=9),
        Option("tiebreak", "bool", False, _help("tiebreak")),
        Option("two_relievers", "bool", False, _help("two_relievers")),
        Option("battery", "bool", False, _help("battery")),
        Option("timer", "int", 0, _help("timer"), minimum=0, maximum=600),
    )
    rules_help = RULES_HELP

    # -- set-up -------------------------------------------------------------------------------

    def played_options(self, num_players: int, options: Mapping[str, Any]) -> dict[str, Any]:
        """Three or four players always play Battery (C10), whatever the option says."""
        return dict(options, battery=True) if num_players > 2 else dict(options)

    def setup(self, num_players: int, options: Mapping[str, Any], seed: int) -> YakyuState:
        """Two seats, or three or four in Battery mode; the visitors are drawn at random (C9)."""
        if options["battery"] and num_players == 2:
            raise SetupError("masume_yakyu.setup.players", count=num_players)
        options = self.played_options(num_players, options)
        if options["team_a"] == options["team_b"]:
            raise SetupError("masume_yakyu.setup.same_team", team=options["team_a"])
        rng = Rng(seed)
        home = rng.below(2)
        first = TIEBREAK_START if options["tiebreak"] else 1
        return YakyuState(
            num_players=num_players, options=dict(options), teams=[options["team_a"], options["team_b"]],
            home=home, phase=LINEUP, lineup=[[], []], starter=[None, None], pitcher=[None, None],
            used=[[], []], hand=[[], []], removed=[0, 0], first_inning=first, inning=first, half=0,
            outs=0, balls=0, strikes=0, bases=[None, None, None], up=[0, 0], runs=[[], []], hits=[0, 0],
            card=None, target=None, bat=None, steal=None, queue=[], discard_team=None, last=None,
            rng=rng.state,
        )

    # -- play ---------------------------------------------------------------------------------

    def num_players(self, state: YakyuState) -> int:
        return state.num_players

    def to_act(self, state: YakyuState) -> frozenset[int]:
        s = state
        if s.phase == OVER:
            return frozenset()
        if s.phase == LINEUP:
            return frozenset(s.seat(t, CATCHER) for t in (0, 1) if not _ready(s, t))
        if s.phase == CARD:
            return frozenset((s.seat(s.defence, CATCHER),))
        if s.phase == TARGET:
            return frozenset((s.seat(s.defence, PITCHER),))
        if s.phase == BAT:
            if not s.split(s.offence):
                return frozenset((s.offence,)) if s.bat is None else frozenset()
            seats = set()
            if s.bat is None:
                seats.add(s.seat(s.offence, BATTER))
            if s.steal is None and steal_eligible(s):
                seats.add(s.seat(s.offence, RUNNER))
            return frozenset(seats)
        if s.phase == ADVANCE:
            return frozenset((s.seat(s.offence, RUNNER),))
        return frozenset((s.seat(s.discard_team, CATCHER),))

    def legal_moves(self, state: YakyuState, seat: int) -> list[Move]:
        s = state
        if seat not in self.to_act(s):
            return []
        team = seat % 2
        if s.phase == LINEUP:
            if len(s.lineup[team]) < 9:
                return [Move("order", n) for n in range(1, 10) if n not in s.lineup[team]] + [Move("auto")]
            return [Move("starter", n) for n in _starters(s, team)]
        if s.phase == CARD:
            moves = [Move("card", c) for c in sorted(s.hand[team])]
            if s.balls == s.strikes == 0:
                moves += [Move("change", n) for n in innings.available_pitchers(s, team)]
            return moves
        if s.phase == TARGET:
            return [Move("target", c) for c in range(CELLS)]
        if s.phase == BAT:
            moves: list[Move] = []
            if BATTER in s.roles(seat) and s.bat is None:
                steals = (False, True) if not s.split(team) and steal_eligible(s) else (False,)
                for steal in steals:
                    moves.append(Move("take", 0, steal))
                    moves += [Move("swing", c, steal) for c in range(CELLS)]
                    moves += [Move("bunt", c, steal) for c in range(CELLS)]
            if s.split(team) and RUNNER in s.roles(seat) and s.steal is None and steal_eligible(s):
                moves += [Move("steal"), Move("stay")]
            return moves
        if s.phase == ADVANCE:
            return [Move("go"), Move("hold")]
        return [Move("discard", c) for c in sorted(innings.discard_choices(s, s.discard_team))]

    def play(self, state: YakyuState, seat: int, move: Move) -> tuple[YakyuState, list[Event]]:
        if not isinstance(move, Move):
            raise MalformedMove(text=str(move)[:40], reason=Text("masume_yakyu.reason.format"))
        if move not in self.legal_moves(state, seat):
            raise IllegalMove(text=format_move(move) if move.kind else str(move),
                              reason=self._refusal(state, seat, move))
        p = Play(state.copy())
        s = p.state
        s.ply += 1
        team = seat % 2
        kind = move.kind
        if kind in ("order", "auto", "starter"):
            if kind == "order":
                s.lineup[team].append(move.arg)
            elif kind == "auto":
                s.lineup[team] += [n for n in range(1, 10) if n not in s.lineup[team]]
            else:
                s.starter[team] = move.arg
            if _ready(s, team) and _ready(s, 1 - team):
                p.say("lineups_set")
                innings.start_game(p)
        elif kind == "card":
            s.card = move.arg
            s.phase = TARGET
            pitcher = TEAMS[s.teams[team]].pitcher(s.pitcher[team])
            p.say("card_secret", seats=frozenset(s.team_seats(team)),
                  pitch=Text(f"masume_yakyu.card.{card_name(move.arg, pitcher.throws)}"), card=move.arg)
        elif kind == "change":
            innings.bring_in(p, team, move.arg)
            p.say("change", team=Text(f"masume_yakyu.team.{s.teams[team]}"), number=move.arg)
        elif kind == "target":
            s.target = move.arg
            s.phase = BAT
        elif kind in ("take", "swing", "bunt"):
            s.bat = [duel.KINDS.index(kind), move.arg]
            if not s.split(team):
                s.steal = move.steal
        elif kind in ("steal", "stay"):
            s.steal = kind == "steal"
        elif kind in ("go", "hold"):
            duel.run_decision(p, kind == "go")
        elif kind == "discard":
            innings.discard(p, move.arg)
        if s.phase == BAT and not self.to_act(s):
            duel.resolve(p)
        state = p.done()
        return state, [Event(key, params, seats) for key, params, seats in p.events]

    def _refusal(self, state: YakyuState, seat: int, move: Move) -> Text:
        """Why a well-formed move is refused, in words."""
        s = state
        wanted = {LINEUP: ("order", "auto", "starter"), CARD: ("card", "change"), TARGET: ("target",),
                  BAT: ("take", "swing", "bunt", "steal", "stay"), ADVANCE: ("go", "hold"),
                  DISCARD: ("discard",)}.get(s.phase, ())
        if move.kind not in wanted:
            return Text(f"masume_yakyu.reason.phase.{s.phase}")
        if move.kind == "card":
            return Text("masume_yakyu.reason.no_card", card=move.arg)
        if move.kind == "change":
            return Text("masume_yakyu.reason.no_change")
        if move.kind in ("order", "starter"):
            return Text(f"masume_yakyu.reason.{move.kind}")
        if move.kind in ("steal", "stay") or move.steal:
            return Text("masume_yakyu.reason.no_steal")
        if move.kind == "discard":
            return Text("masume_yakyu.reason.discard")
        return Text("masume_yakyu.reason.unknown")

    def deadline(self, state: YakyuState) -> Deadline | None:
        """The live per-choice timer (option ``timer``, seconds; 0 = off, the play-by-post default).

        When it runs out the batter takes, the runner stays and holds, and the AI chooses the
        defence's card, target and stamina removal. The lineup has no timer."""
        seconds = state.options.get("timer", 0)
        if not seconds or state.phase in (LINEUP, OVER):
            return None
        by_role = TIMEOUT_MOVES.get(state.phase, {})
        moves: dict[int, str | None] = {}
        for seat in sorted(self.to_act(state)):
            # the seat's first role with a timeout move: a lone player's running decision is the
            # runner's (hold), as a Battery runner's is; his pitch is the batter's (take)
            moves[seat] = next((by_role[role] for role in state.roles(seat) if role in by_role), None)
        return Deadline(float(seconds), moves, "masume_yakyu.deadline")

    # -- information ----------------------------------------------------------------------------

    def scores(self, state: YakyuState) -> list[int]:
        return [state.score(seat % 2) for seat in range(state.num_players)]

    def result(self, state: YakyuState) -> Result | None:
        """Runs decide; in Battery mode both seats of a team share its rank (like Minoa's teams)."""
        if state.phase != OVER:
            return None
        scores = self.scores(state)
        team_ranks = competition_ranks([state.score(0), state.score(1)])
        ranks = [team_ranks[seat % 2] for seat in range(state.num_players)]
        detail = {"runs": [state.score(0), state.score(1)], "home": state.home,
                  "innings": state.inning}
        if state.battery:
            detail["teams"] = [list(state.team_seats(0)), list(state.team_seats(1))]
        return Result(scores, ranks, detail)

    def view(self, state: YakyuState, seat: int | None) -> dict[str, Any]:
        """The table as everyone sees it; with a seat, also that seat's own secrets (``mine``).

        Never the pending pitch card, the batter's or runner's pending choice, the defence's
        remaining cards, or a batting order not yet revealed."""
        s = state
        started = s.phase != LINEUP
        lineups = [_lineup(s, t) if started else None for t in (0, 1)]
        batter = pitcher = None
        if started:
            b = duel.current_batter(s)
            pt = TEAMS[s.teams[s.defence]].pitcher(s.pitcher[s.defence])
            batter = {"order": s.up[s.offence] + 1, **_batter(b), "side": batting_side(b.bats, pt.throws)}
            pitcher = {"number": pt.number, "throws": pt.throws, "repertoire": [
                {"number": c, "name": card_name(c, pt.throws)} for c in pt.cards],
                "removed": s.removed[s.defence], "left": len(pt.cards) - s.removed[s.defence]}
        queue = None
        if s.phase == ADVANCE and s.queue:
            item = s.queue[0]
            queue = {"kind": item["kind"], "base": item["base"] + 1, "order": item["slot"] + 1}
        result = self.result(s)
        view: dict[str, Any] = {
            "game": self.name,
            "num_players": s.num_players,
            "seat": seat,
            "battery": s.battery,
            "colours": self.seat_colours(s),
            "teams": list(s.teams),
            "home": s.home,
            "innings": innings.last_regulation(s),
            "first_inning": s.first_inning,
            "inning": s.inning,
            "half": s.half,
            "offence": s.offence if started else None,
            "outs": s.outs,
            "balls": s.balls,
            "strikes": s.strikes,
            "linescore": [list(r) for r in s.runs],
            "runs": [s.score(0), s.score(1)],
            "hits": list(s.hits),
            "bases": [None if slot is None else {"order": slot + 1,
                                                 "position": lineups[s.offence][slot]["position"]}
                      for slot in s.bases] if started else [None, None, None],
            "batter": batter,
            "pitcher": pitcher,
            "lineups": lineups,
            "lineup_ready": [_ready(s, 0), _ready(s, 1)],
            "phase": s.phase,
            "to_act": sorted(self.to_act(s)),
            "roles": [list(s.roles(x)) for x in range(s.num_players)] if started else None,
            "target": None if s.target is None else cell_name(s.target),
            "chosen": {"card": s.card is not None, "bat": s.bat is not None, "steal": s.steal is not None},
            "running": queue,
            "last": s.last,
            "finished": s.phase == OVER,
            "result": None if result is None else {"scores": result.scores, "ranks": result.ranks},
            "decision": None if s.phase == OVER else text_to_json(self._public_decision(s)),
            "options": self.format_options(s.options),
        }
        if seat is not None and 0 <= seat < s.num_players:
            view["mine"] = self.private_view(s, seat)
        return view

    def private_view(self, state: YakyuState, seat: int) -> dict[str, Any]:
        """What only ``seat`` (and its team) knows: its pitcher's remaining cards, the pitch card
        chosen for this pitch (both defence seats), its own pending choice, its batting order."""
        s = state
        team = seat % 2
        private: dict[str, Any] = {"seat": seat, "team": s.teams[team],
                                   "roles": list(s.roles(seat)) if s.phase != LINEUP else [],
                                   "lineup": [{"order": i + 1, **_batter(TEAMS[s.teams[team]].batter(n))}
                                              for i, n in enumerate(s.lineup[team])],
                                   "starter": s.starter[team]}
        number = s.pitcher[team]
        if number is not None:
            throws = TEAMS[s.teams[team]].pitcher(number).throws
            private["pitcher"] = number
            private["hand"] = [{"number": c, "name": card_name(c, throws)} for c in sorted(s.hand[team])]
            if team == s.defence and s.card is not None:
                private["pitch"] = {"number": s.card, "name": card_name(s.card, throws)}
        if s.bat is not None and BATTER in s.roles(seat) and team == s.offence:
            private["bat"] = format_move(Move(duel.KINDS[s.bat[0]], s.bat[1]))
        if s.steal is not None and RUNNER in s.roles(seat) and team == s.offence:
            private["steal"] = s.steal
        return private

    def describe_private(self, private: dict[str, Any], lang: str = "en") -> str:
        """The private view in words (a DM or ``/hand``)."""
        def tr(key: str, **params: Any) -> str:
            return translate(f"masume_yakyu.private.{key}", lang, **params)

        team = translate(f"masume_yakyu.team.{private['team']}", lang)
        roles = ", ".join(translate(f"masume_yakyu.role.{r}", lang) for r in private.get("roles", []))
        lines = [tr("title", team=team, roles=roles or "-")]
        if "hand" in private:
            cards = " · ".join(f"{c['number']} {translate('masume_yakyu.card.' + c['name'], lang)}"
                               for c in private["hand"])
            lines.append(tr("hand", pitcher=private["pitcher"], cards=cards))
        if "pitch" in private:
            lines.append(tr("pitch", number=private["pitch"]["number"],
                            name=translate("masume_yakyu.card." + private["pitch"]["name"], lang)))
        if "bat" in private:
            lines.append(tr("bat", move=private["bat"]))
        if "steal" in private:
            lines.append(tr("steal" if private["steal"] else "stay"))
        if private.get("lineup"):
            order = " / ".join(f"{b['order']}. {b['position']} ({b['bats']}; AV {b['av']} HR {b['hr']} Run {b['run']})"
                               for b in private["lineup"])
            lines.append(tr("lineup", order=order))
        return "\n".join(lines)

    def decision(self, state: YakyuState, seat: int) -> Text | None:
        """What ``seat`` must decide now (from public facts only)."""
        if seat not in self.to_act(state):
            return None
        s = state
        if s.phase == LINEUP:
            return Text("masume_yakyu.decide.lineup" if len(s.lineup[seat % 2]) < 9 else "masume_yakyu.decide.starter")
        if s.phase == BAT:
            if s.split(seat % 2) and RUNNER in s.roles(seat):
                return Text("masume_yakyu.decide.steal")
            return Text("masume_yakyu.decide.bat_steal" if not s.split(seat % 2) and steal_eligible(s)
                        else "masume_yakyu.decide.bat", target=cell_name(s.target))
        return self._public_decision(s)

    def _public_decision(self, s: YakyuState) -> Text:
        if s.phase == LINEUP:
            return Text("masume_yakyu.decide.lineup")
        if s.phase == CARD:
            return Text("masume_yakyu.decide.card_change" if s.balls == s.strikes == 0 else "masume_yakyu.decide.card")
        if s.phase == TARGET:
            return Text("masume_yakyu.decide.target")
        if s.phase == BAT:  # in Battery, what the seats still asked choose (the batter, the runner, both)
            asked = {role for seat in self.to_act(s) for role in s.roles(seat)} if s.split(s.offence) else {BATTER}
            if asked == {RUNNER}:
                return Text("masume_yakyu.decide.steal")
            key = "masume_yakyu.decide.bat_runner" if RUNNER in asked else "masume_yakyu.decide.bat"
            return Text(key, target=cell_name(s.target))
        if s.phase == ADVANCE:
            item = s.queue[0]
            return Text(f"masume_yakyu.decide.run.{item['kind']}", order=item["slot"] + 1,
                        base=Text(f"masume_yakyu.base.{item['base'] + 1}"))
        return Text("masume_yakyu.decide.discard")

    def seat_colours(self, state: YakyuState) -> list[str]:
        """Each seat in its team's colour (:data:`TEAM_COLOURS`): in Battery the two seats of a
        team share it and are told apart by their marks' shapes and numbers."""
        return [TEAM_COLOURS[state.teams[seat % 2]] for seat in range(state.num_players)]

    def determinize(self, state: YakyuState, seat: int, rng: Rng) -> YakyuState:
        """A state consistent with what ``seat`` knows: the other team's remaining cards, pending
        pitch card and batting order, and the teammates' pending secret choices, resampled."""
        return ai.determinize(self, state, seat, rng)

    def ai_move(self, state: YakyuState, seat: int, level: str, rng: Rng) -> Move | None:
        """``easy``: the randomised policy per role (:mod:`games.masume_yakyu.ai`, once ``mixed``);
        ``normal`` and ``hard``: the situational one, valued in runs (:mod:`games.masume_yakyu.tactics`)."""
        if level == "easy":
            return ai.choose(self, state, seat, rng)
        return tactics.choose(self, state, seat, level, rng)

    def move_grid(self, notations: Sequence[str]) -> list[list[tuple[str, str] | None]] | None:
        """The moves that name a cell of the pitching grid (``target B2``, ``swing C3``,
        ``steal bunt A1``) laid out as the 5 x 5 grid, as the pitcher sees it."""
        prefixes = {n.rsplit(" ", 1)[0] for n in notations if " " in n}
        if len(prefixes) != 1 or not notations:
            return None
        prefix = prefixes.pop()
        cells = {}
        for n in notations:
            cell = parse_cell(n.rsplit(" ", 1)[-1]) if n.startswith(prefix + " ") else None
            if cell is None:
                return None
            cells[cell] = n
        return [[(f"{COLUMNS[x]}{y + 1}", cells[y * 5 + x]) if y * 5 + x in cells else None
                 for x in range(5)] for y in range(5)]

    # -- notation -----------------------------------------------------------------------------

    def parse_move(self, state: YakyuState, text: str, seat: int | None = None) -> Move:
        """Read a move; a bare cell is the target for the pitcher and a swing for the batter."""
        move = parse_move(text)
        if move.kind == "target" and state.phase == BAT:
            return Move("swing", move.arg)
        return move

    def format_move(self, state: YakyuState, move: Move) -> str:
        return format_move(move)

    def describe_move(self, state: YakyuState, move: Move, lang: str = "en") -> str:
        """Posted in the thread: secret choices only say that they were made."""
        kind = move.kind
        if kind in ("order", "auto", "starter"):
            return translate("masume_yakyu.move.lineup", lang)
        if kind == "card":
            return translate("masume_yakyu.move.card", lang)
        if kind in ("take", "swing", "bunt"):
            return translate("masume_yakyu.move.bat", lang)
        if kind in ("steal", "stay"):
            return translate("masume_yakyu.move.runner", lang)
        if kind == "discard":
            return translate("masume_yakyu.move.discard", lang)
        if kind == "target":
            return translate("masume_yakyu.move.target", lang, cell=cell_name(move.arg))
        if kind == "change":
            return translate("masume_yakyu.move.change", lang, number=move.arg)
        return translate(f"masume_yakyu.move.{kind}", lang)

    # -- storage ------------------------------------------------------------------------------

    def state_to_json(self, state: YakyuState) -> dict[str, Any]:
        return state.to_json()

    def state_from_json(self, data: Mapping[str, Any]) -> YakyuState:
        state = YakyuState.from_json(dict(data))
        state.options = self.resolve_options(state.options)
        return state


def _ready(state: YakyuState, team: int) -> bool:
    return len(state.lineup[team]) == 9 and state.starter[team] is not None


def _starters(state: YakyuState, team: int) -> list[int]:
    return innings.available_pitchers(state, team)


def _batter(b) -> dict[str, Any]:
    return {"number": b.number, "position": b.position, "bats": b.bats, "av": b.av, "hr": b.hr, "run": b.run}


def _lineup(state: YakyuState, team: int) -> list[dict[str, Any]]:
    batters = TEAMS[state.teams[team]]
    return [{"order": i + 1, **_batter(batters.batter(n))} for i, n in enumerate(state.lineup[team])]


GAME = register(MasumeYakyu())
