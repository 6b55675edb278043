"""Claim It!'s board as a PNG, with one palette for every board (see ``render.common.png``)."""

from __future__ import annotations

from collections.abc import Iterator

from PIL import Image

from engine.claimit import GameState, Phase, Place, Roll
from render.claimit.board_image import board_scene, draw_board
from render.claimit.gallery import NAMES, played_examples, random_play
from render.claimit.view import View
from render.common.png import SMALL, Album, PictureKind

SEED = 3


def _samples() -> Iterator[Image.Image]:
    """Five players' marks, stacks, candidates, a bust and an end, and dice waiting to
    be placed and placed already: every colour a board uses."""
    for _, state, view in played_examples():
        yield draw_board(state, view)
    history = list(random_play(SEED, len(NAMES)))
    for index in range(20, len(history) - 1, 40):
        (_, roll, rolled), (_, place, placed) = history[index], history[index + 1]
        if isinstance(roll, Roll) and isinstance(place, Place):
            yield draw_board(rolled, View(names=NAMES))
            first, second, third = roll.dice
            yield draw_board(placed, View(names=NAMES, rolled=(first, second, third)))


BOARD = PictureKind(_samples, SMALL)


def render_board(state: GameState, view: View | None = None, album: Album | None = None) -> bytes:
    """The board as a PNG; with an ``album`` (``("game", id)``), drawn where it changed
    since the album's last board, which is let go once the game is over or cancelled."""
    view = view or View()
    over = state.phase is Phase.OVER or view.closed
    return BOARD.encode_scene(board_scene(state, view), album, keep=not over)
