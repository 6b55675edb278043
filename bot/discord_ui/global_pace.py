"""The bot's own pace under Discord's global rate limit.

Discord lets a bot make 50 requests a second over all routes, the interaction endpoints
aside (answers, follow-ups and their edits go through their own webhook sessions in
discord.py, not this client). discord.py paces each route's bucket from the headers
Discord sends, but learns of the global limit only from a 429, after which it stops
every request at once; and every 429 counts towards the invalid requests that get an IP
banned. So the bot keeps under the limit itself: a request that would be the 51st in a
second waits until the oldest of them is a second old.
"""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import Awaitable, Callable
from typing import Any

import discord

PER_SECOND = 45
"""Requests let through in any one second: Discord's 50, less a margin for the clocks of
the two ends disagreeing on where a second begins."""
SECOND = 1.0


class GlobalPace:
    def __init__(self, limit: int = PER_SECOND, window: float = SECOND) -> None:
        self.limit = limit
        self.window = window
        self._sent: deque[float] = deque()
        self._turn = asyncio.Lock()
        self.waited = 0
        """How many requests had to wait their turn."""

    async def wait(self) -> None:
        """Until one more request keeps the bot within ``limit`` in any ``window``."""
        async with self._turn:
            loop = asyncio.get_running_loop()
            while True:
                now = loop.time()
                while self._sent and self._sent[0] <= now - self.window:
                    self._sent.popleft()
                if len(self._sent) < self.limit:
                    self._sent.append(now)
                    return
                self.waited += 1
                await asyncio.sleep(self._sent[0] + self.window - now)


def pace_requests(client: discord.Client, pace: GlobalPace) -> None:
    """Every REST request of ``client`` waits its turn under ``pace`` first."""
    request: Callable[..., Awaitable[Any]] = client.http.request

    async def paced(route: discord.http.Route, **kwargs: Any) -> Any:
        await pace.wait()
        return await request(route, **kwargs)

    # An instance attribute: discord.py calls self.request for every route.
    setattr(client.http, "request", paced)  # noqa: B010
