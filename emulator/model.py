"""What the emulated Discord holds: users, guilds, channels, messages, interactions."""

from __future__ import annotations

import asyncio
import hashlib
import secrets
import time
from dataclasses import dataclass, field
from typing import Any

from discord import Permissions

from emulator.components import (
    CONTAINER,
    INTERACTIVE,
    IS_COMPONENTS_V2,
    MEDIA_GALLERY,
    attached_name,
    texts,
    walk,
)

DISCORD_EPOCH_MS = 1_420_070_400_000
DEFAULT_BOT_PERMISSIONS = Permissions(
    view_channel=True,
    send_messages=True,
    embed_links=True,
    attach_files=True,
    read_message_history=True,
)
"""What the bot's role grants in a new server, and its permissions in a new channel."""
DM_PERMISSIONS = Permissions(DEFAULT_BOT_PERMISSIONS.value)
"""The bot's permissions in a DM, the same as in a new channel: no server's roles or
overwrites reach it, and no one there may delete another's messages."""
EPHEMERAL = 1 << 6
LOADING = 1 << 7
"""A deferred "thinking" response, until it is edited or a follow-up replaces it."""
SUPPRESS_NOTIFICATIONS = 1 << 12
"""Sent silently (``@silent``): no push or desktop notification, and the message is marked
so. Fixed when the message is sent: no edit sets or clears it."""
_last_snowflake = 0


def snowflake(at: float | None = None) -> int:
    """A new id, increasing like Discord's, with the time it was made (``at``, on the
    emulator's clock, which a test moves on; else the wall clock) in its top bits, as a
    message's id tells its age; always above every id handed out or loaded
    (``snowflakes_after``), even if the clock went back."""
    global _last_snowflake
    now = (int((time.time() if at is None else at) * 1000) - DISCORD_EPOCH_MS) << 22
    _last_snowflake = max(now, _last_snowflake + 1)
    return _last_snowflake


def snowflakes_after(known: int) -> None:
    """New ids from now on are above ``known`` (an id from a saved state)."""
    global _last_snowflake
    _last_snowflake = max(_last_snowflake, known)


def last_snowflake() -> int:
    return _last_snowflake


def shard_of(guild_id: int, num_shards: int) -> int:
    """The shard whose session gets the guild's events, by Discord's formula."""
    return (guild_id >> 22) % num_shards


@dataclass
class User:
    id: int
    name: str
    bot: bool = False
    locale: str = "en-US"
    """The language the member's Discord client is set to: their interactions carry it."""
    dms_open: bool = True
    """Whether the user lets the bot write to them in a DM (their privacy settings: "Allow
    direct messages from server members"); closed, the bot's messages there are refused
    with 50007."""

    @property
    def avatar(self) -> str:
        """The avatar's hash, 32 hex digits like Discord's and the same every start: with
        one, discord.py's avatar address names the user, so the emulator can draw their
        initial."""
        return hashlib.blake2b(f"{self.id}:{self.name}".encode(), digest_size=16).hexdigest()


@dataclass(frozen=True)
class Attachment:
    id: int
    filename: str
    data: bytes
    content_type: str | None
    description: str | None = None
    """Alt text, as the ``attachments`` entries of the request that sent or edited it say."""


@dataclass(frozen=True)
class GalleryItem:
    """One picture of a media gallery: its url as the bot wrote it, its description (alt
    text), and the uploaded file an ``attachment://`` url names (None for any other)."""

    url: str
    description: str | None
    attachment: Attachment | None


