"""Issue 12 through the fake Discord: votes on absent players, /resign's confirmation, the
bot's own permission checks, the languages of DMs, caps and lobby expiry, /games pages."""

from __future__ import annotations

from datetime import datetime, timezone

from bot.host.clock import DAY
from bot.host.host import Limits
from tests.test_bot_e2e import World, play

T0 = datetime(2026, 11, 23, 12, 0, tzinfo=timezone.utc).timestamp()
HOUR = 3600.0


class Clock:
    def __init__(self, now: float = T0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


class CommunityWorld(World):
    """The e2e world with caps, and a store that keeps the test's clock (lobby ages)."""

    limits = Limits(lobbies_per_user=2, lobby_days=7)


async def slash(world: World, name: str, user, channel=None, **options):
    return await (await world.fake.send_slash_command(name, user=user, channel=channel or world.thread(),
                                                      options=options)).reply()


async def click(world: World, message, custom_id: str, user):
    return await (await world.fake.click_button(message, custom_id, user=user)).reply()


async def three_players(world: World, **options) -> int:
    table_id, lobby = await world.open_lobby(3, **options)
    for user in (world.bob, world.mallory):
        await click(world, lobby, f"lb:join:{table_id}", user)
    await click(world, lobby, f"lb:start:{table_id}", world.alice)
    await world.settled(table_id)
    return table_id


def current(world: World, message):
    return next(m for m in world.fake.messages if m.id == message.id)


def test_a_vote_waits_for_the_absence_counts_per_turn_and_closes_its_message(tmp_path):
    clock = Clock()

    async def scenario(world: World):
        async with world.running():
            table_id = await three_players(world)
            clock.now = T0 + 1
            early = await slash(world, "absent", world.mallory, player=world.alice)
            assert early.ephemeral and "only once their turn has lasted 24 h" in early.content
            assert not (await world.host.table(table_id)).settings.get("votes")
            # A day later Bob opens a vote; Alice then moves: the vote is over with her turn.
            clock.now = T0 + 25 * HOUR
            first = await slash(world, "absent", world.bob, player=world.alice)
            assert not first.ephemeral and "(1/2)" in first.content
            (old_button,) = first.custom_ids()
            table = await world.host.table(table_id)
            await world.move(world.alice, world.host.legal_notations(table, world.alice.id)[0])
            await world.settled(table_id)
            lapsed = await click(world, first, old_button, world.mallory)
            assert lapsed.ephemeral and "ended when the turn passed" in lapsed.content
            await world.fake.wait_until(lambda: not current(world, first).custom_ids(), what="closed vote message")
            assert "Vote closed" in current(world, first).content
            assert not (await world.host.table(table_id)).seats[0].is_ai
            # Bob's turn lasts a day; Alice and Mallory vote him out: the message closes with the outcome.
            clock.now += 25 * HOUR
            vote = await slash(world, "absent", world.alice, player=world.bob)
            assert "(1/2)" in vote.content and f"<@{world.bob.id}>" not in vote.content
            await world.handlers_done()  # the vote message is noted after it is posted
            again = await slash(world, "absent", world.alice, player=world.bob)
            assert again.ephemeral and "(1/2)" in again.content  # one vote per person, one message
            (button,) = vote.custom_ids()
            carried = await click(world, vote, button, world.mallory)
            assert carried.ephemeral and "(2/2)" in carried.content
            table = await world.settled(table_id)
            assert table.seats[1].is_ai and table.settings["voted_out"] == [1]
            await world.fake.wait_until(lambda: not current(world, vote).custom_ids(), what="closed vote message")
            assert "bob was replaced by the AI" in current(world, vote).content
            status = next(m for m in world.posts() if m.id == table.status_message_id)
            assert "bob (voted out)" in status.content  # who was replaced, and why
    play(scenario, tmp_path, clock=clock)


def test_resigning_can_be_cancelled_and_its_confirmation_expires(tmp_path):
    clock = Clock()

    async def scenario(world: World):
        async with world.running():
            table_id, _ = await world.start_game(players=2)
            ask = await slash(world, "resign", world.alice)
            assert sorted(c.split(":")[0] for c in ask.custom_ids()) == ["rs", "rx"]
            cancelled = await click(world, ask, f"rx:{table_id}", world.alice)
            assert "Not resigned" in cancelled.content and not cancelled.custom_ids()
            ask = await slash(world, "resign", world.alice)
            confirm = next(c for c in ask.custom_ids() if c.startswith("rs:"))
            clock.now = T0 + 61
            late = await click(world, ask, confirm, world.alice)
            assert "expired" in late.content and not late.custom_ids()
            assert (await world.host.table(table_id)).status == "active"
            ask = await slash(world, "resign", world.alice)
            confirm = next(c for c in ask.custom_ids() if c.startswith("rs:"))
            await click(world, ask, confirm, world.alice)
            assert (await world.settled(table_id)).status == "finished"
    play(scenario, tmp_path, clock=clock)


def test_settings_need_manage_server_and_guild_commands_refuse_dms(tmp_path):
    async def scenario(world: World):
        async with world.running():
            fake, store = world.fake, world.host.store
            refused = await slash(world, "settings language", world.alice, world.general, language="ja")
            assert refused.ephemeral and "Manage Server" in refused.content
            assert await store.guild_lang(world.guild.id) is None
            dm = fake.dm_channel(world.alice)
            lobby = await slash(world, "game new", world.alice, dm, game="minoa", players=2)
            assert lobby.ephemeral and "only in a server" in lobby.content
            assert await store.tables_with_status("lobby") == []  # no orphan lobby
            for name, options in (("settings language", {"language": "ja"}), ("settings timezone", {"zone": "UTC"}),
                                  ("settings absent_wait", {"hours": 5})):
                answer = await slash(world, name, world.alice, dm, **options)
                assert answer.ephemeral and "only in a server" in answer.content, name
            rows = await store._read(lambda conn: [conn.execute(f"SELECT COUNT(*) FROM {name}").fetchone()[0]
                                                   for name in ("guild_settings", "guild_zones", "guild_options")])
            assert rows == [0, 0, 0]  # nothing written with a NULL server
            done = await slash(world, "settings absent_wait", world.mallory, world.general, hours=6)
            assert "6 h" in done.content and await world.host.absent_wait(world.guild.id) == 6 * HOUR
            done = await slash(world, "settings language", world.mallory, world.general, language="ja")
            # Mallory reads English: the confirmation is in her language, not the new one.
            assert done.content == "This server's default language is now Japanese (日本語)."
    play(scenario, tmp_path)


def test_dms_speak_the_language_of_each_players_discord_from_the_first_one(tmp_path):
    async def scenario(world: World):
        async with world.running():
            # The server speaks Japanese; Alice (English) opens and starts, Bob (Japanese) only joins.
            await slash(world, "settings language", world.mallory, world.general, language="ja")
            table_id, _ = await world.start_game(players=2)
            alice = await world.fake.wait_for_message(lambda m: f"#{table_id}" in m.content, channel=world.alice)
            bob = await world.fake.wait_for_message(lambda m: f"#{table_id}" in m.content, channel=world.bob)
            assert alice.content.startswith(f"Game #{table_id} (Minoa) has started")
            assert bob.content.startswith(f"ゲーム#{table_id}(ミノア)が始まりました")
            assert await world.host.store.user_lang(world.bob.id) == "ja"
            assert await world.host.store.user_lang(world.alice.id) == "en"
    play(scenario, tmp_path)


def test_a_japanese_player_who_only_pressed_join_gets_japanese_dms(tmp_path):
    async def scenario(world: World):
        async with world.running():  # the server speaks the default, English
            table_id, _ = await world.start_game(players=2)
            bob = await world.fake.wait_for_message(lambda m: f"#{table_id}" in m.content, channel=world.bob)
            assert bob.content.startswith(f"ゲーム#{table_id}(ミノア)が始まりました")
    play(scenario, tmp_path)


def test_caps_cancelled_and_expired_lobbies_and_the_finished_games_lobby(tmp_path):
    clock = Clock()

    async def scenario(world: CommunityWorld):
        async with world.running() as bot:
            fake = world.fake

            async def open_lobby():
                return await slash(world, "game new", world.alice, world.general, game="minoa", players=2)

            first, second = await open_lobby(), await open_lobby()
            capped = await open_lobby()
            assert capped.ephemeral and "already have 2 open lobbies" in capped.content
            ids = [int(c.split(":")[-1]) for c in (first.custom_ids()[0], second.custom_ids()[0])]
            tables = [await world.host.table(i) for i in ids]
            await fake.wait_until(lambda: len(fake.threads()) == 2, what="two lobby threads")
            # The first is cancelled: its message says so and its thread is archived.
            await click(world, first, f"lb:cancel:{ids[0]}", world.alice)
            cancelled = fake.channels[(await world.host.table(ids[0])).thread_id]
            await fake.wait_until(lambda: cancelled.archived, what="archived thread")
            assert "cancelled" in current(world, first).embeds[0]["description"]
            # A week passes: the second expires at the next tick.
            clock.now = T0 + 7 * DAY + 1
            await bot.tick()
            expired = fake.channels[(await world.host.table(ids[1])).thread_id]
            await fake.wait_until(lambda: expired.archived, what="archived expired thread")
            assert "expired" in current(world, second).embeds[0]["description"]
            assert not current(world, second).custom_ids()
            assert any("was not started within 7 days" in m.content for m in world.posts(expired))
            assert tables[1].status == "lobby" and (await world.host.table(ids[1])).status == "cancelled"
            # A finished game's lobby message says it is over and links to the thread.
            third = await open_lobby()
            table_id = int(third.custom_ids()[0].split(":")[-1])
            await click(world, third, f"lb:join:{table_id}", world.bob)
            await click(world, third, f"lb:start:{table_id}", world.alice)
            await world.settled(table_id)
            ask = await slash(world, "resign", world.bob, fake.channels[(await world.host.table(table_id)).thread_id])
            await click(world, ask, next(c for c in ask.custom_ids() if c.startswith("rs:")), world.bob)
            table = await world.settled(table_id)
            await fake.wait_until(lambda: "Game over" in str(current(world, third).embeds), what="game over")
            assert f"<#{table.thread_id}>" in str(current(world, third).embeds)
    play(scenario, tmp_path, clock=clock, world_class=CommunityWorld)


def test_games_pages_through_many_games_and_its_buttons_survive_a_restart(tmp_path):
    async def scenario(world: World):
        async with world.running():
            for _ in range(30):
                await world.host.open_lobby(guild_id=world.guild.id, channel_id=world.general.id,
                                            owner_id=world.alice.id, owner_name="alice", game_name="minoa",
                                            num_players=2, options={})
            page = await slash(world, "games", world.alice, world.general)
            lines = page.content.splitlines()
            assert len(lines) == 13 and lines[-1] == "Page 1 of 3 (30 games)"
            assert page.custom_ids() == [f"gp:{world.alice.id}:0:p", f"gp:{world.alice.id}:1:n"]
            assert [b["disabled"] for b in page.buttons()] == [True, False]
        async with world.running():  # the buttons keep working after a restart
            second = await click(world, page, f"gp:{world.alice.id}:1:n", world.alice)
            assert second.content.splitlines()[-1] == "Page 2 of 3 (30 games)"
            assert not set(second.content.splitlines()[:12]) & set(lines[:12])
            last = await click(world, second, f"gp:{world.alice.id}:2:n", world.alice)
            assert last.content.splitlines()[-1] == "Page 3 of 3 (30 games)" and len(last.content.splitlines()) == 7
            assert [b.get("disabled", False) for b in last.buttons()] == [False, True]
            one = await slash(world, "games", world.bob, world.general)
            assert one.content.startswith("参加中のゲームはありません") and not one.custom_ids()
    play(scenario, tmp_path)


class MiddleAgesWorld(World):
    game = "middle_ages"  # five seats: a vote of four others needs three, so its tally is seen to move


def test_the_vote_message_keeps_its_tally_up_to_date(tmp_path):
    clock = Clock()

    async def scenario(world: World):
        fake = world.fake
        extra = [fake.create_user(name, locale="en-US") for name in ("carol", "dave")]
        for user in extra:
            fake.add_member(world.guild, user)
        people = [world.alice, world.bob, world.mallory, *extra]
        async with world.running():
            table_id, lobby = await world.open_lobby(5)
            for user in people[1:]:
                await click(world, lobby, f"lb:join:{table_id}", user)
            await click(world, lobby, f"lb:start:{table_id}", world.alice)
            table = await world.settled(table_id)
            (waiting,) = world.host.waiting_on(table)
            voters = [p for p in people if p.id != waiting.user_id and p.locale.startswith("en")]
            clock.now = T0 + 25 * HOUR
            vote = await slash(world, "absent", voters[0], player=next(p for p in people if p.id == waiting.user_id))
            assert "(1/3)" in vote.content
            (button,) = vote.custom_ids()
            counted = await click(world, vote, button, voters[1])
            assert counted.ephemeral and "(2/3)" in counted.content
            await world.fake.wait_until(lambda: "2/3" in current(world, vote).content, what="tally 2/3")
            assert current(world, vote).custom_ids() == [button]  # still open
            await click(world, vote, button, voters[2])
            await world.fake.wait_until(lambda: not current(world, vote).custom_ids(), what="closed vote")
            assert "Vote closed (3/3)" in current(world, vote).content
            assert (await world.settled(table_id)).seats[waiting.seat].is_ai
    play(scenario, tmp_path, clock=clock, world_class=MiddleAgesWorld)
