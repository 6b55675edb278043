"""An action as the service applied it, which the faces and the Discord layer show."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bot.storage.records import Game, RatingChange, Result, Seat


@dataclass(frozen=True)
class Outcome:
    """An applied action: the game as stored afterwards, and what happened."""

    game: Game
    before: Any
    """The position the action was applied to (the game's engine's type)."""
    seat: int
    """Who acted (or was timed out)."""
    action: Any
    events: tuple[Any, ...]
    turn_over: bool
    """The action ended a turn (a new one, if the game goes on, gets a new message)."""
    took_over: Seat | None = None
    """The seat a computer player took over with this action (its player timed out twice)."""
    stood_in: bool = False
    """The computer player to act could not decide, so the time-out rule moved for it."""
    for_away: bool = False
    """A computer player made the move for the seat's player, who is away."""
    results: tuple[Result, ...] = ()
    """The final table, when this action ended the game."""
    rating_changes: tuple[RatingChange, ...] = ()
    """What the game did to its humans' ratings (none when it was unrated)."""

    @property
    def state(self) -> Any:
        """The position the action led to."""
        assert self.game.state is not None
        return self.game.state
