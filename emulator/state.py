"""The emulated Discord's world in a folder, so that a channel outlives a restart.

``state.json`` holds the bot's own user, the users (with whether they take the bot's DMs),
servers with their members' permissions and the bot's role, channels and threads (archived
or locked, their inactivity) and the bot's DMs with their messages (embeds, components,
attachments' names and descriptions, the installs that authorized an interaction's
answer), group DMs with their members, servers the bot is not in, the users who
installed the app to their account, who is in which voice channel and each voice
channel's status, and the last id handed out;
``attachments/{id}`` holds each attachment's bytes, written once.
Every file is written under a temporary name and renamed over the old one, so a kill
mid-write leaves the previous state whole; attachments no message shows any more are
removed after the state that dropped them is in place.

Ephemeral and deleted messages are left out: Discord forgets the one when its client
reloads, the other for good.

A state saved before a field was kept reads back with the field as a new one has it: a
thread active with Discord's default 1440 minutes, its inactivity counted from its last
message kept (or its creation); the bot's role granting the default permissions under a
new id; users taking DMs; no DMs, group DMs, servers without the bot, user installs,
members in voice or voice channel statuses.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from discord import Permissions

from emulator.model import NO_GUILD, Attachment, Channel, Guild, Message, User

FORMAT = 1
STATE = "state.json"
ATTACHMENTS = "attachments"


class StateError(Exception):
    """A folder whose state can't be read back (damaged, or from another format)."""


@dataclass(frozen=True)
class World:
    bot: User
    users: dict[int, User]
    guilds: dict[int, Guild]
    last_snowflake: int
    dms: dict[int, Channel] = field(default_factory=dict)
    """The bot's DM channels, by their user's id."""
    group_dms: dict[int, Channel] = field(default_factory=dict)
    foreign_guilds: dict[int, Guild] = field(default_factory=dict)
    """Servers the bot is not in."""
    user_installs: set[int] = field(default_factory=set)


@dataclass(frozen=True)
class Snapshot:
    """A world as it is written: ``document`` is state.json's text."""

    document: str
    attachments: dict[int, bytes]


def capture(world: World) -> Snapshot:
    """The world as it is now, taken on the event loop so that nothing changes under it:
    about 10 ms for a thousand messages (compact JSON; indenting would take Python's own
    encoder, five times slower). The files are written from it in a worker thread."""
    attachments: dict[int, bytes] = {}

    def saved(channel: Channel) -> dict[str, Any]:
        # A "thinking…" message belongs to an interaction, which doesn't outlive the
        # process: kept, it would think for ever.
        kept = [m for m in channel.messages if not m.deleted and not m.ephemeral and not m.loading]
        for message in kept:
            attachments.update((a.id, a.data) for a in message.attachments)
        return _channel(channel, kept)

    def saved_guild(guild: Guild) -> dict[str, Any]:
        return {
            "id": str(guild.id),
            "name": guild.name,
            "owner_id": str(guild.owner_id),
            "members": {str(u): p.value for u, p in guild.member_permissions.items()},
            "bot_role": {
                "id": str(guild.bot_role_id),
                "permissions": guild.bot_role_permissions.value,
            },
            "channels": [saved(c) for c in guild.channels.values()],
            "system_channel_id": _optional_id(guild.system_channel_id),
            "joined_at": guild.joined_at,
            "voice_states": {str(u): str(c) for u, c in guild.voice_states.items()},
        }

    document = {
        "format": FORMAT,
        "last_snowflake": str(world.last_snowflake),
        "bot": _user(world.bot),
        "users": [_user(u) for u in world.users.values()],
        "guilds": [saved_guild(g) for g in world.guilds.values()],
        "dms": [saved(c) for c in world.dms.values()],
        "group_dms": [saved(c) for c in world.group_dms.values()],
        "foreign_guilds": [saved_guild(g) for g in world.foreign_guilds.values()],
        "user_installs": [str(u) for u in sorted(world.user_installs)],
    }
    return Snapshot(json.dumps(document), attachments)


