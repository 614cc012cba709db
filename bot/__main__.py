"""``python -m bot``: run the bot. Needs only ``DISCORD_TOKEN``; see the README for the rest."""

from __future__ import annotations

import asyncio
import logging
import signal
import sys

from bot.config import Settings


async def run(settings: Settings, *, warm_up: bool = False) -> None:
    """Open and check the store first (a broken one raises ``StoreError`` before any login),
    then log in and serve until stopped: by SIGTERM or SIGINT, the client is closed (posts
    stopped, leases let go, the gateway left), then the store. ``warm_up``: start the worker
    processes (AI, replays) once the store is good, not at their first job."""
    from bot.host.store import Store

    store = await Store.open(settings.store_target, sync=settings.db_sync, pool=settings.pg_pool,
                             processes=settings.processes)
    try:
        import discord

        from bot.client import make_bot
        from bot.host import Host

        bot = make_bot(settings, Host(store, ai_seconds_cap=settings.ai_seconds_cap, ai_workers=settings.ai_workers,
                                      limits=settings.limits()))
        loop = asyncio.get_running_loop()
        stops, closing = (signal.SIGTERM, signal.SIGINT), []  # closing: the task is kept until done
        for stop in stops:
            loop.add_signal_handler(stop, lambda: closing.append(loop.create_task(bot.close())))
        if warm_up:
            from bot import replays
            from bot.host import ai_pool

            ai_pool.warm_up(settings.ai_workers)
            replays.warm_up()
        try:
            async with bot:
                await bot.start(settings.token)
        except discord.LoginFailure:
            raise SystemExit("DISCORD_TOKEN was refused by Discord: check the token in the developer portal.") from None
        finally:
            for stop in stops:
                loop.remove_signal_handler(stop)
    finally:
        await store.close()


def copy_db(argv: list[str]) -> int:
    """``python -m bot copy-db --from FILE --to postgresql://...``: copy the SQLite file into an
    empty PostgreSQL database (see :mod:`bot.host.copy`); one line says what was copied or why not."""
    import argparse

    from bot.host.copy import CopyRefused, copy_database
    from bot.host.store import StoreError

    parser = argparse.ArgumentParser(prog="python -m bot copy-db",
                                     description="Copy the bot's SQLite file into an empty PostgreSQL database.")
    parser.add_argument("--from", dest="source", required=True, help="the SQLite file (BOT_DB_PATH)")
    parser.add_argument("--to", dest="target", required=True, help="the postgresql:// URL (DATABASE_URL)")
    args = parser.parse_args(argv)
    try:
        counts = asyncio.run(copy_database(args.source, args.target))
    except (CopyRefused, StoreError) as exc:
        print(exc, file=sys.stderr)
        return 2
    print(f"Copied {sum(counts.values())} rows: " + ", ".join(f"{name} {n}" for name, n in counts.items()))
    return 0


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["copy-db"]:
        return copy_db(argv[1:])
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
    from bot.host import workers
    from bot.host.store import StoreError

    try:
        asyncio.run(run(settings, warm_up=True))
    except KeyboardInterrupt:
        pass
    except StoreError as exc:  # one sentence naming the file and what to do; the store is closed
        print(exc, file=sys.stderr)
        return 2
    except SystemExit as exc:
        print(exc, file=sys.stderr)
        return 2
    finally:
        workers.stop_all()  # the AI and replay workers end with the bot, their jobs abandoned
    return 0


if __name__ == "__main__":
    sys.exit(main())
