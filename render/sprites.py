"""Everything drawn the same way every time, rendered once and reused.

Shapes are drawn at ``SUPERSAMPLE`` times their size and box-filtered down,
which antialiases them without the ringing of sharper filters (that ringing
alone made busy boards ~30% larger as PNG). Each builder is cached, so the
per-image work is pasting.
"""

from __future__ import annotations

import math
from functools import cache

from PIL import Image, ImageDraw

from render import palette
from render.fonts import Face, text_sprite
from render.geometry import DIE, SPACE, TOKEN, TOKEN_EDGE, TOKEN_FACE
from render.palette import Color, Symbol

SUPERSAMPLE = 4
_PIPS = {
    1: [(0.5, 0.5)],
    2: [(0.27, 0.27), (0.73, 0.73)],
    3: [(0.27, 0.27), (0.5, 0.5), (0.73, 0.73)],
    4: [(0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)],
    5: [(0.27, 0.27), (0.73, 0.27), (0.5, 0.5), (0.27, 0.73), (0.73, 0.73)],
    6: [(0.27, 0.25), (0.73, 0.25), (0.27, 0.5), (0.73, 0.5), (0.27, 0.75), (0.73, 0.75)],
}


def _canvas(width: int, height: int) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    image = Image.new("RGBA", (width * SUPERSAMPLE, height * SUPERSAMPLE), (0, 0, 0, 0))
    return image, ImageDraw.Draw(image)


