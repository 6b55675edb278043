"""The bot's HTTP client lets go of discord.py's rate-limit buckets idle for 5 minutes, as
discord.py does, at a cost per new bucket that does not grow with the buckets kept."""

from __future__ import annotations

import asyncio

import discord
import pytest
from discord.http import Ratelimit

from bot.discord_ui.wrapped_requests import SWEPT_FROM, WrappedHTTPClient

IDLE = 300.0
"""discord.py's: a bucket idle this long (nothing waiting on it) may be let go."""


class Counted(Ratelimit):
    looks = 0

    def is_inactive(self) -> bool:
        Counted.looks += 1
        return super().is_inactive()


async def passthrough(request: object, handler: object) -> object:
    raise AssertionError("nothing is sent")


@pytest.fixture
async def client(monkeypatch: pytest.MonkeyPatch) -> WrappedHTTPClient:
    monkeypatch.setattr(discord.http, "Ratelimit", Counted)
    Counted.looks = 0
    return WrappedHTTPClient(asyncio.get_running_loop(), passthrough)  # type: ignore[arg-type]


def idle(client: WrappedHTTPClient) -> None:
    """Every bucket kept so far last used 5 minutes ago."""
    for bucket in client._buckets.values():
        bucket._last_request -= IDLE


async def test_a_new_bucket_costs_a_look_at_two_amortized(client: WrappedHTTPClient) -> None:
    made = 3_000
    for key in range(made):
        client.get_ratelimit(f"channel {key}")
    # None idle: all are kept, swept at 256, 512, 1,024 and 2,048 (discord.py's own sweep
    # looks at every bucket for each one past 256: 4.5 million looks).
    assert len(client._buckets) == made
    assert Counted.looks < 2 * made


async def test_the_idle_buckets_go_once_the_buckets_have_doubled(
    client: WrappedHTTPClient,
) -> None:
    for key in range(SWEPT_FROM - 1):
        client.get_ratelimit(f"old {key}")
    idle(client)
    client.get_ratelimit("new")
    # discord.py's own bound: at 256 buckets, the idle ones go.
    assert list(client._buckets) == ["new"]
    client._buckets.clear()

    for key in range(300):
        client.get_ratelimit(f"used {key}")
    idle(client)
    # The sweep at 256 kept all 256 (none idle then): the next is at 512.
    for key in range(2 * SWEPT_FROM - 300 - 1):
        client.get_ratelimit(f"fresh {key}")
    assert len(client._buckets) == 2 * SWEPT_FROM - 1
    client.get_ratelimit("the 512th")
    assert len(client._buckets) == 2 * SWEPT_FROM - 300
    assert not any(key.startswith("used") for key in client._buckets)
