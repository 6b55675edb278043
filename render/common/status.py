"""What the status band atop every game's table picture says."""

from __future__ import annotations

from typing import NamedTuple

from render.common.palette import Color


class Status(NamedTuple):
    seats: tuple[int, ...]
    """Whose icons lead the status: the player to move, the one who busted, the winners."""
    headline: str
    """Claim's has ``PLAYER`` where its (single) seat's name goes."""
    color: Color
    note: str
