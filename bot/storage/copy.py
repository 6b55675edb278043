"""Copies a bot's whole database into another, new one: typically its SQLite file into
PostgreSQL, when one process no longer does and several are to share the games.

Everything the bot keeps goes across as it is: every game in any state (lobbies,
running, finished, cancelled) with its seats, move log and results, the servers'
settings, the ladders and the rating history, so that a bot started on the target
carries on exactly where the source stopped. Only the shard leases stay behind: they
belong to the processes running at the time, and the next ones take them afresh.

Both databases are opened as the bot opens them, so each is upgraded to the latest
schema first and the same tables have the same columns on both; a column or a table
the two do not share stops the copy rather than being left out. The target must be
empty: copying into a database that already holds games or settings would mix two
bots' data (and their game ids). The copy is one transaction on the target, so the
target ends up holding everything or nothing; the source is read in pages, in
primary key order, so that a big database never sits in memory whole.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import asyncpg

from bot.storage.connection import Connection, Row, marks
from bot.storage.database import Database, DatabaseTooNew, is_postgresql, shown
from bot.storage.opening import open_database
from bot.storage.schema.columns import whole_schema


@dataclass(frozen=True)
class Table:
    """A table a copy carries over, read page by page in its key's order."""

    name: str
    key: tuple[str, ...]
    """Its primary key: the order its rows are read in, page after page."""


LEFT_BEHIND = frozenset({"shard_leases", "pace_grants", "schema_version", "replays"})
"""Tables not copied: the running processes' leases and shares of Discord's global
request limit, PostgreSQL's record of its own schema version (which opening the target
has already brought up to date), and the replays made so far (each is made again from
its game's moves when first asked for)."""


def copied_tables() -> tuple[Table, ...]:
    """Every table copied, as the schema declares them (the features' with the core's),
    in foreign key order: a game before what refers to it."""
    return tuple(
        Table(table.name, tuple(column.name for column in table.primary_key.columns))
        for table in whole_schema().sorted_tables
        if table.name not in LEFT_BEHIND
    )


PAGE_ROWS = 1000

Progress = Callable[[str, int], object]
Columns = dict[str, dict[str, str]]
"""Per table, its columns in order, each with its declared type."""


class CopyError(Exception):
    """The copy can't be made or didn't go through, in plain words; nothing was copied."""


class SourceMissing(CopyError):
    """There is no database where the source should be."""


class TargetNotEmpty(CopyError):
    """The target already holds games or settings of its own."""


def _say_nothing(table: str, rows: int) -> None:
    """The default progress."""


async def copy_database(
    source: str | Path, target: str, *, progress: Progress = _say_nothing
) -> dict[str, int]:
    """Copies every game, setting and ladder of ``source`` into ``target`` (each a SQLite
    file or a PostgreSQL URL), which must hold none of its own, in one transaction on
    the target; returns how many rows each table got. ``progress(table, rows)`` is told
    of each table once its rows are written (to be committed with the rest)."""
    if not is_postgresql(source):
        path = Path(source)
        # Opening a file that isn't there would make an empty database of it, and the
        # copy would then report nothing copied as if that were the bot's history.
        if not path.exists():
            raise SourceMissing(
                f"there is no database at {source}: give the path of the bot's SQLite file "
                "(or a postgresql:// URL)"
            )
        if not is_postgresql(target) and path.resolve() == Path(target).resolve():
            raise CopyError(f"the source and the target are the same file, {source}")
    source_database = await _open(source, "source")
    try:
        target_database = await _open(target, "target")
        try:
            return await _copy(source_database, target_database, shown(target), progress)
        finally:
            await target_database.close()
    finally:
        await source_database.close()


async def _open(where: str | Path, role: str) -> Database:
    try:
        return await open_database(where)
    except DatabaseTooNew as e:
        # Its own message doesn't say which of the two databases it is.
        raise CopyError(f"the {role} {shown(where)}: {e}") from e


async def _copy(
    source: Database, target: Database, target_name: str, progress: Progress
) -> dict[str, int]:
    copied: dict[str, int] = {}
    # One read transaction: every page comes from the same snapshot of the source, so
    # the rows fit together even if something writes to it meanwhile.
    async with source.bulk_read() as reading, target.bulk_write() as writing:
        source_columns = await _columns(reading)
        target_columns = await _columns(writing)
        _check_same_tables(source_columns, target_columns)
        await _check_empty(writing, target_name)
        for table in copied_tables():
            columns = list(source_columns[table.name])
            try:
                copied[table.name] = await _copy_table(
                    reading, writing, table, columns, target_columns[table.name]
                )
            except (sqlite3.Error, asyncpg.PostgresError, asyncpg.InterfaceError) as e:
                # asyncpg's refusal of a value (a word in a number column) is an
                # InterfaceError; either way the transaction rolls back.
                raise CopyError(
                    f"copying the table {table.name} failed, so nothing was copied: {e}"
                ) from e
            progress(table.name, copied[table.name])
        await _move_identity_on(writing)
        await _check_counts(reading, writing, copied)
    return copied


async def _columns(connection: Connection) -> Columns:
    if connection.backend == "postgresql":
        rows = await connection.fetch(
            "SELECT c.table_name AS table_name, c.column_name AS column_name, "
            "c.data_type AS declared FROM information_schema.columns c "
            "JOIN information_schema.tables t "
            "ON t.table_schema = c.table_schema AND t.table_name = c.table_name "
            "WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE' "
            "ORDER BY c.table_name, c.ordinal_position"
        )
    else:
        rows = await connection.fetch(
            "SELECT t.name AS table_name, c.name AS column_name, c.type AS declared "
            "FROM sqlite_master t, pragma_table_info(t.name) c "
            "WHERE t.type = 'table' AND substr(t.name, 1, 7) != 'sqlite_' "
            "ORDER BY t.name, c.cid"
        )
    columns: Columns = {}
    for row in rows:
        table = columns.setdefault(str(row["table_name"]), {})
        table[str(row["column_name"])] = str(row["declared"])
    return columns


