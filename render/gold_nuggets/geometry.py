"""Where everything sits on the table image. Public so tests can look at the right pixels.

The image is as wide as Claim It!'s board and its sizes are chosen for the
300 px a phone gives it (``render.common.phone``): dice 56 px wide (26 px on a
phone), numerals on them 40 px tall in the font's em, text no smaller than
20 px. From the top: the centre's pile beside the status; the dice, the tray
of those set aside above the last roll, with the value and the lassos at
their right; the players, one row each, so no row is empty.
"""

from __future__ import annotations

from typing import Final

from render.common.label import Box
from render.gold_nuggets.view import DICE

WIDTH: Final = 640
MARGIN: Final = 8
INSET: Final = 8
"""Margin inside a panel."""

BAND_TOP: Final = MARGIN
BAND_BOTTOM: Final = 100
CENTRE_BOX: Final[Box] = (MARGIN, BAND_TOP, 268, BAND_BOTTOM)
PILE: Final = (96, 64)
"""The centre's pile of nuggets, as wide and tall as this."""
PILE_ORIGIN: Final = (CENTRE_BOX[0] + INSET, (BAND_TOP + BAND_BOTTOM - PILE[1]) // 2)
CENTRE_TEXT_LEFT: Final = PILE_ORIGIN[0] + PILE[0] + 10
CENTRE_SPLIT: Final = BAND_TOP + 56
"""Between the count of nuggets left and the words under it."""
CENTRE_DELTA_LEFT: Final = CENTRE_TEXT_LEFT + 76
"""Where the last take's "-N" stands when it came from the centre."""

STATUS_BOX: Final[Box] = (CENTRE_BOX[2] + MARGIN, BAND_TOP, WIDTH - MARGIN, BAND_BOTTOM)
STATUS_SPLIT: Final = BAND_TOP + 54
"""Between the status's headline and the note under it."""
ICON: Final = 28
STATUS_ICON_LEFT: Final = STATUS_BOX[0] + 12
STATUS_ICON_TOP: Final = (BAND_TOP + STATUS_SPLIT) // 2 - ICON // 2

DICE_PANEL: Final[Box] = (MARGIN, BAND_BOTTOM + MARGIN, WIDTH - MARGIN, 316)
FRAME: Final = 5
"""Width of the red frame around the dice when they bust."""
DIE: Final = 56
DIE_GAP: Final = 8
CAPTION_HEIGHT: Final = 24
AREA_HEIGHT: Final = DIE + 2 * INSET
AREA_LEFT: Final = DICE_PANEL[0] + INSET
AREA_RIGHT: Final = AREA_LEFT + 2 * INSET + DICE * DIE + (DICE - 1) * DIE_GAP
TRAY_TOP: Final = DICE_PANEL[1] + 4 + CAPTION_HEIGHT
TRAY: Final[Box] = (AREA_LEFT, TRAY_TOP, AREA_RIGHT, TRAY_TOP + AREA_HEIGHT)
"""The dice set aside this turn, in a wooden tray with a slot for each of the seven."""
ROLL_TOP: Final = TRAY[3] + 4 + CAPTION_HEIGHT
ROLL_AREA: Final[Box] = (AREA_LEFT, ROLL_TOP, AREA_RIGHT, ROLL_TOP + AREA_HEIGHT)
"""The last roll, on the table."""
FIGURES_LEFT: Final = AREA_RIGHT + INSET
FIGURES_RIGHT: Final = DICE_PANEL[2] - INSET
VALUE_BOX: Final[Box] = (FIGURES_LEFT, TRAY[1], FIGURES_RIGHT, TRAY[3])
LASSO_BOX: Final[Box] = (FIGURES_LEFT, ROLL_AREA[1], FIGURES_RIGHT, ROLL_AREA[3])
LASSO_SPLIT: Final = LASSO_BOX[1] + 42
"""Between the lasso count and whether it allows a steal."""
LASSO_ICON: Final = 34

PANEL_TOP: Final = DICE_PANEL[3] + MARGIN
PANEL_LEFT: Final = MARGIN
PANEL_RIGHT: Final = WIDTH - MARGIN
HEADER_TOP: Final = PANEL_TOP + 4
HEADER_HEIGHT: Final = 22
ROW_HEIGHT: Final = 36
ICON_LEFT: Final = PANEL_LEFT + INSET + 27
"""Left of it, a row's ▶ (to move), ✖ (busted) or ★ (won)."""
NAME_LEFT: Final = ICON_LEFT + ICON + 8
NUGGETS_WIDTH: Final = 120
CHANGE_WIDTH: Final = 72
"""The last take's "+N" / "-N", left of the nuggets held."""
NUGGETS_COLUMN_LEFT: Final = PANEL_RIGHT - INSET - NUGGETS_WIDTH
CHANGE_COLUMN_LEFT: Final = NUGGETS_COLUMN_LEFT - CHANGE_WIDTH
NAME_RIGHT: Final = CHANGE_COLUMN_LEFT - 6


def height(players: int) -> int:
    return panel(players)[3] + MARGIN


def panel(players: int) -> Box:
    return (PANEL_LEFT, PANEL_TOP, PANEL_RIGHT, row_top(players) + 4)


def row_top(seat: int) -> int:
    return HEADER_TOP + HEADER_HEIGHT + seat * ROW_HEIGHT


def row_box(seat: int) -> Box:
    top = row_top(seat)
    return (PANEL_LEFT + 2, top + 1, PANEL_RIGHT - 2, top + ROW_HEIGHT - 1)


def _die_box(area: Box, index: int) -> Box:
    left = area[0] + INSET + index * (DIE + DIE_GAP)
    top = area[1] + INSET
    return (left, top, left + DIE, top + DIE)


def tray_die_box(index: int) -> Box:
    """The ``index``-th slot of the tray, 0 at the left."""
    return _die_box(TRAY, index)


def roll_die_box(index: int) -> Box:
    """The ``index``-th die of the last roll, 0 at the left."""
    return _die_box(ROLL_AREA, index)


def caption_box(area: Box) -> Box:
    """The line above a dice area (or a figure box) that names it."""
    return (area[0], area[1] - CAPTION_HEIGHT, area[2], area[1])


def nuggets_box(seat: int) -> Box:
    top = row_top(seat)
    return (NUGGETS_COLUMN_LEFT, top, NUGGETS_COLUMN_LEFT + NUGGETS_WIDTH, top + ROW_HEIGHT)


def change_box(seat: int) -> Box:
    top = row_top(seat)
    return (CHANGE_COLUMN_LEFT, top, NUGGETS_COLUMN_LEFT, top + ROW_HEIGHT)
