"""Claim It!'s replays: a finished game's boards animated (see ``render.common.replay``)."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image

from engine.claimit import GameState
from render.claimit.board_image import draw_board
from render.claimit.pictures import BOARD
from render.claimit.view import View
from render.common.replay import animate, still
from render.common.replay_steps import ReplayStep


def render_replay(steps: Sequence[ReplayStep[tuple[GameState, View]]], limit: int) -> bytes:
    """The steps as a GIF of at most ``limit`` bytes, each a board as ``render_board``
    draws it."""
    return animate(steps, _draw, BOARD.palette, limit)


def render_still(step: ReplayStep[tuple[GameState, View]]) -> bytes:
    """One step of a replay stepped through: a board as it stood then, as a PNG."""
    return still(step, _draw, BOARD)


def _draw(position: tuple[GameState, View]) -> Image.Image:
    state, view = position
    return draw_board(state, view)
