"""Whether a server's hosts may open a game with hints (``/server settings hints``)."""

from __future__ import annotations

from enum import StrEnum

from bot.service.declared_settings import FeatureSettings, one_of, shown_as
from i18n import N_


class HintsMode(StrEnum):
    """Whether a server's hosts may open a game with hints, which is never rated."""

    FRIENDLY = "friendly"
    """A host may ask for them (``/<game> new hints:``); such a game is a friendly one."""
    NEVER = "never"
    """Every game here is rated as it is seated: no host may ask for hints."""


HINTS = one_of(
    N_("hints"),
    N_("Whether a host may open a game with hints (such a game is never rated)"),
    {
        HintsMode.FRIENDLY: N_("in friendly games, if the host asks (the default)"),
        HintsMode.NEVER: N_("never: every game here may be rated"),
    },
)
SHOWN = {
    HintsMode.FRIENDLY: N_("in friendly games, if the host asks (never rated)"),
    HintsMode.NEVER: N_("never: every game here may be rated"),
}
"""What the settings card says of each choice."""

SETTINGS = FeatureSettings((HINTS,), lines=shown_as(N_("Hints"), HINTS, SHOWN))
