"""The bot's discord.py client with an HTTP client of its own, whose aiohttp session
sends every request through the bot's wrapper (``global_pace.wrapper``, aiohttp's client
middleware): discord.py makes its session itself, with a trace config if given one but
never a middleware. It also lets go of its rate-limit buckets at a cost that does not
grow with them (``WrappedHTTPClient._try_clear_expired_ratelimits``)."""

from __future__ import annotations

import asyncio

import aiohttp
import discord
from aiohttp import ClientMiddlewareType
from discord.gateway import DiscordClientWebSocketResponse
from discord.http import Route
from discord.types.user import User
from discord.utils import MISSING


def wrap_requests(client: discord.Client, middleware: ClientMiddlewareType) -> None:
    """Sends every request of ``client`` through ``middleware``, from its login on: its
    HTTP client (which the client and its state both hold) becomes one that makes its
    session with the middleware."""
    client.http = WrappedHTTPClient(client.loop, middleware)
    client._connection.http = client.http


SWEPT_FROM = 256
"""discord.py's own: below this many rate-limit buckets, none is let go."""


class WrappedHTTPClient(discord.http.HTTPClient):
    """discord.py's HTTP client, whose session sends every request through ``middleware``."""

    def __init__(self, loop: asyncio.AbstractEventLoop, middleware: ClientMiddlewareType) -> None:
        super().__init__(loop)
        self._middleware = middleware
        self._kept_after_sweep = 0
        """The buckets the last sweep kept (those still active)."""

    def _try_clear_expired_ratelimits(self) -> None:
        """Lets go of the buckets idle for 5 minutes, as discord.py (2.7) does, but only
        once the buckets have doubled since the last sweep. discord.py sweeps at every new
        bucket past 256, and a bot has one per channel and one per interaction's token:
        each new one cost a look at every bucket kept (144,300 at 200 games in 40 s, more
        the longer the bot runs). Now a new bucket costs a look at two, amortized, and the
        buckets kept are at most twice those still active."""
        if len(self._buckets) < max(SWEPT_FROM, 2 * self._kept_after_sweep):
            return
        super()._try_clear_expired_ratelimits()
        self._kept_after_sweep = len(self._buckets)

    async def static_login(self, token: str) -> User:
        """Makes the session, with the middleware, and logs in: discord.py's own (2.7)
        as it is, but for the middleware, which it has no way to be given."""
        if self.connector is MISSING:
            self.connector = aiohttp.TCPConnector(limit=0)
        self._HTTPClient__session = aiohttp.ClientSession(
            connector=self.connector,
            ws_response_class=DiscordClientWebSocketResponse,
            cookie_jar=aiohttp.DummyCookieJar(),
            middlewares=(self._middleware,),
        )
        self._global_over = asyncio.Event()
        self._global_over.set()
        old_token, self.token = self.token, token
        try:
            user: User = await self.request(Route("GET", "/users/@me"))
        except discord.HTTPException as error:
            self.token = old_token
            if error.status == 401:
                raise discord.LoginFailure("Improper token has been passed.") from error
            raise
        return user
