"""Claim's pictures: the public table from a ``TableView``, one player's private hand
from a ``HandView``. The package itself holds only the views, which the bot builds
without loading the drawing code (Pillow); each drawing is in a module of its own:

png = pictures.render_table(view)   # the channel's message
png = pictures.render_hand(view)    # ephemeral, to that player only
gif = replay.render_replay(steps, limit)   # a finished game's tables, animated
png = replay.render_still(steps[12])      # one of its steps
"""

from render.claim.view import CardFace, FactionResult, HandView, TableView

__all__ = ["CardFace", "FactionResult", "HandView", "TableView"]
