"""The bot keeps its own requests under Discord's global limit, which discord.py meets
only after a 429."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import discord
import pytest

from bot.discord_ui.client import use_discord_at
from bot.discord_ui.global_pace import GlobalPace, pace_requests
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
    assert all(later - earlier >= 0.2 for earlier, later in zip(times, times[5:], strict=False))
    # The 6th and the 11th wait for the window to pass; those after each go at once.
    assert pace.waited == 2


async def burst(
    emulator: DiscordEmulator, channels: list[Channel], pace: GlobalPace | None
) -> None:
    client = discord.Client(intents=discord.Intents.none())
    if pace is not None:
        pace_requests(client, pace)
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
