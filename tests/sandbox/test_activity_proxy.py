"""The page's server plays Discord's proxy for the Activity: ``/activity/`` and everything
under it reach the Activity's server as they were sent (any method, body, headers, the
raw path and query), its answers come back as it gave them (compressed bodies too), and
a WebSocket is carried both ways with its close codes and reasons; all behind the page's
own guard. Here over a tiny server standing for the Activity's."""

from __future__ import annotations

import asyncio
import contextlib
import gzip
import json
import socket
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import Any

import aiohttp
import pytest
import pytest_asyncio
from aiohttp import WSMsgType, web

from emulator import DiscordEmulator
from sandbox.web import SandboxPage
from tests.quick_limits import QUICK_LIMITS
from tests.sandbox.pages import page_with_board

FOREIGN = "http://evil.example"
WAIT = 10.0
"""A safety net for a hang: every frame here comes at once."""
SCRIPT = b"console.log('the board');\n" * 40


@dataclass
class Upstream:
    """What the server standing for the Activity's was asked, and how its WebSockets
    were closed by the other end."""

    port: int = 0
    asked: list[dict[str, Any]] = field(default_factory=list)
    closes: asyncio.Queue[tuple[int | None, str]] = field(default_factory=asyncio.Queue)

    def app(self) -> web.Application:
        app = web.Application()
        app.router.add_get("/", self.index)
        app.router.add_get("/app.js", self.script)
        app.router.add_get("/live", self.live)
        app.router.add_get("/no-socket", self.no_socket)
        app.router.add_route("*", "/echo/{tail:.*}", self.echo)
        return app

    async def index(self, request: web.Request) -> web.Response:
        return web.Response(text="<p>the board</p>", content_type="text/html")

    async def script(self, request: web.Request) -> web.Response:
        return web.Response(
            body=gzip.compress(SCRIPT),
            headers={"Content-Type": "text/javascript", "Content-Encoding": "gzip"},
        )

    async def echo(self, request: web.Request) -> web.Response:
        self.asked.append(
            {
                "method": request.method,
                "path": request.rel_url.raw_path,
                "query": request.rel_url.raw_query_string,
                "headers": dict(request.headers),
                "body": (await request.read()).decode(),
            }
        )
        response = web.Response(status=201, reason="Made", text="made")
        response.headers.add("Set-Cookie", "a=1")
        response.headers.add("Set-Cookie", "b=2")
        response.headers["X-Board"] = "yes"
        return response

    async def no_socket(self, request: web.Request) -> web.Response:
        raise web.HTTPForbidden(text="not here")

    async def live(self, request: web.Request) -> web.WebSocketResponse:
        """Echoes each message, in kind; ``close`` closes with 4001 and a reason,
        ``vanish`` drops the connection without a close frame. A close from the other
        end is kept, with its reason."""
        ws = web.WebSocketResponse(protocols=("board.v1",))
        await ws.prepare(request)
        while True:
            message = await ws.receive()
            if message.type is WSMsgType.CLOSE:
                await self.closes.put((message.data, message.extra or ""))
                break
            if message.type is not WSMsgType.TEXT and message.type is not WSMsgType.BINARY:
                break
            if message.data == "close":
                await ws.close(code=4001, message=b"say hello first")
            elif message.data == "vanish":
                assert request.transport is not None
                request.transport.abort()
            elif message.type is WSMsgType.TEXT:
                await ws.send_str(f"echo {message.data}")
            else:
                await ws.send_bytes(message.data[::-1])
        return ws


@dataclass(frozen=True)
class Proxied:
    url: str
    upstream: Upstream
    page: SandboxPage


@contextlib.asynccontextmanager
async def serving() -> AsyncIterator[Proxied]:
    """A sandbox page over an emulator, mapping ``/activity/`` to a new ``Upstream``."""
    upstream = Upstream()
    sock = socket.create_server(("127.0.0.1", 0))
    upstream.port = sock.getsockname()[1]
    emulator = DiscordEmulator(rate_limits=QUICK_LIMITS)
    await emulator.start()
    try:
        async with page_with_board(emulator, upstream.app(), sock) as (url, page):
            yield Proxied(url, upstream, page)
    finally:
        await emulator.close()


@pytest_asyncio.fixture(loop_scope="session")
async def proxied() -> AsyncIterator[Proxied]:
    async with serving() as proxied:
        yield proxied


@pytest_asyncio.fixture(loop_scope="session")
async def session() -> AsyncIterator[aiohttp.ClientSession]:
    async with aiohttp.ClientSession(auto_decompress=False) as session:
        yield session


async def test_the_activity_is_served_under_activity(
    proxied: Proxied, session: aiohttp.ClientSession
) -> None:
    async with session.get(f"{proxied.url}/activity/") as answer:
        assert answer.status == 200
        assert await answer.text() == "<p>the board</p>"
    # As the Activity sent it: compressed, the browser unpacking it.
    async with session.get(f"{proxied.url}/activity/app.js") as answer:
        assert answer.headers["Content-Encoding"] == "gzip"
        assert gzip.decompress(await answer.read()) == SCRIPT
    async with session.get(f"{proxied.url}/activity/nowhere") as answer:
        assert answer.status == 404


