"""The welcome: each join of the bot's to a server welcomed once."""

from __future__ import annotations

from bot.features.welcome import queries
from bot.service.feature_service import FeatureService


class WelcomeService(FeatureService):
    """Which of the bot's joins of each server was welcomed."""

    async def claim(self, guild_id: int, joined_at: float) -> bool:
        """Whether this process is to welcome the server the bot joined at ``joined_at``:
        once per join, so that a second delivery of the join, or another process's, posts
        nothing (the welcome is claimed before it is posted: a crash in between leaves
        the server without one rather than with two)."""
        now = self._clock()
        return await self._db.write(lambda c: queries.claim(c, guild_id, joined_at, now))
