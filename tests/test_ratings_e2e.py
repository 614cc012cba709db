"""Ratings in everyday play, end to end through the fake Discord: ``/game new`` is rated unless
asked otherwise and its lobby says which; a finished rated game moves its players on
``/leaderboard`` (text and image) and ``/rating`` (with the change, and a sparkline once there
are two), an unrated one changes nothing; a player an AI replaced counts as last."""

from __future__ import annotations

import io

from PIL import Image

from tests.test_bot_e2e import PNG, World, play


async def play_out(world: World, table_id: int, people, resigns=None) -> None:
    """The people take turns with the first suggestions of /move until the game ends (``resigns``
    resigns at their first turn: an AI plays their seat on)."""
    users = {u.id: u for u in people}
    moves = 0
    while True:
        table = await world.settled(table_id)
        if table.status == "finished":
            return
        (seat,) = world.host.waiting_on(table)
        if resigns is not None and seat.user_id == resigns.id:
            thread = next(c for c in world.fake.threads() if c.id == table.thread_id)
            ask = await (await world.fake.send_slash_command("resign", user=resigns, channel=thread)).reply()
            confirm = next(c for c in ask.custom_ids() if c.startswith(f"rs:{table_id}:"))
            await (await world.fake.click_button(ask, confirm, user=resigns)).reply()
            resigns = None
            continue
        thread = next(c for c in world.fake.threads() if c.id == table.thread_id)
        choices = await (await world.fake.send_autocomplete(
            "move", user=users[seat.user_id], channel=thread, focused="move", value="")).choices()
        await world.move(users[seat.user_id], choices[moves % len(choices)]["value"], channel=thread)
        moves += 1


async def new_game(world: World, others=None, **options) -> tuple[int, object]:
    others = others or (world.bob,)
    handle = await world.fake.send_slash_command("game new", user=world.alice, channel=world.general,
                                                 options={"game": "minoa", "players": 1 + len(others), **options})
    lobby = await handle.reply()
    table_id = int(next(c for c in lobby.custom_ids() if c.startswith("lb:join:")).rsplit(":", 1)[1])
    await world.fake.wait_until(lambda: any(True for _ in world.fake.threads()), what="a thread")
    for _ in range(250):
        if (await world.host.table(table_id)).thread_id:
            break
        await world.fake.wait_until(lambda: True)
    for user in others:
        await (await world.fake.click_button(lobby, f"lb:join:{table_id}", user=user)).reply()
    await (await world.fake.click_button(lobby, f"lb:start:{table_id}", user=world.alice)).reply()
    return table_id, lobby


async def command(world: World, name: str, user, **options):
    return await (await world.fake.send_slash_command(name, user=user, channel=world.general,
                                                      options=options)).reply()


def test_a_rated_game_moves_the_leaderboard_and_an_unrated_one_does_not(tmp_path):
    async def scenario(world: World):
        async with world.running():
            empty = await command(world, "leaderboard", world.mallory, game="minoa")
            assert empty.ephemeral and "Nobody is rated" in empty.content

            unrated, lobby = await new_game(world, rated=False)
            assert "Unrated" in str(lobby.embeds)
            await play_out(world, unrated, (world.alice, world.bob))
            await world.handlers_done()
            assert await world.host.store.ratings(world.guild.id, "minoa") == {}
            still = await command(world, "leaderboard", world.mallory, game="minoa")
            assert still.ephemeral and "Nobody is rated" in still.content

            rated, lobby = await new_game(world)  # rated by default
            assert "Rated:" in str(lobby.embeds) and "Unrated" not in str(lobby.embeds)
            await play_out(world, rated, (world.alice, world.bob))
            await world.handlers_done()
            table = await world.host.table(rated)
            winner = next(s.user_id for s in table.seats if world.host.standing(table).ranks[s.seat] == 1)
            loser = ({world.alice.id, world.bob.id} - {winner}).pop()
            ratings = await world.host.store.ratings(world.guild.id, "minoa")
            assert set(ratings) == {world.alice.id, world.bob.id}
            assert ratings[winner][0] > 25 > ratings[loser][0] and ratings[winner][2] == 1

            board = await command(world, "leaderboard", world.mallory, game="minoa")
            assert not board.ephemeral and not board.pings["users"]
            lines = board.content.splitlines()
            assert lines[1].startswith(f"1. <@{winner}>") and lines[2].startswith(f"2. <@{loser}>")
            assert "(provisional)" in lines[1]  # one game: provisional
            (image,) = board.attachments
            assert image.data.startswith(PNG) and Image.open(io.BytesIO(image.data)).size == (720, 800)

            rating = await command(world, "rating", world.mallory, player=world.bob, game="minoa")
            assert rating.ephemeral and "bob" in rating.content and f"#{rated} " in rating.content
            assert f"#{unrated} " not in rating.content
            sign = "+" if world.bob.id == winner else "-"
            assert f"({sign}" in rating.content  # the change the game made
            assert not rating.attachments  # one game: no line to draw yet

            again, _ = await new_game(world)  # a rematch: two games, and /rating draws them
            await play_out(world, again, (world.alice, world.bob))
            await world.handlers_done()
            assert (await world.host.store.ratings(world.guild.id, "minoa"))[world.bob.id][2] == 2
            rating = await command(world, "rating", world.bob, player=world.bob, game="minoa")
            assert f"#{again} " in rating.content and f"#{rated} " in rating.content
            assert rating.content.index(f"#{again} ") < rating.content.index(f"#{rated} ")  # newest first
            (sparkline,) = rating.attachments
            assert sparkline.data.startswith(PNG)
    play(scenario, tmp_path, timeout=120)


def test_a_player_an_ai_replaced_counts_as_last_and_the_others_are_not_rated(tmp_path):
    async def scenario(world: World):
        async with world.running():
            table_id, _ = await new_game(world, others=(world.bob, world.mallory))
            await play_out(world, table_id, (world.alice, world.bob, world.mallory), resigns=world.bob)
            await world.handlers_done()
            table = await world.host.table(table_id)
            assert world.bob.id not in {s.user_id for s in table.seats}  # an AI finished bob's game
            ratings = await world.host.store.ratings(world.guild.id, "minoa")
            assert set(ratings) == {world.bob.id} and ratings[world.bob.id][0] < 25
            board = await command(world, "leaderboard", world.alice, game="minoa")
            assert f"1. <@{world.bob.id}>" in board.content and f"<@{world.alice.id}>" not in board.content
    play(scenario, tmp_path, timeout=120)
