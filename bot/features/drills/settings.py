"""Which of a player's decisions become drills (``/my settings drills``)."""

from __future__ import annotations

from enum import StrEnum

from bot.games.analysis import Grade
from bot.service.declared_player_settings import player_choice
from i18n import N_


class DrillsFrom(StrEnum):
    """Which of a player's graded decisions become drills."""

    MISTAKES = "mistakes"
    """Their mistakes and blunders (the default)."""
    INACCURACIES = "inaccuracies"
    """Their inaccuracies too."""

    @property
    def least(self) -> Grade:
        """The least grade a decision becomes a drill from."""
        return Grade.INACCURACY if self is DrillsFrom.INACCURACIES else Grade.MISTAKE


DRILLS_FROM = player_choice(
    N_("drills"),
    N_("Which of your decisions become drills: mistakes, or inaccuracies too"),
    N_("Drills from"),
    {
        DrillsFrom.MISTAKES: (N_("mistakes and blunders"), N_("your mistakes and blunders")),
        DrillsFrom.INACCURACIES: (
            N_("also inaccuracies"),
            N_("your inaccuracies, mistakes and blunders"),
        ),
    },
    wide=True,
)
