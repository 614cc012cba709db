"""A game's story: records replayed by the command line, replay frames, move lists, /stats figures."""

from __future__ import annotations

import asyncio
import io
import json
import random

import pytest
from PIL import Image

from bot.host import Host, HostError, Store
from bot.host.history import (
    REMATCH_CLAIM_SECONDS,
    figures,
    frame_plies,
    history_lines,
    positions,
    record_text,
    rematch,
    require_over,
    summarise,
)
from games import cli
from games.registry import get_game
from games.record import Header, read_header, write
from renderers.animation import animate

pytestmark = pytest.mark.usefixtures("backend")  # every test on SQLite and on PostgreSQL (tests/conftest.py)

ALICE, BOB, CAROL = 101, 102, 103
PEOPLE = [(ALICE, "alice"), (BOB, "bob"), (CAROL, "carol"), (104, "dave"), (105, "erin"), (106, "frank")]
GAMES = ["minoa", "medina", "middle_ages", "madeira", "masume_yakyu", "mafia_de_cuba"]


def run(coro):
    return asyncio.run(asyncio.wait_for(coro, 240))


class Clock:
    """The store's clock, moved on by the test: move times are what the test says."""

    def __init__(self) -> None:
        self.now = 1_800_000_000.0

    def __call__(self) -> float:
        return self.now


async def finished_game(tmp_path, game_name: str, players: int = 3, seed: int = 5, think=None, stop_after=None):
    """A game of ``players`` people choosing random legal moves, played to the end on a real store.
    ``think[seat]`` seconds pass before each of that seat's moves."""
    clock = Clock()
    host = Host(await Store.open(tmp_path / f"{game_name}.sqlite3", clock=clock), seed_source=lambda: seed)
    table = await host.open_lobby(guild_id=1, channel_id=10, owner_id=ALICE, owner_name="alice",
                                  game_name=game_name, num_players=players, options={})
    for user, name in PEOPLE[1:players]:
        table = await host.join(table.id, user, name)
    table = await host.start(table.id, ALICE)
    pick = random.Random(seed)
    played = 0
    while table.status == "active" and (stop_after is None or played < stop_after):
        seat = min(host.waiting_on(table), key=lambda s: s.seat)
        clock.now += (think or {}).get(seat.seat, 10)
        notation = pick.choice(host.legal_notations(table, seat.user_id))
        table = await host.play(table.id, seat.user_id, notation, version=table.version)
        played += 1
    return host, table


def replay_by_cli(record: str) -> dict:
    out = io.StringIO()
    code = cli.main(["replay", read_header(record.splitlines()).game, "--moves", "-"], out=out,
                    stdin=io.StringIO(record))
    data = json.loads(out.getvalue())
    assert code == 0, data["error"]
    return data


@pytest.mark.parametrize("game_name", GAMES)
def test_a_finished_games_record_replays_by_the_command_line_to_the_stored_state(tmp_path, game_name):
    players = max(3, get_game(game_name).min_players)

    async def scenario():
        host, table = await finished_game(tmp_path, game_name, players=players)
        moves = await host.store.moves(table.id)
        record = record_text(host, table, moves)
        lines = record.splitlines()
        header = read_header(lines)
        assert header == Header(game_name, players, table.seed, dict(table.options))
        assert "# seat 1: bob (human)" in lines
        assert f"# ranks: {' '.join(map(str, host.standing(table).ranks))}" in lines
        data = replay_by_cli(record)
        assert data["applied"] == len(moves) and data["finished"]
        assert data["state"] == table.state
        assert data["ranks"] == host.standing(table).ranks
        # and the positions the replay image is drawn from end in the same state
        states = positions(host.game(table), table.num_players, dict(table.options), table.seed,
                           [(m.seat, m.notation) for m in moves])
        assert len(states) == len(moves) + 1
        assert host.game(table).state_to_json(states[-1]) == table.state
        await host.store.close()
    run(scenario())


def test_a_resigned_game_says_so_and_replays_to_where_it_stopped(tmp_path):
    async def scenario():
        host, table = await finished_game(tmp_path, "minoa", players=2, stop_after=6)
        table = await host.resign(table.id, BOB)
        assert table.status == "finished"
        record = record_text(host, table, await host.store.moves(table.id))
        assert "# ended before the rules' end (resigned)" in record.splitlines()
        assert "# left the game: seats 1" in record.splitlines()
        data = replay_by_cli(record)
        assert data["applied"] == 6 and not data["finished"] and data["state"] == table.state
        await host.store.close()
    run(scenario())