def write(folder: Path, snapshot: Snapshot) -> None:
    """Puts the snapshot in ``folder`` (in a worker thread: it waits for the disk)."""
    files = folder / ATTACHMENTS
    files.mkdir(parents=True, exist_ok=True)
    for attachment_id, data in snapshot.attachments.items():
        path = files / str(attachment_id)
        if not path.exists():
            _replace(path, data)
    _replace(folder / STATE, snapshot.document.encode())
    wanted = {str(i) for i in snapshot.attachments}
    for path in files.iterdir():
        if path.name not in wanted:
            path.unlink()


def read(folder: Path) -> World | None:
    """What ``write`` left in ``folder`` (in a worker thread: it waits for the disk); None
    if nothing was saved there yet."""
    try:
        document = (folder / STATE).read_text(encoding="utf-8")
    except FileNotFoundError:
        return None
    except (OSError, UnicodeDecodeError) as e:
        raise StateError(f"{folder / STATE} can't be read: {e!r}") from e
    try:
        return _world(json.loads(document), folder / ATTACHMENTS)
    except Exception as e:
        # A damaged or hand-edited file can break the decoding anywhere (a list where an
        # object was, nesting too deep for the parser): whatever it is, the file is set
        # aside rather than stopping the sandbox from starting.
        raise StateError(f"{folder / STATE} can't be read back: {e!r}") from e


def _replace(path: Path, data: bytes) -> None:
    temporary = path.with_name(path.name + ".tmp")
    temporary.write_bytes(data)
    os.replace(temporary, path)


def _user(user: User) -> dict[str, Any]:
    return {"id": str(user.id), "name": user.name, "bot": user.bot, "dms_open": user.dms_open}


def _channel(channel: Channel, messages: list[Message]) -> dict[str, Any]:
    return {
        "id": str(channel.id),
        "name": channel.name,
        "type": channel.type,
        "parent_id": _optional_id(channel.parent_id),
        "owner_id": _optional_id(channel.owner_id),
        "recipient_id": _optional_id(channel.recipient_id),
        "bot_permissions": channel.bot_permissions.value,
        "created_at": channel.created_at,
        "archived": channel.archived,
        "locked": channel.locked,
        "auto_archive_duration": channel.auto_archive_duration,
        "archive_timestamp": channel.archive_timestamp,
        "last_activity": channel.last_activity,
        "thread_members": [str(member) for member in sorted(channel.thread_members)],
        "recipients": [str(user) for user in channel.recipients],
        "voice_status": channel.voice_status,
        "messages": [_message(m) for m in messages],
    }


def _message(message: Message) -> dict[str, Any]:
    return {
        "id": str(message.id),
        "author": _user(message.author),
        "content": message.content,
        "embeds": message.embeds,
        "components": message.components,
        "attachments": [
            {
                "id": str(a.id),
                "filename": a.filename,
                "content_type": a.content_type,
                "description": a.description,
            }
            for a in message.attachments
        ],
        "flags": message.flags,
        "mentions": [str(u) for u in message.mentions],
        "interaction_id": _optional_id(message.interaction_id),
        "authorizing_owners": message.authorizing_owners,
        "nonce": message.nonce,
        "sticker_ids": message.sticker_ids,
        "poll": message.poll,
        "created_at": message.created_at,
        "edited_at": message.edited_at,
    }


def _optional_id(value: int | None) -> str | None:
    return None if value is None else str(value)


