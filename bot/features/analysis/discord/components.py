"""A report's controls: the What decided it button on a finished game's result and
replay, and the Share button on a report shown privately. A game's kind and id are all
their custom_ids hold, so that they work after any restart."""

from __future__ import annotations

from typing import Protocol

import discord

from bot.discord_ui.components import GameButton, Look


class ReportButton(GameButton["ReportShower"], template="{kind}:report:{game}"):
    """Shows the presser the report of what decided the game, privately."""

    look = Look("What decided it", "📊", discord.ButtonStyle.secondary)
    calls = "report_button"


class ShareReportButton(GameButton["ReportShower"], template="{kind}:sharereport:{game}"):
    """On a report shown to one person: posts it in the channel for everybody."""

    look = Look("Share", "📣")
    calls = "share_button"


class ReportShower(Protocol):
    """What a press of a report's control asks of the feature that shows reports."""

    async def report_button(self, interaction: discord.Interaction, button: ReportButton) -> None:
        """Shows the presser the game's report."""

    async def share_button(
        self, interaction: discord.Interaction, button: ShareReportButton
    ) -> None:
        """Shares the report in the channel."""
