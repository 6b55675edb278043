"""The bundled fonts, which characters they can draw, and thread-safe text sprites.

Pillow draws a box for a character its font lacks, so coverage is read from the
font's own ``cmap`` table and anything outside it is dropped before drawing.
FreeType faces are shared, so every use of one goes through ``_FREETYPE``.
"""

from __future__ import annotations

import math
import struct
import threading
from enum import StrEnum
from functools import cache, lru_cache
from pathlib import Path
from typing import NamedTuple

from PIL import Image, ImageDraw, ImageFont

FONT_DIR = Path(__file__).resolve().parents[2] / "assets" / "fonts"
_FREETYPE = threading.Lock()

Color = tuple[int, int, int]


class Face(StrEnum):
    """A bundled font, by its file's name: a ``str`` enum, hashed by ``str``'s own hash
    in C, where a plain ``Enum`` hashes in Python; every text measured, drawn or
    compared in a picture's plan hashes its face (400,000 times in 4,000 pictures)."""

    REGULAR = "DejaVuSans.ttf"
    BOLD = "DejaVuSans-Bold.ttf"


@cache
def font(face: Face, size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(FONT_DIR / face.value), size)


@cache
def coverage(face: Face) -> frozenset[int]:
    """The code points the font maps to a real glyph."""
    return cmap_code_points((FONT_DIR / face.value).read_bytes())


def cmap_code_points(data: bytes) -> frozenset[int]:
    """Reads a TrueType/OpenType ``cmap``: the Unicode subtable, format 12 or else 4."""
    tables = {}
    for i in range(struct.unpack_from(">H", data, 4)[0]):
        tag, _, offset, _ = struct.unpack_from(">4sIII", data, 12 + 16 * i)
        tables[tag] = offset
    cmap = tables[b"cmap"]
    subtables = {}
    for i in range(struct.unpack_from(">H", data, cmap + 2)[0]):
        platform, encoding, offset = struct.unpack_from(">HHI", data, cmap + 4 + 8 * i)
        subtables[platform, encoding] = cmap + offset
    if (3, 10) in subtables:
        return _format_12(data, subtables[3, 10])
    return _format_4(data, subtables[3, 1])


def _format_12(data: bytes, at: int) -> frozenset[int]:
    (groups,) = struct.unpack_from(">I", data, at + 12)
    points: set[int] = set()
    for i in range(groups):
        start, end, glyph = struct.unpack_from(">III", data, at + 16 + 12 * i)
        points.update(range(start + (glyph == 0), end + 1))
    return frozenset(points)


def _format_4(data: bytes, at: int) -> frozenset[int]:
    segments = struct.unpack_from(">H", data, at + 6)[0] // 2
    ends = at + 14
    starts = ends + 2 * segments + 2
    deltas = starts + 2 * segments
    range_offsets = deltas + 2 * segments
    points: set[int] = set()
    for i in range(segments):
        (end,) = struct.unpack_from(">H", data, ends + 2 * i)
        (start,) = struct.unpack_from(">H", data, starts + 2 * i)
        (delta,) = struct.unpack_from(">h", data, deltas + 2 * i)
        (range_offset,) = struct.unpack_from(">H", data, range_offsets + 2 * i)
        for code in range(start, min(end, 0xFFFE) + 1):
            if range_offset:
                where = range_offsets + 2 * i + range_offset + 2 * (code - start)
                (glyph,) = struct.unpack_from(">H", data, where)
                glyph = (glyph + delta) & 0xFFFF if glyph else 0
            else:
                glyph = (code + delta) & 0xFFFF
            if glyph:
                points.add(code)
    return frozenset(points)


@lru_cache(maxsize=8192)
def text_width(text: str, face: Face, size: int) -> float:
    """Cached: the pictures measure the same names and words at every move."""
    with _FREETYPE:
        return font(face, size).getlength(text)


class TextSprite(NamedTuple):
    """Rendered text; paste ``image`` at ``(x + dx, y + dy)`` to put its anchor at ``(x, y)``."""

    image: Image.Image
    dx: int
    dy: int

    @property
    def width(self) -> int:
        return self.image.width

    def paste_on(self, canvas: Image.Image, x: float, y: float) -> None:
        canvas.paste(self.image, (round(x) + self.dx, round(y) + self.dy), self.image)


FITTED = 4096
"""Labels whose size was fitted to their box, kept by each picture kind: a label is
fitted by drawing it at each size down from its largest, and the same labels come
again and again (names, counts, headlines)."""


@lru_cache(maxsize=8192)
def text_extent(text: str, face: Face, size: int, anchor: str = "mm") -> tuple[int, int, int, int]:
    """Where the text's sprite goes from its anchor, and its size: ``(dx, dy, width,
    height)``, without drawing it (a picture's plan places every text; only the texts in
    the rows that changed are drawn)."""
    with _FREETYPE:
        box = font(face, size).getbbox(text, anchor=anchor)
    left, top = math.floor(box[0]), math.floor(box[1])
    return (left, top, max(1, math.ceil(box[2]) - left), max(1, math.ceil(box[3]) - top))


@lru_cache(maxsize=1024)
def text_mask(text: str, face: Face, size: int, anchor: str = "mm") -> Image.Image:
    """The text's coverage, 0 to 255 a pixel (placed as ``text_extent`` says): a picture
    pastes its colour through it. Kept in one byte a pixel, a quarter of a coloured
    sprite, and once for every colour the text is drawn in."""
    left, top, width, height = text_extent(text, face, size, anchor)
    mask = Image.new("L", (width, height), 0)
    with _FREETYPE:
        ImageDraw.Draw(mask).text(
            (-left, -top), text, fill=255, font=font(face, size), anchor=anchor
        )
    return mask


@lru_cache(maxsize=256)
def text_sprite(text: str, face: Face, size: int, color: Color, anchor: str = "mm") -> TextSprite:
    """The text in ``color`` on a transparent background (``anchor`` as in Pillow)."""
    left, top, width, height = text_extent(text, face, size, anchor)
    image = Image.new("RGBA", (width, height), (*color, 0))
    image.putalpha(text_mask(text, face, size, anchor))
    return TextSprite(image, left, top)
