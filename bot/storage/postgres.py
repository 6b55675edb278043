"""PostgreSQL, through asyncpg: a pool of connections any number of bot processes share.

Transactions keep SQLite's guarantees: a write transaction holds each game it
reads (``SELECT … FOR UPDATE``), so changes of one game happen one after another
even across processes, and the compare-and-set on the version still refuses a
click that saw an older game; work no row covers takes an advisory lock
(``Connection.lock``). A read sees one snapshot (``REPEATABLE READ``) and never
waits behind a write. A transaction's body awaits nothing but its statements, as on
SQLite (``StatementsOnly``).
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
from collections.abc import (
    AsyncIterator,
    Awaitable,
    Callable,
    Coroutine,
    Generator,
    Iterable,
    Mapping,
    Sequence,
)
from contextlib import asynccontextmanager
from contextvars import ContextVar
from datetime import datetime
from typing import Any, Generic, TypeAlias, TypeVar

import asyncpg
from asyncpg.pool import PoolConnectionProxy

from bot.metrics.figures import timed_transaction
from bot.storage.connection import Connection, Row, lock_number, named_rows
from bot.storage.database import (
    Body,
    BodyWaited,
    CommitUnknown,
    Database,
    DatabaseTooNew,
    DatabaseUnavailable,
    Listener,
    shown,
)
from bot.storage.schema_sql import current

T = TypeVar("T")

POOL_SIZE = 10
"""Connections per process: enough for every click, deadline and read in flight at
once on two cores, few enough that dozens of processes stay under the server's
``max_connections`` (100 by default)."""
CONNECT_TIMEOUT = 10.0
COMMIT_LOOKUP = 10.0
"""Seconds a write whose COMMIT's answer was lost keeps asking the server whether it
committed (the server may be restarting) before it says it can't tell."""
LOOKUP_PAUSE = 0.2
MIGRATING = lock_number("migrating")

Raw: TypeAlias = "asyncpg.Connection[Any] | PoolConnectionProxy[Any]"

_stating: ContextVar[PostgresConnection | None] = ContextVar("stating", default=None)
"""The connection whose statement the task is awaiting, if any: what ``StatementsOnly``
lets a body wait for. A task of its own (``asyncio.gather``) has a context of its own,
so a statement there lets nothing else through here."""


class PostgresConnection(Connection):
    """A PostgreSQL connection inside a transaction: ``?`` placeholders read as ``$1``, ``$2``…"""

    backend = "postgresql"

    def __init__(self, raw: Raw, *, writing: bool) -> None:
        self.raw = raw
        self._writing = writing

    async def _said(self, statement: Awaitable[T]) -> T:
        """``statement`` awaited as this connection's own, which a body may wait for."""
        saying = _stating.set(self)
        try:
            return await statement
        finally:
            _stating.reset(saying)

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        return named_rows(await self._said(self.raw.fetch(numbered(sql), *params)))

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        status = await self._said(self.raw.execute(numbered(sql), *params))
        # asyncpg hands back the command tag: "UPDATE 1", "INSERT 0 3", "DELETE 0".
        last = status.rsplit(" ", 1)[-1]
        return int(last) if last.isdigit() else 0

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        rows = list(rows)
        if rows:
            await self._said(self.raw.executemany(numbered(sql), rows))

    async def lock(self, *key: str | int) -> None:
        await self._said(self.raw.execute("SELECT pg_advisory_xact_lock($1)", lock_number(*key)))

    @property
    def for_update(self) -> str:
        return " FOR UPDATE OF g" if self._writing else ""

    def differs(self, left: str, right: str) -> str:
        return f"{left} IS DISTINCT FROM {right}"

    def same(self, left: str, right: str) -> str:
        return f"{left} IS NOT DISTINCT FROM {right}"

    clock = "CAST(EXTRACT(EPOCH FROM clock_timestamp()) AS DOUBLE PRECISION)"

    def greatest(self, left: str, right: str) -> str:
        return f"GREATEST({left}, {right})"

    def json_merged(self, column: str) -> str:
        return f"(CAST({column} AS JSONB) || CAST(? AS JSONB))::TEXT"

    async def notify(self, channel: str, payload: str = "") -> None:
        await self._said(self.raw.execute("SELECT pg_notify($1, $2)", channel, payload))


