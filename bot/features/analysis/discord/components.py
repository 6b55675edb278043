"""A report's controls: the What decided it button on a finished game's result and
replay, and the Share button on a report shown privately. A game's kind and id are all
their custom_ids hold, so that they work after any restart."""

from __future__ import annotations

import discord

from bot.discord_ui.components import Look
from bot.discord_ui.sharing import ShareButton, ShowButton


class ReportButton(ShowButton, template="{kind}:report:{game}"):
    """Shows the presser the report of what decided the game, privately."""

    look = Look("What decided it", "📊", discord.ButtonStyle.secondary)


class ShareReportButton(ShareButton, template="{kind}:sharereport:{game}"):
    """On a report shown to one person: posts it in the channel for everybody."""
