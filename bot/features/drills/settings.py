"""Which of a player's decisions become drills (``/my settings drills``)."""

from __future__ import annotations

from enum import StrEnum

from bot.games.analysis import Grade
from bot.service.declared_player_settings import PlayerChoice, PlayerSetting
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


DRILLS_FROM = PlayerSetting[DrillsFrom](
    name=N_("drills"),
    description=N_("Which of your decisions become drills: mistakes, or inaccuracies too"),
    default=DrillsFrom.MISTAKES,
    read=DrillsFrom,
    choices=(
        PlayerChoice(
            DrillsFrom.MISTAKES, N_("mistakes and blunders"), N_("your mistakes and blunders")
        ),
        PlayerChoice(
            DrillsFrom.INACCURACIES,
            N_("also inaccuracies"),
            N_("your inaccuracies, mistakes and blunders"),
        ),
    ),
    title=N_("Drills from"),
    wide=True,
)
