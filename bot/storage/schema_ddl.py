"""The schema's statements in SQLite's and PostgreSQL's words, made from its declaration
(``schema``) by SQLAlchemy: the whole schema for a new database, and what a migration
step to a version adds (its tables, columns, checks and indexes)."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from sqlalchemy import CheckConstraint, Column, Index, MetaData, Table
from sqlalchemy.dialects import registry
from sqlalchemy.engine import Dialect
from sqlalchemy.schema import (
    AddConstraint,
    CreateColumn,
    CreateIndex,
    CreateTable,
)
from sqlalchemy.sql.expression import ClauseElement

from bot.storage.schema import TRIGGERS
from bot.storage.schema.columns import whole_schema
from bot.storage.schema_statements import Backend

DIALECTS: dict[Backend, Dialect] = {
    "sqlite": registry.load("sqlite")(),
    "postgresql": registry.load("postgresql")(),
}


def _since(item: Table | Column[Any] | Index | CheckConstraint, made: int = 1) -> int:
    """The version ``item`` arrived in as declared; ``made``, its table's, if not marked."""
    return int(item.info.get("since", made))


def _sql(element: ClauseElement, backend: Backend) -> str:
    return str(element.compile(dialect=DIALECTS[backend])).strip()


def new_database(backend: Backend) -> list[str]:
    """Makes every table, index and trigger of the latest schema."""
    return list(_new_database(backend, tuple(whole_schema().sorted_tables)))


@cache
def _new_database(backend: Backend, tables: tuple[Table, ...]) -> tuple[str, ...]:
    # Compiled once for each set of tables (a feature's join the schema once it is found):
    # compiling them took 10 of the 36 ms of CPU that opening a new SQLite database cost,
    # which the tests do for each bot they start.
    return (
        *(create_table(table, backend) for table in tables),
        *(_sql(CreateIndex(index), backend) for table in tables for index in _indexes(table)),
        *(statement for table in tables for statement in _triggers(table, backend)),
    )


def create_table(table: Table, backend: Backend) -> str:
    """``CREATE TABLE`` for ``table`` as declared."""
    return _sql(CreateTable(table), backend)


def step(
    version: int, backend: Backend, made_anew: Mapping[str, Mapping[str, str]]
) -> tuple[list[str], list[str]]:
    """What the step to ``version`` makes, in two parts: first its tables, columns and
    checks, then (once its data has moved in between) its indexes. On SQLite, the tables
    of ``made_anew`` and those whose check changed are made anew (``_made_anew``)."""
    first: list[str] = []
    then: list[str] = []
    for table in whole_schema().sorted_tables:
        made = _since(table)
        if made > version:
            continue
        changed = [
            check
            for check in table.constraints
            if isinstance(check, CheckConstraint) and made < _since(check, made) == version
        ]
        whole = made == version
        if whole:
            first.append(_create_table(table, version, backend))
        elif backend == "sqlite" and (table.name in made_anew or changed):
            first += _made_anew(table, version, made_anew.get(table.name, {}))
            whole = True
        else:
            first += [
                f"ALTER TABLE {table.name} ADD COLUMN {_sql(CreateColumn(column), backend)}"
                for column in table.columns
                if _since(column, made) == version
            ]
            for check in changed:
                first += [
                    # The check it replaces has its name, if there was one.
                    f"ALTER TABLE {table.name} DROP CONSTRAINT IF EXISTS {check.name}",
                    # Not isolated: the declaration's CREATE TABLE keeps the check.
                    _sql(AddConstraint(check, isolate_from_table=False), backend),
                ]
        then += [
            _sql(CreateIndex(index), backend)
            for index in _indexes(table)
            if _since(index, made) == version or (whole and _since(index, made) < version)
        ]
    return first, then


def _triggers(table: Table, backend: Backend) -> tuple[str, ...]:
    return TRIGGERS.get(table.name, {}).get(backend, ())


def _indexes(table: Table) -> list[Index]:
    return sorted(table.indexes, key=lambda index: str(index.name))


def _create_table(table: Table, version: int, backend: Backend, name: str | None = None) -> str:
    """``CREATE TABLE`` for ``table`` with the columns it had at ``version``, under
    ``name`` if given."""
    made = _since(table)
    if name is not None:
        # Beside the tables it refers to, so that its foreign keys find them.
        beside = MetaData()
        for referred in {key.column.table for key in table.foreign_keys}:
            referred.to_metadata(beside)
        table = table.to_metadata(beside, name=name)
    create = CreateTable(table)
    create.columns = [c for c in create.columns if _since(c.element, made) <= version]
    return _sql(create, backend)


def _made_anew(table: Table, version: int, computed: Mapping[str, str]) -> list[str]:
    """SQLite's way to change what it can't alter (a key, a check): the table made anew
    at ``version`` under a name of its own, its rows copied over (a column new in this
    version takes its default or, if ``computed`` has it, that expression of the old
    row's), the old table dropped and the new one given its name."""
    referring = sorted(
        other.name
        for other in whole_schema().tables.values()
        if any(key.column.table is table for key in other.foreign_keys)
    )
    if referring:
        # With foreign keys on, dropping it would delete every row referring to it.
        raise ValueError(f"{table.name} can't be made anew: {', '.join(referring)} refer to it")
    made = _since(table)
    new = f"{table.name}_{version}"
    copied = {c.name: c.name for c in table.columns if _since(c, made) < version} | dict(computed)
    return [
        _create_table(table, version, "sqlite", name=new),
        f"INSERT INTO {new} ({', '.join(copied)}) "
        f"SELECT {', '.join(copied.values())} FROM {table.name}",
        f"DROP TABLE {table.name}",
        f"ALTER TABLE {new} RENAME TO {table.name}",
        # Its triggers went with the old table.
        *_triggers(table, "sqlite"),
    ]
