"""The host's generic support for rule deadlines and announcement pauses, through Mafia de Cuba
on a real SQLite file with a controlled clock: a deadline falls due from the stored start of the
decision (so a restarted host finds it), plays the engine's moves once with the version check,
and a stale deadline does nothing."""

from __future__ import annotations

import asyncio

from bot.host import Host, Store

PEOPLE = [(101, "alice"), (102, "bob"), (103, "carol"), (104, "dave"), (105, "erin"), (106, "frank")]


OPEN: list[Store] = []


async def store_at(path) -> Store:
    """A store closed when the test ends (an open one keeps pytest from exiting)."""
    store = await Store.open(path)
    OPEN.append(store)
    return store


def run(coro):
    async def closing():
        try:
            return await coro
        finally:
            while OPEN:
                await OPEN.pop().close()
    return asyncio.run(asyncio.wait_for(closing(), 60))


class Clock:
    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


async def table_of(host: Host, options: dict):
    table = await host.open_lobby(guild_id=1, channel_id=10, owner_id=101, owner_name="alice",
                                  game_name="mafia_de_cuba", num_players=6, options=options)
    for user, name in PEOPLE[1:]:
        table = await host.join(table.id, user, name)
    return await host.start(table.id, 101)


def test_a_rule_deadline_plays_its_moves_once_and_survives_a_restart(tmp_path):
    async def scenario():
        clock = Clock()
        host = Host(await store_at(tmp_path / "db.sqlite3"), clock=clock, seed_source=lambda: 7)
        table = await table_of(host, {"box_seconds": 60})
        due, limit = host.rule_deadline(table)
        assert due == clock.now + 60 and limit.moves == {0: None}
        assert await host.play_deadline(table.id, table.version) is None  # not yet
        clock.now += 61
        # a restart: a new host on the same file works the deadline out from storage
        again = Host(await store_at(tmp_path / "db.sqlite3"), clock=clock, seed_source=lambda: 7)
        assert [t.id for t in await again.deadline_tables()] == [table.id]
        after = await again.play_deadline(table.id, table.version)
        assert after is not None and after.version == table.version + 1
        moves = await again.store.moves(table.id)
        assert moves[-1].notation.startswith("hide ") and moves[-1].events[0]["key"] == "deadline.played"
        # the first host's timer fires late on the old version: nothing happens
        assert await host.play_deadline(table.id, table.version) is None
        assert (await again.table(table.id)).version == after.version
        # the next holder's clock starts at the commit
        assert again.rule_deadline(after)[0] == clock.now + 60

    run(scenario())


def test_a_window_deadline_passes_for_every_seat_still_waiting(tmp_path):
    async def scenario():
        clock = Clock()
        host = Host(await store_at(tmp_path / "db.sqlite3"), clock=clock, seed_source=lambda: 7)
        table = await table_of(host, {"cleaner": "replace", "box_seconds": 0, "testimony_seconds": 30,
                                      "bang_seconds": 10})
        assert host.rule_deadline(table) is None  # no limit on the Godfather's hiding here
        table = await host.play(table.id, 101, "hide 2")
        for user, text in zip((102, 103, 104, 105, 106), ("take 2", "take agent", "take driver", "take cleaner",
                                                          "take 1")):
            table = await host.play(table.id, user, text)
        due, limit = host.rule_deadline(table)
        assert limit.moves == {s: "claim silent" for s in range(1, 6)}
        table = await host.play(table.id, 102, "claim 13 3")
        clock.now = due + 1
        table = await host.play_deadline(table.id, table.version)
        assert host.state(table).phase == "accuse"
        assert host.state(table).claims == (None, (13, 3), (), (), (), ())  # the others fell silent
        table = await host.play(table.id, 101, "accuse 3")
        due, limit = host.rule_deadline(table)
        assert limit.moves == {1: "pass", 3: "pass", 4: "pass", 5: "pass"} and due == clock.now + 10
        table = await host.play(table.id, 105, "pass")  # the Cleaner lets it go
        clock.now = due
        table = await host.play_deadline(table.id, table.version)
        state = host.state(table)
        assert state.phase == "over" and state.outcome == "agent_accused"
        notes = [m.events[0]["key"] for m in (await host.store.moves(table.id))[-3:]]
        assert notes == ["deadline.played"] * 3

    run(scenario())


