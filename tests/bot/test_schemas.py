"""One schema, declared once (``bot/storage/schema/``), makes the same tables on both
databases: a fresh database of each kind, read back from its catalog, has the same
columns in the same order with the same kinds of values, nullability and defaults, the
same keys, checks, indexes and triggers. A check or an index's condition is written in
each database's own words, so it is compared by what it names: its columns, texts and
numbers. No other module of the bot declares a table, and making a migration step's
statements leaves the declaration as it was."""

from __future__ import annotations

import ast
import re
import sqlite3
import subprocess
import sys
from collections.abc import Iterable
from contextlib import closing
from dataclasses import dataclass
from pathlib import Path

import asyncpg
import pytest

from bot.storage.migrations import latest, upgrade
from bot.storage.opening import open_database
from bot.storage.schema import games, moves
from bot.storage.schema_ddl import new_database, step
from bot.storage.schema_statements import Backend
from tests.bot.schema_catalogs import checks_in, sqlite_catalog
from tests.postgres_cluster import Cluster

POSTGRESQL_ONLY = frozenset({"schema_version"})
"""Where PostgreSQL keeps its schema's version (SQLite keeps it in ``user_version``)."""

KINDS = {
    "integer": "INTEGER",
    "bigint": "INTEGER",
    "double precision": "REAL",
    "text": "TEXT",
    "bytea": "BLOB",
}
"""PostgreSQL's types, as the SQLite type of the same values: Discord's ids need 64 bits
there, and a time 53 (PostgreSQL's ``real`` has 24, so it is no ``REAL`` of SQLite)."""

FOREIGN_KEY_ACTIONS = {
    "a": "NO ACTION",
    "r": "RESTRICT",
    "c": "CASCADE",
    "n": "SET NULL",
    "d": "SET DEFAULT",
}

Said = tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]
"""What a condition names: its columns, texts and numbers."""


@dataclass(frozen=True)
class Column:
    name: str
    kind: str
    """SQLite's type of its values."""
    not_null: bool
    default: str | None


@dataclass(frozen=True)
class Index:
    name: str
    unique: bool
    columns: tuple[str, ...]
    """Each with `` DESC`` where it is ordered downwards."""
    condition: Said | None
    """A partial index's, or ``None``."""


@dataclass(frozen=True)
class Table:
    columns: tuple[Column, ...]
    primary_key: tuple[str, ...]
    foreign_keys: frozenset[tuple[tuple[str, ...], str, tuple[str, ...], str]]
    """Its columns, the table and columns they refer to, and what a delete there does."""
    checks: tuple[Said, ...]
    indexes: frozenset[Index]
    triggers: frozenset[tuple[str, str]]
    """When each trigger fires, and on which change (``BEFORE``, ``DELETE``)."""


def said(condition: str, columns: Iterable[str]) -> Said:
    """The columns, texts and numbers a condition names, in either database's words."""
    texts = re.findall(r"'((?:[^']|'')*)'", condition)
    rest = re.sub(r"'(?:[^']|'')*'", " ", condition)
    names = set(re.findall(r"[A-Za-z_]\w*", rest)) & set(columns)
    numbers = re.findall(r"(?<![\w.])\d+(?:\.\d+)?", rest)
    return tuple(sorted(names)), tuple(sorted(texts)), tuple(sorted(numbers))


def read_sqlite(path: Path) -> dict[str, Table]:
    with sqlite3.connect(path) as lite:
        lite.row_factory = sqlite3.Row
        tables = {}
        for table in lite.execute(
            "SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite%'"
        ):
            name = table["name"]
            info = list(lite.execute(f"PRAGMA table_info({name})"))
            names = [column["name"] for column in info]
            columns = tuple(
                Column(
                    column["name"],
                    column["type"],
                    bool(column["notnull"] or column["pk"]),
                    column["dflt_value"],
                )
                for column in info
            )
            keys: dict[int, list[sqlite3.Row]] = {}
            for key in lite.execute(f"PRAGMA foreign_key_list({name})"):
                keys.setdefault(key["id"], []).append(key)
            indexes = set()
            for index in lite.execute(f"PRAGMA index_list({name})"):
                if index["origin"] != "c":
                    continue
                parts = [
                    part["name"] + (" DESC" if part["desc"] else "")
                    for part in lite.execute(f"PRAGMA index_xinfo({index['name']})")
                    if part["key"]
                ]
                (create_index,) = lite.execute(
                    "SELECT sql FROM sqlite_master WHERE name = ?", (index["name"],)
                ).fetchone()
                where = re.search(r"\bWHERE\b", create_index, re.IGNORECASE)
                indexes.add(
                    Index(
                        index["name"],
                        bool(index["unique"]),
                        tuple(parts),
                        None if where is None else said(create_index[where.end() :], names),
                    )
                )
            triggers = frozenset(
                (timing.upper(), event.upper())
                for (create_trigger,) in lite.execute(
                    "SELECT sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name = ?",
                    (name,),
                )
                for timing, event in re.findall(
                    r"\b(BEFORE|AFTER|INSTEAD OF)\s+(INSERT|UPDATE|DELETE)\b",
                    create_trigger,
                    re.IGNORECASE,
                )
            )
            tables[name] = Table(
                columns,
                tuple(c["name"] for c in sorted(info, key=lambda c: c["pk"]) if c["pk"]),
                frozenset(
                    (
                        tuple(part["from"] for part in parts),
                        parts[0]["table"],
                        tuple(part["to"] for part in parts),
                        parts[0]["on_delete"],
                    )
                    for parts in keys.values()
                ),
                tuple(sorted(said(check, names) for check in checks_in(table["sql"]))),
                frozenset(indexes),
                triggers,
            )
        return tables


