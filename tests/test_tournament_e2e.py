"""End to end through the fake Discord: tournaments from sign-up to podium (people sign up with
the buttons and play their games with /move; AI fill-ins play the other seats at the fastest
level), the organiser's rights, and the threads, mentions, standings and podium posts."""

from __future__ import annotations

import asyncio

from tests.test_bot_e2e import PNG, World, play

MANAGE_SERVER = 1 << 5


def cog(world: World):
    return world.bot.get_cog("Tournament")


async def create(world: World, **options):
    handle = await world.fake.send_slash_command("tournament new", user=world.alice, channel=world.general,
                                                 options=options)
    signup = await handle.reply()
    assert not signup.ephemeral and "tn:leave:" in " ".join(signup.custom_ids())  # team events have no Join
    tid = int(next(c for c in signup.custom_ids() if c.startswith("tn:leave:")).rsplit(":", 1)[1])
    await world.fake.wait_until(lambda: True)
    for _ in range(200):
        if (await cog(world).service.get(tid)).message_id == signup.id:
            return tid, signup
        await asyncio.sleep(0.02)
    raise AssertionError("the sign-up message was never stored")


async def command(world: World, name: str, user, **options):
    return await (await world.fake.send_slash_command(name, user=user, channel=world.general,
                                                      options=options)).reply()


async def play_to_the_end(world: World, tid: int, people, timeout: float = 50, until=None) -> None:
    """People play the first move /move suggests whenever a game of theirs waits on them, until the
    podium is posted (or the async ``until()`` is true)."""
    users = {u.id: u for u in people}
    store, host = world.host.store, world.host
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    moves = 0
    while not await until() if until is not None else (await cog(world).service.get(tid)).podium_message_id is None:
        if loop.time() > deadline:
            tables = [(link, await host.table(link.table_id)) for link in await store.tournament_links(tid)]
            raise AssertionError("the tournament did not finish in time: " + "; ".join(
                f"{link.round}/{link.number} {table.status} v{table.version}/{table.announced_version} "
                f"waiting={[s.name for s in host.waiting_on(table)]}" for link, table in tables) + world.fake.describe(20))
        for link in await store.tournament_links(tid):
            if link.status != "active" or link.thread_id is None:
                continue
            table = await host.table(link.table_id)
            waiting = [s for s in host.waiting_on(table) if s.user_id in users]
            if not waiting or not (table.announced_version == table.version or await world.bot.presenter.mid_turn(table)):
                continue
            user = users[waiting[0].user_id]
            thread = next(c for c in world.fake.threads() if c.id == link.thread_id)
            choices = await (await world.fake.send_autocomplete(
                "move", user=user, channel=thread, focused="move", value="")).choices()
            if choices:  # none: the game moved on meanwhile
                # varied picks: the same move twice in a row is held back as a likely resend
                moves += 1
                await world.move(user, choices[(moves * 7) % len(choices)]["value"], channel=thread)
        await asyncio.sleep(0.02)
    await world.handlers_done()


async def check_threads_and_posts(world: World, tid: int, tables: int, rounds: int) -> None:
    service = cog(world).service
    links = await world.host.store.tournament_links(tid)
    assert len(links) == tables and {link.round for link in links} == set(range(1, rounds + 1))
    threads = {c.id: c for c in world.fake.threads()}
    for link in links:
        assert link.status in ("finished", "cancelled") and link.thread_id in threads
        table = await world.host.table(link.table_id)
        intro = world.fake.find_messages(channel=threads[link.thread_id])[0]
        assert f"round {link.round}, table {link.number}" in intro.content
        humans = {s.user_id for s in table.seats if s.user_id is not None}
        assert intro.pings["users"] == humans  # exactly the players of that table are notified
    posts = world.fake.find_messages(channel=world.general)
    standings = [m for m in posts if "standings after round" in m.content]
    assert [m.content.split("round ")[1].split("*")[0] for m in standings] == [str(r) for r in range(1, rounds)]
    assert all(m.attachments[0].data.startswith(PNG) and not m.pings["users"] for m in standings)
    (podium,) = [m for m in posts if "is over" in m.content]
    assert len(podium.attachments) == 2 and all(a.data.startswith(PNG) for a in podium.attachments)
    assert podium.id == (await service.get(tid)).podium_message_id
    assert posts.index(standings[-1]) < posts.index(podium)


