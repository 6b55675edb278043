"""The table's dice, nuggets and lassos, each drawn once and reused.

Drawn supersampled (see ``render.common.shapes``); each builder is cached, so
the per-image work is pasting. A face is told by its shape alone, never by
its color: a lasso is an open loop of rope with a trailing end, a nugget a
solid faceted lump, and the numbers are numerals.
"""

from __future__ import annotations

from enum import Enum
from functools import cache

from PIL import Image, ImageDraw

from render.common import palette
from render.common.fonts import Face, text_sprite
from render.common.palette import Color
from render.common.shapes import SUPERSAMPLE, canvas, finish
from render.gold_nuggets import colors
from render.gold_nuggets.geometry import DIE, PILE

NUMERAL_SIZE = 40
"""A die's numeral, about 14 px tall on a phone."""
LOST_BADGE = 22

_NUGGET = (
    (0.06, 0.62),
    (0.16, 0.30),
    (0.42, 0.08),
    (0.70, 0.12),
    (0.94, 0.40),
    (0.88, 0.78),
    (0.58, 0.95),
    (0.22, 0.90),
)
"""A nugget's outline in a unit box: a lump, wider than tall, with no two sides alike."""
_NUGGET_LIGHT = ((0.16, 0.30), (0.42, 0.08), (0.70, 0.12), (0.52, 0.42), (0.28, 0.48))
"""The facet that catches the light, at the top."""
_NUGGET_DARK = ((0.94, 0.40), (0.88, 0.78), (0.58, 0.95), (0.62, 0.58))
"""The facet in shadow, at the lower right."""


class Style(Enum):
    """How a die reads: one to choose from, one already used, one that busted, one lost."""

    FRESH = "fresh"
    USED = "used"
    BUST = "bust"
    LOST = "lost"


def _body(style: Style) -> Color:
    return {Style.USED: palette.USED_DIE, Style.BUST: palette.BUST}.get(style, colors.DIE)


def _ink(style: Style) -> Color:
    return palette.WHITE if style is Style.BUST else palette.INK


def nugget_shape(
    draw: ImageDraw.ImageDraw, box: tuple[float, float, float, float], *, mirror: bool = False
) -> None:
    """A gold nugget filling ``box``, lit from the top left (or the top right, mirrored)."""
    left, top, right, bottom = box
    edge = max(1.0, (right - left) / 16)
    draw.polygon(_placed(_NUGGET, box, mirror), fill=colors.GOLD_EDGE)
    inner = (left + edge, top + edge, right - edge, bottom - edge)
    for points, fill in (
        (_NUGGET, palette.GOLD),
        (_NUGGET_LIGHT, colors.GOLD_LIGHT),
        (_NUGGET_DARK, colors.GOLD_DARK),
    ):
        draw.polygon(_placed(points, inner, mirror), fill=fill)


def _placed(
    points: tuple[tuple[float, float], ...],
    box: tuple[float, float, float, float],
    mirror: bool,
) -> list[tuple[float, float]]:
    left, top, right, bottom = box
    return [
        (left + (right - left) * (1 - x if mirror else x), top + (bottom - top) * y)
        for x, y in points
    ]


def lasso_shape(
    draw: ImageDraw.ImageDraw, box: tuple[float, float, float, float], rope: Color, edge: Color
) -> None:
    """A lasso filling ``box``: a loop of rope, its knot, and the end trailing down-left."""
    left, top, right, bottom = box
    size = right - left

    def at(x: float, y: float) -> tuple[float, float]:
        return (left + size * x, top + (bottom - top) * y)

    thick = size * 0.17
    loop = (*at(0.22, 0.04), *at(0.98, 0.64))
    tail = [at(0.34, 0.56), at(0.24, 0.70), at(0.20, 0.84), at(0.06, 0.98)]
    knot = at(0.34, 0.56)
    for width, color in ((thick, edge), (thick * 0.55, rope)):
        draw.ellipse(loop, outline=color, width=round(width))
        draw.line(tail, fill=color, width=round(width), joint="curve")
        radius = width * 0.85
        draw.ellipse(
            (knot[0] - radius, knot[1] - radius, knot[0] + radius, knot[1] + radius), fill=color
        )


