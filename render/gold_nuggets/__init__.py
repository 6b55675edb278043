"""Gold Nuggets' table image, drawn from a ``NuggetsView``. The package itself holds only
the view, which the bot builds without loading the drawing code (Pillow); each drawing is
in a module of its own:

png = pictures.render_table(NuggetsView(names=("Ann", "Bo"), nuggets=(0, 0), centre=77, turn=0))
gif = replay.render_replay(steps, limit)   # a finished game, animated
png = replay.render_still(steps[12])      # one of its steps
"""

from render.gold_nuggets.view import NuggetsView

__all__ = ["NuggetsView"]
