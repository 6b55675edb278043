"""A TCP proxy in front of PostgreSQL that loses what a test asks it to lose.

It reads PostgreSQL's wire protocol just enough to see which statements a transaction
runs (a simple query, or a prepared statement bound by name, as asyncpg caches them), a
``COMMIT`` go by and the server's answer to it, so that a test can have, for the next
transaction that runs a given statement:

- the answer to its COMMIT lost: the server committed, the client never hears it (the
  connection drops just then) — the outcome the client can't know;
- its COMMIT itself lost: the connection drops before the server sees it, so the server
  rolls the transaction back;

and new connections refused, as while the server is down.
"""

from __future__ import annotations

import asyncio
import contextlib
import struct
from dataclasses import dataclass, field

SSL_REQUEST = 80877103
GSSENC_REQUEST = 80877104


@dataclass(eq=False)
class _Pair:
    client: asyncio.StreamWriter
    server: asyncio.StreamWriter
    statements: dict[bytes, bytes] = field(default_factory=dict)
    """The connection's prepared statements' text, by name."""
    marked: bool = False
    """Its transaction ran the statement a loss is aimed at."""
    commit_sent: bool = False
    """Its COMMIT went to the server with its answer to be lost."""


@dataclass
class PostgresProxy:
    upstream_port: int
    port: int = 0
    _lose_answer: bytes | None = None
    _lose_commit: bytes | None = None
    _then_refuse: bool = False
    refusing: bool = False
    """New connections are closed at once, as by a server that is down."""
    lost: asyncio.Event = field(default_factory=asyncio.Event)
    """Set once a COMMIT or its answer has been lost as asked."""
    _server: asyncio.Server | None = None
    _pairs: set[_Pair] = field(default_factory=set)

    async def start(self) -> None:
        self._server = await asyncio.start_server(self._connected, "127.0.0.1", 0)
        self.port = self._server.sockets[0].getsockname()[1]

    async def close(self) -> None:
        if self._server is not None:
            self._server.close()
            await self._server.wait_closed()
        self.cut_every_connection()

    def url(self, database_url: str) -> str:
        """``database_url`` (on the cluster) through the proxy."""
        return database_url.replace(f":{self.upstream_port}/", f":{self.port}/")

    def lose_next_commit_answer(self, of: str, *, then_refuse: bool = False) -> None:
        """The answer to the COMMIT of the next transaction that runs a statement with
        ``of`` in it is lost; with ``then_refuse``, every connection drops with it and new
        ones are refused (the server seems down) until ``refusing`` is set false."""
        self.lost.clear()
        self._lose_answer = of.encode()
        self._then_refuse = then_refuse

    def lose_next_commit(self, of: str) -> None:
        """The COMMIT of the next transaction that runs a statement with ``of`` in it is
        lost on its way."""
        self.lost.clear()
        self._lose_commit = of.encode()

    def cut_every_connection(self) -> None:
        for pair in list(self._pairs):
            _close(pair)

    async def _connected(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        if self.refusing:
            writer.close()
            return
        try:
            upstream_reader, upstream_writer = await asyncio.open_connection(
                "127.0.0.1", self.upstream_port
            )
        except OSError:
            writer.close()
            return
        pair = _Pair(writer, upstream_writer)
        self._pairs.add(pair)
        pumps: list[asyncio.Task[None]] = []
        try:
            await self._start_up(reader, upstream_reader, pair)
            pumps = [
                asyncio.create_task(self._from_client(reader, pair)),
                asyncio.create_task(self._from_server(upstream_reader, pair)),
            ]
            # Either side ending (or cut) ends the connection.
            await asyncio.wait(pumps, return_when=asyncio.FIRST_COMPLETED)
        except (OSError, asyncio.IncompleteReadError):
            pass
        finally:
            for pump in pumps:
                pump.cancel()
            await asyncio.gather(*pumps, return_exceptions=True)
            _close(pair)
            self._pairs.discard(pair)

    async def _start_up(
        self, client: asyncio.StreamReader, server: asyncio.StreamReader, pair: _Pair
    ) -> None:
        """The untyped start of a session: encryption requests (refused by a server
        without them, with one byte) and the startup message."""
        while True:
            head = await client.readexactly(8)
            length, code = struct.unpack("!ii", head)
            pair.server.write(head + await client.readexactly(length - 8))
            if code not in (SSL_REQUEST, GSSENC_REQUEST):
                return
            answer = await server.readexactly(1)
            pair.client.write(answer)
            if answer != b"N":
                raise OSError("the proxy can't pass an encrypted session through")

    async def _from_client(self, reader: asyncio.StreamReader, pair: _Pair) -> None:
        while True:
            kind, body = await _message(reader)
            self._note(pair, kind, body)
            if kind == b"Q" and body.startswith(b"COMMIT"):
                marked, pair.marked = pair.marked, False
                if marked and self._lose_commit is not None:
                    self._lose_commit = None
                    self.lost.set()
                    _close(pair)
                    return
                if marked and self._lose_answer is not None:
                    self._lose_answer = None
                    pair.commit_sent = True
            pair.server.write(_frame(kind, body))
            await pair.server.drain()

    def _note(self, pair: _Pair, kind: bytes, body: bytes) -> None:
        """Notes whether the connection's transaction runs the statement aimed at."""
        aimed = [of for of in (self._lose_answer, self._lose_commit) if of is not None]
        if kind == b"Q":
            if body.startswith((b"BEGIN", b"ROLLBACK")):
                pair.marked = False
            sql = body
        elif kind == b"P":
            name, sql, _ = body.split(b"\0", 2)
            pair.statements[name] = sql
        elif kind == b"B":
            _, name, _ = body.split(b"\0", 2)
            sql = pair.statements.get(name, b"")
        else:
            return
        if any(of in sql for of in aimed):
            pair.marked = True

    async def _from_server(self, reader: asyncio.StreamReader, pair: _Pair) -> None:
        while True:
            kind, body = await _message(reader)
            if pair.commit_sent and kind == b"C" and body.startswith(b"COMMIT"):
                # The server has committed; its answer goes nowhere.
                if self._then_refuse:
                    self.refusing = True
                    self.cut_every_connection()
                self.lost.set()
                _close(pair)
                return
            pair.client.write(_frame(kind, body))
            await pair.client.drain()


async def _message(reader: asyncio.StreamReader) -> tuple[bytes, bytes]:
    kind = await reader.readexactly(1)
    (length,) = struct.unpack("!i", await reader.readexactly(4))
    return kind, await reader.readexactly(length - 4)


def _frame(kind: bytes, body: bytes) -> bytes:
    return kind + struct.pack("!i", len(body) + 4) + body


def _close(pair: _Pair) -> None:
    for writer in (pair.client, pair.server):
        with contextlib.suppress(Exception):
            writer.close()
