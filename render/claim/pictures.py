"""Claim's table and hands as PNGs, with one palette for every table and one for every
hand (see ``render.common.png``)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

from PIL import Image

from i18n import english
from render.claim import colors
from render.claim.gallery import hand_views, more_table_views, table_views
from render.claim.hand_image import draw_hand
from render.claim.hand_image import scene as hand_scene
from render.claim.table_image import draw_table
from render.claim.table_image import scene as table_scene
from render.claim.view import CardFace, HandView, TableView
from render.common.png import Album, PictureKind

_FACTIONS = tuple(colors.FACTION)


def _every_faction() -> Iterator[tuple[CardFace, ...]]:
    """Each faction's cards 0, 4 and 9 (the gallery's games show a dozen factions, a game
    may have any), a few factions at a time; the Raccoons 0 and 4 carry the loot."""
    for start in range(0, len(_FACTIONS), 4):
        yield tuple(
            CardFace(f"{faction}{value}x", faction, value, loot=faction == "RAC" and value < 9)
            for faction in _FACTIONS[start : start + 4]
            for value in (0, 4, 9)
        )


def _table_samples() -> Iterator[Image.Image]:
    lang = english()
    views = [view for _, view in (*table_views(lang), *more_table_views(lang))]
    for view in views:
        yield draw_table(view)
    busiest = max(views, key=lambda view: sum(len(pile) for pile in view.scores))
    seats = len(busiest.names)
    for cards in _every_faction():
        yield draw_table(
            replace(
                busiest,
                factions=tuple(dict.fromkeys(card.faction for card in cards)),
                scores=tuple(cards[seat::seats] for seat in range(seats)),
                table=tuple((seat, cards[seat]) for seat in range(min(seats, len(busiest.table)))),
            )
        )


def _hand_samples() -> Iterator[Image.Image]:
    lang = english()
    for _, view in hand_views(lang):
        yield draw_hand(view)
    for cards in _every_faction():
        yield draw_hand(
            HandView(
                lang=lang,
                name="Ada",
                seat=0,
                hand=cards,
                followers=cards[:4],
            )
        )


TABLE = PictureKind(_table_samples)
HAND = PictureKind(_hand_samples)


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
