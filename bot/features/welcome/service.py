"""The welcome: each join of the bot's to a server welcomed once, as a message owed."""

from __future__ import annotations

from bot.features.welcome import queries
from bot.features.welcome.queries import Join
from bot.service.feature_service import FeatureService
from bot.storage.shards import Shards


class WelcomeService(FeatureService):
    """Which of the bot's joins of each server was welcomed, and the welcomes owed."""

    async def joined(self, guild_id: int, joined_at: float, channel_id: int | None) -> Join | None:
        """The bot joined the server at ``joined_at``: its welcome is owed in
        ``channel_id`` from now on, whatever stops this process before it is posted
        (none: the bot may post nowhere). The join, unless its welcome is settled
        already: a second delivery of the join, or another process's, posts nothing
        more."""
        now = self._clock()
        return await self._db.write(
            lambda c: queries.joined(c, guild_id, joined_at, channel_id, now)
        )

    async def owed(self, shards: Shards) -> list[Join]:
        """The joins of ``shards``' servers whose welcome a stop left unposted."""
        return await self._db.read(lambda c: queries.owed(c, shards))

    async def settled(self, join: Join) -> None:
        """The join's welcome was posted, or Discord refused it for good: owed no more."""
        now = self._clock()
        await self._db.write(lambda c: queries.settled(c, join, now))
