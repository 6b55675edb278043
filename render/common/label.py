"""Texts placed in boxes, so that tests can check every text against the box it must fit."""

from __future__ import annotations

from functools import lru_cache
from typing import Literal, NamedTuple

from PIL import Image

from render.common import palette
from render.common.fonts import FITTED, Face, text_sprite, text_width
from render.common.names import fit
from render.common.palette import Color

Box = tuple[int, int, int, int]


class Label(NamedTuple):
    """A text drawn in ``box``: vertically centred, at its left or in its middle."""

    text: str
    box: Box
    size: int
    color: Color = palette.TEXT
    face: Face = Face.BOLD
    align: Literal["l", "m"] = "l"

    @property
    def anchor(self) -> tuple[float, float]:
        left, top, right, bottom = self.box
        x = left if self.align == "l" else (left + right) / 2
        return (x, (top + bottom) / 2)


def put(image: Image.Image, label: Label) -> None:
    x, y = label.anchor
    sprite = text_sprite(label.text, label.face, label.size, label.color, label.align + "m")
    sprite.paste_on(image, x, y)


@lru_cache(maxsize=FITTED)
def fitted(label: Label, smallest: int) -> Label:
    """``label`` at the largest size, down to ``smallest``, at which its words fit its
    box's width; cut with an ellipsis if even that is too wide."""
    left, _, right, _ = label.box
    width = right - left - 2  # A bold glyph's ink may reach a pixel past its advance.
    size = label.size
    while size > smallest and text_width(label.text, label.face, size) > width:
        size -= 1
    return label._replace(text=fit(label.text, label.face, size, width), size=size)
