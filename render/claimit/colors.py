"""Claim It!'s own colors: the wooden board and its markers. The seats' colors and
the ones every picture shares are in ``render.common.palette``."""

from __future__ import annotations

from render.common.palette import Color

FRAME: Color = (92, 64, 40)
SPACE_LIGHT: Color = (236, 224, 188)
SPACE_DARK: Color = (228, 208, 172)
GRID: Color = (152, 116, 80)
SQUATTER: Color = (252, 252, 248)
CLAIM: Color = (24, 24, 24)
SETTLED_TINT = 0.3
CLAIMED_TINT = 0.6
"""How much of the owner's color fills a settled and a claimed space (claimed ones are also
fenced in black, which is what tells them apart at a glance)."""
