"""A piece a picture points its reader at (lit): a gold outline around it, the same in
every game's pictures. Which pieces are lit is the caller's to say, in the picture's own
terms (a space, a die of the roll, a card); a picture lights nothing unless told.
"""

from __future__ import annotations

from typing import Final

from render.common import palette
from render.common.label import Box
from render.common.palette import Color
from render.common.scene import Scene

COLOR: Final[Color] = palette.GOLD
"""The pictures' gold, near the board's (the Activity's) #f0b232: every kind's palette
holds it, so it comes out exactly as drawn."""
WIDTH: Final = 3
REACH: Final = 4
"""How far the outline's outer edge stands off the piece: a pixel clear of it, then its
width, all within the gap between two dice or two cards (four pixels at the least)."""
RADIUS: Final = 8


def lit_box(box: Box, reach: int = REACH) -> Box:
    """The outline around a piece's ``box`` (right and bottom exclusive, as a sprite's),
    ``reach`` pixels out, as ``rounded_rectangle`` takes it (right and bottom inclusive)."""
    left, top, right, bottom = box
    return (left - reach, top - reach, right - 1 + reach, bottom - 1 + reach)


def outline(scene: Scene, box: Box, reach: int = REACH, width: int = WIDTH) -> None:
    """Lights the piece in ``box`` (right and bottom exclusive) on ``scene``."""
    scene.rounded_rectangle(lit_box(box, reach), radius=RADIUS, outline=COLOR, width=width)
