"""``/my``: one group, not per game, for what is a player's own across the games: ``games``
and ``settings``."""

from __future__ import annotations

import discord
from discord import app_commands
from discord.app_commands import Choice, locale_str

from bot.discord_ui.command_parts import command, param
from bot.discord_ui.features.players.handlers import DISCORD_LANGUAGE, Players
from bot.storage import Notify
from i18n import LANGUAGES, N_
from i18n import language as spoken

NOTIFY_CHOICES = (
    Choice(name=locale_str(N_("a ping in the channel")), value=Notify.CHANNEL.value),
    Choice(name=locale_str(N_("a direct message")), value=Notify.DM.value),
    Choice(name=locale_str(N_("both")), value=Notify.BOTH.value),
    Choice(name=locale_str(N_("nothing")), value=Notify.NONE.value),
)
"""How a turn may reach a player, each shown in the reader's language."""


def own_commands() -> list[app_commands.Group]:
    """``/my games`` and ``/my settings``."""

    async def games(interaction: discord.Interaction) -> None:
        await Players.of(interaction).my_games(interaction)

    async def settings(
        interaction: discord.Interaction,
        notify: str | None = None,
        language: str | None = None,
    ) -> None:
        chosen = None if notify is None else Notify(notify)
        await Players.of(interaction).my_settings(interaction, chosen, language)

    # In servers, and in a direct message with the bot: a player's own is theirs
    # wherever they ask.
    group = app_commands.Group(
        name=locale_str(N_("my")),
        description=locale_str(N_("Your own games, whatever their kind")),
        allowed_contexts=app_commands.AppCommandContext(guild=True, dm_channel=True),
        allowed_installs=app_commands.AppInstallationType(guild=True),
    )
    group.add_command(
        command(
            N_("games"),
            N_("The games you play here (in a DM: everywhere), whose turn and how long is left"),
            games,
        )
    )
    group.add_command(
        command(
            N_("settings"),
            N_("How your turn reaches you in every server: show it, or change it"),
            settings,
            [param(N_("notify"), str | None, None), param(N_("language"), str | None, None)],
            {
                "notify": locale_str(
                    N_("A ping in the channel, a direct message, both, or nothing")
                ),
                "language": locale_str(N_("The language of the bot's direct messages to you")),
            },
            {
                "notify": list(NOTIFY_CHOICES),
                "language": [
                    Choice(name=locale_str(N_("my Discord's")), value=DISCORD_LANGUAGE),
                    *(
                        Choice(name=spoken(code).locale.get_display_name() or code, value=code)
                        for code in LANGUAGES
                    ),
                ],
            },
        )
    )
    return [group]
