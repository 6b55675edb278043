"""The bot's messages as its requests write them: a request's body and files read, a
message posted or edited from them within Discord's limits (``limits``), and a message
as the bot gets it back (others' without their content, unless the app has the Message
Content intent: ``message_events``)."""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import cached_property
from typing import Any

from aiohttp import web

from emulator import payloads
from emulator.changes import Changes
from emulator.components import IS_COMPONENTS_V2, missing_attachments, texts, with_ids
from emulator.form import Form
from emulator.limits import (
    check_form,
    empty_message,
    flagged_v2,
    is_empty,
    legacy_problems,
    refusal,
)
from emulator.message_events import MessageEvents, content_exempt, without_content
from emulator.model import (
    EPHEMERAL,
    LOADING,
    SUPPRESS_NOTIFICATIONS,
    Attachment,
    Channel,
    Message,
    snowflake,
)
from emulator.places import Places
from emulator.responses import json_response
from emulator.settings import Settings
from emulator.world import World

_MENTION = re.compile(r"<@!?(\d+)>")


@dataclass(frozen=True)
class BotMessages:
    settings: Settings
    world: World
    changes: Changes
    events: MessageEvents

    @cached_property
    def places(self) -> Places:
        return Places(self.settings, self.world, self.changes, self.events.gateway)

    def post(
        self,
        channel: Channel,
        body: dict[str, Any],
        files: dict[int, Attachment],
        visible_to: int | None = None,
        loading: bool = False,
    ) -> Message:
        """A new message by the bot in ``channel``: ephemeral if ``visible_to`` (the one
        member who sees it), a deferred "thinking" answer if ``loading``. The route that
        posts it tells the gateway (``created``) once it has recorded it."""
        message = Message(
            snowflake(self.settings.clock.now()),
            channel.id,
            self.world.bot,
            flags=EPHEMERAL if visible_to is not None else 0,
            visible_to=visible_to,
            nonce=body.get("nonce"),
            sticker_ids=[str(s) for s in body.get("sticker_ids") or []],
            poll=body.get("poll"),
            created_at=self.settings.clock.now(),
        )
        update_message(message, body, files, self.settings.clock.now(), new=True, loading=loading)
        self.world.post(channel, message)
        return message

    async def edit(
        self,
        message: Message,
        body: dict[str, Any],
        files: dict[int, Attachment],
        *,
        loading: bool = False,
    ) -> web.Response:
        """Writes ``body`` into the message (``update_message``); the answer to the request."""
        update_message(message, body, files, self.settings.clock.now(), loading=loading)
        await self.changes.changed()
        return json_response(self.payload(message))

    async def created(self, message: Message) -> None:
        """MESSAGE_CREATE for a message the bot just posted, and word that it is there."""
        await self.events.created(message)
        await self.changes.changed()

    async def delete(self, message: Message) -> web.Response:
        """Deletes the message; the answer to the request."""
        message.deleted = True
        await self.events.deleted(message)
        await self.changes.changed()
        return web.Response(status=204)

    def payload(self, message: Message) -> dict[str, Any]:
        """The message as the REST API gives it to the bot (the routes answer 10003 for
        one whose channel is gone before they come here)."""
        channel = self.world.where(message.channel_id)
        assert channel is not None
        guild_id = None if channel.is_private else channel.guild_id
        shown = payloads.message(message, guild_id, self.settings.base_url)
        if self.settings.message_content or content_exempt(message, channel, self.world.bot.id):
            return shown
        return without_content(shown)


