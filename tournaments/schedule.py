"""When rounds may start: scheduled round starts, playing hours and the sign-up and check-in
windows, as pure functions of epoch seconds and a time zone (a ``tzinfo``; the host passes the
server's zone).

- ``round_start``: ``"now"`` (the next round starts as soon as the last game ends), ``"HH:MM"``
  (at the next HH:MM in the server's zone after the round ended) or ``"<n>h"`` / ``"<n>m"``
  (that long after the round ended).
- ``playing_hours``: ``"18:00-23:00"`` (or ``"18-23"``; ``"22-02"`` runs over midnight): a round
  may only start inside them; one due outside waits for their next opening. Games already being
  played are not stopped.
- Sign-up closes at ``signup_closes`` (epoch, given as ``"HH:MM"`` or ``"YYYY-MM-DD HH:MM"``);
  check-in opens ``check_in_minutes`` before ``start_at`` (the scheduled start), and only the
  checked-in are paired.
"""

from __future__ import annotations

import re
from datetime import datetime, timedelta, tzinfo

from games.typed import shown
from tournaments.errors import SettingsError

_CLOCK = re.compile(r"^\s*(\d{1,2})(?::(\d{2}))?\s*$")
#: A delay as typed: at most 6 digits (a week is 10080 minutes), so a long digit string is no delay.
_DELAY = re.compile(r"^\s*(\d{1,6}(?:\.\d{1,3})?)\s*(h|m)\s*$", re.IGNORECASE)
_DATE = re.compile(r"^\s*(\d{4})-(\d{1,2})-(\d{1,2})[ T]+(.+)$")
#: The longest delay between rounds (a week) and the latest scheduled start (a year ahead).
MAX_DELAY = 7 * 86_400
MAX_AHEAD = 366 * 86_400


def parse_clock(text: str, name: str = "time") -> tuple[int, int]:
    """``"21:30"`` (or ``"21"``) to ``(21, 30)``; ``24:00`` is midnight at the end of the day."""
    match = _CLOCK.match(str(text))
    hour, minute = (int(match.group(1)), int(match.group(2) or 0)) if match else (-1, 0)
    if not (0 <= hour <= 24 and 0 <= minute < 60) or (hour == 24 and minute):
        raise SettingsError("tournament.error.bad_time", name=name, value=shown(str(text), 40))
    return hour, minute


def parse_round_start(text: str | None) -> str:
    """The ``round_start`` option, checked and written one way: ``now``, ``HH:MM`` or ``<n>h`` /
    ``<n>m``."""
    value = str(text or "now").strip().lower()
    if value in ("", "now", "-"):
        return "now"
    delay = _DELAY.match(value)
    if delay:
        seconds = float(delay.group(1)) * (3600 if delay.group(2) == "h" else 60)
        if not 0 < seconds <= MAX_DELAY:
            raise SettingsError("tournament.error.bad_round_start", value=shown(str(text), 40))
        return f"{delay.group(1)}{delay.group(2)}"
    try:
        hour, minute = parse_clock(value, "round_start")
    except SettingsError:
        raise SettingsError("tournament.error.bad_round_start", value=shown(str(text), 40)) from None
    return f"{hour % 24:02d}:{minute:02d}"


def parse_hours(text: str | None) -> str:
    """The ``playing_hours`` option, checked and written as ``"HH:MM-HH:MM"`` (``""``: any time)."""
    value = str(text or "").strip().lower()
    if value in ("", "any", "none", "-"):
        return ""
    first, sep, last = value.partition("-")
    if not sep:
        raise SettingsError("tournament.error.bad_hours", value=shown(str(text), 40))
    try:
        (h1, m1), (h2, m2) = parse_clock(first, "playing_hours"), parse_clock(last, "playing_hours")
    except SettingsError:
        raise SettingsError("tournament.error.bad_hours", value=shown(str(text), 40)) from None
    if (h1 % 24, m1) == (h2 % 24, m2):
        raise SettingsError("tournament.error.bad_hours", value=shown(str(text), 40))
    return f"{h1 % 24:02d}:{m1:02d}-{h2:02d}:{m2:02d}"


def parse_when(text: str, now: float, tz: tzinfo, name: str) -> float:
    """A moment given as ``"HH:MM"`` (the next one in ``tz``) or ``"YYYY-MM-DD HH:MM"``, as epoch
    seconds; it must lie in the future, within a year."""
    value = str(text).strip()
    date = _DATE.match(value)
    try:
        if date:
            hour, minute = parse_clock(date.group(4), name)
            day = datetime(int(date.group(1)), int(date.group(2)), int(date.group(3)), tzinfo=tz)
            when = (day + timedelta(hours=hour, minutes=minute)).timestamp()
        else:
            when = _next_clock(now, parse_clock(value, name), tz)
    except (SettingsError, ValueError, OverflowError):
        raise SettingsError("tournament.error.bad_when", name=name, value=shown(str(text), 40)) from None
    if not now < when <= now + MAX_AHEAD:
        raise SettingsError("tournament.error.when_past", name=name, value=shown(str(text), 40))
    return when


def _at(day, hour: int, minute: int, tz: tzinfo) -> float:
    """The epoch of a wall time on a local day (built from the wall time: DST days keep it)."""
    return (datetime(day.year, day.month, day.day, tzinfo=tz) + timedelta(hours=hour, minutes=minute)).timestamp()


def _next_clock(after: float, clock: tuple[int, int], tz: tzinfo) -> float:
    """The first moment at or after ``after`` when the wall clock in ``tz`` shows ``clock``."""
    day = datetime.fromtimestamp(after, tz).date()
    for offset in range(3):
        when = _at(day + timedelta(days=offset), clock[0], clock[1], tz)
        if when >= after:
            return when
    raise AssertionError("unreachable: a wall time recurs every day")


def within_hours(moment: float, hours: str, tz: tzinfo) -> bool:
    """Whether ``moment`` lies inside the playing hours (always, without any)."""
    if not hours:
        return True
    first, last = (parse_clock(part) for part in hours.split("-"))
    local = datetime.fromtimestamp(moment, tz)
    minute = local.hour * 60 + local.minute
    opens, closes = first[0] * 60 + first[1], last[0] * 60 + last[1]
    return opens <= minute < closes if opens < closes else (minute >= opens or minute < closes)


def next_opening(moment: float, hours: str, tz: tzinfo) -> float:
    """``moment`` itself inside the playing hours, else when they next open."""
    if within_hours(moment, hours, tz):
        return moment
    return _next_clock(moment, parse_clock(hours.split("-")[0]), tz)


def round_due(round_start: str, hours: str, ended_at: float, tz: tzinfo, *, first: bool = False) -> float:
    """When the next round starts, the previous one having ended at ``ended_at`` (the first round:
    the start itself, so only the playing hours apply)."""
    due = ended_at
    if not first and round_start != "now":
        delay = _DELAY.match(round_start)
        if delay:
            due = ended_at + float(delay.group(1)) * (3600 if delay.group(2).lower() == "h" else 60)
        else:
            due = _next_clock(ended_at, parse_clock(round_start), tz)
    return next_opening(due, hours, tz)


def check_in_opens(start_at: float | None, minutes: int) -> float | None:
    """When check-in opens: ``minutes`` before the scheduled start (``None``: open all along)."""
    if start_at is None or not minutes:
        return None
    return start_at - 60 * minutes
