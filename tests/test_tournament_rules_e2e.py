"""End to end through the fake Discord (issue 29, point 2): every engine setting is reachable from
``/tournament new`` (points, tie-breaks, entry numbers up to the engine's 1,024, and any other by
name), each refused with a specific ephemeral error that changes nothing, and the sign-up message
states what was chosen."""

from __future__ import annotations

from tests.test_bot_e2e import World, play
from tests.test_tournament_e2e import cog, command, create


async def count(world: World) -> int:
    return len(await world.host.store.tournaments_with_status("registration", guild_id=world.guild.id))


def test_tournament_new_reaches_every_setting_and_states_it_on_the_sign_up(tmp_path):
    async def scenario(world: World):
        async with world.running():
            tid, signup = await create(world, game="minoa", format="swiss", points="3/1/0",
                                       tie_breaks="sonneborn_berger,wins", entrants="4-1024",
                                       settings="bye_points=1.5")
            s = (await cog(world).service.get(tid)).state["settings"]
            assert (s["points_win"], s["points_draw"], s["points_loss"], s["bye_points"]) == (3, 1, 0, 1.5)
            assert s["tie_breaks"] == ["sonneborn_berger", "wins"]
            assert (s["min_entrants"], s["max_entrants"]) == (4, 1024)
            text = str(signup.embeds)
            assert "Points: win 3 · draw 1 · loss 0 · bye 1.5" in text
            assert "Tie-breaks: Sonneborn-Berger, Wins" in text and "Entrants: 4 to 1024" in text

            tid, signup = await create(world, game="minoa", format="double_elimination", best_of=3,
                                       settings="grand_final_reset=off min_entrants=5")
            s = (await cog(world).service.get(tid)).state["settings"]
            assert s["grand_final_reset"] is False and s["min_entrants"] == 5 and s["best_of"] == 3
            text = str(signup.embeds)
            assert "best of 3" in text and "one match, no reset" in text and "Entrants: 5 to 256" in text

            tid, signup = await create(world, game="minoa", format="round_robin", settings="groups=2 cycles=2")
            text = str(signup.embeds)
            assert "In 2 groups dealt by seed" in text and "Double round robin" in text

            before = await count(world)
            for options, said in (
                ({"entrants": "1-2000"}, "“min_entrants” must be a whole number from 2 to 1024"),
                ({"entrants": "4-2000"}, "“max_entrants” must be a whole number from 4 to 1024"),
                ({"entrants": "many"}, "min-max, like 4-64"),
                ({"points": "3/1"}, "win/draw/loss, like 3/1/0"),
                ({"points": "1/2/0"}, "win"),  # a draw worth more than a win
                ({"points": "300/1/0"}, "points_win"),
                ({"tie_breaks": "coin_toss"}, "buchholz"),  # the error lists the format's tie-breaks
                ({"settings": "bye_points"}, "name=value"),
                ({"settings": "bye_points=9000"}, "bye_points"),
                ({"settings": "surprise=on"}, "There is no tournament setting “surprise”"),
                ({"points": "3/1/0", "settings": "points_win=2"}, "given twice"),
            ):
                refused = await command(world, "tournament new", world.alice, game="minoa", **options)
                assert refused.ephemeral and said in refused.content, (options, refused.content)
            assert await count(world) == before
    play(scenario, tmp_path, timeout=60)


def test_an_organiser_keeps_two_players_apart_and_a_player_asks_for_a_half_point_bye(tmp_path):
    async def scenario(world: World):
        async with world.running():
            tid, signup = await create(world, game="minoa", format="swiss", rounds=2, rated=False)
            for user in (world.alice, world.bob, world.mallory):
                await (await world.fake.click_button(signup, f"tn:join:{tid}", user=user)).reply()
            await command(world, "tournament fill", world.alice, count=3)
            kept = await command(world, "tournament forbid", world.alice, player=world.alice, other=world.mallory)
            assert kept.ephemeral and "will not be paired together" in kept.content
            again = await command(world, "tournament forbid", world.alice, player=world.mallory, other=world.alice)
            assert again.ephemeral and "already kept apart" in again.content
            asked = await command(world, "tournament bye", world.bob)
            assert asked.ephemeral and "半点の不戦" in asked.content  # bob reads Japanese
            await command(world, "tournament start", world.alice)
            tm = (await cog(world).service.get(tid)).state
            (first,) = tm["rounds"]
            assert first["half_byes"] == [str(world.bob.id)]
            assert all({str(world.alice.id), str(world.mallory.id)} != set(tb["entrants"]) for tb in first["tables"])
            assert tm["forbidden"] == [sorted([str(world.alice.id), str(world.mallory.id)])]
    play(scenario, tmp_path, timeout=60)
