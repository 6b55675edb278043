"""PNG encoding with the settings every picture uses: a palette of the picture's own
256 most used colours.

The pictures hold a few thousand colours, nearly all of them the soft edges of text and
shapes; as a palette PNG they are a third of the size and encode several times faster
than as RGB. Pillow maps each pixel to the palette entry nearest to the pixel's colour
rounded down to a multiple of 4 in each channel (its lookup cache has 64 steps per
channel), so the palette holds colours rounded down the same way: a colour whose
rounding is in the palette comes out as exactly that. The colours the pictures are
drawn with (``palette.py`` and each game's ``colors.py``) are multiples of 4, so every
seat's colour, symbol and text colour comes out exactly as drawn; a soft edge moves by
at most 3 levels a channel, or to its nearest neighbour among the palette when its
rounding is rare.
"""

from __future__ import annotations

import heapq
import io
from operator import itemgetter

from PIL import Image

PNG_COMPRESS_LEVEL = 1
"""On palette pictures zlib's level 1 is as small as level 3 within a few percent, and
faster."""
PALETTE_SIZE = 256
STEP = 4
"""The size of Pillow's palette-lookup cells, per channel."""
_ROUND_DOWN = [value - value % STEP for value in range(256)] * 3


def encode(image: Image.Image) -> bytes:
    out = io.BytesIO()
    to_palette(image).save(out, "PNG", compress_level=PNG_COMPRESS_LEVEL)
    return out.getvalue()


def to_palette(image: Image.Image) -> Image.Image:
    """The RGB picture as a palette picture of its most used colours (rounded down to a
    multiple of ``STEP``)."""
    if image.mode != "RGB":
        image = image.convert("RGB")
    rounded = image.point(_ROUND_DOWN)
    # Pillow sizes its table by the limit: a few thousand colours are usual.
    counts = rounded.getcolors(1 << 14) or rounded.getcolors((256 // STEP) ** 3)
    assert counts is not None  # there are no more rounded colours than that
    chosen: list[tuple[int, tuple[int, int, int]]] = heapq.nlargest(
        PALETTE_SIZE,
        counts,  # type: ignore[arg-type]  # an RGB picture's colours are triples
        key=itemgetter(0),
    )
    palette = Image.new("P", (1, 1))
    palette.putpalette([channel for _, colour in chosen for channel in colour])
    return rounded.quantize(palette=palette, dither=Image.Dither.NONE)
