"""The bot's server and the places where it is not (a server of friends', a group DM),
with the app installed to Ann's account and its commands synced everywhere they may be:
what the tests of user installs and group DMs share."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable
from dataclasses import dataclass
from typing import Any

import discord
import pytest

from emulator import Channel, DiscordEmulator, Guild, Interaction, User
from tests.emulator.places import WAIT, Listener, listening
from tests.emulator.rest import Place

INTENTS = discord.Intents(guilds=True, guild_messages=True, dm_messages=True)
EVERYWHERE = {"integration_types": [0, 1], "contexts": [0, 1, 2]}
COMMANDS: list[dict[str, Any]] = [
    {"name": "play", "description": "Play anywhere", **EVERYWHERE},
    # Registered as the bot registers its own today: the server install only.
    {"name": "host", "description": "Host in a server", "contexts": [0]},
    {"name": "mine", "description": "Mine", "integration_types": [1], "contexts": [0, 1]},
    {
        "name": "game",
        "description": "A game",
        "integration_types": [0],
        "contexts": [0],
        "options": [{"name": "new", "description": "A new one", "type": 1}],
    },
    {
        "name": "pick",
        "description": "Pick",
        **EVERYWHERE,
        "options": [{"name": "what", "description": "What", "type": 3, "autocomplete": True}],
    },
]


@dataclass
class Friends:
    """The bot's server (``place``: Ann's), and where the bot is not: a server of Ann's
    and Bo's, and a group DM of Ann, Bo and Cy; Ann installed the app to her account."""

    place: Place
    bo: User
    cy: User
    elsewhere: Guild
    far: Channel
    group: Channel

    @property
    def emulator(self) -> DiscordEmulator:
        return self.place.emulator

    @property
    def ann(self) -> User:
        return self.place.user


@pytest.fixture
async def friends(place: Place) -> Friends:
    return await befriend(place)


@pytest.fixture
async def client(friends: Friends) -> AsyncIterator[Listener]:
    """A bot listening (``INTENTS``) in the friends' world."""
    async with listening(friends.place, INTENTS) as client:
        yield client


async def befriend(place: Place) -> Friends:
    """The place's world with ``Friends``' places and the commands synced."""
    emulator = place.emulator
    bo, cy = emulator.add_user("Bo"), emulator.add_user("Cy")
    elsewhere = emulator.add_guild("Elsewhere", bo, bot_member=False)
    emulator.add_member(elsewhere, place.user)
    far = emulator.add_channel(elsewhere, "games")
    group = emulator.add_group_dm(place.user, [bo, cy], "game night")
    emulator.install_to_user(place.user)
    await sync(place, COMMANDS)
    return Friends(place, bo, cy, elsewhere, far, group)


async def sync(place: Place, commands: list[dict[str, Any]]) -> None:
    """The app's global commands overwritten with ``commands``."""
    path = f"/applications/{place.emulator.application_id}/commands"
    status, synced = await place.call("PUT", path, commands)  # type: ignore[arg-type]
    assert status == 200, synced


async def received(
    client: Listener, acting: Awaitable[Interaction]
) -> tuple[Interaction, discord.Interaction, dict[str, Any]]:
    """The member's interaction, as the emulator keeps it, as discord.py reads it, and as
    the gateway sent it."""
    emulated = await acting
    seen = await asyncio.wait_for(client.interactions.get(), WAIT)
    _, raw = await client.next("INTERACTION_CREATE")
    assert seen.id == emulated.id == int(raw["id"])
    return emulated, seen, raw


async def heard(friends: Friends, client: Listener) -> list[str]:
    """The events the bot was sent before a marker said in its own server."""
    marker = await friends.emulator.say(friends.ann, friends.place.channel, "marker")
    names: list[str] = []
    while True:
        name, data = await asyncio.wait_for(client.events.get(), WAIT)
        if name == "MESSAGE_CREATE" and data["id"] == str(marker.id):
            return names
        names.append(name)
