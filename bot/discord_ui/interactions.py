"""Reading an interaction (who asks, in which language, where) and answering it when
its work is refused or fails."""

from __future__ import annotations

import asyncio
import functools
import inspect
import logging
from collections.abc import Awaitable

import discord

from bot.background.game_locks import Deferral
from bot.background.stopping import WorkInFlight
from bot.discord_ui.conversations import among_recipients, place_of
from bot.discord_ui.interaction_answers import (
    acknowledge,
    acknowledged_in_time,
    answer_within,
    pressed_gone,
    tell,
    unanswerable,
)
from bot.service import Actor, Player, ServiceError, Where
from bot.service.errors import NotHere
from bot.storage import CommitUnknown
from bot.storage.write_refusals import WritesRefused
from i18n import Language, Message, language

log = logging.getLogger(__name__)

SOMETHING_WENT_WRONG = Message(
    "Something went wrong on my side, so nothing changed. Please try again."
)
NOT_SAVED = Message(
    "I can't save anything right now (my database refuses writes), so nothing changed. "
    "Please try again later."
)
PRESSED_GONE = Message(
    "That message was gone before I could show your press on it: the newest messages "
    "show where things stand."
)
UNCONFIRMED = Message(
    "The database stopped answering just as I saved that, so I can't tell yet whether it "
    "counted. If it did, you'll see it as soon as the database is back."
)


async def guarded(interaction: discord.Interaction, work: Awaitable[None]) -> None:
    """Runs a command's or a press's work as work in flight: while the bot stops, new work
    is refused (``Stopping``), and work under way runs to its end before the bot closes.
    Whatever it raises is answered by ``failed``. Whatever it waits on, it is acknowledged
    within Discord's time (``acknowledged_in_time``)."""
    answer_within(interaction)  # the time to answer by counts from here
    in_time = asyncio.create_task(acknowledged_in_time(interaction))
    try:
        try:
            async with _in_flight(interaction).admitted():
                await work
        finally:
            if inspect.iscoroutine(work):
                work.close()  # refused before it began: it never runs
    except Exception as error:
        await failed(interaction, error)
    finally:
        in_time.cancel()


async def failed(interaction: discord.Interaction, error: Exception) -> None:
    """The one place a failed handler is answered: a refusal in its own words (ephemeral),
    anything unexpected with an apology and a traceback in the log. Work that committed a
    change handles its own failures (``LiveTable.change``), so whatever reaches here
    changed nothing, but for a commit whose outcome the database can't tell yet, which is
    said so. An interaction Discord takes no answer to (one that reached the bot too late)
    is one log line (``unanswerable``): nobody can be told anything through it; a press
    whose message is gone is one log line and plain words (``pressed_gone``)."""
    match error:
        case ServiceError():
            words = error.words
            if error.in_conversation is not None and place_of(interaction).private:
                words = error.in_conversation
        case WritesRefused():
            words = NOT_SAVED  # the storage logs why, once a minute at most
        case CommitUnknown():
            log.warning("interaction %s: its change may or may not be saved", interaction.id)
            words = UNCONFIRMED
        case _ if unanswerable(interaction, error):
            return  # too late for any answer: what the work did stands, and shows as it may
        case _ if pressed_gone(interaction, error):
            log.info("interaction %s: the message pressed is gone: %s", interaction.id, error)
            words = PRESSED_GONE
        case _:
            log.error("handling interaction %s failed", interaction.id, exc_info=error)
            words = SOMETHING_WENT_WRONG
    async with _in_flight(interaction).answering():
        await tell_if_possible(interaction, reader(interaction).say(words))


def _in_flight(interaction: discord.Interaction) -> WorkInFlight:
    """The bot's work in flight (``GameBot.work``), or none to wait for (a bare client's).
    Asked at every press: its attribute is looked at, where a runtime protocol's
    ``isinstance`` would walk the protocol's members each time."""
    work = getattr(interaction.client, "work", None)
    return work if isinstance(work, WorkInFlight) else WorkInFlight()


async def tell_if_possible(interaction: discord.Interaction, words: str) -> None:
    """Tells the person ``words`` (ephemeral) about what became of their interaction. That
    Discord refuses or fails it is one log line: the words were all there was left to do."""
    try:
        await tell(interaction, words)
    except discord.HTTPException as error:
        if not unanswerable(interaction, error):
            log.warning("could not answer interaction %s: %s", interaction.id, error)


def reader(interaction: discord.Interaction) -> Language:
    """The language of what one person alone sees: their own Discord language."""
    return language(str(interaction.locale))


def deferral(interaction: discord.Interaction | None) -> Deferral | None:
    """How waiting for a game acknowledges the interaction in time, if there is one."""
    if interaction is None:
        return None
    return Deferral(answer_within(interaction), functools.partial(acknowledge, interaction))


def player_of(interaction: discord.Interaction) -> Player:
    """Who asks, as a player seated in a game."""
    return Player(interaction.user.id, interaction.user.display_name)


def actor_of(interaction: discord.Interaction, kind: str, *, from_dm: bool = False) -> Actor:
    """Who acts, where, on a game of ``kind`` (what the command or the button's
    custom_id names): in a server's channel or thread, or, where the press allows it
    (``from_dm``: a turn notice's move), in their own direct messages with the bot.
    Anything else pressed in a DM (a custom_id copied there) is refused, as one pressed
    in another server is, and so is a press in a group DM by someone not in it. A group
    DM has no server either, but is no DM with the bot: its presses are never a turn
    notice's."""
    place = place_of(interaction)
    if not among_recipients(interaction):
        raise NotHere()
    if place.direct:
        if not from_dm:
            raise NotHere()
        return Actor(interaction.user.id, where=Where(0, place.channel_id, kind, direct=True))
    return Actor(
        interaction.user.id,
        can_moderate=interaction.permissions.manage_messages,
        where=Where(place.guild_id, place.channel_id, kind),
    )
