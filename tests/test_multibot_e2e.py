"""Two bot processes on one PostgreSQL database, through the fake Discord, sharded like Discord:
each real discord.py client runs one shard of two (``shard_count=2``, ``shard_ids=[0]`` and
``[1]``) with its own Host on one shared schema, and the fake routes each guild's events only to
the shard ``(guild_id >> 22) % 2``. Twenty games in two guilds (one per shard) are played at once
by people typing ``/move``: every move lands once, is posted once and answers its interaction
once; a play-by-post reminder is sent once although both bots tick. A bot that stops without
letting go of its leases is taken over by the other once they expire, and nothing is doubled.

Skipped, saying why, where no PostgreSQL server answers (``TEST_DATABASE_URL``)."""

from __future__ import annotations

import asyncio
import contextlib
import logging

from bot.client import GameBot, ShardedGameBot, make_bot
from bot.config import Settings
from bot.host import Host, Store
from bot.host.clock import DAY
from bot.host.leases import TICK, table_lease
from tests.fakediscord import FakeDiscord, shard_of
from tests.test_bot_e2e import World, add_ai
from tests.test_pbp_e2e import T0, Clock

SHARDS = 2
GAMES_PER_GUILD = 10
#: Real seconds a bot's claim on background work lasts: short, so the takeover test is quick.
LEASE = 1.0


