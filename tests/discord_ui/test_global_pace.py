"""The bot keeps its own requests under Discord's global limit, which discord.py meets
only after a 429: each process within the share its grant gives it, which may move."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from types import SimpleNamespace
from typing import cast

import aiohttp
import discord
import pytest
from aiohttp import ClientRequest, ClientResponse
from yarl import URL

from bot.discord_ui.client import GameBot, use_discord_at
from bot.discord_ui.global_pace import GlobalPace, wrapper
from bot.discord_ui.wrapped_requests import wrap_requests
from bot.metrics.figures import Metrics
from bot.service.pace_grants import BUDGET
from bot.settings import Settings
from emulator import DEFAULT_BOT_PERMISSIONS, DISCORD_RATE_LIMITS, Channel, DiscordEmulator
from tests.clock import ManualClock

BURST = 70
"""Messages posted at once, each in a channel of its own: within every channel's
bucket, past the global 50 a second."""


async def settled() -> None:
    """Until the tasks the clock or the pace woke have run as far as they can."""
    for _ in range(20):
        await asyncio.sleep(0)


def requests(pace: GlobalPace, count: int) -> list[asyncio.Task[None]]:
    """``count`` requests asking to go, each answered as soon as it may go."""

    async def request() -> None:
        await pace.wait()
        pace.answered()

    return [asyncio.create_task(request()) for _ in range(count)]


async def test_no_window_lets_more_than_the_limit_through() -> None:
    clock = ManualClock()
    pace = GlobalPace(5, 1.0, clock=clock)
    sent = requests(pace, 12)
    await settled()
    assert sum(task.done() for task in sent) == 5
    assert pace.occupied() == 5 and pace.demand() == 12
    clock.advance(0.99)
    await settled()
    assert sum(task.done() for task in sent) == 5
    clock.advance(0.01)
    await settled()
    assert sum(task.done() for task in sent) == 10
    clock.advance(1.0)
    await settled()
    assert all(task.done() for task in sent) and pace.waited == 7


async def test_a_request_counts_until_a_window_after_its_answer() -> None:
    """However long Discord takes to answer, the request may have reached it at the end:
    it holds its place until its answer is a window old."""
    clock = ManualClock()
    pace = GlobalPace(2, 1.0, clock=clock)
    await pace.wait()
    await pace.wait()
    third = asyncio.create_task(pace.wait())
    clock.advance(5)
    await settled()
    assert not third.done(), "two are in flight, unanswered"
    pace.answered()
    clock.advance(0.999)
    await settled()
    assert not third.done()
    clock.advance(0.001)
    await settled()
    assert third.done()


async def test_a_lower_limit_lets_nothing_through_until_the_window_has_drained_to_it() -> None:
    clock = ManualClock()
    pace = GlobalPace(10, 1.0, clock=clock)
    await asyncio.gather(*requests(pace, 8))
    pace.allow(3)
    later = requests(pace, 3)
    await settled()
    assert not any(task.done() for task in later) and pace.occupied() == 8
    clock.advance(1.0)
    await settled()
    assert all(task.done() for task in later) and pace.occupied() == 3


async def test_a_raised_limit_lets_the_waiting_requests_go_at_once() -> None:
    clock = ManualClock()
    pace = GlobalPace(2, 1.0, clock=clock)
    waiting = requests(pace, 6)
    await settled()
    assert sum(task.done() for task in waiting) == 2 and pace.demand() == 6
    pace.allow(6)
    await settled()
    assert all(task.done() for task in waiting)


async def test_a_limit_given_until_a_moment_falls_back_after_it() -> None:
    clock = ManualClock()
    pace = GlobalPace(2, 1.0, clock=clock)
    pace.allow(20, until=clock.now() + 7, fallback=2)
    assert pace.limit == 20
    clock.advance(6.99)
    assert pace.limit == 20
    clock.advance(0.01)
    assert pace.limit == 2


async def test_the_waits_are_counted_in_the_metrics() -> None:
    clock = ManualClock()
    metrics = Metrics()
    pace = GlobalPace(1, 1.0, clock=clock, metrics=metrics)
    sent = requests(pace, 3)
    await settled()
    assert figure(metrics, "claimit_pace_grant") == 1
    assert figure(metrics, "claimit_pace_demand") == 3
    clock.advance(1.0)
    await settled()
    clock.advance(1.0)
    await settled()
    assert all(task.done() for task in sent)
    # The second waited one window, the third two.
    assert figure(metrics, "claimit_pace_wait_seconds_count") == 2
    assert figure(metrics, "claimit_pace_wait_seconds_sum") == pytest.approx(3.0)


def figure(metrics: Metrics, name: str) -> float | None:
    return metrics.registry.get_sample_value(name)


def paced(pace: GlobalPace) -> discord.Client:
    """A discord.py client whose requests go under ``pace``, as the bot's do."""
    client = discord.Client(intents=discord.Intents.none())
    wrap_requests(client, wrapper(pace, None))
    return client


