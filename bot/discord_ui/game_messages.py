"""Where a game's messages are: its lobby in the channel, its turns in its thread (if it
has one) or the channel. A deleted or locked thread sends the game back to its channel (at
once by ``places_gone``, or here when its table is next posted, if the bot missed that)."""

from __future__ import annotations

import functools
import logging
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

import discord

from bot.discord_ui.card_layout import stripped
from bot.discord_ui.channel_tails import ChannelTails
from bot.discord_ui.components import custom_ids
from bot.discord_ui.lean_requests import Posted, edit_message, post
from bot.discord_ui.nonces import nonce, rewind, send_once
from bot.service import GameService
from bot.storage import Game

log = logging.getLogger(__name__)


def message_link(guild_id: int, channel_id: int, message_id: int) -> str:
    """The link that opens a message in Discord (a jump to it)."""
    return f"https://discord.com/channels/{guild_id}/{channel_id}/{message_id}"


LOOK_BACK = 50
"""How many of a channel's newest messages are searched for a lobby, table, ping or turn
notice whose id was never recorded (it is looked for at once, so it is among the newest)."""


Recorded = dict[str, int | None]
"""Where a change's messages went (``lobby_message_id``, ``turn_message_id``; ``thread_id``
when the game left its thread), to record."""
OWN_DELETES_KEPT = 1024
"""The bot's own deletes remembered: Discord tells of each a moment later, like anyone's."""
ARCHIVED_THREAD = 50083
"""Discord's refusal of an edit in an archived thread, and of a post into one that is
locked too, which only Manage Threads unarchives."""
UNKNOWN_CHANNEL = 10003
"""Discord's refusal of any request about a channel that is gone (a thread too)."""
DMS_CLOSED = 50007
"""Discord's "Cannot send messages to this user": their DMs are closed to the bot."""
LOCKED_THREAD = 160005
"""Discord's refusal of a post or an edit in a locked thread, without Manage Threads."""


class InConversation(Exception):
    """A post, delete or read of a channel asked for a game in a conversation, where the
    bot is no member and reaches its one message only through a token
    (``Conversations``): no caller does, so this is a guard, logged as a refusal."""

    def __init__(self, game: Game) -> None:
        super().__init__(f"game {game.id} is in a conversation: nothing is posted there")


def not_in_conversation(game: Game) -> None:
    """Raises ``InConversation`` for a conversation's game."""
    if game.interaction_only:
        raise InConversation(game)


