"""The standings picture as a PNG, with one palette for every standings picture (see
``render.common.png``)."""

from __future__ import annotations

from render.common.png import SMALL, Album, PictureKind
from render.league.standings_image import standings_scene
from render.league.standings_view import StandingsView

STANDINGS = PictureKind("league-standings", SMALL)


def render_standings(view: StandingsView, album: Album | None = None, keep: bool = True) -> bytes:
    """The standings of ``view`` as PNG bytes; with an ``album`` (``("tournament",
    id)``), drawn where they changed since the album's last, which is let go unless
    ``keep`` (the tournament ended)."""
    return STANDINGS.encode_scene(standings_scene(view), album, keep)
