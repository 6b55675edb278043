"""What the table image shows, in plain values the bot builds from the game.

The image is drawn from this view alone, never from the engine, so that it
shows exactly what the bot decided to show and needs nothing else.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

from i18n import Language, english
from render.common.seats import check_seats

FACES: Final = ("L", "N", "2", "3", "4", "5")
"""A die's faces, in the order the image sorts dice: lasso, nugget, then the numbers."""
DICE: Final = 7
STEAL_LASSOS: Final = 3
"""Lassos set aside this turn that let the player take from an opponent instead."""


@dataclass(frozen=True)
class NuggetsView:
    """One moment of a game of Gold Nuggets, as the image shows it."""

    names: tuple[str | None, ...]
    """Display names by seat, 2-5 of them; a missing or undrawable name shows as "Player N"
    (in ``lang``)."""
    nuggets: tuple[int, ...]
    """The nuggets each seat holds."""
    centre: int
    """The nuggets left in the centre, 0-77."""
    turn: int
    """The seat whose turn the dice belong to: the one to play, the one who just busted, or
    (at game over) the one who took last."""
    aside: tuple[str, ...] = ()
    """The dice set aside this turn, each a face of ``FACES``."""
    rolled: tuple[str, ...] = ()
    """The last roll: the one waiting for its set-aside, the one just set aside from (with
    ``rolled_used``), or the one that busted (with ``bust``)."""
    rolled_used: bool = False
    """The set-aside from ``rolled`` is done; the roll is shown greyed."""
    kept: tuple[str, ...] = ()
    """With ``rolled_used``: the dice of ``rolled`` that were set aside from it."""
    value: int = 0
    """What the dice set aside are worth, as the engine counts it (the "Take N" button's N)."""
    bust: bool = False
    """``rolled`` allowed no set-aside: the dice set aside are lost and the turn ends."""
    over: bool = False
    winners: tuple[int, ...] = ()
    """The seats that won; given exactly when ``over``."""
    took: tuple[int, int | None, int] | None = None
    """The last take, to highlight: (the seat that took, the seat taken from or None for the
    centre, the nuggets moved)."""
    bonus: bool = False
    """This turn was earned by setting aside all seven dice."""
    closed: bool = False
    """The game was cancelled before its end: the table as it stood, nobody to move."""
    lang: Language = field(default_factory=english)
    """The language of the image's words."""

    def __post_init__(self) -> None:
        if not 2 <= len(self.names) <= 5 or len(self.nuggets) != len(self.names):
            raise ValueError("a name and a nugget count for each of 2-5 seats")
        if any(face not in FACES for face in (*self.aside, *self.rolled, *self.kept)):
            raise ValueError(f"faces are {', '.join(FACES)}")
        if len(self.aside) > DICE or len(self.rolled) > DICE:
            raise ValueError(f"there are {DICE} dice")
        named = (self.turn, *self.winners)
        check_seats(len(self.names), named, over=self.over, winners=self.winners)

    @property
    def players(self) -> int:
        return len(self.names)

    @property
    def lassos(self) -> int:
        return self.aside.count("L")
