"""A feature's own service: its reads, and its changes made in the core's write
transaction (``GameChanges.change``), so that a game it changes is noted, told and
watched as after any of the core's changes (its move remembered, the deadline watch
woken). A feature declares its service's class (``bot.service.feature_registry``); the
game service makes one of each over itself and hands it to whoever asks by its class
(``GameService.part``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeVar

from bot.service.game_writes import Change

if TYPE_CHECKING:
    from bot.service.game_changes import GameChanges

T = TypeVar("T")


class FeatureService:
    """The base of a feature's service, over the core it was made for."""

    def __init__(self, core: GameChanges) -> None:
        self.core = core
        """The game service itself: its reads, its changes, its hooks."""
        self._db = core.database
        self._clock = core.clock

    async def stop(self) -> None:
        """The bot stops, the work under way finished: what the service runs of its own
        (a pool of judges) ends. Called only where a service defines it."""

    async def _change(self, body: Change[T]) -> T:
        """Runs ``body`` in the core's write transaction of a game's change."""
        return await self.core.change(body)
