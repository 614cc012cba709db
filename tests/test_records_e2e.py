"""End to end through the fake Discord: branching from a record (``/game new record: moves:``), the
imported moves shown as one summary with the first board, and absurd numbers refused by the bot
itself whatever range Discord was told (a forged interaction sends anything)."""

from __future__ import annotations

import asyncio

from bot.host.history import positions
from bot.host.tournaments import state_of
from games.ai import choose_move
from games.record import MAX_SEED, Header, write
from games.registry import get_game
from tests.test_bot_e2e import World, play
from tests.test_history_e2e import command, play_moves
from tests.test_tournament_e2e import cog, create

middle_ages = get_game("middle_ages")


class MiddleAgesWorld(World):
    game = "middle_ages"


def thread_posts(world: World, thread):
    return [m for m in world.fake.messages if m.channel.id == thread.id and not m.ephemeral]


async def start_import(world: World, record: bytes, **options):
    """``/game new`` with the record (and ``options``), Bob joins, Alice starts: the new game's id,
    its thread and its first board post."""
    lobby = await command(world, "game new", world.alice, channel=world.general, game="middle_ages", players=2,
                          record=("record.txt", record), **options)
    assert not lobby.ephemeral, lobby.content
    table_id = int(lobby.custom_ids()[0].split(":")[-1])
    for _ in range(250):  # the lobby's thread is made after the reply
        table = await world.host.table(table_id)
        if table.thread_id is not None:
            break
        await asyncio.sleep(0.02)
    thread = next(c for c in world.fake.threads() if c.id == table.thread_id)
    await (await world.fake.click_button(lobby, f"lb:join:{table_id}", user=world.bob)).reply()
    mark = world.fake.mark()
    await (await world.fake.click_button(lobby, f"lb:start:{table_id}", user=world.alice)).reply()
    board = await world.fake.wait_for_message(lambda m: bool(m.attachments), channel=thread, after=mark, timeout=20)
    await world.settled(table_id)
    await world.handlers_done()
    return table_id, thread, board


def test_a_finished_game_is_exported_then_replayed_from_a_middle_position(tmp_path):
    async def scenario(world: World):
        async with world.running():
            old_id, _lobby = await world.start_game(players=2)
            finished = await play_moves(world, old_id)
            assert finished.status == "finished"
            exported = await command(world, "export", world.alice, channel=world.general, table=old_id)
            record = exported.attachments[0].data
            history = await world.host.store.moves(old_id)
            total = len(history)

            # All of a finished game's moves leave nothing to play: refused, saying what to give.
            refused = await command(world, "game new", world.alice, channel=world.general, game="middle_ages",
                                    players=2, record=("record.txt", record))
            assert refused.ephemeral and f"finished game ({total} moves)" in refused.content
            assert f"Give `moves` (0 to {total - 1})" in refused.content
            too_far = await command(world, "game new", world.alice, channel=world.general, game="middle_ages",
                                    players=2, record=("record.txt", record), moves=total + 5)
            assert too_far.ephemeral and \
                f"has {total} moves: `moves` must be from 0 to {total}, not {total + 5}" in too_far.content
            alone = await command(world, "game new", world.alice, channel=world.general, game="middle_ages",
                                  players=2, moves=3)
            assert alone.ephemeral and "only for a game from a `record`" in alone.content
            assert await world.host.store.tables_with_status("lobby") == []  # nothing was opened

            # moves:N goes on after the record's first N moves, unrated.
            middle = total // 2
            table_id, thread, board = await start_import(world, record, moves=middle)
            table = await world.host.table(table_id)
            old = await world.host.table(old_id)
            expected = positions(middle_ages, 2, dict(old.options), old.seed,
                                 [(m.seat, m.notation) for m in history[:middle]])[-1]
            assert table.state == middle_ages.state_to_json(expected) and not table.settings["rated"]
            assert [(m.seat, m.notation) for m in await world.host.store.moves(table_id)] == \
                [(m.seat, m.notation) for m in history[:middle]]
            # One post tells the imported moves, with the board, the Move button and the ping.
            posts = thread_posts(world, thread)
            told = [m for m in posts if "imported record" in m.content]
            assert told == [board] and [m for m in posts if m.attachments] == [board]
            assert f"after its first {middle} of {total} moves" in board.content
            assert f"… and {middle - 3} moves before these" in board.content
            (seat,) = world.host.waiting_on(table)
            assert board.content.splitlines()[-1].startswith(f"Your turn, <@{seat.user_id}>")
            assert board.pings["users"] == {seat.user_id} and f"mv:{table_id}" in board.custom_ids()
            assert len(board.content) <= 2000
            # and the game is played on from there
            user = world.alice if seat.user_id == world.alice.id else world.bob
            reply = await (await world.fake.send_slash_command(
                "move", user=user, channel=thread,
                options={"move": world.host.legal_notations(table, user.id)[0]})).reply()
            assert reply.ephemeral and "refused" not in reply.content.lower()
            assert len(await world.host.store.moves(table_id)) == middle + 1
    play(scenario, tmp_path, timeout=180, world_class=MiddleAgesWorld)


