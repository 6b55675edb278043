"""Following a game: anyone who can see a game being played may follow it, and hears of
its end (and, as they chose, of each round's end) by direct message; they may drop a
follow whenever they like.

Each notice is owed until it is recorded sent (``bot.discord_ui.owed_messages`` posts
it): the end's while the follow of a game that is over stands, a round's while fewer
rounds are counted told; a follower hears of each once, however many processes hear
that the game moved on, and whatever stops the bot meanwhile.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from bot.features.following.queries import (
    Follower,
    Notice,
    add_follow,
    ended_follows,
    followed,
    followers,
    follows,
    games_followed_by_rounds,
    moves_after,
    take_follow,
    told_round,
)
from bot.games.registry import registration_for, rules_for
from bot.games.shared_words import game_name
from bot.service.errors import Refusal, ServiceError
from bot.service.game_loading import Actor, load_for, load_game
from bot.storage import Database, Game, GameStatus
from bot.storage.connection import Connection
from bot.storage.past_game_queries import begun_game_id
from bot.storage.records import Move
from bot.storage.shards import Shards
from i18n import Message


class NotFollowable(ServiceError):
    """A game that is no longer being played (or not yet)."""

    def __init__(self, game: Game) -> None:
        name = game_name(rules_for(game.kind).name, game)
        if game.status is GameStatus.LOBBY:
            words = Message(
                "{game} hasn't started yet: follow it once it is being played.", game=name
            )
        else:
            words = Message("{game} is over, so there is nothing left to follow.", game=name)
        super().__init__(words)


class NoGameNumbered(ServiceError):
    """A number no game of the server's has."""

    def __init__(self, title: str, number: int) -> None:
        super().__init__(
            Message(
                "This server has no {title} game #{number} to follow.", title=title, number=number
            )
        )


class FollowedAlready(ServiceError):
    """Following a game twice."""

    def __init__(self, game: Game) -> None:
        name = game_name(rules_for(game.kind).name, game)
        super().__init__(Message("You follow {game} already.", game=name))


class NotSeen(ServiceError):
    """A game whose channel (or private thread) the asker can't see."""

    def __init__(self, game: Game) -> None:
        name = game_name(rules_for(game.kind).name, game)
        super().__init__(
            Message("You can't see where {game} is played, so you can't follow it.", game=name)
        )


class NotFollowing(Refusal):
    """Dropping a follow there is none of (not named: the asker may not know the game)."""

    words = Message("You don't follow that game, so there is nothing to drop.")


@dataclass(frozen=True)
class Followed:
    """A follow as asked for: the game, and whether it began now (``False``: it stood)."""

    game: Game
    new: bool


@dataclass(frozen=True)
class MovesAfter:
    """A game as stored now, with its moves that stand after a given one."""

    game: Game
    before: int
    """How many of its moves that stand come up to the given one."""
    moves: list[Move]
    """Its moves that stand after the given one, in order."""


class FollowService:
    """Who follows which game, and the notices each is owed."""

    def __init__(self, database: Database, clock: Callable[[], float]) -> None:
        self._db = database
        self._clock = clock

    async def follow(self, game_id: int, actor: Actor, rounds: int) -> Followed:
        """``actor`` follows the game, played where they ask (a press on its table),
        ``rounds`` of its rounds already over; a second follow stands as it was."""
        assert actor.user_id is not None
        user = actor.user_id

        async def following(connection: Connection) -> Followed:
            game = await load_for(connection, game_id, actor)
            _require_played(game)
            new = await add_follow(connection, game.id, user, self._clock(), rounds)
            return Followed(game, new)

        return await self._db.write(following)

    async def numbered(self, guild_id: int, kind: str, number: int) -> Game:
        """The server's game of ``kind`` numbered ``number``, if it is being played."""

        async def finding(connection: Connection) -> Game:
            found = await begun_game_id(connection, guild_id, kind, number)
            if found is None:
                raise NoGameNumbered(registration_for(kind).name, number)
            game = await load_game(connection, found)
            _require_played(game)
            return game

        return await self._db.read(finding)

    async def follow_numbered(self, game: Game, user_id: int, rounds: int) -> Game:
        """``user_id`` follows ``game`` (found by its number, and seen by them: the
        caller asked Discord), refused if they do already or it is over by now."""

        async def following(connection: Connection) -> Game:
            current = await load_game(connection, game.id)
            _require_played(current)
            if not await add_follow(connection, game.id, user_id, self._clock(), rounds):
                raise FollowedAlready(current)
            return current

        return await self._db.write(following)

    async def unfollow(self, game_id: int, user_id: int) -> Game:
        """``user_id`` no longer follows the game."""

        async def dropping(connection: Connection) -> Game:
            followed, _ = await take_follow(connection, game_id, user_id)
            if not followed:
                raise NotFollowing()
            return await load_game(connection, game_id)

        return await self._db.write(dropping)

    async def follows(self, game_id: int, user_id: int) -> bool:
        """Whether ``user_id`` follows the game."""
        return await self._db.read(lambda connection: follows(connection, game_id, user_id))

    async def followers(self, game_id: int) -> list[Follower]:
        """Everyone following the game, with when they hear of it."""
        return await self._db.read(lambda connection: followers(connection, game_id))

    async def followed(self, user_id: int, guild_id: int | None = None) -> list[Game]:
        """The games being played that ``user_id`` follows, in a server or everywhere."""

        async def reading(connection: Connection) -> list[Game]:
            found = await followed(connection, user_id, guild_id)
            return [await load_game(connection, game_id) for game_id in found]

        return await self._db.read(reading)

    async def end_told(self, game_id: int, user_id: int) -> Notice | None:
        """``user_id`` was told of the game's end (or can't be): their follow ends. The
        last round's notice, which the end's replaces."""
        _, notice = await self._db.write(
            lambda connection: take_follow(connection, game_id, user_id)
        )
        return notice

    async def round_told(
        self, game_id: int, user_id: int, rounds: int, notice: Notice | None
    ) -> tuple[bool, Notice | None]:
        """``user_id`` was told by ``notice`` (``None``: could not be) that ``rounds`` of
        the game's rounds are over: whether that is recorded (not when they were told of
        as many already), and the notice it replaces."""
        return await self._db.write(
            lambda connection: told_round(connection, game_id, user_id, rounds, notice)
        )

    async def ended_follows(self, shards: Shards) -> list[tuple[int, int]]:
        """(game, follower) for each follow of ``shards``' games that are over: the end's
        notice each still owes."""
        return await self._db.read(lambda connection: ended_follows(connection, shards))

    async def games_followed_by_rounds(self, shards: Shards) -> list[int]:
        """``shards``' games being played that someone follows round by round."""
        return await self._db.read(lambda connection: games_followed_by_rounds(connection, shards))

    async def moves_after(self, game_id: int, seq: int) -> MovesAfter:
        """The game as stored now, how many of its moves that stand come up to ``seq``,
        and those after it, read at once."""

        async def reading(connection: Connection) -> MovesAfter:
            game = await load_game(connection, game_id)
            before, moves = await moves_after(connection, game_id, seq)
            return MovesAfter(game, before, moves)

        return await self._db.read(reading)

    async def drop(self, game_id: int, user_id: int) -> Notice | None:
        """Ends a follow its follower can no longer have (they can't see the game now);
        their last round's notice."""
        return await self.end_told(game_id, user_id)


def _require_played(game: Game) -> None:
    if game.status is not GameStatus.ACTIVE:
        raise NotFollowable(game)
