"""Tournaments where they meet other features, through the fake Discord with the caps production
runs with (``Settings.limits()``, as ``bot/__main__.py`` gives them to the host): a round opens all
its tables whatever the organiser's AI-games cap, ``/tournament start`` says what happened, and
the standings after a round show that round's results however late they are posted."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re

import tournaments as T
from bot.host.tournaments import state_of
from tests.test_bot_e2e import PRODUCTION_LIMITS, World, play
from tests.test_tournament_e2e import cog, command, create, play_to_the_end


class ProductionWorld(World):
    """The e2e world with production's caps: 3 lobbies and 3 AI games per person, 20 per server."""

    limits = PRODUCTION_LIMITS


class Logged(logging.Handler):
    """Every warning or error the bot logs."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.texts: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        error = record.exc_info[1] if record.exc_info else None
        self.texts.append(f"{record.getMessage()} {error!r} {getattr(error, 'key', '')}")


@contextlib.contextmanager
def logged():
    handler = Logged()
    logging.getLogger().addHandler(handler)
    try:
        yield handler.texts
    finally:
        logging.getLogger().removeHandler(handler)


def test_start_opens_every_table_of_round_one_and_says_so_under_the_ai_games_cap(tmp_path):
    """Two people and six AI fill-ins: round 1 is four tables, each with an AI seat, more than the
    organiser's 3 AI games; all four open at once and the start says so (in English and Japanese)."""
    async def scenario(world: World):
        with logged() as texts:
            async with world.running():
                tid, signup = await create(world, game="minoa", format="swiss", rounds=2)
                for user in (world.alice, world.bob):
                    await (await world.fake.click_button(signup, f"tn:join:{tid}", user=user)).reply()
                await command(world, "tournament fill", world.alice, count=6)
                # Bob, a moderator (Manage Server) who reads Japanese, starts it
                moderators = world.fake.create_role(world.guild, "mods", permissions=1 << 5)
                world.guild.members[world.bob.id].role_ids.append(moderators.id)
                started = await command(world, "tournament start", world.bob)
                assert started.ephemeral and "第1回戦を開始しました: 4卓、不戦勝0人です" in started.content, started.content
                links = [link for link in await world.host.store.tournament_links(tid) if link.round == 1]
                assert len(links) == 4 and all(link.status == "active" for link in links)
                said = await world.fake.wait_for_message(lambda m: "Round 1 started: 4 tables, 0 byes" in m.content,
                                                         channel=world.general)
                assert not said.ephemeral and f"#{tid}" in said.content  # in the server's language
                await world.fake.wait_until(lambda: len(world.fake.threads()) == 4, timeout=20, what="4 threads")
        assert not [text for text in texts if "limit." in text or "games with AI players" in text], texts
    play(scenario, tmp_path, timeout=90, world_class=ProductionWorld)


def test_the_standings_after_round_one_posted_late_show_round_one_only(tmp_path, monkeypatch):
    """Discord refuses the standings post after round 1 until round 2 already has a result: the
    games go on meanwhile, and the post, when it gets through, shows round 1's points only
    (two tables of two in round 1: 1 point given per table, 2 in all)."""
    import bot.cogs.tournament as cog_module

    monkeypatch.setattr(cog_module, "RETRY_SECONDS", 0.2)

    async def scenario(world: World):
        async with world.running():
            tid, signup = await create(world, game="minoa", format="swiss", rounds=3, rated=False)
            await (await world.fake.click_button(signup, f"tn:join:{tid}", user=world.alice)).reply()
            await command(world, "tournament fill", world.alice, count=3)
            await command(world, "tournament start", world.alice)
            # from now on the tournament channel refuses the bot's posts (threads still work)
            world.fake.inject_error("POST", rf"/channels/{world.general.id}/messages$", status=403, code=50013,
                                    message="Missing Permissions", times=10 ** 6)
            service = cog(world).service

            async def round_done(number: int) -> bool:
                rounds = state_of(await service.get(tid)).rounds
                return len(rounds) >= number and rounds[number - 1].status == "done"

            await play_to_the_end(world, tid, (world.alice,), until=lambda: round_done(1))
            loop = asyncio.get_running_loop()
            deadline = loop.time() + 40
            # Alice waits; the other table of round 2 (two AI fill-ins) is played and recorded
            while not any(tb.decided for tb in state_of(await service.get(tid)).rounds[1].tables):
                assert loop.time() < deadline, "round 2's AI table never finished" + world.fake.describe(10)
                await asyncio.sleep(0.05)
            assert (await service.get(tid)).announced_round == 0  # the post is still refused
            world.fake.clear_injections()
            post = await world.fake.wait_for_message(lambda m: "standings after round 1" in m.content,
                                                     channel=world.general, timeout=20)
            tm = state_of(await service.get(tid))
            points = [float(p) for p in re.findall(r"— ([\d.]+) pts", post.content)]
            assert len(points) == 4 and sum(points) == 2, post.content
            assert sum(row.points for row in T.standings(tm)) > 2  # round 2's result exists by now
            assert post.content.count("\n") == 4 and post.attachments
    play(scenario, tmp_path, timeout=120)
