"""Where everything sits on the image. Public so tests can look at the right pixels.

Discord fits an embedded image to about 300 px of width on a phone (every size
below is chosen for ``render.common.phone.PHONE_WIDTH``) and 300 px of height
on a desktop. The board therefore spans the whole width, with the
panel below it, sized to the number of players so that no row is empty; at 5
players the image is just tall enough that the desktop board is no smaller than
on the square layout this one replaced. Row 1 is at the bottom, next to the
column numbers, so ``c,r`` reads like x,y.
"""

from __future__ import annotations

from typing import Final

from engine.claimit import Space

Box = tuple[int, int, int, int]
Point = tuple[int, int]

WIDTH: Final = 640
SPACE: Final = 98
BOARD_LEFT: Final = 30
BOARD_TOP: Final = 10
BOARD_RIGHT: Final = BOARD_LEFT + 6 * SPACE
BOARD_BOTTOM: Final = BOARD_TOP + 6 * SPACE
FRAME: Final = 6
"""Width of the wooden frame around the spaces (red on a bust)."""
COLUMN_LABELS_TOP: Final = BOARD_BOTTOM + FRAME

TOKEN: Final = 56
"""Width of a marker seen from above."""
TOKEN_FACE: Final = 46
"""Height of its top face (the view is from slightly above)."""
TOKEN_EDGE: Final = 8
"""Thickness of a marker: the visible side of the one below."""
LAYER_STEP: Final = TOKEN_EDGE + 4

CLAIMED_BORDER: Final = 6
"""A claimed space is fenced in claim-marker black this wide, inside its edges."""
BADGE: Final = 32
"""Side of the letter badge in a candidate's (or a lost space's) top-right corner."""
BADGE_MARGIN: Final = 4

PANEL_TOP: Final = COLUMN_LABELS_TOP + 26
PANEL_LEFT: Final = 8
PANEL_RIGHT: Final = WIDTH - 8
INSET: Final = 8
"""Margin inside the panel."""

STRIP_TOP: Final = PANEL_TOP + 4
STRIP_HEIGHT: Final = 54
"""The dice, what to do now, and the last round."""
STRIP_MIDDLE: Final = STRIP_TOP + STRIP_HEIGHT // 2
STRIP_SPLIT: Final = STRIP_TOP + 32
"""Between the status's headline and the note under it."""
DIE: Final = 44
DIE_GAP: Final = 8
STATUS_LEFT: Final = PANEL_LEFT + INSET + 3 * DIE + 2 * DIE_GAP + 14
"""Where the status starts when dice are shown; without dice it starts at the panel's edge."""
LAST_ROUND_BOX: Final[Box] = (
    PANEL_RIGHT - INSET - 160,
    STRIP_TOP + 3,
    PANEL_RIGHT - INSET,
    STRIP_TOP + STRIP_HEIGHT - 3,
)
LAST_ROUND_SPLIT: Final = (LAST_ROUND_BOX[1] + LAST_ROUND_BOX[3]) // 2
"""Between "LAST ROUND" and who plays last (an icon, then "plays last")."""
LAST_ROUND_ICON: Final = 22

HEADER_TOP: Final = STRIP_TOP + STRIP_HEIGHT
HEADER_HEIGHT: Final = 22
ROW_HEIGHT: Final = 35

ICON: Final = 28
ICON_LEFT: Final = PANEL_LEFT + INSET + 27
"""Left of it, a row's ▶ (to move), ✖ (busted) or ★ (won)."""
NAME_LEFT: Final = ICON_LEFT + ICON + 8
COLUMN_WIDTHS: Final = (78, 78, 134)
"""The figures at the right of each row (spaces, claims, largest mine), last column flush
right."""
NAME_RIGHT: Final = PANEL_RIGHT - INSET - sum(COLUMN_WIDTHS) - 6


def height(players: int) -> int:
    return panel(players)[3] + 6


def panel(players: int) -> Box:
    return (PANEL_LEFT, PANEL_TOP, PANEL_RIGHT, table_row_top(players) + 4)


def space_box(space: Space) -> Box:
    left = BOARD_LEFT + (space.col - 1) * SPACE
    top = BOARD_TOP + (6 - space.row) * SPACE
    return (left, top, left + SPACE, top + SPACE)


def space_center(space: Space) -> Point:
    left, top, _, _ = space_box(space)
    return (left + SPACE // 2, top + SPACE // 2)


def stack_origin(space: Space) -> Point:
    """Where the bottom marker's sprite is pasted (its top-left corner).

    Left of the middle, so that a stack of three clears the badge corner.
    """
    left, top, _, _ = space_box(space)
    return (left + 6, top + SPACE - 9 - TOKEN_FACE - TOKEN_EDGE)


def layer_face_center(space: Space, layer: int) -> Point:
    """The middle of the top face of the marker at ``layer`` (0 = bottom) of a stack."""
    x, y = stack_origin(space)
    return (x + TOKEN // 2, y - layer * LAYER_STEP + TOKEN_FACE // 2)


def badge_box(space: Space) -> Box:
    _, top, right, _ = space_box(space)
    left, top = right - BADGE_MARGIN - BADGE, top + BADGE_MARGIN
    return (left, top, left + BADGE, top + BADGE)


def badge_center(space: Space) -> Point:
    """The middle of a candidate's letter badge, in the space's top-right corner."""
    left, top, right, bottom = badge_box(space)
    return ((left + right) // 2, (top + bottom) // 2)


def die_box(index: int) -> Box:
    left = PANEL_LEFT + INSET + index * (DIE + DIE_GAP)
    top = STRIP_MIDDLE - DIE // 2
    return (left, top, left + DIE, top + DIE)


def table_row_top(seat: int) -> int:
    return HEADER_TOP + HEADER_HEIGHT + seat * ROW_HEIGHT


def column_box(index: int, top: int, bottom: int) -> Box:
    """The ``index``-th figure column (as in ``COLUMN_WIDTHS``) between ``top`` and ``bottom``."""
    right = PANEL_RIGHT - INSET - sum(COLUMN_WIDTHS[index + 1 :])
    return (right - COLUMN_WIDTHS[index], top, right, bottom)
