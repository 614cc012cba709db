"""``python -m bot``: run the bot. Needs only ``DISCORD_TOKEN``."""

from __future__ import annotations

import os
import sys


def main() -> int:
    token = os.environ.get("DISCORD_TOKEN", "").strip()
    if not token:
        print("DISCORD_TOKEN is not set: create a bot in the Discord developer portal and run "
              "`DISCORD_TOKEN=your-bot-token python3 -m bot`.", file=sys.stderr)
        return 2
    import discord

    client = discord.Client(intents=discord.Intents.default())

    @client.event
    async def on_ready() -> None:
        print(f"Logged in as {client.user}", flush=True)

    try:
        client.run(token, log_handler=None)
    except discord.LoginFailure:
        print("DISCORD_TOKEN was refused by Discord: check the token in the developer portal.", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
