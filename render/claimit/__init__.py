"""Claim It!'s board image, drawn from engine states.

png = render_board(state, View(names=("Ann", "Bo")))
gif = render_replay(steps, limit)   # a finished game, animated
png = render_still(steps[12])      # one of its steps
"""

from render.claimit.board_image import draw_board
from render.claimit.pictures import render_board
from render.claimit.replay import render_replay, render_still
from render.claimit.view import LETTERS, View, lettered

__all__ = [
    "LETTERS",
    "View",
    "draw_board",
    "lettered",
    "render_board",
    "render_replay",
    "render_still",
]
