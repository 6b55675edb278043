"""Who asks and where, and a game read for them: refused where it isn't played, with its
rules, its position before the first move and each logged move played again, and which
game a command's number means (for the service and the modules beside it)."""

from __future__ import annotations

import json
from collections.abc import Callable, Coroutine
from dataclasses import dataclass, replace
from typing import Any, NamedTuple

from bot.games.outcome import Outcome
from bot.games.registry import registration_for, rules_for
from bot.games.rules import AnyRules
from bot.service.errors import GameNotFound, NotHere, NotInGame, NotThisGame, ServiceError
from bot.storage import game_queries, move_queries
from bot.storage.connection import Connection
from bot.storage.database import Database
from bot.storage.records import Game, Move


class Where(NamedTuple):
    """The server and channel (or thread) a button was pressed or a command typed in, and
    the kind of game the button or command is for."""

    guild_id: int
    """As Discord names it (the interaction's ``guild_id``; 0 in a DM or group DM): a
    conversation game's is ``Game.place_guild_id``, never its scope."""
    channel_id: int
    kind: str | None = None
    """A game of another kind refuses it (a custom_id can be forged to name any game)."""
    direct: bool = False
    """Pressed in the presser's own direct messages with the bot (their turn notice):
    no server or channel to check, only that they play the game."""


class Actor(NamedTuple):
    """Who asks: a Discord user, or the bot itself (``user_id=None``) playing a computer seat."""

    user_id: int | None
    can_moderate: bool = False
    """Holds Manage Messages in the channel, so may cancel any game there."""
    where: Where | None = None
    """Where they asked; a game only answers to its own server and channel or thread.
    ``None`` for the bot itself and for server events (a member leaving)."""


SYSTEM = Actor(None)
"""The bot itself, playing a computer seat or acting on a deadline."""


async def load_game(
    connection: Connection, game_id: int, where: Where | None = None, asker: int | None = None
) -> Game:
    """The game, refused unless it is played where the request comes from (``where``):
    a button's custom_id can be copied anywhere, and its game id written by hand. Game
    ids run across every server, so whoever may not see a game is refused in the same
    words whatever the id names (a game there or none, of any kind, in any state): in a
    place, any game not played there; in a direct message, any game ``asker`` plays no
    seat of."""
    game = await game_queries.load_game(connection, game_id)
    if where is None:
        if game is None:
            raise GameNotFound()
        return game
    if where.direct:
        if game is None or asker is None or game.seat_of(asker) is None:
            raise NotInGame()
    elif game is None or not _played_in(game, where):
        raise NotHere()
    if where.kind is not None and where.kind != game.kind:
        raise NotThisGame()
    return game


async def load_for(connection: Connection, game_id: int, actor: Actor) -> Game:
    """The game as ``actor`` may ask about it where they ask (refused as ``load_game``
    refuses)."""
    return await load_game(connection, game_id, actor.where, actor.user_id)


def _played_in(game: Game, where: Where) -> bool:
    # A ``Where`` names the place as Discord does: a conversation game's scope is no
    # server's, so an ask naming the scope is refused as any other place would be.
    return where.guild_id == game.place_guild_id and where.channel_id in (
        game.channel_id,
        game.thread_id,
    )


async def with_moves(connection: Connection, *, game_id: int) -> tuple[Game, list[Move]]:
    """A game with its whole move log, read in one transaction."""
    return await load_game(connection, game_id), await move_queries.load_moves(connection, game_id)


def game_rules(game: Game) -> AnyRules:
    """The rules of the game's kind."""
    return rules_for(game.kind)


def initial_state(game: Game, rules: AnyRules) -> Any:
    """The game's position as it began: its seats, first seat, options and setup."""
    assert game.first_seat is not None
    return rules.start(len(game.seats), game.first_seat, game.options, game.setup)


def move_outcome(game: Game, rules: AnyRules, state: Any, move: Move) -> Outcome:
    """``move`` of the game's log played again from ``state``, as the outcome it had (its
    game holds the position after it)."""
    action = rules.action_from_json(json.loads(move.action))
    step = rules.apply(state, move.seat, action)
    return Outcome(
        replace(game, state=step.state),
        state,
        move.seat,
        action,
        step.events,
        step.turn_over,
        for_away=move.stand_in,
    )


GameIdQuery = Callable[[Connection, int, str, int], Coroutine[Any, Any, int | None]]
"""A game's id, if there is one, from the server, the kind, and a number or a channel."""


@dataclass(frozen=True)
class GameNumbers:
    """Which of a server's games a command means: the one numbered as asked, or else the
    last one in the channel asked in, each as its command counts them (a log any game
    that began, a replay a finished one)."""

    numbered: GameIdQuery
    """By the server, the kind and the game's number."""
    last_here: GameIdQuery
    """By the server, the kind and the channel."""
    none_here: Callable[[str, str], ServiceError]
    """The refusal, by the game's title and command, when the channel has none."""
    no_such: Callable[[str, int, str], ServiceError]
    """The refusal, by the game's title, the number and the command, when no game has it."""

    async def which(
        self, database: Database, guild_id: int, kind: str, channel_id: int, number: int | None
    ) -> int:
        """The id of the game ``number`` names, or with none the channel's last; refused
        when there is none."""
        game = registration_for(kind)
        if number is None:
            found = await database.read(
                lambda connection: self.last_here(connection, guild_id, kind, channel_id)
            )
            if found is None:
                raise self.none_here(game.name, game.command)
            return found
        found = await database.read(
            lambda connection: self.numbered(connection, guild_id, kind, number)
        )
        if found is None:
            raise self.no_such(game.name, number, game.command)
        return found
