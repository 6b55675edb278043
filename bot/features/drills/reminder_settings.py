"""Whether a player is reminded of their drills due (``/my settings drill_reminders``)."""

from __future__ import annotations

from enum import StrEnum

from bot.service.declared_player_settings import player_choice
from i18n import N_


class DrillReminder(StrEnum):
    """Whether a player hears of their drills due."""

    OFF = "off"
    """Never (the default): they open their drills themselves."""
    ON = "on"
    """A direct message a day, at the hour of their daily summary, when drills are due."""


DRILL_REMINDERS = player_choice(
    N_("drill_reminders"),
    N_("A direct message at your summary's hour on a day drills of yours are due"),
    N_("Drill reminders"),
    {
        DrillReminder.OFF: (N_("off"), N_("none: you open your drills yourself")),
        DrillReminder.ON: (
            N_("a direct message"),
            N_(
                "a direct message at your summary's hour on a day drills are due (after "
                "your quiet hours)"
            ),
        ),
    },
    wide=True,
)
