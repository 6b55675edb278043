"""``/<game> new reliability:``: the host's own minimum for whoever joins their lobby,
kept by the feature's ``lobby_opened`` hook as the lobby is made."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from discord import app_commands

from bot.discord_ui.command_parts import Option
from bot.discord_ui.new_options import NewOptions
from bot.features.reliability.service import LobbyMinimum
from bot.features.reliability.settings import RELIABILITY_PERCENT
from i18n import N_


def minimum_asked(given: Mapping[str, Any]) -> Sequence[object]:
    """The host's minimum, as they gave it (none given: none)."""
    return (LobbyMinimum(given["reliability"]),)


NEW_OPTIONS = NewOptions(
    (
        Option(
            N_("reliability"),
            app_commands.Range[int, *RELIABILITY_PERCENT] | None,
            N_("The reliability in percent a player needs to join (0-100; 0: none)"),
        ),
    ),
    asks=minimum_asked,
    first=True,
)
"""``reliability:``, a whole percentage (0 asks for none)."""