def test_every_take_waits_the_same_pause_before_it_is_told_even_after_a_restart(tmp_path):
    """The pause is stored with the commit (``announce_at``): every take, a Street Urchin's
    included, waits the same 4 s from its commit, and a host restarted in between (or another
    process) waits what is left of it; a claim waits nothing."""
    async def scenario():
        clock = Clock()
        host = Host(await store_at(tmp_path / "db.sqlite3"), clock=clock, seed_source=lambda: 7)
        table = await table_of(host, {})
        table = await host.play(table.id, 101, "hide 0")
        assert host.announce_pause(table) == 0.0
        pauses = []
        for user, text in zip((102, 103, 104, 105), ("take 2", "take agent", "take loyal", "take driver")):
            table = await host.play(table.id, user, text)
            pauses.append(host.announce_pause(table))
        table = await host.play(table.id, 106, "take nothing")  # the last player: a Street Urchin
        pauses.append(host.announce_pause(table))
        assert pauses == [4.0] * 5
        clock.now += 1.5
        again = Host(await store_at(tmp_path / "db.sqlite3"), clock=clock, seed_source=lambda: 7)
        assert again.announce_pause(await again.table(table.id)) == 2.5  # what is left, after a restart
        clock.now += 3
        assert again.announce_pause(await again.table(table.id)) == 0.0
        table = await again.play(table.id, 102, "claim 15 3")
        assert table.announce_at is None and again.announce_pause(table) == 0.0

    run(scenario())


def test_a_play_by_post_table_takes_the_slow_defaults_and_keeps_its_own_clock(tmp_path):
    """The live-play limits (box 120 s, BANG 20 s) are the defaults of a table without a clock or
    with minutes per move; a table with days per move has no box, testimony or accusation limit
    (its own turn clock applies) and a half-day BANG window, unless the lobby chose otherwise."""
    async def scenario():
        host = Host(await store_at(tmp_path / "db.sqlite3"), clock=Clock(), seed_source=lambda: 7)

        async def lobby(clock: str, **options):
            return await host.open_lobby(guild_id=1, channel_id=10, owner_id=101, owner_name="alice",
                                         game_name="mafia_de_cuba", num_players=6, options=options,
                                         settings={"clock": clock})
        live = await lobby("10m")
        assert live.options["box_seconds"] == "120" and live.options["bang_seconds"] == "20"
        assert (await lobby("none")).options["accuse_seconds"] == "900"
        slow = await lobby("3d")
        assert {k: slow.options[k] for k in ("box_seconds", "testimony_seconds", "accuse_seconds", "bang_seconds")} \
            == {"box_seconds": "0", "testimony_seconds": "0", "accuse_seconds": "0", "bang_seconds": "43200"}
        assert (await lobby("2/day", box_seconds=600)).options["box_seconds"] == "600"  # chosen: kept
        for user, name in PEOPLE[1:]:
            await host.join(slow.id, user, name)
        table = await host.start(slow.id, 101)
        assert host.rule_deadline(table) is None  # the Godfather hides with the table's clock only
        assert table.deadline_at is not None  # ... which runs: 3 days per move

    run(scenario())


def test_a_restart_finds_rule_deadlines_by_the_stored_column_and_parses_old_rows_once(tmp_path, monkeypatch):
    """The due instant is stored with every state, so a restart reads no state at all; a table
    stored before the column existed (-1, "not known") is parsed once, off the event loop, and a
    game without rule deadlines is never parsed."""
    from bot.host import deadlines
    from bot.host.store import UNKNOWN_DEADLINE

    async def scenario():
        clock = Clock()
        host = Host(await store_at(tmp_path / "db.sqlite3"), clock=clock, seed_source=lambda: 7)
        timed = await table_of(host, {"box_seconds": 60})
        untimed = await table_of(host, {"box_seconds": 0})
        other = await host.open_lobby(guild_id=1, channel_id=10, owner_id=101, owner_name="alice",
                                      game_name="minoa", num_players=2, options={})
        await host.join(other.id, 102, "bob")
        other = await host.start(other.id, 101)
        parsed: list[int] = []
        real = deadlines._due_of

        def counted(rows):
            parsed.extend(row[0] for row in rows)
            return real(rows)
        monkeypatch.setattr(deadlines, "_due_of", counted)
        again = Host(await store_at(tmp_path / "db.sqlite3"), clock=clock, seed_source=lambda: 7)
        assert await again.deadline_tables() == [(timed.id, timed.version, clock.now + 60)] and parsed == []
        # rows as a release before the column left them: not known
        await again.store._write(lambda conn: conn.execute("UPDATE game_tables SET rule_deadline_at = ?",
                                                           (UNKNOWN_DEADLINE,)))
        assert await again.deadline_tables() == [(timed.id, timed.version, clock.now + 60)]
        assert sorted(parsed) == [timed.id, untimed.id]  # Minoa has no rule deadlines: not parsed
        assert await again.deadline_tables() == [(timed.id, timed.version, clock.now + 60)]
        assert sorted(parsed) == [timed.id, untimed.id]  # stored: never parsed again
        stored = await again.store._read(lambda conn: [tuple(r) for r in conn.execute(
            "SELECT id, rule_deadline_at FROM game_tables ORDER BY id")])
        assert stored == [(timed.id, clock.now + 60), (untimed.id, None), (other.id, None)]

    run(scenario())
