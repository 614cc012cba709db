"""Middle Ages end to end: the real discord.py bot against the fake Discord, from ``/game new`` to
the final ranking, with two people moving through ``/move`` and two random AI seats."""

from __future__ import annotations

from games.middle_ages import GAME as middle_ages
from tests.test_bot_e2e import PNG, World, add_ai, play


class MiddleAgesWorld(World):
    game = "middle_ages"


def test_two_people_and_two_ais_play_a_whole_four_player_game(tmp_path):
    async def scenario(world: World):
        async with world.running():
            table_id, lobby = await world.open_lobby(4)
            await (await world.fake.click_button(lobby, f"lb:join:{table_id}", user=world.bob)).reply()
            for _ in range(2):
                await add_ai(world.fake, lobby, world.alice, "easy")
            mark = world.fake.mark()
            await (await world.fake.click_button(lobby, f"lb:start:{table_id}", user=world.alice)).reply()
            await world.fake.wait_for_message(lambda m: bool(m.attachments), channel=world.thread(), after=mark)
            table = await world.host.table(table_id)
            assert table.game == "middle_ages" and table.status == "active"
            assert [s.user_id for s in table.seats] == [world.alice.id, world.bob.id, None, None]
            assert world.boards()[0].attachments[0].data.startswith(PNG)

            people = {world.alice.id: world.alice, world.bob.id: world.bob}
            moves = 0
            while True:
                table = await world.settled(table_id, timeout=60)
                if table.status == "finished":
                    break
                (seat,) = world.host.waiting_on(table)
                user = people[seat.user_id]
                legal = world.host.legal_notations(table, user.id)
                if moves % 2 == 0:  # type nothing and take a suggestion, as a player would
                    choices = await (await world.fake.send_autocomplete(
                        "move", user=user, channel=world.thread(), focused="move", value="")).choices()
                    assert 0 < len(choices) <= 25 and all(c["value"] in legal for c in choices)
                    notation = choices[moves % len(choices)]["value"]
                else:  # or type one of the legal moves in full
                    notation = legal[-1]
                reply = await world.move(user, notation)
                assert reply.ephemeral and notation in reply.content, reply.content
                moves += 1
                assert moves < 200, "a human plays about 20 moves in a 16-round game"

            final = world.boards()[-1]
            assert "Game over" in final.content and final.attachments[0].data.startswith(PNG)
            assert not final.components  # no Move button on a finished game
            standing = world.host.standing(table)
            state = middle_ages.state_from_json(table.state)
            result = middle_ages.result(state)
            assert standing.ranks == result.ranks and standing.scores == result.scores
            for seat in table.seats:  # every seat's rank and score is in the final post
                name = f"<@{seat.user_id}>" if seat.user_id else seat.name
                assert f"#{result.ranks[seat.seat]} {name} ({result.scores[seat.seat]})" in final.content
            history = await world.host.store.moves(table_id)
            assert {m.seat for m in history} == {0, 1, 2, 3}
            assert sum(1 for m in history if m.seat in (0, 1)) == moves
            assert state.round == 16 and state.events_done == 4
    play(scenario, tmp_path, timeout=240, world_class=MiddleAgesWorld)


# -- the board image (view -> PNG, as the host posts it) -----------------------------------------


def test_the_board_image_renders_every_phase_for_every_player_count():
    import io

    import pytest
    from PIL import Image

    import renderers
    from renderers import middle_ages as board
    from tests.play import random_game

    for n in (2, 3, 4, 5):
        states, _ = random_game(middle_ages, n, {"barracks_loss": "victim"}, seed=n)
        for state in states[:: max(1, len(states) // 4)] + [states[-1]]:
            png = renderers.render("middle_ages", middle_ages.view(state, None), names=["Ann", "Bo"], lang="ja")
            assert png.startswith(PNG) and len(png) < 300_000
            image = Image.open(io.BytesIO(png))
            assert image.size == (1100, 800) and image.mode == "P"
    view = middle_ages.view(states[30], None)
    assert board.draw(view).tobytes() == board.draw(middle_ages.view(states[30], 2)).tobytes()  # same for all
    with pytest.raises(ValueError, match="not a Middle Ages view"):
        board.render({"game": "minoa"})
    with pytest.raises(ValueError, match="4 rows"):
        board.render(dict(view, rows=view["rows"][:3]))


def test_the_last_action_is_ringed_in_the_highlight_hue():
    from renderers import middle_ages as board
    from renderers.common import HIGHLIGHT
    from tests.play import random_game

    states, _ = random_game(middle_ages, 3, seed=1)
    state = next(s for s in states if s.last and s.last.get("cell") and s.phase == "move" and s.round > 1)
    view = middle_ages.view(state, None)
    g = board.geometry(3)
    r, c = view["last"]["cell"]
    x, y = g.slot_centre(r, c)
    near = (round(x), round(y - g.tile / 2 - 3))  # just above the tile: the ring
    lit = board.draw(view).getpixel(near)
    plain = board.draw(dict(view, last=None)).getpixel(near)
    assert lit != plain
    assert sum(abs(a - b) for a, b in zip(lit, HIGHLIGHT)) < 60, lit  # the highlight hue, no seat's colour


def test_rules_help_fits_one_discord_message_and_says_the_set_is_our_own():
    for lang, words in (("en", "own"), ("ja", "独自")):
        assert len(middle_ages.rules_help[lang]) <= 2000
        assert words in middle_ages.rules_help[lang]
