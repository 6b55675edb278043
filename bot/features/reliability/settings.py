"""A server's minimum reliability to join its public lobbies (``/server settings
reliability``), and the bounds of a host's own minimum for their lobby."""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal

from bot.service.declared_settings import FeatureSettings, ServerSetting
from bot.service.errors import BadSetting
from bot.storage.records import GuildSettings
from i18n import N_, Language, Message

RELIABILITY_PERCENT = (0, 100)
"""A minimum reliability to join a lobby, in whole percent; 0 asks for none."""


def check_reliability_minimum(percent: int) -> None:
    """Refuses a minimum reliability that is no whole percentage."""
    low, high = RELIABILITY_PERCENT
    if not low <= percent <= high:
        raise BadSetting(
            Message(
                "a minimum reliability is from {low} to {high} percent ({low} asks for none)",
                low=low,
                high=high,
            )
        )


def _given(percent: int) -> int | None:
    check_reliability_minimum(percent)
    return percent or None


def _read(kept: object) -> int | None:
    """A minimum as kept: a damaged one asks for nothing rather than refusing everyone."""
    if kept is None:
        return None
    if not isinstance(kept, int) or isinstance(kept, bool) or not 1 <= kept <= 100:
        raise ValueError(kept)
    return kept


MIN_RELIABILITY = ServerSetting[int | None](
    name=N_("reliability"),
    description=N_("The reliability in percent a player needs to join a lobby (0: none)"),
    default=None,
    given=_given,
    kept=lambda percent: percent,
    read=_read,
    kind=int,
    bounds=RELIABILITY_PERCENT,
)
"""The reliability (whole percent) a player needs to join a lobby here; ``None``:
anyone may."""


def _lines(settings: GuildSettings, lang: Language, now: float | None) -> Sequence[tuple[str, str]]:
    minimum = MIN_RELIABILITY.of(settings)
    if minimum is None:
        shown = lang._("anyone may join")
    else:
        shown = lang._("{percent} or more", percent=lang.percent(Decimal(minimum) / 100, 0))
    return ((lang._("Reliability to join"), shown),)


SETTINGS = FeatureSettings((MIN_RELIABILITY,), lines=_lines)
