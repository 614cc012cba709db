"""Time controls for play-by-post: how long a player has for a move, when the clock runs, and
the deadline that follows. Pure functions of instants (POSIX seconds) and settings; no I/O.

A time control is written as text, in the lobby and in storage:

- ``none``: no clock;
- ``10m``: minutes per move (live play);
- ``3d``: days per move (1, 2, 3, 5, 7 or 14);
- ``2/day``: moves per day, BGA style: each move may take a day divided by that number.

Optional *playing hours* ``9-23`` (in the server's time zone) stop every clock outside them.
A player's vacation stops their clock too.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Iterable
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from games.typed import shown

from bot.host.errors import HostError

DAY = 86_400.0
DAYS_PER_MOVE = (1, 2, 3, 5, 7, 14)
#: The choices the lobby offers (at most 25, Discord's limit for choices).
PRESETS = ("none", "5m", "10m", "30m", "1d", "2d", "3d", "5d", "7d", "14d", "1/day", "2/day", "4/day")

#: A time control as typed; numbers of at most 3 digits (the largest allowed is 180 minutes), so a
#: long digit string is no time control and is never read as a number.
_FORM = re.compile(r"^\s*(?:(none)|(\d{1,3})\s*m|(\d{1,3})\s*d|(\d{1,3})\s*/\s*day)\s*$", re.IGNORECASE)
_HOURS = re.compile(r"^\s*(\d{1,2})\s*-\s*(\d{1,2})\s*$")


@dataclass(frozen=True)
class TimeControl:
    kind: str = "none"  # none | minutes | days | per_day
    amount: int = 0

    @classmethod
    def parse(cls, text: str | None) -> "TimeControl":
        match = _FORM.match(text or "none")
        if not match:
            raise HostError("clock.bad", text=shown(str(text)), examples=", ".join(PRESETS))
        none, minutes, days, per_day = match.groups()
        if none:
            return cls()
        if minutes:
            if not 1 <= int(minutes) <= 180:
                raise HostError("clock.bad", text=shown(str(text)), examples=", ".join(PRESETS))
            return cls("minutes", int(minutes))
        if days:
            if int(days) not in DAYS_PER_MOVE:
                raise HostError("clock.bad_days", text=shown(str(text)), days=", ".join(map(str, DAYS_PER_MOVE)))
            return cls("days", int(days))
        if not 1 <= int(per_day) <= 24:
            raise HostError("clock.bad", text=shown(str(text)), examples=", ".join(PRESETS))
        return cls("per_day", int(per_day))

    @property
    def by_post(self) -> bool:
        """Whether this is a play-by-post clock (days per move, or moves per day), not live play."""
        return self.kind in ("days", "per_day")

    def format(self) -> str:
        return {"none": "none", "minutes": f"{self.amount}m", "days": f"{self.amount}d",
                "per_day": f"{self.amount}/day"}[self.kind]

    @property
    def allowance(self) -> float | None:
        """Seconds of running clock per move, or ``None`` without a clock."""
        if self.kind == "minutes":
            return self.amount * 60.0
        if self.kind == "days":
            return self.amount * DAY
        if self.kind == "per_day":
            return DAY / self.amount
        return None


def parse_hours(text: str | None) -> tuple[int, int] | None:
    """``"9-23"`` to ``(9, 23)``: the clock runs from 9:00 to 23:00; ``22-6`` runs overnight."""
    if not text or not text.strip() or text.strip().lower() in ("none", "any", "-"):
        return None
    match = _HOURS.match(text)
    if not match or not all(0 <= int(h) <= 24 for h in match.groups()) or match.group(1) == match.group(2):
        raise HostError("clock.bad_hours", text=shown(str(text)))
    return int(match.group(1)) % 24, int(match.group(2)) % 24 or 24


def zone(name: str | None) -> ZoneInfo:
    try:
        return ZoneInfo(name or "UTC")
    except (ZoneInfoNotFoundError, ValueError):
        raise HostError("clock.bad_zone", zone=name) from None


def _playing_windows(start: float, end: float, hours: tuple[int, int] | None, tz: ZoneInfo) -> list[tuple[float, float]]:
    """The intervals within ``[start, end)`` where playing hours let clocks run."""
    if hours is None:
        return [(start, end)]
    first, last = hours
    windows = []
    day = datetime.fromtimestamp(start, tz).date() - timedelta(days=1)
    final = datetime.fromtimestamp(end, tz).date()
    while day <= final:
        # Built from local wall times, so a day with a DST change keeps its playing hours.
        opens = datetime(day.year, day.month, day.day, first, tzinfo=tz).timestamp()
        close_day = day + timedelta(days=1) if last <= first or last == 24 else day
        closes = datetime(close_day.year, close_day.month, close_day.day, last % 24, tzinfo=tz).timestamp()
        lo, hi = max(opens, start), min(closes, end)
        if lo < hi:
            windows.append((lo, hi))
        day += timedelta(days=1)
    return windows


def _subtract(windows: list[tuple[float, float]], pauses: Iterable[tuple[float, float]]) -> list[tuple[float, float]]:
    result = windows
    for p0, p1 in pauses:
        cut = []
        for w0, w1 in result:
            if p1 <= w0 or p0 >= w1:
                cut.append((w0, w1))
                continue
            if w0 < p0:
                cut.append((w0, p0))
            if p1 < w1:
                cut.append((p1, w1))
        result = cut
    return result


def running_seconds(start: float, end: float, hours: tuple[int, int] | None, tz: ZoneInfo,
                    pauses: Iterable[tuple[float, float]] = ()) -> float:
    """How long the clock ran between two instants (playing hours and pauses excluded)."""
    if end <= start:
        return 0.0
    return sum(b - a for a, b in _subtract(_playing_windows(start, end, hours, tz), pauses))


def deadline(start: float, allowance: float, hours: tuple[int, int] | None, tz: ZoneInfo,
             pauses: Iterable[tuple[float, float]] = ()) -> float:
    """The instant a clock started at ``start`` has run for ``allowance`` seconds."""
    pauses = list(pauses)
    end = start + allowance
    while end - start <= 400 * DAY:
        end += max(DAY, allowance)  # look further ahead while hours or pauses eat into the allowance
        ran = 0.0
        for a, b in _subtract(_playing_windows(start, end, hours, tz), pauses):
            if ran + (b - a) >= allowance:
                return a + (allowance - ran)
            ran += b - a
    raise HostError("clock.never")
