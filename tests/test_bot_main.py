"""``python -m bot``: the entry point, with only DISCORD_TOKEN set."""

from __future__ import annotations

import asyncio
import sqlite3
import subprocess
import sys
from pathlib import Path

from bot.__main__ import run
from bot.config import Settings
from tests.fakediscord import FakeDiscord

REPO = Path(__file__).resolve().parent.parent


def test_without_a_token_it_exits_with_one_clear_line():
    proc = subprocess.run([sys.executable, "-m", "bot"], cwd=REPO, capture_output=True, text=True, timeout=60,
                          env={"PATH": "/usr/bin:/bin"})
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr.count("\n") == 1 and "DISCORD_TOKEN is not set" in proc.stderr


def test_a_bad_setting_is_named_in_one_line():
    proc = subprocess.run([sys.executable, "-m", "bot"], cwd=REPO, capture_output=True, text=True, timeout=60,
                          env={"PATH": "/usr/bin:/bin", "DISCORD_TOKEN": "x", "BOT_DEFAULT_LANG": "fr"})
    assert proc.returncode == 2 and proc.stderr.strip() == "Bad setting: BOT_DEFAULT_LANG must be en or ja, not 'fr'"


def test_with_a_token_it_logs_in_registers_commands_and_creates_its_database(tmp_path):
    db = tmp_path / "data" / "bot.sqlite3"

    async def main():
        async with FakeDiscord() as fake:
            with fake.patch_discord():
                task = asyncio.create_task(run(Settings(token=fake.token, db_path=str(db))))
                try:
                    await fake.wait_until(lambda: fake.live_sessions() and fake.commands(), timeout=20,
                                          what="the bot logged in and registered its commands")
                finally:
                    task.cancel()
                    await asyncio.gather(task, return_exceptions=True)

    asyncio.run(asyncio.wait_for(main(), 60))
    with sqlite3.connect(db) as con:
        assert con.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert {"game_tables", "seats", "moves"} <= {r[0] for r in con.execute("SELECT name FROM sqlite_master")}


def test_a_refused_token_says_so_in_one_line(tmp_path):
    async def main():
        async with FakeDiscord() as fake:
            with fake.patch_discord():
                try:
                    await run(Settings(token="wrong-token", db_path=str(tmp_path / "bot.sqlite3")))
                except SystemExit as exc:
                    return str(exc)
        return None

    message = asyncio.run(asyncio.wait_for(main(), 60))
    assert message == "DISCORD_TOKEN was refused by Discord: check the token in the developer portal."