def test_records_and_replays_are_refused_while_the_game_runs(tmp_path):
    async def scenario():
        host, table = await finished_game(tmp_path, "minoa", players=2, stop_after=3)
        assert table.status == "active"
        with pytest.raises(HostError, match="still being played"):
            require_over(table)
        await host.store.close()
    run(scenario())


def test_the_command_line_takes_arguments_over_the_header_and_refuses_a_record_of_another_game():
    record = write(Header("minoa", 2, 7, {"advanced": "off"}), [(0, "d1-e1")], ["a note\nwith a line break"])
    assert record.splitlines()[1] == "# a note with a line break"  # a comment cannot become a move
    assert read_header(["", "# just a note", "0 d1-e1"]) is None
    out = io.StringIO()
    assert cli.main(["replay", "minoa", "--players", "3", "--moves", "-"], out=out, stdin=io.StringIO(record)) == 0
    minoa = get_game("minoa")
    assert minoa.num_players(minoa.state_from_json(json.loads(out.getvalue())["state"])) == 3
    out = io.StringIO()
    assert cli.main(["replay", "medina", "--moves", "-"], out=out, stdin=io.StringIO(record)) == 2
    assert "a game of minoa, not medina" in json.loads(out.getvalue())["error"]["message"]


def test_the_header_survives_options_with_spaces_and_quotes():
    header = Header("madeira", 4, 99, {"odd": "a b'c"})
    assert read_header([header.line()]) == header


@pytest.mark.parametrize("count,limit", [(1, 80), (80, 80), (81, 80), (257, 80), (1000, 7)])
def test_replay_frames_keep_the_first_and_last_position_and_fit_the_limit(count, limit):
    plies = frame_plies(count, limit)
    assert plies[0] == 0 and plies[-1] == count - 1
    assert len(plies) == min(count, limit) and plies == sorted(set(plies))


