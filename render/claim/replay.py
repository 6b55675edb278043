"""Claim's replays: a finished game's public tables animated, never a hand (see
``render.common.replay``)."""

from __future__ import annotations

from collections.abc import Sequence

from render.claim.pictures import TABLE
from render.claim.table_image import draw_table
from render.claim.view import TableView
from render.common.replay import animate, still
from render.common.replay_steps import ReplayStep


def render_replay(steps: Sequence[ReplayStep[TableView]], limit: int) -> bytes:
    """The steps as a GIF of at most ``limit`` bytes, each the table as ``render_table``
    draws it."""
    return animate(steps, draw_table, TABLE.palette, limit)


def render_still(step: ReplayStep[TableView]) -> bytes:
    """One step of a replay stepped through: the public table as it stood then, as a PNG."""
    return still(step, draw_table, TABLE)
