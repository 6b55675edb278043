"""Which of a server's games let a player take a move back (``/server settings
takebacks``)."""

from __future__ import annotations

from enum import StrEnum

from bot.service.declared_settings import FeatureSettings, one_of, shown_as
from i18n import N_


class TakebackMode(StrEnum):
    """Which of a server's games let a player take a move back (with the others' consent
    once it showed anything)."""

    NEVER = "never"
    UNRATED = "unrated"
    """Only games that will not be rated (fewer than two sides with people)."""
    ALWAYS = "always"


TAKEBACKS = one_of(
    N_("takebacks"),
    N_("Which games let a player take a move back"),
    {
        TakebackMode.UNRATED: N_("unrated games only (the default)"),
        TakebackMode.ALWAYS: N_("every game"),
        TakebackMode.NEVER: N_("never"),
    },
)
SHOWN = {
    TakebackMode.UNRATED: N_("in unrated games, with consent"),
    TakebackMode.ALWAYS: N_("in every game, with consent"),
    TakebackMode.NEVER: N_("never"),
}
"""What the settings card says of each choice."""

SETTINGS = FeatureSettings((TAKEBACKS,), lines=shown_as(N_("Take-backs"), TAKEBACKS, SHOWN))
