"""The bot's REST requests as the end-to-end bench counts them: per game kind and game
action (``requests_by_kind``), the busiest channel's 5 seconds (``peak``,
``channel_peaks``), and what the bot took of Discord's rate limits (``Budget``)."""

from __future__ import annotations

import collections
import functools
import sys
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from aiohttp import web

from bench.players import Table
from emulator import DiscordEmulator, LoggedRequest, RateLimits, Window
from emulator.rate_limits import RATE_LIMITED

WINDOW = 5.0
"""Seconds of Discord's per-channel message rate limit (about 5 posts in 5 s)."""
INTERACTION_PATHS = ("/interactions/", "/webhooks/{app}/")
"""The interaction endpoints (the callback, and the webhook routes of an interaction's
token), which Discord leaves out of the bot's global 50 requests a second."""

CHANNEL_ROUTES = {
    "POST /channels/{channel}/messages": "posts",
    "PATCH /channels/{channel}/messages/{message}": "edits",
    "DELETE /channels/{channel}/messages/{message}": "deletes",
}
"""The bot's requests on a channel's messages, which Discord's channel limits count."""
TOKEN_ROUTES = {
    "POST /interactions/{id}/{token}/callback": "answers",
    "PATCH /webhooks/{app}/{token}/messages/{message}": "answer edits",
    "POST /webhooks/{app}/{token}": "follow-ups",
    "DELETE /webhooks/{app}/{token}/messages/{message}": "answer deletes",
}
"""The bot's requests through an interaction's token (its own limits, not the channel's)."""


@dataclass
class Requests:
    """The bot's requests on messages, as the emulator receives them: (when, what, channel).

    Watched through the emulator's fault hook, which asks a fault's condition about every
    request on its route: this one notes the request and fails none."""

    emulator: DiscordEmulator
    seen: list[tuple[float, str, int]] = field(default_factory=list)

    def watch(self) -> None:
        for route, what in {**CHANNEL_ROUTES, **TOKEN_ROUTES}.items():
            self.emulator.fail(
                route, 500, times=sys.maxsize, when=functools.partial(self._saw, what)
            )

    def _saw(self, what: str, request: web.Request) -> bool:
        if "channel" in request.match_info:
            channel: int | None = int(request.match_info["channel"])
        else:
            interaction = self.emulator.interactions.get(request.match_info["token"])
            channel = None if interaction is None else interaction.channel.id
        if channel is not None:
            self.seen.append((time.monotonic(), what, channel))
        return False


@dataclass
class KindRequests:
    """One game kind's requests: per game action, and the busiest channel's 5 seconds."""

    moves: int
    opens: int
    """Of the moves, presses of My hand."""
    games: int
    results: int
    """Games seen to end (their result shown)."""
    counts: collections.Counter[str]
    peak_posts: int
    peak_channel: int
    """The most posts, and the most posts, edits and deletes, in one channel in any
    ``WINDOW`` seconds."""


def peak(times: list[float], window: float = WINDOW) -> int:
    """The most of ``times`` within any ``window`` seconds."""
    times = sorted(times)
    most, first = 0, 0
    for last, at in enumerate(times):
        while at - times[first] >= window:
            first += 1
        most = max(most, last - first + 1)
    return most


def requests_by_kind(requests: Requests, tables: Sequence[Table]) -> dict[str, KindRequests]:
    kinds: dict[str, KindRequests] = {}
    by_channel: dict[int, list[tuple[float, str]]] = collections.defaultdict(list)
    for at, what, channel in requests.seen:
        by_channel[channel].append((at, what))
    for table in tables:
        kind = kinds.setdefault(table.game, KindRequests(0, 0, 0, 0, collections.Counter(), 0, 0))
        kind.moves += table.moves
        kind.opens += table.opens
        kind.games += table.games
        kind.results += table.results
        seen = by_channel.get(table.channel.id, [])
        kind.counts.update(what for _, what in seen)
        posts = [at for at, what in seen if what == "posts"]
        on_channel = [at for at, what in seen if what in CHANNEL_ROUTES.values()]
        kind.peak_posts = max(kind.peak_posts, peak(posts))
        kind.peak_channel = max(kind.peak_channel, peak(on_channel))
    return kinds


def channel_peaks(log: Iterable[LoggedRequest], since: float) -> dict[str, int]:
    """The most requests one channel had in any ``WINDOW`` seconds from ``since``, by
    kind (posts, edits, deletes: each a bucket of Discord's per channel) and of the three
    together (``"all"``). A request answered 429 was refused, not made: it is left out."""
    times: dict[tuple[str, int], list[float]] = collections.defaultdict(list)
    for request in log:
        what = CHANNEL_ROUTES.get(request.route)
        if what is None or request.channel is None:
            continue
        if request.at >= since and request.status != RATE_LIMITED:
            times[what, request.channel].append(request.at)
            times["all", request.channel].append(request.at)
    peaks = dict.fromkeys([*CHANNEL_ROUTES.values(), "all"], 0)
    for (what, _), ats in times.items():
        peaks[what] = max(peaks[what], peak(ats))
    return peaks


def outside_interactions(log: Iterable[LoggedRequest], since: float) -> list[float]:
    """When each request from ``since`` that counts against the bot's global 50 a second
    was made: all but the interaction endpoints', and those answered 429 (refused, not
    made)."""
    return [
        request.at
        for request in log
        if request.at >= since
        and request.status != RATE_LIMITED
        and not request.route.split(" ", 1)[1].startswith(INTERACTION_PATHS)
    ]


@dataclass(frozen=True)
class Budget:
    """The bot's requests from the first click on, from the emulator's request log."""

    rate_limited: int
    """Requests answered 429."""
    refused: collections.Counter[str]
    """The requests answered 429, by route."""
    peaks: dict[str, int]
    """``channel_peaks``."""
    outside: int
    """How many ``outside_interactions`` there were."""
    outside_peak: int
    """The most of them in any window of the global limit (``global_limit``)."""
    global_limit: Window
    """The bot's global limit the emulator held it to."""
    cut: bool
    """Whether the log lost its oldest requests (it keeps ``maxlen``)."""

    @classmethod
    def of(cls, emulator: DiscordEmulator, limits: RateLimits, since: float) -> Budget:
        log = emulator.requests
        cut = len(log) == log.maxlen and log[0].at > since
        outside = outside_interactions(log, since)
        return cls(
            emulator.rate_limited,
            collections.Counter(r.route for r in log if r.status == RATE_LIMITED),
            channel_peaks(log, since),
            len(outside),
            peak(outside, limits.global_requests.seconds),
            limits.global_requests,
            cut,
        )
