"""The first board of a game is always shown, whatever the turn state the game starts in: its
picture, its Move button, and the turn line pinging whoever is to act (an AI to act first is said
to be thinking, and the board after its turn pings the person it is then up to). A fresh game, a
rematch, a tournament's tables, one of them an AI's to start; an import that ends in the middle of
a turn: ``tests/test_records_e2e.py``."""

from __future__ import annotations

from tests.test_bot_e2e import PNG, World, play
from tests.test_long_posts_e2e import is_board
from tests.test_tournament_e2e import command, create


def boards_in(world: World, thread) -> list:
    return world.fake.find_messages(is_board, channel=thread)


def check_first_board(world: World, table, thread, user) -> None:
    """The thread's first board: the game's start, the picture, the Move button, and ``user``
    (the one to act) pinged on its last line, nobody else."""
    first = boards_in(world, thread)[0]
    lines = first.content.splitlines()
    assert lines[0] == f"Game #{table.id} begins." and first.attachments[0].data.startswith(PNG)
    assert f"mv:{table.id}" in first.custom_ids()
    assert lines[-1].startswith(f"Your turn, <@{user.id}>") and first.pings["users"] == {user.id}


def test_a_fresh_game_and_its_rematch_each_open_with_the_board_the_move_button_and_the_ping(tmp_path):
    async def scenario(world: World):
        async with world.running():
            table_id, _lobby = await world.start_game(players=2)
            table = await world.host.table(table_id)
            check_first_board(world, table, world.thread(), world.alice)
            # Bob resigns at once; Alice asks for the rematch and starts it.
            ask = await (await world.fake.send_slash_command("resign", user=world.bob, channel=world.thread())).reply()
            confirm = next(c for c in ask.custom_ids() if c.startswith(f"rs:{table_id}:"))
            await (await world.fake.click_button(ask, confirm, user=world.bob)).reply()
            await world.settled(table_id)
            story = await world.fake.wait_for_message(lambda m: f"rm:{table_id}" in m.custom_ids(),
                                                      channel=world.thread(), timeout=30)
            await (await world.fake.click_button(story, f"rm:{table_id}", user=world.alice)).reply()
            lobby = await world.fake.wait_for_message(lambda m: "Rematch of game" in m.content, channel=world.general)
            rematch_id = int(next(c for c in lobby.custom_ids() if c.startswith("lb:start:")).rsplit(":", 1)[1])
            await world.fake.wait_until(lambda: len(world.fake.threads()) == 2, what="the rematch's thread")
            await (await world.fake.click_button(lobby, f"lb:start:{rematch_id}", user=world.alice)).reply()
            rematch = await world.settled(rematch_id)
            thread = next(c for c in world.fake.threads() if c.id == rematch.thread_id)
            await world.fake.wait_until(lambda: boards_in(world, thread), what="the rematch's first board")
            check_first_board(world, rematch, thread, world.alice)
    play(scenario, tmp_path)


def test_every_tournament_table_opens_with_its_board_and_an_ai_first_table_pings_the_person_after_it(tmp_path):
    async def scenario(world: World):
        async with world.running():
            tid, signup = await create(world, game="minoa", format="swiss", rounds=1)
            for user in (world.alice, world.bob, world.mallory):
                await (await world.fake.click_button(signup, f"tn:join:{tid}", user=user)).reply()
            await command(world, "tournament fill", world.alice, count=3)
            await command(world, "tournament start", world.alice)
            await world.fake.wait_until(lambda: len(world.fake.threads()) == 3, timeout=20, what="the threads")
            people = {u.id: u for u in (world.alice, world.bob, world.mallory)}
            ai_first = 0
            for link in await world.host.store.tournament_links(tid):
                table = await world.settled(link.table_id)
                thread = next(c for c in world.fake.threads() if c.id == table.thread_id)
                await world.fake.wait_until(lambda thread=thread: boards_in(world, thread), what="a first board")
                first = boards_in(world, thread)[0]
                assert f"mv:{table.id}" in first.custom_ids() and first.attachments[0].data.startswith(PNG)
                starter = table.seats[0]
                if starter.user_id is not None:
                    check_first_board(world, table, thread, people[starter.user_id])
                    continue
                # An AI to start: it is said to be thinking, nobody is pinged yet; the board
                # after its turn pings the person it is then up to, with the Move button.
                ai_first += 1
                assert first.content.splitlines()[-1] == f"{starter.name} is thinking…" and not first.pings["users"]
                (person,) = [s for s in table.seats if s.user_id is not None]
                await world.fake.wait_until(lambda thread=thread: len(boards_in(world, thread)) > 1,
                                            what="the board after the AI's turn")
                after = boards_in(world, thread)[1]
                assert after.content.splitlines()[-1].startswith(f"Your turn, <@{person.user_id}>")
                assert after.pings["users"] == {person.user_id} and f"mv:{table.id}" in after.custom_ids()
            assert ai_first  # the draw seats an AI first at one table at least
    play(scenario, tmp_path)
