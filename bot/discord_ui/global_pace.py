"""The bot's own pace under Discord's global rate limit.

Discord lets a bot make 50 requests a second over all routes, the interaction endpoints
aside (callbacks, follow-ups and their edits), whichever of its processes makes them.
discord.py paces each route's bucket from the headers Discord sends, but learns of the
global limit only from a 429, after which it stops every request at once; and every 429
counts towards the invalid requests that get an IP banned. So each process keeps under
its share of the limit itself: the share its process holds in the database
(``bot.service.pace_grants``), which ``allow`` sets here.

A request is paced where aiohttp sends it (``wrapper``, the middleware of the bot's
session, which counts it into the operator's figures too), not where discord.py is
asked for it: a request asked for early may wait in its route's bucket, or behind a
busy event loop, and reach Discord in a later second than it was counted in. Discord
sees a request somewhere between its sending and its answer, so each one counts from
the moment it is sent until a second after its answer: then no second, wherever it
begins, holds more than the limit of them. The count is on the machine's monotonic
clock, which the wall clock being set back can't stretch.
"""

from __future__ import annotations

import asyncio
import math
from collections import deque

from aiohttp import ClientHandlerType, ClientMiddlewareType, ClientRequest, ClientResponse

from bot.clock import MONOTONIC, Clock
from bot.metrics.figures import Metrics
from bot.metrics.requests import API_PATH, RequestCounts
from bot.service.pace_grants import UNGRANTED

SECOND = 1.0
EXEMPT = ("/interactions/", "/webhooks/")
"""The interaction endpoints' paths (under /api/vN), which the global limit leaves out."""


class GlobalPace:
    """Keeps this process's own REST requests within its share of Discord's global limit
    of 50 a second, which discord.py meets only after a 429."""

    def __init__(
        self,
        limit: int = UNGRANTED,
        window: float = SECOND,
        *,
        clock: Clock = MONOTONIC,
        metrics: Metrics | None = None,
    ) -> None:
        """``limit``: requests in any ``window`` until ``allow`` says otherwise."""
        self.window = window
        self._clock = clock
        self._granted = limit
        self._until = math.inf
        self._fallback = limit
        self._in_flight = 0
        self._answered: deque[float] = deque()
        """When each request answered within the last ``window`` was answered."""
        self._sent: deque[float] = deque()
        """When each request sent within the last ``window`` was sent."""
        self._waiting = 0
        self._moved = asyncio.Event()
        """Set when a request is answered or the limit rises: a waiting request looks
        again."""
        self._turn = asyncio.Lock()
        self.waited = 0
        """How many requests had to wait their turn."""
        self._metrics = metrics
        if metrics is not None:
            metrics.pace_grant.set_function(lambda: self.limit)
            metrics.pace_demand.set_function(self.demand)

    @property
    def limit(self) -> int:
        """Requests allowed in any ``window`` now."""
        return self._granted if self._clock.now() < self._until else self._fallback

    def allow(self, limit: int, until: float = math.inf, fallback: int = UNGRANTED) -> None:
        """From now, ``limit`` requests in any ``window`` until ``until`` (on this pace's
        clock), ``fallback`` after it. A lower limit holds for the requests to come: those
        already counted leave the window as they age (``occupied``)."""
        raised = limit > self.limit or fallback > self._fallback
        self._granted, self._until, self._fallback = limit, until, fallback
        if raised:
            self._moved.set()

    def occupied(self) -> int:
        """The requests counted now: in flight, or answered within the last ``window``.
        No later moment counts more than this or the limit, whichever is larger."""
        self._forget(self._clock.now())
        return self._in_flight + len(self._answered)

    def demand(self) -> int:
        """The requests sent within the last ``window`` and those waiting now: what this
        process would have made in a second had it been free to."""
        self._forget(self._clock.now())
        return len(self._sent) + self._waiting

    def _forget(self, now: float) -> None:
        for times in (self._answered, self._sent):
            while times and times[0] <= now - self.window:
                times.popleft()

    async def wait(self) -> None:
        """Until one more request sent keeps the process within ``limit`` in any
        ``window``; the request counts from now until ``window`` after ``answered``."""
        asked = self._clock.now()
        # The turn is held only by a request that waits: one behind it waits too.
        waits = self._turn.locked()
        self._waiting += 1
        try:
            async with self._turn:
                while True:
                    now = self._clock.now()
                    self._forget(now)
                    if self._in_flight + len(self._answered) < self.limit:
                        break
                    waits = True
                    self._moved.clear()
                    # Until an answer comes, the limit rises, or the oldest answer leaves
                    # the window (a window on, with none to leave: to look at the limit).
                    ages_out = self._answered[0] if self._answered else now
                    await self._clock.sleep_until(ages_out + self.window, self._moved)
        finally:
            self._waiting -= 1
        self._in_flight += 1
        self._sent.append(now)
        if waits:
            self.waited += 1
            if self._metrics is not None:
                self._metrics.pace_wait_time.observe(now - asked)

    def answered(self) -> None:
        """A request let through by ``wait`` was answered (or failed)."""
        self._in_flight -= 1
        self._answered.append(self._clock.now())
        self._moved.set()


def wrapper(pace: GlobalPace | None, counts: RequestCounts | None) -> ClientMiddlewareType:
    """The middleware pacing each request of the API under ``pace`` (the interaction
    endpoints' aside) and counting each into ``counts``, in one place: aiohttp's trace
    signals did both before, 13 of them sent for every request to reach two listeners
    that needed only its start and its end. The gateway's connection goes as it is."""

    async def wrapped(request: ClientRequest, handler: ClientHandlerType) -> ClientResponse:
        path = request.url.path
        if not path.startswith(API_PATH):
            return await handler(request)
        pacing = None if pace is None or any(part in path for part in EXEMPT) else pace
        if pacing is not None:
            await pacing.wait()
        try:
            response = await handler(request)
        except BaseException:
            if counts is not None:
                counts.failed(request.method, path)
            raise
        finally:
            if pacing is not None:
                pacing.answered()
        if counts is not None:
            await counts.answered(request.method, path, response)
        return response

    return wrapped
