"""Gold Nuggets' table image, drawn from a ``NuggetsView``.

png = render_table(NuggetsView(names=("Ann", "Bo"), nuggets=(0, 0), centre=77, turn=0))
gif = render_replay(steps, limit)   # a finished game, animated
png = render_still(steps[12])      # one of its steps
"""

from render.gold_nuggets.pictures import render_table
from render.gold_nuggets.replay import render_replay, render_still
from render.gold_nuggets.table_image import draw_table
from render.gold_nuggets.view import NuggetsView

__all__ = ["NuggetsView", "draw_table", "render_replay", "render_still", "render_table"]
