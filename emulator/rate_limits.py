"""Discord's rate limits on its REST API (under /api/v10), as the emulator enforces them:
per-route buckets, the global limit, the edits of hour-old messages, and the Cloudflare
ban that too many invalid requests earn. Each answer looks like Discord's, so that
discord.py paces itself by the headers and waits out a 429 as it does against Discord.
Every window runs on the emulator's clock: a test empties one with ``clock.advance``
instead of waiting.

Discord publishes the global limit, the interaction endpoints' exemption from it and the
invalid-request limit (discord-api-docs, developers/topics/rate-limits.mdx), but no
figure for any route: "rate limits should not be hard coded into your app". Where its
docs are silent, each figure below says whose measurement it takes.
"""

from __future__ import annotations

import hashlib
import math
from collections import deque
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from aiohttp import web
from aiohttp.typedefs import Handler

from emulator import paths
from emulator.rate_limit_figures import DISCORD_RATE_LIMITS, RateLimits, Window
from emulator.responses import json_response
from emulator.settings import API
from emulator.world import World

if TYPE_CHECKING:
    from emulator.settings import Settings

RATE_LIMITED = 429
LOG_LENGTH = 100_000
"""The newest requests ``RateLimiter.requests`` keeps: plenty for a bench, and bounded for
a sandbox that runs for days."""


@dataclass(frozen=True)
class LoggedRequest:
    """One request to the REST API, as a bench counts them."""

    at: float
    """When it came, on the emulator's clock."""
    route: str
    """"METHOD /template" without /api/v10, as ``DiscordEmulator.fail`` names it."""
    channel: int | None
    """The channel it writes or reads in: the path's, or its interaction's; None for a
    route on no channel (the bot's user, a guild's member, commands)."""
    status: int
    sender: str = ""
    """Whose global limit it counts towards: its Authorization header (the bot's token,
    whichever connection or process it came on), or its address without one."""

    @property
    def global_limit(self) -> bool:
        """Whether the sender's global limit counts it: all but the interaction
        endpoints."""
        return not _exempt(self.route)


@dataclass(frozen=True)
class _Bucket:
    name: str
    """What its X-RateLimit-Bucket hashes: the same for every route of the bucket."""
    window: Callable[[RateLimits], Window]


SEND_MESSAGE = "POST /channels/{channel}/messages"
EDIT_MESSAGE = "PATCH /channels/{channel}/messages/{message}"
DELETE_MESSAGE = "DELETE /channels/{channel}/messages/{message}"
VOICE_STATUS = "PUT /channels/{channel}/voice-status"
FOLLOW_UP = "POST /webhooks/{app}/{token}"
WEBHOOK_MESSAGE = "/webhooks/{app}/{token}/messages/{message}"
_WEBHOOK = _Bucket("interaction webhook", lambda limits: limits.interaction_webhook)
_BUCKETS = {
    SEND_MESSAGE: _Bucket("send", lambda limits: limits.send),
    EDIT_MESSAGE: _Bucket("edit", lambda limits: limits.edit),
    DELETE_MESSAGE: _Bucket("delete", lambda limits: limits.delete),
    VOICE_STATUS: _Bucket("voice status", lambda limits: limits.voice_status),
    FOLLOW_UP: _WEBHOOK,
    **{f"{method} {WEBHOOK_MESSAGE}": _WEBHOOK for method in ("GET", "PATCH", "DELETE")},
}
_EXEMPT_PATHS = ("/interactions/", "/webhooks/{app}/")
"""The interaction endpoints, free of the global limit: every webhook route here is an
interaction's (its id is the application's)."""


def _exempt(route: str) -> bool:
    return route.split(" ", 1)[1].startswith(_EXEMPT_PATHS)


def bucket_hash(route: str) -> str:
    """The X-RateLimit-Bucket of a route: shared by the routes of one bucket, and the same
    at every start, as Discord's are."""
    bucket = _BUCKETS.get(route)
    return _hash(route if bucket is None else bucket.name)


def _hash(name: str) -> str:
    return hashlib.sha256(name.encode()).hexdigest()[:32]


def too_many_requests(
    retry_after: float,
    scope: Literal["user", "global", "shared"],
    headers: Mapping[str, str] | None = None,
    *,
    code: int = 0,
    message: str = "You are being rate limited.",
) -> web.Response:
    """Discord's 429: ``scope`` says whose limit it is (the bot's, the bot's global one, or
    a resource's); ``headers`` are the bucket's, if the limit is a route's."""
    is_global = scope == "global"
    body = {"message": message, "retry_after": retry_after, "global": is_global, "code": code}
    answer = {
        **(headers or {}),
        "Retry-After": str(math.ceil(retry_after)),
        "X-RateLimit-Scope": scope,
        # discord.py takes a 429 that did not come through Google's proxy for a
        # Cloudflare ban and gives up instead of retrying.
        "Via": "1.1 google",
    }
    if is_global:
        answer["X-RateLimit-Global"] = "true"
    return json_response(body, RATE_LIMITED, answer)


