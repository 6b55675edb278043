"""Board images drawn from engine states with Pillow; knows nothing of Discord.

    png = render_board(state, View(names=("Ann", "Bo")))

Rendering is pure and thread-safe, so the bot runs it in a worker thread.
"""

from render.board_image import draw_board, render_board
from render.view import LETTERS, View, lettered

__all__ = ["LETTERS", "View", "draw_board", "lettered", "render_board"]
