"""Who asks and where, and a game read for them: refused where it isn't played, with its
rules and its position before the first move (for the service and the modules beside
it)."""

from __future__ import annotations

from typing import Any, NamedTuple

from bot.games.registry import rules_for
from bot.games.rules import AnyRules
from bot.service.errors import GameNotFound, NotHere, NotThisGame
from bot.storage import game_queries, move_queries
from bot.storage.connection import Connection
from bot.storage.records import Game, Move


class Where(NamedTuple):
    """The server and channel (or thread) a button was pressed or a command typed in, and
    the kind of game the button or command is for."""

    guild_id: int
    channel_id: int
    kind: str | None = None
    """A game of another kind refuses it (a custom_id can be forged to name any game)."""
    direct: bool = False
    """Pressed in the presser's own direct messages with the bot (their turn notice):
    no server or channel to check, only that they play the game, which the turn's own
    checks see to."""


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


async def load_game(connection: Connection, game_id: int, where: Where | None = None) -> Game:
    """The game, refused unless it is played where the request comes from: a button's
    custom_id can be copied anywhere."""
    game = await game_queries.load_game(connection, game_id)
    if game is None:
        raise GameNotFound()
    if where is not None and where.kind is not None and where.kind != game.kind:
        raise NotThisGame()
    if (
        where is not None
        and not where.direct
        and (
            where.guild_id != game.guild_id
            or where.channel_id not in (game.channel_id, game.thread_id)
        )
    ):
        raise NotHere()
    return game


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
