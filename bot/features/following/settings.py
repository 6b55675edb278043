"""When a player hears of the games they follow (``/my settings following``)."""

from __future__ import annotations

from enum import StrEnum

from bot.service.declared_player_settings import player_choice
from i18n import N_


class Following(StrEnum):
    """When a player hears of the games they follow."""

    END = "end"
    """When the game ends (the default)."""
    ROUNDS = "rounds"
    """At each round's end too, in games that have rounds."""


FOLLOWING = player_choice(
    N_("following"),
    N_("The games you follow: hear of their end, or of each round's end too"),
    N_("Games you follow"),
    {
        Following.END: (N_("at their end"), N_("you hear of their end")),
        Following.ROUNDS: (
            N_("at each round's end too"),
            N_("you hear of their end, and of each round's end"),
        ),
    },
)
