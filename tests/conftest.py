import asyncio
import contextlib
import faulthandler
import functools
import os
import signal
import time
import uuid

import pytest
from hypothesis import HealthCheck, settings

# CI runs the same examples every time (no flaky shrinking across runs); locally hypothesis explores.
settings.register_profile(
    "ci", derandomize=True, deadline=None, suppress_health_check=[HealthCheck.too_slow], print_blob=True
)
settings.register_profile("dev", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("ci" if os.environ.get("CI") else "dev")


# -- the storage backends ---------------------------------------------------------------------
# Modules whose tests must hold on every backend say ``pytestmark = pytest.mark.usefixtures("backend")``:
# each test then runs once on SQLite and once on PostgreSQL. On PostgreSQL, every database path a
# test opens (``Store.open(tmp_path / "db.sqlite3")``) stands for one fresh schema of the test
# database, so two stores opened on one path share it, like two processes on one file; the schemas
# are dropped after the test. Tests of SQLite files themselves are marked ``sqlite_only``.


TEST_DATABASE_URL = os.environ.get("TEST_DATABASE_URL", "postgresql://postgres@127.0.0.1:5432/test")
_reachable: dict[str, str | None] = {}


def pytest_configure(config):
    config.addinivalue_line("markers", "sqlite_only: the test is about SQLite files; it runs on SQLite alone")
    config.addinivalue_line("markers", "timeout(seconds): this test's time limit, when it needs more than TEST_TIMEOUT")
    global _stderr_fd
    _stderr_fd = os.dup(2)  # the real stderr, for the last-resort dump (pytest captures fd 2 during tests)


def pytest_collection_modifyitems(config, items):
    kept, dropped = [], []
    for item in items:
        spec = getattr(item, "callspec", None)
        on_pg = spec is not None and spec.params.get("backend") == "postgresql"
        (dropped if on_pg and item.get_closest_marker("sqlite_only") else kept).append(item)
    if dropped:
        config.hook.pytest_deselected(items=dropped)
        items[:] = kept


def postgres_unreachable(url: str = TEST_DATABASE_URL) -> str | None:
    """Why no test can use PostgreSQL at ``url`` (``None``: it can). Asked once per run."""
    if url not in _reachable:
        async def probe():
            import asyncpg

            conn = await asyncpg.connect(url, timeout=3)
            await conn.close()
        try:
            asyncio.run(probe())
            _reachable[url] = None
        except Exception as exc:  # noqa: BLE001 - anything: no server, refused, no such database, no asyncpg)
            _reachable[url] = f"PostgreSQL not reachable at {url} ({type(exc).__name__}); set TEST_DATABASE_URL"
    return _reachable[url]


class Schemas:
    """Fresh schemas of the test database, one per name asked for, dropped by :meth:`drop`."""

    def __init__(self, url: str = TEST_DATABASE_URL) -> None:
        self.url = url
        self.made: dict[str, str] = {}

    def url_for(self, name: object) -> str:
        """The store URL standing for ``name`` (a path): the same schema for the same name."""
        key = str(name)
        if key not in self.made:
            self.made[key] = f"t_{uuid.uuid4().hex[:16]}"
            if not _in_loop():
                asyncio.run(self._run(f"CREATE SCHEMA {self.made[key]}"))
        sep = "&" if "?" in self.url else "?"
        return f"{self.url}{sep}schema={self.made[key]}"

    async def create(self, name: object) -> str:
        """:meth:`url_for` from inside an event loop (the schema is made on the spot)."""
        new = str(name) not in self.made
        url = self.url_for(name)
        if new:
            await self._run(f"CREATE SCHEMA {self.made[str(name)]}")
        return url

    async def _run(self, sql: str) -> None:
        import asyncpg

        conn = await asyncpg.connect(self.url, timeout=5)
        try:
            await conn.execute(sql)
        finally:
            await conn.close()

    def drop(self) -> None:
        for schema in self.made.values():
            asyncio.run(self._run(f"DROP SCHEMA IF EXISTS {schema} CASCADE"))
        self.made.clear()


def _in_loop() -> bool:
    try:
        asyncio.get_running_loop()
        return True
    except RuntimeError:
        return False


@pytest.fixture(params=["sqlite", "postgresql"])
def backend(request, monkeypatch):
    """The storage backend of this run of the test (see the notes above)."""
    if request.param == "sqlite":
        yield "sqlite"
        return
    why = postgres_unreachable()
    if why:
        pytest.skip(why)
    from bot.host.pg import PgStore, is_postgres_url
    from bot.host.store import Store

    schemas = Schemas()

    async def open_on_postgres(cls, path, clock=time.time, **kw):
        url = path if is_postgres_url(path) else await schemas.create(path)
        return await PgStore.open(url, clock, **{k: v for k, v in kw.items() if k in ("busy_timeout", "pool", "sync", "processes")})

    monkeypatch.setattr(Store, "open", classmethod(open_on_postgres))
    try:
        yield "postgresql"
    finally:
        monkeypatch.undo()
        close_left_open()  # before the schemas go: an open connection could hold a lock on them
        schemas.drop()


@pytest.fixture
def pg_schemas():
    """:class:`Schemas` of the test database for a PostgreSQL-only test (skipped, saying why,
    where no server answers); every schema made is dropped afterwards."""
    why = postgres_unreachable()
    if why:
        pytest.skip(why)
    made = Schemas()
    try:
        yield made
    finally:
        close_left_open()
        made.drop()


# -- nothing a test opens outlives it -------------------------------------------------------------
# aiosqlite runs each connection in a thread that is not a daemon: a store left open by a test that
# failed before its close() kept the interpreter alive after the run, so a failing test showed as a
# hung run (CI's 90 minutes) instead of a red one. Every store made during a test is recorded and,
# if the test left it open, closed when the test ends (closing twice is harmless).

_opened: list = []


def _recording(init):
    @functools.wraps(init)
    def recording_init(self, *args, **kwargs):
        init(self, *args, **kwargs)
        _opened.append(self)
    return recording_init


def close_left_open() -> None:
    """Close every store made since the last call (each on a loop of its own: the test's is gone)."""
    while _opened:
        store = _opened.pop()
        with contextlib.suppress(Exception):  # a store half made, or bound to a finished loop: best effort
            asyncio.run(asyncio.wait_for(store.close(), 10))


@pytest.fixture(autouse=True)
def _stores_closed(monkeypatch):
    from bot.host.pg import PgStore
    from bot.host.store import Store

    for cls in (Store, PgStore):
        monkeypatch.setattr(cls, "__init__", _recording(cls.__init__))
    try:
        yield
    finally:
        close_left_open()


# -- a time limit for every test ------------------------------------------------------------------
# A test that runs past its limit fails with the traceback of where it was (SIGALRM in the main
# thread, where the tests' event loops run), and the run goes on. Should that not end it (a thread
# that cannot be interrupted), the whole run stops a minute later with every thread's traceback
# printed, so a hang costs minutes, never CI's whole time. The limit: ``TEST_TIMEOUT`` seconds
# (default 300; 0 = none, the default for BOT_RELIABILITY_LONG's campaigns), or a test's own
# ``@pytest.mark.timeout(seconds)`` when its scenario is given longer.

DEFAULT_LIMIT = "0" if os.environ.get("BOT_RELIABILITY_LONG") == "1" else "300"
HARD_STOP_AFTER = 60.0
_stderr_fd: int | None = None


def _limit(item) -> float:
    marker = item.get_closest_marker("timeout")
    base = float(os.environ.get("TEST_TIMEOUT", DEFAULT_LIMIT))
    if not base:
        return 0.0
    return max(base, float(marker.args[0])) if marker else base


@pytest.hookimpl(wrapper=True)
def pytest_runtest_protocol(item, nextitem):
    limit = _limit(item)
    if limit and _stderr_fd is not None:
        faulthandler.dump_traceback_later(limit + HARD_STOP_AFTER, file=_stderr_fd, exit=True)
    try:
        return (yield)
    finally:
        if limit:
            faulthandler.cancel_dump_traceback_later()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item):
    limit = _limit(item)
    if not limit:
        return (yield)

    def out_of_time(_signum, _frame):
        pytest.fail(f"{item.nodeid} ran past its time limit of {limit:g} s (TEST_TIMEOUT or @pytest.mark.timeout)")

    previous = signal.signal(signal.SIGALRM, out_of_time)
    signal.setitimer(signal.ITIMER_REAL, limit)
    try:
        return (yield)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
