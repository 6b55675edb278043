"""Answering an interaction within Discord's 3 seconds: in time or deferred, publicly
or to the presser alone, as a new message or by editing the pressed one. Each raises
when Discord refuses or fails, so that the caller knows the answer did not go out.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable
from dataclasses import replace
from typing import Any, TypeVar

import discord

from bot.discord_ui import limits
from bot.discord_ui.cards import Card, edited, sent

log = logging.getLogger(__name__)

DEFER_AFTER = 1.5
"""Seconds an interaction waits for its answer before it is acknowledged (deferred),
well inside Discord's 3."""
ANSWER_BY = "claimit answer by"
"""Where an interaction keeps its time to be acknowledged by (``Interaction.extras``)."""

Rendered = TypeVar("Rendered")


def answer_within(interaction: discord.Interaction) -> float:
    """Seconds left before the interaction must be acknowledged if its answer isn't ready,
    counted from when the bot first asked: one time for every step (waiting for the game,
    the change, the picture), so that together they stay inside Discord's 3 seconds."""
    now = asyncio.get_running_loop().time()
    answer_by: float = interaction.extras.setdefault(ANSWER_BY, now + DEFER_AFTER)
    return max(0.0, answer_by - now)


async def in_time(
    interaction: discord.Interaction, rendering: Awaitable[Rendered], **defer: Any
) -> Rendered:
    """What ``rendering`` gives; when it is not ready by the interaction's time
    (``answer_within``), the interaction is acknowledged first (deferred with
    ``defer``'s options, or as ``acknowledge`` does without)."""
    task = asyncio.ensure_future(rendering)
    if not interaction.response.is_done():
        done, _ = await asyncio.wait({task}, timeout=answer_within(interaction))
        if not done:
            try:
                if defer:
                    await interaction.response.defer(**defer)
                else:
                    await acknowledge(interaction)
            except discord.HTTPException:
                # Too late, or Discord failed: the person is told the interaction failed,
                # but what is under way (a change being saved) goes on all the same, and
                # its caller shows it where it can.
                log.info("interaction %s could not be acknowledged in time", interaction.id)
    return await task


async def tell(interaction: discord.Interaction, message: str) -> None:
    """An ephemeral answer, whether or not the interaction was answered already. Refusals
    fit by construction (what they quote is shortened); cutting here only keeps one that
    somehow doesn't from failing, so that the person is told at least that much."""
    message = limits.shortened(message, limits.CONTENT)
    if interaction.response.is_done():
        await interaction.followup.send(message, ephemeral=True)
    else:
        await interaction.response.send_message(message, ephemeral=True)


async def update_clicked(interaction: discord.Interaction, **content: Any) -> None:
    """Edits the message whose component was used, whether or not the click was
    acknowledged already."""
    if interaction.response.is_done():
        await interaction.edit_original_response(**content)
    else:
        await interaction.response.edit_message(**content)


async def announce(interaction: discord.Interaction, **content: Any) -> discord.Message:
    """A command's public answer. After a deferral (which is private, since the answer
    might have been a refusal) it goes to the channel, and the "thinking…" goes."""
    if not interaction.response.is_done():
        await interaction.response.send_message(**content)
        return await interaction.original_response()
    channel = interaction.channel
    assert isinstance(channel, discord.abc.Messageable)
    message = await channel.send(**content)
    await interaction.delete_original_response()
    return message


async def acknowledge(interaction: discord.Interaction) -> None:
    """Tells Discord the interaction is being handled, before its 3 seconds run out:
    a click keeps its message as it is for now; a command shows "thinking…" to the
    asker alone."""
    if interaction.response.is_done():
        return
    if interaction.type is discord.InteractionType.component:
        await interaction.response.defer()
    else:
        await interaction.response.defer(ephemeral=True, thinking=True)


async def reveal(interaction: discord.Interaction, rendering: Awaitable[Card]) -> int | None:
    """Answers with a new private message, seen by the presser alone; when its picture is
    slow to come, "thinking…" (itself private) holds the place within Discord's 3 seconds.
    Returns the message's id (the interaction's original response either way)."""
    shown = await in_time(interaction, rendering, ephemeral=True, thinking=True)
    content = {**sent(shown), "ephemeral": True}
    if interaction.response.is_done():
        return (await interaction.followup.send(**content, wait=True)).id
    return (await interaction.response.send_message(**content)).message_id


async def update_private(
    interaction: discord.Interaction, rendering: Awaitable[Card], note: str | None = None
) -> None:
    """Shows a private message's new state in place (the message whose button was pressed),
    with ``note`` above it."""
    shown = await in_time(interaction, rendering)
    await update_clicked(interaction, **edited(replace(shown, note=note)))
