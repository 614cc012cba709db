"""Runners and plays (C8): moving runners, forces, outs and runs, challenge plays and steals.

A :class:`Play` is one resolution in progress: a copy of the state, the dice generator and the
events said so far. Bases are 0 (1st), 1 (2nd), 2 (3rd); a runner sent to base 3 or beyond scores.
"""

from __future__ import annotations

from typing import Any

from games.masume_yakyu.data import CHALLENGE, OUTS_PER_HALF, TEAMS
from games.masume_yakyu.state import YakyuState
from games.messages import Text
from games.rng import Rng

HOME = 3


class Play:
    """A resolution in progress: mutate ``state`` (already a copy), roll with ``rng``, say ``events``."""

    def __init__(self, state: YakyuState) -> None:
        self.state = state
        self.rng = Rng(state.rng)
        self.events: list[tuple[str, dict[str, Any], frozenset[int] | None]] = []
        self.scored: list[int] = []  # batting-order slots who scored, in order (for the picture)

    def say(self, key: str, seats: frozenset[int] | None = None, **params: Any) -> None:
        self.events.append((f"masume_yakyu.event.{key}", params, seats))

    def die(self, sides: int = 6) -> int:
        return 1 + self.rng.below(sides)

    def done(self) -> YakyuState:
        self.state.rng = self.rng.state
        return self.state

    # -- people ------------------------------------------------------------------------------

    def who(self, slot: int, team: int | None = None) -> str:
        """A batter named by batting order and position: ``3 LF``."""
        s = self.state
        team = s.offence if team is None else team
        batter = TEAMS[s.teams[team]].batter(s.lineup[team][slot])
        return f"{slot + 1} {batter.position}"

    def run_mod(self, slot: int) -> int:
        s = self.state
        batter = TEAMS[s.teams[s.offence]].batter(s.lineup[s.offence][slot])
        return CHALLENGE["run_modifier"][batter.run]

    # -- outs and runs -------------------------------------------------------------------------

    def out(self, count: int = 1) -> bool:
        """Record outs; True when the half-inning is over."""
        s = self.state
        s.outs = min(OUTS_PER_HALF, s.outs + count)
        return s.outs >= OUTS_PER_HALF

    @property
    def over(self) -> bool:
        return self.state.outs >= OUTS_PER_HALF

    def score(self, slot: int) -> None:
        s = self.state
        s.runs[s.offence][s.inning - s.first_inning] += 1
        self.scored.append(slot)
        self.say("run", runner=self.who(slot))

    # -- movement -----------------------------------------------------------------------------

    def move(self, targets: dict[int, int]) -> None:
        """Move runners: ``targets`` maps a base to where its runner goes (others stay).

        A trailing runner never ends on or behind a lead runner's new base: the lead runner is
        pushed one base ahead of him (both were running), so bases never hold two runners.
        """
        s = self.state
        occupied = [b for b in range(3) if s.bases[b] is not None]
        new = {b: max(b, targets.get(b, b)) for b in occupied}
        previous = -1
        for b in occupied:  # trailing first
            if new[b] < HOME and new[b] <= previous:
                new[b] = previous + 1
            previous = new[b]
        runners = {b: s.bases[b] for b in occupied}
        s.bases = [None, None, None]
        for b in reversed(occupied):  # lead runners score first
            if new[b] >= HOME:
                self.score(runners[b])
            else:
                s.bases[new[b]] = runners[b]

    def advance_all(self, bases: int, extra: dict[int, int] | None = None) -> None:
        """Every runner moves ``bases``; ``extra`` gives some starting bases more."""
        s = self.state
        self.move({b: b + bases + (extra or {}).get(b, 0) for b in range(3) if s.bases[b] is not None})

    def forced(self) -> list[int]:
        """The bases whose runners are forced by a batter going to 1st (a chain from 1st)."""
        chain = []
        for b in range(3):
            if self.state.bases[b] is None:
                break
            chain.append(b)
        return chain

    def force_batter(self, slot: int) -> None:
        """The batter takes 1st and every forced runner moves up one base (a walk, a bunt single)."""
        self.move({b: b + 1 for b in self.forced()})
        self.state.bases[0] = slot

    # -- challenge plays ----------------------------------------------------------------------

    def challenge(self, slot: int, defence_mod: int, kind: str, to: int) -> bool:
        """C8: the runner rolls d6 + his Run modifier, the defence d6 + its modifier; higher
        wins and a tie goes to the runner. True = safe."""
        runner_die, defence_die = self.die(CHALLENGE["die"]), self.die(CHALLENGE["die"])
        mod = self.run_mod(slot)
        runner, defence = runner_die + mod, defence_die + defence_mod
        safe = runner >= defence if CHALLENGE["tie"] == "runner" else runner > defence
        self.say("challenge_safe" if safe else "challenge_out", runner=self.who(slot),
                 play=_play_text(kind), base=_base_text(to), rdie=runner_die, rmod=signed(mod),
                 ddie=defence_die, dmod=signed(defence_mod), rtotal=runner, dtotal=defence)
        return safe


def steal_eligible(state: YakyuState) -> list[int]:
    """C8: the bases (1st, 2nd) whose runners would go on a steal call: a runner goes when the
    next base is free or its runner goes too; a runner on 3rd never steals."""
    going: list[int] = []
    for b in (1, 0):
        if state.bases[b] is None:
            continue
        ahead = b + 1
        if state.bases[ahead] is None or ahead in going:
            going.append(b)
    return sorted(going)


def resolve_steal(play: Play, group: str, going: list[int] | None = None) -> None:
    """A steal on a take or a miss: only the lead runner is challenged; the trailing runner moves
    up if the lead is safe and stays if the lead is out (C8). ``going``: the bases whose runners
    still steal (default: every runner who may, :func:`steal_eligible`)."""
    s = play.state
    going = steal_eligible(s) if going is None else going
    if not going:
        return
    lead = max(going)
    mod = CHALLENGE["steal_pitch_defence"][group] + (CHALLENGE["steal_third_defence"] if lead == 1 else 0)
    slot = s.bases[lead]
    if play.challenge(slot, mod, "steal", lead + 1):
        play.move({b: b + 1 for b in going})
    else:
        s.bases[lead] = None
        play.out()


def signed(value: int) -> str:
    return f"+{value}" if value >= 0 else f"−{-value}"


def _play_text(kind: str) -> Text:
    return Text(f"masume_yakyu.play.{kind}")


def _base_text(base: int) -> Text:
    return Text(f"masume_yakyu.base.{min(base, HOME)}")
