"""The board's launches as the launch button keeps them and the Activity reads them (its
``bot.activity.launched_boards.Launches``)."""

from __future__ import annotations

import secrets
from collections.abc import Callable
from dataclasses import dataclass

from bot.features.board import queries
from bot.storage.connection import Connection
from bot.storage.database import Database

FRESH_SECONDS = 600.0
"""How long a launch picks the game its board opens on: an Activity opened later, from the
app launcher, shows the channel's games instead. Discord takes a few seconds to open it."""
LAUNCHED = "claimit_board_launched"
"""What the processes sharing a database hear of every launch:
``<user>:<channel>:<game>:<origin>``, the origin being the process's own (``BoardLaunches``)."""


@dataclass(frozen=True)
class Launch:
    """``user_id`` pressed **Open the board** under ``game_id``'s table in ``channel_id``."""

    user_id: int
    channel_id: int
    game_id: int


class BoardLaunches:
    """Who opened the board from which game's table, kept for the Activity's viewer, and
    told at once to the boards open already (``follow``): Discord opens no new page for
    a member whose Activity runs there already, it only shows it."""

    def __init__(self, database: Database, clock: Callable[[], float]) -> None:
        self._db = database
        self._clock = clock
        self._origin = secrets.token_hex(8)
        """This process's launches as the others hear them: its own it has told already."""
        self._followers: list[Callable[[Launch], object]] = []
        self.notice = LAUNCHED
        """What the processes sharing a database hear of every launch."""

    def follow(self, follower: Callable[[Launch], object]) -> None:
        """``follower`` is told of every launch from now on, this process's and
        (``heard``) the others'."""
        self._followers.append(follower)

    def unfollow(self, follower: Callable[[Launch], object]) -> None:
        """``follower`` is told of none any more."""
        if follower in self._followers:
            self._followers.remove(follower)

    async def record(self, user_id: int, channel_id: int, game_id: int) -> None:
        """``user_id`` pressed **Open the board** under ``game_id``'s table in ``channel_id``."""
        now = self._clock()

        async def recording(connection: Connection) -> None:
            await queries.record_launch(connection, user_id, channel_id, game_id, now)
            said = f"{user_id}:{channel_id}:{game_id}:{self._origin}"
            await connection.notify(LAUNCHED, said)

        await self._db.write(recording)
        self._told(Launch(user_id, channel_id, game_id))

    def heard(self, payload: str) -> None:
        """A process sharing the database recorded a launch (``LAUNCHED``'s payload)."""
        numbers, _, origin = payload.rpartition(":")
        parts = numbers.split(":")
        if origin == self._origin or len(parts) != 3 or not all(p.isdigit() for p in parts):
            return
        user_id, channel_id, game_id = (int(p) for p in parts)
        self._told(Launch(user_id, channel_id, game_id))

    def _told(self, launch: Launch) -> None:
        for follower in self._followers:
            follower(launch)

    async def launched(self, user_id: int, channel_id: int) -> int | None:
        """The game ``user_id`` opened the board from in ``channel_id`` lately, if any."""
        since = self._clock() - FRESH_SECONDS
        return await self._db.read(
            lambda connection: queries.launched(connection, user_id, channel_id, since)
        )
