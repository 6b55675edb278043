"""Which finished game a replay is asked for, the replays kept once made, and where each was
shared (once per game).

A replay is made by the Discord layer (from the game's moves, by its face and renderer)
and kept here per game and language, so that it is made once and then served; one too
large for the upload limit of the server asking is made again to fit it.
"""

from __future__ import annotations

from bot.features.replays.queries import keep_replay, stored_replay
from bot.service.errors import NoSuchFinishedGame, NothingToReplay
from bot.service.feature_service import FeatureService
from bot.service.game_changes import GameChanges
from bot.service.game_loading import GameNumbers
from bot.service.shares import Shares
from bot.storage import SharedReplay
from bot.storage.past_game_queries import finished_game_id, last_finished_here
from bot.storage.shards import Shards

FINISHED = GameNumbers(finished_game_id, last_finished_here, NothingToReplay, NoSuchFinishedGame)
"""A replay is only of a game played to the end."""


class ReplayService(FeatureService):
    """Finished games' replays: which game a command means, and each replay kept once made."""

    def __init__(self, core: GameChanges) -> None:
        super().__init__(core)
        self._shares = Shares(core.database, core.clock, "shared_replays")

    async def which(self, guild_id: int, kind: str, channel_id: int, number: int | None) -> int:
        """The id of the server's finished game of ``kind`` numbered ``number``, or of the
        last one finished in this channel; refused when there is none."""
        return await FINISHED.which(self._db, guild_id, kind, channel_id, number)

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

    async def claim_share(
        self, game_id: int, channel_id: int, user_id: int, gone: int | None = None
    ) -> tuple[SharedReplay, bool]:
        """Claims the sharing of the game's replay for one press (``Shares.claim``)."""
        return await self._shares.claim(game_id, channel_id, user_id, gone)

    async def shared(self, game_id: int, share: SharedReplay, message_id: int | None) -> None:
        """The share claimed was posted as ``message_id``, or (``None``) was not posted
        after all: the next press may share."""
        await self._shares.posted(game_id, share, message_id)

    async def share(self, game_id: int) -> SharedReplay | None:
        """The game's replay's share as it stands, if it has one."""
        return await self._shares.share(game_id)

    async def unposted(self, shards: Shards) -> list[tuple[int, SharedReplay]]:
        """The replays of ``shards``' games whose share a stop cut short."""
        return await self._shares.unposted(shards)