@dataclass
class _Count:
    """What a bucket has used of its window. The window is fixed, as Discord's are: it
    starts with its first request and resets its length later, however many came
    between."""

    resets_at: float = -math.inf
    used: int = 0


@dataclass(frozen=True)
class _Limit:
    """A window a request falls under, and what has been used of it."""

    name: str
    """Its bucket's name, which X-RateLimit-Bucket hashes for a route's."""
    window: Window
    count: _Count

    def remaining(self, now: float) -> int:
        if now >= self.count.resets_at:
            return self.window.limit
        return max(self.window.limit - self.count.used, 0)

    def retry_after(self, now: float) -> float:
        if now >= self.count.resets_at:
            return self.window.seconds
        return _ms_up(self.count.resets_at - now)

    def take(self, now: float) -> None:
        if now >= self.count.resets_at:
            self.count.resets_at, self.count.used = now + self.window.seconds, 0
        self.count.used += 1

    def headers(self, now: float) -> dict[str, str]:
        reset_after = self.retry_after(now)
        return {
            "X-RateLimit-Limit": str(self.window.limit),
            "X-RateLimit-Remaining": str(self.remaining(now)),
            # On the emulator's clock, ahead of the wall clock once a test has moved it:
            # discord.py reads Reset-After unless told to use the clock.
            "X-RateLimit-Reset": f"{now + reset_after:.3f}",
            "X-RateLimit-Reset-After": f"{reset_after:.3f}",
            "X-RateLimit-Bucket": _hash(self.name),
        }


class RateLimiter:
    """Answers a request Discord would refuse for its rate, in Discord's words, before
    its route sees it (so that a refused request changes nothing), and puts its bucket's
    headers on every answer of a limited route. Keeps every request in ``requests``."""

    def __init__(self, settings: Settings, world: World) -> None:
        self._settings = settings
        self._world = world
        self._buckets: dict[tuple[str, str], _Count] = {}
        """By bucket name and major parameter."""
        self._global: dict[str, _Count] = {}
        """By Authorization header (the IP without one)."""
        self._old_edits: dict[int, _Count] = {}
        """By channel id."""
        self._invalid: deque[float] = deque()
        self._banned_until = -math.inf
        self.requests: deque[LoggedRequest] = deque(maxlen=LOG_LENGTH)
        """The newest requests to the REST API, oldest first (``LOG_LENGTH`` of them),
        whatever their answer, while limits are on."""
        self.rate_limited = 0
        """How many requests were answered 429: by a limit, a Cloudflare ban or a fault."""

    @property
    def invalid_requests(self) -> int:
        """The 401, 403 and 429 answers (not of ``shared`` scope) in the sliding window
        that bans the IP at its limit (``RateLimits.invalid_requests``)."""
        self._forget_old_invalid(self._settings.clock.now())
        return len(self._invalid)

    async def handle(
        self, request: web.Request, route: str | None, handler: Handler
    ) -> web.StreamResponse:
        """The answer to ``request``, on ``route`` (None for the router's own 404s and 405s)."""
        limits = self._settings.rate_limits
        if limits is None or route is None or not request.path.startswith(f"{API}/"):
            return await handler(request)
        now = self._settings.clock.now()
        channel = self._channel_of(request)
        sender = _sender(request)
        if now < self._banned_until:
            # Cloudflare's answer, before Discord's API: it counts for nothing.
            self._log(LoggedRequest(now, route, channel, RATE_LIMITED, sender))
            return _cloudflare_ban(self._banned_until - now)
        try:
            response = await self._answer(request, route, handler, limits, now)
        except web.HTTPException as refused:
            logged = LoggedRequest(now, route, channel, refused.status, sender)
            self._note(logged, refused, limits)
            raise
        self._note(LoggedRequest(now, route, channel, response.status, sender), response, limits)
        return response

    async def _answer(
        self,
        request: web.Request,
        route: str,
        handler: Handler,
        limits: RateLimits,
        now: float,
    ) -> web.StreamResponse:
        user = None if _exempt(route) else self._global_limit(request, limits)
        bucket = self._route_limit(route, request, limits)
        old_edits = self._old_edits_limit(request, route, limits, now)
        refusal = _refusal(limits, now, user, bucket, old_edits)
        if refusal is not None:
            return refusal
        # Taken before the route answers: Discord counts a request its route refuses
        # (a 403, a 404) as any other.
        for limit in (user, bucket, old_edits):
            if limit is not None:
                limit.take(now)
        if bucket is None:
            return await handler(request)
        headers = bucket.headers(now)
        response = await handler(request)
        if response.status != RATE_LIMITED:
            # A fault's 429 (``DiscordEmulator.fail``) keeps the headers it was given.
            response.headers.update(headers)
        return response

    def _global_limit(self, request: web.Request, limits: RateLimits) -> _Limit:
        # One count for every connection with the same token, as Discord keeps one per bot
        # however many processes and shards it runs.
        count = self._global.setdefault(_sender(request), _Count())
        return _Limit("global", limits.global_requests, count)

    def _route_limit(self, route: str, request: web.Request, limits: RateLimits) -> _Limit | None:
        bucket = _BUCKETS.get(route)
        if bucket is None:
            return None
        key = (bucket.name, _major_parameter(request.match_info))
        count = self._buckets.get(key)
        if count is None:
            # A bucket per channel and interaction token piles up in a long run: those
            # whose window has ended hold nothing a new one would not.
            now = self._settings.clock.now()
            self._buckets = {k: c for k, c in self._buckets.items() if now < c.resets_at}
            count = self._buckets[key] = _Count()
        return _Limit(bucket.name, bucket.window(limits), count)

    def _old_edits_limit(
        self, request: web.Request, route: str, limits: RateLimits, now: float
    ) -> _Limit | None:
        """The limit on the channel's old messages' edits, if ``request`` edits a message
        older than ``old_message_age``."""
        params = request.match_info
        if route not in (EDIT_MESSAGE, f"PATCH {WEBHOOK_MESSAGE}"):
            return None
        message = paths.found(self._world.messages, params["message"])
        if params["message"] == "@original":
            interaction = self._world.interactions.get(params["token"])
            message = None if interaction is None else interaction.response_message
        if message is None or message.deleted or now - message.created_at <= limits.old_message_age:
            return None
        count = self._old_edits.setdefault(message.channel_id, _Count())
        return _Limit("old edits", limits.old_edits, count)

    def _channel_of(self, request: web.Request) -> int | None:
        params = request.match_info
        if "channel" in params:
            return paths.number(params["channel"])
        interaction = self._world.interactions.get(params.get("token", ""))
        return None if interaction is None else interaction.channel.id

    def _note(
        self,
        request: LoggedRequest,
        answer: web.StreamResponse | web.HTTPException,
        limits: RateLimits,
    ) -> None:
        self._log(request)
        invalid = request.status in (401, 403) or (
            request.status == RATE_LIMITED and answer.headers.get("X-RateLimit-Scope") != "shared"
        )
        if not invalid:
            return
        self._invalid.append(request.at)
        self._forget_old_invalid(request.at)
        if len(self._invalid) >= limits.invalid_requests.limit:
            # Banned until every invalid request counted has left the window: none is
            # counted meanwhile, so the last is the one that brought the ban.
            self._banned_until = request.at + limits.invalid_requests.seconds

    def _log(self, request: LoggedRequest) -> None:
        self.requests.append(request)
        if request.status == RATE_LIMITED:
            self.rate_limited += 1

    def _forget_old_invalid(self, now: float) -> None:
        seconds = (self._settings.rate_limits or DISCORD_RATE_LIMITS).invalid_requests.seconds
        while self._invalid and self._invalid[0] <= now - seconds:
            self._invalid.popleft()


