"""Every post kind with the longest content a game can give it, through the fake Discord (which
refuses, as Discord does, a message over 2,000 characters, an embed over its limits, an alt text
over 1,024): a 12-seat Mafia de Cuba table of people with 32-character names in wide letters
(board posts, the status message, private DMs, /hand, turn DMs, reminders and the time-up notice
naming eleven players, /history, /games, /rating, /leaderboard), the last move of a whole
imported Middle Ages game of five (a move with twenty-two events, the result), a long Madeira
turn (nineteen moves told in one post), and the daily digest of forty games. Every board post
ends with its turn line naming exactly the people it pings."""

from __future__ import annotations

import re

from bot.host.clock import DAY
from games.ai import choose_move
from games.mafia_de_cuba import GAME as MAFIA
from games.record import Header, write
from games.registry import get_game
from games.rng import Rng
from tests.test_bot_e2e import World, play
from tests.test_history_e2e import command
from tests.test_pbp_e2e import T0, Clock

TURN = {"en": "Your turn, ", "ja": "の手番です"}


def long_name(n: int) -> str:
    """A display name as long as Discord allows (32 characters), in wide letters."""
    return "長い名前のプレイヤー" * 3 + f"{n:02d}"


def people(world: World, count: int) -> list:
    """Alice, Bob and Mallory, then more members, all with the longest display names."""
    users = [world.alice, world.bob, world.mallory]
    for n in range(3, count):
        user = world.fake.create_user(f"player{n}", locale="ja" if n % 2 else "en-US")
        world.fake.add_member(world.guild, user)
        users.append(user)
    for n, user in enumerate(users):
        user.global_name = long_name(n)
    return users[:count]


def check_board_posts(world: World, lang: str = "en") -> int:
    """Every board post: within 2,000 characters, its turn lines last, and they mention exactly
    the users it pings (nobody left out, nobody cut off). Returns how many pinged someone."""
    pinging = 0
    for post in world.boards():
        assert len(post.content) <= 2000
        pinged = post.pings["users"]
        if not pinged:
            continue
        pinging += 1
        lines = post.content.splitlines()
        turn = [n for n, line in enumerate(lines) if TURN[lang] in line]
        assert turn and turn[-1] == len(lines) - 1, post.content  # the turn lines come last
        named = {int(u) for n in turn for u in re.findall(r"<@(\d+)>", lines[n])}
        assert named == pinged, post.content
    return pinging


def check_status(status, table_id: int) -> None:
    """Every version of the status message: whose turn whole (every mention complete), and the
    link to the latest board whole at its end, however long the game's summary grew."""
    versions = [h["content"] for h in status.history] + [status.content]
    assert any(len(text) > 1900 for text in versions)  # the summary did outgrow the message
    for text in versions:
        lines = text.splitlines()
        assert len(text) <= 2000 and lines[0] == f"**Game #{table_id} — Mafia de Cuba**"
        assert all(line.count("<@") == len(re.findall(r"<@\d+>", line)) for line in lines)
        assert re.fullmatch(r"Latest board: https://discord\.com/channels/\d+/\d+/\d+", lines[-1]), lines[-1]


def check_clean(world: World) -> None:
    """Nothing the bot sent was refused by the fake's checks of Discord's limits."""
    assert not world.fake.violations, world.fake.violations
    for message in world.fake.messages:
        assert len(message.content or "") <= 2000
        assert all(len(a.description or "") <= 1024 for a in message.attachments)


class MafiaWorld(World):
    game = "mafia_de_cuba"


