"""The bot's permissions as Discord tells them and enforces them: discord.py works out from
the server's roles and each channel's overwrite what the emulator enforces, an
interaction's ``app_permissions`` says the same, an admin's change mid-game comes as
CHANNEL_UPDATE or GUILD_ROLE_UPDATE, and each route refuses as Discord does: 50001
Missing Access without View Channel, 50013 Missing Permissions without another."""

from __future__ import annotations

import asyncio

import discord
import pytest

from emulator import DEFAULT_BOT_PERMISSIONS, Channel
from tests.emulator.places import (
    THREADS,
    Listener,
    all_missing_access,
    listening,
    message_routes,
    post,
    start_thread,
    thread_route,
)
from tests.emulator.rest import Place

GUILDS = discord.Intents(guilds=True)
PING = {"id": "1", "name": "ping", "type": 1, "options": []}
SEND = discord.Permissions(view_channel=True, send_messages=True)
NO_VIEW = DEFAULT_BOT_PERMISSIONS & ~discord.Permissions(view_channel=True)


def seen_by(client: Listener, channel: Channel) -> discord.Permissions:
    """The bot's permissions in the channel or thread, as discord.py works them out."""
    where = client.get_channel(channel.id)
    assert isinstance(where, discord.TextChannel | discord.Thread)
    return where.permissions_for(where.guild.me)


async def test_discord_py_works_out_the_permissions_the_emulator_enforces(place: Place) -> None:
    emulator = place.emulator
    guild = emulator.guilds[place.channel.guild_id]
    place.channel.bot_permissions = THREADS
    channels = [
        place.channel,
        emulator.add_channel(guild, "quiet", discord.Permissions(view_channel=True)),
        emulator.add_channel(guild, "hidden", discord.Permissions(send_messages=True)),
        emulator.add_channel(
            guild, "moderated", THREADS | discord.Permissions(manage_messages=True)
        ),
        emulator.add_channel(guild, "no links", SEND | discord.Permissions(embed_links=True)),
    ]
    _, thread = await start_thread(place)
    async with listening(place, GUILDS) as client:
        for channel in [*channels, thread]:
            assert seen_by(client, channel) == emulator.permissions_in(channel), channel.name
    # Implicit permissions: nothing without View Channel, no links without Send Messages.
    assert emulator.permissions_in(channels[2]).value == 0
    assert not emulator.permissions_in(channels[1]).embed_links
    assert emulator.permissions_in(channels[4]).embed_links
    assert emulator.permissions_in(place.channel) == THREADS


async def test_an_interactions_app_permissions_are_the_bots_in_its_channel(
    place: Place,
) -> None:
    place.emulator.commands[None] = [PING]
    place.channel.bot_permissions = THREADS | discord.Permissions(manage_messages=True)
    _, thread = await start_thread(place)
    async with listening(place, GUILDS) as client:
        for where in (place.channel, thread):
            await place.emulator.slash(place.user, where, "ping")
            interaction = await asyncio.wait_for(client.interactions.get(), 10)
            assert interaction.app_permissions == place.emulator.permissions_in(where)
            assert interaction.app_permissions == seen_by(client, where)


async def test_the_bots_permissions_in_a_channel_change_with_channel_update(
    place: Place,
) -> None:
    emulator = place.emulator
    place.channel.bot_permissions = THREADS
    _, thread = await start_thread(place)
    quiet = discord.Permissions(view_channel=True)
    async with listening(place, GUILDS) as client:
        await emulator.set_bot_permissions(place.channel, quiet)
        _, update = await client.next("CHANNEL_UPDATE")
        assert update["id"] == str(place.channel.id)
        (overwrite,) = update["permission_overwrites"]
        assert (overwrite["id"], overwrite["type"]) == (str(emulator.bot.id), 1)
        assert seen_by(client, place.channel) == quiet == emulator.permissions_in(place.channel)
        # A thread has its parent's permissions, and Discord sends nothing about it.
        assert seen_by(client, thread) == quiet == emulator.permissions_in(thread)
    status, body = await post(place, place.channel)
    assert (status, body["code"]) == (403, 50013)
    assert (await post(place, thread))[1]["code"] == 50013
    with pytest.raises(ValueError, match="no overwrites"):
        await emulator.set_bot_permissions(thread, THREADS)


