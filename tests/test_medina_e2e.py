"""End to end: a whole 3-player Medina game (edition 2, well and tea modules) through the real
discord.py client against the fake Discord, from ``/game new`` to the final scores.

Alice and Bob play with ``/move`` and the values autocomplete offers; an AI takes the third seat.
Each of them receives their screen by DM when it changed, once per turn (``/screens`` default), and the DM says exactly what
``Medina.private_view`` holds; ``/hand`` shows it too; nothing of a screen reaches the thread.
"""

from __future__ import annotations

import itertools

from bot.i18n import t
from games.medina import GAME as medina
from tests.test_bot_e2e import PNG, World
from tests.test_bot_e2e import play as play_world

OPTIONS = "edition=2 well=on tea=on"


class MedinaWorld(World):
    game = "medina"


def play(scenario, tmp_path, timeout: float = 240) -> None:
    """As ``tests.test_bot_e2e.play``, with a world that opens Medina lobbies."""
    play_world(scenario, tmp_path, timeout=timeout, world_class=MedinaWorld)


def expected_dm(table, seat: int, lang: str) -> str:
    state = medina.state_from_json(table.state)
    return t("play.private", lang, table=table.id, game=medina.titles[lang],
             text=medina.describe_private(medina.private_view(state, seat), lang))


async def screens_delivered(world: MedinaWorld, table_id: int, people: dict) -> None:
    """Wait until each human's latest DM is their current screen (in English or Japanese)."""
    table = await world.host.table(table_id)

    def delivered() -> bool:
        for seat, user in people.items():
            dms = [m.content for m in world.fake.dms(user) if "medina" in m.content.lower() or "メディナ" in m.content]
            if not dms or dms[-1] not in (expected_dm(table, seat, "en"), expected_dm(table, seat, "ja")):
                return False
        return True

    await world.fake.wait_until(delivered, timeout=10, what="each player's screen by DM")


def test_a_whole_three_player_edition2_game_with_well_and_tea(tmp_path):
    async def scenario(world: MedinaWorld):
        async with world.running():
            table_id, _lobby = await world.start_game(players=3, ai=1, options=OPTIONS)
            table = await world.host.table(table_id)
            assert table.options["well"] == "on" and table.options["tea"] == "on" and table.options["edition"] == "2"
            assert [s.user_id for s in table.seats] == [world.alice.id, world.bob.id, None]
            first = world.boards()[0]
            assert first.attachments[0].data.startswith(PNG) and f"<@{world.alice.id}>" in first.content
            people = {0: world.alice, 1: world.bob}
            await screens_delivered(world, table_id, people)
            # The opening screens: edition 2, 3 players.
            assert "purple 6" in [m.content for m in world.fake.dms(world.alice)][-1]
            # /hand answers with the same screen, in Bob's language.
            hand = await (await world.fake.send_slash_command("hand", user=world.bob, channel=world.thread())).reply()
            assert hand.ephemeral and hand.content == expected_dm(table, 1, "ja")
            moves = teas = again = 0
            while True:
                table = await world.settled(table_id)
                if table.status == "finished":
                    break
                (seat,) = world.host.waiting_on(table)
                user = people[seat.seat]
                offered = await (await world.fake.send_autocomplete(
                    "move", user=user, channel=world.thread(), focused="move", value="tea")).choices()
                if offered and offered[0]["value"] == "tea" and teas < 2:
                    notation = "tea"  # a tea break, when one is allowed
                    teas += 1
                else:
                    choices = await (await world.fake.send_autocomplete(
                        "move", user=user, channel=world.thread(), focused="move", value="")).choices()
                    assert 0 < len(choices) <= 25
                    notation = choices[(moves * 7) % len(choices)]["value"]
                    assert notation in world.host.legal_notations(table, user.id)
                reply = await world.move(user, notation)
                assert reply.ephemeral and notation in reply.content
                if reply.attachments:  # a second placement follows: the mover sees the board now
                    assert reply.attachments[0].data.startswith(PNG)
                    assert "your turn again" in reply.content or "続けてあなたの手番" in reply.content
                    again += 1
                moves += 1
                if moves % 15 == 0:
                    # Screens go once per turn, when it passes: not in the middle of one.
                    if not await world.bot.presenter.mid_turn(await world.settled(table_id)):
                        await screens_delivered(world, table_id, people)
            table = await world.settled(table_id)
            state = medina.state_from_json(table.state)
            result = medina.result(state)
            assert result is not None and world.host.standing(table).scores == result.scores
            final = world.boards()[-1]
            assert "Game over" in final.content and final.attachments[0].data.startswith(PNG)
            assert len(final.attachments[0].data) < 1_000_000
            assert not final.components
            await screens_delivered(world, table_id, people)
            assert teas >= 1, "the game should have seen a tea break"
            assert again > 0, "after a first placement the mover gets the board in their reply"
            history = await world.host.store.moves(table_id)
            assert len(history) >= moves and any(m.seat == 2 for m in history)
            # One board post per turn (both placements of a turn together), after the start post.
            turns = 1 + sum(1 for a, b in itertools.pairwise(history) if a.seat != b.seat)
            assert len(world.boards()) == 1 + turns
            # Screens never reach the thread.
            for post in world.posts():
                assert "screen" not in post.content.lower() and "ついたて" not in post.content
    play(scenario, tmp_path, timeout=240)
