"""Where everything of the standings picture lies, in pixels of the image.

The picture is as wide as the games' (640 px), so Discord shows it at the same scale on a
phone (``render.common.phone``) and its words are as readable. It grows downwards, a line
per player, up to a tournament's 64: each line needs the phone's whole width to show a
name and five figures at a readable size, which two columns side by side would halve (to
names of four or five letters), so a long table is a taller picture, which Discord opens
full width and lets the reader scroll.
"""

from __future__ import annotations

from typing import Final

from render.common.label import Box

WIDTH: Final = 640
EDGE: Final = 12
"""The panel's distance from the picture's sides."""
TEXT_LEFT: Final = 24
TEXT_RIGHT: Final = WIDTH - TEXT_LEFT
TITLE_BOX: Final = (TEXT_LEFT, 12, TEXT_RIGHT, 52)
SUBTITLE_BOX: Final = (TEXT_LEFT, 52, TEXT_RIGHT, 80)
PANEL_TOP: Final = 92
HEADER_HEIGHT: Final = 36
RULE: Final = 2
"""The line under the headers."""
ROW_HEIGHT: Final = 40
ROW_INSET: Final = 4
"""A line's fill stops this short of the panel's sides."""
PANEL_PAD: Final = 8
"""The panel below its last line."""
FOOTER_GAP: Final = 6
FOOTER_LINE: Final = 28
BOTTOM: Final = 12
MEDAL: Final = 32
"""A medal's diameter."""
GAP: Final = 8
"""Between a name and its mark."""

RANK: Final = (TEXT_LEFT, 72)
NAME: Final = (80, 336)
POINTS: Final = (336, 406)
TIEBREAK: Final = (406, 476)
WINS: Final = (476, 546)
GAMES: Final = (546, TEXT_RIGHT)
COLUMNS: Final = (RANK, NAME, POINTS, TIEBREAK, WINS, GAMES)
"""Each column's left and right, in the order of the view's headers. The figures' columns
are 70 px: room for "10½" in bold and for German headers ("Partien") a size smaller."""


def row_top(index: int) -> int:
    return PANEL_TOP + HEADER_HEIGHT + index * ROW_HEIGHT


def row_box(index: int) -> Box:
    """The fill of the ``index``-th line (from 0)."""
    top = row_top(index)
    return (EDGE + ROW_INSET, top, WIDTH - EDGE - ROW_INSET, top + ROW_HEIGHT)


def cell(column: tuple[int, int], index: int) -> Box:
    left, right = column
    top = row_top(index)
    return (left, top, right, top + ROW_HEIGHT)


def header_box(column: tuple[int, int]) -> Box:
    left, right = column
    return (left, PANEL_TOP, right, PANEL_TOP + HEADER_HEIGHT - RULE)


def rule_box() -> Box:
    top = PANEL_TOP + HEADER_HEIGHT - RULE
    return (EDGE + ROW_INSET, top, WIDTH - EDGE - ROW_INSET, top + RULE)


def medal_box(index: int) -> Box:
    left, right = RANK
    x = (left + right - MEDAL) // 2
    y = row_top(index) + (ROW_HEIGHT - MEDAL) // 2
    return (x, y, x + MEDAL, y + MEDAL)


def panel(lines: int) -> Box:
    return (EDGE, PANEL_TOP, WIDTH - EDGE, row_top(lines) + PANEL_PAD)


def footer_box(lines: int, number: int) -> Box:
    """The ``number``-th line (from 0) of the footer under a table of ``lines`` lines."""
    top = panel(lines)[3] + FOOTER_GAP + number * FOOTER_LINE
    return (TEXT_LEFT, top, TEXT_RIGHT, top + FOOTER_LINE)


def height(lines: int, footer_lines: int) -> int:
    return footer_box(lines, footer_lines)[1] - (0 if footer_lines else FOOTER_GAP) + BOTTOM
