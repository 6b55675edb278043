"""Claim It!'s own colors: the wooden board and its markers. The seats' colors and
the ones every picture shares are in ``render.common.palette``."""

from __future__ import annotations

from render.common.palette import Color

FRAME: Color = (92, 64, 40)
SPACE_LIGHT: Color = (236, 222, 188)
SPACE_DARK: Color = (226, 209, 170)
GRID: Color = (150, 116, 78)
SQUATTER: Color = (250, 250, 246)
CLAIM: Color = (22, 22, 24)
SETTLED_TINT = 0.3
CLAIMED_TINT = 0.6
"""How much of the owner's color fills a settled and a claimed space (claimed ones are also
fenced in black, which is what tells them apart at a glance)."""
