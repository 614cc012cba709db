"""Scale and exactly-once, through the fake Discord: a 64-table round opened under modelled
Discord rate limits (every thread and its first post exactly once, the players mentioned, no
request sent while Discord said to wait), and posts that a stop at the worst moment (after
Discord made them, before the bot recorded them) does not make twice.

The limits are Discord's shape on a shorter clock (so the test runs in seconds): a hidden limit
on creating threads shared by the whole server (learnt only from 429 answers), per-channel
message buckets announced in the ``X-RateLimit-*`` headers, and a global limit on all the bot's
requests.
"""

from __future__ import annotations

import asyncio
import re

from tests.fakediscord.ratelimits import RateLimits
from tests.test_bot_e2e import World, play
from tests.test_tournament_e2e import cog, command, create

THREADS = r"^/channels/\d+/threads$"
MESSAGES = r"^/channels/\d+/messages$"


def model_discord_limits(fake, *, threads: int = 8, messages: int = 5, overall: int = 50,
                         window: float = 1.0) -> None:
    fake.rate_limit("POST", THREADS, limit=threads, window=window, shared=True, headers=False, name="threads")
    fake.rate_limit("POST", MESSAGES, limit=messages, window=window, name="messages per channel")
    for method in ("GET", "POST", "PATCH", "PUT", "DELETE"):
        fake.rate_limit(method, r"^/(channels|guilds|users)/", limit=overall, window=window, shared=True,
                        headers=False, name="global")


# -- the model itself -----------------------------------------------------------------------------


def test_the_rate_limit_model_refuses_a_full_bucket_and_flags_a_request_sent_too_early():
    limits = RateLimits()
    limits.add("POST", MESSAGES, limit=2, window=1.0)
    path = "/channels/1/messages"
    assert limits.admit("POST", path, 0.0)[2]["X-RateLimit-Remaining"] == "1"
    refusal, problems, headers = limits.admit("POST", path, 0.1)
    assert refusal is None and not problems and headers["X-RateLimit-Remaining"] == "0" \
        and headers["X-RateLimit-Reset-After"] == "0.900"
    # the bot had been told to wait until 1.0: a request at 0.5 is refused and counts against it
    refusal, problems, _ = limits.admit("POST", path, 0.5)
    assert refusal is not None and refusal.retry_after == 0.5 and problems
    # another channel has a bucket of its own; after the window the first is open again
    assert limits.admit("POST", "/channels/2/messages", 0.5)[0] is None
    refusal, problems, _ = limits.admit("POST", path, 1.0)
    assert refusal is None and not problems
    # a hidden limit: running into it is no fault, ignoring its retry_after is
    hidden = RateLimits()
    hidden.add("POST", THREADS, limit=1, window=1.0, shared=True, headers=False)
    assert hidden.admit("POST", "/channels/1/threads", 0.0) == (None, [], {})
    refusal, problems, _ = hidden.admit("POST", "/channels/2/threads", 0.2)
    assert refusal is not None and not problems
    refusal, problems, _ = hidden.admit("POST", "/channels/1/threads", 0.3)
    assert refusal is not None and problems


def test_discord_py_waits_as_the_fake_says(tmp_path):
    async def scenario(world: World):
        model_discord_limits(world.fake, threads=3, messages=3, window=0.5)
        async with world.running():
            channel = await world.bot.channel(world.general.id)
            for i in range(10):
                await channel.create_thread(name=f"t{i}", type=discord_public_thread())
            for i in range(10):
                await channel.send(f"m{i}")
        limits = world.fake.rate_limits
        # the hidden limit was met and waited out; the announced one was waited for before it was met
        assert {r.name for r in limits.limited} == {"threads"}
        assert len(world.fake.threads()) == 10 and len(world.fake.messages_in(world.general)) == 10
        sent = [at for at, method, path in limits.served if method == "POST" and path.endswith("/messages")]
        assert sent[-1] - sent[0] >= 3 * 0.5  # 10 messages at 3 per half second: 3 waits at least
    play(scenario, tmp_path, timeout=60)


def discord_public_thread():
    import discord

    return discord.ChannelType.public_thread


# -- 64 tables ------------------------------------------------------------------------------------


