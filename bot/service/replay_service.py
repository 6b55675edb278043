"""Which finished game a replay is asked for, and the replays kept once made.

A replay is made by the Discord layer (from the game's moves, by its face and renderer)
and kept here per game and language, so that it is made once and then served; one too
large for the upload limit of the server asking is made again to fit it.
"""

from __future__ import annotations

from collections.abc import Callable

from bot.games.registry import registration_for
from bot.service.errors import NoSuchFinishedGame, NothingToReplay
from bot.storage import Database
from bot.storage.replay_queries import (
    finished_game_id,
    keep_replay,
    last_finished_here,
    stored_replay,
)


class ReplayService:
    """Finished games' replays: which game a command means, and each replay kept once made."""

    def __init__(self, database: Database, clock: Callable[[], float]) -> None:
        self._db = database
        self._clock = clock

    async def which(self, guild_id: int, kind: str, channel_id: int, number: int | None) -> int:
        """The id of the server's finished game of ``kind`` numbered ``number``, or of the
        last one finished in this channel; refused when there is none."""
        game = registration_for(kind)
        if number is None:
            found = await self._db.read(
                lambda connection: last_finished_here(connection, guild_id, kind, channel_id)
            )
            if found is None:
                raise NothingToReplay(game.name, game.command)
            return found
        found = await self._db.read(
            lambda connection: finished_game_id(connection, guild_id, kind, number)
        )
        if found is None:
            raise NoSuchFinishedGame(game.name, number, game.command)
        return found

    async def stored(self, game_id: int, language: str, limit: int) -> bytes | None:
        """The replay kept for the game in ``language``, if one fits ``limit`` bytes."""
        kept = await self._db.read(lambda connection: stored_replay(connection, game_id, language))
        return kept if kept is not None and len(kept) <= limit else None

    async def keep(self, game_id: int, language: str, gif: bytes) -> None:
        """Keeps a replay made of the game in ``language``, for the next asker."""
        now = self._clock()
        await self._db.write(
            lambda connection: keep_replay(connection, game_id, language, gif, now)
        )
