"""Failures a test asks for: the next requests on a route answered with an error status
instead of being handled, a rate limit looking exactly like Discord's so that discord.py
waits and retries; or handled first and only their answer lost (``made``), as when
Discord made a message and then failed to say so."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass, field
from http import HTTPStatus

from aiohttp import web

from emulator.rate_limits import RATE_LIMITED, bucket_hash, too_many_requests
from emulator.responses import json_response


@dataclass(eq=False)
class Fault:
    route: str
    """"METHOD /path-template", as the emulator registers it without /api/v10."""
    status: int
    times: int
    retry_after: float
    """Seconds a 429 tells the client to wait."""
    is_global: bool
    when: Callable[[web.Request], bool] | None
    made: bool = False
    """Whether the request is handled first (what it makes, made) and only its answer
    replaced by the error."""
    then: Callable[[], None] | None = None
    """Done as it answers: once the request was handled, when ``made`` (a test's kill of
    the client at that moment, say)."""
    hits: int = 0
    """How many requests it has answered."""
    used_up: asyncio.Event = field(default_factory=asyncio.Event)
    """Set once it has answered ``times`` requests."""

    def applies_to(self, route: str | None, request: web.Request) -> bool:
        if self.hits >= self.times or route != self.route:
            return False
        return self.when is None or self.when(request)

    async def wait(self) -> None:
        """Until it has answered all its ``times`` requests."""
        await self.used_up.wait()

    def answer(self, now: float) -> web.Response:
        """Its answer, at ``now`` on the emulator's clock."""
        self.hits += 1
        if self.hits >= self.times:
            self.used_up.set()
        if self.then is not None:
            self.then()
        if self.status == RATE_LIMITED:
            return self._rate_limited(now)
        reason = f"{self.status}: {HTTPStatus(self.status).phrase}"
        return json_response({"message": reason, "code": 0}, self.status)

    def _rate_limited(self, now: float) -> web.Response:
        headers = {
            "X-RateLimit-Limit": "5",
            "X-RateLimit-Remaining": "0",
            "X-RateLimit-Reset": f"{now + self.retry_after:.3f}",
            "X-RateLimit-Reset-After": f"{self.retry_after:.3f}",
            # The route's bucket, as its other answers name it: discord.py keeps its
            # pacing of the route.
            "X-RateLimit-Bucket": bucket_hash(self.route),
        }
        return too_many_requests(self.retry_after, "global" if self.is_global else "user", headers)
