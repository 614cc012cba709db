"""The PostgreSQL backend of :class:`bot.host.store.Store`, through asyncpg.

**Same queries, thin dialect layer.** Every store method is one synchronous function of a
connection (``fn(conn)``, written for SQLite's ``conn.execute(sql, params)``). Here that function
runs in one of a few worker threads, each with its own event loop and asyncpg connection, and
``conn`` is a :class:`PgConnection` that translates each statement (:func:`translate`): ``?``
placeholders become ``$1, $2 ...``, an ``INSERT`` into a table with a generated id gets
``RETURNING id`` (for ``lastrowid``), ``BEGIN IMMEDIATE`` becomes ``BEGIN``. A call is still one
hop from the bot's event loop (to the worker), like the SQLite backend's one hop to aiosqlite's
thread; the statements inside go to the server from the worker's own loop.

**The move path is one statement.** A move (:meth:`PgStore.commit_move`), a table read and
marking a version shown are each one statement (:data:`COMMIT_MOVE`, :data:`RETURNED`): one round
trip, sent from a worker's connection like every other job (measured against connections of the
bot's own loop: see docs/architecture.md). Workers are handed out strictly in arrival order
(:class:`FairQueue`); how many there are is :func:`pool_size` unless ``BOT_PG_POOL`` says.

**Transactions.** Every other write is ``BEGIN`` ... ``COMMIT`` at READ COMMITTED. The version check in
each ``UPDATE ... WHERE version = ?`` stays the source of truth: of two racing moves the second
waits for the first's row lock, then finds the version moved and writes nothing. Where SQLite's
``BEGIN IMMEDIATE`` (one writer at a time) made a read-then-write atomic, the write here takes
transaction-level advisory locks first: one per table it may change (the store's ``tables``) and
the store's named ``keys`` (e.g. lobby creation under caps), in a fixed order, so no deadlock.
A read runs in one ``REPEATABLE READ READ ONLY`` transaction (a table and its seats agree).

**Knowing what changed.** Each write sends ``NOTIFY`` with this store's token and the ids of the
tables it changed, inside its transaction (delivered only on commit); a listening connection moves
the :meth:`Store.stamp` of those tables for the others' notices, so a host's copy of a table is
dropped when another process commits to it, and only then (two processes on different tables
keep their copies).
A notice arrives a few milliseconds after the commit: a copy that missed it costs at most one
refused (stale-version) commit, as with SQLite.

**A lost connection is a retry.** The server may drop a session at any moment (a restart,
``pg_terminate_backend``, a network cut). A job whose connection went away (:func:`is_lost`) is
run again on a fresh connection, with backoff, for up to ``retry_seconds``: every job is one
transaction, so a job that failed before its ``COMMIT`` was sent wrote nothing. A write whose
connection went away *during* its ``COMMIT`` may have landed or not: it knows its transaction id
(``txid_current()``, one more statement per write), and a fresh connection asks the server
(``txid_status``) before anything is run again. Committed: the job's result stands (a move is
reported as played, never run twice); aborted: run again. A server still away after
``retry_seconds`` is :class:`~bot.host.store.StorageDown` ("storage briefly unavailable, nothing
was changed"), or :class:`~bot.host.store.StorageDownUnsure` when a commit's outcome could not
be asked. The listening connection is made again too (meanwhile no copy is trusted).

**Schema.** :data:`bot.host.store.MIGRATIONS` (SQLite text, translated by :func:`postgres_ddl`,
or a per-dialect ``{"sqlite": ..., "postgresql": ...}``); the version reached is the one row of
``schema_version``. Migrating holds an advisory lock, so two processes starting together migrate once.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import functools
import json
import logging
import queue
import re
import secrets
import threading
import time
from collections.abc import Callable, Iterable
from typing import Any
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

import asyncpg

from bot.host.store import (
    _TABLE_COLUMNS,
    MIGRATIONS,
    POOL_RANGE,
    SYNC_MODES,
    MoveRow,
    RepeatedRecord,
    SeatRow,
    StaleVersion,
    TableRow,
    _table,
    StorageBusy,
    StorageDown,
    StorageDownUnsure,
    Store,
    StoreTooNew,
    StoreUnavailable,
    migration_sql,
)

log = logging.getLogger(__name__)

#: The columns of a table as ``_table`` reads them, and its seats as an array of records.
TABLE_COLUMNS = [c.strip() for c in _TABLE_COLUMNS.split(",")]
SEATS = ("ARRAY(SELECT ROW(s.seat, s.user_id, s.ai_level, s.name, s.dm_failed) FROM seats s"
         " WHERE s.table_id = {table}.id ORDER BY s.seat) AS seats")


def _returned(*, state: bool = True, table: str = "game_tables") -> str:
    """The select list of a table with its seats (``state``: without it, as ``NULL``)."""
    columns = [c if c != "state" or state else "NULL::text AS state" for c in TABLE_COLUMNS]
    return ", ".join(columns) + ", " + SEATS.format(table=table)


RETURNED = _returned()

REPEATED = "EXISTS (SELECT 1 FROM moves WHERE table_id = $1 AND version = $2 AND seat = $3 AND notation = $4)"
#: A move as one statement: $1 table, $2 the version it was computed from, $3 seat, $4 notation,
#: $5 words, $6 events, $7 now, $8 the notice, $9... the columns. Of two racing moves the second
#: waits for the first's row lock, then finds the version moved and writes nothing (READ
#: COMMITTED re-checks the row); the record's ply is the latest plus one, read in the same
#: statement (a record appears only with a version bump, which the row lock orders). The repeat
#: check: a record of this seat and notation made the version the move was computed from.
COMMIT_MOVE = """WITH repeated AS (
    SELECT {repeated} AS yes
), changed AS (
    UPDATE game_tables SET {sets}, version = version + 1 WHERE id = $1 AND version = $2 {refuse}
    RETURNING *
), recorded AS (
    INSERT INTO moves (table_id, ply, version, seat, notation, words, events, created_at)
    SELECT $1, COALESCE((SELECT MAX(ply) FROM moves WHERE table_id = $1), 0) + 1, $2 + 1, $3, $4, $5, $6, $7
    FROM changed
)
SELECT {returned}, (SELECT yes FROM repeated) AS repeated,
       CASE WHEN game_tables.id IS NOT NULL THEN pg_notify('{channel}', $8) END AS notified
