"""What a board's page asks, as the server reads it: each ask's fields taken only as the
page makes them, a connection's budget of asks, and its asks answered in turn while it is
read on."""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
from collections.abc import Awaitable, Callable
from typing import Any, TypeGuard

from aiohttp import WSMessage, WSMsgType, web

ASKS_AT_ONCE = 200
"""The most asks a connection may make at once: a page asks one at a time (a move waits
for its answer), a person clicking fast a few a second, a reconnection three (hello, list,
watch)."""
ASKS_WAITING = 8
"""A connection's asks read and not yet answered: a page asks one at a time (a move waits
for its answer), so more wait only for a page asking faster than it is answered, whose
reading then waits for its answers (``Asks`` bounds how fast it may ask)."""
ASKS_PER_SECOND = 20.0
"""How fast a connection's asks come back once spent: a rate no person keeps up, while a
page flooding the bot (each ask a read or a transaction) is closed within a second."""
PLAIN = re.compile(r"[!-~]{1,256}")
"""A token, an Activity instance's id or an authorization code as Discord makes them
(printable ASCII): anything else (a line break, a NUL, a lone surrogate) is never sent on
to Discord."""


class Asks:
    """One connection's budget of asks: ``ASKS_AT_ONCE`` at once, refilled at
    ``ASKS_PER_SECOND`` (a token bucket)."""

    def __init__(self, clock: Callable[[], float]) -> None:
        self._clock = clock
        self._left = float(ASKS_AT_ONCE)
        self._at = clock()

    def take(self) -> bool:
        """Whether one more ask is within the budget (then spent)."""
        now = self._clock()
        # A clock set back refills nothing.
        refilled = max(0.0, now - self._at) * ASKS_PER_SECOND
        self._left, self._at = min(float(ASKS_AT_ONCE), self._left + refilled), now
        if self._left < 1:
            return False
        self._left -= 1
        return True


class Answering:
    """One connection's asks answered one at a time, in the order they came, by their own
    task: the connection is read on meanwhile, so that a slow answer (a hint judged, a
    move's transaction) never keeps its pongs unheard."""

    def __init__(self, answer: Callable[[str], Awaitable[None]]) -> None:
        self._waiting: asyncio.Queue[str] = asyncio.Queue(ASKS_WAITING)
        self._answer = answer
        self._task = asyncio.create_task(self._answering())

    async def put(self, data: str) -> None:
        """An ask read, answered after those before it (waiting while ``ASKS_WAITING``
        are)."""
        await self._waiting.put(data)

    async def close(self, finish: bool) -> None:
        """No more asks are read: those read are answered first if ``finish`` (a move
        asked is never cut short, and a flood is answered up to its budget before its
        connection closes), else cancelled (the bot stops)."""
        if finish:
            await self._waiting.join()
        self._task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await self._task

    async def _answering(self) -> None:
        while True:
            data = await self._waiting.get()
            try:
                await self._answer(data)
            finally:
                self._waiting.task_done()


async def received(
    socket: web.WebSocketResponse, pong: Callable[[bytes], None] | None
) -> WSMessage:
    """The next message of the page's that isn't a ping or a pong: a ping is answered, a
    pong's payload told to ``pong`` (the viewer's pushes, ``Watcher.pong``)."""
    while True:
        message = await socket.receive()
        if message.type is WSMsgType.PING:
            await socket.pong(message.data)
        elif message.type is WSMsgType.PONG:
            if pong is not None:
                pong(message.data)
        else:
            return message


def parsed(data: str | bytes) -> dict[str, Any] | None:
    """A page's message as JSON's object, else ``None``: also when nested deeper than
    Python reads or holding a lone surrogate (which no UTF-8 can carry on)."""
    try:
        read = json.loads(data)
        json.dumps(read, ensure_ascii=False).encode()
    except (ValueError, RecursionError):
        return None
    return read if isinstance(read, dict) else None


def number(value: object) -> int | None:
    """An id, version or key as the database holds one (64 bits), else ``None``."""
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 2**63:
        return value
    return None


def intent(value: object) -> TypeGuard[str]:
    """A choice's intent as a game's face makes them (a hundred characters at most)."""
    return isinstance(value, str) and 0 < len(value) <= 100


def plain(*values: object) -> bool:
    """Whether each of ``values`` is a string as Discord makes its tokens and ids
    (``PLAIN``)."""
    return all(isinstance(v, str) and PLAIN.fullmatch(v) for v in values)


def locale(value: object) -> str | None:
    """A locale as a page says one (``de``, ``pt-BR``), else ``None``."""
    return value if isinstance(value, str) and len(value) <= 16 else None
