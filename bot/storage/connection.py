"""A connection inside a transaction, the same to every query on SQLite and PostgreSQL.

Queries are written once, with ``?`` placeholders and SQL both databases speak;
where they differ (a few operators, locks) the connection says how its database
spells it.
"""

from __future__ import annotations

import functools
import hashlib
import operator
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence, Sized
from types import MappingProxyType
from typing import Any, ClassVar, Protocol, SupportsIndex, overload


class Row(tuple[Any, ...]):
    """A row a statement returned, read by its columns' names: ``row["deadline"]``.

    A query reads nothing by position, so reordering a ``SELECT``'s columns can't shift
    one value into another's place; every column it reads has a name of its own (``AS``
    where it is an expression). The values also stay in the ``SELECT``'s order, so that
    a row still equals the tuple of them."""

    __slots__ = ()
    _names: ClassVar[tuple[str, ...]] = ()
    _columns: ClassVar[Mapping[str, int]] = MappingProxyType({})

    @overload
    def __getitem__(self, key: str) -> Any: ...
    @overload
    def __getitem__(self, key: SupportsIndex) -> Any: ...
    @overload
    def __getitem__(self, key: slice) -> tuple[Any, ...]: ...
    def __getitem__(self, key: str | SupportsIndex | slice) -> Any:
        if isinstance(key, str):
            try:
                key = self._columns[key]
            except KeyError:
                raise KeyError(
                    f"the row has no column {key!r} (its columns: {', '.join(self._names)})"
                ) from None
        return tuple.__getitem__(self, key)

    def keys(self) -> tuple[str, ...]:
        """The columns' names, in the ``SELECT``'s order."""
        return self._names

    def picked(self, names: tuple[str, ...]) -> tuple[Any, ...]:
        """The values of these columns, in that order, read at once (a game's row is read
        at every move, column by column)."""
        return _getter(type(self), names)(self)


@functools.lru_cache(maxsize=256)
def _getter(row: type[Row], names: tuple[str, ...]) -> Callable[[Row], tuple[Any, ...]]:
    """What reads ``names`` from the rows of one statement, by position."""
    try:
        indices = tuple(row._columns[name] for name in names)
    except KeyError as missing:
        raise KeyError(
            f"the row has no column {missing} (its columns: {', '.join(row._names)})"
        ) from None
    if len(indices) == 1:
        (index,) = indices
        return lambda values: (tuple.__getitem__(values, index),)
    get = operator.itemgetter(*indices)
    # ``itemgetter`` indexes a row through ``Row.__getitem__``, a Python call per column;
    # a plain tuple of its values it indexes in C (a game's 29 columns: 5 µs against 0.8).
    return lambda values: get(tuple(values))


class DriverRow(Protocol):
    """A row as a database's driver hands it over (``sqlite3.Row``, asyncpg's ``Record``)."""

    def keys(self) -> Iterable[str]:
        """The row's column names, in order."""

    def __iter__(self) -> Iterator[Any]: ...


def named_rows(found: Sequence[DriverRow]) -> list[Row]:
    """The driver's rows (all of one statement) as ``Row``s."""
    if not found:
        return []
    row = _row_type(tuple(found[0].keys()))
    return [row(values) for values in found]


@functools.lru_cache(maxsize=512)
def _row_type(names: tuple[str, ...]) -> type[Row]:
    """The rows of the statements whose columns are ``names`` (a name that comes twice
    reads the first)."""
    columns: dict[str, int] = {}
    for index, name in enumerate(names):
        columns.setdefault(name, index)

    class NamedRow(Row):
        __slots__ = ()
        _names = names
        _columns = MappingProxyType(columns)

    return NamedRow


class Connection(ABC):
    """One connection inside a transaction, the same for both databases: queries with ``?``
    placeholders, rows by column name, and what each database writes differently (its
    ``dialect``)."""

    backend: str
    """``sqlite`` or ``postgresql``."""

    @abstractmethod
    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        """The rows a statement returns, each read by its columns' names."""

    async def ints(self, sql: str, params: Sequence[Any] = ()) -> list[int]:
        """The first column of the rows a statement returns, as whole numbers (the ids or
        numbers it selects)."""
        return [int(row[0]) for row in await self.fetch(sql, params)]

    async def found(self, sql: str, params: Sequence[Any] = ()) -> bool:
        """Whether a statement returns any row: one exists, or (with ``RETURNING``) it
        changed one."""
        return bool(await self.fetch(sql, params))

    @abstractmethod
    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        """Runs a statement; returns how many rows it changed."""

    @abstractmethod
    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        """Runs a statement once for each row of parameters."""

    async def upsert(self, table: str, key: Mapping[str, Any], **values: Any) -> None:
        """Writes the row of ``table`` that ``key`` (its key's columns and their values)
        names: made with ``values`` (by column), or given them in place of its own."""
        columns = (*key, *values)
        replaced = ", ".join(f"{column} = excluded.{column}" for column in values)
        await self.execute(
            f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({marks(columns)}) "
            f"ON CONFLICT ({', '.join(key)}) DO UPDATE SET {replaced}",
            (*key.values(), *values.values()),
        )

    @abstractmethod
    async def lock(self, *key: str | int) -> None:
        """Waits until no other transaction, in any process, holds ``key``; holds it until
        this transaction ends. For read-modify-write work that no row lock covers (a
        server's ladder, the order games finish in)."""

    @property
    @abstractmethod
    def for_update(self) -> str:
        """What ends a ``SELECT`` of the ``games`` table (as ``g``) so that a write
        transaction holds the game's row until it ends: a second change of the same game
        waits, then sees the first, as it would on a database that runs one write at a
        time."""

    @abstractmethod
    def differs(self, left: str, right: str) -> str:
        """``left`` and ``right`` differ, a NULL differing from any number."""

    @abstractmethod
    def same(self, left: str, right: str) -> str:
        """``left`` and ``right`` are equal, or both NULL."""

    @property
    @abstractmethod
    def clock(self) -> str:
        """The database's own time, in seconds since 1970: one clock for every process
        that shares the database, whatever machine it runs on."""

    @abstractmethod
    def greatest(self, left: str, right: str) -> str:
        """The larger of two numbers."""

    @abstractmethod
    def json_merged(self, column: str) -> str:
        """A JSON object ``column`` with the keys of the next parameter's object set."""

    @abstractmethod
    async def notify(self, channel: str, payload: str = "") -> None:
        """Tells the processes listening on ``channel`` (``Database.listen``) ``payload``,
        once this transaction commits."""


def marks(values: Sized) -> str:
    """A ``?`` placeholder for each of ``values``, as an ``IN (…)`` list or a row of
    ``VALUES (…)`` takes them."""
    return ", ".join("?" * len(values))


def lock_number(*key: str | int) -> int:
    """A signed 64-bit number for a lock's key (PostgreSQL's advisory locks take one)."""
    digest = hashlib.blake2b(repr(key).encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big", signed=True)