FROM (SELECT 1) AS one LEFT JOIN changed AS game_tables ON true"""

#: Tables whose ``id`` is generated (``id INTEGER PRIMARY KEY AUTOINCREMENT`` in a migration): an
#: INSERT into one returns it (``cursor.lastrowid``).
GENERATED_IDS = frozenset(re.findall(
    r"CREATE\s+TABLE\s+(\w+)\s*\(\s*id\s+INTEGER\s+PRIMARY\s+KEY\s+AUTOINCREMENT", "\n".join(
        migration_sql(entry, "sqlite") for entry in MIGRATIONS), flags=re.IGNORECASE))
#: What a caller is told as "storage busy, try again": a lock held past the timeout, a deadlock.
BUSY = (asyncpg.LockNotAvailableError, asyncpg.DeadlockDetectedError)
#: Errors that mean the connection is gone, or none could be made: a session the server ended
#: (08xxx; 57P01-57P03: terminated, crashed, starting up or shutting down), no room for one more,
#: and the socket's own errors (reset, refused, timed out: all ``OSError``).
LOST = (asyncpg.PostgresConnectionError, asyncpg.AdminShutdownError, asyncpg.CrashShutdownError,
        asyncpg.CannotConnectNowError, asyncpg.TooManyConnectionsError, OSError)
#: Seconds a job lost with its connection is tried again before the caller is told the storage
#: is unavailable; and the pauses between tries (doubling up to the last).
RETRY_SECONDS = 5.0
RETRY_PAUSES = (0.05, 0.1, 0.2, 0.5, 1.0)
#: The NOTIFY channel every write announces itself on.
CHANNEL = "bgh_changed"
#: Advisory lock key (``hashtextextended``) held while migrating.
MIGRATION_LOCK = "bgh:migrate"


class ConnectionLost(Exception):
    """The job's connection went away before it committed anything (or none could be made):
    run it again on a fresh one."""


class CommitUnknown(Exception):
    """The connection went away while the job's ``COMMIT`` was on its way: the server knows
    whether transaction ``xid`` landed; ``result`` is what the job returns if it did."""

    def __init__(self, xid: int, pid: int, result: Any) -> None:
        super().__init__(xid)
        self.xid, self.pid, self.result = xid, pid, result


class FairQueue:
    """Idle connections (or workers) handed out strictly in arrival order.

    ``asyncio.Queue`` is not fair under load: a caller that puts an item back and asks again at
    once takes it before the waiter that was woken gets to run, so a few busy callers keep every
    item and the rest wait for seconds (measured: 4 of 20 looping callers made 1,270 commits each
    while 16 made one). Here an item put back goes straight to the longest waiting caller."""

    def __init__(self) -> None:
        self._idle: collections.deque = collections.deque()
        self._waiting: collections.deque[asyncio.Future] = collections.deque()

    def put(self, item: Any) -> None:
        while self._waiting:
            waiter = self._waiting.popleft()
            if not waiter.done():  # a cancelled waiter is passed over
                waiter.set_result(item)
                return
        self._idle.append(item)

    async def get(self) -> Any:
        while self._waiting and self._waiting[0].done():
            self._waiting.popleft()
        if self._idle and not self._waiting:
            return self._idle.popleft()
        waiter = asyncio.get_running_loop().create_future()
        self._waiting.append(waiter)
        try:
            return await waiter
        except asyncio.CancelledError:
            if waiter.done() and not waiter.cancelled():  # handed over as the caller was cancelled
                self.put(waiter.result())
            raise

    def idle(self) -> list:
        return list(self._idle)


def is_lost(exc: BaseException, conn: asyncpg.Connection | None = None) -> bool:
    """Whether ``exc`` means the connection is gone (see :data:`LOST`). Also asyncpg's own
    "connection is closed" (an ``InterfaceError``, which also means misuse) when ``conn`` is, and
    its ``InternalClientError`` ("another operation is in progress"): an idle connection that
    the server ended is still reading the server's farewell, and no statement can use it again."""
    if isinstance(exc, (*LOST, asyncpg.InternalClientError)):
        return True
    return isinstance(exc, asyncpg.InterfaceError) and conn is not None and conn.is_closed()


@contextlib.contextmanager
def lost_is_retried(conn: asyncpg.Connection | None = None):
    """Re-raise a lost connection's error as :class:`ConnectionLost`."""
    try:
        yield
    except BaseException as exc:
        if is_lost(exc, conn):
            raise ConnectionLost(f"{type(exc).__name__}: {exc}") from exc
        raise


