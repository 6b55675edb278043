"""The REST routes about the bot itself: its user (or, to a user's access token, that
user), its application, where its gateway is and how many shards to run, and its slash
commands."""

from __future__ import annotations

import math
from dataclasses import dataclass

from aiohttp import web

from emulator import payloads
from emulator.command_limits import PRIMARY_ENTRY_POINT, check_commands
from emulator.entry_points import APP_HANDLER, check_entry_point
from emulator.model import snowflake
from emulator.request_bodies import json_body
from emulator.responses import json_response
from emulator.rest_oauth2 import bearer
from emulator.settings import Settings
from emulator.world import World

GUILD_INSTALL = 0
GUILDS_PER_RECOMMENDED_SHARD = 1000
"""How many guilds Discord's ``GET /gateway/bot`` plans for each shard it recommends."""


@dataclass(frozen=True)
class ApplicationRoutes:
    settings: Settings
    world: World

    async def me(self, request: web.Request) -> web.Response:
        token = bearer(request)
        if token is None:
            return json_response(payloads.me(self.world.bot))
        return json_response(payloads.authorized_user(self.world.users[token.user_id]))

    async def application(self, request: web.Request) -> web.Response:
        world = self.world
        owner = next(iter(world.users.values()), world.bot)
        return json_response(
            payloads.application(world.application_id, world.bot, owner, len(world.guilds))
        )

    async def gateway(self, request: web.Request) -> web.Response:
        return json_response({"url": self.settings.gateway_url})

    async def bot_gateway(self, request: web.Request) -> web.Response:
        settings = self.settings
        guilds = len(self.world.guilds)
        # Never a count that IDENTIFY would refuse, should a test set the limit lower than
        # Discord's planned load per shard.
        shards = max(
            1,
            math.ceil(guilds / GUILDS_PER_RECOMMENDED_SHARD),
            math.ceil(guilds / settings.max_guilds_per_shard),
        )
        return json_response(
            {
                "url": settings.gateway_url,
                "shards": shards,
                "session_start_limit": {
                    "total": 1000,
                    "remaining": 1000,
                    "reset_after": 0,
                    "max_concurrency": settings.max_concurrency,
                },
            }
        )

    async def sync_commands(self, request: web.Request) -> web.Response:
        guild_id = _guild_id(request)
        body = json_body(request) or []
        check_commands(body)
        check_entry_point(body, guild_id, self.world.commands.get(None, []))
        synced = []
        for command in body:
            entry_point = command.get("type") == PRIMARY_ENTRY_POINT
            synced.append(
                {
                    **command,
                    "id": str(snowflake()),
                    "application_id": str(self.world.application_id),
                    "version": str(snowflake()),
                    "type": command.get("type", 1),
                    "description": command.get("description") or "",
                    "default_member_permissions": command.get("default_member_permissions"),
                    # Without a say of the bot's, a command is for the app installed to a
                    # server (GUILD_INSTALL).
                    "integration_types": command.get("integration_types") or [GUILD_INSTALL],
                    **({"handler": command.get("handler") or APP_HANDLER} if entry_point else {}),
                    **({"guild_id": str(guild_id)} if guild_id else {}),
                }
            )
        self.world.commands[guild_id] = synced
        self.world.command_syncs += 1
        return json_response(synced)

    async def get_commands(self, request: web.Request) -> web.Response:
        return json_response(self.world.commands.get(_guild_id(request), []))


def _guild_id(request: web.Request) -> int | None:
    """The guild of a guild's commands; None for the global ones."""
    return int(request.match_info["guild"]) if "guild" in request.match_info else None