def test_a_round_of_64_tables_opens_under_discords_rate_limits(tmp_path):
    async def scenario(world: World):
        people = [world.fake.create_user(f"player{i:03d}") for i in range(128)]
        for user in people:
            world.fake.add_member(world.guild, user)
        model_discord_limits(world.fake)
        async with world.running():
            tid, _ = await create(world, game="minoa", format="swiss", rounds=3)
            service = cog(world).service
            for user in people:  # sign-up itself is tested elsewhere: 128 clicks would only slow this
                await service.join(tid, user.id, user.name)
            loop = asyncio.get_running_loop()
            began = loop.time()
            reply = await command(world, "tournament start", world.alice)
            assert reply.ephemeral and "has started" in reply.content

            async def ticking():  # the bot's tick runs meanwhile: it must not make threads of its own
                while True:
                    await world.bot.presenter.sweep()
                    await asyncio.sleep(0.3)
            ticker = asyncio.create_task(ticking())
            links = await world.host.store.tournament_links(tid)
            assert len(links) == 64
            await world.fake.wait_until(lambda: len(world.fake.threads()) >= 64 and all(
                any("round 1, table" in m.content for m in world.fake.messages_in(th)) for th in world.fake.threads()),
                timeout=120, poll=0.2, what="64 threads with their first posts")
            took = loop.time() - began
            ticker.cancel()
            await asyncio.sleep(0.5)  # anything sent twice would show by now
            links = await world.host.store.tournament_links(tid)
            threads = world.fake.threads()
            assert len(threads) == 64 and sorted(link.thread_id for link in links) == sorted(t.id for t in threads)
            for link in links:
                thread = next(t for t in threads if t.id == link.thread_id)
                assert thread.name == f"T{tid} R1 table {link.number}"
                intros = [m for m in world.fake.messages_in(thread) if "round 1, table" in m.content]
                table = await world.host.table(link.table_id)
                assert len(intros) == 1, f"{len(intros)} first posts in the thread of table {link.number}"
                assert intros[0].pings["users"] == {s.user_id for s in table.seats}
                boards = [m for m in world.fake.messages_in(thread) if m.attachments]
                assert len(boards) == 1 and boards[0].id > intros[0].id  # the first board, once, after it
            assert not world.fake.violations  # nothing was sent while Discord said to wait
            limits = world.fake.rate_limits
            refused = {name: sum(1 for r in limits.limited if r.name == name) for name in ("threads", "global")}
            print(f"64 tables opened in {took:.1f} s under {limits.limits[0].limit} threads/"
                  f"{limits.limits[0].window:g} s; 429s answered: {refused}; "
                  f"requests served under limits: {len(limits.served)}")
            assert refused["threads"] > 0  # the limits were met: the test exercises waiting, not luck
            await cog(world).service.cancel(tid)
    play(scenario, tmp_path, timeout=240)


# -- a stop between posting and recording ---------------------------------------------------------


class Stopped(Exception):
    """The bot stopping right after Discord made a post, before the bot wrote down that it did."""


def stop_once_after_posting(world: World, stops: list[str]) -> None:
    """The first time each post is recorded, fail instead (as if the bot stopped just then): a
    thread's id, the standings of round 1, the podium."""
    host, store = world.bot.host, world.bot.host.store
    attach, update = host.attach, store.update_tournament

    async def attach_or_stop(table_id, **ids):
        if "thread_id" in ids and "thread" not in stops:
            stops.append("thread")
            raise Stopped()
        return await attach(table_id, **ids)

    async def update_or_stop(tournament_id, *args, **fields):
        what = "podium" if "podium_message_id" in fields else "standings" if "announced_round" in fields else None
        if what and what not in stops:
            stops.append(what)
            raise Stopped()
        return await update(tournament_id, *args, **fields)

    host.attach, store.update_tournament = attach_or_stop, update_or_stop


def test_a_stop_between_posting_and_recording_posts_nothing_twice(tmp_path):
    async def scenario(world: World):
        stops: list[str] = []
        finished = False
        for start in range(5):  # started again after each stop, until the podium is recorded
            async with world.running():
                stop_once_after_posting(world, stops)
                if start == 0:
                    tid, _ = await create(world, game="minoa", format="swiss", rounds=2, rated=False)
                    await command(world, "tournament fill", world.alice, count=4)
                    await command(world, "tournament start", world.alice)
                seen, loop = len(stops), asyncio.get_running_loop()
                deadline = loop.time() + 30
                while len(stops) == seen and not finished:
                    assert loop.time() < deadline, f"nothing happened after the stops {stops}"
                    await asyncio.sleep(0.05)
                    finished = (await cog(world).service.get(tid)).podium_message_id is not None
                await world.handlers_done()
            if finished:
                break
        assert finished and sorted(stops) == ["podium", "standings", "thread"]
        async with world.running():  # and once more: a start after everything was shown adds nothing
            await asyncio.sleep(0.5)
            await world.handlers_done()
            links = await world.host.store.tournament_links(tid)
            podium_id = (await cog(world).service.get(tid)).podium_message_id
        threads = world.fake.threads()
        assert len(threads) == 4 and sorted(link.thread_id for link in links) == sorted(t.id for t in threads)
        for thread in threads:
            intros = [m for m in world.fake.messages_in(thread) if re.search(r"round \d, table \d", m.content)]
            assert len(intros) == 1, f"{thread.name}: {len(intros)} first posts"
        posts = world.fake.messages_in(world.general, include_ephemeral=False)
        assert sum("standings after round 1" in m.content for m in posts) == 1
        podiums = [m for m in posts if "is over" in m.content]
        assert len(podiums) == 1 and podiums[0].id == podium_id
    play(scenario, tmp_path, timeout=150)
