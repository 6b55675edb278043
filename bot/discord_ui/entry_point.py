"""The app's Entry Point command: how Discord's app launcher opens the app's Activity (the
board), kept through every sync of the bot's commands.

Once an app's Activities are on, Discord makes its Entry Point (a command of type 4,
``PRIMARY_ENTRY_POINT``) and refuses a bulk overwrite of the global commands that leaves
it out (50240). discord.py's command tree knows no such command, so the sync adds one:
where the bot serves the board, its own (Discord opens the Activity itself at its use,
``DISCORD_LAUNCH_ACTIVITY``, and the board lists the channel's games), installed as the
games' commands are (to servers and to users' accounts) and offered where they are (in
servers and group DMs); elsewhere the one Discord has, kept as it was.
"""

from __future__ import annotations

from typing import Any, Final

from discord.http import HTTPClient, Route

from i18n import DEFAULT, LANGUAGES, Language, language

ENTRY_POINT: Final = 4
"""``PRIMARY_ENTRY_POINT``, the command type."""
DISCORD_LAUNCH_ACTIVITY: Final = 2
"""The handler with which Discord opens the Activity, sending the bot nothing."""
GUILD_INSTALL: Final = 0
USER_INSTALL: Final = 1
IN_SERVERS: Final = 0
IN_PRIVATE_CHANNELS: Final = 2
"""Group DMs and DMs between users (not the bot's own DM, where only turn notices are)."""
KEPT: Final = (
    "name",
    "type",
    "handler",
    "description",
    "name_localizations",
    "description_localizations",
    "integration_types",
    "contexts",
)
"""What of Discord's own Entry Point a sync sends back, so that it stays as it was."""


def launch_command() -> dict[str, Any]:
    """The bot's own Entry Point, in every language it speaks."""
    return {
        "name": "launch",
        "type": ENTRY_POINT,
        "handler": DISCORD_LAUNCH_ACTIVITY,
        "description": _description(language(DEFAULT)),
        "description_localizations": {
            code: _description(language(code)) for code in LANGUAGES if code != DEFAULT
        },
        "integration_types": [GUILD_INSTALL, USER_INSTALL],
        "contexts": [IN_SERVERS, IN_PRIVATE_CHANNELS],
    }


def _description(lang: Language) -> str:
    return lang._("Open the board: play this channel's games inside Discord")


async def with_entry_point(
    http: HTTPClient, application_id: int, payload: list[dict[str, Any]], board: bool
) -> list[dict[str, Any]]:
    """``payload`` (the global commands to sync) with the app's Entry Point: the one Discord
    has, or the bot's own where it serves the board."""
    if board:
        return [*payload, launch_command()]
    # With their translations, which an overwrite would otherwise drop.
    route = Route("GET", "/applications/{application_id}/commands", application_id=application_id)
    existing: list[dict[str, Any]] = await http.request(
        route, params={"with_localizations": "true"}
    )
    kept = next((c for c in existing if c.get("type") == ENTRY_POINT), None)
    if kept is None:
        return payload
    return [*payload, {k: kept[k] for k in KEPT if k in kept}]
