"""Channel messages on the gateway, as Discord sends them: MESSAGE_CREATE for a member's
chat and for the bot's own messages, MESSAGE_DELETE when one goes, only to a bot with the
GUILD_MESSAGES intent, never for an ephemeral message; others' content blank without
the Message Content intent. Heard by the real discord.py client."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any, TypeVar, cast

import discord
import pytest

from emulator import DEFAULT_BOT_PERMISSIONS, Interaction
from emulator.gateway import GUILD_MESSAGES_INTENT, MESSAGE_CONTENT_INTENT
from tests.emulator.rest import Place

MESSAGES = discord.Intents(guilds=True, guild_messages=True)
READING = discord.Intents(guilds=True, guild_messages=True, message_content=True)
PING = {"id": "1", "name": "ping", "type": 1, "options": []}
WAIT = 10.0
T = TypeVar("T")


class Listener(discord.Client):
    """A bot that notes what reaches it."""

    def __init__(self, intents: discord.Intents) -> None:
        super().__init__(intents=intents, guild_ready_timeout=0.01)
        self.messages: asyncio.Queue[discord.Message] = asyncio.Queue()
        self.deletions: asyncio.Queue[discord.RawMessageDeleteEvent] = asyncio.Queue()
        self.interactions: asyncio.Queue[discord.Interaction] = asyncio.Queue()
        self.event_types: list[str] = []

    async def on_message(self, message: discord.Message) -> None:
        await self.messages.put(message)

    async def on_raw_message_delete(self, payload: discord.RawMessageDeleteEvent) -> None:
        await self.deletions.put(payload)

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        await self.interactions.put(interaction)

    async def on_socket_event_type(self, event_type: str) -> None:
        self.event_types.append(event_type)

    async def quiet_until(self, marker: Interaction) -> None:
        """Until the marker interaction arrived, all that was sent before it has too: then
        no message event may have come."""
        while str((await next_of(self.interactions)).id) != str(marker.id):
            pass
        assert not {"MESSAGE_CREATE", "MESSAGE_DELETE"} & set(self.event_types)
        assert self.messages.empty() and self.deletions.empty()


Connect = Callable[[discord.Intents], Awaitable[Listener]]


@pytest.fixture
async def connect(place: Place) -> AsyncIterator[Connect]:
    """Connects a bot with these intents; every one is closed at the end."""
    running: list[tuple[Listener, asyncio.Task[None]]] = []

    async def connect(intents: discord.Intents) -> Listener:
        client = Listener(intents)
        await client.login(place.emulator.token)
        running.append((client, asyncio.create_task(client.connect())))
        await client.wait_until_ready()
        return client

    try:
        yield connect
    finally:
        for client, task in running:
            await client.close()
            await task


async def next_of(queue: asyncio.Queue[T]) -> T:
    return await asyncio.wait_for(queue.get(), WAIT)


def test_the_intents_are_discords() -> None:
    assert discord.Intents(guild_messages=True).value == GUILD_MESSAGES_INTENT
    assert discord.Intents(message_content=True).value == MESSAGE_CONTENT_INTENT


async def test_a_bot_with_guild_messages_hears_chat_its_own_messages_and_deletions(
    place: Place, connect: Connect
) -> None:
    emulator, guild_id = place.emulator, place.channel.guild_id
    client = await connect(MESSAGES)
    said = await emulator.say(place.user, place.channel, "hello")
    heard = await next_of(client.messages)
    assert (heard.id, heard.author.id) == (said.id, place.user.id)
    assert heard.channel.id == said.channel_id
    assert isinstance(heard.author, discord.Member)
    assert heard.guild is not None and heard.guild.id == guild_id
    assert heard.content == ""

    channel = client.get_channel(place.channel.id)
    assert isinstance(channel, discord.TextChannel)
    sent = await channel.send("my own")
    own = await next_of(client.messages)
    assert client.user is not None
    assert (own.id, own.author.id, own.content) == (sent.id, client.user.id, "my own")

    await emulator.delete_message(said)
    gone = await next_of(client.deletions)
    assert (gone.message_id, gone.channel_id, gone.guild_id) == (said.id, said.channel_id, guild_id)
    await sent.delete()
    assert (await next_of(client.deletions)).message_id == sent.id


async def test_a_members_message_in_a_thread_is_heard_there(place: Place, connect: Connect) -> None:
    place.channel.bot_permissions = DEFAULT_BOT_PERMISSIONS | discord.Permissions(
        create_public_threads=True
    )
    client = await connect(MESSAGES)
    start = await place.post({"content": "a game"})
    assert (await next_of(client.messages)).id == start.id
    status, _ = await place.call(
        "POST", f"/channels/{place.channel.id}/messages/{start.id}/threads", {"name": "game"}
    )
    assert status == 201
    thread = place.emulator.channels[start.id]
    said = await place.emulator.say(place.user, thread, "in the thread")
    heard = await next_of(client.messages)
    assert heard.id == said.id
    assert isinstance(heard.channel, discord.Thread) and heard.channel.id == thread.id


async def test_others_content_is_blank_without_the_message_content_intent(
    place: Place, connect: Connect
) -> None:
    emulator = place.emulator
    blind, reading = await connect(MESSAGES), await connect(READING)
    await emulator.say(place.user, place.channel, "**hello**")
    assert (await next_of(blind.messages)).content == ""
    assert (await next_of(reading.messages)).content == "**hello**"
    ping = f"<@{emulator.bot.id}> your turn?"
    await emulator.say(place.user, place.channel, ping)
    assert (await next_of(blind.messages)).content == ping
    assert (await next_of(reading.messages)).content == ping

    # Over REST too, unless the app has the intent switched on in the Developer Portal.
    async def history() -> list[str]:
        status, shown = await place.call("GET", f"/channels/{place.channel.id}/messages")
        assert status == 200
        return [m["content"] for m in cast(list[dict[str, Any]], shown)]

    assert await history() == [ping, ""]
    emulator.message_content = True
    assert await history() == [ping, "**hello**"]


async def test_a_bot_without_guild_messages_hears_no_message_event(
    place: Place, connect: Connect
) -> None:
    emulator = place.emulator
    emulator.commands[None] = [PING]
    client = await connect(discord.Intents(guilds=True))
    said = await emulator.say(place.user, place.channel, "hello")
    sent = await place.post({"content": "mine"})
    await emulator.delete_message(said)
    status, _ = await place.call("DELETE", f"/channels/{place.channel.id}/messages/{sent.id}")
    assert status == 204
    await client.quiet_until(await emulator.slash(place.user, place.channel, "ping"))


async def test_an_ephemeral_message_makes_no_event_a_public_answer_does(
    place: Place, connect: Connect
) -> None:
    emulator = place.emulator
    emulator.commands[None] = [PING]
    client = await connect(MESSAGES)
    quiet = place.interaction()
    assert (await place.respond(quiet, 4, {"content": "only you", "flags": 64}))[0] == 200
    thinking = place.interaction()
    assert (await place.respond(thinking, 5, {"flags": 64}))[0] == 200
    for _ in range(2):
        # The first follow-up becomes the ephemeral "thinking…", the second is new.
        body = {"content": "still only you", "flags": 64}
        status, _ = await place.call("POST", place.webhook(thinking), body)
        assert status == 200
    status, _ = await place.call("DELETE", f"{place.webhook(quiet)}/messages/@original")
    assert status == 204

    public = place.interaction()
    assert (await place.respond(public, 4, {"content": "everyone"}))[0] == 200
    heard = await next_of(client.messages)
    assert public.response_message is not None
    assert (heard.id, heard.content) == (public.response_message.id, "everyone")
    client.event_types.clear()
    await client.quiet_until(await emulator.slash(place.user, place.channel, "ping"))


async def test_say_refuses_what_no_discord_client_sends(place: Place) -> None:
    emulator, user, channel = place.emulator, place.user, place.channel
    with pytest.raises(ValueError, match="50035"):
        await emulator.say(user, channel, "x" * 2001)
    with pytest.raises(ValueError, match="empty"):
        await emulator.say(user, channel, " \n")
    with pytest.raises(ValueError, match="not a member"):
        await emulator.say(emulator.add_user("Zed"), channel, "hi")
    assert channel.messages == []
    longest = await emulator.say(user, channel, "x" * 2000)
    assert channel.visible(None) == [longest] and longest.author is user


async def test_the_bot_deletes_a_members_message_only_with_manage_messages(place: Place) -> None:
    said = await place.emulator.say(place.user, place.channel, "hello")
    path = f"/channels/{place.channel.id}/messages/{said.id}"
    status, body = await place.call("DELETE", path)
    assert (status, body["code"]) == (403, 50013)
    assert not said.deleted
    place.channel.bot_permissions = DEFAULT_BOT_PERMISSIONS | discord.Permissions(
        manage_messages=True
    )
    assert (await place.call("DELETE", path))[0] == 204
    assert said.deleted
