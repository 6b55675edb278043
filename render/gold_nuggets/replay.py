"""Gold Nuggets' replays: a finished game's tables animated (see
``render.common.replay``)."""

from __future__ import annotations

from collections.abc import Sequence

from render.common.replay import animate, still
from render.common.replay_steps import ReplayStep
from render.gold_nuggets.pictures import TABLE
from render.gold_nuggets.table_image import draw_table
from render.gold_nuggets.view import NuggetsView


def render_replay(steps: Sequence[ReplayStep[NuggetsView]], limit: int) -> bytes:
    """The steps as a GIF of at most ``limit`` bytes, each a table as ``render_table``
    draws it."""
    return animate(steps, draw_table, TABLE.palette, limit)


def render_still(step: ReplayStep[NuggetsView]) -> bytes:
    """One step of a replay stepped through: a table as it stood then, as a PNG."""
    return still(step, draw_table, TABLE)
