"""End to end: the real discord.py client runs the bot against the fake Discord on loopback, with
a real SQLite file. Players use slash commands, autocomplete, buttons and selects, exactly as the
Discord client would send them; the tests read what the bot posted, edited and sent by DM."""

from __future__ import annotations

import asyncio
import contextlib
import time
from pathlib import Path


from bot.client import GameBot
from bot.config import Settings
from bot.host import Host, Store
from bot.host.host import Limits
from tests.fakediscord import FakeDiscord

PNG = b"\x89PNG\r\n\x1a\n"
#: The caps a bot started with no settings has (3 lobbies and 3 AI games a person, 20 a server).
PRODUCTION_LIMITS = Settings(token="-").limits()


async def add_ai(fake: FakeDiscord, lobby, user, level: str = "easy", timeout: float = 10):
    """``user`` picks ``level`` in the lobby message's Add AI select, as the message shows it now
    (its id carries the lobby's version, which every change of the lobby moves on)."""
    select = next(c for c in lobby.custom_ids() if c.startswith("la:"))
    return await (await fake.select(lobby, select, [level], user=user)).reply(timeout=timeout)


class World:
    """One fake Discord with a server, three people and a SQLite file; bots come and go."""

    #: The game ``open_lobby`` starts (a subclass may play another).
    game = "minoa"
    #: The host's caps (none unless a world says; ``PRODUCTION_LIMITS`` are a real bot's).
    limits: Limits | None = None

    def __init__(self, fake: FakeDiscord, db: Path, clock=None) -> None:
        self.fake, self.db = fake, db
        self.clock = clock or time.time
        self.alice = fake.create_user("alice", locale="en-US")
        self.bob = fake.create_user("bob", locale="ja")
        self.mallory = fake.create_user("mallory", locale="en-GB")
        self.guild = fake.create_guild("Board games", members=(self.alice, self.bob, self.mallory))
        self.general = self.guild.channel("general")
        # Mallory runs the server: /settings checks the Manage Server permission itself.
        admins = fake.create_role(self.guild, "Admins", permissions=1 << 5)  # MANAGE_GUILD
        self.guild.members[self.mallory.id].role_ids.append(admins.id)
        self.bot: GameBot | None = None

    @contextlib.asynccontextmanager
    async def running(self):
        store = await Store.open(self.db, self.clock)
        # A fixed seed: every run of an end-to-end test plays the same game.
        host = Host(store, ai_playouts=8, ai_seconds=2, clock=self.clock, seed_source=lambda: 20261122,
                    limits=self.limits)
        # No background ticking: play-by-post tests call bot.tick() after moving their clock.
        self.bot = GameBot(Settings(token=self.fake.token, db_path=str(self.db), ai_delay=0.01, tick_seconds=0), host)
        try:
            async with self.fake.run_bot(self.bot):
                yield self.bot
                await self.handlers_done()
                await self.bot.presenter.stop()
        finally:
            await store.close()

    async def handlers_done(self, timeout: float = 20) -> None:
        """Wait until no command or component handler of the bot is still running (a reply can
        reach the test before its handler has shown the board and sent the DMs)."""
        handlers = ("CommandTree-invoker", "discord-ui-dynamic-item-", "discord-ui-view-dispatch-")
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while any(task.get_name().startswith(handlers) and not task.done() for task in asyncio.all_tasks()):
            if loop.time() > deadline:
                raise AssertionError("a handler of the bot is still running")
            await asyncio.sleep(0.01)

    @property
    def host(self) -> Host:
        return self.bot.host

    def thread(self):
        (thread,) = self.fake.threads()
        return thread

    def posts(self, channel=None):
        channel = channel or self.thread()
        return [m for m in self.fake.messages if m.channel.id == channel.id and not m.ephemeral]

    def boards(self):
        """Board posts (a PNG attached); the record and replay after a game's end are not."""
        return [m for m in self.posts() if any(a.filename.endswith(".png") for a in m.attachments)]

    def stories(self):
        """The posts after a game's end that carry its record and replay."""
        return [m for m in self.posts() if any(a.filename.endswith(".txt") for a in m.attachments)]

    async def open_lobby(self, players: int, **options) -> tuple[int, object]:
        handle = await self.fake.send_slash_command(
            "game new", user=self.alice, channel=self.general,
            options={"game": self.game, "players": players, **options})
        lobby = await handle.reply()
        assert not lobby.ephemeral and "lb:join:" in " ".join(lobby.custom_ids())
        await self.fake.wait_until(lambda: self.fake.threads(), what="the game's thread")
        for _ in range(250):
            table = await self.host.store.table_by_thread(self.thread().id)
            if table is not None:
                return table.id, lobby
            await asyncio.sleep(0.02)
        raise AssertionError("the lobby was never tied to its thread")

    async def start_game(self, players: int = 2, ai: int = 0, **options) -> tuple[int, object]:
        table_id, lobby = await self.open_lobby(players, **options)
        if players - ai >= 2:
            await (await self.fake.click_button(lobby, f"lb:join:{table_id}", user=self.bob)).reply()
        for _ in range(ai):
            await add_ai(self.fake, lobby, self.alice, "easy")
        mark = self.fake.mark()
        await (await self.fake.click_button(lobby, f"lb:start:{table_id}", user=self.alice)).reply()
        await self.fake.wait_for_message(lambda m: bool(m.attachments), channel=self.thread(), after=mark)
        await self.settled(table_id)
        return table_id, lobby

    async def settled(self, table_id: int, timeout: float = 20) -> object:
        """Wait until the bot has shown the latest committed change and no AI seat is to move."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            table = await self.host.table(table_id)
            ai_turn = any(s.is_ai for s in self.host.waiting_on(table))
            shown = table.announced_version == table.version or await self.bot.presenter.mid_turn(table)
            if shown and not ai_turn:
                return table
            assert loop.time() < deadline, f"table {table_id} did not settle: {table.version=} {ai_turn=}"
            await asyncio.sleep(0.02)

    async def move(self, user, notation: str, channel=None):
        return await (await self.fake.send_slash_command("move", user=user, channel=channel or self.thread(),
                                                         options={"move": notation})).reply()


def play(scenario, tmp_path: Path, timeout: float = 120, clock=None, world_class=None) -> None:
    async def main():
        async with FakeDiscord() as fake:
            world = (world_class or World)(fake, tmp_path / "bot.sqlite3", clock)
            await scenario(world)
            fake.assert_clean()  # no Discord limit exceeded, no unknown route, no handler error

    asyncio.run(asyncio.wait_for(main(), timeout))


def test_two_people_and_an_ai_play_a_whole_minoa_game(tmp_path):
    async def scenario(world: World):
        async with world.running():
            table_id, lobby = await world.start_game(players=3, ai=1)
            assert [s.user_id for s in (await world.host.table(table_id)).seats] == [world.alice.id, world.bob.id, None]
            first = world.boards()[0]
            assert first.attachments[0].data.startswith(PNG) and f"<@{world.alice.id}>" in first.content
            assert f"<#{world.thread().id}>" in (await world.fake.wait_for_message(
                lambda m: m.id == lobby.id, channel=world.general)).text  # the lobby points to the thread
            assert [d for d in world.fake.dms(world.alice) if "has started" in d.content]
            people = {world.alice.id: world.alice, world.bob.id: world.bob}
            moves = 0
            while True:
                table = await world.settled(table_id)
                if table.status == "finished":
                    break
                (seat,) = world.host.waiting_on(table)
                user = people[seat.user_id]
                # Type nothing and take the first suggestion, as a player would.
                choices = await (await world.fake.send_autocomplete(
                    "move", user=user, channel=world.thread(), focused="move", value="")).choices()
                assert 0 < len(choices) <= 25
                reply = await world.move(user, choices[moves % len(choices)]["value"])
                assert reply.ephemeral and choices[moves % len(choices)]["value"] in reply.content
                moves += 1
            table = await world.settled(table_id)
            final = world.boards()[-1]
            assert "Game over" in final.content and final.attachments[0].data.startswith(PNG)
            assert not final.components  # no Move button on a finished game
            history = await world.host.store.moves(table_id)
            assert len(history) >= moves and any(m.seat == 2 for m in history)
            # One board post per turn (a run of moves by one seat, e.g. when the others had to
            # pass), after the start post; never two for the same change.
            turns = 1 + sum(1 for a, b in zip(history, history[1:]) if a.seat != b.seat)
            assert len(world.boards()) == 1 + turns
    play(scenario, tmp_path)


def test_the_game_survives_a_restart_and_shows_a_move_committed_just_before_the_crash(tmp_path):
    async def scenario(world: World):
        async with world.running():
            table_id, _ = await world.start_game(players=2)
            await world.move(world.alice, "e9-f8")
            table = await world.settled(table_id)
        boards_before = len(world.boards())
        old_board = world.boards()[-1]

        # The process dies after committing Bob's move and before posting it.
        store = await Store.open(world.db)
        await Host(store).play(table_id, world.bob.id, "f8-g7")
        await store.close()

        async with world.running():
            await world.settled(table_id)
            boards = world.boards()
            assert len(boards) == boards_before + 1  # the missing board, posted once
            assert "f8-g7" in boards[-1].content
            # A button from before the restart still works: Alice opens the move builder on the old board.
            builder = await (await world.fake.click_button(old_board, f"mv:{table_id}", user=world.alice)).reply()
            assert builder.ephemeral
            select = builder.selects()[0]["custom_id"]
            table = await world.host.table(table_id)
            decision, _ = await world.host.decision_of(table, world.alice.id)
            assert select == f"bs:{table_id}:{decision}" and decision.seat == 0 and decision.made == 1
            groups = [o["value"] for o in builder.selects()[0]["options"]]
            assert groups == [f"p:{row}" for row in "abcdefghi"]  # 153 moves: first pick a row
            step = await (await world.fake.select(builder, select, ["p:e"], user=world.alice)).reply()
            assert all(o["value"].startswith("m:e") for o in step.selects()[0]["options"])
            step = await (await world.fake.select(step, select, ["m:e8-e9"], user=world.alice)).reply()
            play_button = f"bp:{table_id}:{decision}:e8-e9"
            assert play_button in step.custom_ids()
            done = await (await world.fake.click_button(step, play_button, user=world.alice)).reply()
            assert "e8-e9" in done.content
            table = await world.settled(table_id)
            assert [m.notation for m in await world.host.store.moves(table_id)] == ["e9-f8", "f8-g7", "e8-e9"]
    play(scenario, tmp_path)


def test_a_double_clicked_move_lands_once(tmp_path):
    async def scenario(world: World):
        async with world.running():
            table_id, _ = await world.start_game(players=2)
            builder = await (await world.fake.click_button(world.boards()[-1], f"mv:{table_id}",
                                                           user=world.alice)).reply()
            select = builder.selects()[0]["custom_id"]
            step = await (await world.fake.select(builder, select, ["p:e"], user=world.alice)).reply()
            step = await (await world.fake.select(step, select, ["m:e9-f8"], user=world.alice)).reply()
            button = next(c for c in step.custom_ids() if c.startswith("bp:"))
            clicks = await asyncio.gather(*(world.fake.click_button(step, button, user=world.alice) for _ in range(2)))
            replies = [await c.reply() for c in clicks]
            await world.settled(table_id)
            assert [m.notation for m in await world.host.store.moves(table_id)] == ["e9-f8"]
            assert sum("You already played e9-f8" in r.text for r in replies) == 1
    play(scenario, tmp_path)


def test_strangers_and_players_out_of_turn_are_refused_in_their_language(tmp_path):
    async def scenario(world: World):
        async with world.running():
            table_id, _ = await world.start_game(players=2)
            version = (await world.host.table(table_id)).version
            stranger = await world.move(world.mallory, "e9-f8")
            assert stranger.ephemeral and "not playing in this game" in stranger.content
            early = await world.move(world.bob, "e9-f8")  # Bob's Discord is in Japanese
            assert early.ephemeral and "手番ではありません" in early.content
            illegal = await world.move(world.alice, "e4-e6")
            assert illegal.ephemeral and "not neighbouring" in illegal.content
            suggestions = await (await world.fake.send_autocomplete(
                "move", user=world.bob, channel=world.thread(), focused="move", value="e")).choices()
            assert suggestions == []  # nothing to suggest to a player who may not move
            builder = await (await world.fake.click_button(world.boards()[-1], f"mv:{table_id}",
                                                           user=world.mallory)).reply()
            assert builder.ephemeral and "not playing" in builder.content
            nowhere = await (await world.fake.send_slash_command("move", user=world.alice, channel=world.general,
                                                                 options={"move": "e9-f8"})).reply()
            assert nowhere.ephemeral and "no game in this channel" in nowhere.content
            assert (await world.host.table(table_id)).version == version  # nothing changed
    play(scenario, tmp_path)


def test_closed_dms_are_reported_once_and_hand_answers_ephemerally(tmp_path):
    async def scenario(world: World):
        world.fake.set_dms_blocked(world.bob)
        async with world.running():
            table_id, _ = await world.start_game(players=2)
            warning = await world.fake.wait_for_message(lambda m: "DM" in m.content, channel=world.thread())
            assert f"<@{world.bob.id}>" in warning.content
            hand = await (await world.fake.send_slash_command("hand", user=world.bob, channel=world.thread())).reply()
            assert hand.ephemeral and "非公開の情報はありません" in hand.content
            await world.move(world.alice, "e9-f8")
            await world.settled(table_id)
            assert sum("DM" in m.content for m in world.posts()) == 1
    play(scenario, tmp_path)


def test_lobby_refusals_rules_games_and_board(tmp_path):
    async def scenario(world: World):
        async with world.running():
            table_id, lobby = await world.open_lobby(3, options="advanced=on")
            start = await (await world.fake.click_button(lobby, f"lb:start:{table_id}", user=world.bob)).reply()
            assert start.ephemeral and "作成した人だけ" in start.content  # Bob reads Japanese
            early = await (await world.fake.click_button(lobby, f"lb:start:{table_id}", user=world.alice)).reply()
            assert early.ephemeral and "2 of 3 seats are still empty" in early.content
            bad = await (await world.fake.send_slash_command(
                "game new", user=world.alice, channel=world.general,
                options={"game": "minoa", "players": 2, "options": "speed=fast"})).reply()
            assert bad.ephemeral and "no option “speed”" in bad.content
            rules = await (await world.fake.send_slash_command("rules", user=world.bob, channel=world.general,
                                                               options={"game": "minoa"})).reply()
            assert rules.ephemeral and rules.embeds[0]["title"] == "ミノア"
            assert "e4-e5" in rules.embeds[0]["description"]  # the notation, in Bob's Japanese help
            mine = await (await world.fake.send_slash_command("games", user=world.alice, channel=world.general)).reply()
            assert f"#{table_id}" in mine.content and "lobby" in mine.content
            await (await world.fake.click_button(lobby, f"lb:join:{table_id}", user=world.bob)).reply()
            # Add AI picked twice on the select as shown (a resent pick): one seat, the second told.
            select = next(c for c in lobby.custom_ids() if c.startswith("la:"))
            assert select == f"la:{table_id}:{(await world.host.table(table_id)).version}"
            picks = await asyncio.gather(*(world.fake.select(lobby, select, ["easy"], user=world.alice)
                                           for _ in range(2)))
            answers = [await pick.reply() for pick in picks]
            assert sum("nothing was added" in a.content for a in answers) == 1
            table = await world.host.table(table_id)
            assert [s.is_ai for s in table.seats] == [False, False, True]
            await (await world.fake.click_button(lobby, f"lb:start:{table_id}", user=world.alice)).reply()
            await world.settled(table_id)
            board = await (await world.fake.send_slash_command("board", user=world.mallory,
                                                               channel=world.thread())).reply()
            assert board.ephemeral and board.attachments[0].data.startswith(PNG)
            turn = await (await world.fake.send_slash_command("games", user=world.alice,
                                                              channel=world.general)).reply()
            assert "your turn" in turn.content.splitlines()[0]
    play(scenario, tmp_path)


def test_registered_commands_are_within_discords_limits_and_named_in_both_languages(tmp_path):
    async def scenario(world: World):
        async with world.running():
            commands = world.fake.commands()
            assert 0 < len(commands) <= 100
            names = set()
            for command in commands:
                names.add(command["name"])
                assert len(command["name"]) <= 32 and len(command.get("description", "")) <= 100
                assert command.get("name_localizations", {}).get("ja"), command["name"]
                assert command.get("description_localizations", {}).get("ja"), command["name"]
                for option in command.get("options", []):
                    assert len(option.get("options", [])) <= 25 and len(option.get("choices", [])) <= 25
                    assert option.get("name_localizations", {}).get("ja"), option["name"]
                assert len(command.get("options", [])) <= 25
            assert {"game", "move", "board", "hand", "resign", "rules", "games"} <= names
    play(scenario, tmp_path)


def test_resigning_asks_first_then_ends_a_two_player_game(tmp_path):
    async def scenario(world: World):
        async with world.running():
            table_id, _ = await world.start_game(players=2)
            stranger = await (await world.fake.send_slash_command("resign", user=world.mallory,
                                                                  channel=world.thread())).reply()
            assert stranger.ephemeral and "not playing" in stranger.content
            ask = await (await world.fake.send_slash_command("resign", user=world.bob, channel=world.thread())).reply()
            assert ask.ephemeral and "取り消せません" in ask.content
            assert (await world.host.table(table_id)).status == "active"  # asking changed nothing
            confirm = next(c for c in ask.custom_ids() if c.startswith(f"rs:{table_id}:"))
            await (await world.fake.click_button(ask, confirm, user=world.bob)).reply()
            table = await world.settled(table_id)
            assert table.status == "finished" and world.host.standing(table).ranks == [1, 2]
            assert any("bob resigned" in m.content for m in world.posts())
            assert "Game over" in world.boards()[-1].content
    play(scenario, tmp_path)


def test_a_server_default_language_and_per_move_posts_turned_off(tmp_path):
    async def scenario(world: World):
        async with world.running():
            done = await (await world.fake.send_slash_command("settings language", user=world.mallory,
                                                              channel=world.general,
                                                              options={"language": "ja"})).reply()
            assert done.ephemeral and "日本語" in done.content
            table_id, _ = await world.start_game(players=2, posts=False)
            await world.move(world.alice, "e9-f8")
            await world.move(world.bob, "f8-g7")
            await world.settled(table_id)
            boards = world.boards()
            assert len(boards) == 1 and len(boards[0].history) >= 2  # one status message, edited in place
            assert "f8-g7 に青のコマ" in boards[0].content  # public posts follow the server's language
            # Mallory's Discord is in British English: her own replies stay English.
            refusal = await world.move(world.mallory, "e5-e6")
            assert "not playing" in refusal.content
    play(scenario, tmp_path)


def test_private_views_go_by_dm_when_they_change_and_never_into_the_thread(tmp_path):
    from games import registry
    from tests.toy_hidden import ToyHidden

    toy = registry.register(ToyHidden())

    async def scenario(world: World):
        async with world.running() as bot:
            host = bot.host
            table = await host.open_lobby(guild_id=world.guild.id, channel_id=world.general.id,
                                          owner_id=world.alice.id, owner_name="alice", game_name="toy_hidden",
                                          num_players=2, options={})
            await host.join(table.id, world.bob.id, "bob")
            table = await host.start(table.id, world.alice.id)
            table = await host.attach(table.id, thread_id=world.general.id)  # play right in #general
            await bot.presenter.check_dms(table)
            await bot.presenter.show(table.id)
            hands = toy.state_from_json(table.state).hands
            alice_dm = await world.fake.wait_for_message(lambda m: "hand:" in m.content, channel=world.alice)
            assert alice_dm.content.endswith("hand: " + " ".join(map(str, hands[0])))
            # Bob has not used the bot yet, so his first DM is in the server's language.
            bob_dm = await world.fake.wait_for_message(lambda m: "hand:" in m.content, channel=world.bob)
            assert bob_dm.content.endswith("hand: " + " ".join(map(str, hands[1])))
            public = world.posts(world.general)
            assert public and not any("hand" in m.content for m in public)

            bob_dms = len(world.fake.dms(world.bob))
            card = hands[0][0]
            await world.move(world.alice, f"play {card}", world.general)
            await world.settled(table.id)
            after = await world.fake.wait_for_message(
                lambda m: m.content.endswith("hand: " + " ".join(map(str, hands[0][1:]))), channel=world.alice)
            assert after.is_dm
            assert len(world.fake.dms(world.bob)) == bob_dms  # Bob's hand did not change: no DM
            mine = await (await world.fake.send_slash_command("hand", user=world.bob, channel=world.general)).reply()
            assert mine.ephemeral and mine.content.endswith("手札: " + " ".join(map(str, hands[1])))
            wrong = await world.move(world.bob, f"play {card}", world.general)  # Alice's card, not in Bob's hand
            assert wrong.ephemeral and "手札にありません" in wrong.content
            await world.move(world.bob, f"play {hands[1][0]}", world.general)
            await world.settled(table.id)
            # Bob's Discord is in Japanese: now that the bot knows it, his DMs follow.
            await world.fake.wait_for_message(
                lambda m: m.content.endswith("手札: " + " ".join(map(str, hands[1][1:]))), channel=world.bob)

    try:
        play(scenario, tmp_path)
    finally:
        registry._GAMES.pop(toy.name, None)


def test_a_failing_renderer_does_not_stall_the_game(tmp_path, monkeypatch):
    import renderers

    def broken(game_name, view, **options):
        raise RuntimeError("a renderer bug")

    async def scenario(world: World):
        async with world.running():
            table_id, _ = await world.start_game(players=2)
            monkeypatch.setattr(renderers, "render", broken)
            await world.move(world.alice, "e9-f8")
            table = await world.settled(table_id)
            assert table.announced_version == table.version  # shown, in words
            assert "e9-f8" in world.posts()[-1].content and not world.posts()[-1].attachments
            world.fake.bot_errors.clear()  # the renderer's failure was logged, as it should be
    play(scenario, tmp_path)
