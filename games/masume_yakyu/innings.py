"""Innings and the game (C9, C10): the lineup before the game, half-innings, stamina, pitching
changes, the end of the game with extra innings and the walk-off, and the Tiebreak runners.

The game is ``innings`` innings (9, or 1-3 for a short game); the home team skips the bottom of
the last inning when ahead and wins at once when it takes the lead in the bottom of the last
inning or later; tied games go to extra innings without limit. Tiebreak starts 0-0 in the top of
the 11th with runners on 1st and 2nd in every half-inning.
"""

from __future__ import annotations

from games.masume_yakyu.data import ACE, STRAIGHT, TEAMS
from games.masume_yakyu.runners import Play
from games.masume_yakyu.state import CARD, DISCARD, OVER, YakyuState
from games.messages import Text

TIEBREAK_START = 11


def last_regulation(state: YakyuState) -> int:
    """The inning after which a lead ends the game."""
    if state.options.get("tiebreak"):
        return TIEBREAK_START
    return state.options.get("innings", 9)


def available_pitchers(state: YakyuState, team: int) -> list[int]:
    """Pitchers who may come in: not pitched yet; in Tiebreak not the ace, and with the
    two-relievers option only nos. 11 and 12."""
    numbers = [p.number for p in TEAMS[state.teams[team]].pitchers]
    if state.options.get("tiebreak"):
        numbers = [n for n in numbers if n != ACE]
        if state.options.get("two_relievers"):
            numbers = numbers[:2]
    return [n for n in numbers if n not in state.used[team] and n != state.pitcher[team]]


def bring_in(play: Play, team: int, number: int) -> None:
    """A pitcher takes the mound with his full set of cards (C9)."""
    s = play.state
    s.pitcher[team] = number
    s.used[team].append(number)
    s.hand[team] = list(TEAMS[s.teams[team]].pitcher(number).cards)
    s.removed[team] = 0


def discard_choices(state: YakyuState, team: int) -> list[int]:
    """C9 stamina: any card but the straight may be removed."""
    return [c for c in state.hand[team] if c != STRAIGHT]


def start_game(play: Play) -> None:
    s = play.state
    for team in (0, 1):
        bring_in(play, team, s.starter[team])
    s.inning = s.first_inning
    s.half = 0
    start_half(play)


def start_half(play: Play) -> None:
    """A new half-inning: 0 out, 0-0, and in Tiebreak the two batters before the lead-off
    batter on 2nd (two before) and 1st (one before), C10."""
    s = play.state
    s.outs = s.balls = s.strikes = 0
    s.bases = [None, None, None]
    s.queue = []
    s.phase = CARD
    if len(s.runs[0]) <= s.inning - s.first_inning:
        for team in (0, 1):
            s.runs[team].append(0)
    play.say("half_start", half=_half_text(s.half), inning=s.inning, team=_team_text(s, s.offence))
    if s.options.get("tiebreak"):
        lead = s.up[s.offence]
        s.bases[1] = (lead - 2) % 9
        s.bases[0] = (lead - 1) % 9
        play.say("tiebreak_runners", first=play.who(s.bases[0]), second=play.who(s.bases[1]))


def walk_off(state: YakyuState) -> bool:
    """The home team leads in the bottom of the last regulation inning or later."""
    return (state.half == 1 and state.inning >= last_regulation(state)
            and state.score(state.home) > state.score(1 - state.home))


def end_game(play: Play) -> None:
    s = play.state
    s.phase = OVER
    s.queue = []
    s.card = s.target = s.bat = s.steal = None
    play.say("game_over", away=s.score(1 - s.home), home=s.score(s.home))


def end_half(play: Play) -> None:
    """Three out: the game may end; else the pitcher's side removes a card (stamina) and the
    next half begins."""
    s = play.state
    s.queue = []
    s.card = s.target = s.bat = s.steal = None
    s.bases = [None, None, None]  # the runners left on base go off the field with the third out
    play.say("half_over", half=_half_text(s.half), inning=s.inning)
    last = last_regulation(s)
    home, away = s.score(s.home), s.score(1 - s.home)
    if s.inning >= last and ((s.half == 0 and home > away) or (s.half == 1 and home != away)):
        end_game(play)
        return
    team = s.defence
    choices = discard_choices(s, team)
    if len(choices) > 1:
        s.discard_team = team
        s.phase = DISCARD
        return
    if choices:  # one card left to remove: no choice, nothing secret in it
        s.hand[team].remove(choices[0])
        s.removed[team] += 1
        play.say("stamina", team=_team_text(s, team))
    next_half(play)


def discard(play: Play, card: int) -> None:
    s = play.state
    team = s.discard_team
    s.hand[team].remove(card)
    s.removed[team] += 1
    s.discard_team = None
    play.say("stamina", team=_team_text(s, team))
    next_half(play)


def next_half(play: Play) -> None:
    s = play.state
    if s.half == 0:
        s.half = 1
    else:
        s.half = 0
        s.inning += 1
    start_half(play)


def next_batter(state: YakyuState) -> None:
    state.up[state.offence] = (state.up[state.offence] + 1) % 9
    state.balls = state.strikes = 0


def _half_text(half: int) -> Text:
    return Text("masume_yakyu.half.top" if half == 0 else "masume_yakyu.half.bottom")


def _team_text(state: YakyuState, team: int) -> Text:
    return Text(f"masume_yakyu.team.{state.teams[team]}")
