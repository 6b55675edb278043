"""The gateway's heartbeat ACKs come back as Discord's do, so that discord.py measures
each from its own heartbeat and never logs "Can't keep up, … websocket is 41.3s behind"."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator

import discord
import pytest
from discord import gateway

from bot.discord_ui.client import use_discord_at
from emulator import DiscordEmulator

HEARTBEATS = 16
INTERVAL = 0.25
"""Seconds: quick enough for a test, and five times the emulator's round trip."""


@pytest.fixture
async def quick_emulator() -> AsyncIterator[DiscordEmulator]:
    emulator = DiscordEmulator(heartbeat_interval=INTERVAL)
    await emulator.start()
    use_discord_at(emulator.base_url)
    yield emulator
    await emulator.close()


def test_the_hello_asks_for_discords_interval_by_default() -> None:
    assert DiscordEmulator().heartbeat_interval == 41.25


async def test_every_ack_is_measured_from_its_own_heartbeat(
    quick_emulator: DiscordEmulator,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    # The warning needs over 10 s, out of reach with a quick interval; what it is
    # computed from is not: an ACK handled before discord.py noted its heartbeat's
    # send is measured from the heartbeat before, at least one whole interval back.
    latencies: list[float] = []
    enough = asyncio.Event()
    acknowledged = gateway.KeepAliveHandler.ack

    def ack(handler: gateway.KeepAliveHandler) -> None:
        acknowledged(handler)
        latencies.append(handler.latency)
        if len(latencies) == HEARTBEATS:
            enough.set()

    monkeypatch.setattr(gateway.KeepAliveHandler, "ack", ack)
    caplog.set_level(logging.WARNING, logger="discord.gateway")
    client = discord.Client(intents=discord.Intents.none())
    await client.login(quick_emulator.token)
    connection = asyncio.create_task(client.connect())
    busy = asyncio.create_task(_always_something_to_do())
    try:
        await enough.wait()
        latest = client.latency
    finally:
        busy.cancel()
        await client.close()
        await connection
    assert [x for x in latencies if x >= INTERVAL] == []
    assert latest < INTERVAL
    assert [r.getMessage() for r in caplog.records if r.name == "discord.gateway"] == []


async def _always_something_to_do() -> None:
    """The loop of a bot at work (the sandbox's draws boards and answers clicks in the
    emulator's own process): the keep-alive thread gets the GIL only now and then."""
    while True:
        await asyncio.sleep(0)
