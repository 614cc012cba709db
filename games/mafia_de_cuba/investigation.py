"""Phase II, the investigation (rules page §6, §8): testimony, accusations, the Cleaner's BANG
window and how an accusation is resolved.

Testimony is this project's structured form of the interrogation: once the box is back, every
henchman in play records what the box held when it came (``claim 9 2``) or stays silent; claims
are public and may be lies. Then the Godfather accuses, again and again, until the game ends;
before each accusation he may question players (``ask 4``), each once, and the one asked answers
with a new claim (a changed story, or the same) or by saying nothing more, which keeps the last one.
With the Cleaner variant every accusation opens a BANG window (§8) for all henchmen in play but
the accused, whether or not a Cleaner is in play, so the window itself tells nothing: each may
let it pass, only the Cleaner may shoot, and a host closes it when its time is up.
"""

from __future__ import annotations

from games.mafia_de_cuba.components import (
    ACCUSE,
    AGENT_ACCUSED,
    CLEANER_OFF,
    CLEANER_SHOT_AGENT,
    DIAMONDS,
    GODFATHER_ELIMINATED,
    GODFATHER_WINS,
    QUESTION,
    TESTIMONY,
    WINDOW,
    MafiaState,
    Move,
    henchmen,
    seat_role,
    starting_tokens,
    stolen,
)
from games.mafia_de_cuba.winners import finish


def in_play(state: MafiaState) -> list[int]:
    return [s for s in henchmen(state) if not state.eliminated[s]]


def max_tokens(state: MafiaState) -> int:
    return sum(starting_tokens(state.num_players, str(state.options["cleaner"])))


def claim_moves(state: MafiaState) -> list[Move]:
    """A claim names the diamonds (0..15) and tokens seen, or is silent."""
    moves = [Move("claim", "silent")]
    moves += [Move("claim", "box", d, t) for d in range(DIAMONDS + 1) for t in range(max_tokens(state) + 1)]
    return moves


def testifying(state: MafiaState) -> frozenset[int]:
    return frozenset(s for s in in_play(state) if state.claims[s] is None)


def claim(state: MafiaState, seat: int, move: Move) -> MafiaState:
    """Record ``seat``'s testimony; when everyone has spoken the Godfather accuses. An answer to
    the Godfather's question replaces the seat's claim, except silence, which keeps it."""
    answering = state.phase == QUESTION
    said = {"seat": seat, "claim": "silent" if move.what == "silent" else [move.n, move.m], "asked": answering}
    after = state.with_(said=state.said + (said,), ply=state.ply + 1)
    if answering:
        return after.with_(phase=ACCUSE, questioned=None)
    return after if testifying(after) else after.with_(phase=ACCUSE)


def askable(state: MafiaState) -> list[int]:
    """Henchmen in play the Godfather has not questioned since the last accusation."""
    return [s for s in in_play(state) if s not in state.asked]


def ask(state: MafiaState, seat: int) -> MafiaState:
    """The Godfather questions ``seat``, who must answer before he goes on."""
    return state.with_(phase=QUESTION, questioned=seat, asked=state.asked | {seat}, ply=state.ply + 1)


def accusable(state: MafiaState) -> list[int]:
    """Henchmen in play, except those already given a Joker (``[c -> disallow]``)."""
    return [s for s in in_play(state) if not state.joker_holders[s]]


def window_seats(state: MafiaState) -> frozenset[int]:
    """Who may still shout BANG or let the window pass: henchmen in play but the accused."""
    return frozenset(s for s in in_play(state) if s != state.accused and s not in state.passed)


def accuse(state: MafiaState, seat: int) -> tuple[MafiaState, list[tuple[str, dict]]]:
    """"Empty your pockets!": with the Cleaner variant a BANG window opens, else it resolves."""
    after = state.with_(accused=seat, passed=frozenset(), ply=state.ply + 1)
    events = [("mafia.event.accused", {"seat": seat})]
    if str(state.options["cleaner"]) != CLEANER_OFF:
        after = after.with_(phase=WINDOW)
        if window_seats(after):
            return after, events + [("mafia.event.window", {"seat": seat})]
    return _resolve(after, events)