def test_the_longest_games_replay_in_a_gif_under_discords_upload_limit(tmp_path):
    async def scenario():
        import renderers
        host, table = await finished_game(tmp_path, "madeira", players=3)
        moves = await host.store.moves(table.id)
        states = positions(host.game(table), table.num_players, dict(table.options), table.seed,
                           [(m.seat, m.notation) for m in moves])
        plies = frame_plies(len(states), 80)
        pngs = [renderers.render("madeira", host.game(table).view(states[p], None), names=["a", "b", "c"])
                for p in plies]
        gif = animate(pngs)
        assert len(gif) < 8 * 1024 * 1024
        image = Image.open(io.BytesIO(gif))
        assert image.format == "GIF" and image.n_frames == len(plies) and image.info["loop"] == 0
        # a tight limit thins the frames out, keeping the last position
        small = Image.open(io.BytesIO(animate(pngs, max_bytes=len(gif) // 3)))
        assert 2 <= small.n_frames < len(plies)
        small.seek(small.n_frames - 1)
        image.seek(image.n_frames - 1)
        assert small.convert("RGB").tobytes() == image.convert("RGB").tobytes()
        await host.store.close()
    run(scenario())


def test_history_lines_name_the_player_and_the_move_in_the_readers_language(tmp_path):
    async def scenario():
        host, table = await finished_game(tmp_path, "middle_ages", players=3, stop_after=4)
        moves = await host.store.moves(table.id)
        for lang in ("en", "ja"):
            lines = history_lines(table, moves, lang)
            assert len(lines) == 4
            for line, move in zip(lines, moves):
                assert line.startswith(f"{move.ply}. **{table.seats[move.seat].name}**: {move.words[lang]}")
                assert f"<t:{int(move.created_at)}:f>" in line
        await host.store.close()
    run(scenario())


def test_stats_count_places_wins_and_thinking_time_per_person(tmp_path):
    async def scenario():
        host, table = await finished_game(tmp_path, "minoa", players=3, think={0: 30, 1: 90, 2: 600})
        moves = await host.store.moves(table.id)
        standing = host.standing(table)
        rows = {user: figures(host, table, moves, user) for user, _ in PEOPLE[:3]}
        for seat, (user, _) in enumerate(PEOPLE[:3]):
            row = rows[user]
            assert row.place == standing.ranks[seat] and row.won == (standing.ranks[seat] == 1)
            assert row.timeouts == 0
            # each move's time is measured from the previous move: exactly the time this seat thought
            assert set(row.move_seconds) == {[30, 90, 600][seat]}
        assert figures(host, table, moves, 999) is None
        (summary,) = summarise([rows[ALICE], rows[ALICE]])
        assert summary.played == 2 and summary.average_move_seconds == 30
        assert summary.average_place == standing.ranks[0]
        found = await host.store.finished_tables_of_user(BOB)
        assert [t.id for t in found] == [table.id]
        assert await host.store.finished_tables_of_user(BOB, game="medina") == []
        await host.store.close()
    run(scenario())


def test_a_player_who_resigned_still_finds_the_game_in_their_stats_as_a_loss(tmp_path):
    async def scenario():
        host, table = await finished_game(tmp_path, "minoa", players=3, stop_after=5)
        table = await host.resign(table.id, CAROL)  # an AI takes carol's seat
        assert table.seats[2].user_id is None
        found = await host.store.finished_tables_of_user(CAROL)
        assert found == []  # the game is still running for the others
        while table.status == "active":
            if await host.play_ai(table.id) is None:
                seat = min(host.waiting_on(table), key=lambda s: s.seat)
                table = await host.play(table.id, seat.user_id, host.legal_notations(table, seat.user_id)[0],
                                        version=table.version)
            table = await host.table(table.id)
        (found,) = await host.store.finished_tables_of_user(CAROL)
        row = figures(host, found, await host.store.moves(table.id), CAROL)
        assert row.place == 3 and not row.won
        await host.store.close()
    run(scenario())


def test_a_rematch_claim_left_by_a_dead_process_expires_and_a_new_click_takes_over(tmp_path):
    async def scenario():
        host, table = await finished_game(tmp_path, "minoa", players=2)
        try:
            clock = Clock()
            host.clock = clock
            opening = host.open_lobby

            async def killed(**_kw):  # the process dies mid-rematch: its claim stays behind
                raise asyncio.CancelledError
            host.open_lobby = killed
            with pytest.raises(asyncio.CancelledError):
                await rematch(host, table, ALICE, "alice")
            host.open_lobby = opening
            table = await host.table(table.id)
            assert str(table.settings["rematch"]).startswith("claim:")

            clock.now += REMATCH_CLAIM_SECONDS - 1  # still fresh: it may be a live process at work
            with pytest.raises(HostError) as refused:
                await rematch(host, table, BOB, "bob")
            assert refused.value.key == "rematch.opening"

            clock.now += 2  # expired: the next click opens the rematch
            new = await rematch(host, table, BOB, "bob")
            assert new.status == "lobby" and [s.user_id for s in new.seats] == [BOB, ALICE]
            assert (await host.table(table.id)).settings["rematch"] == new.id
            with pytest.raises(HostError) as again:
                await rematch(host, table, ALICE, "alice")
            assert again.value.key == "rematch.taken" and again.value.params["rematch"] == new.id
        finally:
            await host.store.close()
    run(scenario())


def test_a_game_every_person_resigned_from_can_still_be_rematched_by_them(tmp_path):
    """Two people and an AI: Bob resigns (an AI takes his seat), then Alice, which ends the game.
    Bob sat at it, so he may open the rematch, though his seat is the AI's now; a stranger may not."""
    async def scenario():
        host = Host(await Store.open(tmp_path / "db.sqlite3"), seed_source=lambda: 3)
        try:
            table = await host.open_lobby(guild_id=1, channel_id=10, owner_id=ALICE, owner_name="alice",
                                          game_name="minoa", num_players=3, options={})
            table = await host.join(table.id, BOB, "bob")
            table = await host.add_ai(table.id, ALICE, "random")
            table = await host.start(table.id, ALICE)
            for user in (BOB, ALICE):
                table = await host.resign(table.id, user)
            assert table.status == "finished" and BOB not in [s.user_id for s in table.seats]
            with pytest.raises(HostError) as stranger:
                await rematch(host, table, 999, "mallory")
            assert stranger.value.key == "host.not_a_player"
            new = await rematch(host, table, BOB, "bob")
            # The opener sits first, then Alice; the AI that sat from the start sits again.
            assert new.status == "lobby" and [s.user_id for s in new.seats] == [BOB, ALICE, None]
            assert new.seats[2].ai_level == "random"
        finally:
            await host.store.close()
    run(scenario())


@pytest.mark.parametrize("players", [3, 4])
def test_a_battery_games_record_header_says_battery(tmp_path, players):
    """Three or four players always play Masume Yakyu's Battery: the table and its record say so."""
    async def scenario():
        host = Host(await Store.open(tmp_path / "battery.sqlite3"), seed_source=lambda: 7)
        table = await host.open_lobby(guild_id=1, channel_id=10, owner_id=ALICE, owner_name="alice",
                                      game_name="masume_yakyu", num_players=players, options={})
        for user, name in PEOPLE[1:players]:
            table = await host.join(table.id, user, name)
        table = await host.start(table.id, ALICE)
        header = read_header(record_text(host, table, []).splitlines())
        assert table.options["battery"] == header.options["battery"] == "on"
        assert host.state(table).options["battery"] is True
        await host.store.close()
    run(scenario())
