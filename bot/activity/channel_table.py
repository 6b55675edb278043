"""What a board needs of the channel's front end: a change made from a board is made
through it, so that the channel shows it as after a press."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Protocol

from bot.games.outcome import Outcome
from bot.storage import Game


class ChannelTable(Protocol):
    """The channel's front end, through which a board's change is made, so that the
    channel shows it as after a press."""

    async def move(self, game_id: int, made: Callable[[], Awaitable[Outcome]]) -> Outcome:
        """Makes a move (``made``), then shows it in the channel."""
        ...

    async def change(self, game_id: int, made: Callable[[], Awaitable[Game]]) -> Game:
        """Makes a lobby's change (``made``), then shows it in the channel."""
        ...

    async def act(self, game_id: int, action: str, made: Callable[[], Awaitable[object]]) -> None:
        """Takes a feature's board action (``made``), then shows it in the channel as
        the feature shows it."""
        ...