def postgres_default(default: str | None) -> str | None:
    """A column's default as SQLite would show it: without PostgreSQL's cast."""
    return None if default is None else re.sub(r"::[a-z ]+$", "", default)


async def read_postgres(url: str) -> dict[str, Table]:
    connection = await asyncpg.connect(url)
    try:
        tables = {}
        for (name,) in await connection.fetch(
            "SELECT table_name FROM information_schema.tables "
            "WHERE table_schema = 'public' AND table_type = 'BASE TABLE'"
        ):
            info = await connection.fetch(
                "SELECT column_name, data_type, is_nullable, column_default "
                "FROM information_schema.columns WHERE table_schema = 'public' "
                "AND table_name = $1 ORDER BY ordinal_position",
                name,
            )
            names = [column["column_name"] for column in info]
            columns = tuple(
                Column(
                    column["column_name"],
                    KINDS.get(column["data_type"], column["data_type"]),
                    column["is_nullable"] == "NO",
                    postgres_default(column["column_default"]),
                )
                for column in info
            )
            primary_key = await connection.fetchval(
                "SELECT ARRAY(SELECT a.attname FROM pg_index i, "
                "unnest(i.indkey) WITH ORDINALITY AS k (number, place) "
                "JOIN pg_attribute a ON a.attnum = k.number "
                "WHERE i.indrelid = $1::regclass AND i.indisprimary "
                "AND a.attrelid = i.indrelid ORDER BY k.place)",
                name,
            )
            keys = await connection.fetch(
                "SELECT c.confrelid::regclass::text AS target, c.confdeltype::text AS on_delete, "
                "ARRAY(SELECT a.attname FROM unnest(c.conkey) WITH ORDINALITY AS k (n, place) "
                "JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.n "
                "ORDER BY k.place) AS columns, "
                "ARRAY(SELECT a.attname FROM unnest(c.confkey) WITH ORDINALITY AS k (n, place) "
                "JOIN pg_attribute a ON a.attrelid = c.confrelid AND a.attnum = k.n "
                "ORDER BY k.place) AS targets "
                "FROM pg_constraint c WHERE c.conrelid = $1::regclass AND c.contype = 'f'",
                name,
            )
            checks = await connection.fetch(
                "SELECT pg_get_constraintdef(oid) AS condition FROM pg_constraint "
                "WHERE conrelid = $1::regclass AND contype = 'c'",
                name,
            )
            indexes = await connection.fetch(
                "SELECT x.relname AS name, i.indisunique AS unique, "
                "pg_get_expr(i.indpred, i.indrelid) AS condition, "
                "ARRAY(SELECT a.attname || CASE WHEN i.indoption[k.place - 1] & 1 = 1 "
                "THEN ' DESC' ELSE '' END "
                "FROM unnest(i.indkey) WITH ORDINALITY AS k (n, place) "
                "JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = k.n "
                "ORDER BY k.place) AS columns "
                "FROM pg_index i JOIN pg_class x ON x.oid = i.indexrelid "
                "WHERE i.indrelid = $1::regclass "
                "AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid)",
                name,
            )
            triggers = await connection.fetch(
                "SELECT action_timing, event_manipulation FROM information_schema.triggers "
                "WHERE event_object_schema = 'public' AND event_object_table = $1",
                name,
            )
            tables[name] = Table(
                columns,
                tuple(primary_key),
                frozenset(
                    (
                        tuple(key["columns"]),
                        key["target"],
                        tuple(key["targets"]),
                        FOREIGN_KEY_ACTIONS[key["on_delete"]],
                    )
                    for key in keys
                ),
                tuple(sorted(said(check["condition"], names) for check in checks)),
                frozenset(
                    Index(
                        index["name"],
                        index["unique"],
                        tuple(index["columns"]),
                        None if index["condition"] is None else said(index["condition"], names),
                    )
                    for index in indexes
                ),
                frozenset(
                    (trigger["action_timing"], trigger["event_manipulation"])
                    for trigger in triggers
                ),
            )
        return tables
    finally:
        await connection.close()


