"""The PostgreSQL backend of :class:`bot.host.store.Store`, through asyncpg.

**Same queries, thin dialect layer.** Every store method is one synchronous function of a
connection (``fn(conn)``, written for SQLite's ``conn.execute(sql, params)``). Here that function
runs in one of a few worker threads, each with its own event loop and asyncpg connection, and
``conn`` is a :class:`PgConnection` that translates each statement (:func:`translate`): ``?``
placeholders become ``$1, $2 ...``, an ``INSERT`` into a table with a generated id gets
``RETURNING id`` (for ``lastrowid``), ``BEGIN IMMEDIATE`` becomes ``BEGIN``. A call is still one
hop from the bot's event loop (to the worker), like the SQLite backend's one hop to aiosqlite's
thread; the statements inside go to the server from the worker's own loop.

**Transactions.** A write is ``BEGIN`` ... ``COMMIT`` at READ COMMITTED. The version check in
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
import contextlib
import functools
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
    MIGRATIONS,
    StorageBusy,
    StorageDown,
    StorageDownUnsure,
    Store,
    StoreTooNew,
    StoreUnavailable,
    migration_sql,
)

log = logging.getLogger(__name__)

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

    def __init__(self, loop: asyncio.AbstractEventLoop, conn: asyncpg.Connection) -> None:
        self.loop, self.conn = loop, conn

    def _run(self, coro):
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

    def __init__(self, connect: Callable[[], Any], done: Callable[[asyncio.Future, Any, BaseException | None], None]):
        super().__init__(daemon=True, name="pg-worker")
        self._connect, self._done = connect, done
        self.jobs: queue.SimpleQueue = queue.SimpleQueue()
        self.ready = threading.Event()
        self.failure: BaseException | None = None
        self.conn: PgConnection | None = None

    def run(self) -> None:
        loop = asyncio.new_event_loop()
        try:
            try:
                self.conn = PgConnection(loop, loop.run_until_complete(self._connect()))
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
                try:
                    if self.conn.conn.is_closed():  # the server restarted or dropped us: connect again
                        self.conn = PgConnection(loop, loop.run_until_complete(self._connect()))
                    result, error = fn(self.conn, *args), None
                except BaseException as exc:  # noqa: BLE001 - handed to the awaiting coroutine
                    result, error = None, exc
                    if isinstance(exc, CommitUnknown) or is_lost(exc, self.conn.conn):
                        # Gone, even if asyncpg has not noticed yet: the next job connects afresh.
                        self.conn.conn.terminate()
                        if not isinstance(exc, CommitUnknown):
                            error = ConnectionLost(f"{type(exc).__name__}: {exc}")
                            error.__cause__ = exc
                self._done(future, result, error)
            if not self.conn.conn.is_closed():
                loop.run_until_complete(self.conn.conn.close(timeout=5))
        finally:
            loop.close()


class PgStore(Store):
    """The store on PostgreSQL (see the module notes). Open with :meth:`Store.open` and a
    ``postgresql://`` URL."""

    dialect = "postgresql"
    RATED = "(settings::jsonb -> 'rated') IN ('1'::jsonb, 'true'::jsonb)"
    SKIP_LOCKED = " FOR UPDATE SKIP LOCKED"

    def __init__(self, url: str, clock=time.time, *, busy_timeout: float = 5.0, pool: int = 4) -> None:
        self._init_common(clock)
        self.url = url
        self._dsn, self.schema = split_url(url)
        self.busy_timeout = busy_timeout
        #: Seconds a job whose connection was lost is tried again (see the module notes).
        self.retry_seconds = RETRY_SECONDS
        self._relistening: asyncio.Task | None = None
        self._listening = asyncio.Lock()
        self.token = secrets.token_hex(8)
        self._pool_size = pool
        self._workers: list[Worker] = []
        self._idle: asyncio.Queue[Worker] | None = None
        self._listener: asyncpg.Connection | None = None
        self._direct: asyncpg.Pool | None = None
        self._markers = 0
        self._waiting: dict[str, asyncio.Future] = {}
        self._loop: asyncio.AbstractEventLoop | None = None

    def _settings(self) -> dict[str, str]:
        settings = {"lock_timeout": str(int(self.busy_timeout * 1000)), "application_name": "boardgame-host"}
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
                self._idle.put_nowait(worker)
            else:
                future.add_done_callback(lambda _f: self._idle.put_nowait(worker))

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

    async def _one(self, sql: str, params: tuple) -> Any:
        """A one-statement read straight from the event loop (no worker, no transaction: one
        statement sees one snapshot anyway), on a small pool of the loop's own connections."""
        async def attempt():
            self.round_trips += 1
            with lost_is_retried():
                conn = await self._direct.acquire()
            try:
                with lost_is_retried(conn):
                    try:
                        return await conn.fetchrow(translate(sql)[0], *params)
                    except BUSY as exc:
                        raise StorageBusy() from exc
                    except asyncpg.InternalClientError:
                        conn.terminate()  # see is_lost: the pool makes a new one
                        raise
            finally:
                try:
                    await self._direct.release(conn)
                except Exception as exc:  # noqa: BLE001 - a lost one is dropped by the pool; the read stands
                    if not is_lost(exc):
                        raise
        return await self._persist(attempt, "a read")

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
    async def open(cls, path, clock=time.time, *, busy_timeout: float = 5.0, pool: int = 4) -> PgStore:
        """Connect (``pool`` connections and one listener), check the schema version and migrate.
        An unreachable server or a schema written by a newer release is refused with one
        :class:`~bot.host.store.StoreError` sentence, with every connection closed."""
        store = cls(str(path), clock, busy_timeout=busy_timeout, pool=pool)
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
        self._idle = asyncio.Queue()
        await self._listen()
        self._direct = await asyncpg.create_pool(self._dsn, min_size=1, max_size=self._pool_size,
                                                 server_settings=self._settings(), timeout=self.busy_timeout)
        for _ in range(self._pool_size):
            worker = Worker(self._connect, self._finish)
            worker.start()
            self._workers.append(worker)
        for worker in self._workers:
            await asyncio.to_thread(worker.ready.wait)
            if worker.failure is not None:
                raise worker.failure
            self._idle.put_nowait(worker)

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
        if self._direct is not None:
            self._direct.terminate()
            self._direct = None

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
