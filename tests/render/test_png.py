"""The palette PNG every picture is sent as looks like the RGB picture it was drawn as:
every colour the games draw with comes out exactly, at every pixel drawn in it, and
the soft edges stay within a few levels."""

from __future__ import annotations

import io
from collections.abc import Iterator
from itertools import islice
from types import ModuleType

import pytest
from PIL import Image, ImageChops, ImageStat

import render.claim.colors
import render.claimit.colors
import render.common.palette
import render.gold_nuggets.colors
from render.common.palette import PLAYERS
from render.common.png import STEP, encode
from render.gallery import galleries

COLOUR_MODULES = (
    render.common.palette,
    render.claimit.colors,
    render.gold_nuggets.colors,
    render.claim.colors,
)


def design_colours(module: ModuleType) -> Iterator[tuple[int, int, int]]:
    for value in vars(module).values():
        if isinstance(value, tuple) and len(value) == 3 and all(isinstance(v, int) for v in value):
            yield value


AREA = 64
"""Pixels of one colour that make it an area of the picture rather than an edge."""
DESIGN = {colour for module in COLOUR_MODULES for colour in design_colours(module)} | {
    colour for style in PLAYERS for colour in (style.color, style.ink)
}


def samples() -> Iterator[tuple[str, Image.Image]]:
    for game, gallery in galleries().items():
        # A few of each game's pictures: every seat and symbol appears among them.
        for name, image in islice(gallery(), 6):
            yield f"{game}/{name}", image


def decoded(image: Image.Image) -> Image.Image:
    return Image.open(io.BytesIO(encode(image))).convert("RGB")


def test_the_colours_drawn_with_are_on_the_palettes_grid() -> None:
    assert len(DESIGN) > 40
    off = sorted(c for c in DESIGN if any(channel % STEP for channel in c))
    assert off == [], "colours the pictures are drawn with must be multiples of 4"


@pytest.mark.parametrize(("name", "image"), list(samples()), ids=lambda v: str(v)[:40])
def test_every_colour_drawn_with_comes_out_exactly(name: str, image: Image.Image) -> None:
    image = image.convert("RGB")
    after = decoded(image)
    before_pixels, after_pixels = image.get_flattened_data(), after.get_flattened_data()
    # Areas: a colour of the design that is only a few pixels here is some soft edge.
    drawn = {c for n, c in image.getcolors(1 << 20) or [] if c in DESIGN and n >= AREA}
    assert drawn, name
    wrong = {
        before
        for before, now in zip(before_pixels, after_pixels, strict=True)
        if before in drawn and now != before
    }
    assert wrong == set(), f"{name}: {sorted(wrong)[:5]}"
    # The soft edges: on average within a few levels, and rarely far.
    difference = ImageChops.difference(image, after)
    assert max(ImageStat.Stat(difference).mean) < 4, name
    far = sum(difference.convert("L").point(lambda v: 255 if v > 24 else 0).histogram()[255:])
    assert far < image.width * image.height * 0.002, name
