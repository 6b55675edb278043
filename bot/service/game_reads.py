"""What the service reads of games, for whoever asks: a game, the games of a channel or a
member (``GameService`` changes them; the deadline watch reads ``deadline_reads``)."""

from __future__ import annotations

from collections.abc import Callable

from bot.service.errors import NoSuchBegunGame, NothingToLog, NotInGame
from bot.service.game_checks import playing
from bot.service.game_loading import Actor, GameNumbers, load_for, load_game
from bot.storage import game_queries, message_queries, past_game_queries
from bot.storage.connection import Connection
from bot.storage.database import Database
from bot.storage.past_game_queries import begun_game_id, last_ended_here
from bot.storage.records import EndReason, Game, Seat
from bot.storage.shards import EVERY, Shards

LOGGED = GameNumbers(begun_game_id, last_ended_here, NothingToLog, NoSuchBegunGame)
"""A log is of any game that began."""


class GameReads:
    """What the service reads of games without changing them: a game, a channel's, a
    member's."""

    def __init__(self, database: Database, clock: Callable[[], float]) -> None:
        self._db = database
        self._clock = clock

    @property
    def database(self) -> Database:
        """The database the service reads and changes games in."""
        return self._db

    @property
    def clock(self) -> Callable[[], float]:
        """The time now, as the service tells it."""
        return self._clock

    async def game(self, game_id: int) -> Game:
        """The game as stored now, refused (``GameNotFound``) when there is none."""
        return await self._db.read(lambda connection: load_game(connection, game_id))

    async def game_for(self, game_id: int, actor: Actor) -> Game:
        """The game as ``actor`` may ask about it where they ask: refused, in the same
        words whatever the id names, to whoever may not see it there (``load_game``)."""
        return await self._db.read(lambda connection: load_for(connection, game_id, actor))

    async def current_game(self, channel_id: int) -> Game | None:
        """The lobby or running game (of any kind) played in this channel or thread, or
        else the first one started from this channel into a thread of its own."""
        games = await self.games_here(channel_id)
        here = [g for g in games if channel_id in (g.place_id, g.thread_id)]
        return next(iter(here or games), None)

    async def games_here(self, channel_id: int, kind: str | None = None) -> list[Game]:
        """The lobbies and running games (of ``kind``, or any) in this channel or thread,
        or started from this channel into threads of their own, oldest first."""

        async def reading(connection: Connection) -> list[Game]:
            found = await message_queries.open_games_here(connection, channel_id, kind)
            return [await load_game(connection, game_id) for game_id, _ in found]

        return await self._db.read(reading)

    async def finished_here(self, channel_id: int, most: int) -> list[Game]:
        """The last ``most`` games finished in this channel or thread, or started from
        this channel into threads of their own, newest first."""

        async def reading(connection: Connection) -> list[Game]:
            found = await past_game_queries.finished_here(connection, channel_id, most)
            return [await load_game(connection, game_id) for game_id in found]

        return await self._db.read(reading)

    async def logged(self, guild_id: int, kind: str, channel_id: int, number: int | None) -> int:
        """The id of the server's game of ``kind`` numbered ``number`` that began, or of
        the last one that ended in this channel (finished or closed); refused when there
        is none. (The game being played here is the command's own to find first.)"""
        return await LOGGED.which(self._db, guild_id, kind, channel_id, number)

    async def active_game_ids(self, shards: Shards = EVERY) -> list[int]:
        """Every game being played, in any channel."""
        return await self._db.read(
            lambda connection: game_queries.active_game_ids(connection, shards)
        )

    async def ended_since(self, shards: Shards, reason: EndReason, since: float) -> list[int]:
        """The games of these shards that ended for ``reason`` at ``since`` or later."""
        return await self._db.read(
            lambda connection: game_queries.ended_since(connection, shards, str(reason), since)
        )

    async def seat_for(self, game_id: int, actor: Actor) -> tuple[Game, Seat]:
        """The game being played and ``actor``'s seat in it, for their private message;
        refused for anyone not playing it (a seat a computer player took over included)."""
        game = await self._db.read(lambda connection: load_for(connection, game_id, actor))
        playing(game)
        seat = None if actor.user_id is None else game.seat_of(actor.user_id)
        if seat is None:
            raise NotInGame()
        return game, seat

    async def games_of_member(self, guild_id: int, user_id: int) -> list[int]:
        """The open games a server's member plays in (for when they leave the server)."""
        return await self._db.read(
            lambda connection: game_queries.games_of_member(connection, guild_id, user_id)
        )

    async def games_of_user(self, user_id: int) -> list[int]:
        """The open games a user plays in, in every server (for ``/my games`` in DMs)."""
        return await self._db.read(
            lambda connection: game_queries.games_of_user(connection, user_id)
        )
