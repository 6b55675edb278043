"""Messages owed for something past: a follower's notice of a game's end, an invitation, a
season's podium. Each is claimed by the process about to post it, posted under a nonce
its key names, then recorded as sent by its feature and its claim let go; whatever a
kill cuts short is posted again by whoever holds its server's shard next, under the same
nonce, so that Discord answers with the message it made rather than a second one."""

from __future__ import annotations

from collections.abc import Callable

from bot.storage import owed_queries
from bot.storage.database import Database
from bot.storage.shards import Shards

CLAIM_FOR = 120.0
"""Seconds a claim stays its process's: one older was left by a process that stopped (or
is stuck), and is taken over. At a start, or when a process takes over a shard, every
other process's claim in its servers is let go at once (``release_others``)."""


class OwedMessages:
    """The claims on the messages being posted."""

    def __init__(self, database: Database, clock: Callable[[], float]) -> None:
        self._db = database
        self._clock = clock

    async def claim(self, key: str, guild_id: int, holder: str) -> bool:
        """Whether ``holder`` may post the message ``key`` now: ``False`` while another
        process's claim on it stands."""
        now = self._clock()
        return await self._db.write(
            lambda connection: owed_queries.claim(
                connection, key, guild_id, holder, now, now - CLAIM_FOR
            )
        )

    async def release(self, key: str) -> None:
        """The message ``key`` is recorded as sent, or no longer owed."""
        await self._db.write(lambda connection: owed_queries.release(connection, key))

    async def release_others(self, shards: Shards, holder: str) -> list[str]:
        """Lets go of every other process's claims in ``shards``' servers, which ``holder``
        now holds the leases of; the keys let go of."""
        return await self._db.write(
            lambda connection: owed_queries.release_others(connection, shards, holder)
        )