def _literal(text: str) -> str:
    """``text`` as an SQL string literal."""
    return "'" + text.replace("'", "''") + "'"


def is_postgres_url(target: Any) -> bool:
    return isinstance(target, str) and target.startswith(("postgresql://", "postgres://"))


def split_url(url: str) -> tuple[str, str | None]:
    """``(connection URL, schema)``: a ``schema=`` query parameter (ours, not libpq's) names the
    schema to use as ``search_path`` (tests use one fresh schema each); ``None`` for the default."""
    parts = urlsplit(url)
    query = parse_qsl(parts.query)
    schema = next((v for k, v in query if k == "schema"), None)
    rest = urlencode([(k, v) for k, v in query if k != "schema"])
    return urlunsplit(parts._replace(query=rest)), schema


def shown_url(url: str) -> str:
    """The URL without its password, for messages."""
    parts = urlsplit(url)
    if parts.password:
        parts = parts._replace(netloc=parts.netloc.replace(f":{parts.password}@", ":***@"))
    return urlunsplit(parts)


@functools.lru_cache(maxsize=1024)
def postgres_ddl(sql: str) -> str:
    """SQLite DDL as PostgreSQL DDL: an auto-increment key becomes an identity column, INTEGER
    becomes BIGINT (Discord ids are 64-bit), REAL becomes DOUBLE PRECISION and BLOB becomes BYTEA. Everything else a
    migration uses (TEXT, CHECK, DEFAULT, REFERENCES, CREATE INDEX, ALTER TABLE ... ADD COLUMN)
    is the same in both."""
    sql = re.sub(r"\bINTEGER\s+PRIMARY\s+KEY\s+AUTOINCREMENT\b", "BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY",
                 sql, flags=re.IGNORECASE)
    sql = re.sub(r"\bINTEGER\b", "BIGINT", sql, flags=re.IGNORECASE)
    sql = re.sub(r"\bBLOB\b", "BYTEA", sql, flags=re.IGNORECASE)
    return re.sub(r"\bREAL\b", "DOUBLE PRECISION", sql, flags=re.IGNORECASE)


@functools.lru_cache(maxsize=4096)
def translate(sql: str) -> tuple[str, bool]:
    """A statement written for SQLite as asyncpg runs it: ``(text, returns rows)``."""
    text = sql.strip()
    if re.fullmatch(r"BEGIN\s+IMMEDIATE", text, flags=re.IGNORECASE):
        return "BEGIN", False
    count = 0

    def number(_match):
        nonlocal count
        count += 1
        return f"${count}"
    text = re.sub(r"\?", number, text)  # no statement of the store has a '?' inside a literal
    head = text[:200].upper()
    returns = head.startswith(("SELECT", "WITH", "VALUES")) or " RETURNING " in text.upper()
    target = re.match(r"INSERT\s+INTO\s+(\w+)", text, flags=re.IGNORECASE)
    if target and target.group(1).lower() in GENERATED_IDS and " RETURNING " not in text.upper():
        text += " RETURNING id"
        returns = True
    return text, returns


class Cursor:
    """What the store's functions use of an ``sqlite3.Cursor``."""

    def __init__(self, rows: list, rowcount: int, lastrowid: int | None) -> None:
        self._rows, self.rowcount, self.lastrowid = rows, rowcount, lastrowid

    def fetchone(self):
        return self._rows[0] if self._rows else None

    def fetchall(self) -> list:
        return list(self._rows)

    def __iter__(self):
        return iter(self._rows)


class PgConnection:
    """An asyncpg connection driven synchronously from its worker thread's own event loop,
    with the ``execute`` / ``executemany`` / ``in_transaction`` of an ``sqlite3.Connection``."""

    def __init__(self, loop: asyncio.AbstractEventLoop, conn: asyncpg.Connection,
                 sent: Callable[[], None] = lambda: None) -> None:
        self.loop, self.conn, self._sent = loop, conn, sent

    def _run(self, coro):
        self._sent()  # every call here is one round trip to the server
        return self.loop.run_until_complete(coro)

    @property
    def in_transaction(self) -> bool:
        return self.conn.is_in_transaction()

    def execute(self, sql: str, params: Iterable[Any] = ()) -> Cursor:
        text, returns = translate(sql)
        params = tuple(params)
        if returns:
            rows = self._run(self.conn.fetch(text, *params))
            last = rows[0][0] if rows and text.endswith("RETURNING id") else None
            return Cursor(rows, len(rows), last)
        status = self._run(self.conn.execute(text, *params))
        tail = status.rsplit(" ", 1)[-1]
        return Cursor([], int(tail) if tail.isdigit() else -1, None)

    def executemany(self, sql: str, seq: Iterable[Iterable[Any]]) -> Cursor:
        rows = [tuple(p) for p in seq]
        if rows:
            self._run(self.conn.executemany(translate(sql)[0], rows))
        return Cursor([], len(rows), None)

    def script(self, sql: str) -> None:
        """Several statements at once (migrations)."""
        self._run(self.conn.execute(sql))

    def rollback(self) -> None:
        """End the failed transaction, if the connection is still there to end it (a lost one
        ended on the server with the session)."""
        if self.conn.is_closed() or not self.conn.is_in_transaction():
            return
        try:
            self.execute("ROLLBACK")
        except BaseException as exc:
            if not is_lost(exc, self.conn):
                raise