def plain_member(world: World) -> None:
    """Mallory without the e2e world's Admins role (Manage Server): a member who is no organiser."""
    world.guild.members[world.mallory.id].role_ids.clear()


def test_an_eight_player_swiss_of_minoa_from_sign_up_to_podium(tmp_path):
    async def scenario(world: World):
        plain_member(world)
        async with world.running():
            tid, signup = await create(world, game="minoa", format="swiss", rounds=2)
            # people join with the button; the sign-up message lists them
            for user in (world.alice, world.bob):
                reply = await (await world.fake.click_button(signup, f"tn:join:{tid}", user=user)).reply()
            again = await (await world.fake.click_button(signup, f"tn:join:{tid}", user=world.bob)).reply()
            assert again.ephemeral and "すでに参加" in again.content  # bob reads Japanese
            # only the organiser fills and starts; a refusal is ephemeral and changes nothing
            refused = await command(world, "tournament fill", world.mallory, count=6)
            assert refused.ephemeral and "organiser" in refused.content
            refused = await command(world, "tournament start", world.mallory)
            assert refused.ephemeral and "organiser" in refused.content
            assert (await cog(world).service.get(tid)).status == "registration"
            reply = await command(world, "tournament fill", world.alice, count=6)
            assert reply.ephemeral and "6 AI" in reply.content
            await command(world, "tournament start", world.alice)
            edited = await world.fake.wait_for_message(lambda m: m.id == signup.id and not m.components,
                                                       channel=world.general)
            assert "alice" in str(edited.embeds) and "AI 6" in str(edited.embeds)
            await play_to_the_end(world, tid, (world.alice, world.bob))
            await check_threads_and_posts(world, tid, tables=8, rounds=2)
            standings = await command(world, "tournament standings", world.mallory, **{"tournament": tid})
            assert standings.ephemeral and standings.attachments[0].data.startswith(PNG)
            export = await command(world, "tournament export", world.bob, tournament=tid)
            csv = export.attachments[0].data.decode()
            assert csv.startswith("round,table,match,seat,entrant") and csv.count("\n") == 1 + 16
            rating = await command(world, "rating", world.bob, player=world.alice, game="minoa")
            assert rating.ephemeral and "alice" in rating.content
            # Alice and Bob are rated for each game they played against each other (AI seats rate nobody)
            met = sum(1 for rnd in (await cog(world).service.get(tid)).state["rounds"] for tb in rnd["tables"]
                      if {str(world.alice.id), str(world.bob.id)} <= set(tb["entrants"]))
            rated = await world.host.store.ratings(world.guild.id, "minoa")
            assert {u: r[2] for u, r in rated.items()} == ({world.alice.id: met, world.bob.id: met} if met else {})
            # issue 29: the sign-up and the podium say which games were rated and why the others were not
            assert "AI fill-ins are left out" in str(signup.embeds)
            (podium,) = [m for m in world.fake.find_messages(channel=world.general) if "is over" in m.content]
            assert f"Ratings: {met} of 8 games were rated." in podium.content
            assert f"fewer than two people at the table (the other seats AI fill-ins), which moved no one's rating: " \
                f"{8 - met}." in podium.content
            # someone who played no rated game is told so, and why
            nothing = await command(world, "rating", world.mallory, player=world.mallory)
            assert nothing.ephemeral and "has no rated games here yet" in nothing.content
            assert "games against AI fill-ins only" in nothing.content
    play(scenario, tmp_path, timeout=90)


