"""Discord's JSON shapes for the emulator's objects (API v10, as discord.py reads them),
with every field Discord's description says it always sends (``answer_schemas`` holds
the REST answers to it in the tests)."""

from __future__ import annotations

import hashlib
import time
from datetime import UTC, datetime
from typing import Any

from discord import Permissions

from emulator.components import (
    CONTAINER,
    FILE,
    MEDIA_GALLERY,
    SELECTS,
    SEPARATOR,
    THUMBNAIL,
    attached_name,
    media,
    referenced_files,
    walk,
    with_ids,
)
from emulator.model import Attachment, Channel, Guild, Interaction, Message, User


def iso(timestamp: float) -> str:
    return datetime.fromtimestamp(timestamp, UTC).isoformat()


def user(u: User) -> dict[str, Any]:
    return {
        "id": str(u.id),
        "username": u.name,
        "global_name": None if u.bot else u.name,
        "discriminator": "0",
        "avatar": u.avatar,
        "bot": u.bot,
        "public_flags": 0,
        "flags": 0,
        "primary_guild": None,
    }


def me(u: User) -> dict[str, Any]:
    """The bot's own user, with what only its owner sees (Get Current User)."""
    return {**user(u), "mfa_enabled": False, "locale": u.locale, "verified": True}


def authorized_user(u: User) -> dict[str, Any]:
    """A user as their own access token sees them with the ``identify`` scope (Get
    Current User): their client's ``locale`` too, but not ``verified``, which comes with
    the ``email`` scope."""
    return {**user(u), "mfa_enabled": False, "locale": u.locale, "premium_type": 0}


def application(application_id: int, bot: User, owner: User, guilds: int) -> dict[str, Any]:
    """The bot's application, as its own token sees it (Get Current Application)."""
    return {
        "id": str(application_id),
        "name": bot.name,
        "icon": None,
        "description": "",
        "type": None,
        "bot": user(bot),
        "bot_public": True,
        "bot_require_code_grant": False,
        "verify_key": "0" * 64,
        "flags": 0,
        "flags_new": "0",
        "redirect_uris": [],
        "interactions_endpoint_url": None,
        "role_connections_verification_url": None,
        "owner": user(owner),
        "approximate_guild_count": guilds,
        "approximate_user_install_count": 0,
        "approximate_user_authorization_count": 0,
        "explicit_content_filter": 0,
        "team": None,
        "eligible_oauth2_scopes": [],
    }


def channel(c: Channel, g: Guild, bot: User) -> dict[str, Any]:
    """A server's channel or thread as Discord gives it to the bot: a channel with its
    overwrite for the bot, from which discord.py works the bot's permissions out as the
    emulator does (``World.permissions``); a thread with its ``thread_metadata``, and no
    overwrites (a thread has its parent's permissions)."""
    payload: dict[str, Any] = {
        "id": str(c.id),
        "type": c.type,
        "guild_id": str(g.id),
        "name": c.name,
        "position": 0,
        "permission_overwrites": [] if c.is_thread else overwrites(c, g, bot),
        "nsfw": False,
        "parent_id": None if c.parent_id is None else str(c.parent_id),
        "topic": None,
        "last_message_id": None,
        "rate_limit_per_user": 0,
        "flags": 0,
    }
    if c.is_voice:
        # A voice channel's own fields, as a new one has them (Channel, "Channel
        # Structure"): 64 kbps, no user limit, the region chosen automatically, video
        # in AUTO quality. Its status is not among them: Discord keeps it out of the
        # channel object (change log, 2026-04-20).
        payload.update(bitrate=64000, user_limit=0, rtc_region=None, video_quality_mode=1)
    if c.is_thread:
        sent = len([m for m in c.messages if not m.deleted])
        payload.update(
            owner_id=str(c.owner_id),
            message_count=sent,
            total_message_sent=sent,
            member_count=1,
            thread_metadata={
                "archived": c.archived,
                "auto_archive_duration": c.auto_archive_duration,
                "archive_timestamp": iso(c.archive_timestamp),
                "locked": c.locked,
                "create_timestamp": iso(c.created_at),
            },
        )
    return payload


def overwrites(c: Channel, g: Guild, bot: User) -> list[dict[str, Any]]:
    """The channel's permission overwrites: one for the bot (a member, type 1), if its
    permissions here differ from its role's."""
    allow, deny = g.bot_overwrite(c)
    if not (allow.value or deny.value):
        return []
    return [{"id": str(bot.id), "type": 1, "allow": str(allow.value), "deny": str(deny.value)}]


