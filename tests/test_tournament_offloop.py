"""Pairing stays off the event loop (issue 29, point 7): networkx is loaded only when a Swiss
round is first paired, not when the bot starts, and the host pairs a round in a worker thread."""

from __future__ import annotations

import asyncio
import subprocess
import sys
import threading
from pathlib import Path

import tournaments as T
from bot.host import Host, Store
from bot.host.tournaments import TournamentService, state_of

ROOT = Path(__file__).resolve().parent.parent


def test_the_bot_starts_without_networkx_and_loads_it_at_the_first_swiss_pairing():
    script = (
        "import sys\n"
        "import bot.__main__, bot.client, bot.cogs.tournament, bot.cogs.ratings, bot.host.tournaments, tournaments\n"
        "print('networkx' in sys.modules)\n"
        "from tournaments.pairing import Candidate, pair_swiss\n"
        "pairing = pair_swiss([Candidate(str(i)) for i in range(4)])\n"
        "print('networkx' in sys.modules, len(pairing.pairs))\n"
    )
    out = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split("\n")[:2] == ["False", "True 2"]


def test_the_host_pairs_a_round_in_a_worker_thread(tmp_path, monkeypatch):
    threads: list[int] = []
    real = T.pair_next_round

    def pair(t):
        threads.append(threading.get_ident())
        return real(t)

    monkeypatch.setattr(T, "pair_next_round", pair)

    async def scenario():
        store = await Store.open(tmp_path / "db.sqlite3")
        try:
            service = TournamentService(Host(store, seed_source=lambda: 1, ai_playouts=4, ai_seconds=1,
                                             ai_workers=0))
            row = await service.create(guild_id=1, channel_id=10, owner_id=9, game="minoa", format="swiss",
                                       options={"rounds": 2})
            await service.add_ai(row.id, 4)
            row, _ = await service.start(row.id)
            return threading.get_ident(), state_of(row)
        finally:
            await store.close()

    loop_thread, t = asyncio.run(asyncio.wait_for(scenario(), 120))
    assert t.current_round is not None and len(t.current_round.tables) == 2
    assert threads and all(ident != loop_thread for ident in threads)