@pytest.fixture
async def schemas(postgres: Cluster, tmp_path: Path) -> tuple[dict[str, Table], dict[str, Table]]:
    """The tables of a fresh SQLite file and of a fresh PostgreSQL database, each brought
    up to the latest schema as the bot opens it."""
    path = tmp_path / "claimit.sqlite3"
    await (await open_database(path)).close()
    url = await postgres.new_database()
    await (await open_database(url)).close()
    connection = await asyncpg.connect(url)
    try:
        assert await connection.fetchval("SELECT version FROM schema_version") == latest()
    finally:
        await connection.close()
    with sqlite3.connect(path) as lite:
        assert lite.execute("PRAGMA user_version").fetchone() == (latest(),)
    return read_sqlite(path), await read_postgres(url)


async def test_both_databases_have_the_same_tables(
    schemas: tuple[dict[str, Table], dict[str, Table]],
) -> None:
    lite, postgresql = schemas
    assert sorted(lite) == sorted(set(postgresql) - POSTGRESQL_ONLY)
    for name, table in lite.items():
        assert table == postgresql[name], name


async def test_every_id_is_64_bits_on_postgresql(postgres: Cluster) -> None:
    """Discord's ids (and the games' own) outgrow 32 bits."""
    url = await postgres.new_database()
    await (await open_database(url)).close()
    connection = await asyncpg.connect(url)
    try:
        narrow = await connection.fetch(
            "SELECT table_name, column_name, data_type FROM information_schema.columns "
            "WHERE table_schema = 'public' AND (column_name = 'id' OR column_name LIKE '%\\_id') "
            "AND data_type <> 'bigint'"
        )
    finally:
        await connection.close()
    assert [tuple(row) for row in narrow] == []


def test_the_comparison_reads_what_a_condition_names_in_either_words() -> None:
    columns = ("status", "thread_id", "seat")
    assert said("status IN ('lobby', 'active') AND thread_id IS NULL", columns) == said(
        "((status = ANY (ARRAY['lobby'::text, 'active'::text])) AND (thread_id IS NULL))",
        columns,
    )
    assert said("seat BETWEEN 0 AND 4", columns) == said("((seat >= 0) AND (seat <= 4))", columns)
    assert said("seat BETWEEN 0 AND 4", columns) != said("seat BETWEEN 0 AND 5", columns)
    assert checks_in("CREATE TABLE t (a INTEGER CHECK (a IN (0, 1)), CHECK ((a) <> ')'))") == [
        "a IN (0, 1)",
        "(a) <> ')'",
    ]


BOT = Path(__file__).resolve().parents[2] / "bot"


def declares_tables(path: Path) -> bool:
    """Whether a module says ``CREATE TABLE`` in a string or makes a SQLAlchemy ``Table``."""
    nodes = list(ast.walk(ast.parse(path.read_text(encoding="utf-8"))))
    # A string standing alone is documentation, which may speak of CREATE TABLE.
    documentation = {id(node.value) for node in nodes if isinstance(node, ast.Expr)}
    says_create_table = any(
        isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and id(node) not in documentation
        and re.search(r"\bCREATE\s+TABLE\b", node.value, re.IGNORECASE) is not None
        for node in nodes
    )
    uses_sqlalchemy = any(
        isinstance(node, ast.ImportFrom | ast.Import)
        and any(
            name.split(".")[0] == "sqlalchemy"
            for name in (
                [node.module or ""]
                if isinstance(node, ast.ImportFrom)
                else [alias.name for alias in node.names]
            )
        )
        for node in nodes
    )
    makes_a_table = any(
        isinstance(node, ast.Call)
        and (
            (isinstance(node.func, ast.Name) and node.func.id == "Table")
            or (isinstance(node.func, ast.Attribute) and node.func.attr == "Table")
        )
        for node in nodes
    )
    # The schema's own makers (``bot.storage.schema.columns.table``, ``game_table``) make
    # one too.
    makers = {"table", "game_table"}
    imports_the_maker = any(
        isinstance(node, ast.ImportFrom)
        and node.module == "bot.storage.schema.columns"
        and any(alias.name in makers for alias in node.names)
        for node in nodes
    )
    calls_the_maker = any(
        isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in makers
        for node in nodes
    )
    return (
        says_create_table
        or (uses_sqlalchemy and makes_a_table)
        or (imports_the_maker and calls_the_maker)
    )


