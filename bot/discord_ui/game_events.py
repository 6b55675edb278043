"""What happens to games, told to the features that follow it: a game was shown, a game
ended (with the move that ended it), a game's place is unknown to Discord.

The live table tells of each once it has happened, and each feature that follows it (a
``Follows`` method it defines) hears of it in a task of its own, as discord.py runs the
handlers of Discord's events: a feature is never on the path of a move, and one that
fails is one log line that stops nobody else.

"Ended" is told of a game that had begun, once its end is shown by this process (or,
its place gone, it has nowhere left to be shown): a game whose end was shown
just before a stop, but not recorded, is shown again on the start, and told again; a
feature acting on it keeps its own record of what it did.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Coroutine, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from bot.games.outcome import Outcome
from bot.storage import Game, GameStatus

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class GameEnded:
    """A game is over and shown: finished, or closed before its end (``game.status`` and
    ``game.end_reason`` say which)."""

    game: Game
    last: Outcome | None
    """The move that finished it, or ``None`` for a game closed without one (cancelled,
    its place gone), or whose last move can't be replayed."""

    @property
    def finished(self) -> bool:
        """Whether the game was played to its end (a result, rated as its server says)."""
        return self.game.status is GameStatus.FINISHED


class Follows(Protocol):
    """What a feature may follow (its methods of these names)."""

    async def game_shown(self, game: Game) -> None:
        """The game's messages show it at ``game.version``."""

    async def game_ended(self, ended: GameEnded) -> None:
        """The game is over, and its end is shown."""

    async def place_unknown(self, game_id: int) -> None:
        """A show of the game met Discord's 10003: its place went unbeknown to the bot."""


EVENTS = ("game_shown", "game_ended", "place_unknown")
"""The names of the methods ``Follows`` lists."""


class GameEvents:
    """Tells each event to the features that follow it."""

    def __init__(self, expected: Callable[[Exception], bool]) -> None:
        self._expected = expected
        self._followers: dict[str, list[Callable[..., Awaitable[None]]]] = {}
        self._telling: set[asyncio.Task[None]] = set()

    def follow(self, event: str, follower: Callable[..., Awaitable[None]]) -> None:
        """``follower`` hears of every ``event`` from now on."""
        if event not in EVENTS:
            raise ValueError(f"no game event is called {event!r}")
        self._followers.setdefault(event, []).append(follower)

    def shown(self, game: Game) -> None:
        """The game's messages now show it."""
        self._tell("game_shown", game)

    def ended(self, game: Game, last: Outcome | None) -> None:
        """The game is over, and its end is shown."""
        self._tell("game_ended", GameEnded(game, last))

    def place_unknown(self, game_id: int) -> None:
        """A show of the game met 10003."""
        self._tell("place_unknown", game_id)

    def _tell(self, event: str, *args: Any) -> None:
        for follower in self._followers.get(event, ()):
            task = asyncio.create_task(self._told(event, follower(*args)))
            self._telling.add(task)
            task.add_done_callback(self._telling.discard)

    async def _told(self, event: str, telling: Coroutine[Any, Any, None] | Awaitable[None]) -> None:
        try:
            await telling
        except asyncio.CancelledError:
            raise
        except Exception as error:
            log.warning(
                "a follower of %s failed: %s", event, error, exc_info=not self._expected(error)
            )

    async def idle(self) -> None:
        """Until everything told so far has been heard (and whatever hearing it told in
        turn)."""
        while self._telling:
            await asyncio.gather(*list(self._telling), return_exceptions=True)

    async def stop(self) -> None:
        """Waits for what is being told; nothing is told after."""
        self._followers.clear()
        telling: Sequence[asyncio.Task[None]] = list(self._telling)
        if telling:
            await asyncio.gather(*telling, return_exceptions=True)
