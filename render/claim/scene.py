"""A picture as a list of what to draw, so that tests can read what an image holds
without reading pixels, and so that the panels are drawn once per layout.

A ``Scene`` is planned from a view, then painted: its panels (rounded boxes) form a
background that is cached per layout, and the rest is drawn on it, in order: frames,
sprites, labels (as a ``render.common.scene.Scene``, which the encoder paints only
where it changed).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

from PIL import Image, ImageDraw

from render.common import palette
from render.common.label import Box, Label
from render.common.lit import COLOR, RADIUS, WIDTH, lit_box
from render.common.palette import Color
from render.common.scene import Scene as Drawing


@dataclass(frozen=True)
class Panel:
    box: Box
    fill: Color | None
    radius: int = 12
    outline: Color | None = None
    width: int = 0


@dataclass(frozen=True)
class Sprite:
    """A picture pasted with its top left corner at ``at``; ``what`` says what it shows
    (a card id, "back", "slot", "icon:2" …), for tests."""

    image: Image.Image
    at: tuple[int, int]
    what: str
    card: str | None = None
    """The id of the card it shows face up, if it shows one."""

    @property
    def box(self) -> Box:
        x, y = self.at
        return (x, y, x + self.image.width, y + self.image.height)


@dataclass
class Scene:
    width: int
    height: int = 0
    panels: list[Panel] = field(default_factory=list)
    """Drawn into the cached background."""
    frames: list[Panel] = field(default_factory=list)
    """Drawn on every image, before the sprites (highlighted rows, outlines)."""
    sprites: list[Sprite] = field(default_factory=list)
    lit: list[Panel] = field(default_factory=list)
    """Drawn over the sprites: the outlines of lit cards, which the seat's icon beside a
    small card would otherwise cover in part."""
    labels: list[Label] = field(default_factory=list)

    def panel(self, box: Box, fill: Color | None, radius: int = 12) -> None:
        self.panels.append(Panel(box, fill, radius))

    def frame(
        self,
        box: Box,
        fill: Color | None,
        radius: int = 8,
        outline: Color | None = None,
        width: int = 0,
    ) -> None:
        self.frames.append(Panel(box, fill, radius, outline, width))

    def paste(
        self, image: Image.Image, x: float, y: float, what: str, card: str | None = None
    ) -> Sprite:
        sprite = Sprite(image, (round(x), round(y)), what, card)
        self.sprites.append(sprite)
        return sprite

    def light(self, lit: frozenset[str]) -> None:
        """Outlines each card of ``lit`` (ids) wherever it is shown, clear of it."""
        for sprite in self.sprites:
            if sprite.card in lit:
                self.lit.append(Panel(lit_box(sprite.box), None, RADIUS, COLOR, WIDTH))

    def label(self, label: Label) -> None:
        self.labels.append(label)

    def planned(self) -> Drawing:
        """The picture as what to draw (``render.common.scene``): frames, then sprites,
        then lit outlines, then labels, on the background of its panels."""
        drawing = Drawing(_background(self.width, self.height, tuple(self.panels)))
        for frame in self.frames:
            drawing.rounded_rectangle(
                frame.box, frame.radius, frame.fill, frame.outline, frame.width
            )
        for sprite in self.sprites:
            drawing.paste(sprite.image, sprite.at)
        for outline in self.lit:
            drawing.rounded_rectangle(
                outline.box, outline.radius, outline.fill, outline.outline, outline.width
            )
        for label in self.labels:
            drawing.label(label)
        return drawing

    def paint(self) -> Image.Image:
        return self.planned().paint()


def _draw_panel(draw: ImageDraw.ImageDraw, panel: Panel) -> None:
    draw.rounded_rectangle(
        panel.box, radius=panel.radius, fill=panel.fill, outline=panel.outline, width=panel.width
    )


@lru_cache(maxsize=64)
def _background(width: int, height: int, panels: tuple[Panel, ...]) -> Image.Image:
    """The panels on the background's colour, with a palette of their few colours (the
    shapes are drawn without soft edges): a table or hand of each size and layout has
    one, and a picture process keeps dozens."""
    image = Image.new("P", (width, height), palette.BACKGROUND)
    draw = ImageDraw.Draw(image)
    for panel in panels:
        _draw_panel(draw, panel)
    return image
