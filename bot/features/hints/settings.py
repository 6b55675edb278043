"""Whether a server's hosts may open a game with hints (``/server settings hints``)."""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum

from bot.service.declared_settings import Choice, FeatureSettings, one_of
from bot.storage.records import GuildSettings
from i18n import N_, Language


class HintsMode(StrEnum):
    """Whether a server's hosts may open a game with hints, which is never rated."""

    FRIENDLY = "friendly"
    """A host may ask for them (``/<game> new hints:``); such a game is a friendly one."""
    NEVER = "never"
    """Every game here is rated as it is seated: no host may ask for hints."""


HINTS = one_of(
    name=N_("hints"),
    description=N_("Whether a host may open a game with hints (such a game is never rated)"),
    default=HintsMode.FRIENDLY,
    choices=(
        Choice(HintsMode.FRIENDLY, N_("in friendly games, if the host asks (the default)")),
        Choice(HintsMode.NEVER, N_("never: every game here may be rated")),
    ),
)


def _lines(settings: GuildSettings, lang: Language, now: float | None) -> Sequence[tuple[str, str]]:
    if HINTS.of(settings) is HintsMode.NEVER:
        shown = lang._("never: every game here may be rated")
    else:
        shown = lang._("in friendly games, if the host asks (never rated)")
    return ((lang._("Hints"), shown),)


SETTINGS = FeatureSettings((HINTS,), lines=_lines)
