"""The gateway's message events, as Discord sends them: MESSAGE_CREATE for every message
anyone in a server can see (a member's, the bot's own, an interaction's public answer)
and MESSAGE_DELETE when one goes, to the sessions of the server's shard that identified
with GUILD_MESSAGES; for a DM's messages, to shard 0's sessions that identified with
DIRECT_MESSAGES (events outside any server go to shard 0 alone: Gateway, "Sharding").
Ephemeral messages make no event, nor messages where the bot is not (a group DM, a
server it is not in).

Without the privileged Message Content intent, Discord gives an app others' messages with
``content``, ``embeds``, ``attachments`` and ``components`` empty (and no ``poll``), except
the app's own messages, those that mention it and DMs: on the gateway, to a session that
did not ask for MESSAGE_CONTENT; over REST, to an app without the intent switched on in
the Developer Portal (``Settings.message_content``).
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from emulator import payloads
from emulator.gateway import GUILD_MESSAGES_INTENT, MESSAGE_CONTENT_INTENT, Gateway
from emulator.model import Channel, Message
from emulator.settings import Settings
from emulator.world import World

DIRECT_MESSAGES_INTENT = 1 << 12
"""MESSAGE_CREATE and MESSAGE_DELETE in DMs."""


def content_exempt(message: Message, channel: Channel, bot_id: int) -> bool:
    """Whether an app sees the message's content without the Message Content intent: its
    own message, one that mentions it, or one in a DM."""
    return message.author.id == bot_id or bot_id in message.mentions or channel.is_dm


def without_content(payload: dict[str, Any]) -> dict[str, Any]:
    """A message object as an app without the Message Content intent gets it."""
    blank = {k: v for k, v in payload.items() if k != "poll"}
    blank.update(content="", embeds=[], attachments=[], components=[])
    return blank


@dataclass(frozen=True)
class MessageEvents:
    settings: Settings
    world: World
    gateway: Gateway

    async def created(self, message: Message) -> None:
        """MESSAGE_CREATE for a message just posted (nothing for an ephemeral one): the
        message as the REST API returns it, with its ``guild_id`` and its author's
        ``member`` (left out for an interaction's messages, which Discord sends as its
        webhook's)."""
        channel = self.world.channels.get(message.channel_id)
        if message.ephemeral or channel is None:
            # Nor anything where the bot is not: a group DM, a server it isn't in.
            return
        if channel.is_dm:
            shown = payloads.message(message, None, self.settings.base_url)
            await self.gateway.dispatch_to_each(
                "MESSAGE_CREATE", lambda _: shown, None, intent=DIRECT_MESSAGES_INTENT
            )
            return
        guild = self.world.guilds[channel.guild_id]
        full = payloads.message(message, guild.id, self.settings.base_url)
        author = message.author
        own = author.id == self.world.bot.id
        if message.interaction_id is None and (own or author.id in guild.member_permissions):
            roles = [guild.bot_role_id] if own else None
            # The bot's own joined_at is when it joined, in every event that names it.
            joined = guild.joined_at if own else time.time()
            member = payloads.member(author, guild, joined, roles=roles)
            full["member"] = {k: v for k, v in member.items() if k not in ("user", "permissions")}
        exempt = content_exempt(message, channel, self.world.bot.id)
        blank = full if exempt else without_content(full)

        def seen_with(intents: int) -> dict[str, Any]:
            return full if intents & MESSAGE_CONTENT_INTENT else blank

        await self.gateway.dispatch_to_each(
            "MESSAGE_CREATE", seen_with, guild.id, intent=GUILD_MESSAGES_INTENT
        )

    async def deleted(self, message: Message) -> None:
        """MESSAGE_DELETE for a message just deleted (nothing for an ephemeral one)."""
        channel = self.world.channels.get(message.channel_id)
        if message.ephemeral or channel is None:
            return
        data = {"id": str(message.id), "channel_id": str(message.channel_id)}
        if channel.is_dm:
            await self.gateway.dispatch_to_each(
                "MESSAGE_DELETE", lambda _: data, None, intent=DIRECT_MESSAGES_INTENT
            )
            return
        data["guild_id"] = str(channel.guild_id)
        await self.gateway.dispatch_to_each(
            "MESSAGE_DELETE", lambda _: data, channel.guild_id, intent=GUILD_MESSAGES_INTENT
        )
