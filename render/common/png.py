"""PNG encoding with the settings every picture uses."""

from __future__ import annotations

import io

from PIL import Image

PNG_COMPRESS_LEVEL = 3
"""zlib level 3 makes files ~15% smaller than level 1 for about the same time."""


def encode(image: Image.Image) -> bytes:
    out = io.BytesIO()
    image.save(out, "PNG", compress_level=PNG_COMPRESS_LEVEL)
    return out.getvalue()
