"""Claim It!'s board as a PNG, with one palette for every board (see ``render.common.png``)."""

from __future__ import annotations

from engine.claimit import GameState, Phase
from render.claimit.board_image import board_scene
from render.claimit.view import View
from render.common.png import SMALL, Album, PictureKind

BOARD = PictureKind("claimit-board", SMALL)


def render_board(state: GameState, view: View | None = None, album: Album | None = None) -> bytes:
    """The board as a PNG; with an ``album`` (``("game", id)``), drawn where it changed
    since the album's last board, which is let go once the game is over or cancelled."""
    view = view or View()
    over = state.phase is Phase.OVER or view.closed
    return BOARD.encode_scene(board_scene(state, view), album, keep=not over)
