"""``python -m bot``: run the bot. Needs only ``DISCORD_TOKEN``; see the README for the rest."""

from __future__ import annotations

import asyncio
import logging
import sys

from bot.config import Settings


async def run(settings: Settings) -> None:
    """Open and check the store first (a broken one raises ``StoreError`` before any login),
    then log in and serve until stopped."""
    from bot.host.store import Store

    store = await Store.open(settings.db_path)
    try:
        import discord

        from bot.client import GameBot
        from bot.host import Host

        bot = GameBot(settings, Host(store, ai_seconds=settings.ai_seconds, ai_workers=settings.ai_workers,
                                     limits=settings.limits()))
        try:
            async with bot:
                await bot.start(settings.token)
        except discord.LoginFailure:
            raise SystemExit("DISCORD_TOKEN was refused by Discord: check the token in the developer portal.") from None
    finally:
        await store.close()


def main() -> int:
    try:
        settings = Settings.from_env()
    except ValueError as exc:
        print(f"Bad setting: {exc}", file=sys.stderr)
        return 2
    if not settings.token:
        print("DISCORD_TOKEN is not set: create a bot in the Discord developer portal and run "
              "`DISCORD_TOKEN=your-bot-token python3 -m bot`.", file=sys.stderr)
        return 2
    logging.basicConfig(level=settings.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    from bot.host.store import StoreError

    try:
        asyncio.run(run(settings))
    except KeyboardInterrupt:
        pass
    except StoreError as exc:  # one sentence naming the file and what to do; the store is closed
        print(exc, file=sys.stderr)
        return 2
    except SystemExit as exc:
        print(exc, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
