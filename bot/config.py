"""Settings, all from environment variables (documented in the README)."""

from __future__ import annotations

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
    ai_seconds: float = 1.0
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
        return cls(
            token=env.get("DISCORD_TOKEN", "").strip(),
            db_path=env.get("BOT_DB_PATH", "").strip() or "bot.sqlite3",
            default_lang=lang,
            ai_delay=number("BOT_AI_DELAY", 1.5),
            ai_seconds=number("BOT_AI_SECONDS", 1.0),
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
        )

    def limits(self) -> "Limits":
        """The host's caps and waits, from these settings."""
        from bot.host.host import Limits

        return Limits(self.lobbies_per_user, self.lobbies_per_server, self.ai_games_per_user,
                      self.ai_games_per_server, self.lobby_days, self.absent_wait_hours)
