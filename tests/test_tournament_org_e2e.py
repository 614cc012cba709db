"""End to end through the fake Discord: the organiser's tools (pause / resume, adding a player
late, a substitute taking a seat mid-game), team sign-up with the partner's acceptance, scheduled
starts and rounds across a restart, and the timeout rule, each with its posts, mentions and the
sign-up message kept up to date."""

from __future__ import annotations

import asyncio

from tests.test_bot_e2e import World, play
from tests.test_tournament_e2e import cog, command, create, plain_member, play_to_the_end
from tests.test_tournament_org_host import MORNING, Clock


async def links(world: World, tid: int, number: int | None = None):
    return [k for k in await world.host.store.tournament_links(tid) if number is None or k.round == number]


async def round_done(world: World, tid: int, number: int) -> bool:
    rounds = (await cog(world).service.get(tid)).state["rounds"]
    return len(rounds) >= number and rounds[number - 1]["status"] == "done"


def member(world: World, name: str):
    """Someone new in the server, with no role."""
    user = world.fake.create_user(name)
    world.fake.add_member(world.guild, user)
    return user


async def public(world: World, text: str, mark: int, timeout: float = 5):
    return await world.fake.wait_for_message(lambda m: text in m.content and not m.ephemeral,
                                             channel=world.general, after=mark, timeout=timeout)


def test_the_organiser_pauses_and_resumes_and_a_member_cannot(tmp_path):
    async def scenario(world: World):
        plain_member(world)
        async with world.running():
            tid, signup = await create(world, game="minoa", format="swiss", rounds=2, rated=False)
            await (await world.fake.click_button(signup, f"tn:join:{tid}", user=world.alice)).reply()
            await command(world, "tournament fill", world.alice, count=3)
            refused = await command(world, "tournament pause", world.alice, tournament=tid)
            assert refused.ephemeral and "not running" in refused.content  # nothing to pause yet
            await command(world, "tournament start", world.alice)
            refused = await command(world, "tournament pause", world.mallory)
            assert refused.ephemeral and "organiser" in refused.content
            assert not (await cog(world).service.get(tid)).state["paused"]
            mark = world.fake.mark()
            done = await command(world, "tournament pause", world.alice)
            assert done.ephemeral and "paused" in done.content
            await public(world, "is paused", mark)
            await world.fake.wait_for_message(lambda m: m.id == signup.id and "Paused" in str(m.embeds),
                                              channel=world.general)
            # round 1 is played out; round 2 waits
            await play_to_the_end(world, tid, (world.alice,), until=lambda: round_done(world, tid, 1))
            await world.handlers_done()
            assert await links(world, tid, 2) == []
            refused = await command(world, "tournament resume", world.mallory)
            assert refused.ephemeral and "organiser" in refused.content
            mark = world.fake.mark()
            await command(world, "tournament resume", world.alice)
            await public(world, "is resumed", mark)
            assert len(await links(world, tid, 2)) == 2
            await play_to_the_end(world, tid, (world.alice,))
    play(scenario, tmp_path, timeout=90)


