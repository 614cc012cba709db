"""End to end: a Battery game of grid baseball (Alice and Bob, two AI seats) through the real
discord.py client against the fake Discord, from ``/game new`` to the final out.

Alice (seat 1) and Bob (seat 2) are their teams' catchers and batters; the AI seats 3 and 4
(the ``easy`` level, whose pitchers give up runs even to batters who mostly take, so the innings
end in a decision) pitch and run. The humans play with ``/move`` and, for some swings, with the
move builder's 5 x 5 grid of buttons. While a pitch card is chosen but not yet revealed, no thread
post names it and the board image is the one the public view of the same position with another
card would give; the card reaches the catcher by DM only. A nine-inning two-player game (Alice
against the AI) is played to its end too.
"""

from __future__ import annotations

import pytest

import renderers
from games.masume_yakyu import GAME as game
from games.masume_yakyu.data import CARDS
from games.messages import translate
from tests.test_bot_e2e import PNG, World, add_ai
from tests.test_bot_e2e import play as play_world


class YakyuWorld(World):
    game = "masume_yakyu"


def card_words(number: int) -> set[str]:
    card = CARDS[number]
    return {translate(f"masume_yakyu.card.{key}", lang) for key in {card.key, card.left_key} for lang in ("en", "ja")}


def test_builder_grid_is_five_rows_of_five_buttons():
    from bot.host import Decision
    from bot.views import builder_view

    notations = ["take"] + [f"swing {c}{r}" for r in "12345" for c in "ABCDE"]
    decision = Decision(1, 3, "0123456789")
    view = builder_view(7, decision, notations, "swing", "en", grid=game.move_grid)
    buttons = [b.item for b in view.children]
    assert len(buttons) == 25 and [b.row for b in buttons] == [r for r in range(5) for _ in range(5)]
    assert buttons[12].label == "C3" and buttons[12].custom_id == "bp:7:1:3:0123456789:swing C3"
    plain = builder_view(7, decision, notations, "", "en", grid=game.move_grid)
    assert len(plain.children) == 1  # take / swing groups: the usual select


