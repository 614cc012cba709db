"""The at-bat and the pitching duel (C3, C4): reveal, count, take / swing / bunt, steals.

When the last secret choice of a pitch is in, the pitch card and the batter's choice are revealed
together and resolved here: the ball ends at target + the card's offset; a take is a strike in the
zone and a ball outside it; a swing that covers the final cell with a bat spot makes contact
(:mod:`~games.masume_yakyu.hits`), else it is a swinging strike; a bunt on a spot rolls the bunt
table, a bunt at a ball off the grid is a foul, else a strike. 4 balls walk, 3 strikes are out, a
foul is a strike below 2 strikes; a foul bunt with 2 strikes is a strikeout. Steals are settled
when the batter takes or misses (a dropped third strike too, before the batter runs), after ball
four has given forced runners their base; on fair contact the runners who went are end-run runners.
"""

from __future__ import annotations

from typing import Any

from games.masume_yakyu import hits, innings
from games.masume_yakyu.data import (
    BALLS_FOR_WALK,
    BUNT,
    CARDS,
    COURSES,
    DROPPED_ROWS,
    HIT_TOTAL,
    STRIKES_FOR_OUT,
    TEAMS,
    card_name,
)
from games.masume_yakyu.grid import (
    batting_side,
    cell_name,
    final,
    in_zone,
    index,
    on_grid,
    spot_at,
    spots,
)
from games.masume_yakyu.runners import Play, resolve_steal, signed, steal_eligible
from games.masume_yakyu.state import ADVANCE, CARD, YakyuState
from games.messages import Text

TAKE, SWING, BUNT_KIND = 0, 1, 2
KINDS = ("take", "swing", "bunt")


def current_batter(state: YakyuState):
    team = state.offence
    return TEAMS[state.teams[team]].batter(state.lineup[team][state.up[team]])


def current_pitcher(state: YakyuState):
    team = state.defence
    return TEAMS[state.teams[team]].pitcher(state.pitcher[team])


def resolve(play: Play) -> None:
    """Reveal and settle the pitch whose card, target and batter's choice are all in."""
    s = play.state
    pitcher, batter = current_pitcher(s), current_batter(s)
    side = batting_side(batter.bats, pitcher.throws)
    slot = s.up[s.offence]
    kind, anchor = s.bat
    steal = bool(s.steal) and bool(steal_eligible(s))
    going = steal_eligible(s) if steal else []
    fx, fy = final(s.target, s.card, pitcher.throws)
    group = CARDS[s.card].group
    record: dict[str, Any] = {
        "card": s.card, "card_name": card_name(s.card, pitcher.throws), "throws": pitcher.throws,
        "target": s.target, "final": [fx, fy], "action": KINDS[kind], "side": side,
        "anchor": anchor if kind != TAKE else None,
        "spots": [[k, x, y] for k, x, y in spots(anchor, side)] if kind != TAKE else [],
        "steal": steal, "batter": play.who(slot), "inning": s.inning, "half": s.half,
        "slot": slot, "before": list(s.bases), "outs_before": s.outs,
    }
    s.card = s.target = s.bat = s.steal = None
    play.say("reveal", pitch=Text(f"masume_yakyu.card.{record['card_name']}"), card=record["card"],
             target=cell_name(record["target"]), final=_final_text(fx, fy),
             action=Text(f"masume_yakyu.action.{KINDS[kind]}"))
    outcome = "ball"
    contact = None
    if kind == TAKE:
        outcome = "strike_called" if on_grid(fx, fy) and in_zone(fx, fy) else "ball"
    else:
        spot = spot_at(anchor, side, fx, fy) if on_grid(fx, fy) else None
        if spot is None:
            outcome = "foul_bunt" if kind == BUNT_KIND and not on_grid(fx, fy) else "strike_swinging"
        else:
            contact = spot
            record["spot"] = spot
            outcome = "bunt" if kind == BUNT_KIND else "contact"
    record["outcome"] = outcome
    over = False
    if outcome in ("ball", "strike_called", "strike_swinging", "foul_bunt"):
        over = _count(play, outcome, slot, fx, fy, going, group, record)
    elif outcome == "bunt":
        die = play.die(BUNT["die"])
        total, result = hits.bunt_result(die, fy, contact)
        record.update(die=die, total=total, result=result)
        play.say("bunt", spot=Text(f"masume_yakyu.spot.{contact}"), die=die, total=total,
                 result=Text(f"masume_yakyu.bunt.{result}"))
        reached = hits.apply_bunt(play, slot, result)
        record["reached"] = reached
        over = True
    else:
        over = _contact(play, slot, side, contact, fx, fy, going, record)
        if record["result"] == "infield":
            record["reached"] = slot in s.bases
    record["scored"] = []
    s.last = record
    _note(play)
    _after(play, over)


def _note(play: Play) -> None:
    """Bring the last pitch's public record up to date for the picture: where the runners are
    now, who scored, the outs (a running decision after the pitch updates it again)."""
    s = play.state
    if s.last is None:  # a state stored before the record said so much
        return
    s.last["after"] = list(s.bases)
    s.last["outs"] = s.outs
    s.last["scored"] = s.last.get("scored", []) + play.scored
    play.scored = []


