"""Copy an SQLite database into PostgreSQL: ``python -m bot copy-db --from FILE --to URL``.

Both ends are opened as stores first, so each is checked and migrated to this release's schema;
then every table of the file is copied in one PostgreSQL transaction (all or nothing), parents
before the tables that refer to them, each value converted to its PostgreSQL column's type, and
each generated id's sequence is moved past the highest id copied, so the next table or tournament
created on PostgreSQL gets a fresh number. The target must be empty: a copy never merges.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

from bot.host.store import Store

#: Rows sent per ``executemany``.
CHUNK = 2000


class CopyRefused(Exception):
    """The copy cannot be made (``str``: one sentence saying why); nothing was written."""


def _tables_in_order(source: sqlite3.Connection) -> list[str]:
    """The file's tables, each after the tables its foreign keys refer to."""
    names = [r[0] for r in source.execute(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")]
    parents = {name: {r[2] for r in source.execute(f"PRAGMA foreign_key_list({name})")} - {name} for name in names}
    ordered: list[str] = []
    while len(ordered) < len(names):
        ready = [n for n in names if n not in ordered and parents[n] <= set(ordered)]
        if not ready:
            raise CopyRefused(f"The tables of the file refer to each other in a cycle: {sorted(set(names) - set(ordered))}.")
        ordered.extend(ready)
    return ordered


def _converter(pg_type: str):
    if pg_type in ("bigint", "integer", "smallint"):
        return lambda v: None if v is None else int(v)
    if pg_type in ("double precision", "real", "numeric"):
        return lambda v: None if v is None else float(v)
    return lambda v: None if v is None else str(v)


def _copy(conn: Any, source_path: str) -> dict[str, int]:
    """In the PostgreSQL store's worker (one transaction): every row of the file's tables."""
    source = sqlite3.connect(f"{Path(source_path).resolve().as_uri()}?mode=ro", uri=True)
    try:
        tables = _tables_in_order(source)
        target = {r[0]: r[1] for r in conn.execute(
            "SELECT table_name, COUNT(*) FROM information_schema.columns WHERE table_schema = current_schema()"
            " GROUP BY table_name")}
        missing = [t for t in tables if t not in target]
        if missing:
            raise CopyRefused(f"The target database has no table {', '.join(missing)}: it is an older release's "
                              f"schema; start this release on it once, or use an empty database.")
        filled = [t for t in tables if conn.execute(f"SELECT EXISTS (SELECT 1 FROM {t})").fetchone()[0]]
        if filled:
            raise CopyRefused(f"The target database already has rows in {', '.join(filled)}: copy into an empty "
                              f"database (a copy never merges).")
        counts: dict[str, int] = {}
        for table in tables:
            columns = [r[1] for r in source.execute(f"PRAGMA table_info({table})")]
            types = {r[0]: r[1] for r in conn.execute(
                "SELECT column_name, data_type FROM information_schema.columns"
                " WHERE table_schema = current_schema() AND table_name = ?", (table,))}
            convert = [_converter(types.get(c, "text")) for c in columns]
            insert = f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({', '.join('?' * len(columns))})"
            cursor = source.execute(f"SELECT {', '.join(columns)} FROM {table}")
            counts[table] = 0
            while rows := cursor.fetchmany(CHUNK):
                conn.executemany(insert, [tuple(f(v) for f, v in zip(convert, row)) for row in rows])
                counts[table] += len(rows)
        for table, column in conn.execute(
                "SELECT table_name, column_name FROM information_schema.columns"
                " WHERE table_schema = current_schema() AND is_identity = 'YES'").fetchall():
            conn.execute(f"SELECT setval(pg_get_serial_sequence('{table}', '{column}'),"
                         f" (SELECT COALESCE(MAX({column}), 0) + 1 FROM {table}), false)")
        return counts
    finally:
        source.close()


async def copy_database(source: str | Path, target_url: str) -> dict[str, int]:
    """Copy the SQLite file ``source`` into the empty PostgreSQL database ``target_url``;
    returns the rows copied per table. Raises :class:`CopyRefused` (nothing written) or a
    :class:`~bot.host.store.StoreError` for an end that cannot be opened."""
    if not Path(source).is_file():
        raise CopyRefused(f"There is no SQLite file at {Path(source).resolve()}: name the bot's database file "
                          f"(BOT_DB_PATH) after --from.")
    if not target_url.startswith(("postgresql://", "postgres://")):
        raise CopyRefused(f"--to must be a postgresql:// URL, not {target_url!r}.")
    from_store = await Store.open(source)  # checked and brought to this release's schema
    await from_store.close()
    to_store = await Store.open(target_url)
    try:
        return await to_store._write(_copy, str(source))
    finally:
        await to_store.close()
