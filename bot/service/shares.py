"""Sharing something of a finished game in a channel once (its replay, its report): the
first press posts it, a later one is told where it is, unless that message was deleted
since; one press of many at once, in any process, shares."""

from __future__ import annotations

from collections.abc import Callable

from bot.storage import Database, SharedReplay
from bot.storage.connection import Connection
from bot.storage.replay_queries import (
    forget_shared_replay,
    posted_shared_replay,
    set_shared_replay,
    shared_replay,
)

SHARE_POSTING_FOR = 15 * 60.0
"""Seconds a share being posted holds its game's share: a press answers within an
interaction's 15 minutes, so one that has not posted by then never will (its process
stopped), and the next press shares instead."""


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
        (deleted since) or its posting was given up."""
        now = self._clock()
        table = self._table

        async def claiming(connection: Connection) -> tuple[SharedReplay, bool]:
            await connection.lock(table, game_id)
            earlier = await shared_replay(connection, game_id, table)
            if earlier is not None:
                given_up = (
                    earlier.message_id is None and now - earlier.shared_at >= SHARE_POSTING_FOR
                )
                if not given_up and (gone is None or earlier.message_id != gone):
                    return earlier, False
            mine = SharedReplay(channel_id, None, user_id, now)
            await set_shared_replay(connection, game_id, mine, table)
            return mine, True

        return await self._db.write(claiming)

    async def posted(self, game_id: int, share: SharedReplay, message_id: int | None) -> None:
        """The share claimed was posted as ``message_id``, or (``None``) was not posted
        after all: the next press may share."""
        table = self._table
        if message_id is None:
            await self._db.write(
                lambda connection: forget_shared_replay(connection, game_id, share, table)
            )
        else:
            await self._db.write(
                lambda connection: posted_shared_replay(
                    connection, game_id, share, message_id, table
                )
            )
