"""The pure core of the organiser's tools: schedules and playing hours (across a DST change),
the sign-up and check-in windows, pause, late entry until a round, the timeout rule's drop of
players and teams, substitutes, and the new settings' JSON round trip."""

from __future__ import annotations

from datetime import UTC, datetime
from zoneinfo import ZoneInfo

import pytest

import tournaments as T
from tournaments import schedule

TOKYO = ZoneInfo("Asia/Tokyo")
BERLIN = ZoneInfo("Europe/Berlin")


def at(*parts, tz=UTC) -> float:
    return datetime(*parts, tzinfo=tz).timestamp()


def running(n: int = 4, **options) -> T.Tournament:
    t = T.new_tournament(T.Settings.make("minoa", "swiss", **options))
    for i in range(1, n + 1):
        t = T.add_entrant(t, str(i), f"p{i}")
    return T.start(t)


def finish_round(t: T.Tournament) -> T.Tournament:
    t = T.begin_round(t)
    for table in t.current_round.tables:
        t = T.record_result(t, table.number, places=[1, 2])
    return t


# -- options --------------------------------------------------------------------------------------


@pytest.mark.parametrize("given, kept", [(None, "now"), ("now", "now"), ("21:00", "21:00"), ("9", "09:00"),
                                         ("2h", "2h"), ("90m", "90m"), ("1.5h", "1.5h"), ("24:00", "00:00")])
def test_round_start_is_written_one_way(given, kept):
    assert schedule.parse_round_start(given) == kept


@pytest.mark.parametrize("given", ["25:00", "21:60", "soon", "0h", "200h", "-2h"])
def test_a_bad_round_start_is_refused_naming_it(given):
    with pytest.raises(T.SettingsError) as refused:
        schedule.parse_round_start(given)
    assert refused.value.key == "tournament.error.bad_round_start" and given in refused.value.message("ja")


@pytest.mark.parametrize("given, kept", [("18:00-23:00", "18:00-23:00"), ("18-23", "18:00-23:00"),
                                         ("22-2", "22:00-02:00"), ("20:30-24", "20:30-24:00"), ("", ""),
                                         ("any", "")])
def test_playing_hours_are_written_one_way(given, kept):
    assert schedule.parse_hours(given) == kept


@pytest.mark.parametrize("given", ["18", "18-18", "0-24", "evening", "18:00-25:00"])
def test_bad_playing_hours_are_refused(given):
    with pytest.raises(T.SettingsError) as refused:
        schedule.parse_hours(given)
    assert refused.value.key == "tournament.error.bad_hours"


def test_the_new_settings_are_checked_and_survive_json():
    s = T.Settings.make("minoa", "swiss", late_entry="on", late_until=3, round_start="21:00",
                        playing_hours="18-23", check_in_minutes=30, drop_on_timeout="off")
    assert (s.late_until, s.round_start, s.playing_hours, s.check_in_minutes, s.drop_on_timeout) == \
        (3, "21:00", "18:00-23:00", 30, False)
    assert T.Settings.from_json(s.to_json()) == s
    assert T.Settings.make("minoa").drop_on_timeout is True  # on by default
    with pytest.raises(T.SettingsError) as refused:
        T.Settings.make("minoa", "swiss", late_until=3)
    assert refused.value.key == "tournament.error.late_until"
    with pytest.raises(T.SettingsError):
        T.Settings.make("minoa", "swiss", check_in_minutes=-5)
    # an old stored tournament without the new fields still loads, with the defaults
    data = running().to_json()
    for name in ("late_until", "drop_on_timeout", "round_start", "playing_hours", "check_in_minutes"):
        del data["settings"][name]
    for name in ("paused", "start_at", "signup_closes_at"):
        del data[name]
    old = T.Tournament.from_json(data)
    assert old.settings.round_start == "now" and not old.paused and old.start_at is None


# -- when rounds start ----------------------------------------------------------------------------


