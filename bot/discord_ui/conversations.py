"""Where an interaction comes from, as the bot can reach it: a server it is in, its own
direct message with someone (turn notices, ``/my``), or a **conversation**: a group DM, a
DM between users, or a server the bot is not in, where a command comes through the app
installed to someone's account. The bot is no member of a conversation: it reaches it
only through the interaction (its answer, and the token's webhook for 15 minutes).

Discord says which in the interaction's ``context`` (0 a server, 1 the bot's DM, 2 a
group DM or a DM between users) and ``authorizing_integration_owners`` (key "0", the
server's id, only where the server install covers the place; discord.py's
``is_guild_integration``). A press carries the installs of the interaction that made
its message, so it tells the same place its command did. (``is_user_integration`` says
only whether the presser is the installer: no word on the place.)"""

from __future__ import annotations

import asyncio
import logging
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

import discord

from bot.clock import Clock
from bot.discord_ui.lean_requests import ORIGINAL, edit_through
from bot.discord_ui.limits import EDIT_WITHIN, INVALID_TOKEN
from bot.service.conversation_records import ConversationRecords
from bot.storage import Game
from bot.storage.records import ConversationKind, ConversationToken

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Place:
    """Where an interaction was made."""

    guild_id: int
    """The server's id (one the bot may not be in), or 0 for a DM or group DM."""
    channel_id: int
    interaction_only: bool
    """A conversation: the bot reaches it only through the interaction."""
    direct: bool
    """The bot's own DM with the person (a turn notice's, ``/my``'s)."""

    @property
    def private(self) -> bool:
        """A DM between users or a group DM: a conversation with no server nor channel of
        one, which words naming "this server" or "this channel" would miscall."""
        return self.interaction_only and not self.guild_id


def place_of(interaction: discord.Interaction) -> Place:
    """The place ``interaction`` was made in. A group DM has no ``guild_id``, as the bot's
    own DM has none: only the context tells them apart."""
    assert interaction.channel_id is not None
    channel = interaction.channel_id
    if interaction.context.private_channel:
        return Place(0, channel, interaction_only=True, direct=False)
    if interaction.guild_id is None:
        return Place(0, channel, interaction_only=False, direct=True)
    foreign = not interaction.is_guild_integration()
    return Place(interaction.guild_id, channel, interaction_only=foreign, direct=False)


def among_recipients(interaction: discord.Interaction) -> bool:
    """Whether the person is one of the channel's members, where the interaction lists
    them (a group DM's ``recipients``; Discord sends its members, the bot being none of
    them): a press from outside it comes only from a hand-made client."""
    channel = interaction.channel
    if not isinstance(channel, discord.GroupChannel) or not channel.recipients:
        return True
    return any(member.id == interaction.user.id for member in channel.recipients)


UNKNOWN_MESSAGE = 10008
UNKNOWN_WEBHOOK = 10015
SCOPES_KEPT = 4096
"""Conversations whose scope this process remembers (a server's is asked of the database
once; a (group) DM's is recorded once)."""


