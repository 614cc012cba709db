"""Hits and courses (C5, C6, C7): hit strength, the three courses and their lanes, bunts.

Contact on a bat spot sends the ball along a course: the just-meet spot up the centre, the others
to the pull or opposite side, in the fly or the grounder lane (``grid.json``). The hit total is
d6 + batting advantage + course advantage, clamped to 1..10, and the cell of the lane with that
number (``courses.json``) says what happened and how the runners move.
"""

from __future__ import annotations

from typing import Any

from games.masume_yakyu.data import (
    BA_RULE,
    BUNT,
    CA_RULE,
    GRADE_POINTS,
    HIT_TOTAL,
    SPOTS,
    Batter,
)
from games.masume_yakyu.grid import in_zone
from games.masume_yakyu.runners import HOME, Play

SPOT = {spot["key"]: spot for spot in SPOTS}


def batting_advantage(batter: Batter, spot: str) -> int:
    """C5: the sum of the grade points of the spot group's ranks, capped (3)."""
    ranks = BA_RULE[SPOT[spot]["group"]]
    return min(BA_RULE["cap"], sum(GRADE_POINTS[getattr(batter, rank)] for rank in ranks))


def course_advantage(x: int, y: int) -> int:
    """C5: +1 high in the zone, 0 low in the zone, -1 in the ball zone."""
    if not in_zone(x, y):
        return CA_RULE["ball_zone"]
    return CA_RULE["zone_rows"].get(str(y), 0)


def course_of(spot: str, side: str) -> tuple[str, str]:
    """The course (``centre``, ``left``, ``right``) and lane (``centre``, ``fly``, ``grounder``):
    pull side is left for a right-handed batter and right for a left-handed one."""
    course, lane = SPOT[spot]["course"], SPOT[spot]["lane"]
    if course == "centre":
        return "centre", lane
    pull = "left" if side == "R" else "right"
    other = "right" if pull == "left" else "left"
    return (pull if course == "pull" else other), lane


def hit_total(die: int, ba: int, ca: int) -> int:
    return max(HIT_TOTAL["minimum"], min(HIT_TOTAL["maximum"], die + ba + ca))


def apply_cell(play: Play, slot: int, entry: dict[str, Any], end_run: list[int]) -> dict[str, Any]:
    """Play out a course cell for the batter in batting-order ``slot``; ``end_run`` are the bases
    whose runners were going on the pitch. Returns what the reveal record needs (``at_bat_over``,
    ``hit``) and queues the optional running decisions the cell allows."""
    s = play.state
    result = entry["result"]
    if result in ("foul", "long_foul"):
        return {"at_bat_over": False, "foul": True}
    outs_before = s.outs
    if result == "home_run":
        play.state.hits[s.offence] += 1
        play.advance_all(HOME)
        play.score(slot)
        return {"at_bat_over": True, "hit": True}
    if result == "out":
        if play.out():
            return {"at_bat_over": True}
        if entry.get("doubled_off"):
            for b in sorted(end_run, reverse=True):
                if s.bases[b] is not None and not play.over:
                    play.say("doubled_off", runner=play.who(s.bases[b]))
                    s.bases[b] = None
                    play.out()
            if play.over:
                return {"at_bat_over": True}
        if outs_before < 2:
            for b in entry.get("auto_tag", []):
                base = b - 1
                if s.bases[base] is not None:
                    play.move({base: HOME})
            for tag in entry.get("tag", []):
                _offer(play, "tag", tag["from"] - 1, tag["mod"])
        return {"at_bat_over": True}
    if result == "grounder":
        # Two readings the page leaves open (C6 grounder cells 2-3, C8 end-run), stated in the
        # rules help: a runner going from 1st beats the throw to 2nd, so there is no double play
        # (batter out, runners move up); and end-run runners move up one base with the forced ones.
        forced = play.forced()
        running_first = 0 in end_run and s.bases[0] is not None
        if forced and outs_before < 2 and not running_first:
            lead = max(forced)
            play.say("double_play", runner=play.who(s.bases[lead]))
            s.bases[lead] = None
            play.out(2)
            if not play.over:
                play.move({b: b + 1 for b in forced if b != lead})
            return {"at_bat_over": True}
        if play.out():
            return {"at_bat_over": True}
        play.move({b: b + 1 for b in set(forced) | set(end_run) if s.bases[b] is not None})
        return {"at_bat_over": True}
    if result == "infield":
        safe = play.challenge(slot, entry.get("mod", 0), "infield", 0)
        if not safe and play.out():
            return {"at_bat_over": True}
        play.advance_all(entry.get("advance", 1))
        if safe:
            s.bases[0] = slot
            s.hits[s.offence] += 1
        return {"at_bat_over": True, "hit": safe}
    # single / double
    bases = 1 if result == "single" else 2
    advance = entry.get("advance", bases)
    extra = {b: entry["end_run"] - advance for b in end_run if "end_run" in entry}
    for b in entry.get("auto_extra", []):
        extra[b - 1] = extra.get(b - 1, 0) + 1
    starts = {b: s.bases[b] for b in range(3) if s.bases[b] is not None}
    play.advance_all(advance, extra)
    s.bases[bases - 1] = slot
    s.hits[s.offence] += 1
    for chance in entry.get("chance", []):
        runner = starts.get(chance["from"] - 1)
        if runner is None:
            continue
        where = [b for b in range(3) if s.bases[b] == runner]
        if where:
            _offer(play, "extra", where[0], chance["mod"])
    return {"at_bat_over": True, "hit": True}


def _offer(play: Play, kind: str, base: int, mod: int) -> None:
    """Queue an optional challenge for the runner now on ``base`` (decided by the runner's seat)."""
    s = play.state
    if s.bases[base] is None:
        return
    play.state.queue.append({"kind": kind, "base": base, "mod": mod, "slot": s.bases[base]})


def bunt_result(die: int, row: int, spot: str) -> tuple[int, str]:
    """C7: d6 + the row modifier (an upper-spot contact is always the worst roll)."""
    total = BUNT["upper_forces"] if spot == "upper" else die + BUNT["row_modifier"].get(str(row), 0)
    for band in BUNT["results"]:
        if total <= band["max"]:
            return total, band["result"]
    return total, BUNT["results"][-1]["result"]


def apply_bunt(play: Play, slot: int, result: str) -> bool:
    """Play out a bunt result for the batter in ``slot``; True if the batter reached base."""
    s = play.state
    forced = play.forced()
    if result == "bunt_single":
        play.advance_all(1)
        s.bases[0] = slot
        s.hits[s.offence] += 1
        return True
    if result == "double_play" and forced:
        lead = max(forced)
        play.say("double_play", runner=play.who(s.bases[lead]))
        s.bases[lead] = None
        if not play.out(2):
            play.advance_all(1)
        return False
    if result == "lead_out" and forced:
        lead = max(forced)
        play.say("force_out", runner=play.who(s.bases[lead]))
        s.bases[lead] = None
        if not play.out():
            play.move({b: b + 1 for b in forced if b != lead})
            s.bases[0] = slot
            return True
        return False
    # a sacrifice (and a double play or lead-runner out with nobody forced): batter out, runners +1
    if not play.out():
        play.advance_all(1)
    return False
