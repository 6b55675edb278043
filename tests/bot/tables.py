"""Games played straight through the service for tests that build a history: seeded
chance, a manual clock, and messages marked shown as the bot would."""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from typing import TypedDict, Unpack

from bot.service import Actor, GameService, Player
from bot.storage import Game
from bot.storage.game_values import Options
from tests.bot.fixtures import Clock


class Choices(TypedDict, total=False):
    """What a lobby's host may choose besides its place and players."""

    bots: int
    options: Options | None
    turn_timeout: int | None


class Table(ABC):
    def __init__(self, service: GameService, clock: Clock, rng: random.Random) -> None:
        self.service, self.clock, self.rng = service, clock, rng
        self.messages = 7000

    @abstractmethod
    async def end(self, game: Game) -> Game:
        """Plays the game to its end (each subclass chooses the moves) and shows it."""

    async def lobby(
        self, kind: str, guild: int, channel: int, players: list[Player], **choices: Unpack[Choices]
    ) -> Game:
        game = await self.service.create_lobby(
            kind=kind,
            guild_id=guild,
            channel_id=channel,
            host=players[0],
            **choices,
        )
        for player in players[1:]:
            game = await self.service.join(game.id, player, game.version)
        await self.show(game, "lobby_message_id")
        return game

    async def started(
        self, kind: str, guild: int, channel: int, players: list[Player], **choices: Unpack[Choices]
    ) -> Game:
        game = await self.lobby(kind, guild, channel, players, **choices)
        game = await self.service.start(game.id, Actor(players[0].user_id), game.version)
        await self.show(game, "turn_message_id")
        return game

    async def finished(
        self, kind: str, guild: int, channel: int, players: list[Player], **choices: Unpack[Choices]
    ) -> Game:
        return await self.end(await self.started(kind, guild, channel, players, **choices))

    async def show(self, game: Game, message: str, version: int | None = None) -> None:
        """As the bot does once a message shows the game (at ``version``, else its own)."""
        self.messages += 1
        shown = game.version if version is None else version
        await self.service.messages.mark_shown(game.id, shown, {message: self.messages})

    async def time_out(self, game: Game) -> Game:
        """The turn's clock runs out."""
        assert game.deadline is not None
        self.clock.now = game.deadline
        return (await self.service.turns.time_out(game.id, game.version)).game