async def test_the_bots_role_changes_with_guild_role_update_where_no_overwrite_decides(
    place: Place,
) -> None:
    emulator = place.emulator
    guild = emulator.guilds[place.channel.guild_id]
    allowed = emulator.add_channel(guild, "allowed", DEFAULT_BOT_PERMISSIONS)
    silenced = DEFAULT_BOT_PERMISSIONS & ~discord.Permissions(send_messages=True)
    async with listening(place, GUILDS) as client:
        await emulator.set_bot_role_permissions(guild, silenced)
        _, role = await client.next("GUILD_ROLE_UPDATE")
        assert role["role"]["id"] == str(guild.bot_role_id)
        assert role["role"]["permissions"] == str(silenced.value)
        assert "CHANNEL_UPDATE" not in [name for name, _ in client.seen()]
        # Without Send Messages, no Embed Links nor Attach Files either (implicitly).
        reading = discord.Permissions(view_channel=True, read_message_history=True)
        assert seen_by(client, place.channel) == reading == emulator.permissions_in(place.channel)
        # An overwrite granting Send Messages keeps it, whatever the role says later.
        await emulator.set_bot_permissions(allowed, DEFAULT_BOT_PERMISSIONS)
        _, update = await client.next("CHANNEL_UPDATE")
        sending = discord.Permissions(send_messages=True)
        assert update["permission_overwrites"][0]["allow"] == str(sending.value)
        linkless = silenced & ~discord.Permissions(embed_links=True)
        await emulator.set_bot_role_permissions(guild, linkless)
        await client.next("GUILD_ROLE_UPDATE")
        expected = linkless | sending
        assert seen_by(client, allowed) == expected == emulator.permissions_in(allowed)
    assert (await post(place, place.channel))[1]["code"] == 50013
    assert (await post(place, allowed))[0] == 200


@pytest.mark.parametrize("granted", [NO_VIEW, discord.Permissions.none()], ids=["all but", "none"])
async def test_without_view_channel_every_route_is_missing_access(
    place: Place, granted: discord.Permissions
) -> None:
    place.channel.bot_permissions = THREADS
    message = await place.post({"content": "before"})
    place.channel.bot_permissions = granted | discord.Permissions(create_public_threads=True)
    await all_missing_access(place, [*message_routes(message), thread_route(message)])
    assert [m.content for m in place.channel.visible()] == ["before"]


async def test_each_action_takes_its_own_permission(place: Place) -> None:
    emulator = place.emulator
    place.channel.bot_permissions = THREADS
    _, thread = await start_thread(place)
    said = await emulator.say(place.user, place.channel, "mine")
    base = f"/channels/{place.channel.id}/messages"
    missing = (403, {"code": 50013, "message": "Missing Permissions"})

    await emulator.set_bot_permissions(
        place.channel, THREADS & ~discord.Permissions(send_messages=True)
    )
    assert await post(place, place.channel) == missing
    assert (await post(place, thread))[0] == 200
    await emulator.set_bot_permissions(
        place.channel, THREADS & ~discord.Permissions(send_messages_in_threads=True)
    )
    assert (await post(place, place.channel))[0] == 200
    assert await post(place, thread) == missing
    await emulator.set_bot_permissions(
        place.channel, THREADS & ~discord.Permissions(attach_files=True)
    )
    assert await place.call("POST", base, {"content": "f"}, files={"a.png": b"x"}) == missing
    assert await place.call("DELETE", f"{base}/{said.id}") == missing
    await emulator.set_bot_permissions(
        place.channel, THREADS & ~discord.Permissions(read_message_history=True)
    )
    assert await place.call("GET", f"{base}/{said.id}") == missing
    assert await place.call("GET", base) == (200, [])  # type: ignore[comparison-overlap]
    await emulator.set_bot_permissions(
        place.channel, THREADS | discord.Permissions(manage_messages=True)
    )
    assert await place.call("DELETE", f"{base}/{said.id}") == (204, {})
    assert said.deleted