def test_the_tables_are_declared_in_the_schema_package_and_each_features_tables_alone() -> None:
    """The core's in ``bot/storage/schema``, a feature's in its own ``schema`` module."""
    declaring = sorted(
        str(path.relative_to(BOT.parent)) for path in BOT.rglob("*.py") if declares_tables(path)
    )
    features = sorted(
        str(path.relative_to(BOT.parent)) for path in (BOT / "features").glob("*/schema.py")
    )
    assert features
    assert declaring == [
        *features,
        "bot/storage/schema/__init__.py",
        "bot/storage/schema/columns.py",
        "bot/storage/schema/conversations.py",
        "bot/storage/schema/games.py",
        "bot/storage/schema/shares.py",
    ]


def test_the_check_sees_a_create_table_and_a_table_declaration(tmp_path: Path) -> None:
    written = tmp_path / "written.py"
    written.write_text('MIGRATION = """\n    create table games (id INTEGER)\n"""\n')
    declared = tmp_path / "declared.py"
    declared.write_text("import sqlalchemy as sa\n\nGAMES = sa.Table('games', sa.MetaData())\n")
    rendering = tmp_path / "rendering.py"
    rendering.write_text(
        "from sqlalchemy import Table\n\n\ndef render(table: Table) -> str:\n"
        '    """Its CREATE TABLE."""\n    return str(table)\n'
    )
    copying = tmp_path / "copying.py"
    copying.write_text("from bot.storage.copy import Table\n\nGAMES = Table('games', ('id',))\n")
    made = tmp_path / "made.py"
    made.write_text("from bot.storage.schema.columns import table\n\nGAMES = table('games')\n")
    assert [declares_tables(p) for p in (written, declared, rendering, copying, made)] == [
        True,
        True,
        False,
        False,
        True,
    ]


def test_making_the_steps_leaves_the_declaration_as_it_was() -> None:
    backends: tuple[Backend, ...] = ("sqlite", "postgresql")
    before = {backend: new_database(backend) for backend in backends}
    for backend in backends:
        for version in range(2 if backend == "sqlite" else 6, latest() + 1):
            upgrade(version - 1, backend)
    assert {backend: new_database(backend) for backend in backends} == before


async def test_a_table_sqlite_makes_anew_keeps_its_rows_shape_keys_and_triggers(
    tmp_path: Path,
) -> None:
    path = tmp_path / "claimit.sqlite3"
    await (await open_database(path)).close()
    before = sqlite_catalog(path)
    with closing(sqlite3.connect(path)) as lite, lite:
        lite.execute(
            "INSERT INTO games (id, guild_id, channel_id, host_id, status, created_at, "
            "updated_at) VALUES (1, 2, 3, 4, 'active', 0, 0)"
        )
        move = (1, 1, 0, '"roll"', 5.0, 0, '[[["randint",1,6],2]]', 0)
        lite.execute("INSERT INTO moves VALUES (?, ?, ?, ?, ?, ?, ?, ?)", move)
        first, then = step(latest() + 1, "sqlite", {moves.name: {}})
        for statement in [*first, *then]:
            lite.execute(statement)
        assert lite.execute("SELECT * FROM moves").fetchall() == [move]
    assert sqlite_catalog(path) == before


def test_sqlite_makes_no_table_anew_that_another_refers_to() -> None:
    with pytest.raises(ValueError, match=r"games can't be made anew: .*seats"):
        step(latest() + 1, "sqlite", {games.name: {}})


def test_a_database_is_made_only_once_the_features_tables_joined(tmp_path: Path) -> None:
    """Made before, it would be marked at the latest version without them, for good."""
    target = tmp_path / "early.sqlite3"
    opening = (
        "import asyncio\n"
        "from bot.storage.opening import open_database\n"
        f"asyncio.run(open_database({str(target)!r}))\n"
    )
    early = subprocess.run(
        [sys.executable, "-c", opening], capture_output=True, text=True, cwd=BOT.parent
    )
    assert early.returncode != 0
    assert "SchemaIncomplete: the features' tables have not joined the schema" in early.stderr
    with closing(sqlite3.connect(target)) as made:
        assert made.execute("PRAGMA user_version").fetchone() == (0,)