@cache
def die(face: str, style: Style = Style.FRESH) -> Image.Image:
    k = SUPERSAMPLE
    body = _body(style)
    image, draw = canvas(DIE, DIE)
    draw.rounded_rectangle(
        (k, k, DIE * k - k, DIE * k - k),
        radius=10 * k,
        fill=body,
        outline=palette.BUST if style is Style.LOST else palette.shade(body, 0.55),
        width=(3 if style is Style.LOST else 2) * k,
    )
    glyph = (DIE * k * 0.12, DIE * k * 0.14, DIE * k * 0.88, DIE * k * 0.86)
    if face == "N":
        nugget_shape(draw, (DIE * k * 0.09, DIE * k * 0.17, DIE * k * 0.91, DIE * k * 0.83))
    elif face == "L":
        if style is Style.BUST:
            lasso_shape(draw, glyph, palette.WHITE, palette.shade(body, 0.6))
        else:
            lasso_shape(draw, glyph, colors.ROPE, colors.ROPE_EDGE)
    if style is Style.LOST:
        badge = (DIE - LOST_BADGE - 1) * k
        draw.ellipse((badge, k, badge + LOST_BADGE * k, (LOST_BADGE + 1) * k), fill=palette.BUST)
    image = finish(image)
    if face not in ("N", "L"):
        text_sprite(face, Face.BOLD, NUMERAL_SIZE, _ink(style)).paste_on(image, DIE / 2, DIE / 2)
    if style is Style.LOST:
        cross = text_sprite("✖", Face.BOLD, LOST_BADGE - 8, palette.WHITE)
        cross.paste_on(image, DIE - 1 - LOST_BADGE / 2, 1 + LOST_BADGE / 2)
    return image


@cache
def empty_slot() -> Image.Image:
    """A tray's slot with no die in it, so the tray shows how many dice are left."""
    k = SUPERSAMPLE
    image, draw = canvas(DIE, DIE)
    draw.rounded_rectangle(
        (2 * k, 2 * k, DIE * k - 2 * k, DIE * k - 2 * k),
        radius=10 * k,
        fill=colors.SLOT,
        outline=colors.SLOT_EDGE,
        width=2 * k,
    )
    return finish(image)


@cache
def lasso_icon(size: int) -> Image.Image:
    k = SUPERSAMPLE
    image, draw = canvas(size, size)
    lasso_shape(draw, (0, 0, size * k, size * k), colors.ROPE_LIGHT, colors.ROPE_EDGE)
    return finish(image)


_HEAP = (
    (0.02, 0.56),
    (0.26, 0.58),
    (0.50, 0.56),
    (0.74, 0.58),
    (0.14, 0.38),
    (0.38, 0.40),
    (0.62, 0.38),
    (0.26, 0.20),
    (0.50, 0.21),
    (0.38, 0.03),
)
"""Where a heap's nuggets lie, as the top-left of each in the pile's box: bottom row first,
so a small heap is a low one."""
PILE_LEVELS = len(_HEAP)


@cache
def pile(level: int) -> Image.Image:
    """The centre drawn as a dish holding ``level`` nuggets (0 to ``PILE_LEVELS``)."""
    k = SUPERSAMPLE
    width, height = PILE
    image, draw = canvas(width, height)
    draw.ellipse(
        (0, height * k * 0.70, width * k - 1, height * k - 1),
        fill=colors.DISH,
        outline=colors.DISH_EDGE,
        width=2 * k,
    )
    nugget = (width * k * 0.26, height * k * 0.34)
    for index, (x, y) in enumerate(_HEAP[:level]):
        left, top = x * width * k, y * height * k
        nugget_shape(draw, (left, top, left + nugget[0], top + nugget[1]), mirror=index % 2 == 1)
    return finish(image)
