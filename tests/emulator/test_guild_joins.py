"""The bot added to a server and removed from it while connected, and the server's
system channel, as Discord tells them: GUILD_CREATE without ``unavailable`` for a join
(which discord.py reports as ``on_guild_join``), GUILD_DELETE without it for a removal,
GUILD_UPDATE for a new system channel; and the bot's ``joined_at`` the same in every
event that names it."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime

import discord

from tests.emulator.places import WAIT, listening, post
from tests.emulator.rest import Place

GUILDS = discord.Intents(guilds=True, guild_messages=True)


async def test_a_server_that_adds_the_bot_is_a_join_with_its_system_channel(
    place: Place,
) -> None:
    emulator = place.emulator
    async with listening(place, GUILDS) as client:
        guild = emulator.add_guild("Newcomers", place.user)
        general = emulator.add_channel(guild, "general")
        await emulator.set_system_channel(guild, general)
        joined = asyncio.ensure_future(client.wait_for("guild_join", timeout=WAIT))
        await emulator.add_bot(guild)
        _, data = await client.next("GUILD_CREATE")
        assert "unavailable" not in data
        assert data["system_channel_id"] == str(general.id)
        seen = await joined
        assert seen.id == guild.id and seen.system_channel is not None
        assert seen.system_channel.id == general.id
        assert seen.me.joined_at is not None
        assert seen.me.joined_at == datetime.fromtimestamp(guild.joined_at, UTC)

        # The bot's own message names it as a member, joined when it joined.
        status, _ = await post(place, general)
        assert status == 200
        _, created = await client.next("MESSAGE_CREATE")
        assert created["member"]["joined_at"] == data["joined_at"]
        assert seen.me.joined_at == datetime.fromtimestamp(guild.joined_at, UTC)

        # The system channel turned off: GUILD_UPDATE, without GUILD_CREATE's own fields.
        await emulator.set_system_channel(guild, None)
        _, updated = await client.next("GUILD_UPDATE")
        assert updated["system_channel_id"] is None and "channels" not in updated
        assert seen.system_channel is None

        # Removed: GUILD_DELETE without unavailable, and its channels are gone for the bot.
        await emulator.remove_bot(guild)
        _, deleted = await client.next("GUILD_DELETE")
        assert deleted == {"id": str(guild.id)}
        assert client.get_guild(guild.id) is None
        assert general.id not in emulator.channels

        # Added again: a new join, at a new time.
        emulator.clock.advance(60)
        await emulator.add_bot(guild)
        _, again = await client.next("GUILD_CREATE")
        assert "unavailable" not in again and again["joined_at"] != data["joined_at"]
        assert emulator.channels[general.id] is general