def test_a_twelve_seat_mafia_table_of_long_names_fits_every_post(tmp_path):
    clock = Clock()

    async def scenario(world: MafiaWorld):
        users = people(world, 12)
        async with world.running() as bot:
            world.host.announce_scale = 0.01
            for user in users[:4]:
                await (await world.fake.send_slash_command("notify", user=user, channel=world.general,
                                                           options={"mode": "turn"})).reply()
            await (await world.fake.send_slash_command("notify", user=users[4], channel=world.general,
                                                       options={"mode": "daily"})).reply()
            table_id, lobby = await world.open_lobby(12, clock="1d", timeout="ai", options="bang_seconds=5")
            for user in users[1:]:
                await (await world.fake.click_button(lobby, f"lb:join:{table_id}", user=user)).reply()
            mark = world.fake.mark()
            await (await world.fake.click_button(lobby, f"lb:start:{table_id}", user=world.alice)).reply()
            await world.fake.wait_for_message(lambda m: bool(m.attachments), channel=world.thread(), after=mark)
            by_seat = {s.seat: next(u for u in users if u.id == s.user_id)
                       for s in (await world.host.table(table_id)).seats}
            rng, timed_out = Rng(5), False
            for _ in range(300):
                table = await world.settled(table_id, timeout=30)
                if table.status == "finished":
                    break
                humans = [s for s in world.host.waiting_on(table) if not s.is_ai]
                if not humans:  # a rule timer moves the game on
                    continue
                if len(humans) >= 11 and not timed_out:
                    # Eleven people asked the same: one turn line pings them all.
                    board = world.boards()[-1]
                    assert board.pings["users"] == {s.user_id for s in humans}
                    assert len([line for line in board.content.splitlines() if TURN["en"] in line]) == 1
                    # /hand and the daily digest on the way.
                    hand = await (await world.fake.send_slash_command(
                        "hand", user=users[2], channel=world.thread())).reply()
                    assert hand.ephemeral and len(hand.content) <= 2000
                    # Half the time, then the time up: the notices name all eleven, and the AI
                    # moves for them; the board after it pings whoever is to act next.
                    mark = world.fake.mark()
                    clock.now = T0 + 0.5 * DAY
                    await bot.tick()
                    clock.now = T0 + DAY + 60
                    await bot.tick()
                    await world.settled(table_id, timeout=30)
                    notices = [m for m in world.posts() if m.id > mark and not m.attachments and not m.pinned]
                    half = next(m for m in notices if "half of your time" in m.content)
                    assert half.pings["users"] == {s.user_id for s in humans}
                    up = next(m for m in notices if "the AI moved for them" in m.content)
                    assert all(long_name(users.index(by_seat[s.seat])) in up.content for s in humans)
                    assert any("Games waiting on you" in m.content or "あなたの手番のゲーム" in m.content
                               for m in world.fake.dms(users[4]))
                    timed_out = True
                    continue
                seat = humans[0].seat
                user = by_seat[seat]
                state = MAFIA.state_from_json(table.state)
                legal = world.host.legal_notations(table, user.id)
                if state.phase == "theft":
                    notation = next(n for n in legal if not n.startswith("bag"))
                elif state.phase == "window":
                    notation = "pass"
                elif state.phase == "testimony":
                    notation = f"claim {15 - rng.below(3)} 3"
                else:
                    notation = legal[rng.below(len(legal))]
                reply = await world.move(user, notation)
                assert reply.ephemeral and "refused" not in reply.content.lower()
            table = await world.settled(table_id)
            assert table.status == "finished" and timed_out
            await world.handlers_done()
            assert check_board_posts(world) >= 10
            status = await world.fake.wait_for_message(lambda m: m.pinned, channel=world.thread())
            check_status(status, table_id)
            assert any("Your private view" in m.content or "手元の情報" in m.content for m in world.fake.dms(users[0]))
            assert any("Your turn in game" in m.content for m in world.fake.dms(users[0]))
            for name, options in (("history", {}), ("history", {"page": 1}), ("games", {}),
                                  ("rating", {"player": users[7]})):
                answer = await (await world.fake.send_slash_command(name, user=users[5], channel=world.thread(),
                                                                    options=options)).reply()
                assert answer.ephemeral and len(answer.content) <= 2000
            board = await (await world.fake.send_slash_command("leaderboard", user=users[0], channel=world.general,
                                                               options={"game": "mafia_de_cuba"})).reply()
            assert len(board.content.splitlines()) == 13 and not board.pings["users"]  # the 12 rated, no pings
            check_clean(world)
    play(scenario, tmp_path, timeout=120, clock=clock, world_class=MafiaWorld)


def is_board(message) -> bool:
    """A board post in a thread (not a mover's own reply with the board)."""
    return not message.ephemeral and any(a.filename.endswith(".png") for a in message.attachments)


def selfplay(name: str, players: int, seed: int) -> list[tuple[int, str]]:
    """A whole game as ``python -m games selfplay NAME --players P --seed S`` plays it."""
    game = get_game(name)
    state, moves = game.new_game(players, {}, seed), []
    while game.to_act(state):
        seat = min(game.to_act(state))
        move = choose_move(game, state, seat, "random", seed=seed * 1_000_003 + len(moves))
        moves.append((seat, game.format_move(state, move)))
        state, _ = game.apply(state, seat, move)
    return moves


async def start_from_record(world: World, name: str, users: list, moves: list[tuple[int, str]], seed: int,
                            played: int):
    """``/game new`` with the record of ``moves`` going on after ``played`` of them; the others
    join, Alice starts. The table's id, its thread and its first board post."""
    game = get_game(name)
    record = write(Header(name, len(users), seed, game.format_options(game.resolve_options({}))), moves)
    lobby = await command(world, "game new", world.alice, channel=world.general, game=name, players=len(users),
                          record=("record.txt", record.encode()), moves=played)
    assert not lobby.ephemeral, lobby.content
    table_id = int(lobby.custom_ids()[0].split(":")[-1])
    for user in users[1:]:
        await (await world.fake.click_button(lobby, f"lb:join:{table_id}", user=user)).reply()
    mark = world.fake.mark()
    await (await world.fake.click_button(lobby, f"lb:start:{table_id}", user=world.alice)).reply()
    table = await world.host.table(table_id)
    thread = next(c for c in world.fake.threads() if c.id == table.thread_id)
    board = await world.fake.wait_for_message(lambda m: bool(m.attachments), channel=thread, after=mark, timeout=20)
    await world.settled(table_id)
    return table_id, thread, board


