"""The REST routes on channels, as the bot's own: its messages posted, read, edited and
deleted there, a channel's history, threads started from messages, its DMs opened, and
the servers' members; each within the bot's permissions there (``World.permissions``),
Discord's rules for archived and locked threads (``places.check_thread``), and a DM's
user's leave. A channel or thread deleted is 404 10003 Unknown Channel on every one; a
place the bot is not in (a group DM, a server it isn't a member of) is 403 50001 Missing
Access on every one, as for a channel it can't see: only an interaction's answer reaches
there (``rest_interactions``)."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from aiohttp import web
from discord import Permissions

from emulator import paths, payloads
from emulator.bot_messages import BotMessages
from emulator.changes import Changes
from emulator.form import Form, errors_object
from emulator.gateway import Gateway
from emulator.limits import check_form
from emulator.model import PRIVATE_THREAD, PUBLIC_THREAD, Channel, Guild, Message, snowflake
from emulator.places import Places, check_thread
from emulator.request_bodies import message_form
from emulator.responses import DiscordError, json_response
from emulator.settings import Settings
from emulator.world import World

DEFAULT_ARCHIVE_DURATION = 1440
"""Minutes a new thread waits idle before it archives, unless its request says (one of
Discord's 60, 1440, 4320 or 10080, as its description holds it to)."""
DEFAULT_HISTORY_LIMIT = 50
MOST_ACTIVE_THREADS = 1000
"""Active (unarchived) threads a server may have at once, its channels' together (docs:
Threads, "Active & Archived Threads"); one more is refused 160006."""


@dataclass(frozen=True)
class ChannelRoutes:
    settings: Settings
    world: World
    changes: Changes
    gateway: Gateway
    bot_messages: BotMessages

    @property
    def places(self) -> Places:
        return self.bot_messages.places

    async def _channel(self, request: web.Request) -> Channel:
        """The channel, thread or DM the path names, once idle threads have archived
        (``Places.archive_idle``); Discord's 10003 for one that is not, or no more."""
        await self.places.archive_idle()
        raw = request.match_info["channel"]
        found = paths.found(self.world.channels, raw)
        if found is None and self.world.where(paths.number(raw) or 0) is not None:
            raise DiscordError(403, 50001, "Missing Access")
        return paths.channel(self.world.channels, raw)

    def _require(self, channel: Channel, *needed: str) -> Permissions:
        """The bot's permissions in the channel, if it has those ``needed``: without View
        Channel Discord answers 403 50001 Missing Access on any route, without another
        needed one 403 50013 Missing Permissions."""
        granted = self.world.permissions(channel)
        if not granted.view_channel:
            raise DiscordError(403, 50001, "Missing Access")
        if not all(getattr(granted, p) for p in needed):
            raise DiscordError(403, 50013, "Missing Permissions")
        return granted

    def _channel_payload(self, channel: Channel) -> dict[str, Any]:
        if channel.recipient_id is not None:
            return payloads.dm_channel(channel, self.world.users[channel.recipient_id])
        return payloads.channel(channel, self.world.guild_of(channel), self.world.bot)

    async def get_channel(self, request: web.Request) -> web.Response:
        channel = await self._channel(request)
        self._require(channel)
        return json_response(self._channel_payload(channel))

    async def delete_channel(self, request: web.Request) -> web.Response:
        """Delete/Close Channel: a thread needs Manage Threads (in its channel), a server's
        channel Manage Channels, else 403 50013; the channel goes with its threads and
        messages, as a moderator's deletion does (THREAD_DELETE or CHANNEL_DELETE), and
        the answer is the channel as it was (docs: Channel, "Delete/Close Channel"). A DM
        is closed, not deleted: nothing of it changes for the bot here, which reopens the
        same one with Create DM."""
        channel = await self._channel(request)
        if channel.is_dm:
            return json_response(self._channel_payload(channel))
        self._require(channel, "manage_threads" if channel.is_thread else "manage_channels")
        shown = self._channel_payload(channel)
        await self.places.delete_channel(channel)
        return json_response(shown)

    async def create_dm(self, request: web.Request) -> web.Response:
        """Create DM: the bot's DM channel with ``recipient_id``, the one it has or a new
        one (docs: User, "Create DM"). Opening it is always allowed, even to a user who
        takes no DMs: only posting there is refused. An id that names no user is 404 10013
        Unknown User (the docs say nothing of it; 10013 is Discord's code for that)."""
        body, _ = message_form(request)
        user_id = paths.number(str(body.get("recipient_id")))
        user = None if user_id is None else self.world.users.get(user_id)
        if user is None:
            raise DiscordError(404, 10013, "Unknown User")
        channel = self.world.dm_with(user, self.settings.clock.now())
        self.changes.unsaved.set()
        return json_response(payloads.dm_channel(channel, user))

    async def start_thread(self, request: web.Request) -> web.Response:
        """Start Thread from Message, with the ``auto_archive_duration`` the body asks for
        (one of Discord's 60, 1440, 4320 or 10080 minutes; 1440 without one, the default
        of a channel that sets none) and the message's id (docs: Threads)."""
        parent = await self._channel(request)
        message = self._channel_message(parent, request)
        if parent.is_dm:
            raise DiscordError(400, 50003, "Cannot execute action on a DM channel")
        self._require(parent, "create_public_threads")
        # A voice channel's chat has no threads.
        if parent.is_thread or parent.is_voice:
            raise DiscordError(400, 50024, "Cannot execute action on this channel type")
        if any(c.id == message.id for c in self.world.threads_of(parent)):
            raise DiscordError(400, 160004, "A thread has already been created for this message")
        self._require_thread_room(parent)
        body, _ = message_form(request)
        name = str(body["name"])
        duration = body.get("auto_archive_duration") or DEFAULT_ARCHIVE_DURATION
        now = self.settings.clock.now()
        guild = self.world.guild_of(parent)
        thread = Channel(
            message.id,
            guild.id,
            name,
            Permissions(parent.bot_permissions.value),
            type=PUBLIC_THREAD,
            parent_id=parent.id,
            owner_id=self.world.bot.id,
            created_at=now,
            auto_archive_duration=duration,
            archive_timestamp=now,
            last_activity=now,
        )
        return await self._thread_made(guild, thread)

    async def start_thread_alone(self, request: web.Request) -> web.Response:
        """Start Thread without Message: a public thread (type 11, with Create Public
        Threads) or a private one (type 12, Discord's default when the body names no
        type, with Create Private Threads) in a server's text channel; the bot owns it
        and, for a private one, is its first member (docs: Threads)."""
        parent = await self._channel(request)
        if parent.is_dm:
            raise DiscordError(400, 50003, "Cannot execute action on a DM channel")
        if parent.is_thread or parent.is_voice:
            raise DiscordError(400, 50024, "Cannot execute action on this channel type")
        body, _ = message_form(request)
        kind = body.get("type") or PRIVATE_THREAD
        if kind not in (PUBLIC_THREAD, PRIVATE_THREAD):
            # 10, an announcement thread, is only made in an announcement channel, which
            # the emulator has none of.
            raise DiscordError(400, 50024, "Cannot execute action on this channel type")
        self._require(
            parent, "create_public_threads" if kind == PUBLIC_THREAD else "create_private_threads"
        )
        self._require_thread_room(parent)
        now = self.settings.clock.now()
        guild = self.world.guild_of(parent)
        thread = Channel(
            snowflake(now),
            guild.id,
            str(body["name"]),
            Permissions(parent.bot_permissions.value),
            type=kind,
            parent_id=parent.id,
            owner_id=self.world.bot.id,
            created_at=now,
            auto_archive_duration=body.get("auto_archive_duration") or DEFAULT_ARCHIVE_DURATION,
            archive_timestamp=now,
            last_activity=now,
        )
        if kind == PRIVATE_THREAD:
            thread.thread_members.add(self.world.bot.id)
        return await self._thread_made(guild, thread)

    async def _thread_made(self, guild: Guild, thread: Channel) -> web.Response:
        """The bot's new thread placed in its server, told to the bot and to whoever
        watches, and answered."""
        self.world.place(guild, thread)
        shown = payloads.channel(thread, guild, self.world.bot)
        # The bot's own request: it succeeds even while the guild's shard is away (in
        # another process, or reconnecting), as on Discord.
        await self.gateway.dispatch_if_connected(
            "THREAD_CREATE", {**shown, "newly_created": True}, guild.id
        )
        await self.changes.changed()
        return json_response(shown, 201)

    def _require_thread_room(self, parent: Channel) -> None:
        """Refuses a new thread while the server has as many active ones as it may."""
        guild = self.world.guild_of(parent)
        active = sum(1 for c in guild.channels.values() if c.is_thread and not c.archived)
        if active >= MOST_ACTIVE_THREADS:
            raise DiscordError(400, 160006, "Maximum number of active threads reached")

    async def get_thread_member(self, request: web.Request) -> web.Response:
        """Get Thread Member: ``user`` as a member of a private thread, else 404 10007
        Unknown Member (the emulator keeps no members of public threads: anyone in the
        server is one); on a channel that is no thread, 400 50024."""
        thread = await self._channel(request)
        self._require(thread)
        if not thread.is_thread:
            raise DiscordError(400, 50024, "Cannot execute action on this channel type")
        user_id = int(request.match_info["user"])
        members = thread.thread_members if thread.is_private_thread else None
        if user_id not in self.world.users or (members is not None and user_id not in members):
            raise DiscordError(404, 10007, "Unknown Member")
        return json_response(
            {
                "id": str(thread.id),
                "user_id": str(user_id),
                "join_timestamp": payloads.iso(thread.created_at),
                "flags": 0,
            }
        )

    async def get_member(self, request: web.Request) -> web.Response:
        guild_id = int(request.match_info["guild"])
        guild = self.world.guilds.get(guild_id)
        if guild_id in self.world.foreign_guilds:
            raise DiscordError(403, 50001, "Missing Access")
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
        channel = await self._channel(request)
        granted = self._require(channel)
        limit, where, at = _history_query(request.query)
        if not granted.read_message_history:
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
        """Create Message: in a server's channel with Send Messages (in a thread, Send
        Messages in Threads; Attach Files too for files), in a thread not locked to the
        bot, which it unarchives if archived; in a DM only if its user takes the bot's
        DMs. Without Embed Links, embeds are dropped (``_embeds_allowed``)."""
        channel = await self._channel(request)
        body, files = message_form(request)
        if channel.is_dm:
            self._check_dm(channel)
        send = "send_messages_in_threads" if channel.is_thread else "send_messages"
        granted = self._require(channel, send, *(["attach_files"] if files else []))
        check_thread(channel, "post", granted)
        # Discord reads the whole form before it looks the nonce up.
        check_form(body)
        earlier = self._sent_with_nonce(channel, body)
        if earlier is not None:
            return json_response(self.bot_messages.payload(earlier))
        with _embeds_allowed(body, granted) as allowed:
            message = self.bot_messages.post(channel, allowed, files)
        await self.places.revive(channel)
        await self.bot_messages.created(message)
        return json_response(self.bot_messages.payload(message))

    def _check_dm(self, channel: Channel) -> None:
        """Discord's 403 50007 for a DM whose user does not take the bot's messages: their
        privacy settings (``User.dms_open``), or neither a server shared with the bot any
        more nor the app installed to their account (``World.may_write_to``)."""
        if not self.world.may_write_to(self.world.users[channel.recipient_id or 0]):
            raise DiscordError(403, 50007, "Cannot send messages to this user")

    def _sent_with_nonce(self, channel: Channel, body: dict[str, Any]) -> Message | None:
        """With ``enforce_nonce``, the bot's recent message in the channel with this nonce,
        which Discord answers with instead of posting the message again. Discord never
        makes a message twice for one nonce: if that message was deleted, the answer is
        10008 Unknown Message (discord/discord-api-docs#6647, from the author of
        ``enforce_nonce``: a deliberate refusal, the nonce being there for safe retries)."""
        nonce = body.get("nonce")
        if not body.get("enforce_nonce") or nonce is None:
            return None
        since = self.settings.clock.now() - self.settings.nonce_window
        earlier = next(
            (
                m
                for m in reversed(channel.messages)
                if m.nonce is not None
                and str(m.nonce) == str(nonce)
                and m.author.id == self.world.bot.id
                and m.created_at >= since
            ),
            None,
        )
        if earlier is not None and earlier.deleted:
            raise DiscordError(404, 10008, "Unknown Message")
        return earlier

    def _channel_message(self, channel: Channel, request: web.Request) -> Message:
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
        """Get Channel Message, which takes Read Message History as well (docs: Message)."""
        channel = await self._channel(request)
        message = self._channel_message(channel, request)
        self._require(channel, "read_message_history")
        return json_response(self.bot_messages.payload(message))

    async def edit_message(self, request: web.Request) -> web.Response:
        """Edit Message: the bot's own, with Attach Files for new files, embeds dropped
        without Embed Links, never in an archived thread and in a locked one only with
        Manage Threads (``check_thread``)."""
        channel = await self._channel(request)
        message = self._channel_message(channel, request)
        if message.author.id != self.world.bot.id:
            raise DiscordError(403, 50005, "Cannot edit a message authored by another user")
        granted = self._require(channel)
        check_thread(channel, "edit", granted)
        body, files = message_form(request)
        if files:
            self._require(channel, "attach_files")
        with _embeds_allowed(body, granted) as allowed:
            return await self.bot_messages.edit(message, allowed, files, loading=message.loading)

    async def delete_message(self, request: web.Request) -> web.Response:
        """Delete Message: the bot's own anywhere; another's with Manage Messages in a
        server, never in a DM (50003); in a thread both archived and locked only with
        Manage Threads (``check_thread``)."""
        channel = await self._channel(request)
        message = self._channel_message(channel, request)
        granted = self._require(channel)
        if message.author.id != self.world.bot.id:
            if channel.is_dm:
                raise DiscordError(403, 50003, "Cannot execute action on a DM channel")
            self._require(channel, "manage_messages")
        check_thread(channel, "delete", granted)
        return await self.bot_messages.delete(message)


@contextlib.contextmanager
def _embeds_allowed(body: dict[str, Any], granted: Permissions) -> Iterator[dict[str, Any]]:
    """The body as Discord takes it from a bot with these permissions: without Embed Links
    its embeds are dropped and the rest kept, the message sent (discord/discord-api-docs
    #2601, #5648; many bots' reports of embeds "not showing"). If nothing is left then,
    Discord answers 403 50013 Missing Permissions rather than 50006 (#2601: an embed-only
    message without the permission). Interaction responses are not bound by it: their
    routes do not come here."""
    if granted.embed_links or not body.get("embeds"):
        yield body
        return
    try:
        yield {**body, "embeds": []}
    except DiscordError as e:
        if e.code == 50006:
            raise DiscordError(403, 50013, "Missing Permissions") from e
        raise


def _history_query(query: Mapping[str, str]) -> tuple[int, str, int]:
    """Get Channel Messages' ``limit`` (50 without one), and which of before, after or
    around it asks for with that message's id; the newest messages are those before any
    id to come. Raises Discord's 50035 for two of them (what each holds is the
    description's to check)."""
    given = [w for w in ("before", "after", "around") if w in query]
    if len(given) > 1:
        form = Form()
        for where in given:
            form.refuse((where,), "BASE_TYPE_BAD_VALUE", "Only one of before, after or around.")
        raise DiscordError(400, 50035, "Invalid Form Body", errors_object(form.problems))
    limit = int(query.get("limit", DEFAULT_HISTORY_LIMIT))
    if not given:
        return limit, "before", 1 << 64
    return limit, given[0], int(query[given[0]])
