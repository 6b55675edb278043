"""Only discord.py on this machine may use the emulator, the sandbox's above all.

Any web page the person visits can make their browser send requests to loopback: a
WebSocket to the gateway (READY, then every member's interactions, under the bot's name),
"simple" POSTs (plain text, forms) that need no CORS preflight, and, through a DNS name
rebound to 127.0.0.1, requests that pass for same-origin with the site behind the name.
discord.py never sends an Origin, and a browser always does for a cross-site POST or a
WebSocket upgrade, so there is no legitimate client with one; the pictures the sandbox's
page shows with ``<img src>`` are fetched without one and stay served.
"""

from __future__ import annotations

from http import HTTPStatus

from aiohttp import hdrs, web
from aiohttp.typedefs import Handler, Middleware

from emulator.request_bodies import FORM, media_type
from emulator.responses import DiscordError, json_response

LOOPBACK_NAMES = ("127.0.0.1", "localhost")
BODY_METHODS = frozenset({"POST", "PATCH", "PUT"})
BODY_TYPES = frozenset({"application/json", "multipart/form-data"})
"""What discord.py sends. Discord also takes url-encoded forms, which a page on another
site can send: the emulator reads them only where Discord takes nothing else."""


def loopback_only(form_paths: frozenset[str]) -> Middleware:
    """Refuses, before any route or fault: a Host other than loopback at the port the
    request came in on (421), any Origin (403), and a body that is neither JSON nor
    multipart (400, 50035, as Discord refuses a wrong Content-Type), but a url-encoded
    form at ``form_paths`` (the OAuth2 token routes, which take only that). A body-less
    POST or PUT, as discord.py sends some (typing, pins), has no type to check."""

    @web.middleware
    async def check(request: web.Request, handler: Handler) -> web.StreamResponse:
        port = _local_port(request)
        hosts = {f"{name}:{port}" for name in LOOPBACK_NAMES}
        if port is None or request.headers.get(hdrs.HOST, "").lower() not in hosts:
            return _refusal(HTTPStatus.MISDIRECTED_REQUEST)
        if hdrs.ORIGIN in request.headers:
            return _refusal(HTTPStatus.FORBIDDEN)
        kind = media_type(request)
        if (
            request.method in BODY_METHODS
            and request.body_exists
            and kind not in BODY_TYPES
            and not (kind == FORM and request.path in form_paths)
        ):
            refused = DiscordError(400, 50035, "Invalid Form Body")
            return json_response(refused.body(), refused.status)
        return await handler(request)

    return check


def _local_port(request: web.Request) -> int | None:
    """The port of the socket the request came in on: the one the emulator serves on."""
    transport = request.transport
    sockname = None if transport is None else transport.get_extra_info("sockname")
    return sockname[1] if isinstance(sockname, tuple) else None


def _refusal(status: HTTPStatus) -> web.Response:
    return json_response({"message": f"{status.value}: {status.phrase}", "code": 0}, status.value)