def update_message(
    message: Message,
    body: dict[str, Any],
    files: dict[int, Attachment],
    now: float,
    *,
    new: bool = False,
    loading: bool = False,
) -> None:
    """Writes ``body`` into the message, or refuses it and changes nothing. ``loading``:
    whether the message is (still) a deferred "thinking" answer afterwards; ``now``: the
    emulator's time, which an edit records.

    A V2 message (IS_COMPONENTS_V2) stays one for good. An edit that leaves ``flags`` out
    is judged by the message's own rules; one whose flags lack the bit by classic rules,
    as Discord judges it (a V2 layout sent so is refused: discord-net/Discord.Net#3132),
    though the message stays V2. An edit that sets the bit turns a classic message into
    V2 if it also empties what V2 has no place for: content and poll with null, embeds
    and sticker_ids with []."""
    sent_flags = body.get("flags")
    judged_v2 = message.components_v2 if sent_flags is None else flagged_v2(body)
    check_form(body, components_v2=judged_v2)
    content = (body.get("content") or "") if "content" in body or new else message.content
    embeds = list(body.get("embeds") or []) if "embeds" in body or new else message.embeds
    components = message.components
    if "components" in body or new:
        components = list(body.get("components") or [])
    attachments = _attachments(message, body, files)
    # Whether a message is ephemeral or loading is not the sender's to edit, nor (once
    # sent) whether it was sent silently.
    flags = message.flags & ~LOADING
    if sent_flags is not None:
        kept = message.flags & (EPHEMERAL | IS_COMPONENTS_V2 | SUPPRESS_NOTIFICATIONS)
        fixed = EPHEMERAL | LOADING | (0 if new else SUPPRESS_NOTIFICATIONS)
        flags = sent_flags & ~fixed | kept
    v2 = bool(flags & IS_COMPONENTS_V2)
    sticker_ids, poll = message.sticker_ids, message.poll
    if v2 and not message.components_v2 and not new:
        if body.get("sticker_ids") == []:
            sticker_ids = []
        if "poll" in body and body["poll"] is None:
            poll = None
    if v2:
        form = Form()
        form.problems += legacy_problems(content, embeds, sticker_ids, poll)
        missing_attachments(form, components, _named_files(body, files, attachments))
        if form.problems:
            raise refusal(form.problems)
        components = with_ids(components)
    if not loading and is_empty(content, embeds, attachments, components, sticker_ids, poll):
        raise empty_message()
    allowed = body.get("allowed_mentions")
    if v2 and ("components" in body or not message.components_v2):
        # A V2 message's mentions are in its text displays.
        message.mentions = mentions("\n".join(texts(components)), allowed)
    elif not v2 and ("content" in body or new):
        message.mentions = mentions(content, allowed)
    message.content, message.embeds, message.components = content, embeds, components
    message.attachments, message.sticker_ids, message.poll = attachments, sticker_ids, poll
    message.flags = flags | LOADING if loading else flags
    if not new:
        message.edited_at = now


def _attachments(
    message: Message, body: dict[str, Any], files: dict[int, Attachment]
) -> list[Attachment]:
    """The message's files once the request is done: those its ``attachments`` entries
    keep or upload (``files[n]`` as ``id`` n), each with the description its entry gives;
    without entries, the files it uploads; without either, the message's own."""
    if "attachments" not in body and not files:
        return message.attachments
    kept = {a.id: a for a in message.attachments}
    attachments = []
    for entry in body.get("attachments") or [{"id": i} for i in files]:
        index = int(entry["id"])
        attachment = files.get(index) or kept.get(index)
        if attachment is None:
            continue
        if "description" in entry:
            attachment = replace(attachment, description=entry["description"])
        attachments.append(attachment)
    return attachments


def _named_files(
    body: dict[str, Any], files: dict[int, Attachment], attachments: list[Attachment]
) -> set[str]:
    """The files the message's ``attachment://`` urls may name once the request is done.
    Components sent anew may name only a file of the same request (uploaded, or listed in
    ``attachments`` to keep), the only way Discord documents such a url; components left
    as they were go on naming the message's files."""
    if "components" in body and "attachments" not in body and not files:
        return set()
    return {a.filename for a in attachments}


def mentions(content: str, allowed: dict[str, Any] | None = None) -> list[int]:
    """The users ``content`` pings, as far as ``allowed_mentions`` lets it."""
    mentioned = [int(m) for m in _MENTION.findall(content)]
    if allowed is None:
        return mentioned
    if "users" in (allowed.get("parse") or []):
        return mentioned
    permitted = {int(u) for u in allowed.get("users") or []}
    return [u for u in mentioned if u in permitted]