def _count(play: Play, outcome: str, slot: int, fx: int, fy: int, going: list[int], group: str,
           record: dict[str, Any]) -> bool:
    """A pitch without contact. Returns True when the batter's at-bat is over (a runner caught
    stealing for the third out leaves the batter to lead off the next inning)."""
    s = play.state
    if outcome == "ball":
        s.balls += 1
        play.say("ball", balls=s.balls, strikes=s.strikes)
        record["call"] = "ball"
        if s.balls >= BALLS_FOR_WALK:
            record["call"] = "walk"
            # C4 and C8: ball four gives every forced runner his base, so a forced runner who
            # was stealing has it without a challenge; only a runner the walk does not force
            # (one on 2nd with 1st empty) is still challenged.
            forced = play.forced()
            play.say("walk", batter=play.who(slot))
            play.force_batter(slot)
            loose = [b for b in going if b not in forced]
            if loose:
                resolve_steal(play, group, loose)
            return True
        if going:
            resolve_steal(play, group)
            if play.over:  # caught stealing for the third out: the batter leads off next inning
                return False
        return False
    if outcome == "foul_bunt":
        if s.strikes < STRIKES_FOR_OUT - 1:
            s.strikes += 1
            record["call"] = "foul_bunt"
            play.say("foul_bunt", balls=s.balls, strikes=s.strikes)
            return False
        record["call"] = "strikeout_bunt"
        play.say("strikeout_bunt", batter=play.who(slot))
        play.out()
        return True
    s.strikes += 1
    record["call"] = outcome
    if s.strikes < STRIKES_FOR_OUT:
        play.say("strike_called" if outcome == "strike_called" else "strike_swinging",
                 balls=s.balls, strikes=s.strikes)
        if going:
            resolve_steal(play, group)
        return False
    swinging = outcome == "strike_swinging"
    record["call"] = "strikeout_swinging" if swinging else "strikeout_called"
    play.say(record["call"], batter=play.who(slot))
    low = fy in DROPPED_ROWS or fy >= max(DROPPED_ROWS) + 1
    if swinging and record["action"] == "swing" and low and (s.bases[0] is None or s.outs == 2):
        # C4 dropped third strike: the batter may run (a running decision). C8 settles a steal
        # "when the batter takes or misses", and he missed: the steal is challenged first (a
        # third out there ends the half and the batter's turn), then the batter decides.
        if going:
            resolve_steal(play, group)
            if play.over:
                return True
        s.queue.append({"kind": "dropped", "base": -1, "mod": 0, "slot": slot})
        record["call"] = "dropped"
        return True
    if play.out():
        return True
    if going:
        resolve_steal(play, group)
    return True


def _contact(play: Play, slot: int, side: str, spot: str, fx: int, fy: int, going: list[int],
             record: dict[str, Any]) -> bool:
    s = play.state
    batter = current_batter(s)
    course, lane = hits.course_of(spot, side)
    die = play.die(HIT_TOTAL["die"])
    ba = hits.batting_advantage(batter, spot)
    ca = hits.course_advantage(fx, fy)
    total = hits.hit_total(die, ba, ca)
    entry = COURSES[lane][total]
    record.update(die=die, ba=ba, ca=ca, total=total, course=course, lane=lane, result=entry["result"],
                  fielder=entry["fielder"])
    play.say("contact", spot=Text(f"masume_yakyu.spot.{spot}"), die=die, ba=signed(ba), ca=signed(ca),
             total=total, course=Text(f"masume_yakyu.course.{course}"),
             result=Text(f"masume_yakyu.cell.{entry['fielder']}", side=Text(f"masume_yakyu.side.{course}"),
                         gap=Text(f"masume_yakyu.gap.{course}"), infield=Text(f"masume_yakyu.infield.{course}")))
    outcome = hits.apply_cell(play, slot, entry, going)
    record["call"] = "foul" if outcome.get("foul") else "contact"
    if outcome.get("foul"):
        if s.strikes < STRIKES_FOR_OUT - 1:
            s.strikes += 1
        play.say("count", balls=s.balls, strikes=s.strikes)
        return False
    return True


def _after(play: Play, at_bat_over: bool) -> None:
    """Bookkeeping after a pitch: next batter, walk-off, end of the half, running decisions."""
    s = play.state
    if at_bat_over:
        innings.next_batter(s)
    if innings.walk_off(s):
        innings.end_game(play)
        return
    if play.over:
        innings.end_half(play)
        return
    settle_queue(play)


def settle_queue(play: Play) -> None:
    """Drop running decisions that no longer apply; ask the next one or go on to the next pitch."""
    s = play.state
    while s.queue:
        item = s.queue[0]
        if item["kind"] == "dropped":
            break
        base = item["base"]
        if s.bases[base] == item["slot"] and (base == 2 or s.bases[base + 1] is None):
            break
        s.queue.pop(0)
    s.phase = ADVANCE if s.queue else CARD
    if s.phase == ADVANCE:
        item = s.queue[0]
        play.say("may_run", runner=play.who(item["slot"]),
                 base=Text(f"masume_yakyu.base.{item['base'] + 1}"))


def run_decision(play: Play, go: bool) -> None:
    """The runner's seat answers the first queued running decision (C8)."""
    s = play.state
    item = s.queue.pop(0)
    slot, base = item["slot"], item["base"]
    if item["kind"] == "dropped":
        if go and play.challenge(slot, item["mod"], "dropped", 0):
            play.force_batter(slot)
            call = "dropped_safe"
        else:
            play.out()
            call = "dropped_out"
        if s.last is not None:
            s.last["call"] = call
    elif go:
        if play.challenge(slot, item["mod"], item["kind"], base + 1):
            play.move({base: base + 1})
        else:
            s.bases[base] = None
            play.out()
    else:
        play.say("holds", runner=play.who(slot))
    _note(play)
    if innings.walk_off(s):
        innings.end_game(play)
    elif play.over:
        innings.end_half(play)
    else:
        settle_queue(play)


def _final_text(x: int, y: int) -> Any:
    if on_grid(x, y):
        return cell_name(index(x, y))
    return Text("masume_yakyu.off_grid")
