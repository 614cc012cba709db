"""End to end: a whole 3-player Madeira game through the real discord.py client against the fake
Discord, from ``/game new`` to the final scores.

Alice and Bob play with ``/move`` and the values autocomplete offers (one decision at a time); an
AI takes the third seat. Each of them receives their pirate total by DM whenever it changes, and
the DM says exactly what ``Madeira.private_view`` holds; ``/hand`` shows it too; no pirate total
reaches the thread before the final scoring reveals them all.
"""

from __future__ import annotations

from bot.i18n import t
from games.madeira import GAME as madeira
from tests.test_bot_e2e import PNG, World
from tests.test_bot_e2e import play as play_world


class MadeiraWorld(World):
    game = "madeira"


def play(scenario, tmp_path, timeout: float = 240) -> None:
    """As ``tests.test_bot_e2e.play``, with a world that opens Madeira lobbies."""
    play_world(scenario, tmp_path, timeout=timeout, world_class=MadeiraWorld)


def expected_dm(table, seat: int, lang: str) -> str:
    state = madeira.state_from_json(table.state)
    return t("play.private", lang, table=table.id, game=madeira.titles[lang],
             text=madeira.describe_private(madeira.private_view(state, seat), lang))


def madeira_dms(world, user) -> list[str]:
    return [m.content for m in world.fake.dms(user) if "Madeira" in m.content or "マデイラ" in m.content]


async def pirates_delivered(world: MadeiraWorld, table_id: int, people: dict) -> None:
    """Wait until each human's latest Madeira DM is their current pirate total."""
    table = await world.host.table(table_id)

    def delivered() -> bool:
        for seat, user in people.items():
            dms = madeira_dms(world, user)
            if not dms or dms[-1] not in (expected_dm(table, seat, "en"), expected_dm(table, seat, "ja")):
                return False
        return True

    await world.fake.wait_until(delivered, timeout=10, what="each player's pirate total by DM")


def test_a_whole_three_player_game_with_pirate_points_by_dm(tmp_path):
    async def scenario(world: MadeiraWorld):
        async with world.running():
            table_id, _lobby = await world.start_game(players=3, ai=1)
            table = await world.host.table(table_id)
            assert [s.user_id for s in table.seats] == [world.alice.id, world.bob.id, None]
            first = world.boards()[0]
            assert first.attachments[0].data.startswith(PNG)
            people = {0: world.alice, 1: world.bob}
            await pirates_delivered(world, table_id, people)
            assert "pirate points: 0" in madeira_dms(world, world.alice)[-1]
            # /hand answers with the same screen, in Bob's language.
            hand = await (await world.fake.send_slash_command("hand", user=world.bob, channel=world.thread())).reply()
            assert hand.ephemeral and hand.content == expected_dm(table, 1, "ja")
            assert "海賊点: 0点" in hand.content
            moves = unchecked = 0
            seen_pirates = {0: set(), 1: set()}
            turn_starts = True  # a total is DMed when a turn passes, not between steps of one turn
            steps = set()
            while True:
                table = await world.settled(table_id)
                if table.status == "finished":
                    break
                (seat,) = world.host.waiting_on(table)
                user = people[seat.seat]
                state = madeira.state_from_json(table.state)
                steps.add(state.prompt["t"])
                choices = await (await world.fake.send_autocomplete(
                    "move", user=user, channel=world.thread(), focused="move", value="")).choices()
                assert 0 < len(choices) <= 25
                offered = [c["value"] for c in choices]
                assert set(offered) <= set(world.host.legal_notations(table, user.id))
                plain = [m for m in offered if not m.startswith("mill ")] or offered
                notation = plain[(moves * 7) % len(plain)]
                # Typing narrows the suggestions to the moves starting with the typed word.
                word = notation.split()[0]
                narrowed = await (await world.fake.send_autocomplete(
                    "move", user=user, channel=world.thread(), focused="move", value=word)).choices()
                assert narrowed and all(word in c["value"] for c in narrowed)
                reply = await world.move(user, notation)
                assert reply.ephemeral and notation in reply.content
                again = [c for c in reply.custom_ids() if c.startswith("mp:")]
                if again:  # the same move again with nothing in between: asked first, then played
                    await (await world.fake.click_button(reply, again[0], user=user)).reply()
                moves += 1
                if turn_starts:
                    seen_pirates[seat.seat].add(state.p[seat.seat]["pirates"])
                unchecked += 1
                settled = await world.settled(table_id)
                turn_starts = not await world.bot.presenter.mid_turn(settled)
                # Every 25 moves or so, once the turn has passed (a player's own changes within a
                # turn come by DM when it passes: /screens turn), each DM shows the current total.
                if unchecked >= 25 and turn_starts:
                    await pirates_delivered(world, table_id, people)
                    unchecked = 0
            table = await world.settled(table_id)
            state = madeira.state_from_json(table.state)
            result = madeira.result(state)
            assert result is not None and world.host.standing(table).scores == result.scores
            final = world.boards()[-1]
            assert "Game over" in final.content and final.attachments[0].data.startswith(PNG)
            assert len(final.attachments[0].data) < 1_000_000 and not final.components
            await pirates_delivered(world, table_id, people)
            # Every step of a round came up for the humans, one decision at a time.
            assert {"setup_city", "setup_field", "arow", "bturn", "bchoose", "feed", "escore"} <= steps
            history = await world.host.store.moves(table_id)
            assert len(history) >= moves and any(m.seat == 2 for m in history)
            # One board post per turn: the steps of one player's turn share a post.
            assert 20 < len(world.boards()) < 1 + len(history)
            # Each change of a human's pirate total came by DM; the totals never reached the thread.
            for seat, user in people.items():
                told = madeira_dms(world, user)
                assert len(told) >= len(seen_pirates[seat] | {state.p[seat]["pirates"]})
            for post in world.posts():
                assert "Your pirate points" not in post.content and "あなたの海賊点" not in post.content
            assert any("pirate point" in post.content for post in world.posts())  # gains are public events
    play(scenario, tmp_path, timeout=240)
