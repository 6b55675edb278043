"""Discord's REST requests counted where aiohttp sends them (the wrapper of the bot's
sessions, ``bot.discord_ui.wrapped_requests``): each by its route, with the ids and
tokens in its path left out so that the routes stay few, and the answer's status; a
refusal by Discord's JSON error code too (what discord.py raises as
``discord.HTTPException.code``); the 429s by their limit's scope; the answers Discord
counts towards banning the bot's address, by client; and the interactions' answers told
to ``Metrics.answers``."""

from __future__ import annotations

import contextlib
import json

import aiohttp

from bot.metrics.figures import Metrics

API = "api"
API_PATH = "/api/"
WITH_TOKEN = ("interactions", "webhooks")
"""Paths whose segment after the id is a token: ``/interactions/{id}/{token}/callback``."""


def route_of(method: str, path: str) -> str:
    """``PATCH /channels/{id}/messages/{id}`` for ``PATCH /api/v10/channels/12/messages/34``:
    the API's prefix and version left out, ids, tokens and emoji named rather than given."""
    parts = [part for part in path.split("/") if part]
    if len(parts) >= 2 and parts[0] == API and parts[1].startswith("v"):
        parts = parts[2:]
    shown: list[str] = []
    for index, part in enumerate(parts):
        if part.isdigit():
            shown.append("{id}")
        elif index >= 2 and parts[index - 2] in WITH_TOKEN and parts[index - 1].isdigit():
            shown.append("{token}")
        elif index >= 1 and parts[index - 1] == "reactions":
            shown.append("{emoji}")
        else:
            shown.append(part)
    return f"{method} /{'/'.join(shown)}"


class RequestCounts:
    """Counts a client's requests of Discord's API into ``metrics``, its invalid ones as
    ``client``'s (``bot``: discord.py's; ``board``: the board's sign-ins)."""

    def __init__(self, metrics: Metrics, client: str = "bot") -> None:
        self._metrics = metrics
        self._client = client

    async def answered(self, method: str, path: str, response: aiohttp.ClientResponse) -> None:
        """The request got ``response``."""
        metrics = self._metrics
        route = route_of(method, path)
        status = response.status
        metrics.requests_of(route, str(status)).inc()
        metrics.answers.sent(method, path, status)
        scope = response.headers.get("X-RateLimit-Scope")
        if status == 429:
            metrics.rate_limited_of(self._client, scope or "none").inc()
        if invalid(status, scope):
            metrics.invalid_requests_of(self._client).inc()
        if 400 <= status < 500 and status != 429:
            code = await refusal_code(response)
            if code is not None:
                metrics.refusals_of(route, str(code)).inc()

    def failed(self, method: str, path: str) -> None:
        """The request got no answer."""
        self._metrics.requests_of(route_of(method, path), "failed").inc()
        self._metrics.answers.sent(method, path, None)


def invalid(status: int, scope: str | None) -> bool:
    """Whether Discord counts an answer towards its ban of the address: a 401, a 403, or
    a 429 but of a shared resource's limit (rate-limits in discord-api-docs); a
    Cloudflare 429 has no scope, and counts."""
    return status in (401, 403) or (status == 429 and scope != "shared")


async def refusal_code(response: aiohttp.ClientResponse) -> int | None:
    """Discord's JSON error code in a refusal's body. The body read here is kept by the
    response, and discord.py reads the same bytes after."""
    with contextlib.suppress(aiohttp.ClientError, TimeoutError, ValueError):
        body = json.loads(await response.read())
        code = body.get("code") if isinstance(body, dict) else None
        return code if isinstance(code, int) else None
    return None
