"""A database's schema read back from its own catalog, as a value that two databases of
the same kind compare by: everything the schema says (each table's columns in order with
their types, nullability and defaults, its keys, what a delete does to what refers to it,
its checks, its indexes with their conditions, its triggers) and nothing of how the
statements that made it were laid out. An upgraded database and a new one are built by
different statements (``ALTER TABLE`` over the years, or one ``CREATE TABLE``), so their
stored text differs where the schema doesn't."""

from __future__ import annotations

import re
import sqlite3
from contextlib import closing
from pathlib import Path
from typing import Any

import asyncpg


def words(sql: str) -> str:
    """SQL with its spacing and line breaks made single spaces."""
    return " ".join(sql.split())


def checks_in(create_table: str) -> list[str]:
    """The conditions of a SQLite table's ``CHECK`` constraints, from its ``CREATE TABLE``."""
    found = []
    for check in re.finditer(r"\bCHECK\s*\(", create_table, re.IGNORECASE):
        depth, quoted = 1, False
        for end in range(check.end(), len(create_table)):
            letter = create_table[end]
            if letter == "'":
                quoted = not quoted
            elif not quoted and letter in "()":
                depth += 1 if letter == "(" else -1
                if depth == 0:
                    found.append(create_table[check.end() : end])
                    break
    return found


def sqlite_catalog(path: Path) -> dict[str, Any]:
    """Each table of a SQLite file, by name, and the file's schema version."""
    with closing(sqlite3.connect(path)) as lite:
        lite.row_factory = sqlite3.Row
        catalog: dict[str, Any] = {
            "user_version": lite.execute("PRAGMA user_version").fetchone()[0]
        }
        for table in lite.execute("PRAGMA table_list"):
            name = table["name"]
            if table["schema"] != "main" or name.startswith("sqlite_"):
                continue
            (sql,) = lite.execute(
                "SELECT sql FROM sqlite_master WHERE name = ?", (name,)
            ).fetchone()
            columns = list(lite.execute(f"PRAGMA table_xinfo({name})"))
            keys = [column for column in columns if column["pk"]]
            # A key's columns hold no NULL, said or not, if the table has no row ids or the
            # key is the row id (one INTEGER column); elsewhere only NOT NULL keeps it out.
            keys_not_null = bool(table["wr"]) or (
                len(keys) == 1 and keys[0]["type"].upper() == "INTEGER"
            )
            foreign_keys: dict[int, list[tuple[Any, ...]]] = {}
            for key in lite.execute(f"PRAGMA foreign_key_list({name})"):
                foreign_keys.setdefault(key["id"], []).append(tuple(key)[1:])
            catalog[name] = {
                "kind": (table["type"], table["ncol"], table["wr"], table["strict"]),
                "columns": [
                    (
                        column["name"],
                        column["type"],
                        bool(column["notnull"]) or (keys_not_null and bool(column["pk"])),
                        column["dflt_value"],
                        column["pk"],
                        column["hidden"],
                    )
                    for column in columns
                ],
                "foreign_keys": sorted(foreign_keys.values()),
                "checks": sorted(words(check) for check in checks_in(sql)),
                "indexes": sorted(
                    _sqlite_index(lite, index)
                    for index in lite.execute(f"PRAGMA index_list({name})")
                ),
                "triggers": sorted(
                    words(trigger)
                    for (trigger,) in lite.execute(
                        "SELECT sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name = ?",
                        (name,),
                    )
                ),
            }
        return catalog


def _sqlite_index(lite: sqlite3.Connection, index: sqlite3.Row) -> tuple[Any, ...]:
    parts = [tuple(part) for part in lite.execute(f"PRAGMA index_xinfo({index['name']})")]
    # A key's index has no statement (and a table without row ids' no row at all).
    made = lite.execute("SELECT sql FROM sqlite_master WHERE name = ?", (index["name"],))
    sql = (made.fetchone() or (None,))[0]
    where = None if sql is None else re.search(r"\bWHERE\b(.*)", sql, re.IGNORECASE | re.DOTALL)
    return (
        index["name"],
        index["unique"],
        index["origin"],
        index["partial"],
        parts,
        None if where is None else words(where.group(1)),
    )


async def postgres_catalog(url: str) -> dict[str, Any]:
    """Each table of a PostgreSQL database, by name, with the functions and sequences,
    each as PostgreSQL itself writes it out (a function's body with its spacing made
    single spaces, as PostgreSQL keeps it as it was given)."""
    connection = await asyncpg.connect(url)
    try:

        async def rows(query: str, *arguments: object) -> list[tuple[Any, ...]]:
            return [tuple(row) for row in await connection.fetch(query, *arguments)]

        catalog: dict[str, Any] = {
            "functions": [
                (name, words(definition))
                for name, definition in await rows(
                    "SELECT proname, pg_get_functiondef(oid) FROM pg_proc "
                    "WHERE pronamespace = 'public'::regnamespace ORDER BY proname"
                )
            ],
            "sequences": await rows(
                "SELECT seqrelid::regclass::text, format_type(seqtypid, NULL), seqstart, "
                "seqincrement, seqmax, seqmin, seqcache, seqcycle FROM pg_sequence ORDER BY 1"
            ),
        }
        for (name,) in await rows(
            "SELECT relname FROM pg_class WHERE relnamespace = 'public'::regnamespace "
            "AND relkind = 'r'"
        ):
            catalog[name] = {
                "columns": await rows(
                    "SELECT a.attname, format_type(a.atttypid, a.atttypmod), a.attnotnull, "
                    "pg_get_expr(d.adbin, d.adrelid), a.attidentity, a.attgenerated "
                    "FROM pg_attribute a LEFT JOIN pg_attrdef d "
                    "ON d.adrelid = a.attrelid AND d.adnum = a.attnum "
                    "WHERE a.attrelid = $1::regclass AND a.attnum > 0 AND NOT a.attisdropped "
                    "ORDER BY a.attnum",
                    name,
                ),
                "constraints": await rows(
                    "SELECT conname, pg_get_constraintdef(oid) FROM pg_constraint "
                    "WHERE conrelid = $1::regclass ORDER BY conname",
                    name,
                ),
                "indexes": await rows(
                    "SELECT pg_get_indexdef(indexrelid) FROM pg_index "
                    "WHERE indrelid = $1::regclass ORDER BY 1",
                    name,
                ),
                "triggers": await rows(
                    "SELECT pg_get_triggerdef(oid) FROM pg_trigger "
                    "WHERE tgrelid = $1::regclass AND NOT tgisinternal ORDER BY 1",
                    name,
                ),
            }
        return catalog
    finally:
        await connection.close()
