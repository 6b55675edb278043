"""Discord's proxy in front of the Activity, played by the sandbox page's own server.

Discord serves an Activity from ``https://<app id>.discordsays.com``, whose proxy forwards
every request, WebSocket upgrades included, to the host the app's URL mapping names for
its path (``/`` -> the app's host; Activities, Local Development: "URL Mapping"). The
sandbox maps ``/activity/`` to the bot's Activity server the same way, so the Activity
runs on the page's own origin: the SDK takes postMessage only from its own origin or
Discord's (``ALLOWED_ORIGINS`` in embedded-app-sdk's ``Discord.ts``), and the page plays
Discord's part in the frame around it (``static/activity.js``).

Everything passes as it came, but what belongs to one connection alone (RFC 9110 §7.6.1:
``Connection`` and the headers it names, ``Keep-Alive``, ``Transfer-Encoding``, ...) and
the ``Host``, which becomes the mapped host's, as a proxy's does. Bodies are passed still
compressed, as they were sent. On a WebSocket each message goes on in order, and a close
from either end closes the other with the same code and reason. When the Activity's end
vanishes without a close frame, the browser's connection drops too, so that it sees 1006;
a browser that vanishes is told to the Activity as going away (1001), since no client can
send 1006. The page's own guard (``web.only_this_page``) stands in
front of this as of every route: the Activity is the page's own origin, so its requests
pass, and no other site's do.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

import aiohttp
from aiohttp import WSMsgType, hdrs, web
from multidict import CIMultiDict, CIMultiDictProxy
from yarl import URL

log = logging.getLogger(__name__)

PREFIX = "/activity/"
"""Where the page maps the Activity, as an app's URL mapping maps ``/``."""
TARGET_HOST = "127.0.0.1"
HOP_BY_HOP = frozenset(
    {
        "connection",
        "keep-alive",
        "proxy-authenticate",
        "proxy-authorization",
        "proxy-connection",
        "te",
        "trailer",
        "transfer-encoding",
        "upgrade",
        "host",
    }
)
HANDSHAKE = frozenset(
    {
        "sec-websocket-key",
        "sec-websocket-version",
        "sec-websocket-extensions",
        "sec-websocket-protocol",
        "sec-websocket-accept",
    }
)
"""A WebSocket's opening headers: each leg of the proxied socket makes its own."""
CONNECT_SECONDS = 10.0
NO_CODE = 0
"""aiohttp's code for a close frame that carried none."""

TargetPort = Callable[[], int | None]
"""The port the Activity is served on at 127.0.0.1, once the sandbox knows it."""


