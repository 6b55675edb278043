"""What every game's computer players share: the levels they play at, and, in the dice games,
the decision to roll again, whose dice the caller throws."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Level(StrEnum):
    EASY = "easy"
    NORMAL = "normal"
    HARD = "hard"


@dataclass(frozen=True)
class RollAgain:
    """The bot wants to roll; the dice are the caller's to throw."""
