"""The bot's discord.py client with an HTTP client of its own, whose aiohttp session
sends every request through the bot's wrapper (``global_pace.wrapper``, aiohttp's client
middleware): discord.py makes its session itself, with a trace config if given one but
never a middleware."""

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


class WrappedHTTPClient(discord.http.HTTPClient):
    """discord.py's HTTP client, whose session sends every request through ``middleware``."""

    def __init__(self, loop: asyncio.AbstractEventLoop, middleware: ClientMiddlewareType) -> None:
        super().__init__(loop)
        self._middleware = middleware

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