def _world(document: dict[str, Any], attachments: Path) -> World:
    if document.get("format") != FORMAT:
        raise ValueError(f"format {document.get('format')!r}, not {FORMAT}")
    bot = _read_user(document["bot"])
    users = {u.id: u for u in map(_read_user, document["users"])}
    known = {bot.id: bot, **users}
    highest = int(document["last_snowflake"])

    def read(c: dict[str, Any], guild_id: int) -> Channel:
        nonlocal highest
        channel = _read_channel(c, guild_id)
        for m in c["messages"]:
            author = known.get(int(m["author"]["id"])) or _read_user(m["author"])
            channel.messages.append(_read_message(m, channel.id, author, attachments))
        for message in channel.messages:
            highest = max(highest, message.id, *(a.id for a in message.attachments))
        if "last_activity" not in c:
            # Saved before a thread's inactivity was kept: it counts from its last message.
            channel.last_activity = max(
                [channel.created_at, *(m.created_at for m in channel.messages)]
            )
        return channel

    def read_guild(g: dict[str, Any]) -> Guild:
        guild = Guild(
            int(g["id"]),
            g["name"],
            int(g["owner_id"]),
            member_permissions={int(u): Permissions(p) for u, p in g["members"].items()},
        )
        # Both kept since the emulator gained them: a state saved before has neither.
        system = g.get("system_channel_id")
        guild.system_channel_id = None if system is None else int(system)
        guild.joined_at = float(g.get("joined_at", guild.joined_at))
        role = g.get("bot_role")
        if role is not None:
            guild.bot_role_id = int(role["id"])
            guild.bot_role_permissions = Permissions(role["permissions"])
        for c in g["channels"]:
            channel = read(c, guild.id)
            guild.channels[channel.id] = channel
        guild.voice_states = {int(u): int(c) for u, c in g.get("voice_states", {}).items()}
        return guild

    guilds = {guild.id: guild for guild in map(read_guild, document["guilds"])}
    foreign = {guild.id: guild for guild in map(read_guild, document.get("foreign_guilds", []))}
    dms = {int(c["recipient_id"]): read(c, NO_GUILD) for c in document.get("dms", [])}
    group_dms = {c.id: c for c in (read(g, NO_GUILD) for g in document.get("group_dms", []))}
    everywhere = [*guilds.values(), *foreign.values()]
    # Fixed ids (the sandbox's server) need not have come from the counter.
    highest = max(
        highest,
        *known,
        *(g.id for g in everywhere),
        *(g.bot_role_id for g in everywhere),
        *(c for g in everywhere for c in g.channels),
        *(c.id for c in dms.values()),
        *group_dms,
    )
    installs = {int(u) for u in document.get("user_installs", [])}
    return World(bot, users, guilds, highest, dms, group_dms, foreign, installs)


def _read_user(u: dict[str, Any]) -> User:
    return User(int(u["id"]), u["name"], bot=bool(u["bot"]), dms_open=u.get("dms_open", True))


def _read_channel(c: dict[str, Any], guild_id: int) -> Channel:
    created_at = c["created_at"]
    return Channel(
        int(c["id"]),
        guild_id,
        c["name"],
        Permissions(c["bot_permissions"]),
        type=c["type"],
        parent_id=_read_optional_id(c["parent_id"]),
        owner_id=_read_optional_id(c["owner_id"]),
        created_at=created_at,
        recipient_id=_read_optional_id(c.get("recipient_id")),
        archived=c.get("archived", False),
        locked=c.get("locked", False),
        auto_archive_duration=c.get("auto_archive_duration", 1440),
        archive_timestamp=c.get("archive_timestamp", created_at),
        last_activity=c.get("last_activity", created_at),
        thread_members={int(member) for member in c.get("thread_members", ())},
        recipients=[int(user) for user in c.get("recipients", ())],
        voice_status=c.get("voice_status"),
    )


def _read_message(m: dict[str, Any], channel_id: int, author: User, files: Path) -> Message:
    return Message(
        int(m["id"]),
        channel_id,
        author,
        content=m["content"],
        embeds=m["embeds"],
        components=m["components"],
        attachments=[
            Attachment(
                int(a["id"]),
                a["filename"],
                (files / str(int(a["id"]))).read_bytes(),
                a["content_type"],
                # States saved before descriptions were kept have none.
                a.get("description"),
            )
            for a in m["attachments"]
        ],
        flags=m["flags"],
        mentions=[int(u) for u in m["mentions"]],
        interaction_id=_read_optional_id(m["interaction_id"]),
        authorizing_owners=dict(m.get("authorizing_owners", {})),
        nonce=m["nonce"],
        sticker_ids=m["sticker_ids"],
        poll=m["poll"],
        created_at=m["created_at"],
        edited_at=m["edited_at"],
    )


def _read_optional_id(value: str | None) -> int | None:
    return None if value is None else int(value)
