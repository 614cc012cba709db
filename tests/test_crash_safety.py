"""kill -9 during play loses no acknowledged move and applies none twice (issue 12, point 10).

A worker process (``tests/crash_worker.py``) plays random legal moves on four tables of four games
at once through the host, as the bot would without Discord, and prints ``ACK table version`` after
each commit returns. The test kills it with SIGKILL at a random moment (after a random number of
acknowledgements plus a random pause), then checks the file:

- ``PRAGMA integrity_check`` is ok and ``Store.open`` (with its start-up checks) accepts it;
- every acknowledged version is there: the table is at that version or later, and the move record
  that produced it exists;
- each table's move records are plies 1..n with consecutive versions ending at the table's version
  (nothing lost in between, nothing applied twice), records once seen never change, and replaying
  them through the engine from the table's seed gives exactly the stored state; the stored acting
  seats are those of that state;
- a move in flight when the worker died (``TRY`` without its ``ACK``) is sent again by the next
  worker bound to the version its sender saw, as a client retrying would: it lands if and only if
  the first submission had not.

The default suite kills 5 times (a few seconds). ``BOT_RELIABILITY_LONG=1`` kills 200 times (or
``BOT_RELIABILITY_KILLS``) and prints the figures: kills, acknowledged moves, moves committed but
not acknowledged, retries landed and refused, failures.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import time
from dataclasses import dataclass, field
from itertools import pairwise
from pathlib import Path
from typing import Any

from bot.host import Store
from bot.host.host import acting_mask
from games.registry import get_game

REPO = Path(__file__).resolve().parent.parent
LONG = os.environ.get("BOT_RELIABILITY_LONG") == "1"
KILLS = int(os.environ.get("BOT_RELIABILITY_KILLS", "200" if LONG else "5"))


@dataclass
class Replayed:
    """What the checker has verified of one table: its move records so far and the state they give."""

    records: list[tuple[int, int, int, str]] = field(default_factory=list)
    state: Any = None


@dataclass
class Figures:
    kills: int = 0
    acked_moves: int = 0
    committed_unacked: int = 0
    retries_landed: int = 0
    retries_refused: int = 0
    moves_checked: int = 0
    failures: list[str] = field(default_factory=list)


def check_store(path: Path, acked: dict[int, int], replayed: dict[int, Replayed]) -> tuple[list[str], int]:
    """Problems found in the file after a kill (empty: none), and the move records replayed."""
    problems: list[str] = []
    with sqlite3.connect(path) as db:
        integrity = [row[0] for row in db.execute("PRAGMA integrity_check")]
        if integrity != ["ok"]:
            return [f"integrity_check: {integrity[:5]}"], 0
        tables = db.execute("SELECT id, game, num_players, options, seed, status, state, version, announced_version,"
                            " acting FROM game_tables WHERE status IN ('active', 'finished')").fetchall()
        records = {}
        for table_id, ply, version, seat, notation in db.execute(
                "SELECT table_id, ply, version, seat, notation FROM moves ORDER BY table_id, ply"):
            records.setdefault(table_id, []).append((ply, version, seat, notation))

    async def opens():
        store = await Store.open(path, busy_timeout=5)
        await store.close()
    try:
        asyncio.run(asyncio.wait_for(opens(), 60))
    except Exception as exc:  # noqa: BLE001 - reported as a problem of this file
        problems.append(f"Store.open refused the file: {exc!r}")

    found = {row[0] for row in tables}
    for table_id, version in acked.items():
        if table_id not in found:
            problems.append(f"table {table_id}: acknowledged at version {version}, now missing")
    checked = 0
    for table_id, game_name, players, options, seed, _status, state, version, announced, acting in tables:
        mine = records.get(table_id, [])
        plies = [r[0] for r in mine]
        versions = [r[1] for r in mine]
        if plies != list(range(1, len(mine) + 1)):
            problems.append(f"table {table_id}: plies {plies[:3]}..{plies[-3:]} are not 1..{len(mine)}")
            continue
        if any(b != a + 1 for a, b in pairwise(versions)) or (versions and versions[-1] != version):
            problems.append(f"table {table_id}: move versions {versions[-5:]} do not end consecutively at {version}")
            continue
        if acked.get(table_id, 0) > version:
            problems.append(f"table {table_id}: acknowledged version {acked[table_id]} lost (stored {version})")
        elif table_id in acked and mine and acked[table_id] not in versions:
            problems.append(f"table {table_id}: no move record for acknowledged version {acked[table_id]}")
        if announced > version:
            problems.append(f"table {table_id}: announced {announced} beyond version {version}")
        game = get_game(game_name)
        seen = replayed.setdefault(table_id, Replayed())
        if mine[:len(seen.records)] != seen.records:
            problems.append(f"table {table_id}: move records seen before have changed")
            continue
        current = seen.state if seen.records else game.new_game(players, json.loads(options), seed)
        try:
            for _ply, _version, seat, notation in mine[len(seen.records):]:
                current, _events = game.apply(current, seat, game.parse_move(current, notation, seat))
                checked += 1
        except Exception as exc:  # noqa: BLE001 - a record that does not replay is the finding
            problems.append(f"table {table_id}: the records do not replay: {exc!r}")
            continue
        seen.records, seen.state = mine, current
        if json.loads(json.dumps(game.state_to_json(current))) != json.loads(state):
            problems.append(f"table {table_id}: replaying its {len(mine)} moves does not give the stored state")
        if acting is not None and acting != acting_mask(game, current):
            problems.append(f"table {table_id}: stored acting seats {acting} are not those of the state")
    return problems, checked


def read_until_killed(proc: subprocess.Popen, acks_before_kill: int, pause: float) -> tuple[list[str], bool]:
    """The worker's lines up to (and flushed before) its SIGKILL; ``False`` if it died by itself."""
    lines: list[str] = []
    acks = 0
    while acks < acks_before_kill:
        line = proc.stdout.readline()
        if not line:
            break
        lines.append(line)
        acks += line.startswith("ACK ")
    alive = proc.poll() is None
    time.sleep(pause)  # lands the kill anywhere: mid-search, mid-commit, mid-mark
    proc.send_signal(signal.SIGKILL)
    lines.extend(proc.stdout.read().splitlines(keepends=True))
    proc.wait()
    return [line for line in lines if line.endswith("\n")], alive and proc.returncode == -signal.SIGKILL


