"""Where a game update goes: the answer to a click, or a channel message the bot edits
itself (when a computer player moves, nobody clicked)."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable
from typing import Any, Protocol

import discord

from bot.discord_ui.messages import BoardMessage

log = logging.getLogger(__name__)

DEFER_AFTER = 1.5
"""Seconds to wait for a board image before deferring, well inside Discord's 3."""
CANNOT_POST = (
    "I couldn't post the next game message here: I'm missing a permission in this channel "
    "(Send Messages, Embed Links or Attach Files). Once it's back, use /claimit board to carry on."
)


class Surface(Protocol):
    async def edit(self, rendering: Awaitable[BoardMessage], view: discord.ui.View | None) -> None:
        """Shows a new board on the game message this update is about."""

    async def send(self, **message: Any) -> discord.Message | None:
        """Posts a new message in the game's channel; ``None`` if that was not allowed."""


class InteractionSurface:
    def __init__(self, interaction: discord.Interaction) -> None:
        self.interaction = interaction

    async def edit(self, rendering: Awaitable[BoardMessage], view: discord.ui.View | None) -> None:
        """Edits the clicked message; defers first if the image is slow to come."""
        interaction = self.interaction
        task = asyncio.ensure_future(rendering)
        done, _ = await asyncio.wait({task}, timeout=DEFER_AFTER)
        if not done:
            await interaction.response.defer()
            board = await task
            await interaction.edit_original_response(
                embed=board.embed, attachments=[board.file()], view=view
            )
            return
        board = task.result()
        await interaction.response.edit_message(
            embed=board.embed, attachments=[board.file()], view=view
        )

    async def send(self, **message: Any) -> discord.Message | None:
        channel = self.interaction.channel
        assert isinstance(channel, discord.abc.Messageable)
        try:
            return await channel.send(**message)
        except discord.Forbidden:
            await tell(self.interaction, CANNOT_POST)
            return None


class ChannelSurface:
    def __init__(self, channel: discord.abc.Messageable, message_id: int | None) -> None:
        self.channel = channel
        self.message_id = message_id

    async def edit(self, rendering: Awaitable[BoardMessage], view: discord.ui.View | None) -> None:
        board = await rendering
        if self.message_id is None:
            return
        message = self.channel.get_partial_message(self.message_id)  # type: ignore[attr-defined]
        try:
            await message.edit(embed=board.embed, attachments=[board.file()], view=view)
        except discord.HTTPException:
            log.warning("could not update game message %s", self.message_id)

    async def send(self, **message: Any) -> discord.Message | None:
        try:
            return await self.channel.send(**message)
        except discord.HTTPException:
            log.warning(
                "could not post a game message in channel %s", getattr(self.channel, "id", "?")
            )
            return None


async def tell(interaction: discord.Interaction, message: str) -> None:
    """An ephemeral answer, whether or not the interaction was answered already."""
    if interaction.response.is_done():
        await interaction.followup.send(message, ephemeral=True)
    else:
        await interaction.response.send_message(message, ephemeral=True)
