"""Nothing outlives the bot (issue 25, point 5).

``python -m bot`` logs in to the fake Discord, with its AI and replay workers started. Stopped
with SIGTERM, it stops cleanly (the client leaves the gateway, the store is closed) and every
process it started ends with it. Started again and killed with SIGKILL, its workers notice they
lost their parent and end within seconds, and with them multiprocessing's resource tracker.

Processes are found by session: the bot is started in a session of its own, which every process
it starts (spawned workers, the resource tracker) stays in, even once re-parented to init.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import sys
from pathlib import Path

from tests.fakediscord import FakeDiscord

REPO = Path(__file__).resolve().parent.parent


def in_session(sid: int) -> dict[int, str]:
    """The live processes of session ``sid`` (pid: command line); a zombie has ended already."""
    found = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
            command = Path(f"/proc/{entry}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except OSError:  # ended meanwhile
            continue
        state, _ppid, _pgrp, session = stat.rsplit(")", 1)[1].split()[:4]
        if int(session) == sid and state != "Z":
            found[int(entry)] = command
    return found


def workers_of(sid: int) -> tuple[int, int]:
    """(spawned worker processes, resource trackers) of the bot's session."""
    commands = in_session(sid).values()
    return sum("spawn_main" in c for c in commands), sum("resource_tracker" in c for c in commands)


async def start_bot(fake: FakeDiscord, db: Path, log: Path, started: list[int]) -> asyncio.subprocess.Process:
    env = {k: v for k, v in os.environ.items() if k != "DATABASE_URL"}
    env.update(PYTHONPATH=str(REPO), DISCORD_TOKEN=fake.token, BOT_DB_PATH=str(db), BOT_AI_WORKERS="1")
    with open(log, "ab") as err:
        proc = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "tests.bot_process", fake.api_base, fake.gateway_url + "/", cwd=REPO, env=env,
            stdin=asyncio.subprocess.DEVNULL, stdout=asyncio.subprocess.DEVNULL, stderr=err, start_new_session=True)
    started.append(proc.pid)
    # Logged in, with its AI worker and its replay worker up (and the resource tracker beside them).
    await fake.wait_until(lambda: fake.live_sessions() and workers_of(proc.pid) == (2, 1), timeout=90,
                          what=f"the bot logged in with its workers: {log.read_text()[-2000:]}", poll=0.1)
    return proc


def test_the_bots_workers_end_with_it_whether_stopped_or_killed(tmp_path):
    db, log = tmp_path / "bot.sqlite3", tmp_path / "bot.log"

    async def main():
        async with FakeDiscord() as fake:
            bot = await start_bot(fake, db, log, started)
            bot.send_signal(signal.SIGTERM)
            assert await asyncio.wait_for(bot.wait(), 60) == 0, log.read_text()[-2000:]
            assert not fake.live_sessions()  # the client left the gateway
            assert not Path(f"{db}-wal").exists()  # the store was closed (its last connection folds the WAL in)
            assert workers_of(bot.pid)[0] == 0  # ended before the bot (the resource tracker follows it)
            await fake.wait_until(lambda: not in_session(bot.pid), timeout=10, poll=0.1,
                                  what=f"no process of the stopped bot left: {in_session(bot.pid)}")

            bot = await start_bot(fake, db, log, started)
            bot.send_signal(signal.SIGKILL)
            assert await asyncio.wait_for(bot.wait(), 60) == -signal.SIGKILL
            await fake.wait_until(lambda: not in_session(bot.pid), timeout=10, poll=0.1,
                                  what=f"no process of the killed bot left: {in_session(bot.pid)}")

    started: list[int] = []
    try:
        asyncio.run(asyncio.wait_for(main(), 240))
    finally:  # a failed check leaves nothing running either
        for session in started:
            for pid in in_session(session):
                with contextlib.suppress(ProcessLookupError):
                    os.kill(pid, signal.SIGKILL)
