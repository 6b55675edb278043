"""Messages owed for something past: a follower's notice of a game's end, an invitation, a
season's podium. Each is claimed by the process about to post it, posted under a nonce
its key names, then recorded sent by its feature and here; whatever a kill cuts short is
posted again by whoever holds its server's shard next, under the same nonce, so that
Discord answers with the message it made rather than a second one. One recorded sent is
never posted again, however late its feature asks."""

from __future__ import annotations

from collections.abc import Callable

from bot.storage import owed_queries
from bot.storage.database import Database
from bot.storage.shards import Shards

CLAIM_FOR = 120.0
"""Seconds a claim stays its process's: one older was left by a process that stopped (or
is stuck), and is taken over. At a start, or when a process takes over a shard, every
other process's claim in its servers is let go at once (``release_others``)."""
KEPT_FOR = 7 * 24 * 3600.0
"""Seconds a message sent is remembered: its feature stopped owing it long before."""


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

    async def sent(self, key: str, channel_id: int, message_id: int) -> None:
        """The message ``key`` went out as ``message_id``: never posted again."""
        now = self._clock()
        await self._db.write(
            lambda connection: owed_queries.sent(connection, key, channel_id, message_id, now)
        )

    async def release(self, key: str) -> None:
        """The message ``key``, not sent, is owed no more (or is to be claimed afresh)."""
        await self._db.write(lambda connection: owed_queries.release(connection, key))

    async def forget_sent(self) -> int:
        """Forgets the messages sent longer than ``KEPT_FOR`` ago; how many."""
        before = self._clock() - KEPT_FOR
        return await self._db.write(lambda connection: owed_queries.forget_sent(connection, before))

    async def release_others(self, shards: Shards, holder: str) -> list[str]:
        """Lets go of every other process's claims in ``shards``' servers, which ``holder``
        now holds the leases of; the keys let go of."""
        return await self._db.write(
            lambda connection: owed_queries.release_others(connection, shards, holder)
        )
