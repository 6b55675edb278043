"""Everything the emulated Discord holds, in one place: the bot's user, users, servers with
their members and the bot's role, channels and threads, the bot's DMs, messages,
interactions and the bot's commands; the places the bot is not in (group DMs, servers
it isn't a member of) and the users who installed the app to their account; the setting
up of a server as a test or the sandbox lays it out; and the bot's permissions in each
place, as Discord works them out."""

from __future__ import annotations

from typing import Any

import discord

from emulator import state
from emulator.command_limits import LOCALES
from emulator.model import (
    DEFAULT_BOT_PERMISSIONS,
    DM_CHANNEL,
    DM_PERMISSIONS,
    GROUP_DM_CHANNEL,
    NO_GUILD,
    VOICE_CHANNEL,
    Channel,
    Guild,
    Interaction,
    Message,
    User,
    last_snowflake,
    snowflake,
    snowflakes_after,
)

__all__ = ["DEFAULT_BOT_PERMISSIONS", "World"]

MOST_IN_GROUP_DM = 10
VOICE_BOT_PERMISSIONS = DEFAULT_BOT_PERMISSIONS | discord.Permissions(connect=True)
"""The bot's permissions in a new voice channel: a text channel's, and Connect, which
Discord's @everyone grants in a new server (View Channel, which is also what joins a
voice channel, is among them already)."""


