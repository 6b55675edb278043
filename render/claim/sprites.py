"""Claim's cards, card backs and faction tiles, each drawn once and reused.

Drawn supersampled (see ``render.common.shapes``); every builder is cached, so the
per-image work is pasting. A card is a rounded rectangle in its faction's colour
with, in its ink, the value large at the top, the faction's emblem in the middle
and the faction's letters at the bottom, in the picture's language (the mini card
leaves them out). A loot Raccoon carries a gold coin in its top right corner.
"""

from __future__ import annotations

import math
from enum import Enum
from functools import cache
from typing import NamedTuple

from PIL import Image, ImageChops, ImageDraw, ImageEnhance

from i18n import Language
from render.claim import colors
from render.claim.emblems import draw_emblem
from render.claim.view import CardFace
from render.claim.words import code_name
from render.common import palette
from render.common.fonts import Face, text_sprite
from render.common.palette import Color
from render.common.shapes import SUPERSAMPLE, canvas, finish


class Layout(NamedTuple):
    """A card size and where its parts sit, in pixels of the card."""

    width: int
    height: int
    radius: int
    value_size: int
    value_y: float
    """The middle of the value's digits."""
    emblem: tuple[float, float, float]
    """The emblem's square: left, top, side."""
    code_size: int
    """0: no code on the card."""
    code_y: float
    coin: float
    """The loot coin's radius."""


class Size(Enum):
    """The card sizes: on the table, in a hand, and small (piles, last trick, the lead)."""

    TABLE = Layout(84, 118, 9, 42, 27, (20, 46, 44), 18, 102, 11)
    HAND = Layout(78, 110, 9, 40, 25, (19, 43, 40), 18, 95, 10.5)
    MINI = Layout(42, 58, 6, 26, 17, (9, 31, 24), 0, 0, 7)

    @property
    def width(self) -> int:
        return self.value.width

    @property
    def height(self) -> int:
        return self.value.height


TILE = 36
"""A faction tile (the score table's column heads, loot choices): its emblem on its colour."""
TILE_EMBLEM = 26


def body(faction: str) -> Color:
    return colors.FACTION[faction]


def ink(faction: str) -> Color:
    return colors.ink(colors.FACTION[faction])


@cache
def emblem_mask(faction: str, side: int) -> Image.Image:
    """The faction's emblem alone, white on black ("L"), for comparing shapes."""
    k = SUPERSAMPLE
    image = Image.new("L", (side * k, side * k), 0)
    draw_emblem(ImageDraw.Draw(image), faction, (0, 0, side * k, side * k), 255, 0)  # type: ignore[arg-type]
    return image.resize((side, side), Image.Resampling.BOX)


def card(face: CardFace, lang: Language, size: Size = Size.TABLE) -> Image.Image:
    """A face-up card, its faction's letters in ``lang``. Cached per faction, value, loot
    symbol and letters, so identical cards (five Goblin 0s) share one."""
    return _card(face.faction, face.value, face.loot, size, code_name(face.faction, lang))


@cache
def _card(faction: str, value: int, loot: bool, size: Size, code: str) -> Image.Image:
    layout = size.value
    k = SUPERSAMPLE
    fill, the_ink = body(faction), ink(faction)
    image, draw = canvas(layout.width, layout.height)
    _face(draw, layout, fill)
    left, top, side = layout.emblem
    draw_emblem(
        draw, faction, (left * k, top * k, (left + side) * k, (top + side) * k), the_ink, fill
    )
    if loot:
        r = layout.coin * k
        cx, cy = layout.width * k - r - 3 * k, r + 3 * k
        _coin(draw, cx, cy, r)
    image = finish(image)
    digits = text_sprite(str(value), Face.BOLD, layout.value_size, the_ink)
    value_x = layout.width / 2 - (layout.coin * 0.6 if loot else 0)
    digits.paste_on(image, value_x, layout.value_y)
    if layout.code_size:
        letters = text_sprite(code, Face.BOLD, layout.code_size, the_ink)
        letters.paste_on(image, layout.width / 2, layout.code_y)
    return image