class ActivityProxy:
    def __init__(self, target_port: TargetPort) -> None:
        self._target_port = target_port
        self._session: aiohttp.ClientSession | None = None
        self._sockets: set[tuple[web.WebSocketResponse, aiohttp.ClientWebSocketResponse]] = set()

    def add_routes(self, router: web.UrlDispatcher) -> None:
        router.add_route("*", PREFIX + "{tail:.*}", self.forward)

    async def close(self) -> None:
        """Closes the WebSockets it carries (as going away) and its client."""
        for browser, upstream in list(self._sockets):
            await upstream.close(code=aiohttp.WSCloseCode.GOING_AWAY)
            await browser.close(code=aiohttp.WSCloseCode.GOING_AWAY)
        if self._session is not None:
            await self._session.close()

    async def forward(self, request: web.Request) -> web.StreamResponse:
        port = self._target_port()
        if port is None:
            raise web.HTTPBadGateway(text="The sandbox serves no Activity.")
        # The raw path: a percent-encoded character reaches the Activity as it was sent.
        tail = request.rel_url.raw_path[len(PREFIX) - 1 :]
        url = URL.build(
            scheme="http",
            host=TARGET_HOST,
            port=port,
            path=tail,
            query_string=request.rel_url.raw_query_string,
            encoded=True,
        )
        if web.WebSocketResponse().can_prepare(request).ok:
            return await self._websocket(request, url)
        return await self._http(request, url)

    def _client(self) -> aiohttp.ClientSession:
        if self._session is None:
            self._session = aiohttp.ClientSession(
                # What the Activity sends compressed reaches the browser compressed.
                auto_decompress=False,
                timeout=aiohttp.ClientTimeout(total=None, sock_connect=CONNECT_SECONDS),
                cookie_jar=aiohttp.DummyCookieJar(),
                skip_auto_headers=(hdrs.USER_AGENT, hdrs.ACCEPT, hdrs.ACCEPT_ENCODING),
            )
        return self._session

    async def _http(self, request: web.Request, url: URL) -> web.StreamResponse:
        body = await request.read() if request.body_exists else None
        try:
            async with self._client().request(
                request.method,
                url,
                headers=end_to_end(request.headers),
                data=body,
                allow_redirects=False,
            ) as answer:
                response = web.StreamResponse(
                    status=answer.status, reason=answer.reason, headers=end_to_end(answer.headers)
                )
                await response.prepare(request)
                async for chunk in answer.content.iter_any():
                    await response.write(chunk)
                await response.write_eof()
                return response
        except aiohttp.ClientConnectionError as error:
            log.info("the Activity didn't answer %s %s: %r", request.method, url, error)
            raise web.HTTPBadGateway(text="The Activity's server didn't answer.") from None

    async def _websocket(self, request: web.Request, url: URL) -> web.StreamResponse:
        offered = request.headers.get(hdrs.SEC_WEBSOCKET_PROTOCOL, "")
        protocols = [p.strip() for p in offered.split(",") if p.strip()]
        headers = end_to_end(request.headers)
        for name in HANDSHAKE:
            headers.popall(name, None)
        try:
            upstream = await self._client().ws_connect(
                url, protocols=protocols, headers=headers, max_msg_size=0
            )
        except aiohttp.WSServerHandshakeError as refused:
            # The Activity's own refusal of the upgrade, as it gave it.
            return web.Response(status=refused.status, text=refused.message)
        except aiohttp.ClientConnectionError as error:
            log.info("the Activity didn't take a WebSocket at %s: %r", url, error)
            raise web.HTTPBadGateway(text="The Activity's server didn't answer.") from None
        chosen = (upstream.protocol,) if upstream.protocol else ()
        browser = web.WebSocketResponse(protocols=chosen, max_msg_size=0)
        await browser.prepare(request)
        pair = (browser, upstream)
        self._sockets.add(pair)
        try:
            await asyncio.gather(
                _relay(browser, upstream, lambda: _leave(upstream)),
                _relay(upstream, browser, lambda: _drop(request)),
            )
        finally:
            self._sockets.discard(pair)
            await upstream.close()
        return browser


Socket = web.WebSocketResponse | aiohttp.ClientWebSocketResponse


async def _relay(source: Socket, sink: Socket, vanished: Callable[[], Awaitable[None]]) -> None:
    """Passes on what ``source`` sends until it closes: its close closes ``sink`` alike."""
    while True:
        message = await source.receive()
        if message.type in (WSMsgType.TEXT, WSMsgType.BINARY):
            if not await _passed_on(message, sink):
                return
        elif message.type is WSMsgType.CLOSE:
            # A close frame without a code can't be passed on as one: aiohttp always
            # writes a code, so it goes on as a normal closure.
            code = message.data if message.data != NO_CODE else aiohttp.WSCloseCode.OK
            await sink.close(code=code, message=(message.extra or "").encode())
            return
        elif message.type is WSMsgType.CLOSING:
            return  # ``sink``'s relay is closing ``source``, for the other end.
        else:
            # Gone without a close frame (CLOSED, or ERROR).
            if not sink.closed:
                await vanished()
            return


async def _passed_on(message: aiohttp.WSMessage, sink: Socket) -> bool:
    """Sends a text or binary message on; False once ``sink`` is closing, which its own
    relay passes on to the other end."""
    try:
        if message.type is WSMsgType.TEXT:
            await sink.send_str(message.data)
        else:
            await sink.send_bytes(message.data)
    except ConnectionResetError:
        return False
    return True


async def _drop(request: web.Request) -> None:
    """The browser's connection drops, as a proxy's does when the server behind it went
    away: the browser sees 1006, as the proxy saw."""
    if request.transport is not None:
        request.transport.abort()


async def _leave(upstream: aiohttp.ClientWebSocketResponse) -> None:
    """The browser went away without a word: the Activity is told so (1001), the nearest
    a client can say of a connection that dropped."""
    await upstream.close(code=aiohttp.WSCloseCode.GOING_AWAY)


def end_to_end(headers: CIMultiDictProxy[str] | CIMultiDict[str]) -> CIMultiDict[str]:
    """The headers without those of one connection alone: the hop-by-hop ones, those that
    ``Connection`` names, and the ``Host``."""
    named = {
        token.strip().lower()
        for value in headers.getall(hdrs.CONNECTION, ())
        for token in value.split(",")
    }
    return CIMultiDict(
        (name, value)
        for name, value in headers.items()
        if name.lower() not in HOP_BY_HOP and name.lower() not in named
    )
