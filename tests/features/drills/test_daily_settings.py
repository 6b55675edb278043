"""The position of the day's server settings: off by default, a channel named by its id
and kept (a stop forgets it), the hour within 0-23 UTC; the settings card's line, the
channel as its mention; and the option ``/server settings`` offers for the channel:
Discord's channel option, text channels only."""

from __future__ import annotations

import discord
import pytest

from bot.discord_ui.command_parts import declared_option, given_value
from bot.features.drills.daily_settings import (
    DAILY_CHANNEL,
    DAILY_HOUR,
    DAILY_SETTINGS,
    DEFAULT_HOUR,
)
from bot.service import GuildSettingsService
from bot.storage import Database, GuildSettings
from i18n import english, language
from tests.bot.test_guild_settings import settings as settings


async def test_off_by_default_then_kept_as_named_and_forgotten_at_a_stop(
    settings: GuildSettingsService, database: Database
) -> None:
    assert DAILY_CHANNEL.of(GuildSettings()) is None
    assert DAILY_HOUR.of(GuildSettings()) == DEFAULT_HOUR
    named = await settings.change(1, declared={"daily_channel": 77, "daily_hour": 6})
    assert (DAILY_CHANNEL.of(named), DAILY_HOUR.of(named)) == (77, 6)
    assert await GuildSettingsService(database).get(1) == named
    stopped = await settings.change(1, declared={"daily_stop": True})
    assert DAILY_CHANNEL.of(stopped) is None and DAILY_HOUR.of(stopped) == 6
    assert "daily_stop" not in stopped.declared, "a stop is never kept"
    again = await settings.change(1, declared={"daily_channel": 78, "daily_stop": True})
    assert DAILY_CHANNEL.of(again) is None, "a stop wins over a channel in the same change"


@pytest.mark.parametrize("given", [0, -5, True, "77"])
def test_a_channel_is_a_discord_id(given: object) -> None:
    with pytest.raises(TypeError):
        DAILY_CHANNEL.given(given)


def test_the_settings_card_line() -> None:
    for lang in (english(), language("de")):
        off = DAILY_SETTINGS.lines(GuildSettings(), lang, None)
        assert off == ((lang._("Position of the day"), lang._("off")),)
        named = GuildSettings(declared={"daily_channel": 77, "daily_hour": 6})
        ((_, shown),) = DAILY_SETTINGS.lines(named, lang, None)
        assert shown == lang._("in {channel} at {hour}:00 UTC", channel="<#77>", hour="06")


def test_the_channel_option_offers_text_channels_and_gives_the_channel_id() -> None:
    option = declared_option(DAILY_CHANNEL)
    assert option.takes == discord.TextChannel | None
    assert given_value(DAILY_CHANNEL, discord.Object(77)) == 77
    assert given_value(DAILY_CHANNEL, None) is None
    assert given_value(DAILY_HOUR, 5) == 5