def _coin(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float) -> None:
    """The loot symbol: a gold coin with a star struck on it."""
    draw.ellipse(
        (cx - r, cy - r, cx + r, cy + r),
        fill=colors.LOOT,
        outline=colors.LOOT_EDGE,
        width=max(1, round(r / 5)),
    )
    star = [
        (
            cx + r * (0.62 if i % 2 == 0 else 0.26) * math.cos(math.radians(-90 + 36 * i)),
            cy + r * (0.62 if i % 2 == 0 else 0.26) * math.sin(math.radians(-90 + 36 * i)),
        )
        for i in range(10)
    ]
    draw.polygon(star, fill=colors.LOOT_EDGE)


def _face(draw: ImageDraw.ImageDraw, layout: Layout, fill: Color) -> None:
    """A card's face: its colour inside a light rim, so that a dark card stands out on the
    dark panels and the felt as well as a light one."""
    k = SUPERSAMPLE
    rim = (3 if layout.width < 60 else 4) * k
    w, h = layout.width * k - 1, layout.height * k - 1
    draw.rounded_rectangle(
        (0, 0, w, h), radius=layout.radius * k, fill=colors.RIM, outline=colors.RIM_EDGE, width=k
    )
    draw.rounded_rectangle(
        (rim, rim, w - rim, h - rim),
        radius=layout.radius * k - rim,
        fill=fill,
        outline=colors.edge(fill),
        width=k,
    )


def dimmed(image: Image.Image) -> Image.Image:
    """The picture greyed and faded into the panel, its alpha kept: still legible, plainly
    not on offer."""
    grey = ImageEnhance.Color(image.convert("RGB")).enhance(0.15)
    faded = Image.blend(grey, Image.new("RGB", image.size, colors.DIM_TOWARD), 0.42)
    faded.putalpha(image.getchannel("A"))
    return faded


@cache
def back(size: Size = Size.MINI) -> Image.Image:
    """A face-down card: a blue lattice inside a frame."""
    layout = size.value
    k = SUPERSAMPLE
    w, h = layout.width * k, layout.height * k
    image, draw = canvas(layout.width, layout.height)
    _face(draw, layout, colors.BACK)
    inset = max(7, layout.width // 8) * k
    step = max(8, layout.width // 5) * k
    inner = (inset, inset, w - inset, h - inset)
    lattice = Image.new("RGBA", image.size, (*colors.BACK_PATTERN, 0))
    lines = ImageDraw.Draw(lattice)
    for x in range(-h, w + h, step):
        lines.line((x, 0, x + h, h), fill=(*colors.BACK_PATTERN, 255), width=k * 2)
        lines.line((x, h, x + h, 0), fill=(*colors.BACK_PATTERN, 255), width=k * 2)
    inside = Image.new("L", image.size, 0)
    ImageDraw.Draw(inside).rounded_rectangle(inner, radius=layout.radius * k // 2, fill=255)
    image.paste(lattice, (0, 0), ImageChops.multiply(lattice.getchannel("A"), inside))
    draw.rounded_rectangle(
        inner,
        radius=layout.radius * k // 2,
        outline=colors.BACK_PATTERN,
        width=k * 2,
    )
    return finish(image)


@cache
def slot(size: Size, seat: int | None = None, turn: bool = False) -> Image.Image:
    """An empty place on the felt for a card still to come: outlined, in the Discord
    blurple when its seat is to play."""
    layout = size.value
    k = SUPERSAMPLE
    image, draw = canvas(layout.width, layout.height)
    draw.rounded_rectangle(
        (k, k, layout.width * k - k, layout.height * k - k),
        radius=layout.radius * k,
        fill=colors.SLOT,
        outline=palette.CHOICE if turn else colors.SLOT_EDGE,
        width=(4 if turn else 2) * k,
    )
    return finish(image)


@cache
def tile(faction: str, side: int = TILE, dim: bool = False) -> Image.Image:
    """The faction's emblem on a rounded square of its colour."""
    k = SUPERSAMPLE
    fill = body(faction)
    image, draw = canvas(side, side)
    draw.rounded_rectangle(
        (0, 0, side * k - 1, side * k - 1),
        radius=side * k // 5,
        fill=fill,
        outline=colors.edge(fill),
        width=k * 2,
    )
    margin = (side - side * TILE_EMBLEM / TILE) / 2
    draw_emblem(
        draw,
        faction,
        (margin * k, margin * k, (side - margin) * k, (side - margin) * k),
        ink(faction),
        fill,
    )
    image = finish(image)
    return dimmed(image) if dim else image
