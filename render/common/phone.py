"""How Discord shows a picture on a phone, which every picture is sized for."""

from __future__ import annotations

from typing import Final

from PIL import Image

PHONE_WIDTH: Final = 300
"""How wide Discord shows an embedded image on a phone."""


def phone_preview(image: Image.Image) -> Image.Image:
    """The image scaled to the width a phone gives it, to judge what stays readable."""
    height = round(image.height * PHONE_WIDTH / image.width)
    return image.resize((PHONE_WIDTH, height), Image.Resampling.LANCZOS)
