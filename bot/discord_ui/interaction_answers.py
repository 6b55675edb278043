"""Answering an interaction within Discord's 3 seconds: in time or deferred, publicly
or to the presser alone, as a new message or by editing the pressed one. Each raises
when Discord refuses or fails, so that the caller knows the answer did not go out.

Every command and press is acknowledged of its own accord when its work hasn't answered
within ``DEFER_AFTER`` and ``LAST_RESORT`` (``acknowledged_in_time``, started for each by
``interactions.guarded``), whatever it waits on: a busy game, the database, a picture.
Its first response goes out once (``_first``): the work's own answer, made meanwhile,
then goes where a deferral sends it (the pressed message edited, a private answer in
place of "thinking…" or as a follow-up). A response that can only be the first (an
Activity's launch) says so (``answers_itself``) and is never deferred.

An interaction can reach the bot too late to be answered at all: a click made while the
bot's gateway connection was down is replayed when the session resumes, maybe long
after its 3 seconds, and Discord refuses every answer to it (10062). What it did stands
all the same, so what everyone may see goes out without the interaction (the pressed
message edited, a command's message posted in the channel), and there is nothing to
acknowledge; only an answer for the presser alone (ephemeral) can't, and raises.
Discord's refusal is one log line (``unanswerable``), not a failure of the bot's.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable
from dataclasses import replace
from typing import Any, TypeVar

import discord

from bot.discord_ui import limits
from bot.discord_ui.card_layout import Card, edited, sent
from bot.discord_ui.conversations import UNKNOWN_MESSAGE, UNKNOWN_WEBHOOK, place_of
from bot.discord_ui.lean_requests import (
    ORIGINAL,
    Made,
    defer,
    edit_message,
    edit_through,
    follow_up,
    post,
    reply,
    reply_made,
    update,
)
from bot.games.limits import shortened
from bot.metrics.figures import deferring
from bot.service.errors import NotOnThisMessage

log = logging.getLogger(__name__)

DEFER_AFTER = 1.5
"""Seconds an interaction waits for its answer before it is acknowledged (deferred),
well inside Discord's 3."""
LAST_RESORT = 0.5
"""Seconds past ``DEFER_AFTER`` that an interaction is acknowledged of its own accord
(``acknowledged_in_time``) if its work did not acknowledge it as it waited (``in_time``,
a busy game's ``Deferral``): these know the answer coming (a private one shows
"thinking…", a press's update keeps its message), and act first; the net, not knowing,
keeps the pressed message as it is."""
ANSWER_BY = "claimit answer by"
"""Where an interaction keeps its time to be acknowledged by (``Interaction.extras``)."""

UNKNOWN_INTERACTION = 10062
"""Discord's refusal of a first response that comes after the interaction's 3 seconds."""
ALREADY_ACKNOWLEDGED = 40060
"""Discord's refusal of a first response to an interaction answered already (by an
earlier try of the same request whose answer was lost, or by another process)."""
INVALID_WEBHOOK_TOKEN = 50027
"""Discord's refusal of a follow-up or edit after the interaction's 15-minute token."""
REFUSALS = frozenset({UNKNOWN_INTERACTION, ALREADY_ACKNOWLEDGED, INVALID_WEBHOOK_TOKEN})
"""What Discord answers when an interaction takes no (further) answer from the bot."""
REFUSED = "claimit refused"
"""Marks an interaction whose answer Discord refused (``Interaction.extras``), which was
logged once."""
FIRST = "claimit first response"
"""Where an interaction keeps the lock its first response is made under
(``Interaction.extras``)."""
ITSELF = "claimit answers itself"
"""Marks an interaction whose first response can't wait for a deferral (``answers_itself``)."""

Rendered = TypeVar("Rendered")


def unanswerable(interaction: discord.Interaction, error: BaseException) -> bool:
    """Whether ``error`` is Discord refusing an answer to the interaction because it takes
    none (any more): ``REFUSALS``. Expected, not a failure of the bot's: the first such
    refusal of an interaction is logged, as one line; those after it are not."""
    if not isinstance(error, discord.HTTPException) or error.code not in REFUSALS:
        return False
    if not interaction.extras.get(REFUSED):
        interaction.extras[REFUSED] = True
        log.info("Discord takes no answer to interaction %s: %s", interaction.id, error)
    return True


