"""End to end: what every board post says besides the image (issue 10) — who is who, what the
player to act must decide in words, the image's alt text, the players' names on the image in any
script, and the full board one click away for a game whose inline image is a summary."""

from __future__ import annotations

import asyncio
import logging

from bot.i18n import t
from bot.presenter import COLOUR_SQUARES
from games.registry import get_game
from renderers import common
from tests.test_bot_e2e import PNG, World, play


class JapaneseNameWorld(World):
    """Alice plays against さくら (a Japanese display name, Japanese client)."""

    def __init__(self, fake, db, clock=None) -> None:
        super().__init__(fake, db, clock)
        self.bob = fake.create_user("sakura", locale="ja", global_name="さくら")
        fake.add_member(self.guild, self.bob)


def test_board_posts_say_who_is_who_what_to_decide_and_carry_alt_text(tmp_path):
    minoa = get_game("minoa")

    async def scenario(world: World):
        async with world.running():
            table_id, _ = await world.start_game(players=2)
            table = await world.host.table(table_id)
            colours = minoa.seat_colours(minoa.state_from_json(table.state))
            first = world.boards()[0]
            # the seat line: number, colour (square and word) and the player's mention
            for seat, user in ((0, world.alice), (1, world.bob)):
                assert f"**{seat + 1}** {COLOUR_SQUARES[colours[seat]]} {t(f'colour.{colours[seat]}', 'en')} <@{user.id}>" \
                    in first.content, first.content
            # the "your turn" line says what is asked, in words
            decision = world.host.decision(table, 0).in_lang("en")
            assert t("play.your_turn_decision", "en", mention=f"<@{world.alice.id}>", decision=decision) in first.content
            # the alt text: the game and whose turn, with the decision
            alt = first.attachments[0].description
            assert alt and "Minoa" in alt and t("alt.turn_decision", "en", player=table.seats[0].name,
                                                   decision=decision) in alt

            legal = world.host.legal_notations(table, world.alice.id)
            mark = world.fake.mark()
            await world.move(world.alice, legal[0])
            after = await world.fake.wait_for_message(lambda m: bool(m.attachments), channel=world.thread(), after=mark)
            table = await world.settled(table_id)
            moved = (await world.host.store.moves(table_id, last=1))[0]
            alt = after.attachments[0].description
            assert t("alt.last", "en", player=table.seats[0].name, move=moved.words["en"]) in alt
            assert table.seats[1].name in alt  # whose turn now
            assert after.attachments[0].data.startswith(PNG)

            # the pinned status message carries the seat line too
            status = next(m for m in world.posts() if m.pinned)
            assert f"<@{world.alice.id}>" in status.content and f"<@{world.bob.id}>" in status.content
            assert t("colour." + colours[1], "en") in status.content

    play(scenario, tmp_path)


def test_a_japanese_display_name_is_drawn_on_the_seat_card(tmp_path):
    async def scenario(world: JapaneseNameWorld):
        async with world.running():
            table_id, _ = await world.start_game(players=2)
            table = await world.host.table(table_id)
            assert table.seats[1].name == "さくら"
            with common.recording() as recorder:
                png = await world.bot.presenter.board_image(table, "ja")
            assert png is not None and png.startswith(PNG)
            drawn = [item.content for item in recorder.items if item.kind == "text"]
            assert any("さくら" in content for content in drawn), drawn
            assert common.displayable("さくら") == "さくら"  # every character has a glyph: no tofu

    play(scenario, tmp_path, world_class=JapaneseNameWorld)


class MadeiraWorld(World):
    game = "madeira"


def test_a_summary_game_keeps_the_full_board_one_click_away(tmp_path):
    async def scenario(world: MadeiraWorld):
        async with world.running():
            table_id, _ = await world.start_game(players=2)
            board = world.boards()[-1]
            assert f"fb:{table_id}" in board.custom_ids()
            assert board.attachments[0].filename.endswith(".png") and "-full" not in board.attachments[0].filename

            reply = await (await world.fake.click_button(board, f"fb:{table_id}", user=world.bob)).reply()
            assert reply.ephemeral
            (full,) = reply.attachments
            assert full.filename.endswith("-full.png") and full.data.startswith(PNG)
            assert full.data != board.attachments[0].data
            assert "マデイラ" in reply.content  # Bob reads Japanese

            answer = await (await world.fake.send_slash_command("board", user=world.alice,
                                                                channel=world.thread())).reply()
            assert answer.ephemeral and len(answer.attachments) == 2
            assert [a.filename.endswith("-full.png") for a in answer.attachments] == [False, True]

    play(scenario, tmp_path, world_class=MadeiraWorld)


def test_a_board_font_that_cannot_load_is_reported_at_start(tmp_path, monkeypatch, caplog):
    monkeypatch.setenv("BOARD_FONT", str(tmp_path / "missing.ttf"))
    common.reset_fonts()

    async def scenario(world: World):
        with caplog.at_level(logging.WARNING, logger="bot.client"):
            async with world.running():
                await asyncio.sleep(0)
                table_id, _ = await world.start_game(players=2)
                assert world.boards()[0].attachments[0].data.startswith(PNG)  # images still drawn
        warnings = [r.getMessage() for r in caplog.records if r.levelno == logging.WARNING]
        assert any("BOARD_FONT" in w and "missing.ttf" in w for w in warnings), warnings

    try:
        play(scenario, tmp_path)
    finally:
        monkeypatch.delenv("BOARD_FONT")
        common.reset_fonts()


def test_board_looks_reuse_the_picture_drawn_for_the_post(tmp_path, monkeypatch):
    import renderers

    drawn = []
    render = renderers.render

    def counting(*args, **kwargs):
        drawn.append(kwargs.get("lang"))
        return render(*args, **kwargs)

    monkeypatch.setattr(renderers, "render", counting)

    async def scenario(world: World):
        async with world.running():
            table_id, _ = await world.start_game(players=2)
            posted = len(drawn)
            assert posted >= 1
            # alice reads English like the server: her /board is the posted picture, not a new one
            answer = await (await world.fake.send_slash_command("board", user=world.alice,
                                                                channel=world.thread())).reply()
            assert answer.attachments[0].data == world.boards()[-1].attachments[0].data
            assert len(drawn) == posted
            # bob reads Japanese: one new picture, then that one is reused too
            for _ in range(2):
                await (await world.fake.send_slash_command("board", user=world.bob, channel=world.thread())).reply()
            assert drawn[posted:] == ["ja"]

    play(scenario, tmp_path)
