"""A server's position of the day (``/server settings daily_channel daily_hour``), and
whether a player's games may name them under it (``/my settings daily_named``).

The hour is UTC: a server has no time zone of its own (its members live in many), the
seasons' months are UTC months already, and the monthly table of the position of the
day counts the same months."""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum
from typing import Any

from bot.service.declared_player_settings import player_choice
from bot.service.declared_settings import (
    FeatureSettings,
    ServerSetting,
    Values,
    channel_mention,
    switch,
    text_channel,
)
from bot.storage.records import GuildSettings
from i18n import N_, Language

HOURS = (0, 23)
DEFAULT_HOUR = 18
"""The hour (UTC) a server's position of the day is posted at, unless it names its own:
an evening in Europe, an afternoon in the Americas."""


def _kept_hour(kept: Any) -> int:
    if isinstance(kept, bool) or not isinstance(kept, int) or not HOURS[0] <= kept <= HOURS[1]:
        raise ValueError(kept)
    return kept


DAILY_CHANNEL = text_channel(
    N_("daily_channel"),
    N_("Post a position of the day from this server's games in this channel"),
)
"""Where the position of the day is posted (``None``, the default: it isn't)."""
DAILY_HOUR = ServerSetting[int](
    name=N_("daily_hour"),
    description=N_("The hour (0-23, UTC) the position of the day is posted at"),
    default=DEFAULT_HOUR,
    given=int,
    kept=int,
    read=_kept_hour,
    kind=int,
    bounds=HOURS,
)
DAILY_STOP = switch(N_("daily_stop"), N_("Stop posting the position of the day"), default=False)
"""Asked true, it takes the channel away; it is never kept itself."""


def _settled(before: GuildSettings, asked: Values) -> Values:
    """A stop takes the channel away (whatever channel the same change names)."""
    settled = {name: value for name, value in asked.items() if name != DAILY_STOP.name}
    if asked.get(DAILY_STOP.name):
        settled[DAILY_CHANNEL.name] = None
    return settled


def _lines(settings: GuildSettings, lang: Language, now: float | None) -> Sequence[tuple[str, str]]:
    channel = DAILY_CHANNEL.of(settings)
    if channel is None:
        return ((lang._("Position of the day"), lang._("off")),)
    shown = lang._(
        "in {channel} at {hour}:00 UTC",
        channel=channel_mention(channel),
        hour=str(DAILY_HOUR.of(settings)).zfill(2),
    )
    return ((lang._("Position of the day"), shown),)


DAILY_SETTINGS = FeatureSettings(
    (DAILY_CHANNEL, DAILY_HOUR, DAILY_STOP), settled=_settled, lines=_lines
)
"""The position of the day's server settings, and their line on the settings card."""


class DailyNamed(StrEnum):
    """Whether the position of the day may say whose game it comes from."""

    NO = "no"
    """Never (the default): "a game of this server"."""
    YES = "yes"
    """The player's name, where their decision is the day's position."""


DAILY_NAMED = player_choice(
    N_("daily_named"),
    N_("Whether a server's position of the day may name you when it comes from your game"),
    N_("Position of the day"),
    {
        DailyNamed.NO: (N_("don't name me"), N_("never names you")),
        DailyNamed.YES: (N_("name me"), N_("may name you when it is your decision")),
    },
    wide=True,
)
