"""End to end, every interaction lands once: two ``/undo`` sent at once, or two clicks of one Undo
button, take back one move; the move builder opened in Mafia's testimony still plays after the
AI seats' claims landed (and its Play clicked twice plays once); a forged resign confirmation
resigns nobody."""

from __future__ import annotations

import asyncio

from games.mafia_de_cuba import GAME as MAFIA
from tests.test_bot_e2e import World, add_ai, play


async def alice_vs_ai(world: World, moves: int = 2):
    """Alice against an AI at Minoa, ``moves`` moves each (the AI replies to each); the reply to
    Alice's last move."""
    table_id, _ = await world.start_game(players=2, ai=1)
    for _ in range(moves):
        table = await world.settled(table_id)
        reply = await world.move(world.alice, world.host.legal_notations(table, world.alice.id)[0])
    await world.settled(table_id)
    return table_id, reply


def test_two_undos_sent_at_once_take_back_one_move(tmp_path):
    async def scenario(world: World):
        async with world.running():
            table_id, _ = await alice_vs_ai(world)
            before = await world.host.store.moves(table_id)
            handles = await asyncio.gather(*(world.fake.send_slash_command("undo", user=world.alice,
                                                                           channel=world.thread()) for _ in range(2)))
            replies = [await handle.reply(timeout=20) for handle in handles]
            assert all(r.ephemeral for r in replies)
            (done,) = [r for r in replies if "Taken back (2 moves)" in r.content]
            (again,) = [r for r in replies if r is not done]
            assert "nothing more was taken back" in again.content
            assert await world.host.store.moves(table_id) == before[:2]  # Alice's move and the AI's reply
            # It offers her move before it, on a button of that move.
            assert again.custom_ids() == [f"ud:{table_id}:{before[0].version}"]
            more = await (await world.fake.click_button(again, again.custom_ids()[0], user=world.alice)).reply()
            assert "Taken back (2 moves)" in more.content
            await world.settled(table_id)
            assert await world.host.store.moves(table_id) == []
    play(scenario, tmp_path)


def test_an_undo_button_clicked_twice_takes_back_one_move(tmp_path):
    async def scenario(world: World):
        async with world.running():
            table_id, reply = await alice_vs_ai(world)
            before = await world.host.store.moves(table_id)
            (button,) = [c for c in reply.custom_ids() if c.startswith("ud:")]
            clicks = await asyncio.gather(*(world.fake.click_button(reply, button, user=world.alice) for _ in range(2)))
            replies = [await click.reply(timeout=20) for click in clicks]
            (done,) = [r for r in replies if "Taken back (2 moves)" in r.content]
            (again,) = [r for r in replies if r is not done]
            assert again.ephemeral and "already been taken back" in again.content
            await world.settled(table_id)
            assert await world.host.store.moves(table_id) == before[:2]
            assert button == f"ud:{table_id}:{before[2].version}"  # the move this reply is about
            # An Undo button of an older release (no move in its id) counts as a typed /undo.
            reply.components[0]["components"][0]["custom_id"] = f"ud:{table_id}"
            old = await (await world.fake.click_button(reply, f"ud:{table_id}", user=world.alice)).reply(timeout=20)
            assert "nothing more was taken back" in old.content
            assert await world.host.store.moves(table_id) == before[:2]
    play(scenario, tmp_path)


class MafiaWorld(World):
    game = "mafia_de_cuba"


