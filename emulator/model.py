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
EPHEMERAL = 1 << 6
LOADING = 1 << 7
"""A deferred "thinking" response, until it is edited or a follow-up replaces it."""
_last_snowflake = 0


def snowflake() -> int:
    """A new id, increasing like Discord's, with the current time in its top bits; always
    above every id handed out or loaded (``snowflakes_after``), even if the clock went back."""
    global _last_snowflake
    now = (int(time.time() * 1000) - DISCORD_EPOCH_MS) << 22
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
PUBLIC_THREAD = 11


@dataclass
class Channel:
    id: int
    guild_id: int
    name: str
    bot_permissions: Permissions
    messages: list[Message] = field(default_factory=list)
    type: int = TEXT_CHANNEL
    parent_id: int | None = None
    """For a thread: the channel it was started in."""
    owner_id: int | None = None
    created_at: float = field(default_factory=time.time)

    @property
    def is_thread(self) -> bool:
        return self.type == PUBLIC_THREAD

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
    """Text channels and threads alike."""
    member_permissions: dict[int, Permissions] = field(default_factory=dict)
    """The members, with their permissions."""
    preferred_locale: str = "en-US"
    """The server's language, as its admins set it in its Community settings."""


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
    response_type: int | None = None
    response_message: Message | None = None
    responded_at: float | None = None
    errors: list[str] = field(default_factory=list)
    answered: asyncio.Event = field(default_factory=asyncio.Event)

    @property
    def response_seconds(self) -> float | None:
        return None if self.responded_at is None else self.responded_at - self.created_at


def new_token() -> str:
    return secrets.token_urlsafe(24)