class Worker(threading.Thread):
    """One connection and the thread (with its own event loop) that runs jobs on it in turn."""

    def __init__(self, connect: Callable[[], Any], done: Callable[[asyncio.Future, Any, BaseException | None], None],
                 sent: Callable[[], None] = lambda: None):
        super().__init__(daemon=True, name="pg-worker")
        self._connect, self._done, self._sent = connect, done, sent
        self.jobs: queue.SimpleQueue = queue.SimpleQueue()
        self.ready = threading.Event()
        self.failure: BaseException | None = None
        self.conn: PgConnection | None = None

    def run(self) -> None:
        loop = asyncio.new_event_loop()
        try:
            try:
                self.conn = PgConnection(loop, loop.run_until_complete(self._connect()), self._sent)
            except BaseException as exc:  # noqa: BLE001 - told to the opener
                self.failure = exc
                return
            finally:
                self.ready.set()
            while True:
                job = self.jobs.get()
                if job is None:
                    break
                fn, args, future = job
                pid = None
                try:
                    # one turn of this loop first: a session the server ended while we were idle
                    # is seen as closed now, so the job runs on a fresh one instead of being cut
                    # (and a write is not left "perhaps landed" for nothing)
                    loop.run_until_complete(asyncio.sleep(0))
                    if self.conn.conn.is_closed():  # the server restarted or dropped us: connect again
                        self.conn = PgConnection(loop, loop.run_until_complete(self._connect()), self._sent)
                    pid = self.conn.conn.get_server_pid()
                    result, error = fn(self.conn, *args), None
                except BaseException as exc:  # noqa: BLE001 - handed to the awaiting coroutine
                    result, error = None, exc
                    if isinstance(exc, CommitUnknown) or is_lost(exc, self.conn.conn):
                        # Gone, even if asyncpg has not noticed yet: the next job connects afresh.
                        self.conn.conn.terminate()
                        if not isinstance(exc, CommitUnknown):
                            error = ConnectionLost(f"{type(exc).__name__}: {exc}")
                            error.__cause__, error.pid = exc, pid
                self._done(future, result, error)
            if not self.conn.conn.is_closed():
                loop.run_until_complete(self.conn.conn.close(timeout=5))
        finally:
            loop.close()


def _fetch_on_worker(conn: "PgConnection", sql: str, params: tuple) -> list:
    """:meth:`PgStore._fetch` on a worker thread."""
    return conn._run(conn.conn.fetch(sql, *params))


class Lane:
    """A connection of the bot's own loop; ``None`` until made, and again once lost."""

    __slots__ = ("conn",)

    def __init__(self) -> None:
        self.conn: asyncpg.Connection | None = None


#: Connections left for everything else: operators (psql), backups, migrations by hand.
SPARE_CONNECTIONS = 5
#: The most a default pool takes: more statements in flight than this only queue on the server
#: (a move is ~0.3 ms of server CPU; see docs/architecture.md, capacity).
DEFAULT_POOL_CAP = 8


def pool_size(max_connections: int, reserved: int, processes: int) -> int:
    """The default pool (worker connections) of one of ``processes`` processes: the server's
    connections, less the superuser's ``reserved`` and :data:`SPARE_CONNECTIONS`, shared
    equally; each process also holds one listener and one for an ``exclusive`` section. At most
    :data:`DEFAULT_POOL_CAP`, at least 1."""
    share = (max_connections - reserved - SPARE_CONNECTIONS) // max(1, processes) - 2
    return max(POOL_RANGE[0], min(DEFAULT_POOL_CAP, share))


