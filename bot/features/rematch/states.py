"""Where a rematch offer stands: the states its rows take, apart from its tables
(``schema``), which only the making of a database reads."""

from __future__ import annotations

from enum import StrEnum


class RematchState(StrEnum):
    """Where a rematch offer stands."""

    OPEN = "open"
    """Its players are answering."""
    STARTED = "started"
    """The new game started (``new_game_id``)."""
    LAPSED = "lapsed"
    """Its time ran out before it started."""
    DECLINED = "declined"
    """Too many declined for a game to be made of the rest."""
