"""Storage of tables (games), seats and move records in SQLite through aiosqlite.

One file, WAL mode, schema migrations numbered in :data:`MIGRATIONS` (``PRAGMA user_version``
records how far a file is). A move is one transaction: the move record, the new state and the
version bump commit together, and only if the version is still the one the move was computed
from, so a double-clicked or replayed interaction lands once and of two racing moves one loses.
Each method is one round trip to aiosqlite's thread (see :class:`Store`).

Opening checks the file before anything else runs (:meth:`Store.open`): a file that is not a
database, a damaged one, one written by a newer release, one that cannot be written and one that
another process keeps locked are each refused with a :class:`StoreError` whose text is one
sentence naming the file and what to do. At run time a lock held longer than the busy timeout
is refused as :class:`StorageBusy` ("storage busy, try again"), with nothing written.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import sqlite3
import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import aiosqlite

from bot.host.errors import HostError

#: Schema migrations, in order; each is (reason, SQL). Never edit a released one: append.
#: The SQL is SQLite's; PostgreSQL runs it translated (``bot.host.pg.postgres_ddl``: INTEGER is
#: BIGINT, REAL is DOUBLE PRECISION, an AUTOINCREMENT key an identity column). Where the two must
#: differ, the SQL is a dict ``{"sqlite": ..., "postgresql": ...}`` (see :func:`migration_sql`).
MIGRATIONS: tuple[tuple[str, str | dict[str, str]], ...] = (
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
        ("play-by-post: each turn's start and deadline with its reminder stage, players' notification "
         "choice and vacation, servers' time zones"),
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
    (
        ("the seats that must act now, as a bitmask (seat n: bit n) written with every state, so a restart "
         "finds the AI seats to move without parsing every stored state; NULL where not known (tables "
         "stored before this migration: found by parsing once, then stored)"),
        """
        ALTER TABLE game_tables ADD COLUMN acting INTEGER;
        """,
    ),
    (
        ("each player's choice of when private views (screens, hands) come by DM: once per turn, when it "
         "passes (default), or after every change (/screens)"),
        """
        ALTER TABLE players ADD COLUMN screens TEXT NOT NULL DEFAULT 'turn' CHECK (screens IN ('turn', 'every'));
        """,
    ),
    (
        ("per-server options a server's admins set with /settings (e.g. absent_wait: hours a turn must last "
         "before the others may vote its player out), one row per option, so a new option needs no migration"),
        """
        CREATE TABLE guild_options (
            guild_id INTEGER NOT NULL,
            name TEXT NOT NULL,
            value TEXT NOT NULL,
            PRIMARY KEY (guild_id, name)
        );
        """,
    ),
    (
        ("tournaments: each one's state as one JSON document with a version check (like a game's state), "
         "the game tables each round opened, and ratings per server, game and player with their history"),
        """
        CREATE TABLE tournaments (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            guild_id INTEGER NOT NULL,
            channel_id INTEGER NOT NULL,
            owner_id INTEGER NOT NULL,
            game TEXT NOT NULL,
            status TEXT NOT NULL,
            state TEXT NOT NULL,
            version INTEGER NOT NULL DEFAULT 0,
            message_id INTEGER,
            announced_round INTEGER NOT NULL DEFAULT 0,
            podium_message_id INTEGER,
            created_at REAL NOT NULL,
            updated_at REAL NOT NULL
        );
        CREATE INDEX tournaments_status ON tournaments (status);
        CREATE TABLE tournament_tables (
            table_id INTEGER PRIMARY KEY REFERENCES game_tables (id) ON DELETE CASCADE,
            tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
            round INTEGER NOT NULL,
            number INTEGER NOT NULL,
            game_index INTEGER NOT NULL DEFAULT 0
        );
        CREATE INDEX tournament_tables_of ON tournament_tables (tournament_id, round, number, game_index);
        CREATE TABLE ratings (
            guild_id INTEGER NOT NULL,
            game TEXT NOT NULL,
            user_id INTEGER NOT NULL,
            mu REAL NOT NULL,
            sigma REAL NOT NULL,
            games INTEGER NOT NULL,
            PRIMARY KEY (guild_id, game, user_id)
        );
        CREATE TABLE rating_history (
            guild_id INTEGER NOT NULL,
            game TEXT NOT NULL,
            user_id INTEGER NOT NULL,
            table_id INTEGER NOT NULL,
            mu REAL NOT NULL,
            sigma REAL NOT NULL,
            games INTEGER NOT NULL,
            created_at REAL NOT NULL,
            PRIMARY KEY (table_id, user_id)
        );
        CREATE INDEX rating_history_of ON rating_history (guild_id, game, user_id, created_at);
        CREATE TABLE rated_tables (
            table_id INTEGER PRIMARY KEY,
            rated_at REAL NOT NULL
        );
        """,
    ),
    (
        ("leases on background work shared by several bot processes (the play-by-post tick, a table's AI "
         "turns and posts): who holds each and until when, so a process that died lets go by itself"),
        """
        CREATE TABLE leases (
            name TEXT PRIMARY KEY,
            holder TEXT NOT NULL,
            expires_at REAL NOT NULL
        );
        """,
    ),
    (
        ("when the latest move may be told (a game's uniform pause, e.g. every Mafia de Cuba take alike), "
         "so a restart or another process keeps the pause"),
        """
        ALTER TABLE game_tables ADD COLUMN announce_at REAL;
        """,
    ),
    (
        ("when the current decision's rule deadline falls due (a game's own time limit, e.g. a Mafia de Cuba "
         "accusation window), written with every state, so a restart finds the tables to time by an index "
         "instead of parsing every state; NULL: none; -1: not known yet (active tables stored before this "
         "migration: found by parsing once, then stored)"),
        """
        ALTER TABLE game_tables ADD COLUMN rule_deadline_at REAL;
        UPDATE game_tables SET rule_deadline_at = -1 WHERE status = 'active';
        CREATE INDEX game_tables_rule_deadline ON game_tables (status, rule_deadline_at);
        """,
    ),
)

#: ``game_tables.rule_deadline_at`` of a table whose pending rule deadline is not known yet.
UNKNOWN_DEADLINE = -1.0


def migration_sql(entry: tuple[str, str | dict[str, str]], dialect: str) -> str:
    """The SQL of one :data:`MIGRATIONS` entry for ``dialect`` (``sqlite`` or ``postgresql``)."""
    sql = entry[1]
    if isinstance(sql, dict):
        return sql[dialect]
    if dialect == "postgresql":
        from bot.host.pg import postgres_ddl

        return postgres_ddl(sql)
    return sql


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
    #: Not before this instant is the latest move told (the game's announcement pause), or None.
    announce_at: float | None = None
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
    created_at: float = 0.0


@dataclass
class TournamentRow:
    """A stored tournament: its state (``tournaments.Tournament.to_json()``) and where it is shown."""

    id: int
    guild_id: int
    channel_id: int
    owner_id: int
    game: str
    status: str
    state: dict[str, Any]
    version: int
    message_id: int | None
    #: The last round whose standings were posted.
    announced_round: int
    podium_message_id: int | None
    created_at: float
    updated_at: float


@dataclass
class TournamentLink:
    """A game table a tournament opened: its round, table number and game at that table."""

    table_id: int
    tournament_id: int
    round: int
    number: int
    game_index: int
    status: str | None = None
    thread_id: int | None = None


class StaleVersion(Exception):
    """The table changed since the caller read it; nothing was written."""


class RepeatedRecord(Exception):
    """The move repeats the table's latest record (same seat, same notation, nothing since) and
    the caller asked to refuse that; nothing was written."""


class StorageBusy(HostError):
    """Another process held the database longer than the busy timeout; nothing was written.
    A ``HostError``, so the player is told "storage busy, try again" like any refusal."""

    key = "host.busy"


class StorageDown(StorageBusy):
    """The database server could not be reached for a few seconds of retries (PostgreSQL: its
    connections were lost and none could be made again); nothing was written."""

    key = "host.storage_down"


class StorageDownUnsure(StorageDown):
    """The connection was lost while a commit was on its way, and the server stayed away too
    long to ask whether it landed: the change may be there (the game shows it once storage is
    back) or not. Never said as "nothing was changed"."""

    key = "host.storage_unsure"


class StoreError(Exception):
    """The database file cannot be used; ``str(error)`` is one sentence naming the file and what
    to do. Raised by :meth:`Store.open` (one subclass per cause) with the connection closed."""

    def __init__(self, path: str, message: str) -> None:
        self.path = path
        super().__init__(message)


class StoreCorrupt(StoreError):
    """Not an SQLite database (garbage, truncated, header only) or damaged (integrity check)."""


class StoreTooNew(StoreError):
    """Written by a newer release: its schema version is beyond :data:`MIGRATIONS`."""


class StoreReadOnly(StoreError):
    """The file, or the folder where SQLite keeps its ``-wal`` and ``-shm`` files, cannot be written."""


class StoreLocked(StoreError):
    """Another process held the file locked for longer than the busy timeout."""


class StoreUnavailable(StoreError):
    """The file cannot be opened or created at all (no such folder, a folder, disk errors)."""


#: What a commit waits for (``BOT_DB_SYNC``): ``(SQLite's synchronous, PostgreSQL's
#: synchronous_commit)``. ``normal``: the commit is in the operating system's hands (a crash of
#: the bot or of the database server loses nothing; a power cut may lose the last moments of
#: commits, never half of one). ``full``: the commit is on the disk before it is acknowledged
#: (a power cut loses nothing acknowledged), one disk flush per commit. See the README's
#: "Durability" for the figures and why ``normal`` is the default.
SYNC_MODES = {"normal": ("NORMAL", "off"), "full": ("FULL", "on")}
#: Bounds of a PostgreSQL store's pool (``BOT_PG_POOL``): its connections, each a worker thread.
POOL_RANGE = (1, 64)

#: Top-level keys of a table's settings that are written one field at a time
#: (:meth:`Store.update_setting`); a write of the whole settings document keeps their stored value.
#: ``resign_asked``: the open /resign confirmations, ``{user id: until}`` (host clock).
OWN_FIELD_SETTINGS = ("private_sent", "votes", "resign_asked")

# SQLite primary result codes (``sqlite3.Error.sqlite_errorcode & 0xff``).
_BUSY, _LOCKED, _READONLY, _CORRUPT, _NOTADB = 5, 6, 8, 11, 26


def _is_busy(exc: BaseException) -> bool:
    return isinstance(exc, sqlite3.OperationalError) and (
        ((getattr(exc, "sqlite_errorcode", 0) or 0) & 0xFF) in (_BUSY, _LOCKED)
        or "database is locked" in str(exc))


_TABLE_COLUMNS = ("id, guild_id, channel_id, thread_id, lobby_message_id, status_message_id, game, num_players, "
                  "options, seed, status, owner_id, state, version, announced_version, settings, created_at, "
                  "updated_at, turn_started_at, deadline_at, reminded, board_message_id, half_at, late_at, "
                  "announce_at")
_T_COLUMNS = ", ".join("t." + c.strip() for c in _TABLE_COLUMNS.split(","))


def _data_version(conn: sqlite3.Connection) -> int:
    return conn.execute("PRAGMA data_version").fetchone()[0]


class Store:
    """SQLite storage. Open with :meth:`open`; every method is one short transaction.

    **One hop per call.** Every method runs as *one* synchronous function in aiosqlite's
    connection thread (:meth:`_read`, :meth:`_write`): a move's version check, state, record and
    clock columns, or a table row with its seats, cost one round trip to that thread instead of
    one per statement, fetch and cursor close (each of which needs the GIL twice on the event
    loop's side). It uses ``aiosqlite.Connection._execute(fn)``, the one private entry point
    every public aiosqlite call goes through (in every release the project allows, >= 0.20;
    checked when the store is made, with a clear error): batching with the public ``executescript`` cannot bind parameters or return rows,
    and a second thread of our own would need its own connection and break aiosqlite's ordering.
    A transaction is ``BEGIN IMMEDIATE`` ... ``COMMIT`` inside that one function, so it can never
    interleave with another coroutine's statements; ``_writing`` still serialises writes with
    the multi-hop :meth:`transaction` some callers (benches) use.

    **Counting.** :attr:`round_trips` counts every hop (every awaited aiosqlite call, ours or a
    caller's through :attr:`db`).

    **Knowing what changed**, for the host's copy of tables: :meth:`stamp` of a table changes at
    the start and at the end of every write this store makes to it; :meth:`generation` changes
    whenever another connection (another process on the same file, or a raw write through
    :attr:`db` or :meth:`transaction`) may have committed anything. It is read without a round
    trip: ``PRAGMA data_version`` on a second, read-only connection changes with every commit by
    any other connection (ours included: each write notes the value right after its commit), a
    few microseconds on the caller's thread. A commit by another process in the microseconds
    between one of our commits and that note is seen at our next hop (``data_version`` of our
    own connection changes only for other connections' commits), and a versioned write never
    trusts a copy anyway: the version check in the commit is the source of truth.
    """

    #: Which SQL dialect the store speaks (``bot.host.pg.PgStore``: ``postgresql``).
    dialect = "sqlite"
    #: The condition "the table's settings mark it rated" in this dialect.
    RATED = "json_extract(settings, '$.rated') = 1"

    def __init__(self, db: aiosqlite.Connection, clock=time.time, watch: sqlite3.Connection | None = None) -> None:
        if not callable(getattr(db, "_execute", None)):
            raise TypeError("this aiosqlite has no Connection._execute(fn), which the store runs "
                            "its one-hop transactions through")
        self._init_common(clock)
        self.db = db
        # Writes are serialised: one in flight at a time (see transaction()).
        self._writing = asyncio.Lock()
        self._watch = watch
        self._watch_lock = threading.Lock()  # the loop's thread and aiosqlite's both read it
        self._watch_seen: int | None = self._watched()
        self._own_seen: int | None = None
        inner = db._execute

        async def counted(fn, *args, **kwargs):
            self.round_trips += 1
            return await inner(fn, *args, **kwargs)

        db._execute = counted  # every aiosqlite call (connection or cursor) goes through it

    def _init_common(self, clock) -> None:
        """What every backend keeps: the clock, the hop count, the generation and the stamps."""
        self.clock = clock
        #: Hops to the database's thread so far.
        self.round_trips = 0
        self._generation = 0
        self._stamps: dict[int, int] = {}

    # -- hops -----------------------------------------------------------------------------------

    async def _read(self, fn: Callable[..., Any], *args: Any) -> Any:
        """``fn(connection, *args)`` in aiosqlite's thread: one round trip."""
        def job():
            conn = self.db._conn
            return _data_version(conn), fn(conn, *args)
        try:
            own, result = await self.db._execute(job)
        except sqlite3.OperationalError as exc:
            if _is_busy(exc):
                raise StorageBusy() from exc
            raise
        self._noticed(own, None)
        return result

    async def _write(self, fn: Callable[..., Any], *args: Any, tables: Iterable[int] = (),
                     keys: Iterable[str] = ()) -> Any:
        """``fn(connection, *args)`` as one transaction in aiosqlite's thread: one round trip.
        ``tables``: the ids of the tables it may change (their :meth:`stamp` moves). ``keys``:
        names of what ``fn`` reads and then writes on (e.g. ``lobbies``); ``BEGIN IMMEDIATE``
        already makes every write here exclusive, so only other backends lock them."""
        tables = tuple(tables)
        async with self._writing:
            self._touch(tables)
            try:
                def job():
                    conn = self.db._conn
                    conn.execute("BEGIN IMMEDIATE")
                    try:
                        own = _data_version(conn)  # under the write lock: every earlier commit counted
                        result = fn(conn, *args)
                        conn.execute("COMMIT")
                    except BaseException:
                        if conn.in_transaction:
                            conn.execute("ROLLBACK")
                        raise
                    return own, self._watched(), result
                try:
                    own, watched, result = await self.db._execute(job)
                except sqlite3.OperationalError as exc:
                    if _is_busy(exc):  # BEGIN IMMEDIATE waited the busy timeout out: nothing written
                        raise StorageBusy() from exc
                    raise
                self._noticed(own, watched)
                return result
            finally:
                self._touch(tables)

    def _noticed(self, own: int, watched: int | None) -> None:
        if self._own_seen is not None and own != self._own_seen:
            self._generation += 1  # another connection committed since our last hop
        self._own_seen = own
        if watched is not None:
            self._watch_seen = watched

    def _touch(self, tables: Iterable[int]) -> None:
        for table_id in tables:
            self._stamps[table_id] = self._stamps.get(table_id, 0) + 1

    def _watched(self) -> int | None:
        """``data_version`` of the watching connection; ``-1`` when it cannot be read right now
        (never blocks: busy means "may have changed")."""
        if self._watch is None:
            return None
        with self._watch_lock:
            try:
                return _data_version(self._watch)
            except sqlite3.Error:
                return -1

    def stamp(self, table_id: int) -> int:
        """Changes at the start and the end of each write of this store to the table."""
        return self._stamps.get(table_id, 0)

    def generation(self) -> int:
        """Changes when anything may have been committed other than by this store's own writes.
        No round trip (see the class notes)."""
        if self._watch is not None:
            seen = self._watched()
            if seen != self._watch_seen or seen == -1:
                self._watch_seen = seen
                self._generation += 1
        return self._generation

    @contextlib.asynccontextmanager
    async def exclusive(self, key: str):
        """Hold ``key`` against every other process for the block (several awaited steps, e.g.
        advancing a tournament and opening its tables). Here nothing to do: one process uses an
        SQLite file (PostgreSQL: a session advisory lock, let go when the process dies)."""
        yield

    async def caught_up(self) -> None:
        """Return once every commit by another connection made before the call counts in
        :meth:`generation`. Here at once: ``data_version`` is read on the spot."""

    @contextlib.asynccontextmanager
    async def transaction(self):
        """A transaction of several awaited statements through :attr:`db` (one hop each): for
        callers outside the store. Everything copied from storage is invalid afterwards."""
        async with self._writing:
            try:
                try:
                    await self.db.execute("BEGIN IMMEDIATE")
                except sqlite3.OperationalError as exc:
                    if _is_busy(exc):
                        raise StorageBusy() from exc
                    raise
                try:
                    yield
                except BaseException:
                    await self.db.execute("ROLLBACK")
                    raise
                await self.db.execute("COMMIT")
            finally:
                self._generation += 1

    @classmethod
    async def open(cls, path: str | Path, clock=time.time, *, busy_timeout: float = 5.0, sync: str = "normal",
                   pool: int | None = None, processes: int = 1) -> Store:
        """Open (or create) the database and check it before anything else uses it: it is an
        SQLite database that passes ``PRAGMA quick_check``, its schema version is one this code
        knows, and it can be written (a write in a rolled-back transaction, which is where a
        read-only file is refused; a read-only folder is refused as soon as WAL needs its files).
        Each failure raises one :class:`StoreError` subclass with one sentence, after closing
        the connection (aiosqlite's thread would otherwise keep the process alive).

        ``busy_timeout``: seconds a statement waits for another process's lock before giving up
        (at start: :class:`StoreLocked`; later: :class:`StorageBusy`). ``sync``: what a commit
        waits for (:data:`SYNC_MODES`; ``BOT_DB_SYNC``, see the README's "Durability").

        A ``postgresql://`` URL opens the PostgreSQL backend instead (:mod:`bot.host.pg`), with
        ``pool`` connections (``None``: sized from the server and ``processes``)."""
        if sync not in SYNC_MODES:
            raise ValueError(f"sync must be one of {', '.join(SYNC_MODES)}, not {sync!r}")
        if isinstance(path, str) and path.startswith(("postgresql://", "postgres://")):
            from bot.host.pg import PgStore

            return await PgStore.open(path, clock, busy_timeout=busy_timeout, sync=sync, pool=pool,
                                      processes=processes)
        name = str(path)
        memory = name == ":memory:"
        db: aiosqlite.Connection | None = None
        watch: sqlite3.Connection | None = None
        try:
            if not memory:
                Path(path).parent.mkdir(parents=True, exist_ok=True)
            db = await _connect(name, busy_timeout)
            db.row_factory = aiosqlite.Row
            opened = db
            await db._execute(lambda: _check(opened._conn, len(MIGRATIONS), busy_timeout, SYNC_MODES[sync][0]))
            if not memory:  # a private in-memory database has no other connection to watch for
                watch = sqlite3.connect(f"{Path(path).resolve().as_uri()}?mode=ro", uri=True, isolation_level=None,
                                        check_same_thread=False, timeout=0)  # never waits on the loop
            store = cls(db, clock, watch)
            await store.migrate()
            return store
        except BaseException as exc:
            if watch is not None:
                watch.close()
            if db is not None:
                with contextlib.suppress(Exception):
                    await db.close()
            if isinstance(exc, (sqlite3.Error, OSError, _TooNew, _Damaged, StorageBusy)):
                raise _refusal(name, exc, busy_timeout) from None
            raise

    async def close(self) -> None:
        if self._watch is not None:  # first: the last connection to close folds the WAL into the file
            with self._watch_lock:
                self._watch.close()
        await self.db.close()

    async def migrate(self) -> int:
        """Apply the migrations this file has not seen yet; returns the schema version."""
        def current(conn):
            return conn.execute("PRAGMA user_version").fetchone()[0]

        def apply(conn, number, sql):
            if current(conn) >= number:  # another process got there first
                return
            for statement in filter(str.strip, sql.split(";")):
                conn.execute(statement)
            conn.execute(f"PRAGMA user_version = {number}")

        done = await self._read(current)
        for number, entry in enumerate(MIGRATIONS, start=1):
            if number > done:
                await self._write(apply, number, migration_sql(entry, "sqlite"))
                self._generation += 1
        return len(MIGRATIONS)

    async def schema_version(self) -> int:
        """How many :data:`MIGRATIONS` this database has had."""
        return await self._read(lambda conn: conn.execute("PRAGMA user_version").fetchone()[0])

    async def journal_mode(self) -> str:
        return await self._read(lambda conn: conn.execute("PRAGMA journal_mode").fetchone()[0])

    # -- tables -------------------------------------------------------------------------------

    async def create_table(self, *, guild_id: int | None, channel_id: int, game: str, num_players: int,
                           options: dict[str, Any], seed: int, owner_id: int, owner_name: str,
                           settings: dict[str, Any],
                           within: Callable[[sqlite3.Connection], None] | None = None) -> TableRow:
        """A new lobby with its owner in seat 0. ``within(conn)`` runs first in the same
        transaction (e.g. a cap on open lobbies, counted and refused atomically with the insert)."""
        now = self.clock()

        def create(conn):
            if within is not None:
                within(conn)
            table_id = conn.execute(
                "INSERT INTO game_tables (guild_id, channel_id, game, num_players, options, seed, status, owner_id,"
                " settings, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, 'lobby', ?, ?, ?, ?)",
                (guild_id, channel_id, game, num_players, json.dumps(options), seed, owner_id,
                 json.dumps(settings), now, now)).lastrowid
            conn.execute("INSERT INTO seats (table_id, seat, user_id, name) VALUES (?, 0, ?, ?)",
                         (table_id, owner_id, owner_name))
            return _load(conn, table_id)
        return await self._write(create, keys=("lobbies",) if within is not None else ())

    async def get_table(self, table_id: int) -> TableRow | None:
        return await self._read(_load, table_id)

    async def table_by_thread(self, thread_id: int) -> TableRow | None:
        def find(conn):
            row = conn.execute("SELECT id FROM game_tables WHERE thread_id = ? ORDER BY id DESC LIMIT 1",
                               (thread_id,)).fetchone()
            return None if row is None else _load(conn, row[0])
        return await self._read(find)

    async def tables_with_status(self, *statuses: str, unannounced_only: bool = False,
                                 games: tuple[str, ...] | None = None) -> list[TableRow]:
        """Tables in ``statuses`` (only those of ``games``, when given)."""
        marks = ", ".join("?" * len(statuses))
        extra = " AND announced_version < version" if unannounced_only else ""
        if games is not None:
            extra += f" AND game IN ({', '.join('?' * len(games))})" if games else " AND 0"
        return await self._read(_load_many, f"SELECT {_TABLE_COLUMNS} FROM game_tables WHERE status IN ({marks})"
                                f"{extra} ORDER BY id", statuses + tuple(games or ()))

    async def tables_of_user(self, user_id: int, statuses: Iterable[str] = ("lobby", "active")) -> list[TableRow]:
        statuses = tuple(statuses)
        marks = ", ".join("?" * len(statuses))
        return await self._read(
            _load_many, f"SELECT {_T_COLUMNS} FROM game_tables t JOIN seats s ON s.table_id = t.id"
            f" WHERE s.user_id = ? AND t.status IN ({marks}) GROUP BY t.id ORDER BY t.updated_at DESC",
            (user_id, *statuses))

    async def finished_tables_of_user(self, user_id: int, game: str | None = None, limit: int = 1000) -> list[TableRow]:
        """Finished tables the user sat at, newest first: by their seat, or by a seat they left
        (``settings.left``; the caller checks the match, the text test only narrows the scan)."""
        of_game = " AND t.game = ?" if game is not None else ""
        return await self._read(
            _load_many, f"SELECT {_T_COLUMNS} FROM game_tables t WHERE t.status = 'finished'{of_game}"
            " AND (EXISTS (SELECT 1 FROM seats s WHERE s.table_id = t.id AND s.user_id = ?)"
            " OR t.settings LIKE ?) ORDER BY t.updated_at DESC LIMIT ?",
            (*([game] if game is not None else []), user_id, f'%"left"%{user_id}%', limit))

    async def update_table(self, table_id: int, expected_version: int | None = None, **columns: Any) -> TableRow:
        """Set columns; with ``expected_version``, only if the version still matches (and bump it).
        Returns the table as committed. A whole ``settings`` document should come with
        ``expected_version`` (otherwise another writer's change made meanwhile is lost); its
        fields written one at a time (:data:`OWN_FIELD_SETTINGS`) keep their stored value."""
        if "settings" in columns and expected_version is None:  # a lost update waiting to happen
            raise ValueError("a whole settings document is written only with expected_version; "
                             "use update_setting for one field")
        return await self._write(self._update_and_load, table_id, expected_version, columns, tables=(table_id,))

    def _update_and_load(self, conn, table_id: int, expected_version: int | None, columns: dict) -> TableRow:
        self._update(conn, table_id, expected_version, columns)
        return _load(conn, table_id)

    def _stored_columns(self, columns: dict[str, Any], now: float | None = None) -> dict[str, Any]:
        """``columns`` as stored: documents as JSON text, the acting seats forgotten with a new
        state that does not name them, ``updated_at`` now. Both backends write these."""
        columns = {k: json.dumps(v) if k in ("options", "settings", "state") and v is not None else v
                   for k, v in columns.items()}
        if "state" in columns and "acting" not in columns:
            columns["acting"] = None  # the stored acting seats follow the state, or are "not known"
        if "state" in columns and "rule_deadline_at" not in columns:
            columns["rule_deadline_at"] = UNKNOWN_DEADLINE  # likewise the rule deadline
        columns["updated_at"] = self.clock() if now is None else now
        return columns

    def _update(self, conn: sqlite3.Connection, table_id: int, expected_version: int | None,
                columns: dict[str, Any]) -> None:
        if columns.get("settings") is not None:
            columns = {**columns, "settings": _keep_own_fields(conn, table_id, columns["settings"])}
        columns = self._stored_columns(columns)
        sets = ", ".join(f"{name} = ?" for name in columns)
        values = list(columns.values())
        if expected_version is None:
            conn.execute(f"UPDATE game_tables SET {sets} WHERE id = ?", (*values, table_id))
            return
        cursor = conn.execute(f"UPDATE game_tables SET {sets}, version = version + 1 WHERE id = ? AND version = ?",
                              (*values, table_id, expected_version))
        if cursor.rowcount != 1:
            raise StaleVersion(table_id)

    async def update_setting(self, table_id: int, path: tuple[str, ...], change: Callable[[Any], Any], *,
                             version: int | None = None) -> TableRow:
        """Change one field of the table's settings and nothing else: ``change(current value at
        path, or None)`` returns the new value, read and written in one transaction, so a writer
        in another process (a resignation, a vote) cannot be overwritten with an older copy, nor
        overwrite this field (see :data:`OWN_FIELD_SETTINGS`). With ``version``, only while the
        table is still at that version (which is not bumped). ``updated_at`` is left alone: this
        is bookkeeping, not a change of the game. Returns the table as committed; raises
        ``StaleVersion`` when the table is gone or has moved on from ``version``.

        ``change`` runs in aiosqlite's thread: it must only compute."""
        if not path:
            raise ValueError("update_setting needs a path of at least one key")

        def write(conn):
            row = conn.execute("SELECT settings, version FROM game_tables WHERE id = ?", (table_id,)).fetchone()
            if row is None or (version is not None and row[1] != version):
                raise StaleVersion(table_id)
            settings = json.loads(row[0])
            node = settings
            for key in path[:-1]:
                if not isinstance(node.get(key), dict):
                    node[key] = {}
                node = node[key]
            node[path[-1]] = change(node.get(path[-1]))
            conn.execute("UPDATE game_tables SET settings = ? WHERE id = ?", (json.dumps(settings), table_id))
            return _load(conn, table_id)
        return await self._write(write, tables=(table_id,))

    async def replace_seats(self, table_id: int, expected_version: int, seats: list[SeatRow],
                            **columns: Any) -> TableRow:
        """Rewrite a lobby's seats (join, leave, add AI, start) in one versioned transaction."""
        def replace(conn):
            self._update(conn, table_id, expected_version, columns)
            conn.execute("DELETE FROM seats WHERE table_id = ?", (table_id,))
            conn.executemany(
                "INSERT INTO seats (table_id, seat, user_id, ai_level, name, dm_failed) VALUES (?, ?, ?, ?, ?, ?)",
                [(table_id, s.seat, s.user_id, s.ai_level, s.name, int(s.dm_failed)) for s in seats])
            return _load(conn, table_id)
        return await self._write(replace, tables=(table_id,))

    async def commit_move(self, table_id: int, expected_version: int, move: MoveRow, *,
                          refuse_repeat: bool = False, **columns: Any) -> TableRow:
        """The move record, the new state (and other columns) and the version bump, all or nothing,
        in one hop. Returns the table as committed.

        Raises ``StaleVersion`` when the table moved on since ``expected_version``; with
        ``refuse_repeat``, ``RepeatedRecord`` when the latest record is this very move by the same
        seat and nothing happened since (a resent command), checked in the same transaction.
        """
        words = json.dumps(move.words, ensure_ascii=False)
        events = json.dumps(move.events, ensure_ascii=False)
        now = self.clock()

        def commit(conn):
            if refuse_repeat:
                latest = conn.execute("SELECT seat, notation, version FROM moves WHERE table_id = ?"
                                      " ORDER BY ply DESC LIMIT 1", (table_id,)).fetchone()
                if latest is not None and tuple(latest) == (move.seat, move.notation, expected_version):
                    raise RepeatedRecord(table_id)
            self._update(conn, table_id, expected_version, columns)
            conn.execute(
                "INSERT INTO moves (table_id, ply, version, seat, notation, words, events, created_at)"
                " SELECT ?, COALESCE(MAX(ply), 0) + 1, ?, ?, ?, ?, ?, ? FROM moves WHERE table_id = ?",
                (table_id, expected_version + 1, move.seat, move.notation, words, events, now, table_id))
            return _load(conn, table_id)
        return await self._write(commit, tables=(table_id,))

    async def rewind(self, table_id: int, expected_version: int, keep: int, **columns: Any) -> TableRow:
        """Take back every move after ply ``keep`` (an undo): their records go, and the columns
        (the earlier state, a fresh clock, the settings noting the undo) are written with the
        version bumped, all or nothing. Raises ``StaleVersion`` when the table moved on."""
        def write(conn):
            self._update(conn, table_id, expected_version, columns)
            conn.execute("DELETE FROM moves WHERE table_id = ? AND ply > ?", (table_id, keep))
            return _load(conn, table_id)
        return await self._write(write, tables=(table_id,))

    async def moves(self, table_id: int, after_version: int = 0, last: int | None = None) -> list[MoveRow]:
        """The table's move records, oldest first; only those newer than ``after_version`` if
        given, and only the ``last`` few if given (without reading the whole history)."""
        def read(conn):
            rows = conn.execute(
                "SELECT seat, notation, words, events, ply, version, created_at FROM moves"
                " WHERE table_id = ? AND version > ? ORDER BY ply DESC" + ("" if last is None else " LIMIT ?"),
                (table_id, after_version, *(() if last is None else (last,)))).fetchall()
            return [MoveRow(r[0], r[1], json.loads(r[2]), json.loads(r[3]), r[4], r[5], r[6]) for r in reversed(rows)]
        return await self._read(read)

    async def seat_moves(self, table_id: int, seat: int) -> list[str]:
        """The notations of ``seat``'s move records, oldest first: how many decisions the seat has
        made so far, and what it played in each."""
        return await self._read(lambda conn: [row[0] for row in conn.execute(
            "SELECT notation FROM moves WHERE table_id = ? AND seat = ? ORDER BY ply", (table_id, seat))])

    async def set_dm_failed(self, table_id: int, seat: int, failed: bool) -> None:
        await self._write(lambda conn: conn.execute("UPDATE seats SET dm_failed = ? WHERE table_id = ? AND seat = ?",
                                                    (int(failed), table_id, seat)), tables=(table_id,))

    # -- what a restart needs (no state parsed) -------------------------------------------------

    async def unannounced_ids(self) -> list[int]:
        """Active or finished tables whose latest version has not been shown."""
        return await self._read(lambda conn: [r[0] for r in conn.execute(
            "SELECT id FROM game_tables WHERE status IN ('active', 'finished') AND announced_version < version"
            " ORDER BY id")])

    async def ai_seat_tables(self) -> list[tuple[int, int | None, list[int]]]:
        """Active tables with an AI seat: ``(id, acting seats as a bitmask or None if not stored, AI seats)``."""
        def read(conn):
            found: dict[int, tuple[int | None, list[int]]] = {}
            for table_id, acting, seat in conn.execute(
                    "SELECT t.id, t.acting, s.seat FROM game_tables t JOIN seats s ON s.table_id = t.id"
                    " WHERE t.status = 'active' AND s.user_id IS NULL ORDER BY t.id, s.seat"):
                found.setdefault(table_id, (acting, []))[1].append(seat)
            return [(table_id, acting, seats) for table_id, (acting, seats) in found.items()]
        return await self._read(read)

    async def states_of(self, table_ids: list[int]) -> list[tuple[int, int, str, str | None]]:
        """``(id, version, game, state as stored JSON text)`` of some tables, unparsed."""
        marks = ", ".join("?" * len(table_ids))
        return await self._read(lambda conn: [tuple(r) for r in conn.execute(
            f"SELECT id, version, game, state FROM game_tables WHERE id IN ({marks}) ORDER BY id", table_ids)])

    async def rule_deadlines(self) -> list[tuple[int, int, str, float]]:
        """``(id, version, game, due)`` of the active tables with a pending rule deadline, or
        whose deadline is not known yet (``due`` :data:`UNKNOWN_DEADLINE`); by an index, no state read."""
        return await self._read(lambda conn: [tuple(r) for r in conn.execute(
            "SELECT id, version, game, rule_deadline_at FROM game_tables WHERE status = 'active'"
            " AND rule_deadline_at IS NOT NULL ORDER BY id")])

    async def deadline_inputs(self, table_ids: list[int]) -> list[tuple[int, int, str, str | None, float]]:
        """``(id, version, game, state as stored JSON text, turn start)`` of some tables, unparsed."""
        marks = ", ".join("?" * len(table_ids))
        return await self._read(lambda conn: [tuple(r) for r in conn.execute(
            f"SELECT id, version, game, state, COALESCE(turn_started_at, updated_at) FROM game_tables"
            f" WHERE id IN ({marks}) ORDER BY id", table_ids)])

    async def set_rule_deadlines(self, found: list[tuple[int, int, float | None]]) -> None:
        """Store ``(id, version, due or None)`` where the version is still that and none was known."""
        await self._write(lambda conn: conn.executemany(
            "UPDATE game_tables SET rule_deadline_at = ? WHERE id = ? AND version = ? AND rule_deadline_at = ?",
            [(due, table_id, version, UNKNOWN_DEADLINE) for table_id, version, due in found]))

    async def set_acting(self, found: list[tuple[int, int, int]]) -> None:
        """Store ``(id, version, acting bitmask)`` where the version is still that and none is stored."""
        await self._write(lambda conn: conn.executemany(
            "UPDATE game_tables SET acting = ? WHERE id = ? AND version = ? AND acting IS NULL",
            [(acting, table_id, version) for table_id, version, acting in found]))

    # -- leases on shared background work (bot.host.leases) ---------------------------------------

    #: Appended to the query choosing leases to claim: rows another transaction is claiming right
    #: now are passed over instead of waited for (SQLite: one writer at a time, nothing to skip).
    SKIP_LOCKED = ""

    async def claim_leases(self, names: Iterable[str], holder: str, until: float, now: float) -> list[str]:
        """Of ``names``, those now held by ``holder`` until ``until``: free ones, expired ones and
        ones ``holder`` already had (renewed). Another holder's live lease is left alone; on
        PostgreSQL, one being claimed concurrently is skipped (``FOR UPDATE SKIP LOCKED``)."""
        names = sorted(set(names))
        if not names:
            return []

        def claim(conn):
            taken: list[str] = []
            for start in range(0, len(names), 500):
                chunk = names[start:start + 500]
                marks = ", ".join("?" * len(chunk))
                conn.executemany("INSERT INTO leases (name, holder, expires_at) VALUES (?, '', 0)"
                                 " ON CONFLICT (name) DO NOTHING", [(n,) for n in chunk])
                taken += [r[0] for r in conn.execute(
                    f"UPDATE leases SET holder = ?, expires_at = ? WHERE name IN (SELECT name FROM leases"
                    f" WHERE name IN ({marks}) AND (holder = ? OR expires_at <= ?){self.SKIP_LOCKED}) RETURNING name",
                    (holder, until, *chunk, holder, now))]
            return sorted(taken)
        return await self._write(claim)

    async def release_leases(self, names: Iterable[str] | None, holder: str) -> None:
        """Let go of those of ``names`` (``None``: all) that ``holder`` holds."""
        if names is None:
            await self._write(lambda conn: conn.execute("UPDATE leases SET expires_at = 0 WHERE holder = ?", (holder,)))
            return
        names = list(names)
        await self._write(lambda conn: conn.executemany(
            "UPDATE leases SET expires_at = 0 WHERE name = ? AND holder = ?", [(n, holder) for n in names]))

    async def lease_holders(self, prefix: str = "") -> dict[str, tuple[str, float]]:
        """``{name: (holder, expires_at)}`` of the leases whose name starts with ``prefix``."""
        return await self._read(lambda conn: {r[0]: (r[1], r[2]) for r in conn.execute(
            "SELECT name, holder, expires_at FROM leases WHERE substr(name, 1, ?) = ?", (len(prefix), prefix))})

    # -- settings -----------------------------------------------------------------------------

    async def _one(self, sql: str, params: tuple) -> Any:
        """The first row of a query (or ``None``), in one hop."""
        return await self._read(lambda conn: conn.execute(sql, params).fetchone())

    async def guild_lang(self, guild_id: int | None) -> str | None:
        if guild_id is None:
            return None
        row = await self._one("SELECT lang FROM guild_settings WHERE guild_id = ?", (guild_id,))
        return None if row is None else row[0]

    # -- play-by-post ---------------------------------------------------------------------------

    async def due_tables(self, now: float) -> list[TableRow]:
        """Active tables whose turn used half its running time or more and is not fully handled."""
        return await self._read(
            _load_many, f"SELECT {_TABLE_COLUMNS} FROM game_tables WHERE status = 'active' AND deadline_at IS NOT NULL"
            " AND reminded < 3 AND half_at <= ? ORDER BY deadline_at", (now,))

    async def claim_stage(self, table_id: int, version: int, stage: int) -> bool:
        """Record that reminder ``stage`` of this turn is being handled; ``False`` if it already was
        (or the turn is over), so each reminder and each time-up is handled exactly once."""
        return await self._write(lambda conn: conn.execute(
            "UPDATE game_tables SET reminded = ? WHERE id = ? AND version = ? AND reminded < ?",
            (stage, table_id, version, stage)).rowcount == 1, tables=(table_id,))

    async def player(self, user_id: int) -> dict[str, Any]:
        return _player_of(await self._one(_PLAYER, (user_id,)))

    async def set_player(self, user_id: int, **fields: Any) -> None:
        def write(conn):
            current = _player(conn, user_id)
            current.update(fields)
            conn.execute(
                "INSERT INTO players (user_id, notify, away_until, vacation_year, vacation_used, digest_at)"
                " VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (user_id) DO UPDATE SET notify = excluded.notify,"
                " away_until = excluded.away_until, vacation_year = excluded.vacation_year,"
                " vacation_used = excluded.vacation_used, digest_at = excluded.digest_at",
                (user_id, current["notify"], current["away_until"], current["vacation_year"],
                 current["vacation_used"], current["digest_at"]))
        await self._write(write, keys=(f"player:{user_id}",))

    async def digest_due(self, before: float) -> list[int]:
        """Users who asked for a daily digest and have not had one since ``before``."""
        return await self._read(lambda conn: [row[0] for row in conn.execute(
            "SELECT user_id FROM players WHERE notify = 'daily' AND (digest_at IS NULL OR digest_at <= ?)",
            (before,))])

    async def guild_zone(self, guild_id: int | None) -> str | None:
        if guild_id is None:
            return None
        row = await self._one("SELECT timezone FROM guild_zones WHERE guild_id = ?", (guild_id,))
        return None if row is None else row[0]

    async def set_guild_zone(self, guild_id: int, timezone: str) -> None:
        await self._write(lambda conn: conn.execute(
            "INSERT INTO guild_zones (guild_id, timezone) VALUES (?, ?)"
            " ON CONFLICT (guild_id) DO UPDATE SET timezone = excluded.timezone", (guild_id, timezone)))

    async def user_lang(self, user_id: int) -> str | None:
        row = await self._one("SELECT lang FROM user_settings WHERE user_id = ?", (user_id,))
        return None if row is None else row[0]

    async def set_user_lang(self, user_id: int, lang: str) -> None:
        await self._write(lambda conn: conn.execute(
            "INSERT INTO user_settings (user_id, lang) VALUES (?, ?)"
            " ON CONFLICT (user_id) DO UPDATE SET lang = excluded.lang", (user_id, lang)))

    async def set_guild_lang(self, guild_id: int, lang: str) -> None:
        await self._write(lambda conn: conn.execute(
            "INSERT INTO guild_settings (guild_id, lang) VALUES (?, ?)"
            " ON CONFLICT (guild_id) DO UPDATE SET lang = excluded.lang", (guild_id, lang)))

    # -- when screens come by DM (/screens) -----------------------------------------------------

    async def set_screens(self, user_id: int, when: str) -> None:
        """``turn`` (one DM of a changed private view per turn) or ``every`` (after every change)."""
        await self._write(lambda conn: conn.execute(
            "INSERT INTO players (user_id, screens) VALUES (?, ?)"
            " ON CONFLICT (user_id) DO UPDATE SET screens = excluded.screens", (user_id, when)))

    async def screens_every(self, user_ids: Iterable[int | None]) -> set[int]:
        """Those of ``user_ids`` who chose a DM after every change of their private view."""
        ids = [u for u in user_ids if u is not None]
        if not ids:
            return set()
        marks = ", ".join("?" * len(ids))
        return await self._read(lambda conn: {row[0] for row in conn.execute(
            f"SELECT user_id FROM players WHERE screens = 'every' AND user_id IN ({marks})", ids)})

    # -- issue 12: versioned narrow writes, server options, limits ------------------------------

    async def update_at(self, table_id: int, version: int, **columns: Any) -> TableRow:
        """Set some columns (never the settings document) only while the table is still at
        ``version``, which is not bumped: bookkeeping of the current turn (e.g. its deadline
        after a vacation) that must not land on a later turn. Raises ``StaleVersion`` otherwise."""
        if "settings" in columns or "state" in columns or "version" in columns:
            raise ValueError("update_at writes clock or message columns, not settings, state or version")

        def write(conn):
            sets = ", ".join(f"{name} = ?" for name in columns)
            if conn.execute(f"UPDATE game_tables SET {sets} WHERE id = ? AND version = ?",
                            (*columns.values(), table_id, version)).rowcount != 1:
                raise StaleVersion(table_id)
            return _load(conn, table_id)
        return await self._write(write, tables=(table_id,))

    async def guild_option(self, guild_id: int | None, name: str) -> str | None:
        if guild_id is None:
            return None
        row = await self._one("SELECT value FROM guild_options WHERE guild_id = ? AND name = ?", (guild_id, name))
        return None if row is None else row[0]

    async def set_guild_option(self, guild_id: int, name: str, value: str) -> None:
        await self._write(lambda conn: conn.execute(
            "INSERT INTO guild_options (guild_id, name, value) VALUES (?, ?, ?)"
            " ON CONFLICT (guild_id, name) DO UPDATE SET value = excluded.value", (guild_id, name, value)))

    async def count_ai_games(self, *, owner_id: int | None = None, guild_id: int | None = None) -> int:
        """Active tables with at least one AI seat, opened by ``owner_id`` or in ``guild_id``; a
        tournament's tables (linked in ``tournament_tables``) are nobody's and are not counted."""
        return await self._read(count_ai_games, owner_id, guild_id)

    async def stale_lobbies(self, before: float) -> list[TableRow]:
        """Lobbies opened before ``before`` and never started."""
        return await self._read(_load_many, f"SELECT {_TABLE_COLUMNS} FROM game_tables WHERE status = 'lobby'"
                                " AND created_at <= ? ORDER BY id", (before,))

    # -- tournaments and ratings ----------------------------------------------------------------

    async def create_tournament(self, *, guild_id: int, channel_id: int, owner_id: int, game: str, status: str,
                                state: dict[str, Any]) -> TournamentRow:
        now = self.clock()

        def create(conn):
            tournament_id = conn.execute(
                "INSERT INTO tournaments (guild_id, channel_id, owner_id, game, status, state, created_at, updated_at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (guild_id, channel_id, owner_id, game, status, json.dumps(state), now, now)).lastrowid
            return _tournament(conn, tournament_id)
        return await self._write(create)

    async def get_tournament(self, tournament_id: int) -> TournamentRow | None:
        return await self._read(_tournament, tournament_id)

    async def update_tournament(self, tournament_id: int, expected_version: int | None = None,
                                **columns: Any) -> TournamentRow:
        """Set columns (``state`` as a dict); with ``expected_version`` only if the version still
        matches, bumping it (raises :class:`StaleVersion` and writes nothing otherwise)."""
        allowed = {"status", "state", "message_id", "announced_round", "podium_message_id"}
        if not set(columns) <= allowed:
            raise ValueError(f"unknown tournament columns: {sorted(set(columns) - allowed)}")
        if "state" in columns:
            columns["state"] = json.dumps(columns["state"])
        now = self.clock()

        def update(conn):
            sets = ", ".join(f"{name} = ?" for name in columns) + (", " if columns else "") + "updated_at = ?"
            params = [*columns.values(), now]
            if expected_version is not None:
                sets += ", version = version + 1"
                cursor = conn.execute(f"UPDATE tournaments SET {sets} WHERE id = ? AND version = ?",
                                      (*params, tournament_id, expected_version))
            else:
                cursor = conn.execute(f"UPDATE tournaments SET {sets} WHERE id = ?", (*params, tournament_id))
            if cursor.rowcount != 1:
                raise StaleVersion(tournament_id)
            return _tournament(conn, tournament_id)
        return await self._write(update)

    async def tournaments_with_status(self, *statuses: str, guild_id: int | None = None) -> list[TournamentRow]:
        marks = ", ".join("?" * len(statuses))
        where = f"status IN ({marks})" + ("" if guild_id is None else " AND guild_id = ?")
        params = (*statuses, *(() if guild_id is None else (guild_id,)))

        def read(conn):
            ids = [r[0] for r in conn.execute(f"SELECT id FROM tournaments WHERE {where} ORDER BY id", params)]
            return [_tournament(conn, i) for i in ids]
        return await self._read(read)

    async def link_table(self, table_id: int, tournament_id: int, round_number: int, number: int,
                         game_index: int) -> None:
        await self._write(lambda conn: conn.execute(
            "INSERT INTO tournament_tables (table_id, tournament_id, round, number, game_index) VALUES (?, ?, ?, ?, ?)",
            (table_id, tournament_id, round_number, number, game_index)))

    async def tournament_link(self, table_id: int) -> TournamentLink | None:
        row = await self._one("SELECT table_id, tournament_id, round, number, game_index FROM tournament_tables"
                              " WHERE table_id = ?", (table_id,))
        return None if row is None else TournamentLink(*row)

    async def tournament_links(self, tournament_id: int) -> list[TournamentLink]:
        """The game tables a tournament opened, with their status and thread, in play order."""
        return await self._read(lambda conn: [TournamentLink(*r) for r in conn.execute(
            "SELECT l.table_id, l.tournament_id, l.round, l.number, l.game_index, t.status, t.thread_id"
            " FROM tournament_tables l JOIN game_tables t ON t.id = l.table_id WHERE l.tournament_id = ?"
            " ORDER BY l.round, l.number, l.game_index", (tournament_id,))])

    async def ratings(self, guild_id: int, game: str, user_ids: Iterable[int] | None = None) -> dict[int, tuple]:
        """``{user: (mu, sigma, games)}`` in a server's game (only ``user_ids`` when given)."""
        def read(conn):
            rows = conn.execute("SELECT user_id, mu, sigma, games FROM ratings WHERE guild_id = ? AND game = ?",
                                (guild_id, game)).fetchall()
            wanted = None if user_ids is None else set(user_ids)
            return {r[0]: (r[1], r[2], r[3]) for r in rows if wanted is None or r[0] in wanted}
        return await self._read(read)

    async def apply_ratings(self, table_id: int, guild_id: int, game: str, users: Iterable[int],
                            rate: Callable[[dict[int, tuple]], dict[int, tuple]]) -> bool:
        """Rate a finished game once, in one transaction: ``rate`` gets the stored
        ``{user: (mu, sigma, games)}`` of ``users`` and returns the new values, stored with their
        history rows. ``False`` (nothing written) if the table was rated before."""
        now = self.clock()
        users = list(users)

        def write(conn):
            if conn.execute("SELECT 1 FROM rated_tables WHERE table_id = ?", (table_id,)).fetchone():
                return False
            conn.execute("INSERT INTO rated_tables (table_id, rated_at) VALUES (?, ?)", (table_id, now))
            marks = ", ".join("?" * len(users))
            current = {r[0]: (r[1], r[2], r[3]) for r in conn.execute(
                f"SELECT user_id, mu, sigma, games FROM ratings WHERE guild_id = ? AND game = ? AND user_id IN ({marks})",
                (guild_id, game, *users))}
            for user_id, (mu, sigma, games) in rate(current).items():
                conn.execute("INSERT INTO ratings (guild_id, game, user_id, mu, sigma, games) VALUES (?, ?, ?, ?, ?, ?)"
                             " ON CONFLICT (guild_id, game, user_id) DO UPDATE SET mu = excluded.mu,"
                             " sigma = excluded.sigma, games = excluded.games", (guild_id, game, user_id, mu, sigma, games))
                conn.execute("INSERT INTO rating_history (guild_id, game, user_id, table_id, mu, sigma, games, created_at)"
                             " VALUES (?, ?, ?, ?, ?, ?, ?, ?)", (guild_id, game, user_id, table_id, mu, sigma, games, now))
            return True
        return await self._write(write, tables=(table_id,))

    async def rated_since(self, guild_id: int, game: str, first_of: Iterable[int]) -> list[tuple[int, float]]:
        """``(table_id, rated_at)`` of every game of a server's game rated from the first rating of
        any table of ``first_of`` on, in rating order (none: no table of ``first_of`` was rated)."""
        first_of = list(first_of)

        def read(conn):
            if not first_of:
                return []
            marks = ", ".join("?" * len(first_of))
            since = conn.execute(f"SELECT MIN(created_at) FROM rating_history WHERE guild_id = ? AND game = ?"
                                 f" AND table_id IN ({marks})", (guild_id, game, *first_of)).fetchone()[0]
            if since is None:
                return []
            rows = conn.execute("SELECT table_id, MIN(created_at) AS at FROM rating_history WHERE guild_id = ?"
                                " AND game = ? AND created_at >= ? GROUP BY table_id ORDER BY at, table_id",
                                (guild_id, game, since)).fetchall()
            return [(r[0], r[1]) for r in rows]
        return await self._read(read)

    async def rerate(self, guild_id: int, game: str, since: float,
                     replay: list[tuple[int, float, list[int], Callable[[dict[int, tuple]], dict[int, tuple]]]]) -> bool:
        """Rate a server's game again from ``since`` on, in one transaction (a corrected result,
        issue 29): every rating touched since then goes back to what it was before (or away, for
        a player first rated since), the history from then on is removed, and each
        ``(table_id, rated_at, users, rate)`` of ``replay`` is rated again in order, like
        :meth:`apply_ratings`, its history rows keeping their time. ``False`` (nothing written)
        when the games rated since then are no longer those of ``replay`` (one was rated meanwhile:
        the caller reads them again)."""
        def write(conn):
            since_then = {r[0] for r in conn.execute(
                "SELECT DISTINCT table_id FROM rating_history WHERE guild_id = ? AND game = ? AND created_at >= ?",
                (guild_id, game, since))}
            if since_then != {table_id for table_id, _, _, _ in replay}:
                return False
            touched = [r[0] for r in conn.execute(
                "SELECT DISTINCT user_id FROM rating_history WHERE guild_id = ? AND game = ? AND created_at >= ?",
                (guild_id, game, since))]
            for user_id in touched:
                before = conn.execute(
                    "SELECT mu, sigma, games FROM rating_history WHERE guild_id = ? AND game = ? AND user_id = ?"
                    " AND created_at < ? ORDER BY created_at DESC, table_id DESC LIMIT 1",
                    (guild_id, game, user_id, since)).fetchone()
                if before is None:
                    conn.execute("DELETE FROM ratings WHERE guild_id = ? AND game = ? AND user_id = ?",
                                 (guild_id, game, user_id))
                else:
                    conn.execute("UPDATE ratings SET mu = ?, sigma = ?, games = ? WHERE guild_id = ? AND game = ?"
                                 " AND user_id = ?", (before[0], before[1], before[2], guild_id, game, user_id))
            conn.execute("DELETE FROM rating_history WHERE guild_id = ? AND game = ? AND created_at >= ?",
                         (guild_id, game, since))
            for table_id, at, users, rate in replay:
                if not users:
                    continue
                marks = ", ".join("?" * len(users))
                current = {r[0]: (r[1], r[2], r[3]) for r in conn.execute(
                    f"SELECT user_id, mu, sigma, games FROM ratings WHERE guild_id = ? AND game = ?"
                    f" AND user_id IN ({marks})", (guild_id, game, *users))}
                for user_id, (mu, sigma, games) in rate(current).items():
                    conn.execute("INSERT INTO ratings (guild_id, game, user_id, mu, sigma, games) VALUES (?, ?, ?, ?, ?, ?)"
                                 " ON CONFLICT (guild_id, game, user_id) DO UPDATE SET mu = excluded.mu,"
                                 " sigma = excluded.sigma, games = excluded.games",
                                 (guild_id, game, user_id, mu, sigma, games))
                    conn.execute("INSERT INTO rating_history (guild_id, game, user_id, table_id, mu, sigma, games,"
                                 " created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                                 (guild_id, game, user_id, table_id, mu, sigma, games, at))
            return True
        return await self._write(write)

    async def rating_history(self, guild_id: int, game: str | None, user_id: int, last: int = 10) -> list[tuple]:
        """``(game, table_id, mu, sigma, games, created_at)`` of a player's latest rated games, newest first."""
        where = "guild_id = ? AND user_id = ?" + ("" if game is None else " AND game = ?")
        params = (guild_id, user_id, *(() if game is None else (game,)), last)
        return await self._read(lambda conn: [tuple(r) for r in conn.execute(
            f"SELECT game, table_id, mu, sigma, games, created_at FROM rating_history WHERE {where}"
            " ORDER BY created_at DESC, table_id DESC LIMIT ?", params)])

    async def unrated_tables(self) -> list[int]:
        """Finished tables marked rated whose ratings were not stored yet (a stop came between)."""
        return await self._read(lambda conn: [r[0] for r in conn.execute(
            f"SELECT id FROM game_tables WHERE status = 'finished' AND {self.RATED}"
            " AND id NOT IN (SELECT table_id FROM rated_tables) ORDER BY id")])


# -- opening ------------------------------------------------------------------------------------

async def _connect(name: str, busy_timeout: float) -> aiosqlite.Connection:
    """``aiosqlite.connect``, except that when the file cannot be opened, aiosqlite's thread has
    ended before the error is raised. aiosqlite stops it without waiting, and a thread still
    running when the caller's event loop closes prints a traceback after the refusal."""
    connecting = aiosqlite.connect(name, isolation_level=None, timeout=busy_timeout)
    try:
        return await connecting
    except BaseException:
        # aiosqlite >= 0.22 keeps its thread in ``_thread``; before, the connection is the thread.
        thread = connecting if isinstance(connecting, threading.Thread) else getattr(connecting, "_thread", None)
        if thread is not None and thread.is_alive():
            thread.join(5)  # it only closes and returns: no need for another thread to wait on it
        raise


class _TooNew(Exception):
    def __init__(self, found: int, known: int) -> None:
        super().__init__(found, known)
        self.found, self.known = found, known


class _Damaged(Exception):
    """``PRAGMA quick_check`` found problems (its first few lines are the message)."""


def _check(conn: sqlite3.Connection, known: int, busy_timeout: float, synchronous: str = "NORMAL") -> None:
    """The start-up checks, in aiosqlite's thread (one hop): settings, WAL, schema version,
    integrity, and a write probe in a transaction that is rolled back."""
    conn.execute(f"PRAGMA busy_timeout = {int(busy_timeout * 1000)}")
    found = conn.execute("PRAGMA user_version").fetchone()[0]  # a garbage or header-only file fails here
    if found > known:  # refused before anything (even the journal mode) is changed
        raise _TooNew(found, known)
    problems = [row[0] for row in conn.execute("PRAGMA quick_check(5)")]
    if problems != ["ok"]:
        raise _Damaged("; ".join(problems))
    conn.execute("PRAGMA journal_mode=WAL")  # a read-only folder fails here (WAL files cannot be made)
    conn.execute(f"PRAGMA synchronous={synchronous}")
    conn.execute("PRAGMA foreign_keys=ON")
    conn.execute("BEGIN IMMEDIATE")  # waits out another process's lock, up to the busy timeout
    try:
        conn.execute(f"PRAGMA user_version = {found}")  # a write: a read-only file is refused here
    finally:
        conn.execute("ROLLBACK")


def _refusal(path: str, exc: BaseException, busy_timeout: float) -> StoreError:
    """The one-sentence refusal for what went wrong while opening ``path``."""
    shown = str(Path(path).resolve()) if path != ":memory:" else path
    if isinstance(exc, _TooNew):
        return StoreTooNew(shown, f"The database file {shown} was written by a newer release of the bot (schema "
                                  f"version {exc.found}; this release knows up to {exc.known}): run that release, or "
                                  f"restore a backup made by this one.")
    if isinstance(exc, StorageBusy) or _is_busy(exc):
        return StoreLocked(shown, f"The database file {shown} is locked by another process (still locked after "
                                  f"{busy_timeout:g} s): stop the other program using it, such as a second copy of "
                                  f"the bot, and start again.")
    if isinstance(exc, OSError):
        return StoreUnavailable(shown, f"The database file {shown} cannot be created ({exc.strerror or exc}): "
                                       f"point the bot to a file in a folder its user can write.")
    code = (getattr(exc, "sqlite_errorcode", None) or 0) & 0xFF
    detail = str(exc)
    if code == _READONLY:
        folder = getattr(exc, "sqlite_errorname", "") == "SQLITE_READONLY_DIRECTORY"
        name = Path(shown).name
        where = (f"its folder {Path(shown).parent} cannot be written, and SQLite must create {name}-wal and "
                 f"{name}-shm there" if folder else "the file is read-only")
        return StoreReadOnly(shown, f"The database file {shown} cannot be written ({where}): give the bot's user "
                                    f"write permission on the file and its folder.")
    if code in (_CORRUPT, _NOTADB) or isinstance(exc, _Damaged):
        return StoreCorrupt(shown, f"The database file {shown} is not a usable SQLite database ({detail}): restore "
                                   f"it from a backup, or move it aside to start with an empty one.")
    return StoreUnavailable(shown, f"The database file {shown} cannot be opened ({detail}): check that the path "
                                   f"names a file in a folder the bot's user can write, and that the disk is not full.")


# -- in aiosqlite's thread ------------------------------------------------------------------------

def _keep_own_fields(conn: sqlite3.Connection, table_id: int, settings: dict[str, Any]) -> dict[str, Any]:
    """``settings`` as a whole document to store, with the stored value of the fields written one
    at a time (:data:`OWN_FIELD_SETTINGS`) instead of the caller's copy, which may be older."""
    row = conn.execute("SELECT settings FROM game_tables WHERE id = ?", (table_id,)).fetchone()
    if row is None:
        return settings
    stored = json.loads(row[0])
    kept = {k: v for k, v in settings.items() if k not in OWN_FIELD_SETTINGS}
    kept.update({k: stored[k] for k in OWN_FIELD_SETTINGS if k in stored})
    return kept


def _load(conn: sqlite3.Connection, table_id: int) -> TableRow | None:
    """One table with its seats."""
    row = conn.execute(f"SELECT {_TABLE_COLUMNS} FROM game_tables WHERE id = ?", (table_id,)).fetchone()
    if row is None:
        return None
    table = _table(row)
    table.seats = _seats_of(conn, [table_id]).get(table_id, [])
    return table


def _load_many(conn: sqlite3.Connection, sql: str, params: Iterable[Any]) -> list[TableRow]:
    """The tables a query selects (its columns: ``_TABLE_COLUMNS``), with their seats."""
    tables = [_table(row) for row in conn.execute(sql, tuple(params)).fetchall()]
    seats = _seats_of(conn, [t.id for t in tables])
    for table in tables:
        table.seats = seats.get(table.id, [])
    return tables


def _seats_of(conn: sqlite3.Connection, table_ids: list[int]) -> dict[int, list[SeatRow]]:
    """The seats of several tables, one query per 500 tables."""
    found: dict[int, list[SeatRow]] = {}
    for start in range(0, len(table_ids), 500):
        chunk = table_ids[start:start + 500]
        marks = ", ".join("?" * len(chunk))
        for row in conn.execute(f"SELECT table_id, seat, user_id, ai_level, name, dm_failed FROM seats"
                                f" WHERE table_id IN ({marks}) ORDER BY table_id, seat", chunk):
            found.setdefault(row[0], []).append(SeatRow(row[1], row[2], row[3], row[4], bool(row[5])))
    return found


_PLAYER = "SELECT notify, away_until, vacation_year, vacation_used, digest_at FROM players WHERE user_id = ?"


def _player(conn: sqlite3.Connection, user_id: int) -> dict[str, Any]:
    return _player_of(conn.execute(_PLAYER, (user_id,)).fetchone())


def _player_of(row: Any) -> dict[str, Any]:
    if row is None:
        return {"notify": "off", "away_until": None, "vacation_year": None, "vacation_used": 0.0, "digest_at": None}
    return {"notify": row[0], "away_until": row[1], "vacation_year": row[2], "vacation_used": row[3],
            "digest_at": row[4]}


def _table(row: Any) -> TableRow:
    return TableRow(
        id=row[0], guild_id=row[1], channel_id=row[2], thread_id=row[3], lobby_message_id=row[4],
        status_message_id=row[5], game=row[6], num_players=row[7], options=json.loads(row[8]), seed=row[9],
        status=row[10], owner_id=row[11], state=None if row[12] is None else json.loads(row[12]),
        version=row[13], announced_version=row[14], settings=json.loads(row[15]), created_at=row[16],
        updated_at=row[17], turn_started_at=row[18], deadline_at=row[19], reminded=row[20],
        board_message_id=row[21], half_at=row[22], late_at=row[23], announce_at=row[24],
    )


#: The condition that leaves a tournament's tables out of the caps (``t``: the game table).
_NOT_A_TOURNAMENT_TABLE = "NOT EXISTS (SELECT 1 FROM tournament_tables l WHERE l.table_id = t.id)"


def count_lobbies(conn: sqlite3.Connection, *, owner_id: int | None = None, guild_id: int | None = None) -> int:
    """Open lobbies opened by ``owner_id`` (or in ``guild_id``), a tournament's tables left out;
    runs in aiosqlite's thread."""
    column, value = ("owner_id", owner_id) if owner_id is not None else ("guild_id", guild_id)
    return conn.execute(f"SELECT COUNT(*) FROM game_tables t WHERE t.status = 'lobby' AND t.{column} = ?"
                        f" AND {_NOT_A_TOURNAMENT_TABLE}", (value,)).fetchone()[0]


def count_ai_games(conn: sqlite3.Connection, owner_id: int | None, guild_id: int | None) -> int:
    column, value = ("owner_id", owner_id) if owner_id is not None else ("guild_id", guild_id)
    return conn.execute(f"SELECT COUNT(DISTINCT t.id) FROM game_tables t JOIN seats s ON s.table_id = t.id"
                        f" WHERE t.status = 'active' AND s.user_id IS NULL AND t.{column} = ?"
                        f" AND {_NOT_A_TOURNAMENT_TABLE}", (value,)).fetchone()[0]

def _tournament(conn: sqlite3.Connection, tournament_id: int) -> TournamentRow | None:
    row = conn.execute("SELECT id, guild_id, channel_id, owner_id, game, status, state, version, message_id,"
                       " announced_round, podium_message_id, created_at, updated_at FROM tournaments WHERE id = ?",
                       (tournament_id,)).fetchone()
    if row is None:
        return None
    values = list(row)
    values[6] = json.loads(values[6])
    return TournamentRow(*values)
