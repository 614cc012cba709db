"""``python -m bot copy-db``: an SQLite file copied into PostgreSQL, every table and id sequence."""

from __future__ import annotations

import asyncio
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from bot.__main__ import main
from bot.host import Host, Store
from bot.host.copy import CopyRefused, copy_database
from bot.host.tournaments import TournamentService

REPO = Path(__file__).resolve().parent.parent
ALICE, BOB = 101, 102


def run(coro):
    return asyncio.run(asyncio.wait_for(coro, 120))


async def filled(path: Path) -> dict:
    """An SQLite file with a finished and a running game (moves, settings, a player's choices)
    and a tournament; returns what the copy must show."""
    host = Host(await Store.open(path), seed_source=lambda: 7, ai_playouts=4, ai_seconds=1, ai_workers=0)
    games = []
    for _ in range(2):
        table = await host.open_lobby(guild_id=1, channel_id=10, owner_id=ALICE, owner_name="alice",
                                      game_name="minoa", num_players=2, options={})
        await host.join(table.id, BOB, "bob")
        games.append(await host.start(table.id, ALICE))
    await host.play(games[0].id, ALICE, "e9-f8")
    await host.resign(games[1].id, BOB)
    await host.store.set_player(ALICE, notify="daily", away_until=1234.5)
    await host.store.set_guild_lang(1, "ja")
    await host.store.set_user_lang(2**62, "en")  # a snowflake beyond 32 bits
    service = TournamentService(host)
    event = await service.create(guild_id=1, channel_id=10, owner_id=ALICE, game="minoa", format="swiss",
                                 options={})
    expected = {"tables": [await host.store.get_table(t.id) for t in games],
                "moves": await host.store.moves(games[0].id), "tournament": await host.store.get_tournament(event.id)}
    await host.store.close()
    return expected


def test_a_file_is_copied_whole_and_the_copy_goes_on_from_there(tmp_path, pg_schemas):
    path = tmp_path / "bot.sqlite3"

    async def scenario():
        expected = await filled(path)
        url = await pg_schemas.create("copy")
        counts = await copy_database(path, url)
        assert counts["game_tables"] == 2 and counts["seats"] == 4 and counts["moves"] >= 1
        assert counts["tournaments"] == 1
        with sqlite3.connect(path) as db:  # every table of the file, row for row
            for name, count in counts.items():
                assert db.execute(f"SELECT COUNT(*) FROM {name}").fetchone()[0] == count, name
        store = await Store.open(url)
        try:
            for table in expected["tables"]:
                copied = await store.get_table(table.id)
                assert copied == table
            assert await store.moves(expected["tables"][0].id) == expected["moves"]
            assert await store.get_tournament(expected["tournament"].id) == expected["tournament"]
            assert (await store.player(ALICE))["notify"] == "daily"
            assert await store.user_lang(2**62) == "en" and await store.guild_lang(1) == "ja"
            host = Host(store, seed_source=lambda: 7, ai_workers=0)
            # the sequences moved past the copied ids: a new lobby gets the next number
            table = await host.open_lobby(guild_id=1, channel_id=10, owner_id=BOB, owner_name="bob",
                                          game_name="minoa", num_players=2, options={})
            assert table.id == 3
            # and a copied game goes on
            after = await host.play(expected["tables"][0].id, BOB, "f8-g7")
            assert after.version == expected["tables"][0].version + 1
        finally:
            await store.close()
        # a second copy into the same database is refused: a copy never merges
        with pytest.raises(CopyRefused, match="already has rows"):
            await copy_database(path, url)
    run(scenario())


def test_the_command_says_what_it_copied_or_why_not_in_one_line(tmp_path, pg_schemas, capsys):
    path = tmp_path / "bot.sqlite3"
    run(filled(path))
    url = run(pg_schemas.create("cli"))
    assert main(["copy-db", "--from", str(path), "--to", url]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Copied ") and "game_tables 2" in out and out.count("\n") == 1
    assert main(["copy-db", "--from", str(tmp_path / "missing.sqlite3"), "--to", url]) == 2
    err = capsys.readouterr().err
    assert "There is no SQLite file" in err and err.count("\n") == 1
    # and as a real command line
    proc = subprocess.run([sys.executable, "-m", "bot", "copy-db", "--from", str(path), "--to", url], cwd=REPO,
                          capture_output=True, text=True, timeout=120, check=False)
    assert proc.returncode == 2 and "already has rows" in proc.stderr
