"""The REST routes on channels, as the bot's own: its messages posted, read, edited and
deleted there, a channel's history, threads started from messages, and the servers'
members; each within the bot's channel permissions."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from aiohttp import web

from emulator import paths, payloads
from emulator.bot_messages import BotMessages
from emulator.changes import Changes
from emulator.form import Form, errors_object
from emulator.gateway import Gateway
from emulator.limits import check_form
from emulator.model import PUBLIC_THREAD, Channel, Message
from emulator.responses import DiscordError, json_response
from emulator.settings import Settings
from emulator.world import World


@dataclass(frozen=True)
class ChannelRoutes:
    settings: Settings
    world: World
    changes: Changes
    gateway: Gateway
    bot_messages: BotMessages

    def _channel(self, request: web.Request) -> Channel:
        return paths.channel(self.world.channels, request.match_info["channel"])

    async def get_channel(self, request: web.Request) -> web.Response:
        return json_response(payloads.channel(self._channel(request)))

    async def start_thread(self, request: web.Request) -> web.Response:
        parent = self._channel(request)
        message = self._channel_message(request)
        _require(parent, "create_public_threads")
        if parent.is_thread:
            raise DiscordError(400, 50024, "Cannot execute action on this channel type")
        if any(c.id == message.id for c in self.world.threads_of(parent)):
            raise DiscordError(400, 160004, "A thread has already been created for this message")
        body, _ = await self.bot_messages.read_body(request)
        name = str(body.get("name") or "")
        if not 1 <= len(name) <= 100:
            raise DiscordError(400, 50035, "Invalid Form Body: a thread name is 1-100 characters")
        # Discord gives a thread started from a message that message's id.
        thread = Channel(
            message.id,
            parent.guild_id,
            name,
            parent.bot_permissions,
            type=PUBLIC_THREAD,
            parent_id=parent.id,
            owner_id=self.world.bot.id,
        )
        self.world.place(self.world.guilds[parent.guild_id], thread)
        # The bot's own request: it succeeds even while the guild's shard is away (in
        # another process, or reconnecting), as on Discord.
        await self.gateway.dispatch_if_connected(
            "THREAD_CREATE", {**payloads.channel(thread), "newly_created": True}, parent.guild_id
        )
        await self.changes.changed()
        return json_response(payloads.channel(thread), 201)

    async def get_member(self, request: web.Request) -> web.Response:
        guild = self.world.guilds.get(int(request.match_info["guild"]))
        if guild is None:
            raise DiscordError(404, 10004, "Unknown Guild")
        user = self.world.users.get(int(request.match_info["user"]))
        if user is None:
            raise DiscordError(404, 10013, "Unknown User")
        if user.id not in guild.member_permissions:
            raise DiscordError(404, 10007, "Unknown Member")
        return json_response(payloads.member(user, guild, self.settings.clock.now()))

    async def history(self, request: web.Request) -> web.Response:
        """Get Channel Messages: the ``limit`` messages (50 without one) before, after or
        around a message, or the newest, always newest first; what any member sees of the
        channel (neither ephemeral nor deleted), none without Read Message History."""
        channel = self._channel(request)
        if not channel.bot_permissions.view_channel:
            raise DiscordError(403, 50001, "Missing Access")
        limit, where, at = _history_query(request.query)
        if not channel.bot_permissions.read_message_history:
            return json_response([])
        shown = sorted(channel.visible(None), key=lambda m: m.id)
        older = [m for m in shown if m.id < at]
        newer = [m for m in shown if m.id > at]
        if where == "before":
            chosen = older[-limit:]
        elif where == "after":
            chosen = newer[:limit]
        else:
            # Discord's "around" gives half the limit on either side, and the message.
            half = limit // 2
            chosen = [*older[len(older) - half :], *[m for m in shown if m.id == at], *newer[:half]]
        return json_response([self.bot_messages.payload(m) for m in reversed(chosen)])

    async def create_message(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        body, files = await self.bot_messages.read_body(request)
        send = "send_messages_in_threads" if channel.is_thread else "send_messages"
        _require(channel, send, *(["attach_files"] if files else []))
        # Discord reads the whole form before it looks the nonce up.
        check_form(body)
        earlier = self._sent_with_nonce(channel, body)
        if earlier is not None:
            return json_response(self.bot_messages.payload(earlier))
        message = self.bot_messages.post(channel, body, files)
        await self.bot_messages.created(message)
        return json_response(self.bot_messages.payload(message))

    def _sent_with_nonce(self, channel: Channel, body: dict[str, Any]) -> Message | None:
        """With ``enforce_nonce``, the bot's recent message in the channel with this nonce,
        which Discord answers with instead of posting the message again."""
        nonce = body.get("nonce")
        if not body.get("enforce_nonce") or nonce is None:
            return None
        since = self.settings.clock.now() - self.settings.nonce_window
        return next(
            (
                m
                for m in channel.messages
                if m.nonce is not None
                and str(m.nonce) == str(nonce)
                and m.author.id == self.world.bot.id
                and m.created_at >= since
                and not m.deleted
            ),
            None,
        )

    def _channel_message(self, request: web.Request) -> Message:
        channel = self._channel(request)
        message = self.world.messages.get(int(request.match_info["message"]))
        if (
            message is None
            or message.channel_id != channel.id
            or message.deleted
            or message.ephemeral
        ):
            raise DiscordError(404, 10008, "Unknown Message")
        return message

    async def get_message(self, request: web.Request) -> web.Response:
        return json_response(self.bot_messages.payload(self._channel_message(request)))

    async def edit_message(self, request: web.Request) -> web.Response:
        message = self._channel_message(request)
        if message.author.id != self.world.bot.id:
            raise DiscordError(403, 50005, "Cannot edit a message authored by another user")
        body, files = await self.bot_messages.read_body(request)
        if files:
            _require(self.world.channels[message.channel_id], "attach_files")
        return await self.bot_messages.edit(message, body, files, loading=message.loading)

    async def delete_message(self, request: web.Request) -> web.Response:
        message = self._channel_message(request)
        if message.author.id != self.world.bot.id:
            # Anyone may delete their own messages; others' take Manage Messages.
            _require(self.world.channels[message.channel_id], "manage_messages")
        return await self.bot_messages.delete(message)


def _require(channel: Channel, *needed: str) -> None:
    missing = [p for p in ("view_channel", *needed) if not getattr(channel.bot_permissions, p)]
    if missing:
        raise DiscordError(403, 50013, "Missing Permissions")


def _history_query(query: Mapping[str, str]) -> tuple[int, str, int]:
    """Get Channel Messages' ``limit``, and which of before, after or around it asks for
    with that message's id; the newest messages are those before any id to come. Raises
    Discord's 50035 for a limit out of 1-100, an id that is no number, or two of them."""
    form = Form()
    raw_limit = query.get("limit")
    limit = 50 if raw_limit is None else paths.number(raw_limit)
    if limit is None:
        form.refuse(("limit",), "NUMBER_TYPE_COERCE", f"Value {raw_limit!r} is not int.")
    else:
        form.number(("limit",), limit, 1, 100)
    given = [w for w in ("before", "after", "around") if w in query]
    for where in given:
        if paths.number(query[where]) is None:
            form.refuse((where,), "NUMBER_TYPE_COERCE", f"Value {query[where]!r} is not snowflake.")
    if len(given) > 1:
        for where in given:
            form.refuse((where,), "BASE_TYPE_BAD_VALUE", "Only one of before, after or around.")
    if form.problems or limit is None:
        raise DiscordError(400, 50035, "Invalid Form Body", errors_object(form.problems))
    if not given:
        return limit, "before", 1 << 64
    return limit, given[0], int(query[given[0]])
