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
    "AUT": (96, 125, 139),
    "BAR": (134, 84, 180),
    "DOP": (208, 200, 232),
    "DRA": (196, 42, 50),
    "DWA": (126, 82, 44),
    "GIA": (214, 182, 134),
    "GNO": (146, 204, 98),
    "GOB": (34, 98, 56),
    "GRI": (236, 168, 38),
    "KIN": (38, 58, 142),
    "KNI": (166, 198, 228),
    "PEA": (244, 226, 132),
    "RAC": (118, 116, 122),
    "SEE": (18, 118, 130),
    "TRO": (106, 112, 38),
    "UND": (40, 38, 48),
    "VIK": (230, 110, 44),
}
"""The card body of each faction."""

RIM: Final[Color] = (238, 232, 218)
"""The light rim around every card's face."""
RIM_EDGE: Final[Color] = (120, 114, 100)
BACK: Final[Color] = (56, 70, 128)
BACK_PATTERN: Final[Color] = (84, 100, 166)
BACK_EDGE: Final[Color] = (24, 30, 60)
FELT: Final[Color] = (30, 74, 58)
"""The table the trick is played on: green felt, darker than any card's edge."""
FELT_EDGE: Final[Color] = (52, 104, 84)
SLOT: Final[Color] = (40, 90, 72)
"""An empty place on the felt, for a card still to come."""
SLOT_EDGE: Final[Color] = (82, 134, 112)
LOOT: Final[Color] = (250, 199, 50)
LOOT_EDGE: Final[Color] = (122, 82, 10)
NEW: Final[Color] = (250, 199, 50)
"""The "new" tag on a card just drawn."""
CELL: Final[Color] = (60, 63, 69)
"""A cell of the score table that holds cards."""
WON_CELL: Final[Color] = (112, 92, 26)
TEAM_ROW: Final[Color] = (56, 59, 66)
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
