"""Storage of tables (games), seats and move records in SQLite through aiosqlite.

One file, WAL mode, schema migrations numbered in :data:`MIGRATIONS` (``PRAGMA user_version``
records how far a file is). A move is one transaction: the move record, the new state and the
version bump commit together, and only if the version is still the one the move was computed
from, so a double-clicked or replayed interaction lands once and of two racing moves one loses.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable

import aiosqlite

#: Schema migrations, in order; each is (reason, SQL). Never edit a released one: append.
MIGRATIONS: tuple[tuple[str, str], ...] = (
    (
        "tables, seats, move records and per-server settings",
        """
        CREATE TABLE game_tables (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            guild_id INTEGER,
            channel_id INTEGER NOT NULL,
            thread_id INTEGER,
            lobby_message_id INTEGER,
            status_message_id INTEGER,
            game TEXT NOT NULL,
            num_players INTEGER NOT NULL,
            options TEXT NOT NULL,
            seed INTEGER NOT NULL,
            status TEXT NOT NULL CHECK (status IN ('lobby', 'active', 'finished', 'cancelled')),
            owner_id INTEGER NOT NULL,
            state TEXT,
            version INTEGER NOT NULL DEFAULT 0,
            announced_version INTEGER NOT NULL DEFAULT 0,
            settings TEXT NOT NULL DEFAULT '{}',
            created_at REAL NOT NULL,
            updated_at REAL NOT NULL
        );
        CREATE INDEX game_tables_status ON game_tables (status);
        CREATE INDEX game_tables_thread ON game_tables (thread_id);
        CREATE TABLE seats (
            table_id INTEGER NOT NULL REFERENCES game_tables (id) ON DELETE CASCADE,
            seat INTEGER NOT NULL,
            user_id INTEGER,
            ai_level TEXT,
            name TEXT NOT NULL,
            dm_failed INTEGER NOT NULL DEFAULT 0,
            PRIMARY KEY (table_id, seat)
        );
        CREATE INDEX seats_user ON seats (user_id);
        CREATE TABLE moves (
            table_id INTEGER NOT NULL REFERENCES game_tables (id) ON DELETE CASCADE,
            ply INTEGER NOT NULL,
            version INTEGER NOT NULL,
            seat INTEGER NOT NULL,
            notation TEXT NOT NULL,
            words TEXT NOT NULL,
            events TEXT NOT NULL,
            created_at REAL NOT NULL,
            PRIMARY KEY (table_id, ply)
        );
        CREATE TABLE guild_settings (
            guild_id INTEGER PRIMARY KEY,
            lang TEXT NOT NULL
        );
        """,
    ),
    (
        "each user's language, learned from their Discord locale, so DMs speak it",
        """
        CREATE TABLE user_settings (
            user_id INTEGER PRIMARY KEY,
            lang TEXT NOT NULL
        );
        """,
    ),
    (
        "play-by-post: each turn's start and deadline with its reminder stage, players' notification "
        "choice and vacation, servers' time zones",
        """
        ALTER TABLE game_tables ADD COLUMN turn_started_at REAL;
        ALTER TABLE game_tables ADD COLUMN deadline_at REAL;
        ALTER TABLE game_tables ADD COLUMN reminded INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE game_tables ADD COLUMN board_message_id INTEGER;
        ALTER TABLE game_tables ADD COLUMN half_at REAL;
        ALTER TABLE game_tables ADD COLUMN late_at REAL;
        CREATE INDEX game_tables_deadline ON game_tables (status, deadline_at);
        CREATE TABLE players (
            user_id INTEGER PRIMARY KEY,
            notify TEXT NOT NULL DEFAULT 'off' CHECK (notify IN ('off', 'turn', 'daily')),
            away_until REAL,
            vacation_year INTEGER,
            vacation_used REAL NOT NULL DEFAULT 0,
            digest_at REAL
        );
        CREATE TABLE guild_zones (
            guild_id INTEGER PRIMARY KEY,
            timezone TEXT NOT NULL
        );
        """,
    ),
)


@dataclass
class SeatRow:
    seat: int
    user_id: int | None
    ai_level: str | None
    name: str
    dm_failed: bool = False

    @property
    def is_ai(self) -> bool:
        return self.user_id is None


@dataclass
class TableRow:
    id: int
    guild_id: int | None
    channel_id: int
    thread_id: int | None
    lobby_message_id: int | None
    status_message_id: int | None
    game: str
    num_players: int
    options: dict[str, Any]
    seed: int
    status: str
    owner_id: int
    state: dict[str, Any] | None
    version: int
    announced_version: int
    settings: dict[str, Any]
    created_at: float
    updated_at: float
    turn_started_at: float | None = None
    deadline_at: float | None = None
    #: Reminder stage of the current turn: 0 none, 1 half-time sent, 2 nine-tenths sent, 3 time-up handled.
    reminded: int = 0
    #: The latest board post (the status message links to it).
    board_message_id: int | None = None
    #: When half and nine tenths of the turn's running time are used (reminders are due).
    half_at: float | None = None
    late_at: float | None = None
    seats: list[SeatRow] = field(default_factory=list)


@dataclass
class MoveRow:
    """One move record; ``ply`` and ``version`` (the table's version after it) are set on commit."""

    seat: int
    notation: str
    words: dict[str, str]
    events: list[dict[str, Any]]
    ply: int = 0
    version: int = 0


class StaleVersion(Exception):
    """The table changed since the caller read it; nothing was written."""


_TABLE_COLUMNS = ("id, guild_id, channel_id, thread_id, lobby_message_id, status_message_id, game, num_players, "
                  "options, seed, status, owner_id, state, version, announced_version, settings, created_at, "
                  "updated_at, turn_started_at, deadline_at, reminded, board_message_id, half_at, late_at")


class Store:
    """SQLite storage. Open with :meth:`open`; every method is one short transaction."""

    def __init__(self, db: aiosqlite.Connection, clock=time.time) -> None:
        self.db = db
        self.clock = clock
        # One connection serves every coroutine: transactions must not interleave on it.
        self._writing = asyncio.Lock()

    @contextlib.asynccontextmanager
    async def transaction(self):
        async with self._writing:
            await self.db.execute("BEGIN IMMEDIATE")
            try:
                yield
            except BaseException:
                await self.db.execute("ROLLBACK")
                raise
            await self.db.execute("COMMIT")

    @classmethod
    async def open(cls, path: str | Path, clock=time.time) -> "Store":
        if str(path) != ":memory:":
            Path(path).parent.mkdir(parents=True, exist_ok=True)
        db = await aiosqlite.connect(str(path), isolation_level=None)
        db.row_factory = aiosqlite.Row
        await db.execute("PRAGMA journal_mode=WAL")
        await db.execute("PRAGMA synchronous=NORMAL")
        await db.execute("PRAGMA foreign_keys=ON")
        await db.execute("PRAGMA busy_timeout=5000")
        store = cls(db, clock)
        await store.migrate()
        return store

    async def close(self) -> None:
        await self.db.close()

    async def migrate(self) -> int:
        """Apply the migrations this file has not seen yet; returns the schema version."""
        async with self.db.execute("PRAGMA user_version") as cursor:
            (current,) = await cursor.fetchone()
        for number, (_reason, sql) in enumerate(MIGRATIONS, start=1):
            if number <= current:
                continue
            async with self.transaction():
                for statement in filter(str.strip, sql.split(";")):
                    await self.db.execute(statement)
                await self.db.execute(f"PRAGMA user_version = {number}")
        return len(MIGRATIONS)

    async def journal_mode(self) -> str:
        async with self.db.execute("PRAGMA journal_mode") as cursor:
            return (await cursor.fetchone())[0]

    # -- tables -------------------------------------------------------------------------------

    async def create_table(self, *, guild_id: int | None, channel_id: int, game: str, num_players: int,
                           options: dict[str, Any], seed: int, owner_id: int, owner_name: str,
                           settings: dict[str, Any]) -> TableRow:
        now = self.clock()
        async with self.transaction():
            cursor = await self.db.execute(
                "INSERT INTO game_tables (guild_id, channel_id, game, num_players, options, seed, status, owner_id,"
                " settings, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, 'lobby', ?, ?, ?, ?)",
                (guild_id, channel_id, game, num_players, json.dumps(options), seed, owner_id,
                 json.dumps(settings), now, now),
            )
            table_id = cursor.lastrowid
            await self.db.execute("INSERT INTO seats (table_id, seat, user_id, name) VALUES (?, 0, ?, ?)",
                                  (table_id, owner_id, owner_name))
        table = await self.get_table(table_id)
        assert table is not None
        return table

    async def get_table(self, table_id: int) -> TableRow | None:
        async with self.db.execute(f"SELECT {_TABLE_COLUMNS} FROM game_tables WHERE id = ?", (table_id,)) as cur:
            row = await cur.fetchone()
        if row is None:
            return None
        table = _table(row)
        table.seats = await self._seats(table_id)
        return table

    async def table_by_thread(self, thread_id: int) -> TableRow | None:
        async with self.db.execute("SELECT id FROM game_tables WHERE thread_id = ? ORDER BY id DESC LIMIT 1",
                                   (thread_id,)) as cur:
            row = await cur.fetchone()
        return None if row is None else await self.get_table(row[0])

    async def tables_with_status(self, *statuses: str, unannounced_only: bool = False) -> list[TableRow]:
        marks = ", ".join("?" * len(statuses))
        extra = " AND announced_version < version" if unannounced_only else ""
        async with self.db.execute(f"SELECT {_TABLE_COLUMNS} FROM game_tables WHERE status IN ({marks}){extra}"
                                   " ORDER BY id", statuses) as cur:
            rows = [_table(row) for row in await cur.fetchall()]
        return await self._with_seats(rows)

    async def tables_of_user(self, user_id: int, statuses: Iterable[str] = ("lobby", "active")) -> list[TableRow]:
        statuses = tuple(statuses)
        marks = ", ".join("?" * len(statuses))
        async with self.db.execute(
            f"SELECT {', '.join('t.' + c.strip() for c in _TABLE_COLUMNS.split(','))} FROM game_tables t"
            f" JOIN seats s ON s.table_id = t.id WHERE s.user_id = ? AND t.status IN ({marks})"
            " GROUP BY t.id ORDER BY t.updated_at DESC", (user_id, *statuses)) as cur:
            rows = [_table(row) for row in await cur.fetchall()]
        return await self._with_seats(rows)

    async def _with_seats(self, tables: list[TableRow]) -> list[TableRow]:
        """Fill in the seats of several tables with one query per 500 tables."""
        seats = await self._seats_of([t.id for t in tables])
        for table in tables:
            table.seats = seats.get(table.id, [])
        return tables

    async def _seats(self, table_id: int) -> list[SeatRow]:
        return (await self._seats_of([table_id])).get(table_id, [])

    async def _seats_of(self, table_ids: list[int]) -> dict[int, list[SeatRow]]:
        found: dict[int, list[SeatRow]] = {}
        for start in range(0, len(table_ids), 500):
            chunk = table_ids[start:start + 500]
            marks = ", ".join("?" * len(chunk))
            async with self.db.execute(
                f"SELECT table_id, seat, user_id, ai_level, name, dm_failed FROM seats WHERE table_id IN ({marks})"
                " ORDER BY table_id, seat", chunk) as cur:
                for row in await cur.fetchall():
                    found.setdefault(row[0], []).append(SeatRow(row[1], row[2], row[3], row[4], bool(row[5])))
        return found

    async def update_table(self, table_id: int, expected_version: int | None = None, **columns: Any) -> None:
        """Set columns; with ``expected_version``, only if the version still matches (and bump it)."""
        async with self._writing:
            await self._update(table_id, expected_version, columns)

    async def _update(self, table_id: int, expected_version: int | None, columns: dict[str, Any]) -> None:
        columns = {k: json.dumps(v) if k in ("options", "settings", "state") and v is not None else v
                   for k, v in columns.items()}
        columns["updated_at"] = self.clock()
        sets = ", ".join(f"{name} = ?" for name in columns)
        values = list(columns.values())
        if expected_version is None:
            await self.db.execute(f"UPDATE game_tables SET {sets} WHERE id = ?", (*values, table_id))
            return
        cursor = await self.db.execute(
            f"UPDATE game_tables SET {sets}, version = version + 1 WHERE id = ? AND version = ?",
            (*values, table_id, expected_version))
        if cursor.rowcount != 1:
            raise StaleVersion(table_id)

    async def replace_seats(self, table_id: int, expected_version: int, seats: list[SeatRow],
                            **columns: Any) -> None:
        """Rewrite a lobby's seats (join, leave, add AI, start) in one versioned transaction."""
        async with self.transaction():
            await self._update(table_id, expected_version, columns)
            await self.db.execute("DELETE FROM seats WHERE table_id = ?", (table_id,))
            await self.db.executemany(
                "INSERT INTO seats (table_id, seat, user_id, ai_level, name, dm_failed) VALUES (?, ?, ?, ?, ?, ?)",
                [(table_id, s.seat, s.user_id, s.ai_level, s.name, int(s.dm_failed)) for s in seats])

    async def commit_move(self, table_id: int, expected_version: int, move: MoveRow, **columns: Any) -> None:
        """The move record, the new state (and other columns) and the version bump, all or nothing.

        Raises ``StaleVersion`` when the table moved on since ``expected_version``.
        """
        async with self.transaction():
            await self._update(table_id, expected_version, columns)
            await self.db.execute(
                "INSERT INTO moves (table_id, ply, version, seat, notation, words, events, created_at)"
                " SELECT ?, COALESCE(MAX(ply), 0) + 1, ?, ?, ?, ?, ?, ? FROM moves WHERE table_id = ?",
                (table_id, expected_version + 1, move.seat, move.notation,
                 json.dumps(move.words, ensure_ascii=False), json.dumps(move.events, ensure_ascii=False),
                 self.clock(), table_id))

    async def moves(self, table_id: int, after_version: int = 0, last: int | None = None) -> list[MoveRow]:
        """The table's move records, oldest first; only those newer than ``after_version`` if
        given, and only the ``last`` few if given (without reading the whole history)."""
        async with self.db.execute(
            "SELECT seat, notation, words, events, ply, version FROM moves WHERE table_id = ? AND version > ?"
            " ORDER BY ply DESC LIMIT ?", (table_id, after_version, -1 if last is None else last)) as cur:
            return [MoveRow(r[0], r[1], json.loads(r[2]), json.loads(r[3]), r[4], r[5])
                    for r in reversed(await cur.fetchall())]

    async def set_dm_failed(self, table_id: int, seat: int, failed: bool) -> None:
        async with self._writing:
            await self.db.execute("UPDATE seats SET dm_failed = ? WHERE table_id = ? AND seat = ?",
                                  (int(failed), table_id, seat))

    # -- settings -----------------------------------------------------------------------------

    async def guild_lang(self, guild_id: int | None) -> str | None:
        if guild_id is None:
            return None
        async with self.db.execute("SELECT lang FROM guild_settings WHERE guild_id = ?", (guild_id,)) as cur:
            row = await cur.fetchone()
        return None if row is None else row[0]

    # -- play-by-post ---------------------------------------------------------------------------

    async def due_tables(self, now: float) -> list[TableRow]:
        """Active tables whose turn used half its running time or more and is not fully handled."""
        async with self.db.execute(
            f"SELECT {_TABLE_COLUMNS} FROM game_tables WHERE status = 'active' AND deadline_at IS NOT NULL"
            " AND reminded < 3 AND half_at <= ? ORDER BY deadline_at", (now,)) as cur:
            rows = [_table(row) for row in await cur.fetchall()]
        return await self._with_seats(rows)

    async def claim_stage(self, table_id: int, version: int, stage: int) -> bool:
        """Record that reminder ``stage`` of this turn is being handled; ``False`` if it already was
        (or the turn is over), so each reminder and each time-up is handled exactly once."""
        async with self._writing:
            cursor = await self.db.execute(
                "UPDATE game_tables SET reminded = ? WHERE id = ? AND version = ? AND reminded < ?",
                (stage, table_id, version, stage))
            return cursor.rowcount == 1

    async def player(self, user_id: int) -> dict[str, Any]:
        async with self.db.execute("SELECT notify, away_until, vacation_year, vacation_used, digest_at FROM players"
                                   " WHERE user_id = ?", (user_id,)) as cur:
            row = await cur.fetchone()
        if row is None:
            return {"notify": "off", "away_until": None, "vacation_year": None, "vacation_used": 0.0,
                    "digest_at": None}
        return {"notify": row[0], "away_until": row[1], "vacation_year": row[2], "vacation_used": row[3],
                "digest_at": row[4]}

    async def set_player(self, user_id: int, **fields: Any) -> None:
        current = await self.player(user_id)
        current.update(fields)
        async with self._writing:
            await self.db.execute(
                "INSERT INTO players (user_id, notify, away_until, vacation_year, vacation_used, digest_at)"
                " VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (user_id) DO UPDATE SET notify = excluded.notify,"
                " away_until = excluded.away_until, vacation_year = excluded.vacation_year,"
                " vacation_used = excluded.vacation_used, digest_at = excluded.digest_at",
                (user_id, current["notify"], current["away_until"], current["vacation_year"],
                 current["vacation_used"], current["digest_at"]))

    async def digest_due(self, before: float) -> list[int]:
        """Users who asked for a daily digest and have not had one since ``before``."""
        async with self.db.execute("SELECT user_id FROM players WHERE notify = 'daily'"
                                   " AND (digest_at IS NULL OR digest_at <= ?)", (before,)) as cur:
            return [row[0] for row in await cur.fetchall()]

    async def guild_zone(self, guild_id: int | None) -> str | None:
        if guild_id is None:
            return None
        async with self.db.execute("SELECT timezone FROM guild_zones WHERE guild_id = ?", (guild_id,)) as cur:
            row = await cur.fetchone()
        return None if row is None else row[0]

    async def set_guild_zone(self, guild_id: int, timezone: str) -> None:
        async with self._writing:
            await self.db.execute("INSERT INTO guild_zones (guild_id, timezone) VALUES (?, ?)"
                                  " ON CONFLICT (guild_id) DO UPDATE SET timezone = excluded.timezone",
                                  (guild_id, timezone))

    async def user_lang(self, user_id: int) -> str | None:
        async with self.db.execute("SELECT lang FROM user_settings WHERE user_id = ?", (user_id,)) as cur:
            row = await cur.fetchone()
        return None if row is None else row[0]

    async def set_user_lang(self, user_id: int, lang: str) -> None:
        async with self._writing:
            await self.db.execute("INSERT INTO user_settings (user_id, lang) VALUES (?, ?)"
                                  " ON CONFLICT (user_id) DO UPDATE SET lang = excluded.lang", (user_id, lang))

    async def set_guild_lang(self, guild_id: int, lang: str) -> None:
        async with self._writing:
            await self.db.execute("INSERT INTO guild_settings (guild_id, lang) VALUES (?, ?)"
                                  " ON CONFLICT (guild_id) DO UPDATE SET lang = excluded.lang", (guild_id, lang))


def _table(row: Any) -> TableRow:
    return TableRow(
        id=row[0], guild_id=row[1], channel_id=row[2], thread_id=row[3], lobby_message_id=row[4],
        status_message_id=row[5], game=row[6], num_players=row[7], options=json.loads(row[8]), seed=row[9],
        status=row[10], owner_id=row[11], state=None if row[12] is None else json.loads(row[12]),
        version=row[13], announced_version=row[14], settings=json.loads(row[15]), created_at=row[16],
        updated_at=row[17], turn_started_at=row[18], deadline_at=row[19], reminded=row[20],
        board_message_id=row[21], half_at=row[22], late_at=row[23],
    )
