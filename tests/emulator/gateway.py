"""Raw sockets on the emulator's gateway, for the tests that speak its protocol themselves."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import TypeVar

import aiohttp

from emulator import DiscordEmulator

G = TypeVar("G", bound="Sockets")


class Sockets:
    """The sockets a test opens on the emulator's gateway."""

    def __init__(self, emulator: DiscordEmulator, http: aiohttp.ClientSession) -> None:
        self.emulator = emulator
        self.http = http
        self.sockets: list[aiohttp.ClientWebSocketResponse] = []

    async def connect(self) -> aiohttp.ClientWebSocketResponse:
        """A new socket, not yet past HELLO."""
        ws = await self.http.ws_connect(self.emulator.gateway_url)
        self.sockets.append(ws)
        return ws


@asynccontextmanager
async def opened(kind: type[G], emulator: DiscordEmulator) -> AsyncIterator[G]:
    """A ``kind`` of sockets on the emulator's gateway, each closed at the end."""
    async with aiohttp.ClientSession() as http:
        gateway = kind(emulator, http)
        yield gateway
        for ws in gateway.sockets:
            await ws.close()