def let_pass(state: MafiaState, seat: int) -> tuple[MafiaState, list[tuple[str, dict]]]:
    after = state.with_(passed=state.passed | {seat}, ply=state.ply + 1)
    if window_seats(after):
        return after, []
    return _resolve(after, [("mafia.event.window_closed", {})])


def _record(state: MafiaState, entry: dict) -> tuple:
    return state.accusations + (entry,)


def _resolve(state: MafiaState, events: list) -> tuple[MafiaState, list[tuple[str, dict]]]:
    """§6.1: a thief gives the diamonds back and is out (the Godfather wins when all are back); an
    Agent wins alone; an innocent gets a Joker, or without one the Godfather is out."""
    x = state.accused
    role = seat_role(state, x)
    base = state.with_(phase=ACCUSE, accused=None, passed=frozenset(), asked=frozenset())
    if role == "thief":
        k = state.takes[x][1]
        out = list(base.eliminated)
        out[x] = True
        after = base.with_(eliminated=tuple(out), recovered=base.recovered + k,
                           accusations=_record(base, {"seat": x, "outcome": "thief", "diamonds": k}))
        events.append(("mafia.event.thief", {"seat": x, "count": k}))
        if after.recovered >= stolen(after):
            return finish(after, GODFATHER_WINS), events + [("mafia.event.all_recovered", {})]
        return after, events
    if role == "agent":
        after = base.with_(accusations=_record(base, {"seat": x, "outcome": "agent", "diamonds": 0}))
        return finish(after, AGENT_ACCUSED, alone=x), events + [("mafia.event.agent", {"seat": x})]
    if base.jokers > 0:
        holders = list(base.joker_holders)
        holders[x] = True
        after = base.with_(jokers=base.jokers - 1, joker_holders=tuple(holders),
                           accusations=_record(base, {"seat": x, "outcome": "joker", "diamonds": 0}))
        return after, events + [("mafia.event.joker", {"seat": x, "left": after.jokers})]
    after = base.with_(accusations=_record(base, {"seat": x, "outcome": "innocent", "diamonds": 0}))
    return finish(after, GODFATHER_ELIMINATED), events + [("mafia.event.godfather_out", {"seat": x})]


def bang(state: MafiaState, cleaner: int) -> tuple[MafiaState, list[tuple[str, dict]]]:
    """§8: the Cleaner shoots the accused. An Agent: the Cleaner wins alone. Otherwise both are
    out, a thief's diamonds come back, no Joker is spent, and all diamonds back is a Godfather win."""
    x = state.accused
    role = seat_role(state, x)
    events = [("mafia.event.bang", {"seat": cleaner, "target_seat": x})]
    base = state.with_(phase=ACCUSE, accused=None, passed=frozenset(), asked=frozenset(), ply=state.ply + 1)
    if role == "agent":
        after = base.with_(accusations=_record(base, {"seat": x, "outcome": "shot_agent", "diamonds": 0,
                                                      "by": cleaner}))
        return finish(after, CLEANER_SHOT_AGENT, alone=cleaner), events + [("mafia.event.shot_agent",
                                                                               {"seat": x})]
    out = list(base.eliminated)
    out[x] = out[cleaner] = True
    k = state.takes[x][1] if role == "thief" else 0
    after = base.with_(eliminated=tuple(out), recovered=base.recovered + k,
                       accusations=_record(base, {"seat": x, "outcome": "shot_thief" if k else "shot",
                                                  "diamonds": k, "by": cleaner}))
    events.append(("mafia.event.shot_thief" if k else "mafia.event.shot", {"seat": x, "count": k}))
    if after.recovered >= stolen(after):
        return finish(after, GODFATHER_WINS), events + [("mafia.event.all_recovered", {})]
    return after, events


__all__ = ["TESTIMONY", "accusable", "accuse", "ask", "askable", "bang", "claim", "claim_moves", "let_pass",
           "testifying", "window_seats"]
