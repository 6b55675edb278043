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
        draw.polygon(_heart(center, radius * 1.25, squash), fill=ink)


def _heart(center: tuple[float, float], size: float, squash: float) -> list[tuple[float, float]]:
    """A heart as wide as ``2 * size``, its middle at ``center``: the classic curve
    (x = 16 sin³ t, y = 13 cos t - 5 cos 2t - 2 cos 3t - cos 4t), which spans x -16..16 and
    y -17..12 (centred on -2.5)."""
    cx, cy = center
    scale = size / 16
    points = []
    for step in range(64):
        t = 2 * math.pi * step / 64
        x = 16 * math.sin(t) ** 3
        y = 13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t)
        points.append((cx + x * scale, cy - (y + 2.5) * scale * squash))
    return points


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
