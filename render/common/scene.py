"""A picture as what to draw, in order, on a background: so that a picture can be painted
whole, or only in the rows where it differs from the picture before it.

Every game's image is planned as a ``Scene``: a background (an image made once per layout
and kept, with a palette where it is only flat panels) and the drawing on it, each step
with the rows it touches and a key saying exactly what it draws. Two scenes whose steps
touching a band of rows have equal keys, in the same order, on the same background, have
the same pixels in that band: the encoder (``render.common.png``) repaints, maps to the
palette and compresses only the bands whose keys changed since the game's last picture,
and takes the rest as they were.

A step's key names its sprite by the sprite's ``id``: the step holds the image, so
that no other image can take the same ``id`` while the step (or a picture remembered
with its sprites, ``Scene.sprites``) lives. A text's key is its label, and its sprite
is drawn only when a band it meets is painted. Sprites are made once and kept by their
builders, so the same sprite is the same object in picture after picture.

Painting a band draws each step with its coordinates moved up by the band's top, on a
copy of the background's rows; Pillow's drawing is the same under such a shift (pastes
are pixel for pixel, shapes are drawn from integer coordinates), which the tests check
picture by picture against painting the whole.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from functools import lru_cache
from typing import TYPE_CHECKING

from PIL import Image, ImageDraw

from render.common.fonts import FITTED, text_extent, text_mask
from render.common.label import Box, Label
from render.common.palette import Color

if TYPE_CHECKING:
    from PIL._imaging import ImagingCore

Key = tuple[object, ...]
"""What one step draws: its kind first, then everything its pixels depend on."""


class Step(ABC):
    """One thing drawn: its key, and the rows ``top`` to ``bottom`` (exclusive) it may
    touch (a band that doesn't meet them is not drawn on by it)."""

    __slots__ = ("bottom", "key", "top")

    def __init__(self, key: Key, top: int, bottom: int) -> None:
        self.key = key
        self.top = top
        self.bottom = bottom

    @abstractmethod
    def draw(self, image: Image.Image, dy: int) -> None:
        """Draws itself on ``image``, which starts ``dy`` rows down the picture."""


def _paste(
    image: Image.Image, source: ImagingCore | Color, box: Box, mask: ImagingCore | None
) -> None:
    """``Image.paste`` on an RGB canvas painted here, of a colour or an RGBA sprite
    (through ``mask``), without its checks: ``Image.paste`` takes any source (converting
    it to the canvas's mode, or its mask from the source) and loads and copies a canvas
    opened from a file or shared, in a dozen Python calls that took as long as pasting
    a text in C. These canvases are made in memory, each for one band, and their
    sources are of a mode Pillow's core pastes onto RGB as they are (a test checks the
    pictures against painting with ``Image.paste``)."""
    if mask is None:
        image.im.paste(source, box)
    else:
        image.im.paste(source, box, mask)


class _Paste(Step):
    __slots__ = ("image", "mask", "x", "y")

    def __init__(self, image: Image.Image, x: int, y: int, masked: bool) -> None:
        super().__init__(("paste", id(image), x, y, masked), y, y + image.height)
        self.image = image
        self.mask = image if masked else None
        self.x = x
        self.y = y

    def draw(self, image: Image.Image, dy: int) -> None:
        sprite, mask = self.image, self.mask
        if sprite.mode == "RGBA":
            x, y = self.x, self.y - dy
            width, height = sprite.size
            box = (x, y, x + width, y + height)
            _paste(image, sprite.im, box, None if mask is None else mask.im)
        else:
            image.paste(sprite, (self.x, self.y - dy), mask)


class _Fill(Step):
    __slots__ = ("box", "color")

    def __init__(self, color: Color, box: Box) -> None:
        super().__init__(("fill", color, box), box[1], box[3])
        self.color = color
        self.box = box

    def draw(self, image: Image.Image, dy: int) -> None:
        left, top, right, bottom = self.box
        _paste(image, self.color, (left, top - dy, right, bottom - dy), None)


class _Rounded(Step):
    __slots__ = ("box", "fill", "outline", "radius", "width")

    def __init__(
        self, box: Box, radius: int, fill: Color | None, outline: Color | None, width: int
    ) -> None:
        super().__init__(("rounded", box, radius, fill, outline, width), box[1], box[3] + 1)
        self.box = box
        self.radius = radius
        self.fill = fill
        self.outline = outline
        self.width = width

    def draw(self, image: Image.Image, dy: int) -> None:
        left, top, right, bottom = self.box
        ImageDraw.Draw(image).rounded_rectangle(
            (left, top - dy, right, bottom - dy),
            radius=self.radius,
            fill=self.fill,
            outline=self.outline,
            width=self.width,
        )


class _Line(Step):
    __slots__ = ("fill", "width", "xy")

    def __init__(self, xy: Box, fill: Color, width: int) -> None:
        # A wide line reaches half its width past its ends (and a pixel for rounding).
        reach = width // 2 + 1
        top, bottom = min(xy[1], xy[3]), max(xy[1], xy[3])
        super().__init__(("line", xy, fill, width), top - reach, bottom + reach + 1)
        self.xy = xy
        self.fill = fill
        self.width = width

    def draw(self, image: Image.Image, dy: int) -> None:
        x0, y0, x1, y1 = self.xy
        ImageDraw.Draw(image).line((x0, y0 - dy, x1, y1 - dy), fill=self.fill, width=self.width)


class _Text(Step):
    """A label, drawn only when a band it meets is painted: its key is the label itself
    (its words, box, size, colour, face and alignment say every pixel)."""

    __slots__ = ("label",)

    def __init__(self, label: Label) -> None:
        _, y = label.anchor
        _, dy, _, height = text_extent(label.text, label.face, label.size, label.align + "m")
        top = round(y) + dy
        super().__init__(("label", label), top, top + height)
        self.label = label

    def draw(self, image: Image.Image, dy: int) -> None:
        label = self.label
        anchor = label.align + "m"
        left, top, width, height = text_extent(label.text, label.face, label.size, anchor)
        x, y = label.anchor
        x, y = round(x) + left, round(y) + top - dy
        mask = text_mask(label.text, label.face, label.size, anchor)
        _paste(image, label.color, (x, y, x + width, y + height), mask.im)


@lru_cache(maxsize=FITTED)
def _text(label: Label) -> _Text:
    """``label``'s step, made once (a step is never changed): the same labels (names,
    counts, headlines) come in picture after picture, some thirty a picture, and with
    the same key each time, a band's key is found equal to the last picture's by its
    steps' identity rather than field by field. About 0.8 KB each: 3.2 MiB at the most
    (201 games drawn one after another kept 2,078)."""
    return _Text(label)


class Scene:
    """A picture's background and, in order, everything drawn on it."""

    def __init__(self, background: Image.Image) -> None:
        self.background = background
        self.size = background.size
        self.steps: list[Step] = []
        self._sprites: dict[int, Image.Image] = {}
        """The images pasted, each once, by ``id``."""

    def paste(self, image: Image.Image, at: tuple[int, int], masked: bool | None = None) -> None:
        """``image`` with its top left corner at ``at``; through its own transparency when
        it has one (or as ``masked`` says)."""
        x, y = at
        self.steps.append(_Paste(image, x, y, image.mode == "RGBA" if masked is None else masked))
        self._sprites[id(image)] = image

    def fill(self, color: Color, box: Box) -> None:
        """``box`` (right and bottom exclusive, as ``Image.paste`` has them) in ``color``."""
        self.steps.append(_Fill(color, box))

    def rounded_rectangle(
        self,
        box: Box,
        radius: int,
        fill: Color | None = None,
        outline: Color | None = None,
        width: int = 1,
    ) -> None:
        """As ``ImageDraw.rounded_rectangle`` (right and bottom inclusive)."""
        self.steps.append(_Rounded(box, radius, fill, outline, width))

    def line(self, xy: Box, fill: Color, width: int) -> None:
        """As ``ImageDraw.line`` from ``(x0, y0)`` to ``(x1, y1)``."""
        self.steps.append(_Line(xy, fill, width))

    def label(self, label: Label) -> None:
        """``label``'s text, where ``render.common.label.put`` puts it."""
        self.steps.append(_text(label))

    def sprites(self) -> tuple[Image.Image, ...]:
        """The images the scene pastes, each once: what its keys name by ``id``, to be kept
        as long as they are."""
        return tuple(self._sprites.values())

    def paint(self) -> Image.Image:
        """The whole picture."""
        image = as_rgb(self.background.copy())
        for step in self.steps:
            step.draw(image, 0)
        return image

    def paint_rows(self, top: int, bottom: int, steps: Sequence[Step]) -> Image.Image:
        """Rows ``top`` to ``bottom`` of the picture, drawn from ``steps``: those of its
        steps that touch these rows, in their order."""
        # Cropped and converted by Pillow's core: ``Image.crop`` and ``Image.convert``
        # each make an ``Image`` in Python, with a copy of a palette background's
        # palette, which took a third of the time of a band's crop and conversion.
        background = self.background
        # Puts a palette drawn with new colours since into the core, which the core's
        # crop and conversion read (``Image.load`` is what ``Image.crop`` calls for it).
        background.load()
        rows = background.im.crop((0, top, self.size[0], bottom))
        image = background._new(rows if background.mode == "RGB" else rows.convert("RGB"))
        for step in steps:
            step.draw(image, top)
        return image


def as_rgb(image: Image.Image) -> Image.Image:
    """``image`` in RGB, converted only if it is not: a background of a few flat panels
    is kept with a palette (``"P"``), a quarter of its memory in RGB (which Pillow holds
    in 4 bytes a pixel), and its rows are drawn on in RGB."""
    return image if image.mode == "RGB" else image.convert("RGB")