def pressed_gone(interaction: discord.Interaction, error: BaseException) -> bool:
    """Whether ``error`` is Discord saying the message a press was on is gone (deleted
    as the press was answered: a take-back request as the game moved on, a table moved
    to the bottom, a private message dismissed): the press is told so in plain words,
    not failed."""
    return (
        interaction.type is not discord.InteractionType.application_command
        and interaction.message is not None
        and isinstance(error, discord.NotFound)
        and error.code in (UNKNOWN_MESSAGE, UNKNOWN_WEBHOOK)
    )


def _first(interaction: discord.Interaction) -> asyncio.Lock:
    """The lock every first response of the interaction is made under: a deferral made
    in time never crosses the work's own answer (Discord would refuse the second, 40060)."""
    lock: asyncio.Lock = interaction.extras.setdefault(FIRST, asyncio.Lock())
    return lock


def answers_itself(interaction: discord.Interaction) -> None:
    """The interaction's first response can't follow a deferral (an Activity's launch):
    it is never acknowledged of its own accord, so its work must answer in time."""
    interaction.extras[ITSELF] = True


async def acknowledged_in_time(interaction: discord.Interaction) -> None:
    """Acknowledges the interaction once its time to answer by (``answer_within``) and
    ``LAST_RESORT`` are up, unless it was answered, or answers itself: cancelled once its
    work is done."""
    await asyncio.sleep(answer_within(interaction) + LAST_RESORT)
    if interaction.extras.get(ITSELF):
        return
    try:
        await acknowledge(interaction)
    except discord.HTTPException as error:
        log.info("interaction %s could not be acknowledged in time: %s", interaction.id, error)


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
                    await defer_now(interaction, **defer)
                else:
                    await acknowledge(interaction)
            except discord.HTTPException as error:
                # Too late, or Discord failed: the person is told the interaction failed,
                # but what is under way (a change being saved) goes on all the same, and
                # its caller shows it where it can.
                if not unanswerable(interaction, error):
                    log.info("interaction %s could not be acknowledged in time", interaction.id)
    return await task


async def tell(interaction: discord.Interaction, message: str) -> None:
    """An ephemeral answer, whether or not the interaction was answered already. Refusals
    fit by construction (what they quote is shortened); cutting here only keeps one that
    somehow doesn't from failing, so that the person is told at least that much."""
    message = shortened(message, limits.CONTENT)
    async with _first(interaction):
        if not interaction.response.is_done():
            await reply(interaction, content=message, ephemeral=True)
            return
    await follow_up(interaction.followup, content=message, ephemeral=True)


class PrivateAnswer:
    """A message for the asker alone that answered their interaction, to be edited as
    what it says comes (a replay prepared, a report judged)."""

    def __init__(self, interaction: discord.Interaction, message_id: int = ORIGINAL) -> None:
        self._interaction = interaction
        self._message_id = message_id
        """The follow-up it is, or ``ORIGINAL``: the interaction's own response."""

    async def edit(self, card: Card) -> None:
        """The answer becomes ``card``."""
        await edit_through(self._interaction.followup, self._message_id, **edited(card))


async def answer_privately(interaction: discord.Interaction, answer: Card | str) -> PrivateAnswer:
    """A new message for the asker alone (a card, or plain words): the interaction's first
    response; after a deferral, in place of its "thinking…", or (after a press's deferred
    update, which leaves the pressed message as it is) a follow-up."""
    content = sent(answer) if isinstance(answer, Card) else {"content": answer}
    async with _first(interaction):
        if not interaction.response.is_done():
            await reply(interaction, **content, ephemeral=True)
            return PrivateAnswer(interaction)
    thinking = interaction.response.type is discord.InteractionResponseType.deferred_channel_message
    if thinking:
        await edit_through(
            interaction.followup,
            ORIGINAL,
            **(edited(answer) if isinstance(answer, Card) else {"content": answer}),
        )
        return PrivateAnswer(interaction)
    followed = await follow_up(interaction.followup, **content, ephemeral=True)
    return PrivateAnswer(interaction, followed.id)


async def update_clicked(interaction: discord.Interaction, **content: Any) -> None:
    """Edits the message whose component was used, whether or not the click was
    acknowledged already. A public message whose click Discord takes no answer to (it
    came too late) is edited all the same, as the bot edits any of its messages; an
    ephemeral one can only be edited through an interaction, so that raises, as does
    one in a conversation (``bot.discord_ui.conversations``)."""
    try:
        async with _first(interaction):
            first = not interaction.response.is_done()
            if first:
                await update(interaction, **content)
        if not first:
            await edit_through(interaction.followup, ORIGINAL, **content)
    except discord.HTTPException as error:
        pressed = interaction.message
        if pressed is None or pressed.flags.ephemeral or not unanswerable(interaction, error):
            raise
        if place_of(interaction).interaction_only:
            # The bot edits nothing there but through a token: the table catches up
            # through the one its message follows.
            raise
        await edit_message(interaction.client, pressed.channel.id, pressed.id, **_again(content))


