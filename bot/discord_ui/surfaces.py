"""Where a game update goes: the answer to a click, or a game message the bot edits
itself (a computer player's move, a deadline: nobody clicked)."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
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

Post = Callable[..., Awaitable[discord.Message]]
"""Posts a message where the game is played; raises ``discord.HTTPException`` on failure."""


class Surface(Protocol):
    async def edit(self, rendering: Awaitable[BoardMessage], view: discord.ui.View | None) -> None:
        """Shows a new board on the game message this update is about."""

    async def send(self, **message: Any) -> discord.Message | None:
        """Posts a new message where the game is played; ``None`` if that failed."""


class InteractionSurface:
    def __init__(self, interaction: discord.Interaction, post: Post) -> None:
        self.interaction = interaction
        self.post = post

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
        try:
            return await self.post(**message)
        except discord.Forbidden:
            await tell(self.interaction, CANNOT_POST)
            return None


class ChannelSurface:
    """Edits the game's message; if it was deleted, a fresh one carries the game on."""

    def __init__(
        self,
        post: Post,
        message: discord.PartialMessage | None,
        replaced: Callable[[int], Awaitable[None]],
    ) -> None:
        self.post = post
        self.message = message
        self.replaced = replaced

    async def edit(self, rendering: Awaitable[BoardMessage], view: discord.ui.View | None) -> None:
        board = await rendering
        if self.message is not None:
            try:
                await self.message.edit(embed=board.embed, attachments=[board.file()], view=view)
                return
            except discord.NotFound:
                log.info("game message %s is gone; posting a fresh one", self.message.id)
            except discord.HTTPException:
                log.warning("could not update game message %s", self.message.id)
                return
        fresh = await self.send(embed=board.embed, file=board.file(), view=view)
        if fresh is not None:
            self.message = fresh
            await self.replaced(fresh.id)

    async def send(self, **message: Any) -> discord.Message | None:
        try:
            return await self.post(**message)
        except discord.HTTPException:
            log.warning("could not post a game message", exc_info=True)
            return None


async def tell(interaction: discord.Interaction, message: str) -> None:
    """An ephemeral answer, whether or not the interaction was answered already."""
    if interaction.response.is_done():
        await interaction.followup.send(message, ephemeral=True)
    else:
        await interaction.response.send_message(message, ephemeral=True)