class World:
    def __init__(self) -> None:
        self.bot = User(snowflake(), "Claim It!", bot=True)
        self.application_id = self.bot.id
        self.users: dict[int, User] = {}
        self.guilds: dict[int, Guild] = {}
        self.channels: dict[int, Channel] = {}
        """Every guild's channels and threads, and the bot's DMs, by id."""
        self.dms: dict[int, Channel] = {}
        """The bot's DM channels, by the id of the user at the other end."""
        self.group_dms: dict[int, Channel] = {}
        """Group DMs, by id: the bot is in none, and sees them only through interactions."""
        self.foreign_guilds: dict[int, Guild] = {}
        """Servers the bot is not in (never added, or removed), by id: their members and
        channels are there, the bot sees nothing of them but interactions."""
        self.user_installs: set[int] = set()
        """The users who installed the app to their own account."""
        self.messages: dict[int, Message] = {}
        """Every channel's messages, by id."""
        self.interactions: dict[str, Interaction] = {}
        """By token."""
        self.commands: dict[int | None, list[dict[str, Any]]] = {}
        """The bot's commands as last synced, by guild (``None``: global)."""
        self.command_syncs = 0

    def take_up(self, saved: state.World) -> None:
        """Becomes the world a state was saved from; new ids come after its own."""
        self.bot, self.application_id = saved.bot, saved.bot.id
        self.users, self.guilds = dict(saved.users), dict(saved.guilds)
        self.dms = dict(saved.dms)
        self.group_dms, self.foreign_guilds = dict(saved.group_dms), dict(saved.foreign_guilds)
        self.user_installs = set(saved.user_installs)
        self.channels = {c.id: c for g in self.guilds.values() for c in g.channels.values()}
        self.channels.update((c.id, c) for c in self.dms.values())
        self.messages = {m.id: m for c in self.places() for m in c.messages}
        snowflakes_after(saved.last_snowflake)

    def to_save(self) -> state.World:
        return state.World(
            self.bot,
            self.users,
            self.guilds,
            last_snowflake(),
            self.dms,
            self.group_dms,
            self.foreign_guilds,
            self.user_installs,
        )

    # add_* with the id of something already here (as a state taken up by keep_state
    # has it) give that one, set as asked and with its messages: a fixed server can be
    # laid out the same way at every start.

    def add_user(self, name: str, id: int | None = None, *, locale: str | None = None) -> User:
        """A user; ``locale`` is their Discord client's language (``de``), en-US unless
        set."""
        if id == self.bot.id:
            raise ValueError(f"{id} is the bot's own user")
        user = self.users.get(id) if id is not None else None
        if user is None:
            user = User(id or snowflake(), name)
            self.users[user.id] = user
        user.name = name
        if locale is not None:
            user.locale = _known_locale(locale)
        return user

    def add_guild(
        self,
        name: str,
        owner: User,
        id: int | None = None,
        *,
        locale: str | None = None,
        bot_member: bool = True,
    ) -> Guild:
        """A server; ``locale`` is its preferred locale, en-US unless set. Without
        ``bot_member``, one the bot is not in (until ``add_bot``): its members may use
        the app there only as installed to their account."""
        guild = None if id is None else self.guilds.get(id) or self.foreign_guilds.get(id)
        if guild is None:
            guild = Guild(id or snowflake(), name, owner.id)
            (self.guilds if bot_member else self.foreign_guilds)[guild.id] = guild
        guild.name, guild.owner_id = name, owner.id
        if locale is not None:
            guild.preferred_locale = _known_locale(locale)
        guild.member_permissions[owner.id] = discord.Permissions.all()
        return guild

    def join(self, guild: Guild) -> None:
        """The bot is in ``guild`` (again, after ``leave``), with its channels."""
        self.foreign_guilds.pop(guild.id, None)
        self.guilds[guild.id] = guild
        self.channels.update(guild.channels)

    def leave(self, guild: Guild) -> None:
        """The bot is removed from ``guild``: it is no longer the bot's to see, nor are
        its channels (the ``Guild`` keeps them, for a ``join`` again); its members stay,
        in a server the bot is not in."""
        del self.guilds[guild.id]
        self.foreign_guilds[guild.id] = guild
        for channel_id in guild.channels:
            self.channels.pop(channel_id, None)

    def add_group_dm(
        self, owner: User, members: list[User], name: str = "", id: int | None = None
    ) -> Channel:
        """A group DM that ``owner`` made with ``members`` (type 3, in no server; the
        owner first among its recipients): at most 10 people, Discord's cap for a group
        DM, and never the bot, which a user can't add to one. With the id of one already
        here, that one, its members and name set anew."""
        recipients = list(dict.fromkeys([owner.id, *(m.id for m in members)]))
        if self.bot.id in recipients or any(u not in self.users for u in recipients):
            raise ValueError("a group DM is made of the emulated Discord's users, not the bot")
        if len(recipients) > MOST_IN_GROUP_DM:
            raise ValueError(f"a group DM has at most {MOST_IN_GROUP_DM} members")
        channel = None if id is None else self.group_dms.get(id)
        if channel is None:
            channel = Channel(
                id or snowflake(),
                NO_GUILD,
                name,
                discord.Permissions.none(),
                type=GROUP_DM_CHANNEL,
            )
            self.group_dms[channel.id] = channel
        channel.name, channel.owner_id, channel.recipients = name, owner.id, recipients
        return channel

    def install_to_user(self, user: User) -> None:
        """``user`` installs the app to their own account: its user-installable commands
        follow them everywhere, and the bot may write to them in a DM."""
        if user.id not in self.users:
            raise ValueError(f"{user.name} is not a user of the emulated Discord")
        self.user_installs.add(user.id)

    def where(self, channel_id: int) -> Channel | None:
        """A channel, thread, DM or group DM, whether or not the bot is in it."""
        found = self.channels.get(channel_id) or self.group_dms.get(channel_id)
        if found is not None:
            return found
        elsewhere = (g.channels for g in self.foreign_guilds.values())
        return next((c[channel_id] for c in elsewhere if channel_id in c), None)

    def bot_is_in(self, channel: Channel) -> bool:
        """Whether the channel is the bot's to see: in a server it is in, or its DM."""
        return self.channels.get(channel.id) is channel

    def places(self) -> list[Channel]:
        """Every channel, thread, DM and group DM there is."""
        return [
            *self.channels.values(),
            *self.group_dms.values(),
            *(c for g in self.foreign_guilds.values() for c in g.channels.values()),
        ]

    def may_write_to(self, user: User) -> bool:
        """Whether the bot may post in its DM with the user: they take its DMs, and share
        a server with it or installed the app to their account (the docs say nothing;
        see docs/developing.md, "where the docs are silent")."""
        shares = any(user.id in g.member_permissions for g in self.guilds.values())
        return user.dms_open and (shares or user.id in self.user_installs)

    def add_member(
        self, guild: Guild, user: User, permissions: discord.Permissions | None = None
    ) -> None:
        guild.member_permissions[user.id] = permissions or discord.Permissions(
            view_channel=True, send_messages=True, use_application_commands=True
        )

    def add_channel(
        self,
        guild: Guild,
        name: str,
        bot_permissions: discord.Permissions = DEFAULT_BOT_PERMISSIONS,
        id: int | None = None,
    ) -> Channel:
        channel = self.where(id) if id is not None else None
        if channel is None:
            channel = Channel(id or snowflake(), guild.id, name, bot_permissions)
            self.place(guild, channel)
        elif channel.guild_id != guild.id or channel.is_thread:
            raise ValueError(f"{id} is a thread or another server's channel")
        channel.name, channel.bot_permissions = name, bot_permissions
        return channel

    def add_voice_channel(
        self,
        guild: Guild,
        name: str,
        bot_permissions: discord.Permissions = VOICE_BOT_PERMISSIONS,
        id: int | None = None,
    ) -> Channel:
        """A voice channel (type 2): its members in voice are ``Guild.voice_states``, and
        its chat holds messages, commands and clicks as a text channel does."""
        known = self.where(id) if id is not None else None
        if known is not None and not known.is_voice:
            raise ValueError(f"{id} is not a voice channel")
        channel = self.add_channel(guild, name, bot_permissions, id)
        channel.type = VOICE_CHANNEL
        return channel

    def place(self, guild: Guild, channel: Channel) -> None:
        """A new channel or thread, in ``guild`` (the bot's to see if it is in it)."""
        guild.channels[channel.id] = channel
        if guild.id in self.guilds:
            self.channels[channel.id] = channel

    def remove(self, channel: Channel) -> None:
        """Takes a server's channel away with its threads, or a thread, and all their
        messages (marked deleted: a test holding one sees it gone)."""
        guild = self.guild_of(channel)
        guild.voice_states = {u: c for u, c in guild.voice_states.items() if c != channel.id}
        for place in (channel, *self.threads_of(channel)):
            del self.guild_of(place).channels[place.id]
            del self.channels[place.id]
            for message in place.messages:
                message.deleted = True
                self.messages.pop(message.id, None)

    def post(self, channel: Channel, message: Message) -> None:
        """A new message, at the end of ``channel``: activity, for a thread."""
        channel.messages.append(message)
        self.messages[message.id] = message
        if channel.is_thread:
            channel.last_activity = message.created_at

    def threads_of(self, channel: Channel) -> list[Channel]:
        if channel.is_private:
            return []
        guild = self.guild_of(channel)
        return [c for c in guild.channels.values() if c.parent_id == channel.id]

    def guild_of(self, channel: Channel) -> Guild:
        """The server of a channel or thread, whether or not the bot is in it (a DM or
        group DM has none: a ValueError)."""
        if channel.is_private:
            raise ValueError(f"channel {channel.id} is a DM or group DM, in no server")
        return self.guilds.get(channel.guild_id) or self.foreign_guilds[channel.guild_id]

    def dm_with(self, user: User, now: float) -> Channel:
        """The bot's DM channel with the user, opened now if it has none yet: Discord
        keeps one per pair of users and gives the same one every time."""
        channel = self.dms.get(user.id)
        if channel is None:
            channel = Channel(
                snowflake(now),
                NO_GUILD,
                "",
                DM_PERMISSIONS,
                type=DM_CHANNEL,
                created_at=now,
                recipient_id=user.id,
            )
            self.dms[user.id] = channel
            self.channels[channel.id] = channel
        return channel

    def permissions(self, channel: Channel) -> discord.Permissions:
        """What the bot may do in a channel, thread or DM, as Discord decides it: its
        ``bot_permissions``, everything with Administrator on its role, and Discord's
        implicit rules (docs: Permissions, "Implicit Permissions" and "Inherited
        Permissions (Threads)"): without View Channel nothing of the channel's; without
        Send Messages (in a thread, Send Messages in Threads) no Embed Links, Attach
        Files, Mention Everyone or TTS; in a voice channel without Connect, no voice
        permission (Set Voice Channel Status among them), Manage Channels or Manage
        Roles. discord.py's ``permissions_for`` gives the same, but for the voice
        permissions it leaves out in a text channel. Nothing where the
        bot is not: a group DM, a server it isn't in."""
        if channel.is_dm:
            return DM_PERMISSIONS
        if not self.bot_is_in(channel):
            return discord.Permissions.none()
        if self.guild_of(channel).bot_role_permissions.administrator:
            return discord.Permissions.all()
        granted = discord.Permissions(channel.bot_permissions.value)
        if not granted.view_channel:
            granted.value &= ~discord.Permissions.all_channel().value
            return granted
        sends = granted.send_messages_in_threads if channel.is_thread else granted.send_messages
        if not sends:
            granted.embed_links = granted.attach_files = False
            granted.mention_everyone = granted.send_tts_messages = False
        if channel.is_voice and not granted.connect:
            # "For voice and stage channels, denying the CONNECT permission also
            # implicitly denies other permissions such as MANAGE_CHANNEL" (the same
            # page), which discord.py takes as every voice permission and Manage Roles.
            denied = discord.Permissions.voice() | discord.Permissions(
                manage_channels=True, manage_roles=True
            )
            granted.value &= ~denied.value
        return granted

    def set_bot_permissions(self, channel: Channel, permissions: discord.Permissions) -> None:
        """The bot's permissions in a server's channel (and so in its threads) become
        ``permissions``, by a new overwrite for the bot."""
        if channel.is_dm or channel.is_thread:
            raise ValueError(f"{channel.id} has no overwrites: it is a thread or a DM")
        for place in (channel, *self.threads_of(channel)):
            place.bot_permissions = discord.Permissions(permissions.value)

    def set_bot_role_permissions(self, guild: Guild, permissions: discord.Permissions) -> None:
        """The bot's role grants ``permissions``: every channel's overwrite stays as it
        was, so each channel's permissions follow the role's where it sets nothing."""
        overwrites = {
            c.id: guild.bot_overwrite(c) for c in guild.channels.values() if not c.is_thread
        }
        guild.bot_role_permissions = discord.Permissions(permissions.value)
        for channel in guild.channels.values():
            allow, deny = overwrites[channel.parent_id or channel.id]
            channel.bot_permissions = discord.Permissions(
                permissions.value & ~deny.value | allow.value
            )


def _known_locale(locale: str) -> str:
    if locale not in LOCALES:
        raise ValueError(f"{locale!r} is not one of Discord's locales")
    return locale
