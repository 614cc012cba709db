import asyncio
import os
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
        return await PgStore.open(url, clock, **{k: v for k, v in kw.items() if k in ("busy_timeout", "pool")})

    monkeypatch.setattr(Store, "open", classmethod(open_on_postgres))
    try:
        yield "postgresql"
    finally:
        monkeypatch.undo()
        schemas.drop()


@pytest.fixture
def pg_schemas():
    """:class:`Schemas` of the test database for a PostgreSQL-only test (skipped, saying why,
    where no server answers); every schema made is dropped afterwards."""
    why = postgres_unreachable()
    if why:
        pytest.skip(why)
    made = Schemas()
    yield made
    made.drop()
