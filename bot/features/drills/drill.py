"""A drill as the drills' service serves it, and what an answer to one did: the
drills' own and the position of the day's (``daily``), which the service holds."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from fsrs import Card

from bot.games.analysis import Weighed


@dataclass(frozen=True)
class Drill:
    """A position of a player's own, judged a mistake of theirs, to answer again."""

    id: int
    user_id: int
    kind: str
    """The game's kind."""
    seat: int
    """The seat the player held in the game it comes from."""
    state: Any
    """The position, whole, as the game's rules read it: only what ``seat`` may see of it
    is ever drawn (Claim: its own hand)."""
    weighed: Weighed
    """Its options and their worths, from ``seat``'s view."""
    chosen: str
    """The option they chose in that game (as its report keeps one)."""
    game_id: int
    """The latest game it was met in (its step-through shows it)."""
    guild_id: int
    move: int
    """The decision's move in that game (``Judged.move``): the replay's step
    ``replay.step_showing(move)`` shows it made."""
    card: Card
    """Its FSRS card: how well it is known."""
    due_at: float
    """When it is asked again: its card's due, as kept (to the fraction of a second the
    bot's clock gives, which the card's datetime rounds to microseconds)."""
    version: int
    """One on at each change of its card (an answer, a later game meeting it): an answer
    carries the version it saw."""
    hinted: bool
    """Its options' costs were shown at this version: a right answer now is rated Hard."""


@dataclass(frozen=True)
class Answered:
    """What an answer to a drill did."""

    drill: Drill
    """The drill as it now stands."""
    option: str
    """What they picked."""
    best: str
    cost: Fraction
    """What theirs gave away against the best (0: it was the best, or as good), in the
    drill's unit."""
    right: bool
    next_due: float
    """When it is asked again."""
