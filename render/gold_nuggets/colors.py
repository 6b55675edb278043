"""Gold Nuggets' own colors: gold, rope, the wooden tray. The seats' colors and the
ones every picture shares are in ``render.common.palette``."""

from __future__ import annotations

from render.common.palette import Color

DIE: Color = (250, 248, 240)
GOLD_LIGHT: Color = (255, 236, 150)
GOLD_DARK: Color = (214, 150, 24)
GOLD_EDGE: Color = (122, 82, 10)
ROPE: Color = (170, 112, 52)
ROPE_LIGHT: Color = (222, 178, 112)
"""The lasso drawn on the dark panel rather than on a die."""
ROPE_EDGE: Color = (84, 52, 22)
TRAY: Color = (92, 64, 40)
TRAY_EDGE: Color = (128, 92, 60)
SLOT: Color = (78, 54, 34)
SLOT_EDGE: Color = (112, 82, 54)
TABLE: Color = (38, 40, 44)
"""Where the last roll lies: darker than the panel, as the tray is."""
FIGURE_BOX: Color = (60, 63, 69)
DISH: Color = (86, 88, 96)
DISH_EDGE: Color = (120, 123, 132)
TAKEN: Color = (236, 120, 120)
"""A "-N" on the seat (or the centre) the last take came from."""
