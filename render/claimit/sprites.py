"""Everything on the board drawn the same way every time, rendered once and reused.

Drawn supersampled (see ``render.common.shapes``); each builder is cached, so
the per-image work is pasting.
"""

from __future__ import annotations

from functools import cache

from PIL import Image, ImageDraw

from render.claimit import colors
from render.claimit.geometry import (
    BADGE,
    BADGE_MARGIN,
    DIE,
    SPACE,
    TOKEN,
    TOKEN_EDGE,
    TOKEN_FACE,
)
from render.common import palette
from render.common.fonts import Face, text_sprite
from render.common.palette import Color
from render.common.shapes import SUPERSAMPLE, canvas, finish, symbol

SQUATTER_NUMBER = 30
"""Font size of a squatter's number; its digits stand about 10 px tall on a phone."""
BADGE_LETTER = 24
BADGE_HINT = 18
"""The marker a candidate places (squatter 4 "S4", a claim marker "C"), under its letter."""
SYMBOL_RADIUS = 0.24 * TOKEN
"""A seat's symbol fills half a marker's width, about 12 px on a phone."""
_PIPS = {
    1: [(0.5, 0.5)],
    2: [(0.27, 0.27), (0.73, 0.73)],
    3: [(0.27, 0.27), (0.5, 0.5), (0.73, 0.73)],
    4: [(0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)],
    5: [(0.27, 0.27), (0.73, 0.27), (0.5, 0.5), (0.27, 0.73), (0.73, 0.73)],
    6: [(0.27, 0.25), (0.73, 0.25), (0.27, 0.5), (0.73, 0.5), (0.27, 0.75), (0.73, 0.75)],
}


def _token(face: Color, *, ring: Color | None = None) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    """A marker seen from slightly above: its top face over the visible edge."""
    k = SUPERSAMPLE
    image, draw = canvas(TOKEN, TOKEN_FACE + TOKEN_EDGE)
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
        inset = 7 * k
        draw.ellipse(
            (inset, inset * 0.8, width - inset, TOKEN_FACE * k - 1 - inset * 0.8),
            outline=ring,
            width=k,
        )
    return image, draw


@cache
def player_token(seat: int) -> Image.Image:
    style = palette.PLAYERS[seat]
    image, draw = _token(style.color)
    k = SUPERSAMPLE
    center = (TOKEN * k / 2, TOKEN_FACE * k / 2)
    symbol(draw, style.symbol, center, SYMBOL_RADIUS * k, style.ink, squash=TOKEN_FACE / TOKEN)
    return finish(image)


@cache
def squatter_token(number: int) -> Image.Image:
    image = finish(_token(colors.SQUATTER)[0])
    text_sprite(str(number), Face.BOLD, SQUATTER_NUMBER, palette.INK).paste_on(
        image, TOKEN / 2, TOKEN_FACE / 2 + 1
    )
    return image


@cache
def claim_token() -> Image.Image:
    return finish(_token(colors.CLAIM, ring=(120, 120, 128))[0])


@cache
def candidate(letter: str, marker: str) -> Image.Image:
    """A space-sized overlay: dashed outline and a letter badge, read as a choice, with
    ``marker``, what it places, under the letter."""
    k = SUPERSAMPLE
    image, draw = canvas(SPACE, SPACE)
    inset, width = 3 * k, 3 * k
    dash = 10 * k
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
    _badge(draw, palette.CHOICE)
    image = finish(image)
    middle_x, middle_y = _badge_middle()
    text_sprite(letter, Face.BOLD, BADGE_LETTER, palette.WHITE).paste_on(image, middle_x, middle_y)
    hint = text_sprite(marker, Face.BOLD, BADGE_HINT, palette.WHITE)
    pill_height = BADGE_HINT + 4
    pill = Image.new("RGBA", (hint.width + 8, pill_height), (*palette.CHOICE, 235))
    top = BADGE_MARGIN + BADGE + 3
    image.paste(pill, (round(middle_x) - pill.width // 2, top), pill)
    hint.paste_on(image, middle_x, top + pill_height / 2)
    return image


@cache
def lost() -> Image.Image:
    """A space-sized overlay for a mark a bust takes away: outlined in red, a ✖ badge.

    It stays clear of the stack, so what is lost remains visible.
    """
    k = SUPERSAMPLE
    image, draw = canvas(SPACE, SPACE)
    inset = 2 * k
    draw.rectangle(
        (inset, inset, SPACE * k - 1 - inset, SPACE * k - 1 - inset),
        outline=palette.BUST,
        width=4 * k,
    )
    _badge(draw, palette.BUST)
    image = finish(image)
    text_sprite("✖", Face.BOLD, BADGE_LETTER - 4, palette.WHITE).paste_on(image, *_badge_middle())
    return image


def _badge_middle() -> tuple[float, float]:
    """The badge's middle in a space-sized overlay (see ``geometry.badge_box``)."""
    return (SPACE - BADGE_MARGIN - BADGE / 2, BADGE_MARGIN + BADGE / 2)


def _badge(draw: ImageDraw.ImageDraw, fill: Color) -> None:
    k = SUPERSAMPLE
    left, top = (SPACE - BADGE_MARGIN - BADGE) * k, BADGE_MARGIN * k
    draw.rounded_rectangle(
        (left, top, left + BADGE * k - 1, top + BADGE * k - 1),
        radius=8 * k,
        fill=fill,
        outline=palette.WHITE,
        width=2 * k,
    )


@cache
def die(value: int, face: Color = palette.WHITE, pip: Color = palette.INK) -> Image.Image:
    k = SUPERSAMPLE
    image, draw = canvas(DIE, DIE)
    draw.rounded_rectangle(
        (k, k, DIE * k - k, DIE * k - k),
        radius=9 * k,
        fill=face,
        outline=palette.shade(face, 0.55),
        width=2 * k,
    )
    radius = DIE * k * 0.1
    for fx, fy in _PIPS[value]:
        x, y = fx * DIE * k, fy * DIE * k
        draw.ellipse((x - radius, y - radius, x + radius, y + radius), fill=pip)
    return finish(image)