class Fleet:
    """One fake Discord with a guild on each of two shards, two people, and up to two bots (one
    per shard) over one PostgreSQL schema."""

    def __init__(self, fake: FakeDiscord, url: str) -> None:
        self.fake, self.url = fake, url
        #: The play-by-post clock both hosts read; the test moves it (leases run on real time).
        self.clock = Clock()
        self.alice = fake.create_user("alice", locale="en-US")
        self.bob = fake.create_user("bob", locale="en-US")
        self.guilds: dict[int, object] = {}  # shard -> the guild played in
        self.every_guild: list = []
        self.bots: dict[int, GameBot] = {}
        self._stacks: dict[int, contextlib.AsyncExitStack] = {}

    async def make_guilds(self) -> None:
        """Guilds until one maps to each shard (snowflakes are time based: wait a ms between)."""
        while len(self.guilds) < SHARDS:
            guild = self.fake.create_guild(f"Board games {len(self.guilds)}", members=(self.alice, self.bob))
            self.guilds.setdefault(shard_of(guild.id, SHARDS), guild)
            self.every_guild.append(guild)
            await asyncio.sleep(0.002)
        await self.fake.flush_events()

    async def start(self, shard: int) -> GameBot:
        """A bot process on ``shard`` with its own store connection to the shared schema."""
        stack = contextlib.AsyncExitStack()
        store = await Store.open(self.url)
        stack.push_async_callback(store.close)
        host = Host(store, clock=self.clock, ai_workers=0, seed_source=lambda: 20261127)
        settings = Settings(token=self.fake.token, database_url=self.url, shard_count=SHARDS, shard_ids=(shard,),
                            ai_delay=0.01, tick_seconds=0, lease_seconds=LEASE)
        bot = make_bot(settings, host)
        assert isinstance(bot, ShardedGameBot) and bot.sync_commands == (shard == 0)
        await stack.enter_async_context(self.fake.run_bot(bot))
        self.bots[shard], self._stacks[shard] = bot, stack
        return bot

    async def stop(self, shard: int) -> None:
        await self._stacks.pop(shard).aclose()
        self.bots.pop(shard)

    async def stop_all(self) -> None:
        for shard in list(self._stacks):
            await self.handlers_done()
            await self.bots[shard].presenter.stop()
            await self.stop(shard)

    #: Wait until no command or component handler of either bot is still running.
    handlers_done = World.handlers_done
    #: The thread's posts, ephemeral answers left out.
    posts = World.posts

    @property
    def host(self) -> Host:
        return next(iter(self.bots.values())).host

    async def thread_of(self, table_id: int):
        """The game's thread (once the lobby's handler has tied it to the table)."""
        async def tied():
            table = await self.host.table(table_id)
            return table.thread_id

        loop = asyncio.get_running_loop()
        deadline = loop.time() + 20
        while not (thread_id := await tied()):
            assert loop.time() < deadline, f"table {table_id} never got its thread"
            await asyncio.sleep(0.02)
        return self.fake.channels[thread_id]

    async def new_game(self, guild, *, ai: bool = False) -> tuple[int, object]:
        """Alice opens a two-player lobby with a one-day clock, Bob joins (or Alice seats an AI),
        Alice starts it: all by interactions in the guild's general channel. Returns the table id
        and its thread."""
        general = guild.channel("general")
        lobby = await (await self.fake.send_slash_command(
            "game new", user=self.alice, channel=general,
            options={"game": "minoa", "players": 2, "clock": "1d"})).reply(timeout=20)
        table_id = int(next(c for c in lobby.custom_ids() if c.startswith("lb:join:")).split(":")[2])
        thread = await self.thread_of(table_id)
        if ai:
            await add_ai(self.fake, lobby, self.alice, "easy", timeout=20)
        else:
            await (await self.fake.click_button(lobby, f"lb:join:{table_id}", user=self.bob)).reply(timeout=20)
        await (await self.fake.click_button(lobby, f"lb:start:{table_id}", user=self.alice)).reply(timeout=20)
        await self.settled(table_id)
        return table_id, thread

    async def settled(self, table_id: int, timeout: float = 20):
        """Wait until the latest committed change of the table has been shown and no AI seat is
        to move."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            table = await self.host.table(table_id)
            shown = table.announced_version == table.version
            ai_turn = any(s.is_ai for s in self.host.waiting_on(table))
            if table.status == "active" and shown and not ai_turn:
                return table
            assert loop.time() < deadline, f"table {table_id} did not settle: {table.version=} {ai_turn=}"
            await asyncio.sleep(0.02)

    def boards(self, thread) -> list:
        return [m for m in self.posts(thread) if any(a.filename.endswith(".png") for a in m.attachments)]

    def reminders(self, thread, after: int) -> list:
        return [m for m in self.posts(thread) if m.id > after and "half of your time" in m.content]

    async def move(self, table_id: int, thread):
        """Whoever is to move types the first legal move: the interaction and its reply."""
        table = await self.host.table(table_id)
        (seat,) = self.host.waiting_on(table)
        user = self.alice if seat.user_id == self.alice.id else self.bob
        notation = self.host.legal_notations(table, user.id)[0]
        handle = await self.fake.send_slash_command("move", user=user, channel=thread, options={"move": notation})
        reply = await handle.reply(timeout=20)
        assert reply.ephemeral and notation in reply.content, reply.content
        await self.settled(table_id)
        return handle


def run_fleet(pg_schemas, scenario, timeout: float = 90) -> None:
    url = pg_schemas.url_for("multibot")

    async def main():
        async with FakeDiscord() as fake:
            # One patch for the whole test, so one bot stopping does not unpatch the other.
            with fake.patch_discord():
                fleet = Fleet(fake, url)
                await fleet.make_guilds()
                try:
                    await scenario(fleet)
                finally:
                    await fleet.stop_all()
            fake.assert_clean()  # no Discord limit exceeded, no unknown route, no handler error

    asyncio.run(asyncio.wait_for(main(), timeout))


def test_two_bots_on_two_shards_play_twenty_games_at_once_each_move_and_reminder_once(pg_schemas):
    async def scenario(fleet: Fleet):
        bots = [await fleet.start(0), await fleet.start(1)]
        # Each bot sees only the guild on its shard (Discord's routing, by the fake).
        for shard, bot in enumerate(bots):
            mine = {g.id for g in fleet.every_guild if shard_of(g.id, SHARDS) == shard}
            assert {g.id for g in bot.guilds} == mine and fleet.guilds[shard].id in mine
        guild_of = [fleet.guilds[n % SHARDS] for n in range(SHARDS * GAMES_PER_GUILD)]
        games = await asyncio.gather(*(fleet.new_game(guild) for guild in guild_of))
        assert len({table_id for table_id, _ in games}) == len(games) == 20
        # Each game's thread belongs to its guild; each guild's lobbies were opened by its shard's bot.
        for (table_id, thread), guild in zip(games, guild_of):
            table = await fleet.host.table(table_id)
            assert thread.guild.id == guild.id == table.guild_id

        for _ in range(2):  # two plies in every game, all twenty games at once
            await asyncio.gather(*(fleet.move(table_id, thread) for table_id, thread in games))
        await fleet.handlers_done()
        # Every interaction (lobbies, joins, starts, moves) was answered once, by the one bot
        # Discord sent it to.
        handles = list(fleet.fake.interactions.values())
        assert len(handles) == 20 * 3 + 20 * 2
        assert all(h.callback is not None and h.callback_attempts == 1 for h in handles)
        for table_id, thread in games:
            moves = await fleet.host.store.moves(table_id)
            assert [m.ply for m in moves] == [1, 2]
            boards = fleet.boards(thread)
            # the start board and one board per move, never two for one change
            assert len(boards) == 1 + len(moves), [b.content for b in boards]
            for move in moves:
                assert sum(move.notation in b.content for b in boards[1:]) == 1, move.notation

        # Half of Alice's day is used in every game; both bots tick at once, twice.
        mark = fleet.fake.mark()
        fleet.clock.now = T0 + 0.6 * DAY
        await asyncio.gather(*(bot.tick() for bot in bots))
        await asyncio.gather(*(bot.tick() for bot in bots))
        for table_id, thread in games:
            assert len(fleet.reminders(thread, mark)) == 1, table_id
        half = [m for m in fleet.fake.messages if m.id > mark and "half of your time" in m.content]
        assert len(half) == len(games)

    run_fleet(pg_schemas, scenario)


def test_a_bot_that_stops_holding_its_leases_is_taken_over_once_they_expire(pg_schemas):
    async def scenario(fleet: Fleet):
        first, second = await fleet.start(0), await fleet.start(1)
        # Two tables in the first bot's guild: Alice against Bob, Alice against an AI.
        table_id, thread = await fleet.new_game(fleet.guilds[0])
        ai_table, ai_thread = await fleet.new_game(fleet.guilds[0], ai=True)
        await fleet.handlers_done()
        boards, ai_boards = len(fleet.boards(thread)), len(fleet.boards(ai_thread))

        # The first bot holds the tick and both tables, commits Alice's move in each and stops
        # before posting them (or moving the AI), without letting go of its leases (as a process
        # that is killed).
        assert await first.leases.hold(TICK) and await first.leases.tables([table_id, ai_table]) == {table_id, ai_table}
        played = {}
        for tid in (table_id, ai_table):
            table = await first.host.table(tid)
            played[tid] = first.host.legal_notations(table, fleet.alice.id)[0]
            await first.host.play(tid, fleet.alice.id, played[tid])
        notation = played[table_id]

        async def released_nothing(names=None):
            logging.getLogger(__name__).info("the stopped bot lets go of nothing")

        first.leases.release = released_nothing
        await first.presenter.stop()
        await fleet.stop(0)
        holders = await second.host.store.lease_holders("")
        assert holders[TICK][0] == holders[table_lease(table_id)][0] == first.leases.holder

        # Bob's half-day reminder falls due. While the first bot's leases last, the second one
        # does none of its work: no board for the committed move, no reminder.
        fleet.clock.now = T0 + 0.6 * DAY
        mark = fleet.fake.mark()
        await second.tick()
        await asyncio.sleep(0.2)  # room for any AI turn it would (wrongly) take
        assert len(fleet.boards(thread)) == boards and not fleet.reminders(thread, mark)
        assert len(fleet.boards(ai_thread)) == ai_boards
        assert [m.ply for m in await second.host.store.moves(ai_table)] == [1]  # the AI waits
        table = await second.host.table(table_id)
        assert table.announced_version < table.version

        # Once they expire, the second bot takes the work over: the move is posted once and the
        # reminder sent once, however often it ticks.
        await asyncio.sleep(LEASE + 0.2)
        await second.tick()
        await fleet.settled(table_id)
        await second.tick()
        await fleet.handlers_done()
        new_boards = fleet.boards(thread)[boards:]
        assert len(new_boards) == 1 and notation in new_boards[0].content
        assert len(fleet.reminders(thread, mark)) == 1
        assert [m.ply for m in await second.host.store.moves(table_id)] == [1]
        # The AI table: Alice's move shown, then the AI's move made and shown, once each.
        await fleet.settled(ai_table)
        await second.tick()
        await fleet.handlers_done()
        moves = await second.host.store.moves(ai_table)
        assert [m.ply for m in moves] == [1, 2] and moves[0].notation == played[ai_table]
        new_boards = fleet.boards(ai_thread)[ai_boards:]
        assert len(new_boards) == 2 and [sum(m.notation in b.content for b in new_boards) for m in moves] == [1, 1]
        holders = await second.host.store.lease_holders(TICK)
        assert holders[TICK][0] == second.leases.holder

    run_fleet(pg_schemas, scenario)
