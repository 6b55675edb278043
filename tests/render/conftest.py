"""What the picture tests share."""

from __future__ import annotations

import pytest

from render.common import png


@pytest.fixture
def albums() -> png.Albums:
    """The process's albums, emptied: what a test finds or misses in them is what it drew
    itself."""
    png.ALBUMS.clear()
    return png.ALBUMS