def test_a_round_starts_at_once_a_delay_later_or_at_the_next_time_of_day():
    ended = at(2026, 11, 27, 20, 40, tz=TOKYO)
    assert schedule.round_due("now", "", ended, TOKYO) == ended
    assert schedule.round_due("2h", "", ended, TOKYO) == ended + 7200
    assert schedule.round_due("21:00", "", ended, TOKYO) == at(2026, 11, 27, 21, 0, tz=TOKYO)
    assert schedule.round_due("20:00", "", ended, TOKYO) == at(2026, 11, 28, 20, 0, tz=TOKYO)
    assert schedule.round_due("21:00", "", ended, TOKYO, first=True) == ended  # the first: at the start


def test_a_round_due_outside_the_playing_hours_waits_for_their_opening():
    hours = "18:00-23:00"
    assert schedule.round_due("now", hours, at(2026, 11, 27, 19, tz=TOKYO), TOKYO) == at(2026, 11, 27, 19, tz=TOKYO)
    assert schedule.round_due("now", hours, at(2026, 11, 27, 23, tz=TOKYO), TOKYO) == at(2026, 11, 28, 18, tz=TOKYO)
    assert schedule.round_due("2h", hours, at(2026, 11, 27, 22, tz=TOKYO), TOKYO) == at(2026, 11, 28, 18, tz=TOKYO)
    assert schedule.round_due("now", hours, at(2026, 11, 27, 9, tz=TOKYO), TOKYO) == at(2026, 11, 27, 18, tz=TOKYO)
    # over midnight
    assert schedule.within_hours(at(2026, 11, 27, 1, tz=TOKYO), "22:00-02:00", TOKYO)
    assert not schedule.within_hours(at(2026, 11, 27, 2, tz=TOKYO), "22:00-02:00", TOKYO)
    assert schedule.next_opening(at(2026, 11, 27, 3, tz=TOKYO), "22:00-02:00", TOKYO) == at(2026, 11, 27, 22, tz=TOKYO)


def test_a_time_of_day_keeps_its_wall_time_across_a_daylight_saving_change():
    # Berlin leaves summer time in the night of 24-25 October 2026
    ended = at(2026, 10, 24, 22, tz=BERLIN)
    due = schedule.round_due("21:00", "", ended, BERLIN)
    assert datetime.fromtimestamp(due, BERLIN).hour == 21 and due - ended == 23 * 3600 + 3600


def test_moments_are_given_as_a_time_or_a_date_and_time_in_the_servers_zone():
    now = at(2026, 11, 27, 10, 0)
    assert schedule.parse_when("21:00", now, TOKYO, "start_at") == at(2026, 11, 27, 21, tz=TOKYO)
    assert schedule.parse_when("18:00", now, TOKYO, "start_at") == at(2026, 11, 28, 18, tz=TOKYO)  # 18:00 passed
    assert schedule.parse_when("2026-12-24 21:00", now, UTC, "start_at") == at(2026, 12, 24, 21)
    for bad, key in (("2026-02-30 10:00", "bad_when"), ("tomorrow", "bad_when"), ("2026-11-01 10:00", "when_past"),
                     ("2028-01-01 10:00", "when_past")):
        with pytest.raises(T.SettingsError) as refused:
            schedule.parse_when(bad, now, UTC, "start_at")
        assert refused.value.key == f"tournament.error.{key}", bad


# -- windows, pause, late entry, timeouts -----------------------------------------------------------


def test_sign_up_closes_at_its_time_for_players_and_check_in_opens_before_the_start():
    t = T.new_tournament(T.Settings.make("minoa", "swiss", check_in=True, check_in_minutes=30))
    t.start_at, t.signup_closes_at = 10_000.0, 8_000.0
    t = T.add_entrant(t, "1", "a", now=7_999)
    with pytest.raises(T.EntryError) as refused:
        T.add_entrant(t, "2", "b", now=8_000)
    assert refused.value.key == "tournament.error.signup_closed_at" and "<t:8000:f>" in refused.value.message("en")
    t = T.add_entrant(t, "2", "b")  # the organiser (no clock) still may
    with pytest.raises(T.EntryError) as refused:
        T.check_in(t, "1", now=10_000 - 1801)
    assert refused.value.key == "tournament.error.check_in_not_open"
    t = T.check_in(t, "1", now=10_000 - 1800)
    assert [e.checked_in for e in t.entrants] == [True, False]
    t = T.add_entrant(t, "3", "c")
    t = T.check_in(t, "3", now=10_000)
    started = T.start(t)
    assert [e.id for e in started.entrants] == ["1", "3"]  # only the checked-in play