def test_a_late_entrant_added_by_the_organiser_or_by_the_button_and_a_substitute_mid_game(tmp_path):
    async def scenario(world: World):
        plain_member(world)
        carol = member(world, "carol")
        async with world.running():
            tid, signup = await create(world, game="minoa", format="swiss", rounds=2, rated=False, late_entry=True)
            await (await world.fake.click_button(signup, f"tn:join:{tid}", user=world.alice)).reply()
            await command(world, "tournament fill", world.alice, count=3)
            await command(world, "tournament start", world.alice)
            # the sign-up message keeps a Join button for late entry, and says so
            edited = await world.fake.wait_for_message(
                lambda m: m.id == signup.id and "Running" in str(m.embeds) and "Late entry" in str(m.embeds),
                channel=world.general)
            assert [c for c in edited.custom_ids()] == [f"tn:join:{tid}"]
            refused = await command(world, "tournament add", world.mallory, player=world.bob)
            assert refused.ephemeral and "organiser" in refused.content
            mark = world.fake.mark()
            added = await command(world, "tournament add", world.alice, player=world.bob)
            assert added.ephemeral and "from round 2" in added.content
            said = await public(world, "late", mark)
            assert said.pings["users"] == {world.bob.id}
            await (await world.fake.click_button(edited, f"tn:join:{tid}", user=world.mallory)).reply()
            tm = (await cog(world).service.get(tid)).state
            late = {e["id"]: e["joined_round"] for e in tm["entrants"] if not e["id"].startswith("ai:")}
            assert late == {str(world.alice.id): 1, str(world.bob.id): 2, str(world.mallory.id): 2}

            # Alice's game of round 1 passes to Carol
            await world.fake.wait_until(lambda: len(world.fake.threads()) == 2, timeout=10, what="round 1 threads")
            (mine,) = [k for k in await links(world, tid, 1)
                       if world.alice.id in [s.user_id for s in (await world.host.table(k.table_id)).seats]]
            refused = await command(world, "tournament substitute", world.mallory, player=world.alice,
                                    substitute=world.mallory)
            assert refused.ephemeral and "organiser" in refused.content
            mark = world.fake.mark()
            done = await command(world, "tournament substitute", world.alice, player=world.alice, substitute=carol)
            assert done.ephemeral and "replaces" in done.content
            thread = next(c for c in world.fake.threads() if c.id == mine.thread_id)
            told = await world.fake.wait_for_message(lambda m: "takes over" in m.content, channel=thread, after=mark)
            assert told.pings["users"] == {carol.id}
            table = await world.host.table(mine.table_id)
            assert carol.id in [s.user_id for s in table.seats] and table.status == "active"
            refused = await command(world, "move", world.alice, move="x")  # no longer a player there
            assert refused.ephemeral
            await play_to_the_end(world, tid, (carol, world.bob, world.mallory))
            tm = (await cog(world).service.get(tid)).state
            entrant = next(e for e in tm["entrants"] if e["id"] == str(world.alice.id))
            assert entrant["members"] == [str(carol.id)]
            (podium,) = [m for m in world.fake.find_messages(channel=world.general) if "is over" in m.content]
            assert f"<@{world.alice.id}>" not in podium.content  # the entry is Carol's now
            seated = {s.user_id for k in await links(world, tid, 2) for s in (await world.host.table(k.table_id)).seats}
            assert carol.id in seated and world.alice.id not in seated
    play(scenario, tmp_path, timeout=120)


def test_a_team_signs_up_when_the_partner_accepts_and_plays_two_against_two(tmp_path):
    async def scenario(world: World):
        plain_member(world)
        dave = member(world, "dave")
        async with world.running():
            tid, signup = await create(world, game="minoa", format="swiss", rounds=1, rated=False, team_size=2)
            assert f"tn:join:{tid}" not in signup.custom_ids() and "/tournament team" in str(signup.embeds)
            mark = world.fake.mark()
            sent = await command(world, "tournament team", world.alice, team_name="Owls", partner=world.bob)
            assert sent.ephemeral and "Owls" in sent.content
            invite = await public(world, "invites you", mark)
            assert invite.pings["users"] == {world.bob.id}
            refused = await (await world.fake.click_button(invite, f"tn:accept:{tid}:{world.alice.id}",
                                                           user=world.mallory)).reply()
            assert refused.ephemeral and "invited partner" in refused.content
            assert (await cog(world).service.get(tid)).state["entrants"] == []
        async with world.running():  # the invitation and its buttons outlive a restart
            await (await world.fake.click_button(invite, f"tn:accept:{tid}:{world.alice.id}", user=world.bob)).reply()
            answered = await world.fake.wait_for_message(lambda m: m.id == invite.id and not m.components,
                                                         channel=world.general)
            assert "**Owls**" in answered.content  # said in the server's language
            await world.fake.wait_for_message(lambda m: m.id == signup.id and "Owls" in str(m.embeds),
                                              channel=world.general)
            refused = await command(world, "tournament team", world.mallory, team_name="Owls", partner=world.alice)
            assert refused.ephemeral and "already" in refused.content
            # an invitation that is declined enters nobody
            mark = world.fake.mark()
            await command(world, "tournament team", world.mallory, team_name="Crows", partner=dave)
            invite = await public(world, "invites you", mark)
            await (await world.fake.click_button(invite, f"tn:decline:{tid}:{world.mallory.id}", user=dave)).reply()
            await world.fake.wait_for_message(lambda m: m.id == invite.id and "declined" in m.content
                                              and not m.components, channel=world.general)
            assert len((await cog(world).service.get(tid)).state["entrants"]) == 1
            await command(world, "tournament fill", world.alice, count=1)
            await command(world, "tournament start", world.alice)
            await world.fake.wait_until(lambda: len(world.fake.threads()) == 1, timeout=10, what="the table")
            (link,) = await links(world, tid, 1)
            seats = [s.user_id for s in (await world.host.table(link.table_id)).seats]
            assert seats in ([world.alice.id, None, world.bob.id, None], [None, world.alice.id, None, world.bob.id])
            intro = await world.fake.wait_for_message(lambda m: "round 1, table 1" in m.content,
                                                      channel=world.fake.threads()[0])
            assert intro.pings["users"] == {world.alice.id, world.bob.id}
            await play_to_the_end(world, tid, (world.alice, world.bob))
            tm = (await cog(world).service.get(tid)).state
            assert [e["name"] for e in tm["entrants"]] == ["Owls", "AI 1"]
            (podium,) = [m for m in world.fake.find_messages(channel=world.general) if "is over" in m.content]
            assert f"Owls (<@{world.alice.id}> & <@{world.bob.id}>)" in podium.content  # the team, its people
            assert podium.pings["users"] == {world.alice.id, world.bob.id}
    play(scenario, tmp_path, timeout=90)


