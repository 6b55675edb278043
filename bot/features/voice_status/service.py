"""The voice channels' statuses the bot owes a clearing, kept across stops."""

from __future__ import annotations

from bot.features.voice_status import queries
from bot.features.voice_status.queries import Owed
from bot.service.feature_service import FeatureService
from bot.storage.shards import Shards


class VoiceStatusService(FeatureService):
    """Which voice channels' statuses name a game, until they are cleared."""

    async def owe(self, channel_id: int, guild_id: int, game_id: int) -> None:
        """The channel's status is about to name the game: whatever stops this process, its
        clearing is owed from now on."""
        now = self._clock()
        await self._db.write(lambda c: queries.owe(c, channel_id, guild_id, game_id, now))

    async def settled(self, channel_id: int, game_id: int) -> None:
        """The game's status in the channel was cleared, or can't be: owed no more."""
        await self._db.write(lambda c: queries.settle(c, channel_id, game_id))

    async def over(self, shards: Shards) -> list[Owed]:
        """The channels of ``shards``' servers whose status a stop left naming a game over."""
        return await self._db.read(lambda c: queries.over(c, shards))