def test_the_last_move_of_a_whole_imported_game_and_a_long_madeira_turn_fit_their_posts(tmp_path):
    """Middle Ages for five, selfplay seed 3: all 111 moves but the last imported (one summary), then
    the last move, whose twenty-two events and the final scoring outgrow a post: its first events
    are kept and the rest counted, the result whole. Madeira for four, seed 4: after its first 32
    moves, one player's turn of nineteen moves, told in the one post after it: the latest ones,
    the earlier counted, within 2,000 characters, with the next player's turn line and ping."""
    middle_ages, madeira = selfplay("middle_ages", 5, 3), selfplay("madeira", 4, 4)
    turn = [notation for seat, notation in madeira[32:51]]
    assert len(middle_ages) == 111 and {seat for seat, _ in madeira[32:51]} == {madeira[32][0]} != {madeira[51][0]}

    async def scenario(world: World):
        users = people(world, 5)
        async with world.running():
            table_id, thread, first = await start_from_record(world, "middle_ages", users, middle_ages, 3, 110)
            assert "after its first 110 of 111 moves" in first.content and f"mv:{table_id}" in first.custom_ids()
            seat, last = middle_ages[-1]
            mark = world.fake.mark()
            reply = await world.move(users[seat], last, channel=thread)
            assert reply.ephemeral and "refused" not in reply.content.lower()
            table = await world.settled(table_id)
            assert table.status == "finished"
            (final,) = world.fake.find_messages(is_board, channel=thread, after=mark)
            lines = final.content.splitlines()
            assert len(final.content) <= 2000 and lines[1].startswith(f"<@{users[seat].id}>: ")  # the move itself
            assert re.fullmatch(r"… and \d+ more", lines[-2]) and lines[-1].startswith("Game over. #1 ")
            assert all(f"<@{user.id}>" in lines[-1] for user in users)  # the whole ranking

            table_id, thread, first = await start_from_record(world, "madeira", users[:4], madeira, 4, 32)
            mover, after = users[madeira[32][0]], users[madeira[51][0]]
            mark = world.fake.mark()
            for played, notation in enumerate(turn, start=33):
                reply = await world.move(mover, notation, channel=thread)
                assert reply.ephemeral and len(await world.host.store.moves(table_id)) == played, reply.content
            await world.settled(table_id)
            (post,) = world.fake.find_messages(is_board, channel=thread, after=mark)
            lines = post.content.splitlines()
            assert len(post.content) <= 2000 and lines[-1].startswith(f"Your turn, <@{after.id}>")
            assert post.pings["users"] == {after.id} and f"mv:{table_id}" in post.custom_ids()
            shown = sum(line.startswith(f"<@{mover.id}>: ") for line in lines)
            assert 3 <= shown <= 10 and f"… and {19 - shown} earlier moves" in post.content
            await world.handlers_done()
            check_clean(world)
    play(scenario, tmp_path, timeout=120)


def test_a_player_waited_on_in_forty_games_gets_one_digest_and_games_pages_that_fit(tmp_path):
    """The daily digest lists the games waiting on a player: as many as a DM holds, each line whole,
    then how many more; /games pages them."""
    clock = Clock()

    async def scenario(world: World):
        people(world, 3)
        async with world.running() as bot:
            await (await world.fake.send_slash_command("notify", user=world.bob, channel=world.general,
                                                       options={"mode": "daily"})).reply()
            host = bot.host
            for _ in range(40):  # forty games, each waiting on Bob (his Discord is in Japanese)
                table = await host.open_lobby(guild_id=world.guild.id, channel_id=world.general.id,
                                              owner_id=world.bob.id, owner_name=long_name(1), game_name="medina",
                                              num_players=2, options={}, settings={"clock": "1d"})
                await host.join(table.id, world.alice.id, long_name(0))
                table = await host.start(table.id, world.bob.id)
                await host.attach(table.id, thread_id=world.general.id)
            await bot.tick()
            (digest,) = [m for m in world.fake.dms(world.bob) if "あなたの手番のゲーム" in m.content]
            lines = digest.content.splitlines()
            assert len(digest.content) <= 2000 and lines[0] == "あなたの手番のゲーム:"
            assert all(re.fullmatch(r"· #\d+ メディナ https://discord\.com/channels/\d+/\d+ — 期限 <t:\d+:R>", line)
                       for line in lines[1:-1])
            assert lines[-1] == f"…ほか{40 - len(lines) + 2}件"
            answer = await (await world.fake.send_slash_command("games", user=world.bob, channel=world.general)).reply()
            lines = answer.content.splitlines()
            assert answer.ephemeral and len(answer.content) <= 2000 and len(lines) == 13
            assert lines[0].startswith("▶ #") and lines[-1] == "1/4ページ(全40ゲーム)"
            check_clean(world)
    play(scenario, tmp_path, clock=clock)
