"""Start-up refuses a broken store in one sentence (issue 12, point 2), and a lock held at run time
is refused as "storage busy, try again" with nothing changed.

Every broken case goes through ``Store.open``: a specific ``StoreError`` subclass, one sentence
naming the file and what to do, no aiosqlite thread left behind (a thread left running keeps the
process from exiting), the file untouched. ``python -m bot`` is run as a subprocess (with a timeout,
so a hang fails the test) for some of them: exit code 2, that sentence alone on stderr.

Read-only cases: tests often run as root, whom file modes do not stop. There the opening runs in a
child process whose capability bounding set lacks ``CAP_DAC_OVERRIDE`` and ``CAP_DAC_READ_SEARCH``
(``prctl(PR_CAPBSET_DROP)`` before ``exec``), so root obeys the modes like anyone else; the child
first checks that it really cannot write, and the test is skipped (saying why) only where that
cannot be arranged.
"""

from __future__ import annotations

import asyncio
import ctypes
import json
import os
import sqlite3
import stat
import subprocess
import sys
import textwrap
import threading
from pathlib import Path
from typing import Self

import pytest

from bot.host import Host, HostError, Store
from bot.host.store import (
    MIGRATIONS,
    StoreCorrupt,
    StoreError,
    StoreLocked,
    StoreReadOnly,
    StoreTooNew,
    StoreUnavailable,
)

REPO = Path(__file__).resolve().parent.parent
ALICE, BOB = 101, 102


def run(coro, timeout=60):
    return asyncio.run(asyncio.wait_for(coro, timeout))


def threads() -> set[threading.Thread]:
    return {t for t in threading.enumerate() if t.is_alive()}


async def refused(path, **kw) -> StoreError:
    """Open ``path`` expecting a refusal; checks that no thread was left running."""
    before = threads()
    with pytest.raises(StoreError) as caught:
        store = await Store.open(path, **kw)
        await store.close()
    for thread in threads() - before:  # the connection thread was told to stop: it ends, or the test fails
        await asyncio.to_thread(thread.join, 10)
        assert not thread.is_alive(), "the refused store left its connection thread running"
    return caught.value


def healthy_store(path: Path) -> bytes:
    """A valid store file with one started game in it; returns its bytes."""
    async def build():
        host = Host(await Store.open(path), seed_source=lambda: 1)
        table = await host.open_lobby(guild_id=1, channel_id=10, owner_id=ALICE, owner_name="alice",
                                      game_name="minoa", num_players=2, options={})
        await host.join(table.id, BOB, "bob")
        await host.start(table.id, ALICE)
        await host.store.close()
    run(build())
    with sqlite3.connect(path) as db:  # fold the WAL into the file, so the file alone is the database
        db.execute("PRAGMA journal_mode=DELETE")
    return path.read_bytes()


# -- not a database, or a damaged one --------------------------------------------------------------

def test_a_garbage_file_is_refused_as_not_a_database(tmp_path):
    path = tmp_path / "bot.sqlite3"
    path.write_bytes(bytes(range(256)) * 40)
    error = run(refused(path))
    assert isinstance(error, StoreCorrupt)
    assert str(error) == (f"The database file {path} is not a usable SQLite database (file is not a database): "
                          "restore it from a backup, or move it aside to start with an empty one.")
    assert path.read_bytes() == bytes(range(256)) * 40


