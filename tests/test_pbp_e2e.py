"""Play-by-post through the fake Discord, with a clock the test moves: reminders, timeout
policies, vacation, the pinned status message, restarts mid-countdown, and overdue games."""

from __future__ import annotations

from datetime import datetime, timezone

from bot.host import Host, Store
from bot.host.clock import DAY
from tests.test_bot_e2e import World, play

T0 = datetime(2026, 11, 23, 12, 0, tzinfo=timezone.utc).timestamp()


class Clock:
    def __init__(self, now: float = T0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


def thread_texts(world: World, after: int):
    return [m.content for m in world.posts() if m.id > after and not m.attachments and not m.pinned]


def test_reminders_by_mention_and_by_dm_only_for_who_asked(tmp_path):
    clock = Clock()

    async def scenario(world: World):
        async with world.running() as bot:
            done = await (await world.fake.send_slash_command("notify", user=world.alice, channel=world.general,
                                                              options={"mode": "turn"})).reply()
            assert done.ephemeral and "DM" in done.content
            table_id, _ = await world.start_game(players=2, clock="1d")
            status = (await world.host.table(table_id)).status_message_id
            pinned = [m for m in world.posts() if m.pinned]
            assert [m.id for m in pinned] == [status]  # one pinned status message
            turn_dm = await world.fake.wait_for_message(lambda m: "Your turn in game" in m.content,
                                                        channel=world.alice)
            assert f"<t:{int(T0 + DAY)}:R>" in turn_dm.content
            table = await world.host.table(table_id)
            assert world.host.decision(table, 0).in_lang("en") in turn_dm.content  # what is asked, in words
            mark = world.fake.mark()
            clock.now = T0 + 0.3 * DAY
            await bot.tick()
            assert thread_texts(world, mark) == []  # nothing due yet
            clock.now = T0 + 0.5 * DAY
            await bot.tick()
            await bot.tick()
            half = [t for t in thread_texts(world, mark) if "half of your time" in t]
            assert len(half) == 1 and f"<@{world.alice.id}>" in half[0]
            assert len([m for m in world.fake.dms(world.alice) if "half of your time" in m.content]) == 1
            clock.now = T0 + 0.92 * DAY
            await bot.tick()
            assert len([t for t in thread_texts(world, mark) if "almost out of time" in t]) == 1
            clock.now = T0 + DAY + 60
            await bot.tick()
            await bot.tick()
            assert len([t for t in thread_texts(world, mark) if "time for your move" in t]) == 1
            assert not [m for m in world.fake.dms(world.bob) if "time" in m.content]  # Bob did not opt in
            # The status message was edited in place, never reposted.
            assert (await world.host.table(table_id)).status_message_id == status
    play(scenario, tmp_path, clock=clock)


def test_timeout_policy_ai_and_drop_through_discord(tmp_path):
    clock = Clock()

    async def scenario(world: World):
        async with world.running() as bot:
            table_id, _ = await world.start_game(players=2, clock="10m", timeout="ai")
            boards = len(world.boards())
            clock.now = T0 + 601
            await bot.tick()
            await world.settled(table_id)
            assert len(world.boards()) == boards + 1
            assert any("the AI moved for them" in t for t in thread_texts(world, 0))
            moves = await world.host.store.moves(table_id)
            assert len(moves) == 1 and moves[0].events[0]["key"] == "clock.ai_moved"
            assert "Time ran out for seat 1 (alice)" in world.boards()[-1].content
            # Bob now has ten fresh minutes.
            assert (await world.host.table(table_id)).deadline_at == clock.now + 600
    play(scenario, tmp_path, clock=clock)

    clock2 = Clock()

    async def dropping(world: World):
        async with world.running() as bot:
            table_id, _ = await world.start_game(players=3, ai=1, clock="1d", timeout="drop")
            clock2.now = T0 + DAY + 1
            await bot.tick()
            table = await world.settled(table_id)
            assert table.seats[0].is_ai and table.settings["dropped"] == [0]
            assert any("out of the game" in t for t in thread_texts(world, 0))
            status = next(m for m in world.posts() if m.id == table.status_message_id)
            assert "after a timeout or vote" in status.content
    play(dropping, tmp_path / "drop", clock=clock2)


def test_away_stops_the_clock_and_absent_vote_hands_the_seat_over(tmp_path):
    clock = Clock()

    async def scenario(world: World):
        async with world.running() as bot:
            table_id, lobby = await world.open_lobby(3, clock="1d")
            await (await world.fake.click_button(lobby, f"lb:join:{table_id}", user=world.bob)).reply()
            await (await world.fake.click_button(lobby, f"lb:join:{table_id}", user=world.mallory)).reply()
            await (await world.fake.click_button(lobby, f"lb:start:{table_id}", user=world.alice)).reply()
            await world.settled(table_id)
            away = await (await world.fake.send_slash_command("away", user=world.alice, channel=world.general,
                                                              options={"days": 2})).reply()
            assert away.ephemeral and "29" not in away.content and "28 vacation days left" in away.content
            table = await world.host.table(table_id)
            assert table.deadline_at == T0 + 3 * DAY
            await world.fake.wait_for_message(  # the status message shows the new deadline
                lambda m: m.id == table.status_message_id and f"<t:{int(T0 + 3 * DAY)}:R>" in m.content,
                channel=world.thread())
            clock.now = T0 + 1.6 * DAY
            await bot.tick()
            assert not [t for t in thread_texts(world, 0) if "half of your time" in t]  # the clock stood still
            # While her clock stands still, no vote; once her time is up, Bob and Mallory vote
            # her seat over to the AI.
            early = await (await world.fake.send_slash_command("absent", user=world.mallory, channel=world.thread(),
                                                               options={"player": world.alice})).reply()
            assert early.ephemeral and "only once their time has run out" in early.content
            clock.now = T0 + 3 * DAY + 1
            vote = await (await world.fake.send_slash_command("absent", user=world.bob, channel=world.thread(),
                                                              options={"player": world.alice})).reply()
            assert not vote.ephemeral and "(1/2)" in vote.content
            (button,) = vote.custom_ids()  # vt:table:seat:turn
            again = await (await world.fake.click_button(vote, button, user=world.bob)).reply()
            assert again.ephemeral and "(1/2)" in again.content  # one vote per person
            carried = await (await world.fake.click_button(vote, button, user=world.mallory)).reply()
            assert carried.ephemeral
            table = await world.settled(table_id)
            assert table.seats[0].is_ai and table.settings["voted_out"] == [0]
            assert any("The vote passed" in t for t in thread_texts(world, 0))
    play(scenario, tmp_path, clock=clock)


def test_a_restart_mid_countdown_keeps_the_deadline_and_sends_each_reminder_once(tmp_path):
    clock = Clock()

    async def scenario(world: World):
        async with world.running() as bot:
            table_id, _ = await world.start_game(players=2, clock="2d")
            clock.now = T0 + 1.2 * DAY
            await bot.tick()  # half-time reminder, before the restart
        async with world.running() as bot:
            await bot.tick()
            assert len([t for t in thread_texts(world, 0) if "half of your time" in t]) == 1
            assert (await world.host.table(table_id)).deadline_at == T0 + 2 * DAY
            clock.now = T0 + 1.85 * DAY
            await bot.tick()
            assert len([t for t in thread_texts(world, 0) if "almost out of time" in t]) == 1
    play(scenario, tmp_path, clock=clock)


def test_a_hundred_games_overdue_after_downtime_are_handled_once_each(tmp_path):
    clock = Clock()

    async def scenario(world: World):
        # 100 games are set up and then the bot is down while all their deadlines pass.
        store = await Store.open(world.db)
        host = Host(store, clock=clock)
        ids = []
        for _ in range(100):
            table = await host.open_lobby(guild_id=world.guild.id, channel_id=world.general.id,
                                          owner_id=world.alice.id, owner_name="alice", game_name="minoa",
                                          num_players=2, options={}, settings={"clock": "1d"})
            await host.join(table.id, world.bob.id, "bob")
            table = await host.start(table.id, world.alice.id)
            await host.attach(table.id, thread_id=world.general.id)
            await host.mark_announced(table.id, table.version)
            ids.append(table.id)
        await store.close()
        clock.now = T0 + 10 * DAY
        async with world.running() as bot:
            await bot.tick()
            await bot.tick()
            ups = [m.content for m in world.posts(world.general) if "time for your move" in m.content]
            assert sorted(int(text.split("game #")[1].split(" ")[0]) for text in ups) == ids
            assert not [m for m in world.posts(world.general) if "half of your time" in m.content
                        or "almost out of time" in m.content]  # no burst of stale reminders
    play(scenario, tmp_path, clock=clock, timeout=240)


def test_skip_policy_playing_hours_and_daily_digest_through_discord(tmp_path):
    from games import registry
    from tests.toy_hidden import ToyHidden

    toy = registry.register(ToyHidden())
    clock = Clock(datetime(2026, 11, 23, 22, 0, tzinfo=timezone.utc).timestamp())  # 07:00 in Tokyo

    async def scenario(world: World):
        async with world.running() as bot:
            zone = await (await world.fake.send_slash_command("settings timezone", user=world.mallory,
                                                              channel=world.general,
                                                              options={"zone": "Asia/Tokyo"})).reply()
            assert "Asia/Tokyo" in zone.content
            bad = await (await world.fake.send_slash_command("settings timezone", user=world.mallory,
                                                             channel=world.general, options={"zone": "Mars/Base"})).reply()
            assert bad.ephemeral and "Unknown time zone" in bad.content
            await (await world.fake.send_slash_command("notify", user=world.bob, channel=world.general,
                                                       options={"mode": "daily"})).reply()
            host = bot.host
            table = await host.open_lobby(guild_id=world.guild.id, channel_id=world.general.id,
                                          owner_id=world.alice.id, owner_name="alice", game_name="toy_hidden",
                                          num_players=2, options={},
                                          settings={"clock": "1/day", "hours": "9-21", "timeout": "skip"})
            await host.join(table.id, world.bob.id, "bob")
            table = await host.start(table.id, world.alice.id)
            table = await host.attach(table.id, thread_id=world.general.id)
            await bot.presenter.show(table.id)
            # 24 hours of running clock at 12 a day (9-21 Tokyo): due at 21:00 Tokyo two days on.
            due = datetime(2026, 11, 25, 12, 0, tzinfo=timezone.utc).timestamp()
            assert (await host.table(table.id)).deadline_at == due
            status = await world.fake.wait_for_message(lambda m: m.pinned, channel=world.general)
            assert f"<t:{int(due)}:R>" in status.content and "9-21" in status.content
            hand = toy.state_from_json(table.state).hands[0]
            clock.now = due + 1
            await bot.tick()
            table = await world.settled(table.id)
            assert toy.state_from_json(table.state).hands[0] == hand[1:]  # Alice's turn was skipped
            assert any("the turn was skipped" in m.content for m in world.posts(world.general))
            # Bob is now to move and asked for a daily digest: one DM, not two on the same day.
            await bot.tick()
            await bot.tick()
            link = f"https://discord.com/channels/{world.guild.id}/{world.general.id}"

            def digests():  # Bob's Discord is in Japanese: his digest is too
                return [m for m in world.fake.dms(world.bob) if "あなたの手番のゲーム" in m.content and link in m.content]

            assert len(digests()) == 1
            clock.now += DAY + 1
            await bot.tick()
            assert len(digests()) == 2

    try:
        play(scenario, tmp_path, clock=clock)
    finally:
        registry._GAMES.pop(toy.name, None)
