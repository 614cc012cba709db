"""``python -m bot`` pointed at a fake Discord, for tests that need the real bot process.

``python -m tests.bot_process API_BASE GATEWAY_URL`` points discord.py at the fake (as
``FakeDiscord.patch_discord`` does in-process), then runs :func:`bot.__main__.main` with the
environment's settings (``DISCORD_TOKEN``, ``BOT_DB_PATH``, ...), exactly as ``python -m bot`` does.
"""

from __future__ import annotations

import sys

import yarl
from discord.gateway import DiscordWebSocket
from discord.http import Route

from bot.__main__ import main

if __name__ == "__main__":
    Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY = sys.argv[1], yarl.URL(sys.argv[2])
    sys.exit(main([]))