def selfplay_record(seed: int, plies: int) -> str:
    """The first ``plies`` moves of ``python -m games selfplay middle_ages --players 2 --seed SEED``
    (the random AI, as the CLI seeds it), as a record: what the issue's user imported."""
    state = middle_ages.new_game(2, {}, seed)
    lines = []
    for ply in range(plies):
        seat = min(middle_ages.to_act(state))
        move = choose_move(middle_ages, state, seat, "random", seed=seed * 1_000_003 + ply)
        lines.append((seat, middle_ages.format_move(state, move)))
        state, _ = middle_ages.apply(state, seat, move)
    return write(Header("middle_ages", 2, seed, middle_ages.format_options(middle_ages.resolve_options({}))), lines)


def test_the_issues_sixteen_move_imports_show_the_first_board_with_the_move_button_and_the_ping(tmp_path):
    """Issue 33's two records. Seed 1's 16 moves end with bob to act: their post was cut at
    Discord's limit, his turn line and ping with it. Seed 5's end with ``0 go 2``, alice to act
    again: nothing was posted, no board, no Move button, nobody pinged. Now each is one post
    within 2,000 characters, in both languages: the summary, the board, the Move button, and the
    turn line last with its ping."""
    cut, mid_turn = selfplay_record(1, 16), selfplay_record(5, 16)
    assert mid_turn.splitlines()[-1] == "0 go 2" and cut.splitlines()[-1].startswith("0 ")

    async def scenario(world: World):
        async with world.running():
            for lang, summary, turn in (("en", "after its 16 moves", "Your turn, <@"),
                                        ("ja", "記録の16手の後から", "の手番です")):
                if lang == "ja":
                    await command(world, "settings language", world.mallory, channel=world.general, language="ja")
                for record, to_act in ((cut, world.bob), (mid_turn, world.alice)):
                    table_id, thread, board = await start_import(world, record.encode())
                    table = await world.host.table(table_id)
                    assert [s.user_id for s in world.host.waiting_on(table)] == [to_act.id]
                    assert [m for m in thread_posts(world, thread) if m.attachments] == [board]
                    assert len(board.content) <= 2000 and summary in board.content
                    last = board.content.splitlines()[-1]
                    assert last.startswith(f"Your turn, <@{to_act.id}>") if lang == "en" else \
                        last.startswith(f"<@{to_act.id}> {turn}")
                    assert board.pings["users"] == {to_act.id} and f"mv:{table_id}" in board.custom_ids()
                    assert sum(len(m.content) for m in thread_posts(world, thread) if "imported" in m.content
                               or "読み込んだ" in m.content) == len(board.content)  # one post says it
    play(scenario, tmp_path, timeout=120, world_class=MiddleAgesWorld)


def test_absurd_numbers_from_a_forged_interaction_are_refused_with_their_bounds(tmp_path):
    minoa = get_game("minoa")
    huge_seed = write(Header("minoa", 2, 10 ** 400, minoa.format_options(minoa.resolve_options({}))), [])

    async def scenario(world: World):
        async with world.running():
            tid, _signup = await create(world, game="minoa", format="swiss")
            refused = await command(world, "tournament fill", world.alice, channel=world.general, count=-3)
            assert refused.ephemeral and "`count` must be a whole number from 1 to 64, not -3" in refused.content
            assert state_of(await cog(world).service.get(tid)).entrants == []
            refused = await command(world, "game new", world.alice, channel=world.general, game="minoa",
                                    players=2, record=("r.txt", huge_seed.encode()))
            assert refused.ephemeral and f"a seed is a whole number from 0 to {MAX_SEED}" in refused.content
            assert await world.host.store.tables_with_status("lobby") == []
    play(scenario, tmp_path, timeout=60)
