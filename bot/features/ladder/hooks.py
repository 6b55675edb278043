"""The ladder's part in the core's changes: a game played to its end is counted on its
server's ladder in the transaction that finishes it, so it counts once, in whichever
process ends it."""

from __future__ import annotations

from bot.features.ladder.counting import count_game
from bot.service.game_hooks import GameHooks
from bot.storage.connection import Connection
from bot.storage.records import FinishedTable


class LadderHooks(GameHooks):
    """Counts each finished game as its results are written."""

    async def results_written(self, connection: Connection, table: FinishedTable) -> None:
        await count_game(connection, table)
