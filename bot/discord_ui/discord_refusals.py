"""What a change that could not be shown means: which of Discord's failures are everyday
refusals, and what whoever made the change is told."""

from __future__ import annotations

import discord

from bot.discord_ui.game_messages import UNKNOWN_CHANNEL, FollowUpsBehind, InConversation
from bot.discord_ui.interactions import reader
from bot.discord_ui.permissions import missing_to_show
from bot.storage.write_refusals import WritesRefused
from i18n import Message

NOT_SHOWN = Message(
    "That counted, but I couldn't update the game message just now. "
    "It will catch up by itself in a moment."
)
CANNOT_POST = Message(
    "That counted, but I couldn't post the next game message here: I'm missing a permission "
    "in this channel (Send Messages, Embed Links or Attach Files). Nobody's time runs "
    "meanwhile; once it's back, the game carries on by itself."
)


def expected(error: Exception) -> bool:
    """A failure Discord gives every day (a refusal or an outage), or a write the
    database refuses for the machine's cause (a full disk, which storage reports): not a
    bug of ours. A ping behind its table is as expected as what kept it behind."""
    if isinstance(error, FollowUpsBehind):
        return expected(error.cause)
    return isinstance(
        error,
        discord.HTTPException | ConnectionError | TimeoutError | WritesRefused | InConversation,
    )


def nowhere(error: BaseException) -> bool:
    """The game's channel is gone, so there is nowhere to show it."""
    return isinstance(error, discord.NotFound) and error.code == UNKNOWN_CHANNEL


def forbidden(error: BaseException) -> bool:
    """Discord refused for a missing permission."""
    return isinstance(error, discord.Forbidden)


def refusal(error: Exception, interaction: discord.Interaction) -> str:
    """What whoever made a change that could not be shown is told: that it counted, and
    when a permission is missing where they clicked, which one."""
    lang = reader(interaction)
    if not forbidden(error):
        return lang.say(NOT_SHOWN)
    in_thread = isinstance(interaction.channel, discord.Thread)
    missing = missing_to_show(interaction.app_permissions, lang, in_thread=in_thread)
    if not missing:
        return lang.say(CANNOT_POST)
    return lang.ngettext(
        "That counted, but I couldn't post the next game message here: I'm missing the "
        "{permissions} permission in this channel. Nobody's time runs meanwhile; once a "
        "server admin grants it, the game carries on by itself.",
        "That counted, but I couldn't post the next game message here: I'm missing the "
        "{permissions} permissions in this channel. Nobody's time runs meanwhile; once a "
        "server admin grants them, the game carries on by itself.",
        len(missing),
        permissions=lang.list(missing),
    )