class StatementsOnly(Generic[T]):
    """A transaction's ``body``, awaited one wait at a time. A plain ``await`` would let
    it wait for anything with the game's row locked, and pass where SQLite refuses it: a
    wait for one of ``connection``'s statements goes on; a wait for anything else (a
    pause, a call out, another connection) is called off, as a cancellation would, and
    ``BodyWaited`` raised in the body where it stood, so that its own ``finally`` and
    ``async with`` still run. A body that catches it and returns is refused all the same;
    the transaction rolls back."""

    __slots__ = ("_body", "_connection")

    def __init__(self, body: Coroutine[Any, Any, T], connection: PostgresConnection) -> None:
        self._body = body
        self._connection = connection

    def __await__(self) -> Generator[Any, Any, T]:
        body, connection = self._body, self._connection
        sent: Any = None
        thrown: BaseException | None = None
        refused: BodyWaited | None = None
        while True:
            try:
                waited = body.send(sent) if thrown is None else body.throw(thrown)
            except StopIteration as done:
                if refused is not None:
                    raise refused from None
                return done.value  # type: ignore[no-any-return]
            if refused is None and _stating.get() is not connection:
                refused = BodyWaited(f"{body!r} waited for something other than its statements")
                if asyncio.isfuture(waited):
                    waited.cancel()
                sent, thrown = None, refused
                continue
            # What comes back (a statement's answer, or a cancellation) goes on to the body.
            try:
                sent, thrown = (yield waited), None
            except BaseException as error:
                sent, thrown = None, error


class PostgresListener:
    """Hears other processes' notifications on a connection of its own."""

    def __init__(self, connection: asyncpg.Connection[Any]) -> None:
        self._connection = connection

    @property
    def listening(self) -> bool:
        """Whether its connection is still open (it drops when the server restarts)."""
        return not self._connection.is_closed()

    async def close(self) -> None:
        """Stops hearing."""
        self._connection.terminate()


@functools.lru_cache(maxsize=512)
def numbered(sql: str) -> str:
    """``?`` placeholders as PostgreSQL's ``$1, $2…`` (none of ours is inside a quoted
    string, but a ``?`` there is left alone all the same)."""
    out = []
    number = 0
    quoted = False
    for char in sql:
        if char == "'":
            quoted = not quoted
        if char == "?" and not quoted:
            number += 1
            out.append(f"${number}")
        else:
            out.append(char)
    return "".join(out)


