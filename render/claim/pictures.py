"""Claim's table and hands as PNGs, with one palette for every table and one for every
hand (see ``render.common.png``)."""

from __future__ import annotations

from render.claim.hand_image import scene as hand_scene
from render.claim.table_image import scene as table_scene
from render.claim.view import HandView, TableView
from render.common.png import Album, PictureKind

TABLE = PictureKind("claim-table")
HAND = PictureKind("claim-hand")


def render_table(view: TableView, album: Album | None = None) -> bytes:
    """The table as a PNG; with an ``album`` (``("game", id)``), drawn where it changed
    since the album's last table, which is let go once the game is over or cancelled."""
    return lit_table(view, frozenset(), album)


def lit_table(view: TableView, lit: frozenset[str], album: Album | None = None) -> bytes:
    """The table as ``render_table`` draws it, with the cards ``lit`` (ids) outlined
    wherever it shows them: only what the public view shows can be lit."""
    over = view.phase == "over" or view.closed
    scene = table_scene(view)
    scene.light(lit)
    return TABLE.encode_scene(scene.planned(), album, keep=not over)


def render_hand(view: HandView, album: Album | None = None) -> bytes:
    """A player's hand as a PNG; with an ``album`` (``("game", id, seat)``), drawn
    where it changed since the album's last hand (let go when it sits idle: a hand is
    not drawn at the game's end)."""
    return lit_hand(view, frozenset(), album)


def lit_hand(view: HandView, lit: frozenset[str], album: Album | None = None) -> bytes:
    """The hand as ``render_hand`` draws it, with the cards ``lit`` (ids) outlined
    wherever it shows them."""
    scene = hand_scene(view)
    scene.light(lit)
    return HAND.encode_scene(scene.planned(), album)
