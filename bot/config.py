"""Settings, all from environment variables (documented in the README)."""

from __future__ import annotations

import math
import os
from dataclasses import dataclass
from typing import TYPE_CHECKING, Mapping

if TYPE_CHECKING:
    from bot.host.host import Limits


@dataclass(frozen=True)
class Settings:
    token: str
    db_path: str = "bot.sqlite3"
    default_lang: str = "en"
    ai_delay: float = 1.5
    #: A cap on every AI search's seconds (``None``: each level's own budget, adapted to the queue).
    ai_seconds_cap: float | None = None
    #: Worker processes for AI searches (None: one per core but one; 0: a thread of the bot).
    ai_workers: int | None = None
    dev_guild: int | None = None
    log_level: str = "INFO"
    #: Seconds between two rounds of play-by-post work (reminders, timeouts, digests); 0 = off.
    tick_seconds: float = 30.0
    #: Caps (0 = no cap): open lobbies per person and per server, running games with AI seats
    #: per person (who opened them) and per server; days before an unstarted lobby expires.
    lobbies_per_user: int = 3
    lobbies_per_server: int = 25
    ai_games_per_user: int = 3
    ai_games_per_server: int = 20
    lobby_days: float = 7.0
    #: In games without a clock, hours a turn must have lasted before the other players may vote
    #: its player out (a server may set its own with /settings absent_wait).
    absent_wait_hours: float = 24.0
    #: ``postgresql://...``: the shared PostgreSQL database instead of the SQLite file ``db_path``.
    database_url: str = ""
    #: Sharding (several processes over one PostgreSQL): the total number of shards and the ids
    #: this process runs; ``None``: one process, Discord's single connection.
    shard_count: int | None = None
    shard_ids: tuple[int, ...] | None = None
    #: Whether this process registers the application commands; ``None``: the process that runs
    #: shard 0 (or the only process) does, so several processes never sync at once.
    sync_commands: bool | None = None
    #: Seconds a process's claim on shared background work (the tick, a table's AI turns and
    #: posts) lasts unless renewed: how soon another process takes over from one that died.
    lease_seconds: float = 90.0
    #: What a commit waits for, on either backend: ``normal`` (in the operating system's hands)
    #: or ``full`` (on the disk); see ``bot.host.store.SYNC_MODES`` and the README's "Durability".
    db_sync: str = "normal"
    #: PostgreSQL connections of this process's store (its worker threads); ``None``: sized from
    #: the server's ``max_connections`` and the number of processes (``bot.host.pg.pool_size``).
    pg_pool: int | None = None

    @property
    def processes(self) -> int:
        """How many bot processes share the database: the shard count over this process's
        shards (each process runs as many), 1 when unsharded."""
        if self.shard_count is None or not self.shard_ids:
            return 1
        return -(-self.shard_count // len(self.shard_ids))

    @classmethod
    def from_env(cls, env: Mapping[str, str] = os.environ) -> "Settings":
        """Read the settings; raises ``ValueError`` with one clear sentence for a bad value."""
        def number(name: str, default: float, unit: str = "seconds") -> float:
            raw = env.get(name, "").strip()
            try:
                return float(raw) if raw else default
            except ValueError:
                raise ValueError(f"{name} must be a number of {unit}, not {raw!r}") from None

        lang = env.get("BOT_DEFAULT_LANG", "en").strip().lower() or "en"
        if lang not in ("en", "ja"):
            raise ValueError(f"BOT_DEFAULT_LANG must be en or ja, not {lang!r}")
        workers = env.get("BOT_AI_WORKERS", "").strip()
        if workers and not workers.isdigit():
            raise ValueError(f"BOT_AI_WORKERS must be a whole number of processes (0 = none), not {workers!r}")
        def count(name: str, default: int) -> int:
            raw = env.get(name, "").strip()
            if raw and not raw.isdigit():
                raise ValueError(f"{name} must be a whole number (0 = no cap), not {raw!r}")
            return int(raw) if raw else default

        guild = env.get("BOT_DEV_GUILD", "").strip()
        if guild and not guild.isdigit():
            raise ValueError(f"BOT_DEV_GUILD must be a server id (digits), not {guild!r}")
        url = env.get("DATABASE_URL", "").strip()
        if url and not url.startswith(("postgresql://", "postgres://")):
            raise ValueError(f"DATABASE_URL must be a postgresql:// URL (leave it unset for SQLite), not {url!r}")
        shard_count, shard_ids = shards(env.get("BOT_SHARD_COUNT", "").strip(), env.get("BOT_SHARD_IDS", "").strip())
        sync = env.get("BOT_SYNC_COMMANDS", "").strip().lower()
        if sync not in ("", "0", "1", "yes", "no", "true", "false"):
            raise ValueError(f"BOT_SYNC_COMMANDS must be 1 or 0, not {sync!r}")
        lease, tick = number("BOT_LEASE_SECONDS", 90.0), number("BOT_TICK_SECONDS", 30.0)
        if tick > 0 and lease <= tick:
            raise ValueError(f"BOT_LEASE_SECONDS ({lease:g}) must be longer than BOT_TICK_SECONDS ({tick:g}): the "
                             f"process doing the tick renews its lease once a tick")
        from bot.host.store import POOL_RANGE, SYNC_MODES

        db_sync = env.get("BOT_DB_SYNC", "").strip().lower() or "normal"
        if db_sync not in SYNC_MODES:
            raise ValueError(f"BOT_DB_SYNC must be {' or '.join(SYNC_MODES)}, not {db_sync!r}")
        pool = env.get("BOT_PG_POOL", "").strip()

        if pool and (not pool.isdigit() or not POOL_RANGE[0] <= int(pool) <= POOL_RANGE[1]):
            raise ValueError(f"BOT_PG_POOL must be a whole number of connections from {POOL_RANGE[0]} to "
                             f"{POOL_RANGE[1]} (unset: sized from the server), not {pool!r}")
        return cls(
            token=env.get("DISCORD_TOKEN", "").strip(),
            db_path=env.get("BOT_DB_PATH", "").strip() or "bot.sqlite3",
            default_lang=lang,
            ai_delay=number("BOT_AI_DELAY", 1.5),
            ai_seconds_cap=seconds_cap(env.get("BOT_AI_SECONDS", "").strip()),
            ai_workers=int(workers) if workers else None,
            dev_guild=int(guild) if guild else None,
            log_level=env.get("BOT_LOG_LEVEL", "INFO").strip().upper() or "INFO",
            tick_seconds=number("BOT_TICK_SECONDS", 30.0),
            lobbies_per_user=count("BOT_LOBBIES_PER_USER", 3),
            lobbies_per_server=count("BOT_LOBBIES_PER_SERVER", 25),
            ai_games_per_user=count("BOT_AI_GAMES_PER_USER", 3),
            ai_games_per_server=count("BOT_AI_GAMES_PER_SERVER", 20),
            lobby_days=number("BOT_LOBBY_DAYS", 7.0, "days"),
            absent_wait_hours=number("BOT_ABSENT_WAIT_HOURS", 24.0, "hours"),
            database_url=url,
            shard_count=shard_count,
            shard_ids=shard_ids,
            sync_commands=None if not sync else sync in ("1", "yes", "true"),
            lease_seconds=lease,
            db_sync=db_sync,
            pg_pool=int(pool) if pool else None,
        )

    @property
    def store_target(self) -> str:
        """What :meth:`bot.host.store.Store.open` opens: the PostgreSQL URL, or the SQLite file."""
        return self.database_url or self.db_path

    @property
    def syncs_commands(self) -> bool:
        """Whether this process registers the application commands (see ``sync_commands``)."""
        if self.sync_commands is not None:
            return self.sync_commands
        return self.shard_ids is None or 0 in self.shard_ids

    def limits(self) -> "Limits":
        """The host's caps and waits, from these settings."""
        from bot.host.host import Limits

        return Limits(self.lobbies_per_user, self.lobbies_per_server, self.ai_games_per_user,
                      self.ai_games_per_server, self.lobby_days, self.absent_wait_hours)


#: The range ``BOT_AI_SECONDS`` may take: below a tenth of a second a search learns next to
#: nothing; a minute is already longer than anyone waits for a move in chat.
AI_SECONDS_CAP_RANGE = (0.1, 60.0)


def seconds_cap(raw: str) -> float | None:
    """``BOT_AI_SECONDS``: an optional cap on every AI search's seconds; empty: no cap."""
    if not raw:
        return None
    low, high = AI_SECONDS_CAP_RANGE
    try:
        value = float(raw)
    except ValueError:
        value = math.nan
    if not low <= value <= high:  # also nan and inf
        raise ValueError(f"BOT_AI_SECONDS must be a number of seconds from {low:g} to {high:g} (leave it unset "
                         f"for each AI level's own budget), not {raw!r}")
    return value


def shards(count: str, ids: str) -> tuple[int | None, tuple[int, ...] | None]:
    """``BOT_SHARD_COUNT`` and ``BOT_SHARD_IDS`` (``0-1``, ``2,3``, ``0-3,6``): the shard count and
    the ids this process runs, both ``None`` when unsharded. Ids without a count, an id outside
    ``0 .. count-1`` or a bad range is refused with one sentence."""
    if not count:
        if ids:
            raise ValueError("BOT_SHARD_IDS needs BOT_SHARD_COUNT, the total number of shards of all processes")
        return None, None
    if not count.isdigit() or int(count) < 1:
        raise ValueError(f"BOT_SHARD_COUNT must be a whole number of shards (1 or more), not {count!r}")
    total = int(count)
    if not ids:
        return total, tuple(range(total))
    chosen: set[int] = set()
    for part in ids.split(","):
        first, _, last = part.strip().partition("-")
        if not first.isdigit() or (last and not last.isdigit()):
            raise ValueError(f"BOT_SHARD_IDS must be shard ids and ranges such as 0-1 or 2,3, not {ids!r}")
        low, high = int(first), int(last or first)
        if low > high or high >= total:
            raise ValueError(f"BOT_SHARD_IDS {ids!r} names shards outside 0-{total - 1} (BOT_SHARD_COUNT is {total})")
        chosen.update(range(low, high + 1))
    return total, tuple(sorted(chosen))