def crash_run(folder: Path, kills: int, seed: int) -> Figures:
    rng = random.Random(seed)
    path = folder / "crash.sqlite3"
    figures = Figures()
    acked: dict[int, int] = {}
    replayed: dict[int, Replayed] = {}
    retries: list[tuple[int, int, int, str, bool]] = []  # table, version, user, notation, landed before
    for attempt in range(kills):
        retry_args = [str(part) for table, version, user, notation, _ in retries
                      for part in (table, version, user, notation)]
        with open(folder / "worker.err", "w") as err:
            proc = subprocess.Popen([sys.executable, "-m", "tests.crash_worker", str(path), str(rng.randrange(1 << 30)),
                                     *(["--retry", *retry_args] if retry_args else [])],
                                    cwd=REPO, stdout=subprocess.PIPE, stderr=err, text=True,
                                    env={**os.environ, "PYTHONPATH": str(REPO)})
            try:
                lines, killed = read_until_killed(proc, rng.randint(1, 60), rng.random() * 0.03)
            finally:  # a test stopped meanwhile (its time limit) leaves no worker behind
                if proc.poll() is None:
                    proc.kill()
                    proc.wait()
        figures.kills += 1
        if not killed:
            figures.failures.append(f"kill {attempt}: the worker ended by itself: "
                                    f"{(folder / 'worker.err').read_text()[-2000:]}")
            break
        in_flight: dict[int, tuple[int, int, str]] = {}
        outcomes: dict[tuple[int, int], str] = {}
        for line in lines:
            words = line.split(" ", 4)
            if words[0] == "TRY":
                in_flight[int(words[1])] = (int(words[2]), int(words[3]), words[4].rstrip("\n"))
            elif words[0] == "ACK":
                table, version = int(words[1]), int(words[2])
                acked[table] = max(acked.get(table, 0), version)
                figures.acked_moves += 1
                if table in in_flight and in_flight[table][0] < version:
                    del in_flight[table]
            elif words[0] == "RETRY":
                outcomes[(int(words[2]), int(words[3]))] = words[1]
        for table, version, _user, _notation, landed_before in retries:
            outcome = outcomes.get((table, version))
            if outcome is None:
                continue  # killed before the retry was answered: it is retried again below if still in flight
            figures.retries_landed += outcome == "landed"
            figures.retries_refused += outcome == "refused"
            if (outcome == "landed") == landed_before:
                figures.failures.append(f"kill {attempt}: the retry of table {table} at version {version} "
                                        f"{outcome} although the first submission had {'' if landed_before else 'not '}"
                                        "landed")
        problems, checked = check_store(path, acked, replayed)
        figures.moves_checked += checked
        figures.failures.extend(f"kill {attempt}: {p}" for p in problems)
        with sqlite3.connect(path) as db:
            retries = []
            for table, (version, user, notation) in in_flight.items():
                row = db.execute("SELECT notation FROM moves WHERE table_id = ? AND version = ?",
                                 (table, version + 1)).fetchone()
                landed = row is not None and row[0] == notation
                figures.committed_unacked += landed
                retries.append((table, version, user, notation, landed))
    return figures


def test_kill_9_during_play_loses_no_acknowledged_move_and_applies_none_twice(tmp_path, capsys):
    figures = crash_run(tmp_path, KILLS, seed=int(os.environ.get("BOT_RELIABILITY_SEED", "12")))
    if LONG:
        with capsys.disabled():
            print(f"\nkill -9 suite: {figures.kills} kills, {figures.acked_moves} acknowledged moves, "
                  f"{figures.moves_checked} move records replayed, {figures.committed_unacked} moves committed "
                  f"but not acknowledged, retries {figures.retries_landed} landed / {figures.retries_refused} "
                  f"refused, {len(figures.failures)} failures")
    assert figures.failures == []
    assert figures.kills == KILLS and figures.acked_moves >= KILLS and figures.moves_checked > 0
