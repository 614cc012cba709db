"""End to end through the fake Discord (issue 29, points 3 and 4): a Swiss stage, then a top-4 cut
seeded from its standings with a third-place match, and an earlier round's result corrected by the
organiser on the way, from sign-up to podium."""

from __future__ import annotations

from fractions import Fraction

import tournaments as T
from bot.host.tournaments import state_of
from tests.test_bot_e2e import PNG, World, play
from tests.test_tournament_e2e import cog, command, create, plain_member, play_to_the_end
from tests.test_tournament_org_e2e import public, round_done


def test_a_swiss_stage_with_a_top_four_cut_and_a_corrected_result_from_sign_up_to_podium(tmp_path):
    async def scenario(world: World):
        plain_member(world)
        async with world.running():
            tid, signup = await create(world, game="minoa", format="swiss", rounds=2,
                                       settings="cut=4 third_place=on")
            text = str(signup.embeds)
            assert "the best 4 of the standings play a Single elimination bracket" in text
            assert "third-place match" in text
            for user in (world.alice, world.bob):
                await (await world.fake.click_button(signup, f"tn:join:{tid}", user=user)).reply()
            await command(world, "tournament fill", world.alice, count=6)
            await command(world, "tournament start", world.alice)
            await play_to_the_end(world, tid, (world.alice, world.bob), until=lambda: round_done(world, tid, 1))
            await world.handlers_done()

            # round 2 is being played; the organiser corrects a table of round 1
            tm = state_of(await cog(world).service.get(tid))
            table = tm.rounds[0].tables[0]
            flipped = [2, 1] if table.places == [1, 2] else [1, 2]
            before = T.points(tm)
            refused = await command(world, "tournament correct", world.mallory, round=1, table=table.number,
                                    result="/".join(map(str, flipped)), reason="reported the wrong way round")
            assert refused.ephemeral and "organiser" in refused.content
            mark = world.fake.mark()
            done = await command(world, "tournament correct", world.alice, round=1, table=table.number,
                                 result="/".join(map(str, flipped)), reason="reported the wrong way round")
            assert done.ephemeral and "corrected round 1" in done.content
            said = await public(world, f"corrected round 1, table {table.number}", mark)
            assert "reported the wrong way round" in said.content and "pairings already made stay" in said.content
            tm = state_of(await cog(world).service.get(tid))
            after = T.points(tm)
            a, b = table.entrants
            assert after[a] - before[a] == -(after[b] - before[b]) != 0
            assert tm.rounds[0].tables[0].corrected == table.places and len(tm.rounds) == 2

            # the Swiss stage ends; the cut is seeded from its standings (with the correction)
            await play_to_the_end(world, tid, (world.alice, world.bob), until=lambda: round_done(world, tid, 2))
            await world.handlers_done()
            tm = state_of(await cog(world).service.get(tid))
            assert tm.stage == 2 and tm.cut_seeds == [r.entrant for r in T.standings(tm, through_round=2)[:4]]
            await play_to_the_end(world, tid, (world.alice, world.bob))
            tm = state_of(await cog(world).service.get(tid))
            assert tm.status == "finished" and len(tm.rounds) == 4
            assert sorted(tb.match for tb in tm.rounds[3].tables) == ["3P", "W2-1"]
            final = next(tb for tb in tm.rounds[3].tables if tb.match == "W2-1")
            rows = T.standings(tm)
            assert rows[0].entrant == final.entrants[final.places.index(1)] and rows[0].rank == 1
            assert {r.entrant for r in rows[:4]} == set(tm.cut_seeds)
            posts = world.fake.find_messages(channel=world.general)
            after_two = next(m for m in posts if "standings after round 2" in m.content)
            assert after_two.attachments[0].filename == f"bracket-{tid}.png"  # the cut's bracket, seeded
            (podium,) = [m for m in posts if "is over" in m.content]
            names = [a.filename for a in podium.attachments]
            assert names[:2] == [f"podium-{tid}.png", f"bracket-{tid}.png"]
            assert all(a.data.startswith(PNG) for a in podium.attachments)
            assert "Results set or corrected by the organiser, not rated: 1." in podium.content
            assert isinstance(after[a], Fraction)
    play(scenario, tmp_path, timeout=150)


def test_a_round_robin_in_groups_posts_a_standings_picture_per_group(tmp_path):
    async def scenario(world: World):
        async with world.running():
            tid, signup = await create(world, game="minoa", format="round_robin", rated=False,
                                       settings="groups=2")
            await command(world, "tournament fill", world.alice, count=6)
            await command(world, "tournament start", world.alice)
            await play_to_the_end(world, tid, ())
            posts = world.fake.find_messages(channel=world.general)
            after_one = next(m for m in posts if "standings after round 1" in m.content)
            assert [a.filename for a in after_one.attachments] == [f"standings-{tid}.png", f"standings-{tid}-2.png"]
            assert all(a.data.startswith(PNG) for a in after_one.attachments)
            tm = state_of(await cog(world).service.get(tid))
            assert tm.status == "finished" and [len(g) for g in tm.groups] == [3, 3] and len(tm.rounds) == 3
    play(scenario, tmp_path, timeout=90)
