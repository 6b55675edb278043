"""Gold Nuggets' own colors: gold, rope, the wooden tray. The seats' colors and the
ones every picture shares are in ``render.common.palette``."""

from __future__ import annotations

from render.common.palette import Color

DIE: Color = (252, 248, 240)
GOLD_LIGHT: Color = (252, 236, 152)
GOLD_DARK: Color = (216, 152, 24)
GOLD_EDGE: Color = (124, 84, 12)
ROPE: Color = (172, 112, 52)
ROPE_LIGHT: Color = (224, 180, 112)
"""The lasso drawn on the dark panel rather than on a die."""
ROPE_EDGE: Color = (84, 52, 24)
TRAY: Color = (92, 64, 40)
TRAY_EDGE: Color = (128, 92, 60)
SLOT: Color = (80, 56, 36)
SLOT_EDGE: Color = (112, 84, 56)
TABLE: Color = (40, 40, 44)
"""Where the last roll lies: darker than the panel, as the tray is."""
FIGURE_BOX: Color = (60, 64, 68)
DISH: Color = (88, 88, 96)
DISH_EDGE: Color = (120, 124, 132)
TAKEN: Color = (236, 120, 120)
"""A "-N" on the seat (or the centre) the last take came from."""
