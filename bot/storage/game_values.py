"""The plain values a game is kept with, which storage shares with the games and the
layers above them: a game's JSON form, its rule options and a computer player's level."""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from typing import Any

JSON = dict[str, Any]
OptionValue = bool | str
Options = Mapping[str, OptionValue]


class Level(StrEnum):
    """How well a computer player plays; every game has the three."""

    EASY = "easy"
    NORMAL = "normal"
    HARD = "hard"