def test_a_scheduled_start_and_a_round_two_hours_later_across_a_restart(tmp_path):
    clock = Clock()

    async def scenario(world: World):
        async with world.running():
            tid, signup = await create(world, game="minoa", format="swiss", rounds=2, rated=False,
                                       start_at="10:30", round_start="2h", signup_closes="10:20")
            assert "Starts <t:" in str(signup.embeds) and "Sign-up closes" in str(signup.embeds)
            await (await world.fake.click_button(signup, f"tn:join:{tid}", user=world.alice)).reply()
            await command(world, "tournament fill", world.alice, count=3)
            clock.now = MORNING + 1200
            refused = await (await world.fake.click_button(signup, f"tn:join:{tid}", user=world.bob)).reply()
            assert refused.ephemeral and "締め切" in refused.content  # bob reads Japanese
            await cog(world).wake()
            assert (await cog(world).service.get(tid)).status == "registration"
            clock.now = MORNING + 1800
            await cog(world).wake()
            await world.fake.wait_for_message(lambda m: m.id == signup.id and not m.components,
                                              channel=world.general)
            mark = world.fake.mark()
            await play_to_the_end(world, tid, (world.alice,), until=lambda: round_done(world, tid, 1))
            said = await public(world, "round 2 starts", mark)
            due = (await cog(world).service.get(tid)).state["extra"]["round_due"]
            assert f"<t:{int(due['at'])}:f>" in said.content and due["at"] == clock.now + 7200
        async with world.running():  # a restart keeps the round waiting for its time
            await cog(world).wake()
            assert await links(world, tid, 2) == []
            clock.now = due["at"]
            await cog(world).wake()
            assert len(await links(world, tid, 2)) == 2
            await play_to_the_end(world, tid, (world.alice,))
    play(scenario, tmp_path, timeout=90, clock=clock)


def test_a_player_who_runs_out_of_time_is_withdrawn_and_it_is_said_in_the_channel(tmp_path):
    clock = Clock()

    async def scenario(world: World):
        async with world.running():
            tid, signup = await create(world, game="minoa", format="swiss", rounds=2, rated=False, clock="1d",
                                       timeout="drop")
            assert "times out is withdrawn" in str(signup.embeds)
            await (await world.fake.click_button(signup, f"tn:join:{tid}", user=world.alice)).reply()
            await command(world, "tournament fill", world.alice, count=3)
            await command(world, "tournament start", world.alice)
            await world.fake.wait_until(lambda: len(world.fake.threads()) == 2, timeout=10, what="round 1 threads")
            (mine,) = [k for k in await links(world, tid, 1)
                       if world.alice.id in [s.user_id for s in (await world.host.table(k.table_id)).seats]]
            for _ in range(500):  # the AI moves first at Alice's table, or not
                table = await world.host.table(mine.table_id)
                if [s for s in world.host.waiting_on(table) if s.user_id == world.alice.id]:
                    break
                await asyncio.sleep(0.02)
            mark = world.fake.mark()
            clock.now += 2 * 86_400
            await world.bot.tick()
            said = await public(world, "ran out of time", mark, timeout=40)  # once the AI finished it
            assert said.pings["users"] == {world.alice.id}
            await play_to_the_end(world, tid, ())
            tm = (await cog(world).service.get(tid)).state
            alice = next(e for e in tm["entrants"] if e["id"] == str(world.alice.id))
            assert alice["dropped_from"] == 2
            # round 2: the three others, one table and a bye
            assert len(tm["rounds"][1]["tables"]) == 1 and len(tm["rounds"][1]["byes"]) == 1
            assert str(world.alice.id) not in tm["rounds"][1]["tables"][0]["entrants"] + tm["rounds"][1]["byes"]
    play(scenario, tmp_path, timeout=90, clock=clock)