def test_a_truncated_file_is_refused_as_damaged(tmp_path):
    whole = healthy_store(tmp_path / "whole.sqlite3")
    path = tmp_path / "bot.sqlite3"
    path.write_bytes(whole[: len(whole) // 2])
    error = run(refused(path))
    assert isinstance(error, StoreCorrupt) and str(path) in str(error) and "restore it from a backup" in str(error)


def test_a_header_only_file_is_refused_as_damaged(tmp_path):
    whole = healthy_store(tmp_path / "whole.sqlite3")
    path = tmp_path / "bot.sqlite3"
    path.write_bytes(whole[:100])  # SQLite's file header and nothing else
    error = run(refused(path))
    assert isinstance(error, StoreCorrupt)
    assert "database disk image is malformed" in str(error) and str(error).count(": ") == 1


def test_a_file_that_fails_the_integrity_check_is_refused_with_what_it_found(tmp_path):
    path = tmp_path / "bot.sqlite3"
    healthy_store(path)
    with sqlite3.connect(path, isolation_level=None) as db:  # an index's root moved onto a table's pages
        roots = dict(db.execute("SELECT name, rootpage FROM sqlite_master"))
        db.execute("PRAGMA writable_schema=ON")
        db.execute("UPDATE sqlite_master SET rootpage = ? WHERE name = 'game_tables_status'", (roots["seats"],))
    error = run(refused(path))
    assert isinstance(error, StoreCorrupt) and "never used" in str(error)


def test_an_empty_file_is_a_new_store(tmp_path):
    path = tmp_path / "bot.sqlite3"
    path.write_bytes(b"")

    async def scenario():
        store = await Store.open(path)
        assert await store.get_table(1) is None
        await store.close()
    run(scenario())
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == len(MIGRATIONS)


# -- written by a newer release ------------------------------------------------------------------

def newer(path: Path) -> bytes:
    healthy_store(path)
    with sqlite3.connect(path) as db:
        db.execute(f"PRAGMA user_version = {len(MIGRATIONS) + 1}")
    return path.read_bytes()


def test_a_newer_schema_is_refused_and_the_file_left_as_it_was(tmp_path):
    path = tmp_path / "bot.sqlite3"
    before = newer(path)
    error = run(refused(path))
    assert isinstance(error, StoreTooNew)
    assert str(error) == (f"The database file {path} was written by a newer release of the bot (schema version "
                          f"{len(MIGRATIONS) + 1}; this release knows up to {len(MIGRATIONS)}): run that release, "
                          "or restore a backup made by this one.")
    assert path.read_bytes() == before  # not even switched to WAL


# -- cannot be written -----------------------------------------------------------------------------

OPEN_AND_REPORT = textwrap.dedent("""
    import asyncio, json, os, sys
    from bot.host.store import Store, StoreError
    path, probe = sys.argv[1], sys.argv[2]
    try:
        with open(probe, "a"):
            pass
        print(json.dumps({"simulated": False}))
        sys.exit(0)
    except PermissionError:
        pass
    async def main():
        try:
            store = await asyncio.wait_for(Store.open(path), 30)
        except StoreError as exc:
            return {"simulated": True, "error": type(exc).__name__, "message": str(exc)}
        await store.close()
        return {"simulated": True, "error": None}
    print(json.dumps(asyncio.run(main())))
""")


def _without_dac_override() -> None:
    """In the child, before exec: drop the capabilities that let root ignore file modes."""
    libc = ctypes.CDLL(None, use_errno=True)
    for capability in (1, 2):  # CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH
        if libc.prctl(24, capability, 0, 0, 0) != 0:  # PR_CAPBSET_DROP
            raise OSError(ctypes.get_errno(), "prctl(PR_CAPBSET_DROP) refused")


def open_as_ordinary_user(path: Path, probe: Path) -> dict:
    """Open ``path`` in a child that file modes apply to; ``probe``: a path the child must not be
    able to write (else the case cannot be simulated here and the test is skipped)."""
    try:
        proc = subprocess.run([sys.executable, "-c", OPEN_AND_REPORT, str(path), str(probe)], cwd=REPO,
                              capture_output=True, text=True, timeout=60, check=False, env={**os.environ, "PYTHONPATH": str(REPO)},
                              preexec_fn=_without_dac_override if os.geteuid() == 0 else None)
    except subprocess.SubprocessError as exc:
        pytest.skip(f"cannot start a child without CAP_DAC_OVERRIDE here: {exc}")
    assert proc.returncode == 0, proc.stderr
    report = json.loads(proc.stdout)
    if not report["simulated"]:
        pytest.skip("this user can write read-only files (root with CAP_DAC_OVERRIDE that cannot be dropped)")
    return report


def test_a_read_only_file_is_refused(tmp_path):
    path = tmp_path / "bot.sqlite3"
    healthy_store(path)
    before = path.read_bytes()
    path.chmod(stat.S_IRUSR | stat.S_IRGRP | stat.S_IROTH)
    try:
        report = open_as_ordinary_user(path, path)
    finally:
        path.chmod(0o644)
    assert report["error"] == "StoreReadOnly"
    assert report["message"] == (f"The database file {path} cannot be written (the file is read-only): give the "
                                 "bot's user write permission on the file and its folder.")
    assert path.read_bytes() == before


def test_a_read_only_folder_is_refused_because_wal_needs_its_files(tmp_path):
    folder = tmp_path / "data"
    folder.mkdir()
    path = folder / "bot.sqlite3"
    healthy_store(path)  # a journal_mode=DELETE file: WAL must create bot.sqlite3-wal and -shm beside it
    folder.chmod(0o555)
    try:
        report = open_as_ordinary_user(path, folder / "probe")
    finally:
        folder.chmod(0o755)
    assert report["error"] == "StoreReadOnly"
    assert report["message"] == (
        f"The database file {path} cannot be written (its folder {folder} cannot be written, and SQLite must "
        "create bot.sqlite3-wal and bot.sqlite3-shm there): give the bot's user write permission on the file "
        "and its folder.")
    assert sorted(p.name for p in folder.iterdir()) == ["bot.sqlite3"]


def test_a_read_only_file_is_refused_even_where_modes_cannot_be_simulated(tmp_path, monkeypatch):
    """The same refusal by the code path alone: sqlite's own read-only error from the write probe."""
    import bot.host.store as store_module

    real = store_module._check

    def read_only_probe(conn, known, busy_timeout, *sync):
        real(conn, known, busy_timeout, *sync)
        error = sqlite3.OperationalError("attempt to write a readonly database")
        error.sqlite_errorcode, error.sqlite_errorname = 8, "SQLITE_READONLY"
        raise error

    monkeypatch.setattr(store_module, "_check", read_only_probe)
    error = run(refused(tmp_path / "bot.sqlite3"))
    assert isinstance(error, StoreReadOnly) and "(the file is read-only)" in str(error)


def test_a_folder_that_cannot_be_made_is_refused(tmp_path):
    (tmp_path / "file").write_text("not a folder")
    path = tmp_path / "file" / "bot.sqlite3"
    error = run(refused(path))
    assert isinstance(error, StoreUnavailable) and str(path) in str(error)
    assert "a folder its user can write" in str(error)


def test_a_folder_in_place_of_the_file_is_refused(tmp_path):
    path = tmp_path / "bot.sqlite3"
    path.mkdir()
    error = run(refused(path))
    assert isinstance(error, StoreUnavailable) and "unable to open database file" in str(error)


# -- locked by another process ---------------------------------------------------------------------

HOLD_LOCK = textwrap.dedent("""
    import sqlite3, sys
    db = sqlite3.connect(sys.argv[1], isolation_level=None)
    db.execute("BEGIN EXCLUSIVE")
    print("locked", flush=True)
    sys.stdin.read()  # until the test closes our stdin
    db.execute("ROLLBACK")
""")


class LockHolder:
    """Another process holding ``BEGIN EXCLUSIVE`` on the file until the block ends."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def __enter__(self) -> Self:
        self.proc = subprocess.Popen([sys.executable, "-c", HOLD_LOCK, str(self.path)], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True)
        assert self.proc.stdout.readline().strip() == "locked"
        return self

    def __exit__(self, *exc) -> None:
        self.proc.stdin.close()
        self.proc.wait(timeout=30)


@pytest.mark.parametrize("journal", ["wal", "delete"])
def test_a_file_locked_by_another_process_is_refused_after_the_busy_timeout(tmp_path, journal):
    path = tmp_path / "bot.sqlite3"
    healthy_store(path)
    with sqlite3.connect(path) as db:
        db.execute(f"PRAGMA journal_mode={journal}")
    with LockHolder(path):
        error = run(refused(path, busy_timeout=0.2))
    assert isinstance(error, StoreLocked)
    assert str(error) == (f"The database file {path} is locked by another process (still locked after 0.2 s): "
                          "stop the other program using it, such as a second copy of the bot, and start again.")

    async def afterwards():  # once the other process lets go, the same file opens
        store = await Store.open(path, busy_timeout=0.2)
        assert (await store.get_table(1)).status == "active"
        await store.close()
    run(afterwards())


def test_a_lock_held_during_a_move_is_refused_as_busy_and_changes_nothing(tmp_path):
    path = tmp_path / "bot.sqlite3"

    async def scenario():
        host = Host(await Store.open(path, busy_timeout=0.2), seed_source=lambda: 1)
        table = await host.open_lobby(guild_id=1, channel_id=10, owner_id=ALICE, owner_name="alice",
                                      game_name="minoa", num_players=2, options={})
        await host.join(table.id, BOB, "bob")
        table = await host.start(table.id, ALICE)
        with LockHolder(path):
            with pytest.raises(HostError) as busy:
                await host.play(table.id, ALICE, "e9-f8")
            assert busy.value.key == "host.busy"
            assert busy.value.message("en").startswith("The game storage is busy right now")
            assert "何も変更されていません" in busy.value.message("ja")
        after = await host.table(table.id)
        assert after.version == table.version and after.state == table.state
        assert await host.store.moves(table.id) == []
        played = await host.play(table.id, ALICE, "e9-f8")  # trying again once the lock is gone lands
        assert played.version == table.version + 1
        await host.store.close()
    run(scenario())


# -- python -m bot ---------------------------------------------------------------------------------

def start_bot(path: Path) -> subprocess.CompletedProcess:
    """``python -m bot`` with a token, so it gets as far as the store (opened before any login)."""
    return subprocess.run([sys.executable, "-m", "bot"], cwd=REPO, capture_output=True, text=True, timeout=60, check=False,
                          env={"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "PYTHONPATH": str(REPO),
                               "DISCORD_TOKEN": "x", "BOT_DB_PATH": str(path)})


def test_python_m_bot_refuses_a_garbage_file_in_one_line_and_exits_2(tmp_path):
    path = tmp_path / "bot.sqlite3"
    path.write_bytes(b"this is not a database, it is a shopping list\n" * 100)
    proc = start_bot(path)
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr == (f"The database file {path} is not a usable SQLite database (file is not a database): "
                           "restore it from a backup, or move it aside to start with an empty one.\n")


def test_python_m_bot_refuses_a_newer_schema_in_one_line_and_exits_2(tmp_path):
    path = tmp_path / "bot.sqlite3"
    newer(path)
    proc = start_bot(path)
    assert proc.returncode == 2 and proc.stdout == "" and "Traceback" not in proc.stderr
    assert proc.stderr.count("\n") == 1 and "was written by a newer release of the bot" in proc.stderr


def test_python_m_bot_refuses_a_locked_file_in_one_line_and_exits_2(tmp_path):
    path = tmp_path / "bot.sqlite3"
    healthy_store(path)
    with LockHolder(path):
        proc = start_bot(path)  # the default busy timeout (5 s), then one line
    assert proc.returncode == 2 and proc.stdout == "" and "Traceback" not in proc.stderr
    assert proc.stderr.count("\n") == 1 and "is locked by another process" in proc.stderr


def test_python_m_bot_refuses_a_folder_it_cannot_create_in_one_line_and_exits_2(tmp_path):
    (tmp_path / "file").write_text("x")
    proc = start_bot(tmp_path / "file" / "bot.sqlite3")
    assert proc.returncode == 2 and "Traceback" not in proc.stderr and proc.stderr.count("\n") == 1
    assert "cannot be created" in proc.stderr


def test_python_m_bot_refuses_a_folder_as_its_file_in_one_line_and_nothing_else(tmp_path):
    """The refusal alone, never followed by a traceback of aiosqlite's thread (which, left running
    after the failed connect, raced the closing event loop): several runs at once."""
    path = tmp_path / "bot.sqlite3"
    path.mkdir()
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "PYTHONPATH": str(REPO), "DISCORD_TOKEN": "x",
           "BOT_DB_PATH": str(path)}
    runs = [subprocess.Popen([sys.executable, "-m", "bot"], cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             text=True, env=env) for _ in range(5)]
    for proc in runs:
        out, err = proc.communicate(timeout=60)
        assert proc.returncode == 2 and out == ""
        assert err == (f"The database file {path} cannot be opened (unable to open database file): check that the "
                       "path names a file in a folder the bot's user can write, and that the disk is not full.\n")


def test_a_move_sent_on_discord_while_another_process_holds_the_lock_gets_the_busy_refusal(tmp_path, monkeypatch):
    from tests.test_bot_e2e import World, play

    real_open = Store.open

    async def open_with_a_short_busy_timeout(path, clock=None, **kw):
        return await real_open(path, **({"clock": clock} if clock else {}), busy_timeout=0.3)

    monkeypatch.setattr(Store, "open", open_with_a_short_busy_timeout)

    async def scenario(world: World):
        async with world.running():
            table_id, _lobby = await world.start_game(2)
            before = await world.host.store.get_table(table_id)
            with LockHolder(world.db):
                busy = await world.move(world.alice, "e9-f8")
            assert busy.ephemeral
            assert busy.content == ("The game storage is busy right now (another process holds it); nothing was "
                                    "changed. Please try again in a moment.")
            assert (await world.host.store.get_table(table_id)).version == before.version
            again = await world.move(world.alice, "e9-f8")
            assert again.ephemeral and "You played e9-f8" in again.content
            await world.settled(table_id)

    play(scenario, tmp_path)
