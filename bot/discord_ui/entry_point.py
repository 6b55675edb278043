"""The app's Entry Point command: how Discord's app launcher opens the app's Activity (the
board), kept through every sync of the bot's commands.

Once an app's Activities are on, Discord makes its Entry Point (a command of type 4,
``PRIMARY_ENTRY_POINT``) and refuses a bulk overwrite of the global commands that leaves
it out (50240). discord.py's command tree knows no such command, so the sync adds the one
Discord has as it is, or, where the bot serves the board and there is none, its own:
Discord opens the Activity itself at its use (``DISCORD_LAUNCH_ACTIVITY``), and the board
lists the channel's games.
"""

from __future__ import annotations

from typing import Any, Final

from discord.http import HTTPClient

from i18n import DEFAULT, LANGUAGES, Language, language

ENTRY_POINT: Final = 4
"""``PRIMARY_ENTRY_POINT``, the command type."""
DISCORD_LAUNCH_ACTIVITY: Final = 2
"""The handler with which Discord opens the Activity, sending the bot nothing."""
GUILD_INSTALL: Final = 0
IN_SERVERS: Final = 0
"""The board plays the games of a server's channel."""
KEPT: Final = ("name", "type", "handler", "description", "integration_types", "contexts")
"""What of Discord's own Entry Point a sync sends back as it is."""


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
        "integration_types": [GUILD_INSTALL],
        "contexts": [IN_SERVERS],
    }


def _description(lang: Language) -> str:
    return lang._("Open the board: play this channel's games inside Discord")


async def with_entry_point(
    http: HTTPClient, application_id: int, payload: list[dict[str, Any]], board: bool
) -> list[dict[str, Any]]:
    """``payload`` (the global commands to sync) with the app's Entry Point: the one Discord
    has, or the bot's own where it serves the board."""
    existing: list[dict[str, Any]] = list(await http.get_global_commands(application_id))  # type: ignore[arg-type]
    kept = next((c for c in existing if c.get("type") == ENTRY_POINT), None)
    if kept is not None:
        return [*payload, {k: kept[k] for k in KEPT if k in kept}]
    return [*payload, launch_command()] if board else payload
