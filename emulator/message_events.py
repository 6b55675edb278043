"""The gateway's message events, as Discord sends them: MESSAGE_CREATE for every message
anyone in a server can see (a member's, the bot's own, an interaction's public answer)
and MESSAGE_DELETE when one goes, to the sessions of the server's shard that identified
with GUILD_MESSAGES. Ephemeral messages make no event.

Without the privileged Message Content intent, Discord gives an app others' messages with
``content``, ``embeds``, ``attachments`` and ``components`` empty (and no ``poll``), except
the app's own messages and those that mention it (and DMs, which the emulator has no model
of): on the gateway, to a session that did not ask for MESSAGE_CONTENT; over REST, to an
app without the intent switched on in the Developer Portal (``Settings.message_content``).
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from emulator import payloads
from emulator.gateway import GUILD_MESSAGES_INTENT, MESSAGE_CONTENT_INTENT, Gateway
from emulator.model import Message
from emulator.settings import Settings
from emulator.world import World


def content_exempt(message: Message, bot_id: int) -> bool:
    """Whether an app sees the message's content without the Message Content intent: its
    own message, or one that mentions it."""
    return message.author.id == bot_id or bot_id in message.mentions


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
        if message.ephemeral:
            return
        guild = self.world.guilds[self.world.channels[message.channel_id].guild_id]
        full = payloads.message(message, guild.id, self.settings.base_url)
        author = message.author
        if message.interaction_id is None and (
            author.id == self.world.bot.id or author.id in guild.member_permissions
        ):
            member = payloads.member(author, guild, time.time())
            full["member"] = {k: v for k, v in member.items() if k not in ("user", "permissions")}
        blank = full if content_exempt(message, self.world.bot.id) else without_content(full)

        def seen_with(intents: int) -> dict[str, Any]:
            return full if intents & MESSAGE_CONTENT_INTENT else blank

        await self.gateway.dispatch_to_each(
            "MESSAGE_CREATE", seen_with, guild.id, intent=GUILD_MESSAGES_INTENT
        )

    async def deleted(self, message: Message) -> None:
        """MESSAGE_DELETE for a message just deleted (nothing for an ephemeral one)."""
        if message.ephemeral:
            return
        guild_id = self.world.channels[message.channel_id].guild_id
        data = {
            "id": str(message.id),
            "channel_id": str(message.channel_id),
            "guild_id": str(guild_id),
        }
        await self.gateway.dispatch_to_each(
            "MESSAGE_DELETE", lambda _: data, guild_id, intent=GUILD_MESSAGES_INTENT
        )
