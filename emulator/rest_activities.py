"""Get Application Activity Instance, which an Activity's server asks with the bot's
token to check that a client claiming an instance is really in it (Activities,
Multiplayer Experience: "Using the Activity Instance API"): the live instance as
Discord's description has it (``EmbeddedActivityInstance``), or the docs' 404 for one
unknown or ended, or another app's."""

from __future__ import annotations

from dataclasses import dataclass

from aiohttp import web

from emulator.activities import Activities
from emulator.responses import DiscordError, json_response
from emulator.world import World


@dataclass(frozen=True)
class ActivityRoutes:
    world: World
    activities: Activities

    async def instance(self, request: web.Request) -> web.Response:
        app_id = str(self.world.application_id)
        found = self.activities.instance(request.match_info["instance"])
        if request.match_info["app"] != app_id or found is None:
            raise DiscordError(404, 0, "404: Not Found")
        return json_response(found.payload(self.world.application_id))