class GameMessages:
    """Where a game's messages go (its channel or its thread), and what a show there records of
    them."""

    def __init__(self, client: discord.Client, service: GameService) -> None:
        self.client = client
        self.service = service
        self.tails = ChannelTails(client)
        """What each channel's newest messages are; the bot's own posts and deletes are
        counted at once, before Discord's events about them arrive."""
        self._deleted: OrderedDict[int, None] = OrderedDict()
        """The messages the bot deleted itself, the newest last."""

    async def post(self, game: Game, **message: Any) -> Posted:
        """A new message in the game's place, which becomes the channel's newest."""
        not_in_conversation(game)
        posted = await send_once(functools.partial(post, self.client, game.place_id), **message)
        self.posted(posted.channel_id, posted.id)
        return posted

    def posted(self, channel_id: int, message_id: int) -> None:
        """The bot posted the message (its channel's newest now)."""
        self.tails.seen(channel_id, message_id)

    async def post_table(self, game: Game, **message: Any) -> Posted:
        """The game's table posted anew in its place; if its thread is gone or locked (the
        bot missed the news, or it came just now), in its channel instead, where the game
        plays from now on and its other messages follow the table."""
        not_in_conversation(game)
        if game.thread_id is not None:
            lost = await self._thread_lost(game.guild_id, game.thread_id)
            if lost is None:
                try:
                    return await self.post(game, **message)
                except discord.NotFound as error:
                    if error.code != UNKNOWN_CHANNEL:
                        raise
                    lost = "gone"
                except discord.Forbidden as error:
                    if error.code not in (ARCHIVED_THREAD, LOCKED_THREAD):
                        raise
                    lost = "locked"
            log.info("the thread of game %s is %s; back to its channel", game.id, lost)
            await self.service.messages.set_thread(game.id, None)
            rewind(message)
        return await self.post(replace(game, thread_id=None), **message)

    async def _thread_lost(self, guild_id: int, thread_id: int) -> str | None:
        """Why a game's thread can take its messages no more ("gone", "locked"), or
        ``None``. Nobody can press a button in a locked thread, a moderator neither, so
        the bot posts nothing there even where it still may (Manage Threads). discord.py
        knows only active threads: an archived one (or one the bot never heard of) is
        asked of Discord, before a post that would unarchive it."""
        guild = self.client.get_guild(guild_id)
        thread: object = None if guild is None else guild.get_thread(thread_id)
        if thread is None:
            try:
                thread = await self.client.fetch_channel(thread_id)
            except discord.NotFound:
                return "gone"
        return "locked" if isinstance(thread, discord.Thread) and thread.locked else None

    async def post_lobby(self, game: Game, **content: Any) -> Posted:
        """A fresh lobby message in the game's channel (its old one is lost)."""
        not_in_conversation(game)
        posting = functools.partial(post, self.client, game.channel_id)
        return await send_once(posting, **content, nonce=nonce("l", game))

    async def delete_thread(self, game: Game) -> bool:
        """Deletes the game's thread where the bot may (Manage Threads in its channel), so
        that a lobby closed before its start leaves no empty thread behind; whether it is
        gone. Without that permission Discord refuses deleting and archiving it alike, and
        the thread archives itself after a day."""
        assert game.thread_id is not None
        guild = self.client.get_guild(game.guild_id)
        channel = None if guild is None else guild.get_channel(game.channel_id)
        if guild is None or channel is None or not channel.permissions_for(guild.me).manage_threads:
            return False
        try:
            thread = guild.get_thread(game.thread_id) or await guild.fetch_channel(game.thread_id)
            await thread.delete()
        except discord.NotFound:
            return True
        except discord.HTTPException as error:
            log.info("game %s's thread stays: %s", game.id, error)
            return False
        return True

    async def edit_lobby(self, game: Game, **content: Any) -> bool:
        """Edits the lobby message; ``False`` if there is none (any more)."""
        if game.lobby_message_id is None:
            return False
        try:
            await edit_message(self.client, game.channel_id, game.lobby_message_id, **content)
        except discord.NotFound:
            log.info("game %s's lobby message is gone", game.id)
            return False
        return True

    async def unrecorded_lobbies(self, game: Game) -> list[discord.Message]:
        """The bot's recent messages in the game's channel with this game's lobby buttons,
        newest first: a lobby posted whose id never made it into the database."""
        not_in_conversation(game)
        lobby = f"{game.kind}:lobby:{game.id}:"
        return await self._recent(game.channel_id, lambda custom_id: custom_id.startswith(lobby))

    async def stray_tables(self, game: Game) -> list[discord.Message]:
        """The bot's recent messages where the game is played with its table's controls,
        other than its table and its ping: one posted (to move the table down) just before
        a stop, whose id never made it into the database, or one left in a thread that
        archived, which the bot could no longer edit and so forgot."""
        not_in_conversation(game)
        turns = (f"{game.kind}:turn:{game.id}:", f"{game.kind}:pick:{game.id}:")
        # A game with secrets has My hand on its table, and maybe nothing else.
        hand = f"{game.kind}:mine:{game.id}"
        found = await self._recent(
            game.place_id, lambda custom_id: custom_id.startswith(turns) or custom_id == hand
        )
        if not found:
            return []
        # Its ping has My hand too; a ping is recorded as soon as it is out.
        ping = (await self.service.game(game.id)).ping_message_id
        return [message for message in found if message.id not in (game.turn_message_id, ping)]

    async def _recent(self, where: int, ours: Callable[[str], bool]) -> list[discord.Message]:
        """The bot's messages among ``where``'s newest with a component whose custom_id is
        ``ours``, newest first."""
        return await self.recent_posts(where, lambda m: any(ours(c) for c in custom_ids(m)))

    async def recent_posts(
        self, where: int, ours: Callable[[discord.Message], bool]
    ) -> list[discord.Message]:
        """The bot's messages among the newest in ``where`` (a channel, a thread or a
        direct message) that are ``ours``, newest first: one Discord made whose id the bot
        never recorded is among them, as it is looked for once the bot can."""
        me = self.client.user
        if me is None:
            return []
        channel = self.client.get_partial_messageable(where)
        found = []
        try:
            async for message in channel.history(limit=LOOK_BACK):
                if message.author.id == me.id and ours(message):
                    found.append(message)
        except discord.Forbidden:
            # Without Read Message History nothing more is found.
            log.info("can't read channel %s's history to look for lost messages", where)
        return found

    async def delete(self, game: Game, message_id: int) -> None:
        """Deletes one of the game's messages where it is played (one gone already, or one
        the bot may no longer delete, is left to be)."""
        not_in_conversation(game)
        partial = self.client.get_partial_messageable(game.place_id).get_partial_message(message_id)
        self.tails.gone(game.place_id, message_id)
        self._deleted[message_id] = None
        if len(self._deleted) > OWN_DELETES_KEPT:
            self._deleted.popitem(last=False)
        try:
            await partial.delete()
        except discord.NotFound:
            log.info("game %s's message %s was gone already", game.id, message_id)
        except discord.Forbidden:
            log.info("game %s's message %s can't be deleted; its buttons go", game.id, message_id)
            try:
                await self._strip(message_id, game.place_id)
            except discord.HTTPException as error:
                # Nor edited: a thread closed and locked, where nobody can press them.
                log.info("game %s's message %s stays as it is: %s", game.id, message_id, error)

    def deleted_by_bot(self, message_id: int) -> bool:
        """Whether the bot deleted the message itself (not a moderator, say)."""
        return message_id in self._deleted

    async def strip_buttons(self, game: Game) -> None:
        """Takes the buttons off the game's lobby and turn messages (a message that is
        gone has none)."""
        not_in_conversation(game)
        if game.lobby_message_id is not None:
            await self._strip(game.lobby_message_id, game.channel_id)
        await self.strip_turn(game)

    async def strip_turn(self, game: Game) -> None:
        """Takes the buttons off the game's turn message."""
        not_in_conversation(game)
        if game.turn_message_id is not None:
            await self._strip(game.turn_message_id, game.place_id, game.channel_id)

    async def _strip(self, message_id: int, *places: int) -> None:
        """Takes the controls off a message in the first of ``places`` that has it; it is
        read first, as a V2 message is edited whole."""
        for place in dict.fromkeys(places):
            partial = self.client.get_partial_messageable(place).get_partial_message(message_id)
            try:
                message = await partial.fetch()
                await edit_message(self.client, place, message_id, **stripped(message))
                return
            except discord.NotFound:
                continue