@pytest.mark.timeout(460)  # its scenario is given longer than the default limit
def test_a_battery_game_to_the_final_out(tmp_path):
    async def scenario(world: YakyuWorld):
        async with world.running():
            table_id, lobby = await world.open_lobby(4, options="innings=1 battery=on team_a=tatejima team_b=samurai")
            await (await world.fake.click_button(lobby, f"lb:join:{table_id}", user=world.bob)).reply()
            for _ in range(2):
                await add_ai(world.fake, lobby, world.alice, "easy")
            mark = world.fake.mark()
            await (await world.fake.click_button(lobby, f"lb:start:{table_id}", user=world.alice)).reply()
            await world.fake.wait_for_message(lambda m: bool(m.attachments), channel=world.thread(), after=mark)
            table = await world.settled(table_id)
            assert [s.user_id for s in table.seats] == [world.alice.id, world.bob.id, None, None]
            assert world.boards()[0].attachments[0].data.startswith(PNG)
            people = {0: world.alice, 1: world.bob}
            moves = grid_swings = secret_checks = image_checks = 0
            while True:
                table = await world.settled(table_id)
                if table.status == "finished":
                    break
                waiting = [s for s in world.host.waiting_on(table) if s.user_id is not None]
                assert waiting, "a human must be waiting once the AI seats have played"
                seat = waiting[0].seat
                user = people[seat]
                state = game.state_from_json(table.state)
                legal = world.host.legal_notations(table, user.id)
                if state.phase == "bat" and moves % 3 == 0:
                    # The move builder: pick "swing", then a cell of the 5 x 5 grid.
                    board = world.boards()[-1]
                    builder = await (await world.fake.click_button(board, f"mv:{table_id}", user=user)).reply()
                    select = builder.selects()[0]["custom_id"]
                    step = await (await world.fake.select(builder, select, ["p:swing"], user=user)).reply()
                    grid = [b for b in step.buttons() if b.get("custom_id", "").startswith("bp:")]
                    assert len(grid) == 25 and not step.selects()
                    target = f"swing {game.view(state, None)['target']}"
                    button = next(b for b in grid if b["custom_id"].endswith(":" + target))
                    assert button["label"] == target.split()[1]
                    done = await (await world.fake.click_button(step, button["custom_id"], user=user)).reply()
                    assert target in done.content
                    grid_swings += 1
                else:
                    if state.phase == "card":
                        cards = [n for n in legal if n.startswith("card ")]
                        notation = cards[moves % len(cards)]
                    elif state.phase == "bat":
                        notation = "take"
                    else:
                        notation = legal[moves % len(legal)] if state.phase != "lineup" else (
                            "order auto" if "order auto" in legal else legal[0])
                    before = {post.id for post in world.posts()}
                    reply = await world.move(user, notation)
                    assert reply.ephemeral and notation in reply.content
                    if notation.startswith("card "):
                        number = int(notation.split()[1])
                        table = await world.settled(table_id)
                        now = game.state_from_json(table.state)
                        # the other team's human bats next, so the pitch is still secret here
                        assert now.card == number and now.phase == "bat"
                        secret_checks += 1
                        fresh = [post for post in world.posts() if post.id not in before]
                        assert fresh, "the thread hears that a pitch was chosen"
                        assert any("has chosen a pitch" in p.content or "球種を選びました" in p.content for p in fresh)
                        for post in fresh:
                            assert not any(word in post.content for word in card_words(number)), post.content
                        # the image is the public view of the same position with any other card
                        twin = now.copy()
                        twin.card = next(c for c in now.hand[now.defence] if c != number)
                        latest = world.boards()[-1]
                        version = int(latest.attachments[0].filename.rsplit("-", 1)[1].split(".")[0])
                        if version == table.version:
                            names = [s.name for s in table.seats]
                            images = {renderers.render("masume_yakyu", game.view(twin, None), names=names, lang=lang)
                                      for lang in ("en", "ja")}
                            assert latest.attachments[0].data in images
                            image_checks += 1
                moves += 1
                assert moves < 400, "the game should be over long before this"
            table = await world.settled(table_id)
            state = game.state_from_json(table.state)
            result = game.result(state)
            assert result is not None and result.ranks[0] == result.ranks[2] and result.ranks[1] == result.ranks[3]
            assert sorted(set(result.ranks)) == [1, 2]
            final = world.boards()[-1]
            assert final.attachments[0].data.startswith(PNG) and not final.components
            assert grid_swings >= 1 and secret_checks >= 3 and image_checks >= 1
            history = await world.host.store.moves(table_id)
            assert any(m.seat == 2 for m in history) and any(m.seat == 3 for m in history)
            # The catchers' cards came by DM; no thread post ever spoke of "only your team".
            assert any("Pitcher no." in m.content or "投手の手札" in m.content for m in world.fake.dms(world.alice))
            for post in world.posts():
                assert "only your team" not in post.content and "自チームだけ" not in post.content
    play_world(scenario, tmp_path, timeout=400, world_class=YakyuWorld)


@pytest.mark.timeout(660)  # its scenario is given longer than the default limit
def test_a_nine_inning_two_player_game_to_the_end(tmp_path):
    """Alice against the ``easy`` AI, nine innings (or more), every move by ``/move``: she pitches
    straight down the middle of the zone edges and always takes; the game still ends."""
    async def scenario(world: YakyuWorld):
        async with world.running():
            table_id, lobby = await world.open_lobby(2)
            await add_ai(world.fake, lobby, world.alice, "easy")
            mark = world.fake.mark()
            await (await world.fake.click_button(lobby, f"lb:start:{table_id}", user=world.alice)).reply()
            await world.fake.wait_for_message(lambda m: bool(m.attachments), channel=world.thread(), after=mark)
            moves = 0
            while True:
                table = await world.settled(table_id, timeout=60)
                if table.status == "finished":
                    break
                state = game.state_from_json(table.state)
                legal = world.host.legal_notations(table, world.alice.id)
                notation = {"lineup": "order auto" if "order auto" in legal else legal[0],
                            "card": legal[0], "target": f"target {'BD'[moves % 2]}{2 + moves % 3}",
                            "bat": "take"}.get(state.phase, legal[0])
                reply = await world.move(world.alice, notation)
                assert reply.ephemeral and notation in reply.content
                moves += 1
                assert moves < 2000
            state = game.state_from_json(table.state)
            assert game.result(state) is not None and state.inning >= 9
            assert sum(1 for _ in world.boards()) > 10
    play_world(scenario, tmp_path, timeout=600, world_class=YakyuWorld)
