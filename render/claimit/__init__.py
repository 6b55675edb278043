"""Claim It!'s board image, drawn from engine states. The package itself holds only the
view, which the bot builds without loading the drawing code (Pillow); each drawing is in
a module of its own:

png = pictures.render_board(state, View(names=("Ann", "Bo")))
gif = replay.render_replay(steps, limit)   # a finished game, animated
png = replay.render_still(steps[12])      # one of its steps
"""

from render.claimit.view import LETTERS, View, lettered

__all__ = ["LETTERS", "View", "lettered"]
