"""What the image needs besides the position: names, the roll to show, a bust."""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.claimit import GameState, Placement, Space
from i18n import Language, english

LETTERS = "ABCDEF"
"""Candidate placements are lettered in the engine's order; the buttons use the same letters."""


@dataclass(frozen=True)
class View:
    names: tuple[str | None, ...] = ()
    """Display names by seat, as the reader reads them (a computer player's in ``lang``);
    a missing or undrawable name shows as "Player N"."""
    rolled: tuple[int, int, int] | None = None
    """The last roll, shown when the state no longer carries it (after a placement or a bust)."""
    bust: int | None = None
    """The seat that just busted with ``rolled``."""
    lang: Language = field(default_factory=english)
    """The language of every word drawn."""
    closed: bool = False
    """The game was cancelled before its end: the board as it stood, nobody to move."""
    lit_spaces: frozenset[Space] = frozenset()
    """The spaces outlined in gold, to point the reader at them."""
    lit_dice: frozenset[int] = frozenset()
    """The dice of the roll waiting to be placed outlined in gold, by their place in the
    roll (0 first); none while no roll waits."""


def lettered(state: GameState) -> tuple[tuple[str, Placement], ...]:
    """The pending roll's legal placements with their letters, A first."""
    return tuple(zip(LETTERS, state.pending_placements(), strict=False))
