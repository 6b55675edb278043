"""The bot's messages as its requests write them: a request's body and files read, a
message posted or edited from them within Discord's limits (``limits``), and the
message as the bot gets it back."""

from __future__ import annotations

import json
import re
import time
from dataclasses import dataclass
from typing import Any

import aiohttp
from aiohttp import web

from emulator import payloads
from emulator.changes import Changes
from emulator.limits import check_form, empty_message, is_empty
from emulator.model import EPHEMERAL, LOADING, Attachment, Channel, Message, snowflake
from emulator.responses import DiscordError, json_response
from emulator.settings import Settings
from emulator.world import World

_MENTION = re.compile(r"<@!?(\d+)>")


@dataclass(frozen=True)
class BotMessages:
    settings: Settings
    world: World
    changes: Changes

    async def read_body(self, request: web.Request) -> tuple[dict[str, Any], dict[int, Attachment]]:
        """The JSON payload and the uploaded files (``files[n]``), JSON or multipart alike."""
        if not request.content_type.startswith("multipart/"):
            body = await request.json() if request.can_read_body else {}
            return (body if isinstance(body, dict) else {}), {}
        body = {}
        files: dict[int, Attachment] = {}
        reader = await request.multipart()
        while (part := await reader.next()) is not None:
            assert isinstance(part, aiohttp.BodyPartReader)
            if part.name == "payload_json":
                body = json.loads(await part.text())
            elif part.name and (match := re.fullmatch(r"files\[(\d+)\]", part.name)):
                data = bytes(await part.read())
                if len(data) > self.settings.max_attachment_bytes:
                    raise DiscordError(413, 40005, "Request entity too large")
                files[int(match.group(1))] = Attachment(
                    snowflake(), part.filename or "file", data, part.headers.get("Content-Type")
                )
        return body, files

    def post(
        self,
        channel: Channel,
        body: dict[str, Any],
        files: dict[int, Attachment],
        visible_to: int | None = None,
        loading: bool = False,
    ) -> Message:
        """A new message by the bot in ``channel``: ephemeral if ``visible_to`` (the one
        member who sees it), a deferred "thinking" answer if ``loading``."""
        message = Message(
            snowflake(),
            channel.id,
            self.world.bot,
            flags=EPHEMERAL if visible_to is not None else 0,
            visible_to=visible_to,
            nonce=body.get("nonce"),
            sticker_ids=[str(s) for s in body.get("sticker_ids") or []],
            poll=body.get("poll"),
        )
        update_message(message, body, files, new=True, loading=loading)
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
        update_message(message, body, files, loading=loading)
        await self.changes.changed()
        return json_response(self.payload(message))

    async def delete(self, message: Message) -> web.Response:
        """Deletes the message; the answer to the request."""
        message.deleted = True
        await self.changes.changed()
        return web.Response(status=204)

    def payload(self, message: Message) -> dict[str, Any]:
        guild_id = self.world.channels[message.channel_id].guild_id
        return payloads.message(message, guild_id, self.settings.base_url)


def update_message(
    message: Message,
    body: dict[str, Any],
    files: dict[int, Attachment],
    *,
    new: bool = False,
    loading: bool = False,
) -> None:
    """Writes ``body`` into the message, or refuses it and changes nothing. ``loading``:
    whether the message is (still) a deferred "thinking" answer afterwards."""
    check_form(body)
    content = (body.get("content") or "") if "content" in body or new else message.content
    embeds = list(body.get("embeds") or []) if "embeds" in body or new else message.embeds
    components = message.components
    if "components" in body or new:
        components = list(body.get("components") or [])
    attachments = message.attachments
    if "attachments" in body or files:
        kept = {a.id: a for a in message.attachments}
        attachments = []
        for entry in body.get("attachments") or [{"id": i} for i in files]:
            index = int(entry["id"])
            if index in files:
                attachments.append(files[index])
            elif index in kept:
                attachments.append(kept[index])
    if not loading and is_empty(
        content, embeds, attachments, components, message.sticker_ids, message.poll
    ):
        raise empty_message()
    if "content" in body or new:
        message.content = content
        message.mentions = _mentions(content, body.get("allowed_mentions"))
    message.embeds, message.components, message.attachments = embeds, components, attachments
    # Whether a message is ephemeral or loading is not the sender's to edit.
    flags = message.flags & ~LOADING
    if "flags" in body:
        flags = (body["flags"] or 0) & ~(EPHEMERAL | LOADING) | (message.flags & EPHEMERAL)
    message.flags = flags | LOADING if loading else flags
    if not new:
        message.edited_at = time.time()


def _mentions(content: str, allowed: dict[str, Any] | None) -> list[int]:
    mentioned = [int(m) for m in _MENTION.findall(content)]
    if allowed is None:
        return mentioned
    if "users" in (allowed.get("parse") or []):
        return mentioned
    permitted = {int(u) for u in allowed.get("users") or []}
    return [u for u in mentioned if u in permitted]
