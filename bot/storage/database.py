"""The database a bot (or several) keeps its games in: a SQLite file, or PostgreSQL.

A SQLite file needs nothing set up and serves one process; PostgreSQL, named by a
``postgresql://`` URL, lets any number of bot processes share the same games.
Both have the same schema and behave alike through ``Connection``.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Coroutine, Mapping
from contextlib import AbstractAsyncContextManager
from pathlib import Path
from typing import Any, Protocol, TypeVar

import yarl

from bot.storage.connection import Connection

POSTGRESQL_SCHEMES = ("postgresql://", "postgres://")

T = TypeVar("T")

Body = Callable[[Connection], Coroutine[Any, Any, T]]
"""A transaction's work, given its connection. It awaits nothing but the connection's
statements, or it fails with ``BodyWaited``: on SQLite it runs whole on the writer's
thread, and on PostgreSQL it would wait holding what it locked (a game's row)."""


class BodyWaited(RuntimeError):
    """A transaction's body (``write``, ``read``, ``statement``) awaited something other
    than its connection's statements. On SQLite it runs on the writer's thread, where
    nothing else can be waited for; PostgreSQL could wait, holding the game's row lock
    and a pooled connection meanwhile, so it refuses the same body alike, and a feature's
    hook that passes its tests on one database passes them on the other."""


def is_postgresql(target: str | Path) -> bool:
    """Whether a database target names PostgreSQL (a ``postgresql://`` URL) rather than a SQLite
    file."""
    return isinstance(target, str) and target.startswith(POSTGRESQL_SCHEMES)


def shown(target: str | Path) -> str:
    """A database's file or URL as messages and logs may show it: never with a password."""
    if not is_postgresql(target):
        return str(target)
    url = yarl.URL(str(target))
    return str(url.with_password("***")) if url.password else str(target)


class DatabaseTooNew(Exception):
    """The database was made by a newer bot: this one refuses to touch it."""

    def __init__(self, found: int, latest: int) -> None:
        super().__init__(
            f"the database is at schema version {found}, newer than this bot's {latest}; "
            "run the newer bot or restore a backup"
        )


class CommitUnknown(Exception):
    """A write whose COMMIT went out but whose answer never came (the connection or the
    server went away just then), and whose outcome the database could not yet say: the
    change may be in the database, or not. Never to be told as "nothing changed"."""


class DatabaseUnavailable(Exception):
    """The database can't be opened or written at start-up (a read-only or full disk, a
    missing folder, a PostgreSQL server that refuses or isn't there)."""


class Listener(Protocol):
    """A connection of its own that hears ``Connection.notify`` (``Database.listen``)."""

    @property
    def listening(self) -> bool:
        """Whether it still hears (its connection may drop, as when the server restarts)."""

    async def close(self) -> None:
        """Stops hearing, and closes its connection."""


class Database(ABC):
    """A database of either kind (``bot.storage.opening`` opens one)."""

    backend: str
    """``sqlite`` or ``postgresql``."""
    shared: bool
    """Whether other processes may use the same database at the same time."""

    @abstractmethod
    async def write(self, body: Body[T]) -> T:
        """Runs ``body`` in a write transaction: committed when it returns, rolled back
        when it raises. A game read in it (``Connection.for_update``) stays as read until
        it ends. A commit whose answer was lost is looked up: committed, it counts as if
        answered; rolled back, the error stands; still unknown, ``CommitUnknown``."""

    @abstractmethod
    async def statement(self, body: Body[T]) -> T:
        """Runs ``body``, exactly one statement, which commits by itself: bookkeeping on
        the hot path."""

    @abstractmethod
    def bulk_write(self) -> AbstractAsyncContextManager[Connection]:
        """A write transaction held while other work is awaited (copying another
        database's rows in, page by page); committed on success, rolled back on any
        error. Other writes wait for it."""

    @abstractmethod
    async def read(self, body: Body[T]) -> T:
        """Runs ``body`` in a read transaction: every query in it sees the same snapshot,
        and never waits behind a write."""

    @abstractmethod
    def bulk_read(self) -> AbstractAsyncContextManager[Connection]:
        """A read transaction held while other work is awaited (copying its rows out,
        page by page): one snapshot throughout."""

    @abstractmethod
    async def close(self) -> None:
        """Closes every connection; the database is not used again."""

    @abstractmethod
    async def listen(self, heard: Mapping[str, Callable[[str], object]]) -> Listener | None:
        """Calls ``heard[channel]`` with what was said whenever another process notifies
        that channel, from
        now until the listener is closed or its connection drops; ``None`` where no other
        process shares the database."""