def dm_channel(c: Channel, recipient: User) -> dict[str, Any]:
    return {
        "id": str(c.id),
        "type": c.type,
        "last_message_id": None,
        "flags": 0,
        "recipients": [user(recipient)],
    }


def group_dm_channel(c: Channel, recipients: list[User]) -> dict[str, Any]:
    """A group DM as an interaction there names it: its name, owner and members (all
    of them: the bot, to which Discord shows it, is not one)."""
    return {
        "id": str(c.id),
        "type": c.type,
        "name": c.name or None,
        "icon": None,
        "owner_id": str(c.owner_id),
        "last_message_id": None,
        "flags": 0,
        "recipients": [user(u) for u in recipients],
    }


def thread_deleted(c: Channel, g: Guild) -> dict[str, Any]:
    """THREAD_DELETE's few fields, as Discord sends them."""
    return {"id": str(c.id), "guild_id": str(g.id), "parent_id": str(c.parent_id), "type": c.type}


def bot_role(g: Guild, bot: User) -> dict[str, Any]:
    """The role Discord gives a bot that joins a server: managed, named after the bot."""
    return {
        "id": str(g.bot_role_id),
        "name": bot.name,
        "permissions": str(g.bot_role_permissions.value),
        "position": 1,
        "color": 0,
        "hoist": False,
        "managed": True,
        "mentionable": False,
        "flags": 0,
        "tags": {"bot_id": str(bot.id)},
    }


MEMBER_ROLE = 1 << 62
"""Set in a member's own role's id: above every snowflake Discord has made yet, so that
it is no other role's."""


def member_role_id(user_id: int) -> int:
    """The role of a member's own, which grants their permissions (``add_member``'s)."""
    return user_id | MEMBER_ROLE


def member_role(g: Guild, user_id: int) -> dict[str, Any]:
    """A member's own role: how Discord's roles carry what ``add_member`` granted them, so
    that the bot's client works out a member's permissions in a channel as the emulator
    does (``discord.abc.GuildChannel.permissions_for``)."""
    return {
        "id": str(member_role_id(user_id)),
        "name": f"member {user_id}",
        "permissions": str(permissions_of(g, user_id)),
        "position": 1,
        "color": 0,
        "hoist": False,
        "managed": False,
        "mentionable": False,
        "flags": 0,
    }


def guild(g: Guild, bot: User, members: list[User], *, voice: bool = False) -> dict[str, Any]:
    """GUILD_CREATE's server: its roles (@everyone granting nothing, the bot's, and each
    member's own), its channels, and its active threads (archived ones are left for the
    bot to fetch, as Discord leaves them). ``voice``: for a session with the
    GUILD_VOICE_STATES intent, who is in voice, each with their member among the
    ``members`` ("your bot and users in voice channels" without GUILD_PRESENCES: Gateway
    Events, Guild Create)."""
    now = time.time()
    in_voice = [u for u in members if voice and u.id in g.voice_states]
    return {
        "id": str(g.id),
        "name": g.name,
        "icon": None,
        "owner_id": str(g.owner_id),
        "afk_timeout": 300,
        "verification_level": 0,
        "default_message_notifications": 0,
        "explicit_content_filter": 0,
        "roles": [
            {
                "id": str(g.id),
                "name": "@everyone",
                "permissions": "0",
                "position": 0,
                "color": 0,
                "hoist": False,
                "managed": False,
                "mentionable": False,
                "flags": 0,
            },
            bot_role(g, bot),
            *(member_role(g, user_id) for user_id in g.member_permissions),
        ],
        "emojis": [],
        "stickers": [],
        "features": [],
        "mfa_level": 0,
        "system_channel_id": None if g.system_channel_id is None else str(g.system_channel_id),
        "premium_tier": 0,
        "preferred_locale": g.preferred_locale,
        "nsfw_level": 0,
        "large": False,
        "unavailable": False,
        "member_count": len(members) + 1,
        "joined_at": iso(g.joined_at),
        "channels": [channel(c, g, bot) for c in g.channels.values() if not c.is_thread],
        "threads": [
            channel(c, g, bot) for c in g.channels.values() if c.is_thread and not c.archived
        ],
        "members": [
            member(bot, g, g.joined_at, roles=[g.bot_role_id]),
            *(member(u, g, now) for u in in_voice),
        ],
        # Without guild_id or member, as GUILD_CREATE lists them.
        "voice_states": [
            {
                k: v
                for k, v in voice_state(g, u, g.voice_states[u.id], now).items()
                if k not in ("guild_id", "member")
            }
            for u in in_voice
        ],
        "presences": [],
        "stage_instances": [],
        "guild_scheduled_events": [],
    }


