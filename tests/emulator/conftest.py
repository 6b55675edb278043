"""An emulator with one member and channel, and a plain discord.py client logged in to it;
the places of the tests of user installs (``friends``, with its listening ``client``)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator

import discord
import pytest
from discord import app_commands

from bot.discord_ui.client import use_discord_at
from emulator import DEFAULT_BOT_PERMISSIONS, DiscordEmulator
from tests.emulator.friends import client, friends
from tests.emulator.rest import Bot, Place

__all__ = ["client", "friends"]


@pytest.fixture
async def emulator() -> AsyncIterator[DiscordEmulator]:
    emulator = DiscordEmulator()
    await emulator.start()
    use_discord_at(emulator.base_url)
    yield emulator
    await emulator.close()


@pytest.fixture
async def closing() -> AsyncIterator[list[DiscordEmulator]]:
    """Emulators a test started, closed (and so saved) at its end if it did not close them
    itself."""
    emulators: list[DiscordEmulator] = []
    yield emulators
    for emulator in emulators:
        await emulator.close()


@pytest.fixture
def place(emulator: DiscordEmulator) -> Place:
    user = emulator.add_user("Ann")
    guild = emulator.add_guild("G", user)
    return Place(emulator, user, emulator.add_channel(guild, "c", DEFAULT_BOT_PERMISSIONS))


@pytest.fixture
async def bot(place: Place) -> AsyncIterator[Bot]:
    """A connected client; a test adds its commands to ``bot.tree`` and syncs them."""
    client = discord.Client(intents=discord.Intents.none(), guild_ready_timeout=0.01)
    tree = app_commands.CommandTree(client)
    await client.login(place.emulator.token)
    task = asyncio.create_task(client.connect())
    try:
        await client.wait_until_ready()
        yield Bot(client, tree)
    finally:
        await client.close()
        await task