def test_a_paused_event_pairs_nothing_but_records_the_round_being_played():
    t = running()
    t, _ = T.pair_next_round(t)
    t = T.pause(t)
    t = finish_round(t)  # games being played go on
    assert t.rounds[0].status == "done"
    with pytest.raises(T.PhaseError) as refused:
        T.pair_next_round(t)
    assert refused.value.key == "tournament.error.paused"
    with pytest.raises(T.PhaseError):
        T.pause(t)
    t = T.unpause(t)
    assert len(T.pair_next_round(t)[0].rounds) == 2
    with pytest.raises(T.PhaseError):
        T.unpause(t)
    with pytest.raises(T.PhaseError):
        T.pause(T.new_tournament(T.Settings.make("minoa")))


def test_late_entrants_join_the_next_round_to_be_paired_with_no_points_until_late_until():
    t = running(4, rounds=4, late_entry=True, late_until=3)
    assert T.late_round(t) == 1
    t, _ = T.pair_next_round(t)
    assert T.late_round(t) == 2  # round 1 is paired: it goes ahead without them
    t = T.add_entrant(t, "5", "late")
    t = finish_round(t)
    assert t.entrant("5").joined_round == 2 and T.points(t)["5"] == 0  # nothing for the round missed
    t, rnd = T.pair_next_round(t)
    assert "5" in rnd.byes or any("5" in tb.entrants for tb in rnd.tables)
    t = finish_round(t)
    t = T.add_entrant(t, "6", "later")  # round 3 still allowed
    t, _ = T.pair_next_round(t)
    with pytest.raises(T.EntryError) as refused:
        T.add_entrant(t, "7", "too late")  # would play from round 4
    assert refused.value.key == "tournament.error.late_closed"


def test_timed_out_players_are_dropped_with_their_team_once():
    t = T.new_tournament(T.Settings.make("minoa", "swiss", team_size=2))
    t = T.add_entrant(t, "team:1", "Owls", members=["1", "2"])
    t = T.add_entrant(t, "team:3", "Cats", members=["3", "4"])
    t = T.add_entrant(t, "team:5", "Dogs", members=["5", "6"])
    t = T.start(t)
    t, _ = T.pair_next_round(t)
    t = T.begin_round(t)
    new, dropped = T.drop_players(t, ["2", "1", "9"])
    assert dropped == ["team:1"] and new.entrant("team:1").dropped_from == 2
    again, dropped = T.drop_players(new, ["1"])
    assert dropped == [] and again.to_json() == new.to_json()
    assert t.entrant("team:1").active  # the given state is untouched


def test_a_substitute_takes_a_team_members_place_and_its_seats():
    t = T.new_tournament(T.Settings.make("minoa", "swiss", team_size=2))
    t = T.add_entrant(t, "team:1", "Owls", members=["1", "2"])
    t = T.add_entrant(t, "team:3", "Cats", members=["3", "4"])
    t = T.start(t)
    t, _ = T.pair_next_round(t)
    t = T.substitute(t, "team:1", "2", "7")
    assert sorted(T.table_seats(t, 1, 1)) == ["1", "3", "4", "7"]
    with pytest.raises(T.EntryError):
        T.substitute(t, "team:1", "2", "8")  # 2 is no longer in the team
    with pytest.raises(T.EntryError):
        T.substitute(t, "team:1", "1", "3")  # 3 plays for Cats
