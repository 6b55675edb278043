"""Colors and symbols every game's pictures share. Each seat has a color and its own
symbol, so color is never the only cue, and an emoji of that color and shape, which the
words name it by (the lobby's seat list, whose turn it is): a seat looks the same in every
game, in its pictures and in its words. The colors are Okabe-Ito's (distinguishable with
the common color-vision deficiencies) but for the red: Discord has one blue emoji, so
only one seat is blue, and the emoji's orange sits between Okabe-Ito's orange and
vermilion, so the fifth seat is the red of the red triangle."""

from __future__ import annotations

from enum import Enum
from functools import cache
from typing import NamedTuple

Color = tuple[int, int, int]


class Symbol(Enum):
    CIRCLE = "circle"
    DIAMOND = "diamond"
    SQUARE = "square"
    HEART = "heart"
    TRIANGLE = "triangle"


class PlayerStyle(NamedTuple):
    name: str
    color: Color
    ink: Color
    """The symbol's color on the marker: dark on light colors, white on dark ones."""
    symbol: Symbol
    emoji: str
    """The seat in words: an emoji of its color and its symbol's shape."""


WHITE: Color = (252, 252, 252)
INK: Color = (28, 24, 20)

PLAYERS: tuple[PlayerStyle, ...] = (
    PlayerStyle("blue", (0, 116, 180), WHITE, Symbol.CIRCLE, "🔵"),
    PlayerStyle("orange", (232, 160, 0), INK, Symbol.DIAMOND, "🔶"),
    PlayerStyle("green", (0, 160, 116), WHITE, Symbol.SQUARE, "🟩"),
    PlayerStyle("purple", (204, 120, 168), INK, Symbol.HEART, "💜"),
    PlayerStyle("red", (216, 44, 64), WHITE, Symbol.TRIANGLE, "🔺"),
)

BACKGROUND: Color = (44, 44, 48)
"""Discord's dark theme, so the image sits flush in the chat."""
LABEL: Color = (224, 216, 200)
TEXT: Color = (244, 244, 244)
MUTED: Color = (172, 176, 180)
CHOICE: Color = (88, 100, 244)
"""Discord's blurple, the color of the lettered buttons, marks the candidates."""
BUST: Color = (220, 56, 60)
GOLD: Color = (252, 200, 52)
PANEL: Color = (48, 52, 56)
ROW_TO_MOVE: Color = (64, 68, 80)
ROW_WINNER: Color = (92, 80, 32)
ROW_BUST: Color = (104, 40, 44)
USED_DIE: Color = (188, 192, 196)
"""A roll already placed is drawn grey, so it does not read as one to choose from."""


@cache
def tint(color: Color, amount: float, base: Color) -> Color:
    """``color`` blended into ``base``; 0 is ``base``, 1 is ``color``."""
    r, g, b = (round(c * amount + o * (1 - amount)) for c, o in zip(color, base, strict=True))
    return (r, g, b)


@cache
def shade(color: Color, factor: float) -> Color:
    r, g, b = (max(0, min(255, round(c * factor))) for c in color)
    return (r, g, b)
