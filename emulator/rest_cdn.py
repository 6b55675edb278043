"""What Discord's CDN serves at the addresses the bot's messages point to: attachments,
and avatars drawn by ``cdn``."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass

from aiohttp import web

from emulator import cdn, paths
from emulator.responses import DiscordError
from emulator.world import World


@dataclass(frozen=True)
class CdnRoutes:
    world: World

    async def attachment(self, request: web.Request) -> web.Response:
        # The CDN serves a message's files to whoever has their address, wherever the
        # message is: a group DM or a server without the bot too, where only the
        # interaction's answers put them.
        key = paths.number(request.match_info["channel"])
        channel = None if key is None else self.world.where(key)
        if channel is None:
            raise DiscordError(404, 10003, "Unknown Channel")
        wanted = int(request.match_info["attachment"])
        for message in channel.messages:
            for a in message.attachments:
                if a.id == wanted:
                    return web.Response(
                        body=a.data, content_type=a.content_type or "application/octet-stream"
                    )
        raise DiscordError(404, 0, "404: Not Found")

    async def avatar(self, request: web.Request) -> web.Response:
        raw = request.match_info["user"]
        users = {self.world.bot.id: self.world.bot, **self.world.users}
        user = paths.found(users, raw)
        avatar, _, extension = request.match_info["file"].rpartition(".")
        if user is None or avatar != user.avatar:
            raise DiscordError(404, 0, "404: Not Found")
        # Upper-cased after it is taken: "ß".upper() is two letters.
        initial = user.name[:1].upper()[:1] or None
        colour = user.id % len(cdn.AVATAR_COLOURS)
        return await _image(request, initial, colour, extension, cdn.FORMATS)

    async def default_avatar(self, request: web.Request) -> web.Response:
        index, _, extension = request.match_info["file"].rpartition(".")
        number = paths.number(index)
        if number is None or number >= cdn.DEFAULT_AVATARS:
            raise DiscordError(404, 0, "404: Not Found")
        png = {"png": cdn.FORMATS["png"]}
        return await _image(request, None, number, extension, png)


async def _image(
    request: web.Request,
    initial: str | None,
    colour: int,
    extension: str,
    formats: dict[str, cdn.Format],
) -> web.Response:
    if extension not in formats:
        raise DiscordError(415, 0, "415: Unsupported Media Type")
    size = paths.number(request.query.get("size", str(cdn.DEFAULT_SIZE)))
    if size is None or size not in cdn.SIZES:
        raise DiscordError(400, 0, "400: Bad Request")
    # A large one takes a while to draw; the gateway must not wait for it.
    body = await asyncio.to_thread(cdn.avatar, initial, colour, size, extension)
    return web.Response(body=body, content_type=formats[extension].content_type)
