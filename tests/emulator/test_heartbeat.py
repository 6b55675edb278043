"""The gateway's heartbeat ACKs come back as Discord's do, a network round trip after
the heartbeat, so that discord.py measures each from its own heartbeat and never logs
"Can't keep up, … websocket is 41.3s behind".

discord.py's keep-alive thread notes a heartbeat's send only once the event loop has
sent it; an ACK handled before that note is measured from the heartbeat before, a whole
interval back. Whether a thread gets there first is the machine's scheduling, so what is
tested is what the emulator decides: no ACK before the round trip."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import aiohttp
import pytest

from emulator import DiscordEmulator

ROUND_TRIP = 0.05
"""Seconds: the emulator's default, a real network's round trip to Discord."""
RESOLUTION = 0.001
"""The event loop may run a timer up to its clock's resolution early."""


@pytest.fixture
async def emulator() -> AsyncIterator[DiscordEmulator]:
    emulator = DiscordEmulator()
    await emulator.start()
    yield emulator
    await emulator.close()


def test_the_hello_asks_for_discords_interval_by_default() -> None:
    assert DiscordEmulator().heartbeat_interval == 41.25
    assert DiscordEmulator().heartbeat_round_trip == ROUND_TRIP


async def test_each_heartbeat_is_acknowledged_a_round_trip_later(
    emulator: DiscordEmulator,
) -> None:
    loop = asyncio.get_running_loop()
    async with (
        aiohttp.ClientSession() as session,
        session.ws_connect(emulator.gateway_url) as ws,
    ):
        hello = await ws.receive_json()
        assert hello["d"]["heartbeat_interval"] == 41250
        for sequence in (None, 1, 2):
            sent = loop.time()
            await ws.send_json({"op": 1, "d": sequence})
            ack = await ws.receive_json()
            assert ack == {"op": 11}
            assert loop.time() - sent >= ROUND_TRIP - RESOLUTION