@pytest.mark.parametrize("method", ["POST", "PUT", "PATCH", "DELETE"])
async def test_every_method_goes_on_with_its_body_path_query_and_headers(
    proxied: Proxied, session: aiohttp.ClientSession, method: str
) -> None:
    body = json.dumps({"code": "abc"})
    headers = {
        "Origin": proxied.url,
        "Content-Type": "application/json",
        "Authorization": "Bearer token",
        "Connection": "keep-alive, X-Hop",
        "X-Hop": "this link only",
    }
    url = f"{proxied.url}/activity/echo/a%2Fb/c?x=1&y=%20two"
    async with session.request(method, url, data=body, headers=headers) as answer:
        assert (answer.status, answer.reason) == (201, "Made")
        assert answer.headers.getall("Set-Cookie") == ["a=1", "b=2"]
        assert answer.headers["X-Board"] == "yes"
        assert await answer.text() == "made"
    asked = proxied.upstream.asked[-1]
    assert (asked["method"], asked["path"]) == (method, "/echo/a%2Fb/c")
    assert asked["query"] == "x=1&y=%20two"
    assert asked["body"] == body
    seen = asked["headers"]
    assert seen["Host"] == f"127.0.0.1:{proxied.upstream.port}"
    assert seen["Authorization"] == "Bearer token"
    assert seen["Origin"] == proxied.url
    assert "X-Hop" not in seen


async def test_a_get_and_a_head_go_on_too(proxied: Proxied, session: aiohttp.ClientSession) -> None:
    for method in ("GET", "HEAD"):
        async with session.request(method, f"{proxied.url}/activity/echo/x") as answer:
            assert answer.status == 201
        assert proxied.upstream.asked[-1]["method"] == method


async def test_the_pages_guard_stands_in_front_of_the_activity(
    proxied: Proxied, session: aiohttp.ClientSession
) -> None:
    before = len(proxied.upstream.asked)
    url = f"{proxied.url}/activity/echo/x"
    async with session.post(
        url, data="code=abc", headers={"Content-Type": "application/x-www-form-urlencoded"}
    ) as answer:
        assert answer.status == 415
    async with session.post(url, json={}, headers={"Origin": FOREIGN}) as answer:
        assert answer.status == 403
    rebound = f"rebound.evil.example:{proxied.url.rsplit(':', 1)[1]}"
    async with session.get(url, headers={"Host": rebound}) as answer:
        assert answer.status == 421
    with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
        await session.ws_connect(f"{proxied.url}/activity/live", origin=FOREIGN)
    assert refused.value.status == 403
    assert len(proxied.upstream.asked) == before


async def test_a_websocket_is_carried_both_ways_in_order(
    proxied: Proxied, session: aiohttp.ClientSession
) -> None:
    ws = await session.ws_connect(
        f"{proxied.url}/activity/live", origin=proxied.url, protocols=("board.v1",)
    )
    assert ws.protocol == "board.v1"
    for n in range(20):
        await ws.send_str(f"move {n}")
    await ws.send_bytes(b"\x01\x02\x03")
    for n in range(20):
        assert await ws.receive_str() == f"echo move {n}"
    assert await ws.receive_bytes() == b"\x03\x02\x01"
    await ws.close(code=4003, message=b"the page left")
    assert await asyncio.wait_for(proxied.upstream.closes.get(), WAIT) == (4003, "the page left")


async def test_the_activitys_close_code_and_reason_reach_the_browser(
    proxied: Proxied, session: aiohttp.ClientSession
) -> None:
    ws = await session.ws_connect(f"{proxied.url}/activity/live", origin=proxied.url)
    await ws.send_str("close")
    closed = await ws.receive(WAIT)
    assert (closed.type, closed.data, closed.extra) == (WSMsgType.CLOSE, 4001, "say hello first")


async def test_an_activity_that_vanishes_drops_the_browsers_connection(
    proxied: Proxied, session: aiohttp.ClientSession
) -> None:
    ws = await session.ws_connect(f"{proxied.url}/activity/live", origin=proxied.url)
    await ws.send_str("vanish")
    assert (await ws.receive(WAIT)).type in (WSMsgType.CLOSED, WSMsgType.ERROR)
    assert ws.close_code == aiohttp.WSCloseCode.ABNORMAL_CLOSURE


async def test_an_upgrade_the_activity_refuses_is_refused_alike(
    proxied: Proxied, session: aiohttp.ClientSession
) -> None:
    with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
        await session.ws_connect(f"{proxied.url}/activity/no-socket", origin=proxied.url)
    assert refused.value.status == 403


async def test_without_the_activitys_server_the_proxy_says_so(
    proxied: Proxied, session: aiohttp.ClientSession
) -> None:
    proxied.page.board_port = None
    async with session.get(f"{proxied.url}/activity/") as answer:
        assert answer.status == 502
        assert "no Activity" in await answer.text()
    with socket.create_server(("127.0.0.1", 0)) as closed:
        proxied.page.board_port = closed.getsockname()[1]
    async with session.get(f"{proxied.url}/activity/") as answer:
        assert answer.status == 502
        assert "didn't answer" in await answer.text()


async def test_a_page_that_stops_closes_the_sockets_it_carries(
    session: aiohttp.ClientSession,
) -> None:
    async with serving() as proxied:
        ws = await session.ws_connect(f"{proxied.url}/activity/live", origin=proxied.url)
        await ws.send_str("hello")
        assert await ws.receive_str(timeout=WAIT) == "echo hello"
        await proxied.page.close()
        closed = await ws.receive(WAIT)
        assert (closed.type, closed.data) == (WSMsgType.CLOSE, aiohttp.WSCloseCode.GOING_AWAY)
        assert await asyncio.wait_for(proxied.upstream.closes.get(), WAIT) == (1001, "")
