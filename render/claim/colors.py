"""Claim's own colours: one per faction, the card back, the felt of the table.

The factions' colours spread over the whole range of lightness (from the Undead's
near-black to the Peasants' straw), so that neighbours in a hand differ in more
than hue; the emblem and the letters on every card tell them apart where colour
cannot. Each card's ink (value, emblem, letters) is white or near-black, whichever
contrasts more with its colour.
"""

from __future__ import annotations

from typing import Final

from render.common import palette
from render.common.palette import Color

FACTION: Final[dict[str, Color]] = {
    "AUT": (96, 124, 140),
    "BAR": (136, 84, 180),
    "DOP": (208, 200, 232),
    "DRA": (196, 44, 52),
    "DWA": (128, 84, 44),
    "GIA": (216, 184, 136),
    "GNO": (148, 204, 100),
    "GOB": (36, 100, 56),
    "GRI": (236, 168, 40),
    "KIN": (40, 60, 144),
    "KNI": (168, 200, 228),
    "PEA": (244, 228, 132),
    "RAC": (120, 116, 124),
    "SEE": (20, 120, 132),
    "TRO": (108, 112, 40),
    "UND": (40, 40, 48),
    "VIK": (232, 112, 44),
}
"""The card body of each faction."""

RIM: Final[Color] = (240, 232, 220)
"""The light rim around every card's face."""
RIM_EDGE: Final[Color] = (120, 116, 100)
BACK: Final[Color] = (56, 72, 128)
BACK_PATTERN: Final[Color] = (84, 100, 168)
BACK_EDGE: Final[Color] = (24, 32, 60)
FELT: Final[Color] = (32, 76, 60)
"""The table the trick is played on: green felt, darker than any card's edge."""
FELT_EDGE: Final[Color] = (52, 104, 84)
SLOT: Final[Color] = (40, 92, 72)
"""An empty place on the felt, for a card still to come."""
SLOT_EDGE: Final[Color] = (84, 136, 112)
LOOT: Final[Color] = (252, 200, 52)
LOOT_EDGE: Final[Color] = (124, 84, 12)
NEW: Final[Color] = (252, 200, 52)
"""The "new" tag on a card just drawn."""
CELL: Final[Color] = (60, 64, 68)
"""A cell of the score table that holds cards."""
WON_CELL: Final[Color] = (112, 92, 28)
TEAM_ROW: Final[Color] = (56, 60, 68)
DIM_TOWARD: Final[Color] = palette.PANEL


def luminance(color: Color) -> float:
    """Relative luminance as WCAG defines it."""

    def linear(channel: int) -> float:
        c = channel / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(c) for c in color)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: Color, b: Color) -> float:
    light, dark = sorted((luminance(a), luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def ink(body: Color) -> Color:
    """White or near-black, whichever reads better on ``body``."""
    if contrast(body, palette.WHITE) >= contrast(body, palette.INK):
        return palette.WHITE
    return palette.INK


def edge(body: Color) -> Color:
    """A card's outline: its colour darkened, so light cards keep an edge on a light card."""
    return palette.shade(body, 0.55)
