"""Drawing helpers every game's sprites share: antialiased canvases and the seats'
symbols and icons, so that a seat looks the same in every game.

Shapes are drawn at ``SUPERSAMPLE`` times their size and box-filtered down,
which antialiases them without the ringing of sharper filters (that ringing
alone made busy boards ~30% larger as PNG). Builders are cached, so the
per-image work is pasting.
"""

from __future__ import annotations

import math
from functools import cache

from PIL import Image, ImageDraw

from render.common import palette
from render.common.palette import Color, Symbol

SUPERSAMPLE = 4


def canvas(width: int, height: int) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    """A transparent canvas ``SUPERSAMPLE`` times the size, to be passed to ``finish``."""
    image = Image.new("RGBA", (width * SUPERSAMPLE, height * SUPERSAMPLE), (0, 0, 0, 0))
    return image, ImageDraw.Draw(image)


def finish(image: Image.Image) -> Image.Image:
    size = (image.width // SUPERSAMPLE, image.height // SUPERSAMPLE)
    return image.resize(size, Image.Resampling.BOX)


def symbol(
    draw: ImageDraw.ImageDraw,
    shape: Symbol,
    center: tuple[float, float],
    radius: float,
    ink: Color,
    squash: float = 1.0,
) -> None:
    """A seat's symbol; ``squash`` < 1 lays it on a marker's top face seen from above."""
    cx, cy = center

    def point(degrees: float, r: float) -> tuple[float, float]:
        angle = math.radians(degrees)
        return (cx + r * math.cos(angle), cy + r * math.sin(angle) * squash)

    if shape is Symbol.CIRCLE:
        draw.ellipse(
            (cx - radius, cy - radius * squash, cx + radius, cy + radius * squash), fill=ink
        )
    elif shape is Symbol.TRIANGLE:
        draw.polygon([point(a, radius * 1.2) for a in (-90, 30, 150)], fill=ink)
    elif shape is Symbol.SQUARE:
        r = radius * 0.85
        draw.rectangle((cx - r, cy - r * squash, cx + r, cy + r * squash), fill=ink)
    elif shape is Symbol.DIAMOND:
        draw.polygon([point(a, radius * 1.2) for a in (-90, 0, 90, 180)], fill=ink)
    else:
        draw.polygon(
            [point(-90 + 36 * i, radius * (1.25 if i % 2 == 0 else 0.52)) for i in range(10)],
            fill=ink,
        )


@cache
def player_icon(seat: int, size: int) -> Image.Image:
    """The seat's color and symbol as a flat disc, for the panels."""
    style = palette.PLAYERS[seat]
    k = SUPERSAMPLE
    image, draw = canvas(size, size)
    draw.ellipse(
        (0, 0, size * k - 1, size * k - 1),
        fill=style.color,
        outline=palette.shade(style.color, 0.5),
        width=k,
    )
    symbol(draw, style.symbol, (size * k / 2, size * k / 2), size * k * 0.24, style.ink)
    return finish(image)