def _finish(image: Image.Image) -> Image.Image:
    size = (image.width // SUPERSAMPLE, image.height // SUPERSAMPLE)
    return image.resize(size, Image.Resampling.BOX)


def _token(face: Color, *, ring: Color | None = None) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    """A marker seen from slightly above: its top face over the visible edge."""
    k = SUPERSAMPLE
    image, draw = _canvas(TOKEN, TOKEN_FACE + TOKEN_EDGE)
    outline = palette.shade(face, 0.45) if sum(face) > 120 else (110, 110, 116)
    width = TOKEN * k - 1
    edge_top = TOKEN_FACE * k // 2
    bottom = (TOKEN_FACE + TOKEN_EDGE) * k - 1
    draw.ellipse(
        (0, TOKEN_EDGE * k, width, bottom), fill=palette.shade(face, 0.62), outline=outline, width=k
    )
    draw.rectangle((0, edge_top, width, edge_top + TOKEN_EDGE * k), fill=palette.shade(face, 0.62))
    draw.line((0, edge_top, 0, edge_top + TOKEN_EDGE * k), fill=outline, width=k)
    draw.line(
        (width - k + 1, edge_top, width - k + 1, edge_top + TOKEN_EDGE * k), fill=outline, width=k
    )
    draw.ellipse((0, 0, width, TOKEN_FACE * k - 1), fill=face, outline=outline, width=k)
    if ring is not None:
        inset = 6 * k
        draw.ellipse(
            (inset, inset * 0.8, width - inset, TOKEN_FACE * k - 1 - inset * 0.8),
            outline=ring,
            width=k,
        )
    return image, draw


def _symbol(
    draw: ImageDraw.ImageDraw,
    symbol: Symbol,
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

    if symbol is Symbol.CIRCLE:
        draw.ellipse(
            (cx - radius, cy - radius * squash, cx + radius, cy + radius * squash), fill=ink
        )
    elif symbol is Symbol.TRIANGLE:
        draw.polygon([point(a, radius * 1.2) for a in (-90, 30, 150)], fill=ink)
    elif symbol is Symbol.SQUARE:
        r = radius * 0.85
        draw.rectangle((cx - r, cy - r * squash, cx + r, cy + r * squash), fill=ink)
    elif symbol is Symbol.DIAMOND:
        draw.polygon([point(a, radius * 1.2) for a in (-90, 0, 90, 180)], fill=ink)
    else:
        draw.polygon(
            [point(-90 + 36 * i, radius * (1.25 if i % 2 == 0 else 0.52)) for i in range(10)],
            fill=ink,
        )


@cache
def player_token(seat: int) -> Image.Image:
    style = palette.PLAYERS[seat]
    image, draw = _token(style.color)
    k = SUPERSAMPLE
    center = (TOKEN * k / 2, TOKEN_FACE * k / 2)
    _symbol(draw, style.symbol, center, 9 * k, style.ink, squash=TOKEN_FACE / TOKEN)
    return _finish(image)


@cache
def squatter_token(number: int) -> Image.Image:
    image = _finish(_token(palette.SQUATTER)[0])
    text_sprite(str(number), Face.BOLD, 22, palette.INK).paste_on(
        image, TOKEN / 2, TOKEN_FACE / 2 + 1
    )
    return image


@cache
def claim_token() -> Image.Image:
    return _finish(_token(palette.CLAIM, ring=(120, 120, 128))[0])


@cache
def player_icon(seat: int, size: int = 26) -> Image.Image:
    """The seat's color and symbol as a flat disc, for the panels."""
    style = palette.PLAYERS[seat]
    k = SUPERSAMPLE
    image, draw = _canvas(size, size)
    draw.ellipse(
        (0, 0, size * k - 1, size * k - 1),
        fill=style.color,
        outline=palette.shade(style.color, 0.5),
        width=k,
    )
    _symbol(draw, style.symbol, (size * k / 2, size * k / 2), size * k * 0.24, style.ink)
    return _finish(image)


@cache
def candidate(letter: str, marker: str) -> Image.Image:
    """A space-sized overlay: dashed outline and a letter badge, read as a choice."""
    k = SUPERSAMPLE
    image, draw = _canvas(SPACE, SPACE)
    inset, width = 3 * k, 3 * k
    dash = 9 * k
    far = SPACE * k - 1 - inset
    for start in range(inset, far, dash * 2):
        end = min(start + dash, far)
        for line in (
            (start, inset, end, inset),
            (start, far, end, far),
            (inset, start, inset, end),
            (far, start, far, end),
        ):
            draw.line(line, fill=palette.CHOICE, width=width)
    badge = (SPACE * k - 32 * k, 3 * k, SPACE * k - 3 * k, 31 * k)
    draw.rounded_rectangle(
        badge, radius=7 * k, fill=palette.CHOICE, outline=palette.WHITE, width=k * 2
    )
    image = _finish(image)
    text_sprite(letter, Face.BOLD, 19, palette.WHITE).paste_on(image, SPACE - 17.5, 17)
    hint = text_sprite(marker, Face.BOLD, 11, palette.WHITE)
    pill = Image.new("RGBA", (hint.width + 8, 14), (*palette.CHOICE, 235))
    image.paste(pill, (SPACE - 17 - pill.width // 2, 33), pill)
    hint.paste_on(image, SPACE - 17, 40)
    return image


@cache
def die(value: int, bust: bool = False) -> Image.Image:
    k = SUPERSAMPLE
    image, draw = _canvas(DIE, DIE)
    face = palette.BUST if bust else palette.WHITE
    pip = palette.WHITE if bust else palette.INK
    draw.rounded_rectangle(
        (k, k, DIE * k - k, DIE * k - k),
        radius=10 * k,
        fill=face,
        outline=palette.shade(face, 0.55),
        width=2 * k,
    )
    radius = DIE * k * 0.09
    for fx, fy in _PIPS[value]:
        x, y = fx * DIE * k, fy * DIE * k
        draw.ellipse((x - radius, y - radius, x + radius, y + radius), fill=pip)
    return _finish(image)


@cache
def empty_die() -> Image.Image:
    k = SUPERSAMPLE
    image, draw = _canvas(DIE, DIE)
    draw.rounded_rectangle(
        (k, k, DIE * k - k, DIE * k - k), radius=10 * k, outline=palette.MUTED, width=2 * k
    )
    return _finish(image)


@cache
def pill(text: str, fill: Color, ink: Color, size: int = 13) -> Image.Image:
    """A small rounded label, e.g. LAST or WINNER."""
    label = text_sprite(text, Face.BOLD, size, ink)
    k = SUPERSAMPLE
    width, height = label.width + 14, size + 9
    image, draw = _canvas(width, height)
    draw.rounded_rectangle((0, 0, width * k - 1, height * k - 1), radius=height * k // 2, fill=fill)
    image = _finish(image)
    label.paste_on(image, width / 2, height / 2)
    return image
