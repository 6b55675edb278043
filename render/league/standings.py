"""The standings picture as a PNG, with one palette for every standings picture (see
``render.common.png``)."""

from __future__ import annotations

from collections.abc import Iterator

from PIL import Image

from render.common.png import PictureKind
from render.league.gallery import views
from render.league.standings_image import draw_standings
from render.league.standings_view import StandingsView


def _samples() -> Iterator[Image.Image]:
    """Tournaments under way and finished, with medals, marks and highlighted lines."""
    for name, view in views():
        if not name.endswith("-de"):  # the same colours as in English
            yield draw_standings(view)


STANDINGS = PictureKind(_samples)


def render_standings(view: StandingsView) -> bytes:
    """The standings of ``view`` as PNG bytes."""
    return STANDINGS.encode(draw_standings(view))
