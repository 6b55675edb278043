"""Claim's pictures: the public table from a ``TableView``, one player's private hand
from a ``HandView``.

png = render_table(view)   # the channel's message
png = render_hand(view)    # ephemeral, to that player only
gif = render_replay(steps, limit)   # a finished game's tables, animated
png = render_still(steps[12])      # one of its steps
"""

from render.claim.hand_image import draw_hand
from render.claim.pictures import render_hand, render_table
from render.claim.replay import render_replay, render_still
from render.claim.table_image import draw_table
from render.claim.view import CardFace, FactionResult, HandView, TableView

__all__ = [
    "CardFace",
    "FactionResult",
    "HandView",
    "TableView",
    "draw_hand",
    "draw_table",
    "render_hand",
    "render_replay",
    "render_still",
    "render_table",
]
