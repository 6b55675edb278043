"""Whether a voice channel's status shows the game played in its chat (``/server settings
voice_status``, on unless turned off)."""

from __future__ import annotations

from collections.abc import Sequence

from bot.service.declared_settings import FeatureSettings, switch
from bot.storage.records import GuildSettings
from i18n import N_, Language

VOICE_STATUS = switch(
    N_("voice_status"),
    N_("Whether a voice channel's status shows the game played in its chat"),
    default=True,
)
"""On: a game played in a voice channel's chat keeps the channel's status current."""


def _lines(settings: GuildSettings, lang: Language, now: float | None) -> Sequence[tuple[str, str]]:
    shown = (
        lang._("shows the game played in its chat") if VOICE_STATUS.of(settings) else lang._("off")
    )
    return ((lang._("Voice channel status"), shown),)


SETTINGS = FeatureSettings((VOICE_STATUS,), lines=_lines)
"""The voice status's one server setting, and its line on the settings card."""
