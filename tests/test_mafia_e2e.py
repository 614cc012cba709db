"""End to end: a 7-player Mafia de Cuba game with the Cleaner variant through the real discord.py
client against the fake Discord, from ``/game new`` to the reveal: three people (Alice the
Godfather, Bob, Mallory, whose DMs are closed) and four ``basic`` AI seats.

Each holder's view of the box reaches only that holder, in words and as a picture (by DM; Mallory
through ``/hand``); every
take is told the same way in the thread; nothing of a take, a role or the box's contents reaches
a thread post before the reveal; the last board post is the reveal.
"""

from __future__ import annotations

import pytest

from bot.i18n import t
from games.mafia_de_cuba import GAME
from games.rng import Rng
from tests.test_bot_e2e import PNG, World, add_ai
from tests.test_bot_e2e import play as play_world

OPTIONS = "cleaner=replace bang_seconds=5"
#: Words only a private view (or the reveal) may hold, in both languages.
SECRET_WORDS = ("Loyal Henchman", "忠実な部下", "Driver", "運転手", "Your role", "あなたの役職", "You took",
                "あなたが取った", "You hold the box", "いまケースを持って", "came back with", "戻ってきたケース")


class MafiaWorld(World):
    game = "mafia_de_cuba"


@pytest.mark.timeout(360)  # its scenario is given longer than the default limit
def test_a_seven_player_cleaner_game_from_lobby_to_reveal(tmp_path):
    async def scenario(world: MafiaWorld):
        async with world.running():
            world.host.announce_scale = 0.05  # the uniform pause, shortened for the test
            world.fake.set_dms_blocked(world.mallory)
            table_id, lobby = await world.open_lobby(7, options=OPTIONS)
            for user in (world.bob, world.mallory):
                await (await world.fake.click_button(lobby, f"lb:join:{table_id}", user=user)).reply()
            for _ in range(4):
                await add_ai(world.fake, lobby, world.alice, "normal")
            mark = world.fake.mark()
            await (await world.fake.click_button(lobby, f"lb:start:{table_id}", user=world.alice)).reply()
            await world.fake.wait_for_message(lambda m: bool(m.attachments), channel=world.thread(), after=mark)
            people = {0: world.alice, 1: world.bob, 2: world.mallory}
            rng = Rng(5)
            seen_bang = seen_box_dm = seen_hand = False
            for _ in range(200):
                table = await world.settled(table_id, timeout=30)
                if table.status == "finished":
                    break
                state = GAME.state_from_json(table.state)
                humans = [s for s in world.host.waiting_on(table) if not s.is_ai]
                if not humans:  # only a rule timer can move the game on (none here): wait for it
                    continue
                seat = humans[0].seat
                user = people[seat]
                legal = world.host.legal_notations(table, user.id)
                if state.phase == "theft":
                    # the holder sees the box privately: by DM, or (DMs closed) with /hand
                    private = GAME.describe_private(GAME.private_view(state, seat), "en")
                    assert "You hold the box now" in private
                    if user is world.mallory:
                        hand = await (await world.fake.send_slash_command("hand", user=user,
                                                                          channel=world.thread())).reply()
                        assert hand.ephemeral and "You hold the box now" in hand.content
                        # ... with the picture of the box, its words as the alt text
                        assert hand.attachments[0].data.startswith(PNG)
                        assert "You hold the box now" in hand.attachments[0].description
                        # the board's "My view" button shows the same, privately
                        viewed = await (await world.fake.click_button(world.boards()[-1], f"hv:{table_id}",
                                                                      user=user)).reply()
                        assert viewed.ephemeral and "You hold the box now" in viewed.content
                        assert viewed.attachments[0].data == hand.attachments[0].data
                        seen_hand = True
                    else:
                        expected = t("play.private", "ja" if user is world.bob else "en", table=table_id,
                                     game=GAME.titles["ja" if user is world.bob else "en"],
                                     text=GAME.describe_private(GAME.private_view(state, seat),
                                                                "ja" if user is world.bob else "en"))
                        await world.fake.wait_until(
                            lambda expected=expected, user=user: any(m.content == expected for m in world.fake.dms(user)),
                            timeout=10, what="the holder's box by DM")
                        box_dm = next(m for m in world.fake.dms(user) if m.content == expected)
                        assert box_dm.attachments[0].data.startswith(PNG)  # the box as a picture too
                        assert box_dm.attachments[0].filename == f"mafia_de_cuba-{table_id}-private.png"
                        seen_box_dm = True
                    notation = next(n for n in legal if not n.startswith("bag"))
                elif state.phase == "window":
                    notation = "pass"
                    assert "bang" not in legal or GAME.private_view(state, seat)["role"] == "cleaner"
                    seen_bang = seen_bang or "bang" in legal
                elif state.phase == "testimony":
                    notation = "claim silent" if seat == 2 else f"claim {15 - rng.below(3)} 3"
                else:
                    notation = legal[rng.below(len(legal))]
                reply = await world.move(user, notation)
                assert reply.ephemeral and notation in reply.content
            table = await world.settled(table_id)
            assert table.status == "finished"
            final_state = GAME.state_from_json(table.state)
            assert GAME.result(final_state) is not None
            assert seen_box_dm and seen_hand
            # Mallory was told in the thread to use /hand; no DM reached her
            assert not world.fake.dms(world.mallory)
            assert any(f"<@{world.mallory.id}>" in p.content and "/hand" in p.content for p in world.posts())
            # DMs: every private DM a human received is their own private view at some point
            history = await world.host.store.moves(table_id)
            state = GAME.new_game(table.num_players, table.options, table.seed)
            states = [state]
            for record in history:
                state, _ = GAME.apply(state, record.seat, GAME.parse_move(state, record.notation, record.seat))
                states.append(state)
            for seat, user, lang in ((0, world.alice, "en"), (1, world.bob, "ja")):
                own = {t("play.private", lang, table=table_id, game=GAME.titles[lang],
                         text=GAME.describe_private(GAME.private_view(s, seat), lang)) for s in states}
                header = t("play.private", lang, table=table_id, game=GAME.titles[lang], text="")
                private = [m.content for m in world.fake.dms(user) if m.content.startswith(header[:20])]
                assert private and set(private) <= own
            # The thread: every take told alike, nothing secret before the reveal
            posts = world.posts()
            boards = world.boards()
            reveal = boards[-1]
            assert reveal.attachments[0].data.startswith(PNG) and ("Game over" in reveal.content or "ゲーム終了" in reveal.content)
            assert not any(a.filename.endswith("-private.png") for post in posts for a in post.attachments)
            for post in posts:
                if post.id == reveal.id:
                    continue
                for word in SECRET_WORDS:
                    assert word not in post.content, (word, post.content)
            takes = [m for m in history if m.notation.startswith(("take", "bag"))]
            assert len(takes) == 6 and {m.words["en"] for m in takes} == {"has taken from the box"}
            assert GAME.view(final_state, None)["reveal"]["roles"][0] == "godfather"
            del seen_bang  # the Cleaner may be an AI seat or bagged: its button is checked when offered

    play_world(scenario, tmp_path, timeout=300, world_class=MafiaWorld)