def test_a_builder_opened_in_the_testimony_plays_after_the_ai_claims_landed(tmp_path):
    async def scenario(world: MafiaWorld):
        async with world.running():
            host = world.host
            host.announce_scale = 0.05  # the uniform pause after each take, shortened for the test
            # The AI seats testify only when let: the builder is opened before their claims land.
            let_testify = asyncio.Event()
            play_ai = host.play_ai

            async def held(table_id):
                table = await host.table(table_id)
                if MAFIA.state_from_json(table.state).phase == "testimony":
                    await let_testify.wait()
                return await play_ai(table_id)
            host.play_ai = held

            table_id, lobby = await world.open_lobby(6)
            await (await world.fake.click_button(lobby, f"lb:join:{table_id}", user=world.mallory)).reply()
            for _ in range(4):
                await add_ai(world.fake, lobby, world.alice, "normal")
            await (await world.fake.click_button(lobby, f"lb:start:{table_id}", user=world.alice)).reply()
            people = {world.alice.id: world.alice, world.mallory.id: world.mallory}  # Alice: the Godfather
            while True:
                table = await host.table(table_id)
                state = MAFIA.state_from_json(table.state)
                if state.phase == "testimony":  # (its post waits for the AI seats' claims)
                    break
                humans = [s for s in host.waiting_on(table) if not s.is_ai]
                if humans and table.announced_version == table.version:
                    user = people[humans[0].user_id]
                    legal = host.legal_notations(table, user.id)
                    await world.move(user, next(n for n in legal if not n.startswith("bag")))
                await asyncio.sleep(0.02)
            assert len(host.waiting_on(table)) == 5  # Mallory and the four AI seats testify at once
            builder = await (await world.fake.click_button(world.boards()[-1], f"mv:{table_id}",
                                                           user=world.mallory)).reply()
            select = builder.selects()[0]["custom_id"]
            let_testify.set()
            while len(host.waiting_on(table := await host.table(table_id))) > 1:
                await asyncio.sleep(0.02)
            assert [s.user_id for s in host.waiting_on(table)] == [world.mallory.id]
            step = await (await world.fake.select(builder, select, ["p:claim 3"], user=world.mallory)).reply()
            assert "moved on" not in step.content
            step = await (await world.fake.select(step, select, ["m:claim 3 1"], user=world.mallory)).reply()
            (play_button,) = [c for c in step.custom_ids() if c.endswith(":claim 3 1")]
            clicks = await asyncio.gather(*(world.fake.click_button(step, play_button, user=world.mallory)
                                            for _ in range(2)))
            replies = [await click.reply(timeout=20) for click in clicks]
            assert sorted("already played" in r.text for r in replies) == [False, True]
            assert [m.notation for m in await host.store.moves(table_id) if m.seat == 1][-1] == "claim 3 1"
            assert sum(m.notation.startswith("claim") for m in await host.store.moves(table_id)) == 5
    play(scenario, tmp_path, timeout=120, world_class=MafiaWorld)


def test_a_forged_resign_confirmation_resigns_nobody(tmp_path):
    async def scenario(world: World):
        async with world.running():
            table_id, _ = await world.start_game(players=2)
            board = world.boards()[-1]
            forged = f"rs:{table_id}:{10 ** 12}"  # a confirmation "open" for thirty thousand years
            board.components[0]["components"][0]["custom_id"] = forged  # a modified client sends any id
            refused = await (await world.fake.click_button(board, forged, user=world.alice)).reply()
            assert "expired" in refused.content
            table = await world.settled(table_id)
            assert table.status == "active" and not table.settings.get("resigned")
            # The real one works, once.
            ask = await (await world.fake.send_slash_command("resign", user=world.alice,
                                                             channel=world.thread())).reply()
            confirm = next(c for c in ask.custom_ids() if c.startswith(f"rs:{table_id}:"))
            clicks = await asyncio.gather(*(world.fake.click_button(ask, confirm, user=world.alice) for _ in range(2)))
            replies = [await click.reply(timeout=20) for click in clicks]
            assert sorted("already resigned" in r.text for r in replies) == [False, True]
            table = await world.settled(table_id)
            assert table.status == "finished" and table.settings["resigned"] == [0]
    play(scenario, tmp_path)


def test_builder_ids_of_older_releases_keep_working(tmp_path):
    """The builder's select and Play button used to be bound to the table's version
    (``mb:table:version``, ``mp:table:version:move``): clicked at that version they still work."""
    async def scenario(world: World):
        async with world.running():
            table_id, _ = await world.start_game(players=2)
            table = await world.host.table(table_id)
            builder = await (await world.fake.click_button(world.boards()[-1], f"mv:{table_id}",
                                                           user=world.alice)).reply()
            old_select = f"mb:{table_id}:{table.version}"
            builder.components[0]["components"][0]["custom_id"] = old_select  # as an older release posted it
            step = await (await world.fake.select(builder, old_select, ["p:e"], user=world.alice)).reply()
            assert step.selects()[0]["custom_id"].startswith(f"bs:{table_id}:0:0:")  # goes on bound to the decision
            step.components[0]["components"][0]["custom_id"] = f"mb:{table_id}:{table.version - 1}"
            stale = await (await world.fake.select(step, f"mb:{table_id}:{table.version - 1}", ["m:e9-f8"],
                                                   user=world.alice)).reply()
            assert "moved on" in stale.content
            step.components[0]["components"][0]["custom_id"] = old_select
            step = await (await world.fake.select(step, old_select, ["m:e9-f8"], user=world.alice)).reply()
            old_play = f"mp:{table_id}:{table.version}:e9-f8"
            step.components[1]["components"][0]["custom_id"] = old_play
            clicks = await asyncio.gather(*(world.fake.click_button(step, old_play, user=world.alice)
                                            for _ in range(2)))
            replies = [await click.reply(timeout=20) for click in clicks]
            assert sorted("already played" in r.text for r in replies) == [False, True]
            await world.settled(table_id)
            assert [m.notation for m in await world.host.store.moves(table_id)] == ["e9-f8"]
    play(scenario, tmp_path)
