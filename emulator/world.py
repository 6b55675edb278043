"""Everything the emulated Discord holds, in one place: the bot's user, users, servers with
their members, channels and threads, messages, interactions and the bot's commands; and
the setting up of a server as a test or the sandbox lays it out."""

from __future__ import annotations

from typing import Any

import discord

from emulator import state
from emulator.command_limits import LOCALES
from emulator.model import (
    Channel,
    Guild,
    Interaction,
    Message,
    User,
    last_snowflake,
    snowflake,
    snowflakes_after,
)

DEFAULT_BOT_PERMISSIONS = discord.Permissions(
    view_channel=True,
    send_messages=True,
    embed_links=True,
    attach_files=True,
    read_message_history=True,
)


class World:
    def __init__(self) -> None:
        self.bot = User(snowflake(), "Claim It!", bot=True)
        self.application_id = self.bot.id
        self.users: dict[int, User] = {}
        self.guilds: dict[int, Guild] = {}
        self.channels: dict[int, Channel] = {}
        """Every guild's channels and threads, by id."""
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
        self.channels = {c.id: c for g in self.guilds.values() for c in g.channels.values()}
        self.messages = {m.id: m for c in self.channels.values() for m in c.messages}
        snowflakes_after(saved.last_snowflake)

    def to_save(self) -> state.World:
        return state.World(self.bot, self.users, self.guilds, last_snowflake())

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
        self, name: str, owner: User, id: int | None = None, *, locale: str | None = None
    ) -> Guild:
        """A server; ``locale`` is its preferred locale, en-US unless set."""
        guild = self.guilds.get(id) if id is not None else None
        if guild is None:
            guild = Guild(id or snowflake(), name, owner.id)
            self.guilds[guild.id] = guild
        guild.name, guild.owner_id = name, owner.id
        if locale is not None:
            guild.preferred_locale = _known_locale(locale)
        guild.member_permissions[owner.id] = discord.Permissions.all()
        return guild

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
        channel = self.channels.get(id) if id is not None else None
        if channel is None:
            channel = Channel(id or snowflake(), guild.id, name, bot_permissions)
            self.place(guild, channel)
        elif channel.guild_id != guild.id or channel.is_thread:
            raise ValueError(f"{id} is a thread or another server's channel")
        channel.name, channel.bot_permissions = name, bot_permissions
        return channel

    def place(self, guild: Guild, channel: Channel) -> None:
        """A new channel or thread, in ``guild``."""
        guild.channels[channel.id] = channel
        self.channels[channel.id] = channel

    def remove(self, channel: Channel) -> None:
        del self.guilds[channel.guild_id].channels[channel.id]
        del self.channels[channel.id]

    def post(self, channel: Channel, message: Message) -> None:
        """A new message, at the end of ``channel``."""
        channel.messages.append(message)
        self.messages[message.id] = message

    def threads_of(self, channel: Channel) -> list[Channel]:
        guild = self.guilds[channel.guild_id]
        return [c for c in guild.channels.values() if c.parent_id == channel.id]


def _known_locale(locale: str) -> str:
    if locale not in LOCALES:
        raise ValueError(f"{locale!r} is not one of Discord's locales")
    return locale
