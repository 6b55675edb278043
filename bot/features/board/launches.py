"""The board's launches as the Activity and the launch button use them."""

from __future__ import annotations

from collections.abc import Callable

from bot.features.board import queries
from bot.storage.database import Database

FRESH_SECONDS = 600.0
"""How long a launch picks the game its board opens on: an Activity opened later, from the
app launcher, shows the channel's games instead. Discord takes a few seconds to open it."""


class BoardLaunches:
    """Who opened the board from which game's table, kept for the Activity's viewer."""

    def __init__(self, database: Database, clock: Callable[[], float]) -> None:
        self._db = database
        self._clock = clock

    async def record(self, user_id: int, channel_id: int, game_id: int) -> None:
        """``user_id`` pressed **Open the board** under ``game_id``'s table in ``channel_id``."""
        now = self._clock()
        await self._db.statement(
            lambda connection: queries.record_launch(connection, user_id, channel_id, game_id, now)
        )

    async def launched(self, user_id: int, channel_id: int) -> int | None:
        """The game ``user_id`` opened the board from in ``channel_id`` lately, if any."""
        since = self._clock() - FRESH_SECONDS
        return await self._db.read(
            lambda connection: queries.launched(connection, user_id, channel_id, since)
        )
