"""The bot keeps its own requests under Discord's global limit, which discord.py meets
only after a 429."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from types import SimpleNamespace

import aiohttp
import discord
import pytest
from multidict import CIMultiDict
from yarl import URL

from bot.discord_ui.client import use_discord_at
from bot.discord_ui.global_pace import GlobalPace
from emulator import DEFAULT_BOT_PERMISSIONS, DISCORD_RATE_LIMITS, Channel, DiscordEmulator

BURST = 70
"""Messages posted at once, each in a channel of its own: within every channel's
bucket, past the global 50 a second."""


async def test_no_window_lets_more_than_the_limit_through() -> None:
    pace = GlobalPace(limit=5, window=0.2)
    loop = asyncio.get_running_loop()
    times = []
    for _ in range(12):
        await pace.wait()
        times.append(loop.time())
        pace.answered()
    assert all(later - earlier >= 0.2 for earlier, later in zip(times, times[5:], strict=False))
    assert pace.waited >= 2


async def test_a_request_counts_until_a_window_after_its_answer() -> None:
    """However long Discord takes to answer, the request may have reached it at the end:
    it holds its place until its answer is a window old."""
    pace = GlobalPace(limit=2, window=0.2)
    loop = asyncio.get_running_loop()
    await pace.wait()
    await pace.wait()
    third = asyncio.create_task(pace.wait())
    await asyncio.sleep(0.3)
    assert not third.done(), "two are in flight, unanswered"
    pace.answered()
    answered_at = loop.time()
    await third
    assert loop.time() - answered_at >= 0.2


async def burst(
    emulator: DiscordEmulator, channels: list[Channel], pace: GlobalPace | None
) -> None:
    none = discord.Intents.none()
    if pace is None:
        client = discord.Client(intents=none)
    else:
        client = discord.Client(intents=none, http_trace=pace.trace_config())
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
    pace = GlobalPace()
    await burst(emulator, where, pace)
    assert emulator.rate_limited == 0 and pace.waited > 0
    assert all(len(c.visible()) == 1 for c in where)


async def test_without_the_pace_discord_answers_429(emulator: DiscordEmulator) -> None:
    """What the pace is for: discord.py alone runs into the global limit."""
    where = channels(emulator, BURST)
    await burst(emulator, where, None)
    assert emulator.rate_limited > 0


async def test_the_interaction_endpoints_are_not_paced() -> None:
    pace = GlobalPace(limit=1, window=60)
    (start,) = pace.trace_config().on_request_start

    async with aiohttp.ClientSession() as session:

        async def send(path: str) -> None:
            url = URL(f"https://discord.com{path}")
            params = aiohttp.TraceRequestStartParams("POST", url, CIMultiDict())
            await asyncio.wait_for(start(session, SimpleNamespace(), params), 1)

        await send("/api/v10/channels/1/messages")
        # The limit is taken, for a minute: only the exempt routes go on.
        await send("/api/v10/interactions/2/token/callback")
        await send("/api/v10/webhooks/3/token/messages/@original")
        with pytest.raises(TimeoutError):
            await send("/api/v10/channels/1/messages/4")