@dataclass(frozen=True)
class Answered:
    """What a change's show returns when it answered only whoever asked (``recorded``:
    where its messages now are): the rest of the server is shown the change out of the
    game's hold, by the follower."""

    recorded: Recorded = field(default_factory=dict)


NOTHING_NEWER = -1
"""A version below every game's: recording where its messages are, it marks nothing shown."""


class FollowUpsBehind(Exception):
    """The table shows a change, but its ping could not go out (or go): Discord refused
    (``cause``); ``recorded``: where the table now is."""

    def __init__(self, recorded: Recorded, cause: discord.HTTPException) -> None:
        super().__init__(f"the ping could not be brought up to date: {cause}")
        self.recorded = recorded
        self.cause = cause


def placed(game: Game, recorded: Recorded) -> Game:
    """The game with its messages (and thread) where ``recorded`` says they now are."""
    lobby = recorded.get("lobby_message_id", game.lobby_message_id)
    turn = recorded.get("turn_message_id", game.turn_message_id)
    thread = recorded.get("thread_id", game.thread_id)
    if (lobby, turn, thread) == (game.lobby_message_id, game.turn_message_id, game.thread_id):
        # Most shows leave them where they were: no copy of every field of the game.
        return game
    return replace(game, lobby_message_id=lobby, turn_message_id=turn, thread_id=thread)
