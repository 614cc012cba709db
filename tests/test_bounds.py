"""Numbers people (or forged interactions) give are checked where they are used: by the pure layer
or the host, whatever range Discord was told. Each refusal names the bound, is short, and changes
nothing; a long digit string is refused before it is read as a number."""

from __future__ import annotations

import asyncio
import io
import json

import pytest

import tournaments as T
from bot.cogs.tournament import _places
from bot.host import Host, HostError, Store
from bot.host.clock import TimeControl
from bot.host.history import imported
from bot.host.tournaments import MAX_FILL, TournamentService, state_of
from games import cli
from games.errors import SetupError
from games.record import MAX_SEED, Header, read_header, write
from games.registry import get_game

HUGE = 10 ** 400
DIGITS_5000 = "9" * 5000


def run(coro):
    return asyncio.run(asyncio.wait_for(coro, 60))


def minoa_record(seed, moves: int = 4) -> str:
    """A Minoa record of ``moves`` first legal moves, its header naming ``seed`` as given."""
    minoa = get_game("minoa")
    state, lines = minoa.new_game(2, {}, 7), []
    for _ in range(moves):
        seat = min(minoa.to_act(state))
        move = minoa.legal_moves(state, seat)[0]
        lines.append((seat, minoa.format_move(state, move)))
        state, _ = minoa.apply(state, seat, move)
    text = write(Header("minoa", 2, 7, minoa.format_options(minoa.resolve_options({}))), lines)
    return text.replace("--seed 7", f"--seed {seed}", 1)


# -- seeds: records, the command line, the host ----------------------------------------------------

@pytest.mark.parametrize("seed", [HUGE, -1, MAX_SEED + 1, DIGITS_5000, "12abc"])
def test_a_record_whose_seed_storage_cannot_hold_is_refused_naming_the_bound(seed):
    with pytest.raises(SetupError) as refused:
        read_header(minoa_record(seed).splitlines())
    assert f"from 0 to {MAX_SEED}" in str(refused.value) and len(str(refused.value)) < 200
    assert f"0から{MAX_SEED}まで" in refused.value.message("ja")
    assert read_header(minoa_record(MAX_SEED).splitlines()).seed == MAX_SEED


@pytest.mark.parametrize("seed", [str(HUGE), DIGITS_5000, "-3"])
def test_the_cli_refuses_an_out_of_range_seed_in_a_record_or_an_argument_with_exit_2(seed):
    for args, stdin in ((["replay", "minoa", "--moves", "-"], minoa_record(seed)),
                        (["replay", "minoa", "--players", "2", "--seed", seed], "")):
        out = io.StringIO()
        assert cli.main(args, out=out, stdin=io.StringIO(stdin)) == 2
        error = json.loads(out.getvalue())["error"]
        assert error["line"] == 0 and f"seed “{seed[:24]}" in error["message"]
        assert f"from 0 to {MAX_SEED}" in error["message"] and len(error["message"]) < 200


def test_a_5000_digit_player_count_on_the_command_line_is_refused_without_reading_it():
    out = io.StringIO()
    assert cli.main(["replay", "minoa", "--players", DIGITS_5000], out=out) == 2
    message = json.loads(out.getvalue())["error"]["message"]
    assert "--players" in message and len(message) < 200


def test_the_lobby_import_path_refuses_a_huge_seed_before_storage_sees_it(tmp_path, backend):
    async def scenario():
        host = Host(await Store.open(tmp_path / "db.sqlite3"), ai_workers=0)
        try:
            with pytest.raises(SetupError, match=f"from 0 to {MAX_SEED}"):
                imported(minoa_record(HUGE), "minoa", 2)
            # the host refuses a seed out of range itself (before: OverflowError in the store)
            with pytest.raises(SetupError, match=f"from 0 to {MAX_SEED}"):
                await host.open_lobby(guild_id=1, channel_id=2, owner_id=3, owner_name="a", game_name="minoa",
                                      num_players=2, options={}, seed=HUGE)
            assert await host.store.tables_with_status("lobby") == []
            table = await host.open_lobby(guild_id=1, channel_id=2, owner_id=3, owner_name="a", game_name="minoa",
                                          num_players=2, options={}, seed=MAX_SEED)
            assert (await host.table(table.id)).seed == MAX_SEED  # the largest seed is stored whole
        finally:
            await host.store.close()
    run(scenario())


# -- /game new record: moves: ----------------------------------------------------------------------

def test_an_import_goes_on_after_the_first_n_moves_within_the_records_length():
    text = minoa_record(7, moves=6)
    assert len(imported(text, "minoa", 2).moves) == 6
    part = imported(text, "minoa", 2, moves=2)
    assert part.moves == imported(text, "minoa", 2).moves[:2] and part.total == 6
    assert imported(text, "minoa", 2, moves=0).moves == []
    for moves in (-3, 7, HUGE, DIGITS_5000):
        with pytest.raises(HostError) as refused:
            imported(text, "minoa", 2, moves=moves)
        assert refused.value.key == "record.moves_range"
        assert "has 6 moves: `moves` must be from 0 to 6" in str(refused.value) and len(str(refused.value)) < 200
        assert "`手数` には0から6までを指定" in refused.value.message("ja")