def member(u: User, g: Guild, now: float, *, roles: list[int] | None = None) -> dict[str, Any]:
    """A member as Discord gives them: ``roles``, or else their own (``member_role``)."""
    if roles is None:
        roles = [member_role_id(u.id)] if u.id in g.member_permissions else []
    return {
        "user": user(u),
        "nick": None,
        "avatar": None,
        "banner": None,
        "roles": [str(r) for r in roles],
        "joined_at": iso(now),
        "premium_since": None,
        "deaf": False,
        "mute": False,
        "pending": False,
        "communication_disabled_until": None,
        "flags": 0,
        "permissions": str(permissions_of(g, u.id)),
    }


def voice_state(g: Guild, u: User, channel_id: int | None, now: float) -> dict[str, Any]:
    """VOICE_STATE_UPDATE's voice state of a member, in ``channel_id`` or none (left):
    heard and speaking, their camera off (Voice, "Voice State Object"). Its
    ``session_id`` is their client's, the same for each of their states."""
    return {
        "guild_id": str(g.id),
        "channel_id": None if channel_id is None else str(channel_id),
        "user_id": str(u.id),
        "member": member(u, g, now),
        "session_id": hashlib.blake2b(f"voice:{u.id}".encode(), digest_size=16).hexdigest(),
        "deaf": False,
        "mute": False,
        "self_deaf": False,
        "self_mute": False,
        "self_video": False,
        "suppress": False,
        "request_to_speak_timestamp": None,
    }


def permissions_of(g: Guild, user_id: int) -> int:
    granted = g.member_permissions.get(user_id)
    return 0 if granted is None else granted.value


def attachment_url(a: Attachment, base_url: str, channel_id: int) -> str:
    return f"{base_url}/attachments/{channel_id}/{a.id}/{a.filename}"


def attachment(a: Attachment, base_url: str, channel_id: int) -> dict[str, Any]:
    url = attachment_url(a, base_url, channel_id)
    payload: dict[str, Any] = {
        "id": str(a.id),
        "filename": a.filename,
        "size": len(a.data),
        "url": url,
        "proxy_url": url,
        "content_type": a.content_type,
    }
    if a.description is not None:
        payload["description"] = a.description
    return payload


FILLED_IN: dict[int, dict[str, Any]] = {
    CONTAINER: {"accent_color": None, "spoiler": False},
    THUMBNAIL: {"description": None, "spoiler": False},
    FILE: {"spoiler": False},
    SEPARATOR: {"spacing": 1, "divider": True},
    **{kind: {"min_values": 1, "max_values": 1} for kind in SELECTS},
}
"""What Discord's answer gives each kind of component that the bot left out."""
GALLERY_ITEM_FILLED_IN = {"description": None, "spoiler": False}


def components(m: Message, base_url: str) -> list[dict[str, Any]]:
    """A message's components as Discord returns them: each numbered (``with_ids``, as
    Discord numbers a classic message's too), with what Discord fills in
    (``FILLED_IN``), a Unicode emoji without the ``id`` it has none of, and each piece of
    media unfurled with an id and its proxy's address: an ``attachment://`` url made the
    uploaded file's own (its address, type and id), a file component given the file's
    name and size."""
    shown = with_ids(m.components)
    for _, component in walk(shown):
        for key, value in FILLED_IN.get(component.get("type", 0), {}).items():
            component.setdefault(key, value)
        if component.get("type") == MEDIA_GALLERY:
            for item in component.get("items", []):
                for key, value in GALLERY_ITEM_FILLED_IN.items():
                    item.setdefault(key, value)
        for emojied in [component, *(component.get("options") or [])]:
            if isinstance(emojied.get("emoji"), dict) and emojied["emoji"].get("id") is None:
                emojied["emoji"] = {k: v for k, v in emojied["emoji"].items() if k != "id"}
    for _, item, component in media(shown):
        name = attached_name(item.get("url"))
        found = None if name is None else m.attached(name)
        if found is not None:
            item.update(
                url=attachment_url(found, base_url, m.channel_id),
                content_type=found.content_type,
                attachment_id=str(found.id),
                flags=0,
            )
            if component.get("type") == FILE:
                component.update(name=found.filename, size=len(found.data))
        item.update(id=str(media_id(str(item.get("url")))), proxy_url=item.get("url"))
    return shown


def media_id(url: str) -> int:
    """The id Discord gives a piece of media it unfurled, the same for the same address."""
    return int.from_bytes(hashlib.sha256(url.encode()).digest()[:7])