@dataclass
class Message:
    id: int
    channel_id: int
    author: User
    content: str = ""
    embeds: list[dict[str, Any]] = field(default_factory=list)
    components: list[dict[str, Any]] = field(default_factory=list)
    attachments: list[Attachment] = field(default_factory=list)
    flags: int = 0
    visible_to: int | None = None
    """For an ephemeral message, the one user who can see it."""
    mentions: list[int] = field(default_factory=list)
    """The users this message pings (after allowed_mentions)."""
    interaction_id: int | None = None
    authorizing_owners: dict[str, str] = field(default_factory=dict)
    """For an interaction's answer or follow-up, the installs that authorized that
    interaction (its ``authorizing_integration_owners``): a press on the message is
    authorized by them, whoever presses (Interactions, "Authorizing Integration Owners
    Object")."""
    nonce: str | int | None = None
    sticker_ids: list[str] = field(default_factory=list)
    poll: dict[str, Any] | None = None
    """Stickers and a poll are fixed when the message is sent; no edit takes them away."""
    created_at: float = field(default_factory=time.time)
    edited_at: float | None = None
    deleted: bool = False

    @property
    def ephemeral(self) -> bool:
        return self.visible_to is not None

    @property
    def loading(self) -> bool:
        return bool(self.flags & LOADING)

    @property
    def silent(self) -> bool:
        return bool(self.flags & SUPPRESS_NOTIFICATIONS)

    @property
    def components_v2(self) -> bool:
        """Whether the message is all components (IS_COMPONENTS_V2), for good."""
        return bool(self.flags & IS_COMPONENTS_V2)

    def buttons(self) -> list[dict[str, Any]]:
        """The buttons and select menus, wherever they are (action rows at the top or in
        a container, a section's accessory), in the order a member reads them."""
        return [c for _, c in walk(self.components) if c.get("type") in INTERACTIVE]

    def button(self, label: str) -> dict[str, Any]:
        for button in self.buttons():
            if button.get("label") == label:
                return button
        raise KeyError(f"no button labelled {label!r} on message {self.id}: {self.button_labels()}")

    def button_labels(self) -> list[str]:
        return [str(b.get("label")) for b in self.buttons() if b.get("type") == 2]

    def text_displays(self) -> list[str]:
        """What a V2 message's text displays say, wherever they are (at the top, in a
        container or a section), in reading order."""
        return texts(self.components)

    def gallery_items(self) -> list[GalleryItem]:
        """The pictures of every media gallery of a V2 message, in reading order."""
        items = []
        for _, gallery in walk(self.components):
            if gallery.get("type") != MEDIA_GALLERY:
                continue
            for item in gallery.get("items", []):
                url = str(item.get("media", {}).get("url"))
                name = attached_name(url)
                attachment = None if name is None else self.attached(name)
                items.append(GalleryItem(url, item.get("description"), attachment))
        return items

    def attached(self, filename: str) -> Attachment | None:
        """The file uploaded with the message under this name (the first, if two share
        it), which an ``attachment://`` url names."""
        return next((a for a in self.attachments if a.filename == filename), None)

    @property
    def accent_color(self) -> int | None:
        """The accent colour of the message's container (its first, if it has more); None
        without a container or a colour."""
        container = next((c for _, c in walk(self.components) if c.get("type") == CONTAINER), None)
        return None if container is None else container.get("accent_color")


TEXT_CHANNEL = 0
DM_CHANNEL = 1
VOICE_CHANNEL = 2
"""A server's voice channel, whose chat (text-in-voice) holds messages as a text channel's."""
GROUP_DM_CHANNEL = 3
NO_GUILD = 0
"""A DM's ``guild_id``: it is in no server (no Discord id is 0)."""
PUBLIC_THREAD = 11
PRIVATE_THREAD = 12


@dataclass
class Channel:
    id: int
    guild_id: int
    """``NO_GUILD`` for a DM or a group DM."""
    name: str
    bot_permissions: Permissions
    """The bot's permissions here, its role's with the channel's overwrites applied (before
    Discord's implicit rules: ``World.permissions``). For a thread, its parent's: Discord's
    threads have no overwrites, and the emulator copies the parent's whenever they change."""
    messages: list[Message] = field(default_factory=list)
    type: int = TEXT_CHANNEL
    parent_id: int | None = None
    """For a thread: the channel it was started in."""
    owner_id: int | None = None
    created_at: float = field(default_factory=time.time)
    recipient_id: int | None = None
    """For a DM: the user the bot writes to."""
    recipients: list[int] = field(default_factory=list)
    """For a group DM: its members, the owner first. The bot is never one of them."""
    # The rest is a thread's ``thread_metadata``, on the emulator's clock.
    archived: bool = False
    locked: bool = False
    """Only members with Manage Threads may post, edit or unarchive here."""
    auto_archive_duration: int = 1440
    """Minutes without activity after which the thread archives itself."""
    archive_timestamp: float = field(default_factory=time.time)
    """When the thread was last created, archived or unarchived."""
    last_activity: float = field(default_factory=time.time)
    """When the thread was last active: created, posted in or unarchived (Discord's
    "activity"), from which its inactivity counts."""
    thread_members: set[int] = field(default_factory=set)
    """A private thread's members: only they (and who may manage threads) see it."""
    voice_status: str | None = None
    """A voice channel's status (Set Voice Channel Status), None when cleared."""

    @property
    def is_thread(self) -> bool:
        return self.type in (PUBLIC_THREAD, PRIVATE_THREAD)

    @property
    def is_private_thread(self) -> bool:
        return self.type == PRIVATE_THREAD

    @property
    def is_dm(self) -> bool:
        """The bot's own DM with a user."""
        return self.type == DM_CHANNEL

    @property
    def is_voice(self) -> bool:
        return self.type == VOICE_CHANNEL

    @property
    def is_group_dm(self) -> bool:
        return self.type == GROUP_DM_CHANNEL

    @property
    def is_private(self) -> bool:
        """A DM or a group DM: in no server."""
        return self.type in (DM_CHANNEL, GROUP_DM_CHANNEL)

    def idle_until(self) -> float:
        """When the thread archives itself if nothing happens in it meanwhile."""
        return self.last_activity + self.auto_archive_duration * 60

    def visible(self, user_id: int | None = None) -> list[Message]:
        """The messages a member sees: everything public, plus their own ephemerals."""
        return [
            m
            for m in self.messages
            if not m.deleted and (m.visible_to is None or m.visible_to == user_id)
        ]


