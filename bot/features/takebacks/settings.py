"""Which of a server's games let a player take a move back (``/server settings
takebacks``)."""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum

from bot.service.declared_settings import Choice, FeatureSettings, one_of
from bot.storage.records import GuildSettings
from i18n import N_, Language


class TakebackMode(StrEnum):
    """Which of a server's games let a player take a move back (with the others' consent
    once it showed anything)."""

    NEVER = "never"
    UNRATED = "unrated"
    """Only games that will not be rated (fewer than two sides with people)."""
    ALWAYS = "always"


TAKEBACKS = one_of(
    name=N_("takebacks"),
    description=N_("Which games let a player take a move back"),
    default=TakebackMode.UNRATED,
    choices=(
        Choice(TakebackMode.UNRATED, N_("unrated games only (the default)")),
        Choice(TakebackMode.ALWAYS, N_("every game")),
        Choice(TakebackMode.NEVER, N_("never")),
    ),
)


def _lines(settings: GuildSettings, lang: Language, now: float | None) -> Sequence[tuple[str, str]]:
    mode = TAKEBACKS.of(settings)
    if mode is TakebackMode.ALWAYS:
        shown = lang._("in every game, with consent")
    elif mode is TakebackMode.NEVER:
        shown = lang._("never")
    else:
        shown = lang._("in unrated games, with consent")
    return ((lang._("Take-backs"), shown),)


SETTINGS = FeatureSettings((TAKEBACKS,), lines=_lines)
