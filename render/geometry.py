"""Where everything sits on the image. Public so tests can look at the right pixels.

The canvas is square so it previews large in Discord both on phones (limited by
width) and on desktop (limited by height). Row 1 is at the bottom, next to the
column numbers, so ``c,r`` reads like x,y.
"""

from __future__ import annotations

from typing import Final

from engine.claimit import Space

Box = tuple[int, int, int, int]
Point = tuple[int, int]

WIDTH: Final = 768
HEIGHT: Final = 768
SPACE: Final = 84
BOARD_LEFT: Final = 40
BOARD_TOP: Final = 16
BOARD_RIGHT: Final = BOARD_LEFT + 6 * SPACE
BOARD_BOTTOM: Final = BOARD_TOP + 6 * SPACE
ROW_LABEL_X: Final = BOARD_LEFT // 2 - 1
COLUMN_LABEL_Y: Final = BOARD_BOTTOM + 17

SIDE: Final[Box] = (BOARD_RIGHT + 16, BOARD_TOP, WIDTH - 12, BOARD_BOTTOM + 28)
TABLE: Final[Box] = (12, BOARD_BOTTOM + 36, WIDTH - 12, HEIGHT - 8)
TABLE_HEADER: Final = 24
ROW_HEIGHT: Final = 34

TOKEN: Final = 46
"""Width of a marker seen from above."""
TOKEN_FACE: Final = 38
"""Height of its top face (the view is from slightly above)."""
TOKEN_EDGE: Final = 7
"""Thickness of a marker: the visible side of the one below."""
LAYER_STEP: Final = TOKEN_EDGE + 3

DIE: Final = 52
DICE_Y: Final = SIDE[1] + 96


def space_box(space: Space) -> Box:
    left = BOARD_LEFT + (space.col - 1) * SPACE
    top = BOARD_TOP + (6 - space.row) * SPACE
    return (left, top, left + SPACE, top + SPACE)


def space_center(space: Space) -> Point:
    left, top, _, _ = space_box(space)
    return (left + SPACE // 2, top + SPACE // 2)


def stack_origin(space: Space) -> Point:
    """Where the bottom marker's sprite is pasted (its top-left corner)."""
    left, top, _, _ = space_box(space)
    return (left + 10, top + SPACE - 10 - TOKEN_FACE - TOKEN_EDGE)


def layer_face_center(space: Space, layer: int) -> Point:
    """The middle of the top face of the marker at ``layer`` (0 = bottom) of a stack."""
    x, y = stack_origin(space)
    return (x + TOKEN // 2, y - layer * LAYER_STEP + TOKEN_FACE // 2)


def badge_center(space: Space) -> Point:
    """The middle of a candidate's letter badge, in the space's top-right corner."""
    _, top, right, _ = space_box(space)
    return (right - 17, top + 17)


def die_box(index: int) -> Box:
    left = SIDE[0] + 6 + index * (DIE + 12)
    return (left, DICE_Y, left + DIE, DICE_Y + DIE)


def table_row_top(seat: int) -> int:
    return TABLE[1] + TABLE_HEADER + seat * ROW_HEIGHT
