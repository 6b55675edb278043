"""What becomes of a game when the place it is in goes away under it, at once, as
Discord's gateway tells of it (the client hands its events here) rather than at the
game's next deadline or ``board``:

- its table (or open lobby) deleted, by a moderator: MESSAGE_DELETE, which the bot gets
  with the Guild Messages intent it asks for. The game is shown anew at the bottom, as it
  stands. (Missed while the bot was away, the next edit's 10008 posts it anew, as every
  show does.)
- its channel deleted (CHANNEL_DELETE), or the thread it was started in deleted or
  locked: it ends unrated, its clock stopped, and nothing asks the gone place again. Its
  players are told by DM, the one place the bot can still reach them: once each (a
  message owed, which a start posts where a stop cut it short), and a player who takes
  no DMs from the bot (50007) is not told at all.
- its own thread deleted (THREAD_DELETE) or locked (THREAD_UPDATE): nobody can press a
  button in a locked thread, a moderator neither (discord/discord-api-docs#7900), so
  whether or not the bot could still post there (Manage Threads), the game goes on in its
  channel, its table posted there with a line saying why, its ping following it. The
  table and ping of a locked thread are deleted there first where the bot may: while the
  thread is active, or with Manage Threads. A channel plays one game, so if it has a game
  of its own, the game ends instead, its lobby in the channel saying why.
- its thread archived (idle for a day, or by a moderator): Discord refuses every edit in
  an archived thread (50083) but lets a post unarchive it, and a bot without Manage
  Threads can't unarchive it otherwise. So the thread is left archived, the game's table
  there is forgotten, and the game's next change posts the table anew (unarchiving the
  thread), the old one going as a stray.

A channel deleted while the bot was away sends it no event: on start, every game whose
channel the server no longer has ends the same way (``sweep``), and a show that meets
Discord's 10003 (Unknown Channel) has its game looked at likewise (``place_unknown``, a game event).

Each game is handled while it is held, its changes and shows waiting, so what is read is
where its messages are. Discord refusing is one log line, and the game goes to the
reconciler, which tries again ever later.
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Awaitable, Callable
from dataclasses import replace
from datetime import datetime

import discord

from bot.discord_ui.context import Context
from bot.discord_ui.owed_messages import Owed, direct_words
from bot.discord_ui.part import Part
from bot.games import shared_words
from bot.games.escaping import escaped
from bot.games.faces import face_for
from bot.service import ServiceError
from bot.service.errors import ChannelBusy
from bot.storage import EndReason, Game, GameStatus
from bot.storage.shards import Shards
from i18n import Message

log = logging.getLogger(__name__)

THREAD_DELETED = Message("🧵 This game's thread was deleted, so it goes on here.")
THREAD_LOCKED = Message("🔒 This game's thread was locked, so it goes on here.")
TOLD_WITHIN = 24 * 3600.0
"""Seconds after such an end its players are still told of it at a start: a restart
comes within minutes, and a day later the news is stale."""


class PlacesGone(Part):
    """Discord's news of a game's place going away, acted on at once."""

    def __init__(self, context: Context) -> None:
        super().__init__(context)
        self.places = context.places
        self.work = context.work

    async def resumed(self, shards: Shards) -> None:
        await self.sweep(shards)
        # Those a stop kept from hearing that their game ended for its place.
        since = self.clock.now() - TOLD_WITHIN
        for game_id in await self.service.ended_since(shards, EndReason.PLACE_GONE, since):
            await self._tell_players(await self.service.game(game_id))

    async def sweep(self, shards: Shards) -> None:
        """Ends the games of these shards whose channel was deleted while the bot was
        away: a ready server's channels are all known, and one missing is asked of
        Discord (a thread a game was started in may just be archived, so not known)."""
        for game_id in await self.service.active_game_ids(shards):
            game = await self.service.game(game_id)
            guild = self.client.get_guild(game.guild_id)
            if guild is None or guild.unavailable:
                continue  # nothing known of it now; its shows find out
            if guild.get_channel_or_thread(game.channel_id) is None:
                await self._held(game.id, functools.partial(self._if_gone, game.id))

    async def place_unknown(self, game_id: int) -> None:
        """A show of the game met 10003: its place went while the bot wasn't told. Looked
        at apart from that show, which holds the game (the event comes in a task of its
        own)."""
        await self._held(game_id, functools.partial(self._if_gone, game_id))

    async def _if_gone(self, game_id: int) -> None:
        """Ends the game if Discord no longer knows its channel."""
        game = await self.service.game(game_id)
        if not game.status.is_open:
            return
        try:
            await self.client.fetch_channel(game.channel_id)
        except discord.NotFound:
            await self._end(game.id)

    async def on_raw_message_delete(self, event: discord.RawMessageDeleteEvent) -> None:
        """A message was deleted: a game's table (or open lobby) is shown anew; a lobby
        message that is no longer the game's table, or a ping, is forgotten. The bot's own
        deletes (a table moved down, a ping) are no news, and hold up no game."""
        message_id = event.message_id
        if self.work.stopping or self.places.deleted_by_bot(message_id):
            return
        for game_id in await self.service.messages.games_showing(event.channel_id, message_id):
            await self._held(game_id, functools.partial(self._message_gone, game_id, message_id))

    async def on_guild_channel_delete(self, channel: discord.abc.GuildChannel) -> None:
        """A channel was deleted with its threads: its games end, and those started from it
        into threads of their own."""
        if self.work.stopping:
            return
        for game in await self.service.games_here(channel.id):
            await self._held(game.id, functools.partial(self._end, game.id))

    async def on_raw_thread_delete(self, event: discord.RawThreadDeleteEvent) -> None:
        """A thread was deleted: its games go on in their channel (a game started inside
        it had it for its channel, and ends)."""
        thread_id = event.thread_id
        if self.work.stopping:
            return
        for game in await self.service.games_here(thread_id):
            if game.channel_id == thread_id:
                await self._held(game.id, functools.partial(self._end, game.id))
            elif self.client.get_channel(game.channel_id) is not None:
                move = functools.partial(self._leave_thread, game.id, thread_id, THREAD_DELETED)
                await self._held(game.id, move)
            # Otherwise its channel went with it, and that channel's deletion ends it.

    async def on_raw_thread_update(self, event: discord.RawThreadUpdateEvent) -> None:
        """A thread was archived or locked (or changed otherwise, which matters not)."""
        metadata = event.data.get("thread_metadata", {})
        archived = bool(metadata.get("archived"))
        locked = bool(metadata.get("locked"))
        if self.work.stopping or not (archived or locked):
            return
        for game in await self.service.games_here(event.thread_id):
            work: Callable[[], Awaitable[object]]
            if locked and game.channel_id == event.thread_id:
                work = functools.partial(self._end, game.id)
            elif locked:
                clear = not archived or self._manages_threads(event.guild_id, event.parent_id)
                work = functools.partial(
                    self._leave_thread, game.id, event.thread_id, THREAD_LOCKED, clear=clear
                )
            else:
                since = metadata.get("archive_timestamp")
                archived_at = None if since is None else datetime.fromisoformat(since)
                work = functools.partial(self._archived, game.id, event.thread_id, archived_at)
            await self._held(game.id, work)

    async def _held(self, game_id: int, work: Callable[[], Awaitable[object]]) -> None:
        """Does one game's part while holding it; one game's failure stops no other's."""
        try:
            async with self.games.held(game_id, admitted=True):
                await work()
        except ServiceError:
            pass  # it ended meanwhile, or the bot is stopping
        except discord.HTTPException as error:
            log.info("game %s could not be shown where it now is: %s", game_id, error)
            self.games.later(game_id)
        except Exception:
            log.exception("game %s could not follow its place", game_id)
            self.games.later(game_id)

    async def _message_gone(self, game_id: int, message_id: int) -> None:
        game = await self.service.messages.forget_message(game_id, message_id, show_afresh=True)
        if game is not None and not game.shown:
            log.info("game %s's message %s was deleted; showing the game anew", game_id, message_id)
            await self.games.show_afresh(game)

    async def _archived(self, game_id: int, thread_id: int, at: datetime | None) -> None:
        game = await self.service.game(game_id)
        if game.place_id != thread_id or game.turn_message_id is None:
            return
        if at is not None and discord.utils.snowflake_time(game.turn_message_id) > at:
            # Word of the archiving came after a table posted since, which unarchived the
            # thread: that table stands.
            return
        forgot = await self.service.messages.forget_message(
            game.id, game.turn_message_id, show_afresh=False
        )
        if forgot is not None and not forgot.shown:
            # A change waits to be shown (its show may have met the archived thread just
            # now): posted now, it unarchives the thread.
            await self.games.show_afresh(forgot)

    async def _leave_thread(
        self, game_id: int, thread_id: int, why: Message, *, clear: bool = False
    ) -> None:
        """The game goes on in its channel, its table there saying ``why``; ``clear``: its
        table and ping in the thread are deleted (a locked thread stays in view, its
        buttons dead)."""
        game = await self.service.game(game_id)
        if game.thread_id != thread_id or not game.status.is_open:
            return
        if clear:
            for message_id in (game.turn_message_id, game.ping_message_id):
                if message_id is not None:
                    await self._delete(game, message_id)
        try:
            moved = await self.service.messages.leave_thread(game.id)
        except ChannelBusy:
            ended = await self._end(game.id)
            await self.context.lobbies.show(replace(ended, thread_id=None))
            return
        log.info("game %s leaves its thread %s for its channel", game.id, thread_id)
        if moved.status is GameStatus.LOBBY:
            await self.games.show_afresh(moved)
            return
        lang = await self.languages.of_game(moved)
        # The lobby message no longer sends anyone to the thread.
        recorded = await self.context.lobbies.show(moved)
        await self.games.show_afresh(moved, lang.say(why), recorded)

    async def _end(self, game_id: int) -> Game:
        game = await self.service.close_place_gone(game_id)
        log.info("game %s ended: its place is gone", game.id)
        self.games.end(game)
        await self._tell_players(game)
        return game

    async def _tell_players(self, game: Game) -> None:
        """Tells each of the game's people by DM, once each (a message owed, recorded
        sent as it goes); one who takes none from the bot is not told, and not asked
        again."""
        lang = await self.languages.of_game(game)
        guild = self.client.get_guild(game.guild_id)
        words = lang._(
            "{game} on {server} ended: the thread or channel it was played in was deleted "
            "or locked, and it had nowhere else to go. It counts for nobody.",
            game=shared_words.game_name(face_for(game.kind).title, game),
            server=escaped(guild.name if guild is not None else str(game.guild_id)),
        )
        for seat in game.seats:
            if seat.user_id is not None:
                await self.context.owed.post(self._told(game, seat.user_id, words))

    def _told(self, game: Game, user: int, words: str) -> Owed:
        """That the game ended for its place, to ``user``."""

        async def refused(error: discord.HTTPException) -> None:
            log.info("could not tell %s that game %s ended: %s", user, game.id, error)

        key = f"place-gone:{game.id}:{user}"
        return direct_words(self.client, key, game.guild_id, user, words, refused)

    async def _delete(self, game: Game, message_id: int) -> None:
        """Deletes one of the game's messages where it is played; refused, it stays."""
        try:
            await self.places.delete(game, message_id)
        except discord.HTTPException as error:
            log.info("game %s's message %s stays: %s", game.id, message_id, error)

    def _manages_threads(self, guild_id: int, parent_id: int) -> bool:
        """Whether the bot has Manage Threads in the thread's channel, and so may still
        delete its messages in a locked thread that is archived too."""
        guild = self.client.get_guild(guild_id)
        parent = None if guild is None else guild.get_channel(parent_id)
        if guild is None or parent is None:
            return False
        return parent.permissions_for(guild.me).manage_threads
