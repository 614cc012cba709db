"""A large tournament of people with the longest display names, through the fake Discord (which
refuses what Discord refuses: a field over 1,024 characters, an embed over 6,000, a message over
2,000): the sign-up message lists as many entrants as its field holds and says how many more,
every name whole; the standings, the adjudications with a reason longer than a message, and the
podium each fit, their headings and mentions whole."""

from __future__ import annotations

import re

from tests.test_bot_e2e import World, play
from tests.test_long_posts_e2e import check_clean, long_name, people
from tests.test_tournament_e2e import command, create

PEOPLE = 40


def test_a_large_tournament_of_long_names_fits_its_posts(tmp_path):
    async def scenario(world: World):
        users = people(world, PEOPLE)
        async with world.running():
            tid, signup = await create(world, game="minoa", format="swiss_tables", rounds=1, table_size=4)
            for user in users:
                await (await world.fake.click_button(signup, f"tn:join:{tid}", user=user)).reply()
            (embed,) = signup.embeds
            (field,) = embed["fields"]
            listed = field["value"].splitlines()
            assert field["name"] == f"Entrants ({PEOPLE})" and len(field["value"]) <= 1024
            assert listed[:-1] == [long_name(n) for n in range(len(listed) - 1)]  # every name whole
            assert listed[-1] == f"and {PEOPLE - len(listed) + 1} more"
            await command(world, "tournament fill", world.alice, count=8)
            await command(world, "tournament start", world.alice)
            await world.fake.wait_until(lambda: len(world.fake.threads()) == 12, timeout=30, what="the threads")

            heading = f"**Tournament #{tid}: standings**"
            standings = await command(world, "tournament standings", world.alice, tournament=tid)
            lines = standings.content.splitlines()
            assert standings.ephemeral and len(standings.content) <= 2000 and lines[0] == heading
            assert len(lines) == 22 and lines[-1] == "and 28 more"  # the top twenty, the rest counted

            reason = "The table agreed on this result after a long talk. " * 60  # longer than a message
            for table in range(1, 13):
                done = await command(world, "tournament adjudicate", world.alice, table=table, result="1/2/3/4",
                                     reason=reason)
                assert done.ephemeral and len(done.content) <= 2000 and done.content.endswith("…).")
            podium = await world.fake.wait_for_message(lambda m: "is over!" in m.content, channel=world.general,
                                                       timeout=30)
            assert len(podium.content) <= 2000 and podium.content.startswith(f"🏆 **Tournament #{tid} is over!**")
            assert podium.pings["users"] == {int(u) for u in re.findall(r"<@(\d+)>", podium.content)}
            await world.handlers_done()
            check_clean(world)
    play(scenario, tmp_path, timeout=120)
