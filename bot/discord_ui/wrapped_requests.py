"""Every request the bot's aiohttp sessions send to Discord's API goes through one wrapper
(aiohttp's client middleware): paced under Discord's global limit (``global_pace``) and
counted into the operator's figures (``bot.metrics.requests``), in one place.

aiohttp's trace signals did both before, 13 of them sent for every request (its start,
its connection's steps, its headers, its end) to reach the two listeners that needed
only its start and its end. discord.py makes its session itself, with a trace config
if given one but never a middleware, so the bot's client has an HTTP client of its own
(``WrappedHTTPClient``), whose session is made with the wrapper."""

from __future__ import annotations

import asyncio

import aiohttp
import discord
from aiohttp import ClientHandlerType, ClientMiddlewareType, ClientRequest, ClientResponse
from discord.gateway import DiscordClientWebSocketResponse
from discord.http import Route
from discord.types.user import User
from discord.utils import MISSING

from bot.discord_ui.global_pace import GlobalPace, paced
from bot.metrics.requests import API_PATH, RequestCounts


def wrapper(pace: GlobalPace | None, counts: RequestCounts | None) -> ClientMiddlewareType:
    """The middleware pacing each request of the API under ``pace`` (the interactions'
    aside) and counting each into ``counts``; the gateway's connection goes as it is."""

    async def wrapped(request: ClientRequest, handler: ClientHandlerType) -> ClientResponse:
        path = request.url.path
        if not path.startswith(API_PATH):
            return await handler(request)
        pacing = pace if pace is not None and paced(path) else None
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
        # discord.py (2.7) makes its session here, with no way to give it a middleware:
        # made here as discord.py makes it but with the wrapper, and logged in as there.
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
