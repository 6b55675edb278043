"""Discord's CDN as far as the bot's messages point at it: users' avatars.

discord.py builds an avatar's address on https://cdn.discordapp.com (``/avatars/{user
id}/{hash}.png?size=1024``, or ``/embed/avatars/{index}.png`` for a user without one);
the emulator serves the same paths on its own address, with avatars drawn here.
"""

from __future__ import annotations

import io
from functools import lru_cache
from typing import NamedTuple

from PIL import Image, ImageChops, ImageDraw, ImageFont

from render.common.fonts import FONT_DIR, Face, coverage

DISCORD_CDN = "https://cdn.discordapp.com"
DEFAULT_AVATARS = 6
"""How many default avatars Discord has (``/embed/avatars/0.png`` to ``5.png``)."""
SIZES = frozenset(2**n for n in range(4, 13))
"""The sizes Discord's image formatting accepts: powers of two from 16 to 4096."""
DEFAULT_SIZE = 256
"""Without ``?size=``: Discord would send the image as uploaded; these are drawn."""

Color = tuple[int, int, int]

AVATAR_COLOURS: tuple[Color, ...] = (
    (110, 98, 89),
    (94, 100, 106),
    (121, 96, 74),
    (96, 96, 100),
    (134, 112, 92),
    (74, 77, 82),
)
"""Greys and browns only: the board marks each player with a bright colour (blue, orange,
green, purple, sky), and an avatar in one of those would be read as that player's colour.
Each is dark enough for a white initial."""
INITIAL: Color = (255, 255, 255)
BEHIND: Color = (43, 45, 49)
"""Discord's dark theme, under the disc where a format has no transparency (JPEG)."""


class Format(NamedTuple):
    pillow: str
    content_type: str


FORMATS = {
    "png": Format("PNG", "image/png"),
    "webp": Format("WEBP", "image/webp"),
    "jpg": Format("JPEG", "image/jpeg"),
    "jpeg": Format("JPEG", "image/jpeg"),
}
"""The formats Discord's image formatting lists for a still avatar (GIF is for animated
ones, whose hash starts with ``a_``; the emulator has none)."""


def emulated_url(discord_cdn_url: str, base_url: str) -> str:
    """The same path and query on ``base_url``; an address elsewhere is returned as it is."""
    if not discord_cdn_url.startswith(DISCORD_CDN + "/"):
        return discord_cdn_url
    return base_url + discord_cdn_url.removeprefix(DISCORD_CDN)


@lru_cache(maxsize=128)
def avatar(initial: str | None, colour: int, size: int, fmt: str) -> bytes:
    """A disc in ``AVATAR_COLOURS[colour]`` with the initial, or without one a figure's
    head and shoulders (Discord's default avatars show no name either)."""
    # Drawn larger and scaled down, for smooth edges.
    scale = 4 if size <= 512 else 2 if size <= 2048 else 1
    side = size * scale
    fill = AVATAR_COLOURS[colour]
    image = Image.new("RGBA", (side, side), (*fill, 0))
    draw = ImageDraw.Draw(image)
    draw.ellipse((0, 0, side - 1, side - 1), fill=(*fill, 255))
    if initial is not None and ord(initial) in coverage(Face.BOLD):
        # A face of its own: the board's are shared between threads, and a cached sprite
        # of a glyph this large would hold megabytes for good.
        face = ImageFont.truetype(str(FONT_DIR / Face.BOLD.value), round(side * 0.5))
        draw.text((side / 2, side / 2), initial, fill=(*INITIAL, 255), font=face, anchor="mm")
    else:
        figure = Image.new("L", (side, side), 0)
        shape = ImageDraw.Draw(figure)
        shape.ellipse(_box(side, 0.5, 0.4, 0.17, 0.17), fill=255)
        shape.ellipse(_box(side, 0.5, 0.9, 0.3, 0.24), fill=255)
        disc = Image.new("L", (side, side), 0)
        ImageDraw.Draw(disc).ellipse((0, 0, side - 1, side - 1), fill=255)
        image.paste((*INITIAL, 255), (0, 0), ImageChops.multiply(figure, disc))
    image = image.resize((size, size), Image.Resampling.LANCZOS)
    target = FORMATS[fmt]
    if target.pillow == "JPEG":
        flat = Image.new("RGB", image.size, BEHIND)
        flat.paste(image, (0, 0), image)
        image = flat
    out = io.BytesIO()
    image.save(out, target.pillow)
    return out.getvalue()


def _box(side: int, x: float, y: float, rx: float, ry: float) -> tuple[int, int, int, int]:
    return (
        round((x - rx) * side),
        round((y - ry) * side),
        round((x + rx) * side),
        round((y + ry) * side),
    )
