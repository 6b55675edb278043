"""What counts for and against a player's reliability, as the game changes."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bot.features.reliability.service import (
    LobbyMinimum,
    check_minimum,
    count_abandoned,
    count_finished,
    count_started,
    keep_minimum,
    require_reliable,
    shortfalls,
)
from bot.service.game_hooks import GameHooks, Shortfall
from bot.service.game_loading import Actor
from bot.storage.connection import Connection
from bot.storage.records import Game, GameStatus


class ReliabilityHooks(GameHooks):
    """A lobby's own minimum kept, a seat refused below it (those below told before they
    ask), and each game counted as started, finished or abandoned."""

    async def lobby_opened(
        self, connection: Connection, game: Game, asked: Sequence[object], now: float
    ) -> None:
        for minimum in asked:
            if isinstance(minimum, LobbyMinimum):
                check_minimum(minimum.percent)
                await keep_minimum(connection, game.id, minimum.percent)

    async def seat_wanted(
        self, connection: Connection, game: Game, user_id: int, open_to_all: bool
    ) -> None:
        await require_reliable(connection, game, user_id, open_to_all)

    async def shortfalls(
        self, connection: Connection, game: Game, users: Sequence[int], open_to_all: bool
    ) -> Mapping[int, Shortfall]:
        return await shortfalls(connection, game, users, open_to_all)

    async def started(self, connection: Connection, game: Game, now: float) -> None:
        await count_started(connection, game, now)

    async def seat_left(self, connection: Connection, game: Game, user_id: int, now: float) -> None:
        await count_abandoned(connection, game, user_id, now)

    async def cancelled(self, connection: Connection, game: Game, actor: Actor, now: float) -> None:
        # A host who may not moderate abandons the running game they end; a moderator's
        # cancel, or a damaged game's, counts against nobody.
        running = game.status is GameStatus.ACTIVE and game.broken is None
        if running and not actor.can_moderate and game.seat_of(game.host_id) is not None:
            await count_abandoned(connection, game, game.host_id, now)

    async def finished(self, connection: Connection, game: Game, now: float) -> None:
        await count_finished(connection, game, now)
