"""Hostile people through the fake Discord: display names that try to ping, oversized or forged
input. Nothing they send pings anyone the bot did not mean to, and a refusal changes nothing."""

from __future__ import annotations

from tests.test_bot_e2e import World, play


def test_a_nickname_that_pings_pings_nobody(tmp_path):
    async def scenario(world: World):
        fake = world.fake
        role = fake.create_role(world.guild, "Moderators")
        bystander = fake.create_user("bystander")
        fake.add_member(world.guild, bystander)
        # Two nicknames (Discord allows 32 characters each) between them try every kind of ping.
        hostile = f"@everyone <@{bystander.id}>"
        fake.add_member(world.guild, world.mallory, nick=hostile)
        fake.add_member(world.guild, world.bob, nick=f"@here <@&{role.id}>")
        async with world.running():
            table_id, lobby = await world.open_lobby(3)
            for user in (world.bob, world.mallory):
                await (await fake.click_button(lobby, f"lb:join:{table_id}", user=user)).reply()
            await (await fake.click_button(lobby, f"lb:start:{table_id}", user=world.alice)).reply()
            await world.settled(table_id)
            assert (await world.host.table(table_id)).seats[2].name == hostile
            # Mallory resigns: the thread says so with her name, and the AI that takes her seat
            # is named after her in every later post's seat line.
            prompt = await (await fake.send_slash_command("resign", user=world.mallory,
                                                          channel=world.thread())).reply()
            confirm = next(c for c in prompt.custom_ids() if c.startswith(f"rs:{table_id}:"))
            await (await fake.click_button(prompt, confirm, user=world.mallory)).reply()
            await world.settled(table_id)
            sent = [m for m in fake.messages if m.author.id == fake.bot_user.id]
            echoed = [m for m in sent if hostile in m.content]
            assert len(echoed) >= 2  # the name really was echoed (resignation, seat lines)
            for message in sent:
                assert message.pings["everyone"] is False, message.content
                assert not message.pings["roles"], message.content
                assert bystander.id not in message.pings["users"], message.content
            # The bot still pings whom it means to: the player to move.
            table = await world.host.table(table_id)
            waiting = {s.user_id for s in world.host.waiting_on(table)} - {None}
            assert waiting and waiting <= world.boards()[-1].pings["users"]
    play(scenario, tmp_path)


class MedinaWorld(World):
    game = "medina"


def test_the_same_move_typed_twice_asks_before_playing_it_again(tmp_path):
    async def scenario(world: MedinaWorld):
        from games.rng import Rng

        async with world.running():
            table_id, _ = await world.start_game(players=2)
            people = {world.alice.id: world.alice, world.bob.id: world.bob}
            rng = Rng(11)
            for _ in range(200):
                table = await world.settled(table_id)
                (waiting,) = world.host.waiting_on(table)
                user = people[waiting.user_id]
                notation = rng.choice(world.host.legal_notations(table, user.id))
                await world.move(user, notation)
                table = await world.host.table(table_id)
                again = world.host.waiting_on(table)
                if again and again[0].user_id == user.id and notation in world.host.legal_notations(table, user.id):
                    break
            else:
                raise AssertionError("no turn let a player repeat a move")
            version = table.version
            ask = await world.move(user, notation)  # the same text again: a resend?
            assert ask.ephemeral and ("nothing has happened since" in ask.content or "その後何も起きていません" in ask.content)
            assert (await world.host.table(table_id)).version == version
            play_again = next(b for b in ask.buttons() if b["custom_id"] == f"mp:{table_id}:{version}:{notation}")
            done = await (await world.fake.click_button(ask, play_again["custom_id"], user=user)).reply()
            assert notation in done.content and (await world.host.table(table_id)).version == version + 1
            await world.settled(table_id)
    play(scenario, tmp_path, world_class=MedinaWorld)