def test_a_nine_player_medina_event_at_tables_of_three_from_sign_up_to_podium(tmp_path):
    async def scenario(world: World):
        moderator_role = world.fake.create_role(world.guild, "mods", permissions=MANAGE_SERVER)
        carol = world.fake.create_user("carol")
        world.fake.add_member(world.guild, carol, roles=(moderator_role,))
        plain_member(world)
        async with world.running():
            tid, signup = await create(world, game="medina", format="swiss_tables", table_size=3, rounds=2,
                                       check_in=True)
            people = (world.alice, world.bob, world.mallory)
            for user in people:
                await (await world.fake.click_button(signup, f"tn:join:{tid}", user=user)).reply()
            for user in people[:2]:  # mallory never checks in: left out at the start
                await (await world.fake.click_button(signup, f"tn:check:{tid}", user=user)).reply()
            await command(world, "tournament fill", world.alice, count=7)
            # someone with Manage Server is an organiser too
            mark = world.fake.mark()
            started = await command(world, "tournament start", carol)
            assert started.ephemeral and "has started" in started.content
            announced = await world.fake.wait_for_message(lambda m: "has started" in m.content and not m.ephemeral, channel=world.general,
                                                          after=mark)
            assert not announced.pings["users"]
            refused = await command(world, "tournament drop", world.mallory, player=world.bob)
            assert refused.ephemeral and "organiser" in refused.content
            refused = await command(world, "tournament adjudicate", world.alice, table=1, result="first",
                                    reason="test")
            assert refused.ephemeral and "1/2" in refused.content
            assert all(not tb["places"] for tb in (await cog(world).service.get(tid)).state["rounds"][0]["tables"])
            # the organiser decides Alice's table (it waits on people, so it cannot end meanwhile): its
            # game closes and its thread says why
            await world.fake.wait_until(lambda: len(world.fake.threads()) == 3, timeout=10, what="round 1 threads")
            tables = (await cog(world).service.get(tid)).state["rounds"][0]["tables"]
            number = next(tb["number"] for tb in tables if str(world.alice.id) in tb["entrants"])
            done = await command(world, "tournament adjudicate", world.alice, table=number, result="2/1/3",
                                 reason="server outage")
            assert done.ephemeral and "server outage" in done.content
            link = next(k for k in await world.host.store.tournament_links(tid) if (k.round, k.number) == (1, number))
            assert link.status == "cancelled"
            thread = next(c for c in world.fake.threads() if c.id == link.thread_id)
            await world.fake.wait_for_message(lambda m: "server outage" in m.content, channel=thread)
            tm = (await cog(world).service.get(tid)).state
            assert [e["id"] for e in tm["entrants"]].count(str(world.mallory.id)) == 0
            assert len(tm["entrants"]) == 9
            await play_to_the_end(world, tid, people[:2])
            await check_threads_and_posts(world, tid, tables=6, rounds=2)
            board = await command(world, "leaderboard", world.mallory, game="medina")
            rated = await world.host.store.ratings(world.guild.id, "medina")
            # rated only when Alice and Bob met in round 2 (their round 1 game was adjudicated)
            met = any({str(world.alice.id), str(world.bob.id)} <= set(tb["entrants"])
                      for tb in (await cog(world).service.get(tid)).state["rounds"][1]["tables"])
            assert set(rated) == ({world.alice.id, world.bob.id} if met else set())
            if met:
                assert not board.ephemeral and not board.pings["users"] and f"<@{world.alice.id}>" in board.content
            else:
                assert board.ephemeral and "Nobody is rated" in board.content
    play(scenario, tmp_path, timeout=90)


def test_a_thread_discord_refused_is_opened_later_and_a_restart_carries_the_event_on(tmp_path, monkeypatch):
    import bot.cogs.tournament as cog_module

    monkeypatch.setattr(cog_module, "RETRY_SECONDS", 0.2)

    async def scenario(world: World):
        async with world.running():
            tid, _ = await create(world, game="minoa", format="swiss", rounds=2, rated=False)
            await command(world, "tournament fill", world.alice, count=4)
            # Discord refuses the first thread of round 1 (e.g. a permission fixed a moment later)
            world.fake.inject_error("POST", r"/channels/\d+/threads$", status=403, code=50013,
                                    message="Missing Permissions", times=1)
            await command(world, "tournament start", world.alice)
            await world.fake.wait_until(lambda: len(world.fake.threads()) == 2, timeout=10, what="both threads")
            assert not world.fake._injected  # the refusal did happen
        # stopped in the middle; the next start carries on from storage
        async with world.running():
            loop = asyncio.get_running_loop()
            deadline = loop.time() + 30
            while (await cog(world).service.get(tid)).podium_message_id is None:
                assert loop.time() < deadline, "the tournament did not finish after the restart"
                await asyncio.sleep(0.05)
            await world.handlers_done()
            links = await world.host.store.tournament_links(tid)
            assert len(links) == 4 and all(link.status == "finished" and link.thread_id for link in links)
            assert len(world.fake.threads()) == 4  # one thread per game, none twice
            assert await world.host.store.ratings(world.guild.id, "minoa") == {}  # unrated event
    play(scenario, tmp_path, timeout=90)


