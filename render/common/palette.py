"""Colors and symbols every game's pictures share. Each seat has a color and its own
symbol, so color is never the only cue, and an emoji of that color and shape, which the
words name it by (the lobby's seat list, whose turn it is): a seat looks the same in every
game, in its pictures and in its words. The colors are Okabe-Ito's (distinguishable with
the common color-vision deficiencies) but for the red: Discord has one blue emoji, so
only one seat is blue, and the emoji's orange sits between Okabe-Ito's orange and
vermilion, so the fifth seat is the red of the red triangle."""

from __future__ import annotations

from enum import Enum
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


WHITE: Color = (255, 255, 255)
INK: Color = (28, 24, 20)

PLAYERS: tuple[PlayerStyle, ...] = (
    PlayerStyle("blue", (0, 114, 178), WHITE, Symbol.CIRCLE, "🔵"),
    PlayerStyle("orange", (230, 159, 0), INK, Symbol.DIAMOND, "🔶"),
    PlayerStyle("green", (0, 158, 115), WHITE, Symbol.SQUARE, "🟩"),
    PlayerStyle("purple", (204, 121, 167), INK, Symbol.HEART, "💜"),
    PlayerStyle("red", (214, 45, 64), WHITE, Symbol.TRIANGLE, "🔺"),
)

BACKGROUND: Color = (43, 45, 49)
"""Discord's dark theme, so the image sits flush in the chat."""
LABEL: Color = (222, 214, 200)
TEXT: Color = (242, 243, 245)
MUTED: Color = (170, 174, 181)
CHOICE: Color = (88, 101, 242)
"""Discord's blurple, the color of the lettered buttons, marks the candidates."""
BUST: Color = (218, 55, 60)
GOLD: Color = (250, 199, 50)
PANEL: Color = (49, 51, 56)
ROW_TO_MOVE: Color = (64, 68, 78)
ROW_WINNER: Color = (92, 78, 30)
ROW_BUST: Color = (104, 40, 44)
USED_DIE: Color = (188, 191, 197)
"""A roll already placed is drawn grey, so it does not read as one to choose from."""


def tint(color: Color, amount: float, base: Color) -> Color:
    """``color`` blended into ``base``; 0 is ``base``, 1 is ``color``."""
    r, g, b = (round(c * amount + o * (1 - amount)) for c, o in zip(color, base, strict=True))
    return (r, g, b)


def shade(color: Color, factor: float) -> Color:
    r, g, b = (max(0, min(255, round(c * factor))) for c in color)
    return (r, g, b)
