"""A replay's controls: the Replay button on a finished game's result, and the Share
button on a replay shown privately (its Step through button is the step-through's,
``bot.discord_ui.core.step_through``). A game's kind and id are all their custom_ids
hold, so that they work after any restart."""

from __future__ import annotations

import discord

from bot.discord_ui.components import Look
from bot.discord_ui.sharing import ShareButton, ShowButton


class ReplayButton(ShowButton, template="{kind}:replay:{game}"):
    """On a finished game's result: shows the presser the game's replay, privately."""

    look = Look("Replay", "🎞️", discord.ButtonStyle.secondary)


class ShareReplayButton(ShareButton, template="{kind}:share:{game}"):
    """On a replay shown to one person: posts it in the channel for everybody."""