def test_the_organiser_drops_a_player_in_the_middle_of_a_round_and_an_ai_finishes_their_game(tmp_path):
    async def scenario(world: World):
        async with world.running():
            tid, signup = await create(world, game="minoa", format="swiss", rounds=1)
            for user in (world.alice, world.bob):
                await (await world.fake.click_button(signup, f"tn:join:{tid}", user=user)).reply()
            await command(world, "tournament fill", world.alice, count=2)
            await command(world, "tournament start", world.alice)
            await world.fake.wait_until(lambda: len(world.fake.threads()) == 2, timeout=10, what="the threads")
            mark = world.fake.mark()
            done = await command(world, "tournament drop", world.alice, player=world.bob)
            assert done.ephemeral and "withdrawn" in done.content
            said = await world.fake.wait_for_message(lambda m: "withdrawn" in m.content and not m.ephemeral,
                                                     channel=world.general, after=mark)
            assert said.pings["users"] == {world.bob.id}
            await play_to_the_end(world, tid, (world.alice,))
            tm = (await cog(world).service.get(tid)).state
            bob = next(e for e in tm["entrants"] if e["id"] == str(world.bob.id))
            assert bob["dropped_from"] == 2
            (table,) = [tb for tb in tm["rounds"][0]["tables"] if str(world.bob.id) in tb["entrants"]]
            assert table["games"][0]["abandoned"] == [str(world.bob.id)]
            assert table["places"][table["entrants"].index(str(world.bob.id))] == 2
            link = next(k for k in await world.host.store.tournament_links(tid) if k.number == table["number"])
            game = await world.host.table(link.table_id)
            assert world.bob.id not in [s.user_id for s in game.seats] and game.settings["dropped"]
    play(scenario, tmp_path, timeout=60)


def test_the_sign_up_buttons_work_after_a_restart(tmp_path):
    async def scenario(world: World):
        async with world.running():
            tid, signup = await create(world, game="medina", format="swiss_tables", table_size=3, check_in=True)
        async with world.running():
            await (await world.fake.click_button(signup, f"tn:join:{tid}", user=world.alice)).reply()
            await world.fake.wait_for_message(lambda m: m.ephemeral and f"entered in tournament #{tid}" in m.content,
                                              channel=world.general)
            await (await world.fake.click_button(signup, f"tn:check:{tid}", user=world.alice)).reply()
            tm = (await cog(world).service.get(tid)).state
            assert [(e["id"], e["checked_in"]) for e in tm["entrants"]] == [(str(world.alice.id), True)]
            edited = await world.fake.wait_for_message(lambda m: m.id == signup.id and "✅ alice" in str(m.embeds),
                                                       channel=world.general)
            assert "tn:check:" in " ".join(edited.custom_ids())
    play(scenario, tmp_path, timeout=60)


def test_an_elimination_event_posts_its_bracket_with_the_standings_and_the_podium(tmp_path):
    async def scenario(world: World):
        async with world.running():
            tid, signup = await create(world, game="minoa", format="single_elimination")
            await (await world.fake.click_button(signup, f"tn:join:{tid}", user=world.bob)).reply()
            await command(world, "tournament fill", world.alice, count=2)
            await command(world, "tournament start", world.alice)
            await play_to_the_end(world, tid, (world.alice, world.bob))
            posts = world.fake.find_messages(channel=world.general)
            standings = [m for m in posts if "standings after round" in m.content]
            assert standings and all(m.attachments[0].filename == f"bracket-{tid}.png" for m in standings)
            (podium,) = [m for m in posts if "is over" in m.content]
            names = [a.filename for a in podium.attachments]
            assert names[:2] == [f"podium-{tid}.png", f"bracket-{tid}.png"] and all(
                a.data.startswith(PNG) for a in podium.attachments)
    play(scenario, tmp_path, timeout=90)
