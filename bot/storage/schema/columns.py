"""What every table of the schema is made with: the metadata they belong to, the column
types both databases share, the marks of the version a part arrived in, and the keys and
kinds of column that recur. The makers of a kind of column make one every row fills, but
``a_game`` (emptied once its game is gone); any other column a row may leave empty is a
plain ``Column`` (as SQLAlchemy makes one)."""

from __future__ import annotations

import importlib
from typing import Any

from sqlalchemy import (
    REAL,
    BigInteger,
    CheckConstraint,
    Column,
    ColumnElement,
    Double,
    ForeignKey,
    Identity,
    Integer,
    MetaData,
    Table,
    Text,
    text,
)
from sqlalchemy.schema import SchemaItem

from bot.storage.found_schemas import found_schemas

SCHEMA = MetaData()
"""Every table: the core's, declared under ``bot.storage.schema``, and each feature's,
declared in its own folder (``bot/features/<name>/schema.py``), which joins once
``whole_schema`` imports it."""


def whole_schema() -> MetaData:
    """``SCHEMA``, every found feature's tables joined (their modules imported)."""
    for module in found_schemas():
        importlib.import_module(module)
    return SCHEMA


Id = BigInteger().with_variant(Integer(), "sqlite")
Real = Double[float]().with_variant(REAL(), "sqlite")


def since(version: int) -> dict[str, int]:
    """The ``info`` of what arrived in ``version``, later than its table."""
    return {"since": version}


def table(name: str, *parts: SchemaItem, since: int = 1, **options: Any) -> Table:
    """The table ``name`` of ``SCHEMA``, arrived in version ``since`` in its present
    form; ``options``, SQLAlchemy's (``sqlite_with_rowid``...)."""
    return Table(name, SCHEMA, *parts, info={"since": since}, **options)


def where(condition: ColumnElement[bool]) -> dict[str, Any]:
    """A partial index's condition, for both databases (each spells it its own way:
    ``IS NOT`` is SQLite's ``IS DISTINCT FROM``)."""
    return {"sqlite_where": condition, "postgresql_where": condition}


def key(name: str) -> Column[int]:
    """A key, or a part of one, that is no identity: given by Discord (or the shard's
    number), never made up by the database."""
    return Column(name, Id, primary_key=True, autoincrement=False)


def an_id(name: str, *, info: dict[str, int] | None = None) -> Column[int]:
    """An id (Discord's, or a game's) every row has."""
    return Column(name, Id, nullable=False, info=info)


def a_time(name: str, *, info: dict[str, int] | None = None) -> Column[float]:
    """A time (seconds since the epoch) every row has."""
    return Column(name, Real, nullable=False, info=info)


def a_count(name: str, *, info: dict[str, int] | None = None) -> Column[int]:
    """A number counted from 0, which a row made without it starts at."""
    return Column(name, Integer, nullable=False, server_default=text("0"), info=info)


def message() -> tuple[Column[int], Column[int]]:
    """Where a row's message is: its channel, known before it is posted, and its id,
    once it is."""
    return an_id("channel_id"), Column("message_id", Id)


def flag(
    name: str, *, default: bool | None = None, info: dict[str, int] | None = None
) -> Column[int]:
    """A yes (1) or no (0), never missing; ``default``, what a row made without it holds
    (none: every row says)."""
    return Column(
        name,
        Integer,
        CheckConstraint(f"{name} IN (0, 1)"),
        nullable=False,
        server_default=None if default is None else text(str(int(default))),
        info=info,
    )


def one_of(
    name: str,
    values: tuple[str, ...],
    *,
    default: str | None = None,
    info: dict[str, int] | None = None,
) -> Column[str]:
    """A text that is one of ``values``, never missing; ``default`` as for ``flag``."""
    listed = ", ".join(f"'{value}'" for value in values)
    return Column(
        name,
        Text,
        CheckConstraint(f"{name} IN ({listed})"),
        nullable=False,
        server_default=default,
        info=info,
    )


def identity() -> Column[int]:
    """A row's own id (its key), numbered by the database."""
    return Column("id", Id, Identity(), primary_key=True)


def owner_key(name: str, owner: str) -> Column[int]:
    """The row of ``owner`` (a table keyed by its ``id``) a row belongs to, first in its
    key: ``name``, gone with it."""
    return Column(name, Id, ForeignKey(f"{owner}.id", ondelete="CASCADE"), primary_key=True)


def game_key() -> Column[int]:
    """The game a row belongs to (first in its key), gone with it."""
    return owner_key("game_id", "games")


def game_table(name: str, *parts: SchemaItem, since: int = 1, **options: Any) -> Table:
    """The table ``name`` of what belongs to a game: its key starts with the game's
    (``game_key``); otherwise as ``table``."""
    return table(name, game_key(), *parts, since=since, **options)


def a_game() -> Column[int]:
    """The game a row names without belonging to it: NULL once that game is no longer
    kept."""
    return Column("game_id", Id, ForeignKey("games.id", ondelete="SET NULL"))


OPEN = ("lobby", "active")
"""The statuses of a game still being played (or waiting for players)."""