def embed(e: dict[str, Any]) -> dict[str, Any]:
    """An embed as Discord returns it: of ``rich`` type, each field ``inline`` or not,
    without what the bot sent as null."""
    fields = e.get("fields")
    shown = {"type": "rich", **{k: v for k, v in e.items() if v is not None}}
    if isinstance(fields, list):
        shown["fields"] = [{"inline": False, **field} for field in fields]
    return shown


def message(m: Message, guild_id: int | None, base_url: str) -> dict[str, Any]:
    """The message; in a DM (``guild_id`` None) without a ``guild_id``, which is how
    discord.py tells a DM's message from a server's."""
    shown = referenced_files(m.components) if m.components_v2 else set()
    payload: dict[str, Any] = {
        "id": str(m.id),
        "channel_id": str(m.channel_id),
        "author": user(m.author),
        "content": m.content,
        "timestamp": iso(m.created_at),
        "edited_timestamp": None if m.edited_at is None else iso(m.edited_at),
        "tts": False,
        "mention_everyone": False,
        "mentions": [],
        "mention_roles": [],
        # A V2 message's components show the files they name; Discord lists only the
        # others (kept with the message, shown nowhere) as its attachments.
        "attachments": [
            attachment(a, base_url, m.channel_id) for a in m.attachments if a.filename not in shown
        ],
        "embeds": [embed(e) for e in m.embeds],
        "components": components(m, base_url),
        "pinned": False,
        "type": 0,
        "flags": m.flags,
    }
    if guild_id is not None:
        payload["guild_id"] = str(guild_id)
    if m.nonce is not None:
        payload["nonce"] = m.nonce
    return payload


def _interaction_head(i: Interaction, application_id: int) -> dict[str, Any]:
    """What every interaction begins with, in a server or in a DM."""
    return {
        "id": str(i.id),
        "application_id": str(application_id),
        "type": i.type,
        "token": i.token,
        "version": 1,
    }


def _interaction_tail(i: Interaction, guild_id: int | None, base_url: str) -> dict[str, Any]:
    """What every interaction ends with, in a server or in a DM: its data, the installs
    that authorized it and its context, and the message its component is on, if any."""
    tail: dict[str, Any] = {
        "data": i.data,
        "entitlements": [],
        "authorizing_integration_owners": i.owners,
        "context": i.context,
        "attachment_size_limit": 10 * 1024 * 1024,
    }
    if i.message is not None:
        tail["message"] = message(i.message, guild_id, base_url)
    return tail


def dm_interaction(
    i: Interaction,
    application_id: int,
    base_url: str,
    app_permissions: Permissions,
    recipients: list[User] | None = None,
) -> dict[str, Any]:
    """An interaction in the bot's DM with the user, or in a group DM (with its
    ``recipients``), as Discord sends it: no ``guild_id`` and no ``member``, the ``user``
    instead; its context (1 the bot's DM, 2 a group DM) and the installs that
    authorized it (docs: Interactions, "Authorizing Integration Owners Object")."""
    shown = (
        dm_channel(i.channel, i.user)
        if recipients is None
        else group_dm_channel(i.channel, recipients)
    )
    return {
        **_interaction_head(i, application_id),
        "channel_id": str(i.channel.id),
        "channel": shown,
        "user": user(i.user),
        "app_permissions": str(app_permissions.value),
        "locale": i.locale,
        **_interaction_tail(i, None, base_url),
    }


def interaction(
    i: Interaction,
    application_id: int,
    g: Guild,
    bot: User,
    base_url: str,
    app_permissions: Permissions,
) -> dict[str, Any]:
    """The interaction in a server's channel as the bot receives it, the bot in the
    server or not; ``app_permissions``: the app's there (``installs.app_permissions``).
    With the partial server Discord adds (``id``, ``locale``, ``features``), from which
    discord.py makes one it has no GUILD_CREATE of."""
    permissions = str(permissions_of(g, i.user.id))
    return {
        **_interaction_head(i, application_id),
        "guild_id": str(g.id),
        "guild": {"id": str(g.id), "locale": g.preferred_locale, "features": []},
        "channel_id": str(i.channel.id),
        "channel": {**channel(i.channel, g, bot), "permissions": permissions},
        "member": {**member(i.user, g, time.time()), "permissions": permissions},
        "app_permissions": str(app_permissions.value),
        "locale": i.locale,
        "guild_locale": g.preferred_locale,
        **_interaction_tail(i, g.id, base_url),
    }
