"""``/my``: one group, not per game, for what is a player's own across the games: ``games``,
``settings`` and ``away``, then the commands features add (``Declaration.my_commands``)."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.app_commands import Choice, locale_str

from bot.discord_ui.command_parts import Option, command, declared_option, group, language_option
from bot.discord_ui.core.players.handlers import OFF, Players
from bot.discord_ui.part import features_parts
from bot.service.feature_registry import discovered, player_settings_of
from bot.service.player_settings import FOLLOW_DISCORD
from bot.storage import Notify
from i18n import N_

NOTIFY_CHOICES = (
    Choice(name=locale_str(N_("a ping in the channel")), value=Notify.CHANNEL.value),
    Choice(name=locale_str(N_("a direct message")), value=Notify.DM.value),
    Choice(name=locale_str(N_("both")), value=Notify.BOTH.value),
    Choice(name=locale_str(N_("a daily summary")), value=Notify.SUMMARY.value),
    Choice(name=locale_str(N_("nothing")), value=Notify.NONE.value),
)
"""How a turn may reach a player, each shown in the reader's language."""
HOURS = [Choice(name=f"{hour:02}:00", value=str(hour)) for hour in range(24)]
"""The hours of a day, as choices (24: within Discord's 25)."""


async def _zones(interaction: discord.Interaction, typed: str) -> list[Choice[str]]:
    return await Players.of(interaction).zone_choices(interaction, typed)


async def _days(interaction: discord.Interaction, typed: str) -> list[Choice[str]]:
    return await Players.of(interaction).day_choices(interaction, typed)


SETTINGS_OPTIONS = (
    Option(
        N_("notify"),
        str | None,
        N_("A ping in the channel, a direct message, both, a daily summary, or nothing"),
        choices=NOTIFY_CHOICES,
    ),
    Option(
        N_("summary_at"),
        str | None,
        N_("The hour of your day your daily summary comes at"),
        choices=HOURS,
    ),
    Option(N_("time_zone"), str | None, N_("Your time zone: type your city"), completion=_zones),
    Option(
        N_("quiet_from"),
        str | None,
        N_("From this hour, your turn reaches you without a sound (or off)"),
        choices=[Choice(name=locale_str(N_("off")), value=OFF), *HOURS],
    ),
    Option(
        N_("quiet_until"), str | None, N_("Until this hour (your quiet hours' end)"), choices=HOURS
    ),
    language_option(
        N_("The language of the bot's direct messages to you"),
        N_("my Discord's"),
        FOLLOW_DISCORD,
    ),
)
"""``/my settings``' own options, before the features' declared settings."""


def own_commands() -> list[app_commands.Group]:
    """``/my games``, ``/my settings`` (the features' own settings, as they declare them,
    after the core's) and ``/my away``."""
    declared = player_settings_of(discovered()).settings

    async def games(interaction: discord.Interaction) -> None:
        await Players.of(interaction).my_games(interaction)

    async def settings(interaction: discord.Interaction, **given: Any) -> None:
        notify, summary_at, quiet_until = given["notify"], given["summary_at"], given["quiet_until"]
        await Players.of(interaction).my_settings(
            interaction,
            notify=None if notify is None else Notify(notify),
            summary_at=None if summary_at is None else int(summary_at),
            time_zone=given["time_zone"],
            quiet_from=given["quiet_from"],
            quiet_until=None if quiet_until is None else int(quiet_until),
            written=given["language"],
            declared={setting.name: given[setting.name] for setting in declared},
        )

    async def away(interaction: discord.Interaction, until: str | None = None) -> None:
        await Players.of(interaction).my_away(interaction, until)

    # In servers, and in a direct message with the bot: a player's own is theirs
    # wherever they ask. Installed to users' accounts too, so that one who shares no
    # server with the bot (who plays only in group DMs) has it in the bot's DM.
    return [
        group(
            N_("my"),
            N_("Your own games, whatever their kind"),
            [
                command(
                    N_("games"),
                    N_(
                        "The games you play here (in a DM: everywhere), whose turn and "
                        "how long is left"
                    ),
                    games,
                ),
                command(
                    N_("settings"),
                    N_("How your turn reaches you in every server: show it, or change it"),
                    settings,
                    [*SETTINGS_OPTIONS, *(declared_option(setting) for setting in declared)],
                ),
                command(
                    N_("away"),
                    N_("Be away until a day: your games wait, or a computer player stands in"),
                    away,
                    [
                        Option(
                            N_("until"),
                            str | None,
                            N_("The last day you are away (in your time zone)"),
                            completion=_days,
                        )
                    ],
                ),
                *(each for part in features_parts() for each in part.my_commands()),
            ],
            in_direct_messages=True,
        )
    ]