def test_a_finished_record_needs_moves_and_says_how_many_it_has():
    game = get_game("middle_ages")
    state, lines = game.new_game(2, {}, 3), []
    while game.to_act(state):
        seat = min(game.to_act(state))
        move = game.legal_moves(state, seat)[0]
        lines.append((seat, game.format_move(state, move)))
        state, _ = game.apply(state, seat, move)
    text = write(Header("middle_ages", 2, 3, game.format_options(game.resolve_options({}))), lines)
    total = len(lines)
    for moves in (None, total):
        with pytest.raises(HostError) as refused:
            imported(text, "middle_ages", 2, moves)
        assert refused.value.key == "record.finished"
        assert f"finished game ({total} moves)" in str(refused.value)
        assert f"Give `moves` (0 to {total - 1})" in str(refused.value)
        assert f"`手数` に0から{total - 1}まで" in refused.value.message("ja")
    assert len(imported(text, "middle_ages", 2, total - 1).moves) == total - 1


# -- tournaments -----------------------------------------------------------------------------------

@pytest.mark.parametrize("count", [-3, 0, MAX_FILL + 1, HUGE])
def test_a_fill_count_out_of_range_is_refused_naming_the_bounds_and_adds_nobody(tmp_path, backend, count):
    async def scenario():
        host = Host(await Store.open(tmp_path / "db.sqlite3"), seed_source=lambda: 5, ai_workers=0)
        service = TournamentService(host)
        try:
            row = await service.create(guild_id=1, channel_id=10, owner_id=9, game="minoa", format="swiss",
                                       options={})
            with pytest.raises(HostError) as refused:
                await service.add_ai(row.id, count)
            assert f"from 1 to {MAX_FILL}" in str(refused.value) and len(str(refused.value)) < 200
            assert f"1から{MAX_FILL}までの整数" in refused.value.message("ja")
            assert state_of(await service.get(row.id)).entrants == []
            assert len(state_of(await service.add_ai(row.id, 2)).entrants) == 2
        finally:
            await host.store.close()
    run(scenario())


@pytest.mark.parametrize("points", ["6/4/2/" + "0" * 4996, DIGITS_5000 + "/4/2/0", "0" * 4000 + "6/4/2/0"])
def test_place_points_of_thousands_of_digits_are_refused_naming_the_range(points):
    with pytest.raises(T.SettingsError) as refused:
        T.Settings.make("medina", "swiss_tables", table_size=4, place_points=points)
    assert "from 0 to 100" in str(refused.value) and len(str(refused.value)) < 200
    assert T.Settings.make("medina", "swiss_tables", table_size=4, place_points="6/4/2/0").place_points == (6, 4, 2, 0)


def test_tournament_numbers_of_absurd_length_are_refused_without_reading_them():
    with pytest.raises(T.SettingsError, match="from 1 to 30"):
        T.Settings.make("minoa", "swiss", rounds="0" * 4000 + "5")  # int() would have read it as 5
    with pytest.raises(T.SettingsError, match="round_start"):
        T.Settings.make("minoa", "swiss", round_start=DIGITS_5000 + "h")
    with pytest.raises(HostError) as refused:
        _places(DIGITS_5000 + "/1")  # the adjudicated result (before: ValueError from int())
    assert refused.value.key == "tourney.bad_places" and len(str(refused.value)) < 200


# -- play-by-post, game options --------------------------------------------------------------------

def test_a_clock_or_game_option_of_thousands_of_digits_is_refused(tmp_path):
    with pytest.raises(HostError) as refused:
        TimeControl.parse(DIGITS_5000 + "d")  # before: ValueError from int()
    assert refused.value.key == "clock.bad" and len(str(refused.value)) < 300
    with pytest.raises(SetupError, match="from 1 to 9"):
        get_game("masume_yakyu").resolve_options({"innings": "0" * 4000 + "5"})  # before: read as 5


def test_away_days_out_of_range_are_refused_naming_the_bounds(tmp_path, backend):
    async def scenario():
        host = Host(await Store.open(tmp_path / "db.sqlite3"), ai_workers=0)
        try:
            for days in (-1, 31, HUGE):  # HUGE: before, an OverflowError adding it to a float
                with pytest.raises(HostError) as refused:
                    await host.away(42, days)
                assert "from 0 to 30" in str(refused.value) and "0から30まで" in refused.value.message("ja")
            assert (await host.store.player(42))["away_until"] is None
        finally:
            await host.store.close()
    run(scenario())
