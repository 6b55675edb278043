"""Gold Nuggets' table as a PNG, with one palette for every table (see
``render.common.png``)."""

from __future__ import annotations

from render.common.png import Album, PictureKind
from render.gold_nuggets.table_image import table_scene
from render.gold_nuggets.view import NuggetsView

TABLE = PictureKind("gold-nuggets-table")


def render_table(view: NuggetsView, album: Album | None = None) -> bytes:
    """The table as a PNG; with an ``album`` (``("game", id)``), drawn where it changed
    since the album's last table, which is let go once the game is over or cancelled."""
    return lit_table(view, frozenset(), album)


def lit_table(view: NuggetsView, lit: frozenset[int], album: Album | None = None) -> bytes:
    """The table as ``render_table`` draws it, with the dice of the last roll ``lit`` (by
    their place in ``view.rolled``) outlined."""
    scene = table_scene(view, lit)
    return TABLE.encode_scene(scene, album, keep=not (view.over or view.closed))
