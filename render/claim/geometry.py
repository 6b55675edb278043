"""Where things sit on Claim's pictures. Public so tests can look at the right pixels.

Both pictures are 640 px wide, as every game's, and sized for the 300 px a phone
gives them (``render.common.phone``): a card on the table is 84 px wide (39 px on a
phone) with its value 42 px tall in the font's em (about 20 px on a phone), and no
text is smaller than 17 px (8 px on a phone).

The table, from the top: the status and the trick counter; the felt with the
prize(s) at its left and the trick in play order; a strip of smaller cards (the
last trick, Trolls lying out, Gnome displays, Griffins) when there are any; the
players' table with their card counts and score piles by faction.

The hand, from the top: who and what to do, with the card to follow; a choice
(prizes and the peeked card, or loot factions) when there is one; the hand
grouped by faction; the face-down followers in phase 1.
"""

from __future__ import annotations

from typing import Final

from render.claim.sprites import Size
from render.common.label import Box

WIDTH: Final = 640
MARGIN: Final = 8
INSET: Final = 8
"""Margin inside a panel."""
RIGHT: Final = WIDTH - MARGIN

# The status band.
BAND_TOP: Final = MARGIN
BAND_BOTTOM: Final = 88
STATUS_BOX: Final[Box] = (MARGIN, BAND_TOP, 430, BAND_BOTTOM)
INFO_BOX: Final[Box] = (STATUS_BOX[2] + MARGIN, BAND_TOP, RIGHT, BAND_BOTTOM)
STATUS_SPLIT: Final = BAND_TOP + 48
"""Between the status's headline and the note under it."""
ICON: Final = 28
SMALL_ICON: Final = 20

# The felt: prizes and the trick.
FELT_TOP: Final = BAND_BOTTOM + MARGIN
CAPTION: Final = 24
"""The line above a row of cards that names them."""
NAME_LINE: Final = 26
"""The line under a trick's card: its player."""
REMARK_LINE: Final = 22
"""A second line under a trick's card, or in a player's row: the remark in brackets at the
end of a name too wide for one line (a computer player's level, "(bot)")."""
CARD_TOP: Final = FELT_TOP + 4 + CAPTION
FELT_BOTTOM: Final = CARD_TOP + Size.TABLE.height + 4 + NAME_LINE + 4
FELT_GAP: Final = 8
"""Between two prize cards."""
MAX_SLOT: Final = 120
"""The widest a trick's place on the felt gets (with few players)."""


def felt_box(top: int = FELT_TOP, remarks: bool = False) -> Box:
    """The felt; ``remarks``: with a second line under the trick's cards for names too
    wide for one."""
    return (MARGIN, top, RIGHT, top + FELT_BOTTOM - FELT_TOP + (REMARK_LINE if remarks else 0))


def prize_area(prizes: int, felt: Box) -> Box:
    """The felt's left part, for 1 or 2 prize cards."""
    width = prizes * Size.TABLE.width + (prizes - 1) * FELT_GAP + 2 * 12
    return (felt[0] + INSET, felt[1], felt[0] + INSET + width, felt[3])


def trick_slots(players: int, area: Box) -> list[Box]:
    """One place per seat for the trick's cards, left to right in play order; a box
    holds the caption, the card and the name under it."""
    left, top, right, bottom = area
    width = min(MAX_SLOT, (right - left) // players)
    start = left + ((right - left) - width * players) // 2
    return [(start + i * width, top, start + (i + 1) * width, bottom) for i in range(players)]


def card_at(slot: Box, size: Size = Size.TABLE) -> tuple[int, int]:
    """Where a card's top left corner goes in a slot of the felt."""
    return (slot[0] + (slot[2] - slot[0] - size.width) // 2, slot[1] + 4 + CAPTION)


# The strip of smaller cards.
STRIP_LINE: Final = Size.MINI.height + 12
STRIP_GAP: Final = 4
"""Between two small cards."""
GROUP_GAP: Final = 18
"""Before a new group of small cards."""

# The players' table.
HEADER: Final = 62
ROW: Final = 38
TALL_ROW: Final = ROW + REMARK_LINE - 12
"""A player's row whose name takes two lines."""
TEAM_ROW: Final = 32
RESULT_ROW: Final = 54
MARK_LEFT: Final = MARGIN + 4
ICON_LEFT: Final = MARGIN + INSET + 18
NAME_LEFT: Final = ICON_LEFT + ICON + 6
HAND_COLUMN: Final = 54
FOLLOWER_COLUMN: Final = 90
WON_COLUMN: Final = 58
MIN_FACTION_COLUMN: Final = 46
MAX_FACTION_COLUMN: Final = 54

# The hand.
HAND_HEADER: Final = 88
"""The header band (who, what to do, the card to follow) is as tall as the status."""
HAND_GAP: Final = 6
"""Between two cards of one faction in the hand."""
HAND_GROUP_GAP: Final = 16
HAND_LINE: Final = CAPTION + Size.HAND.height + 10
"""A row of the hand: its factions' names above the cards."""
FOLLOWER_LINE: Final = Size.MINI.height + 10