def _check_same_tables(source: Columns, target: Columns) -> None:
    """Refuses what the copy would lose: a table or a column it doesn't know to copy."""
    copied = {table.name for table in copied_tables()}
    unknown = sorted(source.keys() - copied - LEFT_BEHIND)
    if unknown:
        raise CopyError(
            f"the source has tables this bot does not know ({', '.join(unknown)}), which "
            "the copy would leave out"
        )
    for name in sorted(copied):
        if name not in source or name not in target:
            where = "source" if name not in source else "target"
            raise CopyError(f"the {where} has no table {name}")
        only_source = [c for c in source[name] if c not in target[name]]
        only_target = [c for c in target[name] if c not in source[name]]
        if only_source or only_target:
            raise CopyError(
                f"the table {name} differs between the databases (columns only the source "
                f"has: {', '.join(only_source) or 'none'}; only the target has: "
                f"{', '.join(only_target) or 'none'})"
            )


async def _check_empty(writing: Connection, target_name: str) -> None:
    tables = copied_tables()
    if writing.backend == "postgresql":
        # A bot already running on the target could add a game or a setting between
        # this check and the commit; this holds every other writer off until then
        # (reads go on). SQLite's write transaction holds the whole file already.
        names = ", ".join(table.name for table in tables)
        await writing.execute(f"LOCK TABLE {names} IN EXCLUSIVE MODE")
    held = [f"{table.name} ({rows})" for table in tables if (rows := await _count(writing, table))]
    if held:
        raise TargetNotEmpty(
            f"the target {target_name} is not empty: it holds rows in {', '.join(held)}. "
            "Copy only into a new, empty database; copying into this one would mix two "
            "bots' games and settings"
        )


async def _copy_table(
    reading: Connection,
    writing: Connection,
    table: Table,
    columns: list[str],
    types: Mapping[str, str],
) -> int:
    names = ", ".join(columns)
    key = ", ".join(table.key)
    fits = {column: _fitting(table.name, column, types[column]) for column in columns}
    insert = f"INSERT INTO {table.name} ({names}) VALUES ({marks(columns)})"
    first_page = f"SELECT {names} FROM {table.name} ORDER BY {key} LIMIT {PAGE_ROWS}"
    # By key rather than by OFFSET, which would read every earlier page again.
    next_page = (
        f"SELECT {names} FROM {table.name} WHERE ({key}) > ({marks(table.key)}) "
        f"ORDER BY {key} LIMIT {PAGE_ROWS}"
    )
    rows = await reading.fetch(first_page)
    copied = 0
    while rows:
        await writing.executemany(insert, [_fitted(row, fits) for row in rows])
        copied += len(rows)
        if len(rows) < PAGE_ROWS:
            break
        rows = await reading.fetch(next_page, [rows[-1][column] for column in table.key])
    return copied


Fit = Callable[[Any], Any]


def _fitted(row: Row, fits: Mapping[str, Fit]) -> tuple[Any, ...]:
    """The row's values of the columns of ``fits``, in their order, each made to fit."""
    return tuple(fit(row[column]) for column, fit in fits.items())


def _fitting(table: str, column: str, declared: str) -> Fit:
    """How a value of the source becomes one of the target's column type.

    SQLite keeps a value of any type in any column, and asyncpg takes some that don't
    fit without a word: an int for a DOUBLE PRECISION is exact, but a float for an
    INTEGER or BIGINT loses its fraction (2.5 goes in as 2)."""
    declared = declared.lower()
    if "int" in declared:

        def whole(value: Any) -> Any:
            if isinstance(value, float):
                if not value.is_integer():
                    raise CopyError(
                        f"{table}.{column} holds {value!r}, where only whole numbers go; "
                        "nothing was copied"
                    )
                return int(value)
            return value

        return whole
    if declared in ("real", "double precision", "float", "double"):

        def real(value: Any) -> Any:
            # bool is an int too, and no time or rating is ever one.
            if isinstance(value, int) and not isinstance(value, bool):
                return float(value)
            return value

        return real
    return _as_it_is


def _as_it_is(value: Any) -> Any:
    return value


async def _move_identity_on(writing: Connection) -> None:
    if writing.backend != "postgresql":
        return
    # An identity column (a game's id, a tournament's) stays where it was when rows are
    # inserted with their own ids: the next new row would take id 1 and collide.
    # (SQLite's INTEGER PRIMARY KEY takes the largest id + 1 by itself.)
    for table in whole_schema().sorted_tables:
        for column in table.columns:
            if table.name not in LEFT_BEHIND and column.identity is not None:
                await writing.fetch(
                    f"SELECT setval(pg_get_serial_sequence('{table.name}', '{column.name}'), "
                    f"COALESCE(MAX({column.name}), 0) + 1, false) FROM {table.name}"
                )


async def _check_counts(reading: Connection, writing: Connection, copied: dict[str, int]) -> None:
    """Every table holds as many rows on the target as on the source."""
    for table in copied_tables():
        source_rows, target_rows = await _count(reading, table), await _count(writing, table)
        if not source_rows == target_rows == copied[table.name]:
            raise CopyError(
                f"the table {table.name} holds {source_rows} rows on the source but "
                f"{target_rows} on the target, so nothing was copied"
            )


async def _count(connection: Connection, table: Table) -> int:
    [row] = await connection.fetch(f"SELECT COUNT(*) AS row_count FROM {table.name}")
    return int(row["row_count"])
