"""End to end: a game's move list, record, replay and the players' figures through the fake Discord."""

from __future__ import annotations

import io
import json
import random

from PIL import Image

from games import cli
from tests.test_bot_e2e import PNG, World, play


async def command(world: World, name: str, user, channel=None, timeout: float = 20, **options):
    handle = await world.fake.send_slash_command(name, user=user, channel=channel or world.thread(), options=options)
    return await handle.reply(timeout=timeout)


async def play_moves(world: World, table_id: int, count: int | None = None, seed: int = 1):
    """Alice and Bob type random legal moves (``count`` of them, or to the end)."""
    people = {world.alice.id: world.alice, world.bob.id: world.bob}
    pick = random.Random(seed)
    played = 0
    while count is None or played < count:
        table = await world.settled(table_id)
        if table.status == "finished":
            return table
        (seat,) = world.host.waiting_on(table)
        await world.move(people[seat.user_id], pick.choice(world.host.legal_notations(table, seat.user_id)))
        played += 1
    return await world.settled(table_id)


def test_the_move_list_the_record_the_replay_and_stats_of_a_game(tmp_path):
    async def scenario(world: World):
        async with world.running():
            table_id, _lobby = await world.start_game(players=2)
            await play_moves(world, table_id, count=3)
            # While the game runs: the moves in words, in each reader's language; no record yet.
            listing = await command(world, "history", world.alice)
            assert listing.ephemeral and "**Game #1** (Minoa), 3 moves" in listing.content
            moves = await world.host.store.moves(table_id)
            assert f"1. **alice**: {moves[0].words['en']}" in listing.content
            assert f"3. **alice**: {moves[2].words['en']}" in listing.content
            japanese = await command(world, "history", world.bob)
            assert "全3手" in japanese.content and moves[1].words["ja"] in japanese.content
            refused = await command(world, "export", world.alice)
            assert refused.ephemeral and "still being played" in refused.content
            refused = await command(world, "replay", world.mallory)
            assert "still being played" in refused.content
            stranger = await command(world, "history", world.mallory, channel=world.general, table=999)
            assert stranger.ephemeral and "no game #999" in stranger.content

            table = await play_moves(world, table_id)
            assert table.status == "finished"
            # The game's end: the final board, then its record and replay in the thread.
            story = await world.fake.wait_for_message(
                lambda m: any(a.filename.endswith(".gif") for a in m.attachments), channel=world.thread(),
                timeout=30)
            assert "is over" in story.content
            record, replay = story.attachments
            assert record.filename == f"minoa-{table_id}.txt" and replay.filename == f"minoa-{table_id}-replay.gif"
            out = io.StringIO()
            assert cli.main(["replay", "minoa", "--moves", "-"], out=out,
                            stdin=io.StringIO(record.data.decode("utf-8"))) == 0
            assert json.loads(out.getvalue())["state"] == table.state
            gif = Image.open(io.BytesIO(replay.data))
            history = await world.host.store.moves(table_id)
            assert gif.format == "GIF" and gif.n_frames == min(len(history) + 1, 80)
            assert world.boards()[-1].attachments[0].data.startswith(PNG)  # the final board came first
            assert world.boards()[-1].id < story.id

            # After the game: the record and replay on request, from anywhere in the server.
            exported = await command(world, "export", world.mallory, channel=world.general, table=table_id)
            assert exported.ephemeral and exported.attachments[0].data == record.data
            shared = await command(world, "replay", world.bob, share=True, timeout=30)
            assert not shared.ephemeral and shared.attachments[0].filename.endswith(".gif")

            # A long move list is paged; the buttons turn the pages (and still work after a restart).
            listing = await command(world, "history", world.alice, page=1)
            pages = -(-len(history) // 15)
            assert f"Page 1 of {pages}" in listing.content and "1. **alice**" in listing.content
            turned = await (await world.fake.click_button(listing, f"hp:{table_id}:1:n", user=world.alice)).reply()
            assert f"Page 2 of {pages}" in turned.content and "16. **" in turned.content

            # Figures: one game each, the winner's place 1.
            standing = world.host.standing(table)
            stats = await command(world, "stats", world.alice, channel=world.general)
            assert "Minoa: 1 played" in stats.content
            assert f"won, average place {standing.ranks[0]}.00, 0 timeouts" in stats.content
            assert f"{1 if standing.ranks[0] == 1 else 0} won" in stats.content
            stats = await command(world, "stats", world.alice, channel=world.general, player=world.bob)
            assert "**bob**" in stats.content and f"average place {standing.ranks[1]}.00" in stats.content
            none = await command(world, "stats", world.mallory, channel=world.general)
            assert "no finished game yet" in none.content
            finished = await command(world, "games", world.bob, channel=world.general, show="finished")
            assert f"#{table_id}" in finished.content and f"{standing.ranks[1]}位" in finished.content
            current = await command(world, "games", world.bob, channel=world.general)
            assert f"#{table_id}" not in current.content
        async with world.running():  # the page buttons after a restart
            turned = await (await world.fake.click_button(listing, f"hp:{table_id}:0:p", user=world.bob)).reply()
            assert f"1/{pages}ページ" in turned.content and "全" in turned.content  # bob reads Japanese
            # Rematch: a new lobby in the channel, the same people seated, them mentioned; once.
            refused = await (await world.fake.click_button(story, f"rm:{table_id}", user=world.mallory)).reply()
            assert refused.ephemeral and "not playing in this game" in refused.content
            opened = await (await world.fake.click_button(story, f"rm:{table_id}", user=world.bob)).reply()
            assert opened.ephemeral and "#2" in opened.content
            lobby = await world.fake.wait_for_message(lambda m: "Rematch of game #1" in m.content, channel=world.general)
            assert {world.alice.id, world.bob.id} <= set(lobby.pings["users"])
            rematch = await world.host.table(2)
            assert rematch.status == "lobby" and rematch.game == "minoa" and rematch.options == table.options
            assert [s.user_id for s in rematch.seats] == [world.bob.id, world.alice.id]
            again = await (await world.fake.click_button(story, f"rm:{table_id}", user=world.alice)).reply()
            assert "already open: lobby #2" in again.content
            await world.fake.wait_until(lambda: len(world.fake.threads()) == 2, what="the rematch's thread")
            assert (await world.host.table(2)).thread_id is not None
    play(scenario, tmp_path, timeout=240)


def test_a_misclick_is_taken_back_at_once_and_a_later_undo_asks_the_other_player(tmp_path):
    async def scenario(world: World):
        async with world.running():
            table_id, _lobby = await world.start_game(players=2)
            start = await world.host.table(table_id)
            legal = world.host.legal_notations(start, world.alice.id)
            reply = await world.move(world.alice, legal[0])
            (moved,) = await world.host.store.moves(table_id)
            undo_button = f"ud:{table_id}:{moved.version}"
            assert undo_button in reply.custom_ids()  # Undo on the mover's own reply, for that move
            await world.settled(table_id)
            boards = len(world.boards())
            mark = world.fake.mark()
            undone = await (await world.fake.click_button(reply, undo_button, user=world.alice)).reply()
            assert undone.ephemeral and "Taken back (1 moves)" in undone.content
            await world.fake.wait_for_message(lambda m: "took back" in m.content, channel=world.thread(), after=mark)
            table = await world.settled(table_id)
            assert table.state == start.state and await world.host.store.moves(table_id) == []
            assert len(world.boards()) == boards + 1  # the board as it is again, in a new post
            # Someone else moved since: the other player must agree.
            await world.move(world.alice, legal[1])
            table = await world.settled(table_id)
            await world.move(world.bob, world.host.legal_notations(table, world.bob.id)[0])
            table = await world.settled(table_id)
            refused = await command(world, "undo", world.mallory)
            assert refused.ephemeral and "not playing in this game" in refused.content
            asked = await command(world, "undo", world.alice)
            assert asked.ephemeral and "asked them to agree" in asked.content
            request = await world.fake.wait_for_message(lambda m: "asks to take back" in m.content,
                                                        channel=world.thread())
            assert world.bob.id in request.pings["users"]
            own = await (await world.fake.click_button(request, f"ua:{table_id}:{table.version}:y",
                                                       user=world.alice)).reply()
            assert own.ephemeral and "must answer your request" in own.content
            agreed = await (await world.fake.click_button(request, f"ua:{table_id}:{table.version}:y",
                                                          user=world.bob)).reply()
            assert "Everyone agreed" in agreed.content or "全員が同意" in agreed.content
            table = await world.settled(table_id)
            assert table.state == start.state and await world.host.store.moves(table_id) == []
            assert [note["moves"] for note in table.settings["undone"]][-1][0] == [0, legal[1]]
    play(scenario, tmp_path, timeout=120)


def test_a_game_goes_on_from_an_imported_record_and_a_bad_record_is_refused_with_its_line(tmp_path):
    from games.record import Header, write
    from games.registry import get_game

    minoa = get_game("minoa")
    state = minoa.new_game(2, {}, 4242)
    record = []
    for _ in range(10):
        seat = min(minoa.to_act(state))
        move = minoa.legal_moves(state, seat)[0]
        record.append((seat, minoa.format_move(state, move)))
        state, _ = minoa.apply(state, seat, move)
    text = write(Header("minoa", 2, 4242, minoa.format_options(minoa.resolve_options({}))), record)

    async def scenario(world: World):
        async with world.running():
            bad = text.replace(record[3][1], "z9-z9")
            refused = await command(world, "game new", world.alice, channel=world.general, game="minoa", players=2,
                                    record=("bad.txt", bad.encode()))
            assert refused.ephemeral and "Line 5 of the record" in refused.content
            refused = await command(world, "game new", world.alice, channel=world.general, game="medina",
                                    players=2, record=("r.txt", text.encode()))
            assert "a game of minoa for 2 players" in refused.content
            refused = await command(world, "game new", world.alice, channel=world.general, game="minoa", players=2,
                                    options="advanced=on", record=("r.txt", text.encode()))
            assert "leave `options` empty" in refused.content
            assert await world.host.store.tables_with_status("lobby") == []  # nothing was opened
            lobby = await command(world, "game new", world.alice, channel=world.general, game="minoa", players=2,
                                  record=("r.txt", text.encode()))
            table_id = int(lobby.custom_ids()[0].split(":")[-1])
            await world.fake.wait_until(lambda: world.fake.threads(), what="the game's thread")
            await (await world.fake.click_button(lobby, f"lb:join:{table_id}", user=world.bob)).reply()
            await (await world.fake.click_button(lobby, f"lb:start:{table_id}", user=world.alice)).reply()
            table = await world.settled(table_id)
            assert table.state == minoa.state_to_json(state) and not table.settings["rated"]
            stored = await world.host.store.moves(table_id)
            assert [(m.seat, m.notation) for m in stored] == record
            assert table.settings["imported_moves"] == 10
            # and it goes on from there
            (seat,) = world.host.waiting_on(table)
            user = world.alice if seat.user_id == world.alice.id else world.bob
            await world.move(user, world.host.legal_notations(table, user.id)[0])
            assert len(await world.host.store.moves(table_id)) == 11
    play(scenario, tmp_path, timeout=120)