async def burst(emulator: DiscordEmulator, channels: list[Channel], client: discord.Client) -> None:
    """A message posted in each channel at once, by ``client``."""
    await client.login(emulator.token)
    try:
        await asyncio.gather(
            *(client.get_partial_messageable(c.id).send("hello") for c in channels)
        )
    finally:
        await client.close()


@pytest.fixture
async def emulator() -> AsyncIterator[DiscordEmulator]:
    emulator = DiscordEmulator(rate_limits=DISCORD_RATE_LIMITS)
    await emulator.start()
    use_discord_at(emulator.base_url)
    yield emulator
    await emulator.close()


def channels(emulator: DiscordEmulator, count: int) -> list[Channel]:
    owner = emulator.add_user("Ann")
    guild = emulator.add_guild("G", owner)
    return [emulator.add_channel(guild, f"c{n}", DEFAULT_BOT_PERMISSIONS) for n in range(count)]


async def test_a_burst_past_the_global_limit_gets_no_429(emulator: DiscordEmulator) -> None:
    where = channels(emulator, BURST)
    pace = GlobalPace(BUDGET)
    await burst(emulator, where, paced(pace))
    assert emulator.rate_limited == 0 and pace.waited > 0
    assert all(len(c.visible()) == 1 for c in where)


async def test_without_the_pace_discord_answers_429(emulator: DiscordEmulator) -> None:
    """What the pace is for: discord.py alone runs into the global limit. Discord's time
    is held, so that the burst falls within one second however slowly this machine sends
    it, until discord.py has met its first 429; then the second is let go by."""
    where = channels(emulator, BURST)
    refused = asyncio.Event()

    async def answered(_: object, __: object, params: aiohttp.TraceRequestEndParams) -> None:
        if params.response.status == 429:
            refused.set()

    watching = aiohttp.TraceConfig()
    watching.on_request_end.append(answered)
    emulator.clock.stop()
    client = discord.Client(intents=discord.Intents.none(), http_trace=watching)
    sending = asyncio.create_task(burst(emulator, where, client))
    first_429 = asyncio.create_task(refused.wait())
    await asyncio.wait({sending, first_429}, return_when=asyncio.FIRST_COMPLETED)
    first_429.cancel()
    assert refused.is_set(), "the whole burst went through within Discord's held second"
    emulator.clock.advance(1.0)
    await sending
    assert emulator.rate_limited > 0
    assert all(len(c.visible()) == 1 for c in where)


async def test_the_interaction_endpoints_are_not_paced() -> None:
    pace = GlobalPace(limit=1, window=60)
    wrapped = wrapper(pace, None)

    async def answer(_: ClientRequest) -> ClientResponse:
        return cast(ClientResponse, SimpleNamespace(status=200))

    async def send(path: str) -> None:
        url = URL(f"https://discord.com{path}")
        request = cast(ClientRequest, SimpleNamespace(method="POST", url=url))
        await asyncio.wait_for(wrapped(request, answer), 1)

    await send("/api/v10/channels/1/messages")
    # The limit is taken, for a minute: only the exempt routes go on.
    await send("/api/v10/interactions/2/token/callback")
    await send("/api/v10/webhooks/3/token/messages/@original")
    with pytest.raises(TimeoutError):
        await send("/api/v10/channels/1/messages/4")


async def test_the_bots_requests_are_paced_and_counted_with_no_trace_signal(
    emulator: DiscordEmulator,
) -> None:
    """One wrapper paces and counts each request: aiohttp's trace signals (13 a request)
    reach nobody, so the bot's session has no trace config."""
    settings = Settings(discord_token=emulator.token, database="unused.db", metrics_port=0)
    bot = GameBot(settings)
    try:
        await bot.http.static_login(emulator.token)
        session = discord.Webhook.partial(1, "token", client=bot).session
        assert session.trace_configs == []
        assert bot.pace.occupied() == 1
        assert bot.metrics is not None
        asked = {"route": "GET /users/@me", "status": "200"}
        assert bot.metrics.registry.get_sample_value("claimit_discord_requests_total", asked) == 1
    finally:
        await bot.http.close()
