"""The organiser's tools on the host (no Discord), on a real SQLite file with a clock the tests
move: pause and resume, late entry and organiser-added players, substitutes taking a seat mid-game,
the timeout rule, scheduled rounds and playing hours, the sign-up and check-in windows, teams,
and restarts in between."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime

import pytest

import tournaments as T
from bot.host import Host, HostError, Store
from bot.host.timekeeper import handle_due
from bot.host.tournaments import TournamentService, state_of
from tests.test_tournament_host import ORGANISER, PEOPLE, active_tables, play_out

#: 2026-11-27 10:00 UTC, a Friday morning.
MORNING = datetime(2026, 11, 27, 10, 0, tzinfo=UTC).timestamp()


class Clock:
    def __init__(self, now: float = MORNING) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


def run(coro):
    return asyncio.run(asyncio.wait_for(coro, 120))


async def open_service(path, clock: Clock) -> TournamentService:
    host = Host(await Store.open(path), clock=clock, seed_source=lambda: 4321, ai_playouts=4, ai_seconds=1,
                ai_workers=0)
    return TournamentService(host)


async def event(service, *, people=PEOPLE[:2], ai=2, table=None, game="minoa", **options):
    row = await service.create(guild_id=1, channel_id=10, owner_id=ORGANISER, game=game, format="swiss",
                               options=options, table=table)
    for user in people:
        await service.join(row.id, user, f"player {user}")
    if ai:
        await service.add_ai(row.id, ai)
    return row


async def finish_round(service, tid: int, number: int) -> None:
    for link in await active_tables(service, tid, number):
        await play_out(service.host, link.table_id)


def test_a_paused_event_pairs_no_new_round_until_resumed_even_across_a_restart(tmp_path):
    async def scenario():
        clock, db = Clock(), tmp_path / "db.sqlite3"
        service = await open_service(db, clock)
        row = await event(service, rounds=2)
        with pytest.raises(T.PhaseError):
            await service.pause(row.id)  # not running yet
        await service.start(row.id)
        await service.pause(row.id)
        with pytest.raises(T.PhaseError):
            await service.pause(row.id)  # already paused
        await finish_round(service, row.id, 1)  # games being played go on and are recorded
        t = state_of(await service.get(row.id))
        assert t.paused and len(t.rounds) == 1 and t.rounds[0].status == "done"
        await service.store.close()

        service = await open_service(db, clock)
        await service.resume()
        assert len(state_of(await service.get(row.id)).rounds) == 1  # still paused after a restart
        await service.pause(row.id, False)
        t = state_of(await service.get(row.id))
        assert not t.paused and len(t.rounds) == 2 and len(await active_tables(service, row.id, 2)) == 2
        with pytest.raises(T.PhaseError):
            await service.pause(row.id, False)
        await service.store.close()
    run(scenario())


def test_late_entry_until_a_round_by_the_button_or_by_the_organiser(tmp_path):
    async def scenario():
        service = await open_service(tmp_path / "db.sqlite3", Clock())
        row = await event(service, rounds=3, late_entry=True, late_until=2)
        await service.start(row.id)
        await service.join(row.id, PEOPLE[2], "latecomer")
        t = state_of(await service.get(row.id))
        late = t.entrant(str(PEOPLE[2]))
        assert late.joined_round == 2 and late.checked_in
        await finish_round(service, row.id, 1)
        t = state_of(await service.get(row.id))
        assert any(str(PEOPLE[2]) in tb.entrants for tb in t.rounds[1].tables) \
            or str(PEOPLE[2]) in t.rounds[1].byes
        assert T.points(t)[str(PEOPLE[2])] == 0 or str(PEOPLE[2]) in t.rounds[1].byes
        with pytest.raises(T.EntryError) as refused:  # round 2 is paired: round 3 is past late_until
            await service.join(row.id, PEOPLE[3], "too late", by_organiser=True)
        assert refused.value.key == "tournament.error.late_closed"
        await service.store.close()
    run(scenario())


def test_an_event_without_late_entry_refuses_joining_after_the_start_even_for_the_organiser(tmp_path):
    async def scenario():
        service = await open_service(tmp_path / "db.sqlite3", Clock())
        row = await event(service, rounds=1)
        await service.start(row.id)
        with pytest.raises(T.EntryError):
            await service.join(row.id, PEOPLE[2], "x", by_organiser=True)
        await service.store.close()
    run(scenario())


def test_a_substitute_takes_the_seat_of_a_game_being_played_and_the_later_rounds(tmp_path):
    async def scenario():
        service = await open_service(tmp_path / "db.sqlite3", Clock())
        row = await event(service, people=PEOPLE[:2], ai=2, rounds=2)
        await service.start(row.id)
        old, sub = PEOPLE[0], 555
        (mine,) = [link for link in await active_tables(service, row.id, 1)
                   if old in [s.user_id for s in (await service.host.table(link.table_id)).seats]]
        with pytest.raises(T.EntryError):
            await service.substitute(row.id, old, PEOPLE[1], "taken")  # already plays
        _, changed = await service.substitute(row.id, old, sub, "sub")
        assert changed == [mine.table_id]
        table = await service.host.table(mine.table_id)
        assert sub in [s.user_id for s in table.seats] and old not in [s.user_id for s in table.seats]
        assert table.status == "active"  # the game goes on with the substitute
        t = state_of(await service.get(row.id))
        assert t.entrant(str(old)).members == [str(sub)] and t.entrant(str(old)).name == "sub"
        await finish_round(service, row.id, 1)  # the substitute plays the seat's moves
        t = state_of(await service.get(row.id))
        assert t.rounds[0].table(mine.number).decided and len(t.rounds) == 2
        seated = [s.user_id for link in await active_tables(service, row.id, 2)
                  for s in (await service.host.table(link.table_id)).seats]
        assert sub in seated and old not in seated
        await service.store.close()
    run(scenario())


@pytest.mark.parametrize("policy", ["drop", "ai"])
def test_a_player_whose_game_timed_out_is_withdrawn_from_later_rounds_and_it_is_said(tmp_path, policy):
    async def scenario():
        clock = Clock()
        service = await open_service(tmp_path / "db.sqlite3", clock)
        row = await event(service, people=PEOPLE[:2], ai=2, rounds=2, table={"clock": "1d", "timeout": policy})
        await service.start(row.id)
        host = service.host
        # the people's games: whoever is to move first lets the time run out once
        links = await active_tables(service, row.id, 1)
        late = None
        for link in links:
            table = await host.table(link.table_id)
            waiting = [s for s in host.waiting_on(table) if not s.is_ai]
            if waiting:
                late = waiting[0].user_id
                break
        if late is None:  # the AI moves first everywhere: let it
            for link in links:
                await host.play_ai(link.table_id)
            late = next(s.user_id for link in links for s in host.waiting_on(await host.table(link.table_id))
                        if not s.is_ai)
        clock.now += 2 * 86_400
        assert await handle_due(host, clock.now)
        await finish_round(service, row.id, 1)
        t = state_of(await service.get(row.id))
        assert t.entrant(str(late)).dropped_from == 2
        assert all(str(late) not in tb.entrants for tb in t.rounds[1].tables)
        notices = await service.notices(row.id)
        assert [n["key"] for n in notices] == ["tourney.timeout_dropped"]
        assert f"<@{late}>" in notices[0]["params"]["players"]
        await service.said(row.id, 1)
        assert await service.notices(row.id) == []
        await service.store.close()
    run(scenario())


def test_the_timeout_rule_can_be_switched_off(tmp_path):
    async def scenario():
        clock = Clock()
        service = await open_service(tmp_path / "db.sqlite3", clock)
        row = await event(service, people=PEOPLE[:1], ai=1, rounds=2, drop_on_timeout=False,
                          table={"clock": "1d", "timeout": "drop"})
        await service.start(row.id)
        (link,) = await active_tables(service, row.id, 1)
        if not [s for s in service.host.waiting_on(await service.host.table(link.table_id)) if not s.is_ai]:
            await service.host.play_ai(link.table_id)
        clock.now += 2 * 86_400
        await handle_due(service.host, clock.now)
        await finish_round(service, row.id, 1)
        t = state_of(await service.get(row.id))
        assert t.entrant(str(PEOPLE[0])).active and len(t.rounds) == 2
        assert await service.notices(row.id) == []
        await service.store.close()
    run(scenario())


def test_a_round_scheduled_two_hours_after_the_last_survives_a_restart_and_is_woken(tmp_path):
    async def scenario():
        clock, db = Clock(), tmp_path / "db.sqlite3"
        service = await open_service(db, clock)
        row = await event(service, rounds=2, round_start="2h")
        await service.start(row.id)
        assert len(await active_tables(service, row.id, 1)) == 2  # the first round: at the start
        clock.now += 600
        await finish_round(service, row.id, 1)
        t = state_of(await service.get(row.id))
        assert len(t.rounds) == 1 and t.extra["round_due"] == {"round": 2, "at": clock.now + 7200}
        assert [n["key"] for n in await service.notices(row.id)] == ["tourney.round_scheduled"]
        await service.store.close()

        service = await open_service(db, clock)
        await service.resume()
        clock.now += 7199
        assert await service.wake() == []
        assert len(state_of(await service.get(row.id)).rounds) == 1
        clock.now += 1
        assert await service.wake() == [row.id]
        t = state_of(await service.get(row.id))
        assert len(t.rounds) == 2 and len(await active_tables(service, row.id, 2)) == 2
        await service.store.close()
    run(scenario())


def test_playing_hours_in_the_servers_zone_hold_a_round_until_they_open(tmp_path):
    async def scenario():
        clock = Clock()  # 10:00 UTC = 19:00 in Tokyo
        service = await open_service(tmp_path / "db.sqlite3", clock)
        await service.host.set_server_setting(1, "timezone", "Asia/Tokyo")
        row = await event(service, rounds=2, playing_hours="20:00-23:00", round_start="21:30")
        await service.start(row.id)
        t = state_of(await service.get(row.id))
        assert t.rounds == [] and t.extra["round_due"]["at"] == MORNING + 3600  # 20:00 in Tokyo
        clock.now += 3600
        assert await service.wake() == [row.id]
        clock.now += 60
        await finish_round(service, row.id, 1)
        t = state_of(await service.get(row.id))
        assert len(t.rounds) == 1 and t.extra["round_due"] == {"round": 2, "at": MORNING + 2.5 * 3600}
        clock.now = MORNING + 2.5 * 3600
        await service.wake()
        assert len(state_of(await service.get(row.id)).rounds) == 2
        await service.store.close()
    run(scenario())


def test_sign_up_and_check_in_windows_and_a_scheduled_start(tmp_path):
    async def scenario():
        clock = Clock()
        service = await open_service(tmp_path / "db.sqlite3", clock)
        with pytest.raises(T.SettingsError):  # sign-up must close before the start
            await service.create(guild_id=1, channel_id=10, owner_id=ORGANISER, game="minoa", format="swiss",
                                 options={"start_at": "11:00", "signup_closes": "12:00"})
        with pytest.raises(T.SettingsError):
            await service.create(guild_id=1, channel_id=10, owner_id=ORGANISER, game="minoa", format="swiss",
                                 options={"start_at": "2020-01-01 10:00"})
        row = await service.create(guild_id=1, channel_id=10, owner_id=ORGANISER, game="minoa", format="swiss",
                                   options={"start_at": "12:00", "signup_closes": "11:00", "check_in": True,
                                            "check_in_minutes": 30, "rounds": 1})
        t = state_of(row)
        assert (t.start_at, t.signup_closes_at) == (MORNING + 7200, MORNING + 3600)
        for user in PEOPLE[:3]:
            await service.join(row.id, user, f"p{user}")
        with pytest.raises(T.EntryError) as refused:
            await service.check_in(row.id, PEOPLE[0])
        assert refused.value.key == "tournament.error.check_in_not_open"
        clock.now = MORNING + 3600
        with pytest.raises(T.EntryError) as refused:
            await service.join(row.id, PEOPLE[3], "late")
        assert refused.value.key == "tournament.error.signup_closed_at"
        await service.join(row.id, PEOPLE[3], "added", by_organiser=True)  # the organiser still can
        clock.now = MORNING + 7200 - 1800
        for user in PEOPLE[:2]:
            await service.check_in(row.id, user)
        assert await service.wake() == []
        clock.now = MORNING + 7200
        assert await service.wake() == [row.id]
        t = state_of(await service.get(row.id))
        assert t.status == "running" and {e.id for e in t.entrants} == {str(u) for u in PEOPLE[:2]}
        assert len(await active_tables(service, row.id, 1)) == 1  # only the checked-in are paired
        await service.store.close()
    run(scenario())


def test_a_scheduled_start_with_too_few_entrants_cancels_and_says_so(tmp_path):
    async def scenario():
        clock = Clock()
        service = await open_service(tmp_path / "db.sqlite3", clock)
        row = await service.create(guild_id=1, channel_id=10, owner_id=ORGANISER, game="minoa", format="swiss",
                                   options={"start_at": "10:30"})
        await service.join(row.id, PEOPLE[0], "alone")
        clock.now += 1800
        assert await service.wake() == [row.id]
        assert (await service.get(row.id)).status == "cancelled"
        (notice,) = await service.notices(row.id)
        assert notice == {"key": "tourney.start_failed", "params": {"id": row.id, "count": 1, "minimum": 2}}
        await service.store.close()
    run(scenario())


def test_teams_sign_up_with_a_partner_who_accepts_and_play_two_against_two(tmp_path):
    async def scenario():
        service = await open_service(tmp_path / "db.sqlite3", Clock())
        row = await service.create(guild_id=1, channel_id=10, owner_id=ORGANISER, game="minoa", format="swiss",
                                   options={"team_size": 2, "rounds": 1})
        a, b, c, d = PEOPLE
        with pytest.raises(HostError) as refused:
            await service.join(row.id, a, "a")
        assert refused.value.key == "tourney.team_event"
        with pytest.raises(HostError):
            await service.invite(row.id, a, "a", a, "a", "solo")
        await service.invite(row.id, a, "a", b, "b", "Bulls")
        assert state_of(await service.get(row.id)).entrants == []  # nothing entered before the partner agrees
        with pytest.raises(HostError):
            await service.accept(row.id, c, a)  # not the one invited
        await service.accept(row.id, b, a)
        with pytest.raises(HostError):
            await service.accept(row.id, b, a)  # answered once
        await service.invite(row.id, c, "c", d, "d", "Crows")
        await service.decline(row.id, d, c)
        with pytest.raises(HostError):
            await service.accept(row.id, d, c)
        with pytest.raises(T.EntryError):
            await service.invite(row.id, c, "c", a, "a", "Poachers")  # a already plays for Bulls
        await service.add_team(row.id, [(c, "c"), (d, "d")], "Crows")
        t = state_of(await service.get(row.id))
        assert [(e.id, e.name, e.members) for e in t.entrants] == [
            (f"team:{a}", "Bulls", [str(a), str(b)]), (f"team:{c}", "Crows", [str(c), str(d)])]
        await service.leave(row.id, d)  # a member withdraws the team
        assert [e.name for e in state_of(await service.get(row.id)).entrants] == ["Bulls"]
        await service.add_ai(row.id, 1)
        await service.check_in(row.id, b)  # any member checks the team in
        row, _ = await service.start(row.id)
        (link,) = await active_tables(service, row.id, 1)
        table = await service.host.table(link.table_id)
        assert len(table.seats) == 4
        seats = [s.user_id for s in table.seats]
        # partners sit opposite (A1 B1 A2 B2)
        assert seats in ([a, None, b, None], [None, a, None, b])
        await play_out(service.host, link.table_id)
        t = state_of(await service.get(row.id))
        assert t.status == "finished" and t.rounds[0].tables[0].decided
        await service.store.close()
    run(scenario())
