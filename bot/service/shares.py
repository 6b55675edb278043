"""Sharing something of a finished game in a channel once (its replay, its report): the
first press posts it, a later one is told where it is, unless that message was deleted
since; one press of many at once, in any process, shares. A share claimed is owed until
its message is recorded (or it is given up for good): a stop cuts its post short, and
whoever holds its server's shard next posts it under the same nonce, so a share in
flight is never given to another press."""

from __future__ import annotations

from collections.abc import Callable

from bot.storage import Database, SharedReplay
from bot.storage.connection import Connection
from bot.storage.shards import Shards
from bot.storage.share_queries import (
    forget_share,
    posted_share,
    set_share,
    share_of,
    unposted_shares,
)

POSTED_UNASKED_FOR = 24 * 3600.0
"""Seconds a share cut short is posted again by the bot itself (at a start, or when a
process takes over its shard): one older (its process stopped long ago) would come out of
the blue, and waits for the next press of Share instead."""


class Shares:
    """The shares kept in ``table`` (one per game)."""

    def __init__(self, database: Database, clock: Callable[[], float], table: str) -> None:
        self._db = database
        self._clock = clock
        self._table = table

    async def claim(
        self, game_id: int, channel_id: int, user_id: int, gone: int | None = None
    ) -> tuple[SharedReplay, bool]:
        """Claims the sharing for one press: the share, and whether it is this press's to
        post. A share made (or being made) stands, unless its message is ``gone``
        (deleted since)."""
        now = self._clock()
        table = self._table

        async def claiming(connection: Connection) -> tuple[SharedReplay, bool]:
            await connection.lock(table, game_id)
            earlier = await share_of(connection, game_id, table)
            if earlier is None:
                moment = now
            elif gone is None or earlier.message_id != gone:
                return earlier, False
            else:
                # The moment names the share's message (its nonce): never the one before's.
                moment = max(now, earlier.shared_at + 0.001)
            mine = SharedReplay(channel_id, None, user_id, moment)
            await set_share(connection, game_id, mine, table)
            return mine, True

        return await self._db.write(claiming)

    async def posted(self, game_id: int, share: SharedReplay, message_id: int | None) -> None:
        """The share claimed was posted as ``message_id``, or (``None``) was not posted
        after all: the next press may share."""
        table = self._table
        if message_id is None:
            await self._db.write(lambda connection: forget_share(connection, game_id, share, table))
        else:
            await self._db.write(
                lambda connection: posted_share(connection, game_id, share, message_id, table)
            )

    async def share(self, game_id: int) -> SharedReplay | None:
        """The game's share as it stands, if it has one."""
        table = self._table
        return await self._db.read(lambda connection: share_of(connection, game_id, table))

    async def unposted(self, shards: Shards) -> list[tuple[int, SharedReplay]]:
        """The shares of ``shards``' games claimed and not posted yet (a stop cut them
        short) within ``POSTED_UNASKED_FOR``, each with its game's id."""
        table = self._table
        since = self._clock() - POSTED_UNASKED_FOR
        return await self._db.read(
            lambda connection: unposted_shares(connection, shards, since, table)
        )