class Conversations:
    """The scope of each conversation, and its games' one message there, which the bot
    edits only through the token of the last interaction that showed it (the command's
    answer, or a press on it answered by updating it), for 15 minutes after it came.

    Every show of a conversation game goes through ``edit``: a game's message is never
    posted anew or deleted there (the bot can't), and one whose token ran out shows
    nothing more until the next press keeps a fresh one."""

    def __init__(self, client: discord.Client, records: ConversationRecords, clock: Clock) -> None:
        self.client = client
        self.records = records
        self.clock = clock
        self.kept = asyncio.Event()
        """Set whenever a message follows a fresh token: whoever waits for the next token
        to run out (the lapse) looks again."""
        self._scopes: OrderedDict[int, int] = OrderedDict()
        """Each conversation's scope met here, by its server (or channel, for a DM)."""

    async def scope(self, interaction: discord.Interaction) -> int | None:
        """What the games of ``interaction``'s place are keyed by (``Game.guild_id``): the
        server's own id where the bot is in it, the conversation's scope otherwise (a
        (group) DM's channel, a server's minted at its first game), ``None`` in the bot's
        own DM. A conversation is recorded, with its name, the first time this process
        meets it."""
        place = place_of(interaction)
        if place.direct:
            return None
        if not place.interaction_only:
            return place.guild_id
        key = place.guild_id or place.channel_id
        known = self._scopes.get(key)
        if known is None:
            name = _name(interaction)
            if place.guild_id == 0:
                kind = (
                    ConversationKind.GROUP_DM
                    if isinstance(interaction.channel, discord.GroupChannel)
                    else ConversationKind.DM
                )
                known = await self.records.private_scope(place.channel_id, kind, name)
            else:
                known = await self.records.server_scope(
                    place.guild_id, place.channel_id, interaction.id, name
                )
            self._scopes[key] = known
            while len(self._scopes) > SCOPES_KEPT:
                self._scopes.popitem(last=False)
        self._scopes.move_to_end(key)
        return known

    async def keep(self, game: Game, message_id: int, interaction: discord.Interaction) -> None:
        """The game's message ``message_id`` was just shown through ``interaction`` (its
        command's public answer, or a press on it answered by updating it): it follows
        through that token from now on. Nothing is kept of a private answer, nor of one
        that shows no message (the board's launch)."""
        if not game.interaction_only:
            return
        given_at = self.clock.now()
        token = ConversationToken(game.id, message_id, interaction.token, given_at)
        if await self.records.keep_token(token):
            self.kept.set()

    async def edit(self, game: Game, **content: Any) -> bool:
        """Edits the game's message through its kept token, whether it showed: ``False``,
        with no request, where no token is kept, the message was left for the board
        (lapsed), or its token is too old for an edit to arrive in time
        (``EDIT_WITHIN``); ``False`` too where Discord says the token ran out (the
        message shows the game as far as the conversation allows), or the message is
        gone (it follows the game no more: ``/<game> board`` brings a new one).
        Discord's other refusals (30046, an edit of a message over an hour old, at a
        rate it doesn't publish) are raised, for the reconciler to try again later."""
        kept = await self.records.token_of(game.id)
        application = self.client.application_id
        # A message left saying the game goes on on the board keeps saying so until a
        # press there brings it back (its keep clears the mark): a show racing the lapse
        # (a turn timed out that minute) must not replace those words with a table whose
        # buttons would soon stop.
        if kept is None or kept.lapsed or application is None:
            return False
        if self.clock.now() - kept.given_at > EDIT_WITHIN:
            return False
        webhook = discord.Webhook.partial(application, kept.token, client=self.client)
        try:
            try:
                await edit_through(webhook, ORIGINAL, **content)
            except discord.NotFound as error:
                if error.code != UNKNOWN_MESSAGE:
                    raise
                # A command's answer posted after its private "thinking…" (deleted) is
                # the token's follow-up, not its original: edited by its id.
                _again(content)
                await edit_through(webhook, kept.message_id, **content)
        except discord.NotFound as error:
            if error.code not in (UNKNOWN_MESSAGE, UNKNOWN_WEBHOOK):
                raise
            log.info("game %s's message in its conversation is gone", game.id)
            await self.records.drop_token(game.id, kept.message_id)
            return False
        except discord.HTTPException as error:
            if error.status != 401 and error.code != INVALID_TOKEN:
                raise
            log.info("game %s's message stopped following it (%s)", game.id, error.code)
            return False
        return True


def _name(interaction: discord.Interaction) -> str:
    """What a conversation is called in notices: a group DM's name, or its members'; a
    server's channel."""
    channel = interaction.channel
    if isinstance(channel, discord.GroupChannel):
        if channel.name:
            return channel.name
        return ", ".join(member.display_name for member in channel.recipients)
    if isinstance(channel, discord.DMChannel) and channel.recipient is not None:
        return channel.recipient.display_name
    name = getattr(channel, "name", None)
    return f"#{name}" if name else str(interaction.channel_id)


def _again(content: dict[str, Any]) -> None:
    """The pictures of an edit Discord refused are read from their start again."""
    for file in [*content.get("files", ()), *content.get("attachments", ())]:
        if isinstance(file, discord.File):
            file.reset()
