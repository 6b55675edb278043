"""Places that change under the bot, with the events Discord sends about them: threads
that archive themselves once idle and that moderators archive, unarchive, lock and
unlock (THREAD_UPDATE); channels and threads deleted (CHANNEL_DELETE, THREAD_DELETE); the
bot's permissions changed by a channel's overwrite (CHANNEL_UPDATE) or on its role
(GUILD_ROLE_UPDATE); users who close their DMs to the bot. And Discord's rules for the
bot's messages in archived and locked threads.

Time passing: a test calls ``pass_time``, which moves the clock on and archives at once
each thread left idle meanwhile. A test that moves ``clock`` itself gets the same at the
next thing that touches a place (a request on a channel or an interaction, a member
acting: ``archive_idle``), its THREAD_UPDATEs sent then, before whatever touched it:
nothing the bot does can see a thread that should have archived as still active.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

from discord import Permissions

from emulator import payloads
from emulator.changes import Changes
from emulator.gateway import Gateway, guild_create
from emulator.model import PRIVATE_THREAD, Channel, Guild, User, snowflake
from emulator.responses import DiscordError
from emulator.settings import Settings
from emulator.voice import tell_voice_state
from emulator.world import World

GUILD_CREATE_ONLY = frozenset(
    {
        "joined_at",
        "large",
        "unavailable",
        "member_count",
        "voice_states",
        "members",
        "channels",
        "threads",
        "presences",
        "stage_instances",
        "guild_scheduled_events",
    }
)
"""GUILD_CREATE's "extra fields" beside the guild object (Gateway Events, Guild Create),
which GUILD_UPDATE does not send."""

Action = Literal["read", "post", "edit", "delete"]
"""What a request does to a message, for ``check_thread``; reading is refused nowhere."""


def unknown_channel() -> DiscordError:
    return DiscordError(404, 10003, "Unknown Channel")


def check_thread(
    channel: Channel, action: Action, permissions: Permissions, *, webhook: bool = False
) -> None:
    """Refuses what Discord refuses the bot in an archived or locked thread (nothing in
    any other channel), as its docs put it (Threads: "Locked Threads", "Active & Archived
    Threads"; codes from Opcodes and Status Codes):

    - posting: in a locked thread only with Manage Threads, else 160005 Thread is locked;
      an archived thread is unarchived by the message (``revive``), unless it is locked
      too and the bot lacks Manage Threads, the one permission that unarchives a locked
      thread ("Sending a message will automatically unarchive the thread, unless the
      thread has been locked by a moderator"): then 50083, as Discord answers anything
      else there that would need it active (a command's answer, #5517; locking it,
      #6928);
    - editing: never in an archived thread, even with Manage Threads ("only active
      threads can be manipulated"), 50083 (its description: "such as editing a
      message"); in a locked one only with Manage Threads, else 160005;
    - deleting: always, but in a thread both locked and archived only with Manage
      Threads, else 50083 (the docs allow it in a locked thread "only if that thread is
      also active"; which code then is not documented: the thread's being archived is
      what stops it).

    ``webhook``: the request comes through an interaction's webhook, which acts with no
    permissions of the bot's; Discord answers a locked thread there with 50083 "Thread is
    archived" (discord/discord-api-docs#6884, #7707). Both codes come with 403, as
    #7707 shows for 50083; 160005's status is not documented, and the emulator takes the
    same."""
    if not channel.is_thread:
        return
    moderates = permissions.manage_threads and not webhook
    locked_out = channel.locked and not moderates
    if channel.archived and (action == "edit" or (locked_out and action != "read")):
        raise _archived()
    if action in ("post", "edit") and locked_out:
        raise _archived() if webhook else DiscordError(403, 160005, "Thread is locked")


def _archived() -> DiscordError:
    return DiscordError(403, 50083, "Thread is archived")


@dataclass(frozen=True)
class Places:
    settings: Settings
    world: World
    changes: Changes
    gateway: Gateway

    async def pass_time(self, seconds: float) -> None:
        """Discord's time moves on by ``seconds`` (``EmulatorClock.advance``), and each
        thread left idle meanwhile archives itself, with THREAD_UPDATE: the way a test
        lets an hour or a week go by at once."""
        self.settings.clock.advance(seconds)
        await self.archive_idle()

    async def archive_idle(self) -> None:
        """Archives each thread that has had no activity for its ``auto_archive_duration``
        on the emulator's clock, in the order they went idle, each with THREAD_UPDATE, its
        ``archive_timestamp`` the moment it went idle however late this looks.

        Discord's docs (Threads, "Active & Archived Threads") have a thread archive after
        inactivity, the timer lowered as a server nears its thread limit, "usually not
        below the auto_archive_duration": the emulator archives at exactly that duration,
        the soonest Discord does."""
        now = self.settings.clock.now()
        idle = sorted(
            (
                c
                for c in self.world.channels.values()
                if c.is_thread and not c.archived and c.idle_until() <= now
            ),
            key=Channel.idle_until,
        )
        for thread in idle:
            thread.archived = True
            thread.archive_timestamp = thread.idle_until()
            await self._thread_updated(thread)
        if idle:
            await self.changes.changed()

    async def revive(self, channel: Channel) -> None:
        """Unarchives an archived thread that a message (or a member's click) is about to
        go into, as Discord does, with THREAD_UPDATE before the message's own events."""
        if channel.is_thread and channel.archived:
            await self._set(channel, archived=False)

    async def archive_thread(self, thread: Channel) -> None:
        """A moderator archives the thread (THREAD_UPDATE); discord.py then drops it from
        its cache, as it keeps active threads only."""
        await self._moderate(thread, archived=True)

    async def unarchive_thread(self, thread: Channel) -> None:
        """A moderator unarchives the thread, which counts as activity (THREAD_UPDATE)."""
        await self._moderate(thread, archived=False)

    async def lock_thread(self, thread: Channel, *, archive: bool = False) -> None:
        """A moderator locks the thread (THREAD_UPDATE), archived or not: only members with
        Manage Threads may post or edit there from now on. ``archive``: closes it too, in
        the same THREAD_UPDATE, as the client's "Close & Lock" does."""
        await self._moderate(thread, archived=True if archive else None, locked=True)

    async def unlock_thread(self, thread: Channel) -> None:
        """A moderator unlocks the thread (THREAD_UPDATE), leaving it archived or not."""
        await self._moderate(thread, locked=False)

    async def _moderate(
        self, thread: Channel, *, archived: bool | None = None, locked: bool | None = None
    ) -> None:
        await self.archive_idle()
        if not thread.is_thread or self.world.channels.get(thread.id) is not thread:
            raise ValueError(f"{thread.id} is no thread of the emulated Discord (deleted?)")
        await self._set(thread, archived=archived, locked=locked)
        await self.changes.changed()

    async def _set(
        self, thread: Channel, *, archived: bool | None = None, locked: bool | None = None
    ) -> None:
        now = self.settings.clock.now()
        if archived is not None:
            thread.archived = archived
            # Discord's archive_timestamp moves when a thread is archived or unarchived;
            # unarchiving is activity too.
            thread.archive_timestamp = now
            if not archived:
                thread.last_activity = now
        if locked is not None:
            thread.locked = locked
        await self._thread_updated(thread)

    async def _thread_updated(self, thread: Channel) -> None:
        guild = self.world.guild_of(thread)
        # The moderator's action, or Discord's own archiving, happens whether or not the
        # bot's shard is connected.
        await self.gateway.dispatch_if_connected(
            "THREAD_UPDATE", payloads.channel(thread, guild, self.world.bot), guild.id
        )

    async def delete_channel(self, channel: Channel, *, missed: bool = False) -> None:
        """A moderator deletes a server's channel with its threads, or a thread, and all
        their messages; a voice channel's members in voice are disconnected, each with
        VOICE_STATE_UPDATE before the channel's event. Discord sends THREAD_DELETE for a
        thread, CHANNEL_DELETE for a channel (docs: Channel, "Delete/Close Channel") and
        nothing for that channel's threads: discord.py drops them itself when their
        channel goes (``ConnectionState.parse_channel_delete``, which fires its
        ``thread_delete`` for each). From then on every request about any of them
        answers 404 10003 Unknown Channel, and no member can act there. ``missed``: the
        bot never gets any of these events (a connection lost beyond RESUME, with the
        channel still in its cache)."""
        await self.archive_idle()
        if self.world.channels.get(channel.id) is not channel:
            raise ValueError(f"channel {channel.id} is not in the emulated Discord (deleted?)")
        guild = self.world.guild_of(channel)
        in_voice = [u for u, c in guild.voice_states.items() if c == channel.id]
        self.world.remove(channel)
        if not missed:
            # Its members in voice are disconnected with it.
            now = self.settings.clock.now()
            for user_id in in_voice:
                user = self.world.users[user_id]
                await tell_voice_state(self.world, self.gateway, guild, user, None, now)
            event, payload = (
                ("THREAD_DELETE", payloads.thread_deleted(channel, guild))
                if channel.is_thread
                else ("CHANNEL_DELETE", payloads.channel(channel, guild, self.world.bot))
            )
            await self.gateway.dispatch_if_connected(event, payload, guild.id)
        await self.changes.changed()

    async def add_bot(self, guild: Guild) -> None:
        """An admin adds the bot to ``guild`` (one made by ``add_guild``, or one it was
        removed from): it joins now, and its shard gets GUILD_CREATE, which Discord sends
        "when the current user joins a new Guild" (Gateway Events, Guild Create) and
        discord.py reports as ``on_guild_join``."""
        guild.joined_at = self.settings.clock.now()
        self.world.join(guild)

        def joined(intents: int) -> dict[str, Any]:
            # Without ``unavailable``, which only a server coming back from an outage (or
            # one READY listed) has: it is what tells a join apart.
            created = guild_create(self.world, guild, intents=intents)
            del created["unavailable"]
            return created

        await self.gateway.dispatch_to_each("GUILD_CREATE", joined, guild.id, intent=0)
        await self.changes.changed()

    async def remove_bot(self, guild: Guild) -> None:
        """An admin removes the bot from ``guild``: GUILD_DELETE without ``unavailable``
        (Gateway Events, Guild Delete: "If the unavailable field is not set, the user was
        removed from the guild"); its channels are no longer the bot's."""
        self.world.leave(guild)
        await self.gateway.dispatch_if_connected("GUILD_DELETE", {"id": str(guild.id)}, guild.id)
        await self.changes.changed()

    async def set_system_channel(self, guild: Guild, channel: Channel | None) -> None:
        """An admin picks the channel Discord posts its notices in, or turns them off
        (``None``): GUILD_UPDATE, the server without what only GUILD_CREATE has."""
        if channel is not None and channel.id not in guild.channels:
            raise ValueError(f"{channel.id} is no channel of {guild.name}")
        guild.system_channel_id = None if channel is None else channel.id
        if guild.id in self.world.guilds:
            updated = {
                name: value
                for name, value in guild_create(self.world, guild).items()
                if name not in GUILD_CREATE_ONLY
            }
            await self.gateway.dispatch_if_connected("GUILD_UPDATE", updated, guild.id)
        await self.changes.changed()

    async def set_bot_permissions(self, channel: Channel, permissions: Permissions) -> None:
        """An admin changes the bot's overwrite on a server's channel so that its
        permissions there (and in the channel's threads) are ``permissions``:
        CHANNEL_UPDATE with the new ``permission_overwrites``."""
        self.world.set_bot_permissions(channel, permissions)
        guild = self.world.guild_of(channel)
        await self.gateway.dispatch_if_connected(
            "CHANNEL_UPDATE", payloads.channel(channel, guild, self.world.bot), guild.id
        )
        await self.changes.changed()

    async def set_bot_role_permissions(self, guild: Guild, permissions: Permissions) -> None:
        """An admin changes what the bot's role grants: GUILD_ROLE_UPDATE. Each channel
        keeps its overwrite, so the bot's permissions change wherever that sets nothing;
        Discord sends no CHANNEL_UPDATE for that, as no channel changed."""
        self.world.set_bot_role_permissions(guild, permissions)
        role = payloads.bot_role(guild, self.world.bot)
        await self.gateway.dispatch_if_connected(
            "GUILD_ROLE_UPDATE", {"guild_id": str(guild.id), "role": role}, guild.id
        )
        await self.changes.changed()

    async def set_member_permissions(
        self, guild: Guild, user: User, permissions: Permissions
    ) -> None:
        """An admin changes what a member's role grants (each member has one of their own
        here, ``payloads.member_role``): GUILD_ROLE_UPDATE, to a bot in the server. A
        member without View Channel sees none of the server's channels from then on."""
        if user.id not in guild.member_permissions:
            raise ValueError(f"{user.name} is no member of {guild.name}")
        guild.member_permissions[user.id] = permissions
        if guild.id in self.world.guilds:
            role = payloads.member_role(guild, user.id)
            await self.gateway.dispatch_if_connected(
                "GUILD_ROLE_UPDATE", {"guild_id": str(guild.id), "role": role}, guild.id
            )
        await self.changes.changed()

    async def start_private_thread(
        self, parent: Channel, name: str, owner: User, members: Sequence[User] = ()
    ) -> Channel:
        """A member starts a private thread in ``parent`` and adds ``members`` to it, and
        the bot (THREAD_CREATE, which Discord sends the bot once it is added: a private
        thread is seen by its members and those who manage threads alone)."""
        guild = self.world.guild_of(parent)
        if parent.is_thread or owner.id not in guild.member_permissions:
            raise ValueError(f"{owner.name} can't start a private thread in {parent.id}")
        now = self.settings.clock.now()
        thread = Channel(
            snowflake(now),
            guild.id,
            name,
            Permissions(parent.bot_permissions.value),
            type=PRIVATE_THREAD,
            parent_id=parent.id,
            owner_id=owner.id,
            created_at=now,
            archive_timestamp=now,
            last_activity=now,
            thread_members={owner.id, self.world.bot.id, *(member.id for member in members)},
        )
        self.world.place(guild, thread)
        shown = payloads.channel(thread, guild, self.world.bot)
        await self.gateway.dispatch_if_connected(
            "THREAD_CREATE", {**shown, "newly_created": True}, guild.id
        )
        await self.changes.changed()
        return thread

    async def leave_thread(self, thread: Channel, user: User) -> None:
        """``user`` leaves a private thread (or is removed from it): they no longer see
        it. Discord tells a bot without the members intent nothing of it."""
        if not thread.is_private_thread:
            raise ValueError(f"{thread.id} is no private thread")
        thread.thread_members.discard(user.id)
        await self.changes.changed()

    def dm_with(self, user: User) -> Channel:
        """The bot's DM channel with the user (type 1, in no server), opened if there is
        none yet, as the user opening it from their side would: where the bot's DMs to
        them are, and where ``say`` writes to the bot."""
        if user.id == self.world.bot.id or user.id not in self.world.users:
            raise ValueError(f"{user.name} is not a user of the emulated Discord")
        channel = self.world.dm_with(user, self.settings.clock.now())
        self.changes.unsaved.set()
        return channel

    def close_dms(self, user: User) -> None:
        """The user stops taking DMs from the bot (their privacy settings): the bot's
        messages to them are refused with 50007 from now on. Discord tells the bot
        nothing of it."""
        user.dms_open = False
        self.changes.unsaved.set()

    def open_dms(self, user: User) -> None:
        """The user takes DMs from the bot again."""
        user.dms_open = True
        self.changes.unsaved.set()