async def announce(interaction: discord.Interaction, **content: Any) -> Made:
    """A command's public answer; the message it made. After a deferral (which is
    private, since the answer might have been a refusal) it goes to the channel, and the
    "thinking…" goes; so it does when Discord takes no answer to the command any more (it
    came too late). In a conversation it is a public follow-up instead (``_follow_up``)."""
    async with _first(interaction):
        if not interaction.response.is_done():
            try:
                return await reply_made(interaction, **content)
            except discord.HTTPException as error:
                # Posted anew only when nothing went out: after 40060 an earlier try of
                # this very answer may have.
                if not unanswerable(interaction, error) or error.code != UNKNOWN_INTERACTION:
                    raise
                content = _again(content)
    if place_of(interaction).interaction_only:
        return await _follow_up(interaction, content)
    assert interaction.channel_id is not None
    made = Made((await post(interaction.client, interaction.channel_id, **content)).id, False)
    if interaction.response.is_done():
        await interaction.delete_original_response()
    return made


async def _follow_up(interaction: discord.Interaction, content: dict[str, Any]) -> Made:
    """A command's public answer in a conversation, after its private "thinking…": the bot
    may not post there, so it is a follow-up (one of the five Discord allows an app
    installed to a user's account), sent once the "thinking…" is gone, as the first
    follow-up after a deferral would only replace it, private as it is."""
    if interaction.response.is_done():
        await interaction.delete_original_response()
    return await follow_up(interaction.followup, **content)


async def acknowledge(interaction: discord.Interaction) -> None:
    """Tells Discord the interaction is being handled, before its 3 seconds run out:
    a click keeps its message as it is for now; a command shows "thinking…" to the
    asker alone. One that Discord takes no answer to any more (it came too late) is
    handled all the same: there is nothing to tell Discord."""
    async with _first(interaction):
        if interaction.response.is_done():
            return
        try:
            if interaction.type is discord.InteractionType.component:
                await _deferred(interaction)
            else:
                await _deferred(interaction, ephemeral=True, thinking=True)
        except discord.HTTPException as error:
            if not unanswerable(interaction, error):
                raise


async def defer_now(interaction: discord.Interaction, **options: Any) -> None:
    """Defers the interaction (discord.py's ``defer`` with ``options``), unless it was
    answered already (acknowledged in time, ``acknowledged_in_time``)."""
    async with _first(interaction):
        if not interaction.response.is_done():
            await _deferred(interaction, **options)


async def _deferred(interaction: discord.Interaction, **options: Any) -> None:
    """Defers the interaction (under its ``_first`` lock), counted as its answer's kind in
    the operator's figures."""
    deferring(interaction.id)
    await defer(interaction, **options)


async def reveal(interaction: discord.Interaction, rendering: Awaitable[Card]) -> int:
    """Answers with a new private message, seen by the presser alone; when its picture is
    slow to come, "thinking…" (itself private) holds the place within Discord's 3 seconds.
    Returns the message's id (the interaction's original response either way)."""
    shown = await in_time(interaction, rendering, ephemeral=True, thinking=True)
    content = {**sent(shown), "ephemeral": True}
    async with _first(interaction):
        if not interaction.response.is_done():
            return (await reply_made(interaction, **content)).id
    return (await follow_up(interaction.followup, **content)).id


def require_private(interaction: discord.Interaction) -> None:
    """Refuses a press that would turn the message pressed (a leaderboard's page, a
    replay's step) unless that message is the presser's alone: its controls are never on
    one everybody sees, and a custom_id copied onto a game's table would turn the table
    into a leaderboard for everyone."""
    pressed = interaction.message
    if pressed is None or not pressed.flags.ephemeral:
        raise NotOnThisMessage()


async def update_private(
    interaction: discord.Interaction, rendering: Awaitable[Card], note: str | None = None
) -> None:
    """Shows a private message's new state in place (the message whose button was pressed),
    with ``note`` above it."""
    shown = await in_time(interaction, rendering)
    await update_clicked(interaction, **edited(replace(shown, note=note)))


def _again(content: dict[str, Any]) -> dict[str, Any]:
    """An answer's arguments for a second request after Discord refused the first: its
    pictures, which that one read to their end, are read from their start again."""
    for file in [*content.get("files", ()), *content.get("attachments", ())]:
        if isinstance(file, discord.File):
            file.reset()
    return content