def _refusal(
    limits: RateLimits,
    now: float,
    user: _Limit | None,
    bucket: _Limit | None,
    old_edits: _Limit | None,
) -> web.Response | None:
    """Discord's 429 for the first limit a request is over, in Discord's order: the
    global limit, the route's bucket, then the old messages' edits."""
    if user is not None and user.remaining(now) == 0:
        return too_many_requests(user.retry_after(now), "global")
    headers = {} if bucket is None else bucket.headers(now)
    if bucket is not None and bucket.remaining(now) == 0:
        return too_many_requests(bucket.retry_after(now), "user", headers)
    if old_edits is None:
        return None
    retry_after = limits.old_edit_refusal
    if retry_after is None:
        if old_edits.remaining(now) > 0:
            return None
        retry_after = old_edits.retry_after(now)
    # With the route's own headers, requests remaining: discord.py reads a 429 with
    # requests remaining as the sub-limit it is, and waits ``retry_after``.
    return too_many_requests(
        retry_after,
        "user",
        headers,
        code=30046,
        message="Maximum number of edits to messages older than 1 hour reached. Try again later.",
    )


def _sender(request: web.Request) -> str:
    """Whose global limit a request counts towards: its token's, or its address's."""
    return request.headers.get("Authorization") or request.remote or ""


def _major_parameter(params: Mapping[str, str]) -> str:
    """What a bucket is kept apart by, besides the route: "channels (channel_id), guilds
    (guild_id), and webhooks (webhook_id or webhook_id + webhook_token)"."""
    if "channel" in params:
        return f"channel {params['channel']}"
    if "guild" in params:
        return f"guild {params['guild']}"
    return f"webhook {params.get('app', '')} {params.get('token', '')}"


def _ms_up(seconds: float) -> float:
    """Seconds to the millisecond above: a client that waits what it is told must not
    come back a fraction of a millisecond early and be refused again."""
    return math.ceil(round(seconds * 1000, 6)) / 1000


def _cloudflare_ban(retry_after: float) -> web.Response:
    """Cloudflare's page for an IP it has banned: no JSON and no Via header, which
    discord.py raises at once as an HTTPException (429) instead of retrying."""
    page = (
        "<!DOCTYPE html><html><head><title>Access denied | discord.com used Cloudflare to "
        "restrict access</title></head><body><h1>Error 1015</h1>"
        "<p>You are being rate limited.</p></body></html>"
    )
    return web.Response(
        text=page,
        status=RATE_LIMITED,
        content_type="text/html",
        headers={"Retry-After": str(math.ceil(retry_after))},
    )
