"""The status band atop both of Claim's pictures: the icons of whom it is about, a headline,
and a note under it."""

from __future__ import annotations

from typing import Final

from render.claim.geometry import BAND_BOTTOM, BAND_TOP, ICON, STATUS_SPLIT
from render.claim.scene import Scene
from render.common import palette
from render.common.fonts import Face
from render.common.label import Label
from render.common.names import fit
from render.common.palette import Color

NOTE_SIZE: Final = 18
ICON_TOP: Final = (BAND_TOP + STATUS_SPLIT) // 2 - ICON // 2 + 2
"""Where the band's player icons stand: beside the headline."""


def headline(s: Scene, text: str, left: int, right: int, size: int, color: Color) -> None:
    s.label(Label(text, (left, BAND_TOP + 6, right, STATUS_SPLIT), size, color))


def note(s: Scene, text: str, left: int, right: int) -> None:
    """The line under the headline, shrunk to fit from ``left`` to ``right``."""
    fitted = fit(text, Face.REGULAR, NOTE_SIZE, right - left)
    s.label(
        Label(
            fitted,
            (left, STATUS_SPLIT, right, BAND_BOTTOM - 6),
            NOTE_SIZE,
            palette.MUTED,
            Face.REGULAR,
        )
    )
