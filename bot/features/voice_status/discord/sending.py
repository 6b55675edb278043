"""Each voice channel's status, sent one request at a time: what a channel is to show is
replaced by whatever game shown there is newer, and only the newest is sent once the
request in flight is answered, so a quick run of moves costs a request or two, never one
each, and showing never waits on Discord."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from enum import Enum

from bot.storage import Game

log = logging.getLogger(__name__)


class Mark(Enum):
    """What stands in for a status where there is none to give."""

    KEEP = "keep"
    """Nothing to send: the status stays as it is (not allowed, or turned off)."""
    UNKNOWN = "unknown"
    """What the status says is not known here (not set by this process since it started)."""


KEEP = Mark.KEEP
UNKNOWN = Mark.UNKNOWN
Status = str | None
"""A voice channel's status: its text, or ``None`` for none (cleared)."""


@dataclass(frozen=True)
class Wanted:
    """What a voice channel is to show: a game there as it was last shown (``ended``: its
    end, which clears the status)."""

    game: Game
    ended: bool = False

    def after(self, other: Wanted) -> bool:
        """Whether this is later news than ``other``: another game shown in the channel,
        or the same game at a version no older, or its end; nothing comes after an end."""
        if self.game.id != other.game.id:
            return True
        if other.ended:
            return False
        return self.ended or self.game.version >= other.game.version


Compose = Callable[[int, Wanted, Status | Mark], Awaitable[Status | Mark]]
"""What a channel's status is to say for what it is to show (or ``KEEP``), given what it
says now as far as this process set it (``UNKNOWN``: not set here since the start)."""
Put = Callable[[int, Status], Awaitable[None]]
"""Sets a channel's status on Discord."""


class ChannelStatuses:
    """The voice channels' statuses this process keeps, one request in flight per channel."""

    def __init__(self, compose: Compose, put: Put) -> None:
        self._compose = compose
        self._put = put
        self._wanted: dict[int, Wanted] = {}
        self._waiting: set[int] = set()
        """The channels whose newest ``_wanted`` is not yet composed."""
        self._shown: dict[int, Status] = {}
        """What each channel's status was last set to here (a channel not named: unknown,
        as after a start)."""
        self._sending: dict[int, asyncio.Task[None]] = {}
        self._stopped = False

    def want(self, channel_id: int, wanted: Wanted, *, unless_wanted: bool = False) -> None:
        """``channel_id`` is to show ``wanted``, unless it shows later news of the game (or,
        ``unless_wanted``, anything at all: what a start owes gives way to a game shown)."""
        before = self._wanted.get(channel_id)
        if self._stopped or (before is not None and (unless_wanted or not wanted.after(before))):
            return
        self._wanted[channel_id] = wanted
        self._waiting.add(channel_id)
        if channel_id not in self._sending:
            task = asyncio.create_task(self._send(channel_id))
            self._sending[channel_id] = task

    def sending(self) -> bool:
        """Whether a channel's status is on its way."""
        return bool(self._sending)

    async def idle(self) -> None:
        """Until every status wanted so far is sent (or given up)."""
        while self._sending:
            await asyncio.gather(*list(self._sending.values()), return_exceptions=True)

    async def stop(self) -> None:
        """Sends what is under way; nothing is wanted after."""
        self._stopped = True
        await self.idle()

    async def _send(self, channel_id: int) -> None:
        try:
            while channel_id in self._waiting:
                self._waiting.discard(channel_id)
                try:
                    await self._sent(channel_id, self._wanted[channel_id])
                except Exception as error:
                    # The next show tries again; a failure is one line and stops nothing.
                    log.warning("voice channel %s's status could not be set: %s", channel_id, error)
        finally:
            del self._sending[channel_id]
            wanted = self._wanted.get(channel_id)
            if wanted is not None and wanted.ended and channel_id not in self._waiting:
                # Over: nothing of the channel is kept until a game is shown there again.
                del self._wanted[channel_id]
                self._shown.pop(channel_id, None)

    async def _sent(self, channel_id: int, wanted: Wanted) -> None:
        """Sets the channel's status for ``wanted``, unless it says that already."""
        now = self._shown.get(channel_id, UNKNOWN)
        status = await self._compose(channel_id, wanted, now)
        if isinstance(status, Mark) or status == now:
            return
        await self._put(channel_id, status)
        self._shown[channel_id] = status
