"""A launch from a table turns its presser's boards open already in that place to its game:
Discord only shows an Activity running there, so its page asks nothing anew. No one else's
board turns: they watch what they chose."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Protocol

from bot.activity.live_boards import LiveBoards, Watcher

log = logging.getLogger(__name__)


class Launch(Protocol):
    """A member opened the board from a game's table."""

    @property
    def user_id(self) -> int:
        """The member."""

    @property
    def channel_id(self) -> int:
        """Where: the channel or thread the board is launched in."""

    @property
    def game_id(self) -> int:
        """The game whose table they pressed **Open the board** under."""


class Launches(Protocol):
    """Which game each member last opened the board from, and each launch as it comes:
    kept by whatever launches the board (a feature's button under a table). Without it
    the board opens on its channel's games."""

    @property
    def notice(self) -> str:
        """What the processes sharing a database hear of every launch (``heard``)."""
        ...

    def follow(self, follower: Callable[[Launch], object]) -> None:
        """``follower`` is told of every launch from now on, wherever it was pressed."""
        ...

    def unfollow(self, follower: Callable[[Launch], object]) -> None:
        """``follower`` is told of none any more."""
        ...

    async def launched(self, user_id: int, channel_id: int) -> int | None:
        """The game ``user_id`` opened the board from in ``channel_id`` lately, if any."""
        ...

    def heard(self, payload: str) -> None:
        """A process sharing the database told of a launch (``notice``'s payload)."""
        ...


class LaunchedBoards:
    """Turns open boards to the games their viewers launch."""

    def __init__(
        self, boards: LiveBoards, watch: Callable[[Watcher, int], Awaitable[None]]
    ) -> None:
        """``watch``: turns a board to a game, as its own ``watch`` would."""
        self._boards = boards
        self._watch = watch
        self._turning: set[asyncio.Task[None]] = set()

    def launched(self, launch: Launch) -> None:
        """``launch`` was pressed, in this process or another."""
        for watcher in self._boards.of(launch.user_id, launch.channel_id):
            if watcher.watching != launch.game_id:
                task = asyncio.create_task(self._turned(watcher, launch.game_id))
                self._turning.add(task)
                task.add_done_callback(self._turning.discard)

    def stop(self) -> None:
        """Turns no board any more."""
        for task in self._turning:
            task.cancel()

    async def _turned(self, watcher: Watcher, game_id: int) -> None:
        try:
            await self._watch(watcher, game_id)
        except Exception as error:
            log.info("a board could not turn to its launched game: %r", error)