class PgStore(Store):
    """The store on PostgreSQL (see the module notes). Open with :meth:`Store.open` and a
    ``postgresql://`` URL."""

    dialect = "postgresql"
    #: Run the one-statement work on connections of the bot's own loop instead of the worker
    #: threads: the design measured against (``bench/backends.py --compare``; slower on the
    #: measured machine, see docs/architecture.md). Not for production.
    statements_on_loop = False
    RATED = "(settings::jsonb -> 'rated') IN ('1'::jsonb, 'true'::jsonb)"
    SKIP_LOCKED = " FOR UPDATE SKIP LOCKED"

    def __init__(self, url: str, clock=time.time, *, busy_timeout: float = 5.0, sync: str = "normal",
                 pool: int | None = None, processes: int = 1) -> None:
        if sync not in SYNC_MODES:
            raise ValueError(f"sync must be one of {', '.join(SYNC_MODES)}, not {sync!r}")
        self._init_common(clock)
        #: ``synchronous_commit`` of every session (see :data:`bot.host.store.SYNC_MODES`).
        self.synchronous_commit = SYNC_MODES[sync][1]
        self.url = url
        self._dsn, self.schema = split_url(url)
        self.busy_timeout = busy_timeout
        #: Seconds a job whose connection was lost is tried again (see the module notes).
        self.retry_seconds = RETRY_SECONDS
        self._relistening: asyncio.Task | None = None
        self._listening = asyncio.Lock()
        self.token = secrets.token_hex(8)
        #: Connections, each a worker thread (``None``: chosen from the server's
        #: ``max_connections`` and ``processes`` when opening, see :func:`pool_size`).
        self.pool_size = pool
        self.processes = processes
        #: Statements sent to the server so far (each a round trip), however they were run.
        self.statements = 0
        self._workers: list[Worker] = []
        self._idle = FairQueue()
        self._listener: asyncpg.Connection | None = None
        self._lanes = FairQueue()
        self._lane_list: list[Lane] = []
        self._markers = 0
        self._waiting: dict[str, asyncio.Future] = {}
        self._loop: asyncio.AbstractEventLoop | None = None

    def _sent(self) -> None:
        self.statements += 1

    def _settings(self) -> dict[str, str]:
        settings = {"lock_timeout": str(int(self.busy_timeout * 1000)), "application_name": "boardgame-host",
                    "synchronous_commit": self.synchronous_commit}
        if self.schema:
            settings["search_path"] = self.schema
        return settings

    async def _connect(self) -> asyncpg.Connection:
        return await asyncpg.connect(self._dsn, server_settings=self._settings(), timeout=self.busy_timeout)

    # -- hops -----------------------------------------------------------------------------------

    def _finish(self, future: asyncio.Future, result: Any, error: BaseException | None) -> None:
        def settle():
            if future.cancelled():
                return
            if error is not None:
                future.set_exception(error)
            else:
                future.set_result(result)
        self._loop.call_soon_threadsafe(settle)

    async def _hop(self, fn: Callable[..., Any], *args: Any) -> Any:
        """``fn(connection, *args)`` on an idle worker: one round trip from the event loop.
        Raises :class:`ConnectionLost` (or :class:`CommitUnknown`) when the connection went away."""
        worker = await self._idle.get()
        future = self._loop.create_future()
        try:
            worker.jobs.put((fn, args, future))
            self.round_trips += 1
            # Shielded: a cancelled caller must not hand the worker back while its job still runs.
            return await asyncio.shield(future)
        except BUSY as exc:  # a lock held past the timeout: "storage busy, try again", nothing written
            raise StorageBusy() from exc
        finally:
            if future.done():
                self._idle.put(worker)
            else:
                future.add_done_callback(lambda _f: self._idle.put(worker))

    async def _persist(self, attempt: Callable[[], Any], what: str) -> Any:
        """``await attempt()``, again on a fresh connection each time it raises
        :class:`ConnectionLost`, pausing :data:`RETRY_PAUSES`; after :attr:`retry_seconds` of
        that, :class:`~bot.host.store.StorageDown`. ``what`` names the job in the log."""
        pauses = iter(RETRY_PAUSES)
        pause, give_up = RETRY_PAUSES[0], None
        while True:
            try:
                return await attempt()
            except ConnectionLost as exc:
                now = time.monotonic()
                if give_up is None:
                    give_up = now + self.retry_seconds
                    log.warning("PostgreSQL connection lost during %s (%s); trying again on a fresh connection",
                                what, exc)
                if now >= give_up:
                    log.error("PostgreSQL unreachable for %.1f s during %s (%s): refused as storage unavailable",
                              self.retry_seconds, what, exc)
                    raise StorageDown() from exc
                pause = next(pauses, pause)
                await asyncio.sleep(min(pause, give_up - now))

    async def _fetch(self, sql: str, params: tuple) -> list:
        """One statement (already in PostgreSQL's dialect): one hop to a worker and one round trip
        to the server, no explicit transaction (one statement is one snapshot, and one
        transaction when it writes); with :attr:`statements_on_loop`, on a connection of the
        bot's own loop instead. Raises :class:`ConnectionLost` when the connection went away (its
        ``pid`` attribute: the server process that ran it, which may still be finishing); the
        caller decides whether to run it again."""
        if not self.statements_on_loop:
            return await self._hop(_fetch_on_worker, sql, params)
        lane = await self._lanes.get()
        try:
            if lane.conn is None or lane.conn.is_closed():
                with lost_is_retried():
                    lane.conn = await self._connect()
            conn = lane.conn
            self.round_trips += 1
            self.statements += 1
            try:
                return await conn.fetch(sql, *params)
            except BUSY as exc:
                raise StorageBusy() from exc
            except BaseException as exc:
                if is_lost(exc, conn) or isinstance(exc, asyncio.CancelledError):
                    # gone (or cut mid-statement by a cancelled caller): the next one connects afresh
                    pid = conn.get_server_pid()
                    conn.terminate()
                    lane.conn = None
                    if isinstance(exc, asyncio.CancelledError):
                        raise
                    lost = ConnectionLost(f"{type(exc).__name__}: {exc}")
                    lost.pid = pid
                    raise lost from exc
                raise
        finally:
            self._lanes.put(lane)

    async def _one(self, sql: str, params: tuple) -> Any:
        """A one-statement read (see :meth:`_fetch`), run again if its connection is lost."""
        text = translate(sql)[0]
        rows = await self._persist(lambda: self._fetch(text, params), "a read")
        return rows[0] if rows else None

    async def _read(self, fn: Callable[..., Any], *args: Any) -> Any:
        def job(conn: PgConnection, *args):
            conn.execute("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")
            try:
                result = fn(conn, *args)
            except BaseException:
                conn.rollback()
                raise
            conn.execute("COMMIT")
            return result
        return await self._persist(lambda: self._hop(job, *args), "a read")

    async def _write(self, fn: Callable[..., Any], *args: Any, tables: Iterable[int] = (),
                     keys: Iterable[str] = ()) -> Any:
        tables = tuple(tables)
        # One round trip opens the transaction with its locks, one learns its id (asked about if
        # the connection is lost while committing), one sends the notice and commits (statements
        # without parameters go together; the keys are ours, quoted all the same).
        opening = "; ".join(["BEGIN"] + [f"SELECT pg_advisory_xact_lock(hashtextextended({_literal(key)}, 0))"
                                          for key in sorted({f"table:{t}" for t in tables} | set(keys))])
        closing = f"NOTIFY {CHANNEL}, {_literal(self.token + '|' + ','.join(map(str, tables)))}; COMMIT"

        def job(conn: PgConnection, *args):
            pid = conn.conn.get_server_pid()  # its session, told to end if it is still committing
            try:
                conn.script(opening)
                xid = conn.execute("SELECT txid_current()").fetchone()[0]
                result = fn(conn, *args)
            except BaseException:
                conn.rollback()
                raise
            try:
                conn.script(closing)
            except BaseException as exc:
                if is_lost(exc, conn.conn):
                    raise CommitUnknown(xid, pid, result) from exc
                conn.rollback()
                raise
            return result

        async def attempt():
            try:
                return await self._hop(job, *args)
            except CommitUnknown as unknown:
                return await self._landed(unknown)
        self._touch(tables)
        try:
            return await self._persist(attempt, "a write")
        finally:
            self._touch(tables)

    async def _landed(self, unknown: CommitUnknown) -> Any:
        """The result of a write whose connection was lost during its ``COMMIT``, if it landed;
        :class:`ConnectionLost` (run it again) if it did not. Its session may still be finishing
        the commit on the server: it is ended first, so that the answer is final."""
        def status(conn: PgConnection) -> str | None:
            found = conn.execute("SELECT txid_status(?)", (unknown.xid,)).fetchone()[0]
            if found == "in progress":
                conn.execute("SELECT pg_terminate_backend(?)", (unknown.pid,))
                for _ in range(200):  # a session ends within milliseconds of being told to
                    found = conn.execute("SELECT txid_status(?)", (unknown.xid,)).fetchone()[0]
                    if found != "in progress":
                        break
                    time.sleep(0.01)
            return found
        try:
            found = await self._persist(lambda: self._hop(status), "asking whether a commit landed")
        except StorageDown as exc:
            raise StorageDownUnsure() from exc
        if found == "committed":
            log.info("PostgreSQL connection lost during a COMMIT that landed (transaction %s)", unknown.xid)
            return unknown.result
        if found == "aborted":
            raise ConnectionLost(f"the commit of transaction {unknown.xid} did not land") from unknown
        raise StorageDownUnsure() from unknown  # still running after its session was ended, or forgotten

    # -- the move path: one statement, one round trip ------------------------------------------

    def _notice(self, table_id: int) -> str:
        return self.token + "|" + str(table_id)

    def _loaded(self, row: Any, state: str | None = None) -> TableRow:
        """A row of :data:`RETURNED` columns as a table; ``state``: the JSON text just written,
        when the row does not carry it back."""
        table = _table(row[:len(TABLE_COLUMNS)])
        if state is not None:
            table.state = json.loads(state)
        table.seats = [SeatRow(s[0], s[1], s[2], s[3], bool(s[4])) for s in row["seats"]]
        return table

    async def get_table(self, table_id: int) -> TableRow | None:
        rows = await self._persist(lambda: self._fetch(f"SELECT {RETURNED} FROM game_tables WHERE id = $1",
                                                       (table_id,)), "a read")
        return self._loaded(rows[0]) if rows else None

    async def table_by_thread(self, thread_id: int) -> TableRow | None:
        rows = await self._persist(lambda: self._fetch(
            f"SELECT {RETURNED} FROM game_tables WHERE thread_id = $1 ORDER BY id DESC LIMIT 1", (thread_id,)), "a read")
        return self._loaded(rows[0]) if rows else None

    async def update_table(self, table_id: int, expected_version: int | None = None, **columns: Any) -> TableRow:
        """Without ``expected_version`` or settings (e.g. marking a version shown): one statement,
        run again as it is if its connection is lost (it sets the same values twice); otherwise
        the general path (a settings document keeps fields read in the same transaction)."""
        if expected_version is not None or "settings" in columns:
            return await super().update_table(table_id, expected_version, **columns)
        values = self._stored_columns(columns)
        written = values.pop("state", None)
        sets = ", ".join(f"{name} = ${n}" for n, name in enumerate(values, start=3))
        if written is not None:
            sets += f", state = ${len(values) + 3}"
        sql = (f"WITH changed AS (UPDATE game_tables SET {sets} WHERE id = $1 RETURNING *)"
               f" SELECT {RETURNED}, pg_notify('{CHANNEL}', $2) FROM changed AS game_tables")
        params = (table_id, self._notice(table_id), *values.values(), *(() if written is None else (written,)))
        self._touch((table_id,))
        try:
            rows = await self._persist(lambda: self._fetch(sql, params), "a write")
        finally:
            self._touch((table_id,))
        return self._loaded(rows[0]) if rows else None

    async def commit_move(self, table_id: int, expected_version: int, move: MoveRow, *,
                          refuse_repeat: bool = False, **columns: Any) -> TableRow:
        """:meth:`Store.commit_move` in one statement (:data:`COMMIT_MOVE`): the version check,
        the repeat check, the new state and clock columns, the move record, the table with its
        seats as committed and the notice to other processes, in one round trip and one
        transaction. A settings document takes the general path (its own fields are read first).

        A connection lost while the statement was out leaves its outcome unknown: the server
        process that ran it is ended (so the answer is final) and the move record is looked for
        on a fresh connection (its receipt: this seat, notation, version and instant). Found: the
        move landed, and the table is read back. Not found: the statement runs again."""
        if "settings" in columns:
            return await super().commit_move(table_id, expected_version, move, refuse_repeat=refuse_repeat, **columns)
        now = self.clock()
        values = self._stored_columns(columns, now)
        written = values.pop("state", None)
        names = list(values) + ([] if written is None else ["state"])
        sets = ", ".join(f"{name} = ${n}" for n, name in enumerate(names, start=9))
        sql = COMMIT_MOVE.format(sets=sets, repeated=REPEATED if refuse_repeat else "false",
                                 refuse="AND NOT (SELECT yes FROM repeated)" if refuse_repeat else "",
                                 returned=_returned(state=written is None), channel=CHANNEL)
        params = (table_id, expected_version, move.seat, move.notation, json.dumps(move.words, ensure_ascii=False),
                  json.dumps(move.events, ensure_ascii=False), now, self._notice(table_id), *values.values(),
                  *(() if written is None else (written,)))
        receipt = (table_id, expected_version + 1, move.seat, move.notation, now)
        unsure: list[int | None] = []  # the server process of a statement whose outcome is not known

        async def attempt():
            if unsure:
                if await self._landed_move(unsure[-1], receipt):
                    return None
                unsure.clear()
            try:
                return await self._fetch(sql, params)
            except ConnectionLost as lost:
                unsure.append(getattr(lost, "pid", None))
                raise

        self._touch((table_id,))
        try:
            rows = await self._persist(attempt, "a move")
        except StorageDown as exc:
            if unsure:
                raise StorageDownUnsure() from exc
            raise
        finally:
            self._touch((table_id,))
        if rows is None:  # landed, its answer lost
            log.info("PostgreSQL connection lost during a move of table %s that landed", table_id)
            return await self.get_table(table_id)
        row = rows[0]
        if row["id"] is None:
            if row["repeated"]:
                raise RepeatedRecord(table_id)
            raise StaleVersion(table_id)
        return self._loaded(row, written)

    async def _landed_move(self, pid: int | None, receipt: tuple) -> bool:
        """Whether the move record ``receipt`` is stored, once the server process ``pid`` that
        may still be committing it has ended. Raises :class:`ConnectionLost` if this is cut too."""
        if pid is not None:
            await self._fetch("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE pid = $1", (pid,))
            for _ in range(200):  # a session ends within milliseconds of being told to
                if not await self._fetch("SELECT 1 FROM pg_stat_activity WHERE pid = $1", (pid,)):
                    break
                await asyncio.sleep(0.01)
        return bool(await self._fetch(
            "SELECT 1 FROM moves WHERE table_id = $1 AND version = $2 AND seat = $3 AND notation = $4"
            " AND created_at = $5", receipt))

    def generation(self) -> int:
        if self._listener is None or self._listener.is_closed():
            self._generation += 1  # deaf to other processes: no copy can be trusted
            if self._listener is not None and self._relistening is None:
                self._relistening = self._loop.create_task(self._relisten(), name="pg-listen")
        return self._generation

    async def _listen(self) -> None:
        """Open the listening connection, unless it is open. Raises :class:`ConnectionLost`.
        Commits made while it was gone were not heard: the generation moves once it listens
        again (a copy taken before is not trusted)."""
        async with self._listening:
            if self._listener is not None and not self._listener.is_closed():
                return
            with lost_is_retried():
                listener = await self._connect()
            try:
                with lost_is_retried(listener):
                    await listener.add_listener(CHANNEL, self._heard)
            except BaseException:
                listener.terminate()
                raise
            self._listener = listener
            self._generation += 1

    async def _relisten(self) -> None:
        """:meth:`_listen` again after the server dropped the listening connection; tried again
        at a later :meth:`generation` if the server is still away."""
        try:
            await self._listen()
        except Exception as exc:  # noqa: BLE001 - a background task: said here, tried again later
            if not isinstance(exc, ConnectionLost):
                log.warning("could not listen to PostgreSQL's notices again", exc_info=exc)
            await asyncio.sleep(RETRY_PAUSES[-1])  # the next try waits a moment
        finally:
            self._relistening = None

    @contextlib.asynccontextmanager
    async def exclusive(self, key: str):
        """A session advisory lock on ``key``, held for the block on a connection of its own (the
        block's own store calls never wait for it); the server lets go of it by itself if this
        process dies. Meant for rare, short sections: each costs a connection."""
        async def lock() -> asyncpg.Connection:
            with lost_is_retried():
                conn = await self._connect()
            try:
                with lost_is_retried(conn):
                    await conn.execute("SET lock_timeout = 0")  # the holder is alive (or its lock is gone): wait
                    await conn.execute("SELECT pg_advisory_lock(hashtextextended($1, 1))", key)
            except BaseException:
                conn.terminate()
                raise
            return conn
        conn = await self._persist(lock, f"taking the lock {key}")
        try:
            yield
        finally:
            conn.terminate()  # ends the session, and with it the lock

    async def caught_up(self) -> None:
        """Notices are delivered in commit order: once a marker this store sends itself comes
        back, the notices of every commit made before the call have been counted."""
        self._markers += 1
        marker = f"{self.token}:{self._markers}"
        arrived = self._loop.create_future()
        self._waiting[marker] = arrived
        try:
            async def send():
                await self._listen()
                with lost_is_retried(self._listener):
                    await self._listener.execute(f"NOTIFY {CHANNEL}, {_literal(marker)}")
            await self._persist(send, "catching up with other processes")
            await arrived
        finally:
            self._waiting.pop(marker, None)

    def _heard(self, _conn, _pid, _channel, payload: str) -> None:
        """A notice: a marker of :meth:`caught_up`, or ``token|table ids`` of a commit. Another
        store's commit moves the stamps of the tables it changed (a write that names none
        changed no table row a host keeps a copy of)."""
        if payload in self._waiting:
            if not self._waiting[payload].done():
                self._waiting[payload].set_result(None)
            return
        token, _, ids = payload.partition("|")
        if token != self.token and ids:
            self._touch(int(i) for i in ids.split(","))

    # -- opening --------------------------------------------------------------------------------

    @classmethod
    async def open(cls, path, clock=time.time, *, busy_timeout: float = 5.0, sync: str = "normal",
                   pool: int | None = None, processes: int = 1) -> PgStore:
        """Connect (``pool`` connections on this loop, :func:`workers_for` of them on worker
        threads, and one listener; ``pool=None``: :func:`pool_size` for ``processes`` processes on
        this server), check the schema version and migrate.
        An unreachable server or a schema written by a newer release is refused with one
        :class:`~bot.host.store.StoreError` sentence, with every connection closed."""
        store = cls(str(path), clock, busy_timeout=busy_timeout, sync=sync, pool=pool, processes=processes)
        try:
            await store._start()
            await store.migrate()
            return store
        except BaseException as exc:
            await store.close()
            shown = shown_url(store.url)
            if isinstance(exc, StoreTooNew):
                raise
            if isinstance(exc, StorageDown):  # lost again and again while migrating: say how
                exc = exc.__cause__
            if isinstance(exc, (OSError, asyncpg.PostgresError, asyncpg.InterfaceError, asyncio.TimeoutError,
                                ConnectionLost)):
                raise StoreUnavailable(shown, f"The database {shown} cannot be used ({exc}): check that PostgreSQL "
                                              f"runs there and that DATABASE_URL names a database its user may "
                                              f"write.") from None
            raise

    async def _start(self) -> None:
        self._loop = asyncio.get_running_loop()
        await self._listen()
        if self.pool_size is None:
            found = await self._listener.fetchrow(
                "SELECT current_setting('max_connections')::int, current_setting('superuser_reserved_connections')::int")
            self.pool_size = pool_size(found[0], found[1], self.processes)
        self._lane_list = [Lane() for _ in range(self.pool_size)]  # each connects when first needed
        for lane in self._lane_list:
            self._lanes.put(lane)
        for _ in range(self.pool_size):
            worker = Worker(self._connect, self._finish, self._sent)
            worker.start()
            self._workers.append(worker)
        for worker in self._workers:
            await asyncio.to_thread(worker.ready.wait)
            if worker.failure is not None:
                raise worker.failure
            self._idle.put(worker)

    async def close(self) -> None:
        if self._relistening is not None:
            self._relistening.cancel()
        for worker in self._workers:
            if worker.is_alive():
                worker.jobs.put(None)
        for worker in self._workers:
            await asyncio.to_thread(worker.join, 10)
        self._workers = []
        if self._listener is not None:
            self._listener.terminate()
            self._listener = None
        for lane in self._lane_list:
            if lane.conn is not None:
                lane.conn.terminate()
                lane.conn = None

    async def migrate(self) -> int:
        known = len(MIGRATIONS)

        def run(conn: PgConnection) -> None:
            conn.execute("BEGIN")
            try:
                conn.execute("SELECT pg_advisory_xact_lock(hashtextextended(?, 0))", (MIGRATION_LOCK,))
                conn.execute("CREATE TABLE IF NOT EXISTS schema_version (version BIGINT NOT NULL)")
                row = conn.execute("SELECT version FROM schema_version").fetchone()
                found = 0 if row is None else row[0]
                if found > known:
                    raise StoreTooNew(shown_url(self.url), f"The database {shown_url(self.url)} was written by a "
                                      f"newer release of the bot (schema version {found}; this release knows up "
                                      f"to {known}): run that release, or restore a backup made by this one.")
                for number, entry in enumerate(MIGRATIONS, start=1):
                    if number > found:
                        conn.script(migration_sql(entry, "postgresql"))
                if row is None:
                    conn.execute("INSERT INTO schema_version (version) VALUES (?)", (known,))
                elif found < known:
                    conn.execute("UPDATE schema_version SET version = ?", (known,))
                conn.execute("COMMIT")
            except BaseException:
                conn.rollback()
                raise
        await self._persist(lambda: self._hop(run), "migrating")  # run again, it finds what is done
        self._generation += 1
        return known

    async def schema_version(self) -> int:
        return await self._persist(lambda: self._hop(
            lambda conn: conn.execute("SELECT version FROM schema_version").fetchone()[0]), "a read")

    async def journal_mode(self) -> str:
        return "postgresql"

    def transaction(self):
        raise NotImplementedError("raw transactions through Store.db are SQLite only")
