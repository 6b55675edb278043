"""The bot's own pace under Discord's global rate limit.

Discord lets a bot make 50 requests a second over all routes, the interaction endpoints
aside (callbacks, follow-ups and their edits). discord.py paces each route's bucket from
the headers Discord sends, but learns of the global limit only from a 429, after which
it stops every request at once; and every 429 counts towards the invalid requests that
get an IP banned. So the bot keeps under the limit itself.

A request is paced where aiohttp sends it, not where discord.py is asked for it: a
request asked for early may wait in its route's bucket, or behind a busy event loop,
and reach Discord in a later second than it was counted in. Discord sees a request
somewhere between its sending and its answer, so each one counts from the moment it is
sent until a second after its answer: then no second, wherever it begins, holds more
than the limit of them.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections import deque
from types import SimpleNamespace

import aiohttp

PER_SECOND = 45
"""Requests in any one second: Discord's 50, less a margin for the clocks of the two ends
disagreeing on where a second begins."""
SECOND = 1.0
EXEMPT = ("/interactions/", "/webhooks/")
"""The interaction endpoints' paths (under /api/vN), which the global limit leaves out."""


class GlobalPace:
    """Keeps the bot's own REST requests under Discord's global limit of 50 a second, which
    discord.py meets only after a 429."""

    def __init__(self, limit: int = PER_SECOND, window: float = SECOND) -> None:
        self.limit = limit
        self.window = window
        self._in_flight = 0
        self._answered: deque[float] = deque()
        """When each request answered within the last ``window`` was answered."""
        self._answer = asyncio.Event()
        self._turn = asyncio.Lock()
        self.waited = 0
        """How many requests had to wait their turn."""

    async def wait(self) -> None:
        """Until one more request sent keeps the bot within ``limit`` in any ``window``;
        the request counts from now until ``window`` after ``answered``."""
        async with self._turn:
            loop = asyncio.get_running_loop()
            while True:
                now = loop.time()
                while self._answered and self._answered[0] <= now - self.window:
                    self._answered.popleft()
                if self._in_flight + len(self._answered) < self.limit:
                    self._in_flight += 1
                    return
                self.waited += 1
                self._answer.clear()
                # Until an answer comes, or the oldest one leaves the window.
                ages_out = self._answered[0] + self.window - now if self._answered else None
                with contextlib.suppress(TimeoutError):
                    async with asyncio.timeout(ages_out):
                        await self._answer.wait()

    def answered(self) -> None:
        """A request let through by ``wait`` was answered (or failed)."""
        self._in_flight -= 1
        self._answered.append(asyncio.get_running_loop().time())
        self._answer.set()

    def trace_config(self) -> aiohttp.TraceConfig:
        """Paces every request of the aiohttp session it is given to (discord.py's
        ``http_trace``) that counts towards the global limit."""
        config = aiohttp.TraceConfig()

        async def start(
            session: aiohttp.ClientSession,
            context: SimpleNamespace,
            params: aiohttp.TraceRequestStartParams,
        ) -> None:
            path = params.url.path
            if path.startswith("/api/v") and not any(part in path for part in EXEMPT):
                await self.wait()
                context.paced = True

        async def end(
            session: aiohttp.ClientSession,
            context: SimpleNamespace,
            params: aiohttp.TraceRequestEndParams | aiohttp.TraceRequestExceptionParams,
        ) -> None:
            # A failure after its answer came is told of as well: counted once.
            if getattr(context, "paced", False):
                context.paced = False
                self.answered()

        config.on_request_start.append(start)
        config.on_request_end.append(end)
        config.on_request_exception.append(end)
        return config
