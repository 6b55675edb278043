"""Discord's REST requests counted where aiohttp sends them (discord.py's ``http_trace``):
each by its route, with the ids and tokens in its path left out so that the routes stay
few, and the answer's status; a refusal by Discord's JSON error code too (what discord.py
raises as ``discord.HTTPException.code``); the 429s by their limit's scope; the answers
Discord counts towards banning the bot's address, by client; and the interactions'
answers told to ``Metrics.answers``."""

from __future__ import annotations

import contextlib
import json
from types import SimpleNamespace

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


def counting_requests(config: aiohttp.TraceConfig, metrics: Metrics, client: str = "bot") -> None:
    """Counts every request of the session ``config`` traces into ``metrics``, its
    invalid ones as ``client``'s."""

    async def end(
        session: aiohttp.ClientSession,
        context: SimpleNamespace,
        params: aiohttp.TraceRequestEndParams,
    ) -> None:
        if not params.url.path.startswith(API_PATH):
            return  # the gateway's connection, not a request of the API
        route = route_of(params.method, params.url.path)
        status = params.response.status
        metrics.requests.labels(route, str(status)).inc()
        metrics.answers.sent(params.method, params.url.path, status)
        scope = params.response.headers.get("X-RateLimit-Scope")
        if status == 429:
            metrics.rate_limited.labels(client, scope or "none").inc()
        if invalid(status, scope):
            metrics.invalid_requests.labels(client).inc()
        if 400 <= status < 500 and status != 429:
            code = await refusal_code(params.response)
            if code is not None:
                metrics.refusals.labels(route, str(code)).inc()

    async def failed(
        session: aiohttp.ClientSession,
        context: SimpleNamespace,
        params: aiohttp.TraceRequestExceptionParams,
    ) -> None:
        if params.url.path.startswith(API_PATH):
            metrics.requests.labels(route_of(params.method, params.url.path), "failed").inc()
            metrics.answers.sent(params.method, params.url.path, None)

    config.on_request_end.append(end)
    config.on_request_exception.append(failed)


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
