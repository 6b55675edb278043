"""SQLite connections, each on a thread of its own that runs whole transactions.

aiosqlite makes every statement a trip from the event loop to its thread and back. A
move's transaction (BEGIN, two writes, COMMIT) held the file's write lock over four
trips, and under load every trip waits for the loop's turn and for the interpreter
lock: at 200 games the writer was busy 90% of the time, and a click waited 650 ms for
it; reads queued the same way for the two read connections. Here a transaction goes to
a thread as one piece of work: its body, the same query code PostgreSQL runs, is driven
to its end on the thread, and the transactions that queued meanwhile go in the same
trip, each in its own transaction.
"""

from __future__ import annotations

import asyncio
import contextlib
import queue
import sqlite3
import threading
from collections.abc import Callable, Coroutine, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from bot.storage.connection import Connection, Row, named_rows
from bot.storage.database import Body, BodyWaited
from bot.storage.sqlite_dialect import SQLiteDialect

T = TypeVar("T")


def finished(body: Coroutine[Any, Any, T]) -> T:
    """Runs a coroutine that never waits (its connection's statements complete at once)
    to its end, here and now."""
    try:
        body.send(None)
    except StopIteration as done:
        return done.value  # type: ignore[no-any-return]
    body.close()
    raise BodyWaited(f"{body!r} waited for something other than its statements")


class ThreadConnection(SQLiteDialect, Connection):
    """A connection as a transaction's body sees it, on the connection's thread: its
    statements are done by the time they are awaited."""

    def __init__(self, raw: sqlite3.Connection) -> None:
        self.raw = raw

    async def fetch(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        return named_rows(self.raw.execute(sql, params).fetchall())

    async def execute(self, sql: str, params: Sequence[Any] = ()) -> int:
        return self.raw.execute(sql, params).rowcount

    async def executemany(self, sql: str, rows: Iterable[Sequence[Any]]) -> None:
        self.raw.executemany(sql, rows)


@dataclass(eq=False)
class _Job(Generic[T]):
    work: Callable[[sqlite3.Connection], T]
    done: asyncio.Future[T]
    abandoned: bool = field(default=False)
    """Its caller stopped waiting (cancelled) before it began: it is not run at all."""


class ConnectionThreads:
    """Threads that each own one of ``connections`` and run the transactions given them,
    in the order given (one connection: one after another)."""

    def __init__(self, name: str, connections: Sequence[sqlite3.Connection]) -> None:
        self._loop = asyncio.get_running_loop()
        self._connections = tuple(connections)
        self._jobs: queue.SimpleQueue[_Job[Any] | None] = queue.SimpleQueue()
        self._closed = False
        self._threads = [
            threading.Thread(target=self._serve, args=(raw,), name=f"{name}-{n}", daemon=True)
            for n, raw in enumerate(connections)
        ]
        for thread in self._threads:
            thread.start()

    async def transaction(self, body: Body[T], begin: str | None) -> T:
        """Runs ``body`` in a transaction begun by ``begin`` (``None``: its statements
        commit one by one), committed if it returns and rolled back if it raises."""

        def work(raw: sqlite3.Connection) -> T:
            if begin is None:
                return finished(body(ThreadConnection(raw)))
            raw.execute(begin)
            try:
                value = finished(body(ThreadConnection(raw)))
                raw.execute("COMMIT")
            except BaseException:
                # Also after a failed COMMIT (a full disk), which may leave it open, and
                # every later BEGIN would fail with it.
                if raw.in_transaction:
                    raw.execute("ROLLBACK")
                raise
            return value

        return await self.call(work)

    async def call(self, work: Callable[[sqlite3.Connection], T]) -> T:
        """Runs ``work`` with a connection on its thread, between transactions."""
        if self._closed:
            raise sqlite3.ProgrammingError("the database is closed")
        job: _Job[T] = _Job(work, self._loop.create_future())
        self._jobs.put(job)
        try:
            return await job.done
        except asyncio.CancelledError:
            job.abandoned = True
            raise

    async def close(self) -> None:
        """Runs what was given them, ends the threads, then closes the connections one after
        another: only a connection that closes as the file's last folds its write-ahead log
        back in, which two closing at once may each miss, leaving the log behind."""
        if self._closed:
            return
        self._closed = True
        for _ in self._threads:
            self._jobs.put(None)
        for thread in self._threads:
            await asyncio.to_thread(thread.join)
        for raw in self._connections:
            await asyncio.to_thread(raw.close)

    def each(self, work: Callable[[sqlite3.Connection], object]) -> None:
        """Runs ``work`` with every connection, here: for what SQLite lets any thread do
        at any time (its connections are serialized), such as tracing statements."""
        for raw in self._connections:
            work(raw)

    def _next_job(self) -> _Job[Any] | None:
        """The next job given, waiting for one: a function of its own so that a profile
        (``bench.profile``) can tell a thread waiting here from one running a job, which
        py-spy, seeing only the innermost Python frame, can't."""
        return self._jobs.get()

    def _serve(self, raw: sqlite3.Connection) -> None:
        while True:
            # Each thread takes one None, its own signal to stop.
            batch = [self._next_job()]
            try:
                while batch[-1] is not None:
                    batch.append(self._jobs.get_nowait())
            except queue.Empty:
                pass
            results = [_run(raw, job) for job in batch if job is not None]
            if results:
                # A loop that is closed already has nobody waiting for these.
                with contextlib.suppress(RuntimeError):
                    self._loop.call_soon_threadsafe(_settle, results)
            if batch[-1] is None:
                return


def _run(raw: sqlite3.Connection, job: _Job[T]) -> tuple[_Job[T], T | None, BaseException | None]:
    if job.abandoned:
        return job, None, None
    try:
        return job, job.work(raw), None
    except BaseException as error:
        # Whatever a transaction raises (a cancellation included) is its caller's; the
        # thread goes on serving.
        return job, None, error


def _settle(results: list[tuple[_Job[Any], Any, BaseException | None]]) -> None:
    for job, value, error in results:
        if job.done.cancelled():
            continue
        if error is not None:
            job.done.set_exception(error)
        else:
            job.done.set_result(value)