@dataclass
class Guild:
    id: int
    name: str
    owner_id: int
    channels: dict[int, Channel] = field(default_factory=dict)
    """Text and voice channels and threads alike."""
    member_permissions: dict[int, Permissions] = field(default_factory=dict)
    """The members, with their permissions."""
    preferred_locale: str = "en-US"
    """The server's language, as its admins set it in its Community settings."""
    system_channel_id: int | None = None
    """The channel Discord posts its own notices in (a member joining, a boost), where a
    bot's welcome goes too; ``None``: the admins turned them off."""
    joined_at: float = field(default_factory=time.time)
    """When the bot joined the server (its member's ``joined_at``)."""
    bot_role_id: int = field(default_factory=snowflake)
    """The role Discord gives the bot when it joins (managed, named after it)."""
    bot_role_permissions: Permissions = field(
        default_factory=lambda: Permissions(DEFAULT_BOT_PERMISSIONS.value)
    )
    """What that role grants server-wide; each channel's overwrite for the bot makes its
    ``bot_permissions`` from them (``bot_overwrite``)."""
    voice_states: dict[int, int] = field(default_factory=dict)
    """Who is in a voice channel: the member's id, and the channel's."""

    def bot_overwrite(self, channel: Channel) -> tuple[Permissions, Permissions]:
        """The channel's permission overwrite for the bot, as (allow, deny): what turns
        the role's permissions into the channel's ``bot_permissions``."""
        role, granted = self.bot_role_permissions.value, channel.bot_permissions.value
        return Permissions(granted & ~role), Permissions(role & ~granted)


APPLICATION_COMMAND, MESSAGE_COMPONENT, AUTOCOMPLETE = 2, 3, 4
"""Interaction types: a slash command run, a button or menu used, an option being typed
(APPLICATION_COMMAND_AUTOCOMPLETE)."""


@dataclass
class Interaction:
    id: int
    token: str
    type: int
    user: User
    channel: Channel
    data: dict[str, Any]
    message: Message | None
    locale: str = "en-US"
    created_at: float = field(default_factory=time.time)
    """On the emulator's clock (``EmulatorClock.now``), like every time it keeps."""
    context: int = 0
    """Where it was used (``installs``): 0 a server, 1 the bot's DM, 2 a group DM."""
    owners: dict[str, str] = field(default_factory=dict)
    """Its ``authorizing_integration_owners``: "0" the server's id ("0" in the bot's DM)
    for the app installed to a server, "1" the installing user's id."""
    response_type: int | None = None
    response_message: Message | None = None
    choices: list[dict[str, Any]] | None = None
    """An autocomplete's answer: the choices as the bot sent them."""
    responded_at: float | None = None
    errors: list[str] = field(default_factory=list)
    answered: asyncio.Event = field(default_factory=asyncio.Event)
    responding: bool = False
    """A first response came within the deadline: ``answered`` follows once it is made."""

    @property
    def response_seconds(self) -> float | None:
        return None if self.responded_at is None else self.responded_at - self.created_at


def new_token() -> str:
    return secrets.token_urlsafe(24)
