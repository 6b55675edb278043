"""The standings picture as a PNG, with one palette for every standings picture (see
``render.common.png``)."""

from __future__ import annotations

from collections.abc import Iterator

from PIL import Image

from render.common.png import SMALL, Album, PictureKind
from render.league.gallery import views
from render.league.standings_image import draw_standings, standings_scene
from render.league.standings_view import StandingsView


def _samples() -> Iterator[Image.Image]:
    """Tournaments under way and finished, with medals, marks and highlighted lines."""
    for name, view in views():
        if not name.endswith("-de"):  # the same colours as in English
            yield draw_standings(view)


STANDINGS = PictureKind(_samples, SMALL)


def render_standings(view: StandingsView, album: Album | None = None, keep: bool = True) -> bytes:
    """The standings of ``view`` as PNG bytes; with an ``album`` (``("tournament",
    id)``), drawn where they changed since the album's last, which is let go unless
    ``keep`` (the tournament ended)."""
    return STANDINGS.encode_scene(standings_scene(view), album, keep)