class PostgresDatabase(Database):
    """A PostgreSQL database, shared by every process of the bot: a pool of connections, advisory
    locks per game, notifications between processes."""

    backend = "postgresql"
    shared = True

    def __init__(self, pool: asyncpg.Pool[Any], url: str) -> None:
        self._pool = pool
        self.url = url

    @classmethod
    async def connect(cls, url: str) -> PostgresDatabase:
        """Connects to ``url``, bringing its schema up to date (one process at a time), or
        ``DatabaseUnavailable`` saying why it can't."""
        try:
            pool = await asyncpg.create_pool(
                url, min_size=1, max_size=POOL_SIZE, timeout=CONNECT_TIMEOUT
            )
        except (OSError, TimeoutError, asyncpg.PostgresError, asyncpg.InterfaceError) as e:
            raise DatabaseUnavailable(
                f"can't use the database {shown(url)}: {e}. Check that the PostgreSQL "
                "server is running and that the URL's user, password and database are right"
            ) from e
        try:
            async with pool.acquire() as connection:
                await migrate(connection)
        except BaseException:
            await pool.close()
            raise
        return cls(pool, url)

    async def close(self) -> None:
        """Closes the pool."""
        await self._pool.close()

    async def listen(self, heard: Mapping[str, Callable[[str], object]]) -> Listener | None:
        # A connection of its own: one from the pool would go back to it listening.
        connection = await asyncpg.connect(self.url, timeout=CONNECT_TIMEOUT)

        def notified(connection: Raw, pid: int, channel: str, payload: object) -> None:
            heard[channel](str(payload))

        try:
            for channel in heard:
                await connection.add_listener(channel, notified)
        except BaseException:
            connection.terminate()
            raise
        return PostgresListener(connection)

    @asynccontextmanager
    async def _pooled(self) -> AsyncIterator[PoolConnectionProxy[Any]]:
        """A connection of the pool. asyncpg resets a connection as it goes back and raises
        if that fails (the server went away just then); the pool has dropped it by then,
        and whatever was done on it (a commit) stands, so that is no failure of the work."""
        connection = await self._pool.acquire()
        try:
            yield connection
        finally:
            with contextlib.suppress(Exception):
                await self._pool.release(connection)

    @timed_transaction("write")
    async def write(self, body: Body[T]) -> T:
        async with self.bulk_write() as connection:
            return await StatementsOnly(body(connection), connection)

    @asynccontextmanager
    async def bulk_write(self) -> AsyncIterator[PostgresConnection]:
        async with self._pooled() as connection:
            transaction = connection.transaction()
            await transaction.start()
            try:
                yield PostgresConnection(connection, writing=True)
                # Asked before COMMIT: if its answer is lost, this is what to look up.
                written = await connection.fetchrow(
                    "SELECT txid_current() AS xid, pg_postmaster_start_time() AS started"
                )
                assert written is not None
            except BaseException:
                # A connection that went away took the transaction with it.
                with contextlib.suppress(Exception):
                    await transaction.rollback()
                raise
            try:
                await transaction.commit()
            except Exception as lost:
                xid = int(written["xid"])
                committed = await self._committed(xid, written["started"])
                if committed is None:
                    raise CommitUnknown(f"transaction {xid}: {lost!r}") from lost
                if not committed:
                    raise

    async def _committed(self, xid: int, server_started: datetime) -> bool | None:
        """Whether transaction ``xid`` committed, asked on another connection until the
        server answers; ``None`` if it can't tell (in ``COMMIT_LOOKUP`` seconds).

        Only the server that gave out ``xid`` can say it committed: one that restarted
        since may have given the same id to another transaction (ids not yet in its log
        when it crashed are given out again), so it can only say it didn't (a commit in
        its log keeps its id, and is recovered committed)."""
        loop = asyncio.get_running_loop()
        until = loop.time() + COMMIT_LOOKUP
        while True:
            try:
                async with asyncio.timeout(COMMIT_LOOKUP), self._pooled() as connection:
                    found = await connection.fetchrow(
                        "SELECT txid_status($1) AS status, pg_postmaster_start_time() AS started",
                        xid,
                    )
                assert found is not None
                status, started = found["status"], found["started"]
            except (OSError, TimeoutError, asyncpg.PostgresError, asyncpg.InterfaceError):
                status = started = None  # the server is not back yet
            if started is not None and started != server_started:
                return None if status == "committed" else False
            if status == "committed":
                return True
            if status == "aborted":
                return False
            # "in progress": the server is still finishing it (or not back yet).
            if loop.time() >= until:
                return None
            await asyncio.sleep(LOOKUP_PAUSE)

    @timed_transaction("statement")
    async def statement(self, body: Body[T]) -> T:
        async with self._pooled() as pooled:
            connection = PostgresConnection(pooled, writing=False)
            return await StatementsOnly(body(connection), connection)

    @timed_transaction("read")
    async def read(self, body: Body[T]) -> T:
        async with self.bulk_read() as connection:
            return await StatementsOnly(body(connection), connection)

    @asynccontextmanager
    async def bulk_read(self) -> AsyncIterator[PostgresConnection]:
        async with (
            self._pooled() as connection,
            connection.transaction(isolation="repeatable_read", readonly=True),
        ):
            yield PostgresConnection(connection, writing=False)


async def schema_version(connection: Raw) -> int:
    """The schema version a database is at (0: a new one)."""
    table = await connection.fetchrow("SELECT to_regclass('schema_version') AS found")
    if table is None or table["found"] is None:
        return 0
    row = await connection.fetchrow("SELECT version FROM schema_version")
    assert row is not None
    return int(row["version"])


async def migrate(connection: Raw) -> None:
    """Brings the database to the latest schema, each step in its own transaction;
    processes starting together take turns."""
    await connection.execute("SELECT pg_advisory_lock($1)", MIGRATING)
    try:
        schema = current()
        while (version := await schema_version(connection)) < schema.latest:
            reached, statements = schema.upgrade(version, "postgresql")
            async with connection.transaction():
                if version == 0:
                    await connection.execute(schema.version_table)
                    await connection.execute("INSERT INTO schema_version (version) VALUES (0)")
                for statement in statements:
                    await connection.execute(statement)
                await connection.execute("UPDATE schema_version SET version = $1", reached)
        if version > schema.latest:
            raise DatabaseTooNew(version, schema.latest)
    finally:
        await connection.execute("SELECT pg_advisory_unlock($1)", MIGRATING)
