"""The standings' own colors: the medals and the rows' stripes. The ones every picture
shares are in ``render.common.palette``. All are multiples of 4, so that they come out of
the palette PNG exactly (``render.common.png``)."""

from __future__ import annotations

from render.common.palette import Color

STRIPE: Color = (56, 60, 64)
"""Every other line, a shade lighter than the panel, to follow a line across on a phone."""
MEDAL_GOLD: Color = (236, 184, 32)
MEDAL_SILVER: Color = (196, 200, 208)
MEDAL_BRONZE: Color = (200, 128, 68)
MEDALS: tuple[Color, Color, Color] = (MEDAL_GOLD, MEDAL_SILVER, MEDAL_BRONZE)
"""Ranks 1, 2 and 3 of a finished tournament."""
MEDAL_EDGE: Color = (36, 32, 28)
