"""Set Voice Channel Status (``PUT /channels/{channel.id}/voice-status``, documented
2026-04-20): the short text a voice channel shows of what is happening in it.

As Discord's docs have it (Channel, "Set Voice Channel Status"; change log, 2026-04-20):
``status`` up to 500 characters (the description's ``maxLength``, so a longer one is
refused with 50035 by ``request_schemas`` before the route sees it); the bot needs Set
Voice Channel Status (1 << 48), and Manage Channels as well when it is not connected to
the channel, which here it never is (``voice``): 403 50013 without either; the answer
is 204, and VOICE_CHANNEL_STATUS_UPDATE ``{id, guild_id, status}`` goes to sessions with
the GUILDS intent (Gateway, "List of Intents"). An empty status or null clears it (the
event then carries null, as recorded from Discord in polyphony-chat/chorus#515).

Where the docs are silent, the emulator takes: a DM is refused with 50003 and any other
channel that is no voice channel with 400 50024 "Cannot execute action on this channel
type", Discord's answer to an action on the wrong kind of channel (a thread started in a
thread, a thread member asked of a channel); the status stays until it is set again,
even once everyone has left the channel, since nothing documents its clearing.
"""

from __future__ import annotations

from dataclasses import dataclass

from aiohttp import web

from emulator import paths
from emulator.changes import Changes
from emulator.gateway import GUILDS_INTENT, Gateway
from emulator.places import Places
from emulator.request_bodies import json_body
from emulator.responses import DiscordError
from emulator.world import World


@dataclass(frozen=True)
class VoiceRoutes:
    world: World
    changes: Changes
    gateway: Gateway
    places: Places

    async def set_status(self, request: web.Request) -> web.Response:
        """The status set, with the checks in the order the bot's other channel routes
        make them: a place the bot is not in or can't see (50001) before the kind of
        channel, and that before the permissions the route needs."""
        await self.places.archive_idle()
        raw = request.match_info["channel"]
        found = paths.found(self.world.channels, raw)
        if found is None and self.world.where(paths.number(raw) or 0) is not None:
            raise DiscordError(403, 50001, "Missing Access")
        channel = paths.channel(self.world.channels, raw)
        if channel.is_dm:
            raise DiscordError(400, 50003, "Cannot execute action on a DM channel")
        granted = self.world.permissions(channel)
        if not granted.view_channel:
            raise DiscordError(403, 50001, "Missing Access")
        if not channel.is_voice:
            raise DiscordError(400, 50024, "Cannot execute action on this channel type")
        if not (granted.set_voice_channel_status and granted.manage_channels):
            raise DiscordError(403, 50013, "Missing Permissions")
        body = json_body(request)
        # The description has already held the body to an object with a string or null.
        status = (body.get("status") if isinstance(body, dict) else None) or None
        channel.voice_status = status
        shown = {"id": str(channel.id), "guild_id": str(channel.guild_id), "status": status}
        await self.gateway.dispatch_if_connected(
            "VOICE_CHANNEL_STATUS_UPDATE", shown, channel.guild_id, intent=GUILDS_INTENT
        )
        await self.changes.changed()
        return web.Response(status=204)
