"""Gold Nuggets' table image, drawn from a ``NuggetsView``.

png = render_table(NuggetsView(names=("Ann", "Bo"), nuggets=(0, 0), centre=77, turn=0))
gif = render_replay(steps, limit)   # a finished game, animated
"""

from render.gold_nuggets.pictures import render_table
from render.gold_nuggets.replay import render_replay
from render.gold_nuggets.table_image import draw_table
from render.gold_nuggets.view import NuggetsView

__all__ = ["NuggetsView", "draw_table", "render_replay", "render_table"]
