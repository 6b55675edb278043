"""What the features add to the board, given to its server as one: where it was opened
from, their actions on a game, and their places."""

from __future__ import annotations

from dataclasses import dataclass

from bot.activity.actions import BoardActions
from bot.activity.launched_boards import Launches
from bot.activity.places import BoardPlaces


@dataclass(frozen=True)
class FeatureParts:
    """The features' parts of the board; ``None``, a part no feature gives."""

    launches: Launches | None = None
    """Where the board was opened from (without it, it opens on its channel's games)."""
    actions: BoardActions | None = None
    places: BoardPlaces | None = None
