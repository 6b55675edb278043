"""Texts placed in boxes, so that tests can check every text against the box it must fit."""

from __future__ import annotations

from typing import Literal, NamedTuple

from PIL import Image

from render.common import palette
from render.common.fonts import Face, text_sprite
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
