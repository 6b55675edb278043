"""Gold Nuggets' gallery: the table image at sample moments (see ``render.gallery``).

Each moment of a turn the bot shows, a bust, a bonus turn, five players with
names the font cannot all draw, and the end of a game, alone and shared; each in
English, then in German (``-de``), whose longer words must fit too.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

from PIL import Image

from i18n import language
from render.gold_nuggets.table_image import draw_table
from render.gold_nuggets.view import NuggetsView

NAMES = ("Ada", "Björn 🎲", "Zoë the Prospector With a Very Long Name", "王小明", "Ольга")
"""A plain name, one with an emoji, one too long, one the font cannot draw, one Cyrillic."""


def views() -> Iterator[tuple[str, NuggetsView]]:
    english = list(_english_views())
    yield from english
    german = language("de")
    for name, view in english:
        yield f"{name}-de", replace(view, lang=german)


def _english_views() -> Iterator[tuple[str, NuggetsView]]:
    three = NAMES[:3]
    yield "fresh-turn", NuggetsView(names=three, nuggets=(0, 0, 0), centre=77, turn=0)
    yield (
        "roll-waiting",
        NuggetsView(
            names=three,
            nuggets=(6, 3, 0),
            centre=68,
            turn=2,
            aside=("N", "3", "3", "3"),
            rolled=("L", "2", "N"),
            value=4,
        ),
    )
    yield (
        "three-lassos-steal",
        NuggetsView(
            names=three,
            nuggets=(6, 9, 4),
            centre=58,
            turn=0,
            aside=("L", "L", "4", "4", "4", "L"),
            rolled=("4", "L", "4", "2", "4"),
            rolled_used=True,
            value=4,
        ),
    )
    yield (
        "bust",
        NuggetsView(
            names=three,
            nuggets=(10, 9, 4),
            centre=54,
            turn=1,
            aside=("N", "N", "5", "5", "5"),
            rolled=("2", "3"),
            value=7,
            bust=True,
        ),
    )
    yield (
        "all-seven-set-aside",
        NuggetsView(
            names=three,
            nuggets=(10, 9, 4),
            centre=54,
            turn=2,
            aside=("N", "3", "3", "3", "N", "3", "3"),
            rolled=("N", "3", "3"),
            rolled_used=True,
            value=5,
        ),
    )
    yield (
        "bonus-turn",
        NuggetsView(
            names=three,
            nuggets=(10, 9, 9),
            centre=49,
            turn=2,
            took=(2, None, 5),
            bonus=True,
        ),
    )
    five = NAMES
    yield (
        "five-players",
        NuggetsView(
            names=five,
            nuggets=(12, 4, 9, 0, 15),
            centre=37,
            turn=3,
            rolled=("5", "L", "N", "5", "2", "5", "L"),
            took=(2, 0, 3),
        ),
    )
    yield (
        "game-over",
        NuggetsView(
            names=three,
            nuggets=(25, 31, 21),
            centre=0,
            turn=1,
            over=True,
            winners=(1,),
            took=(1, None, 2),
        ),
    )
    yield (
        "five-players-shared-win",
        NuggetsView(
            names=five,
            nuggets=(18, 12, 18, 11, 18),
            centre=0,
            turn=4,
            over=True,
            winners=(0, 2, 4),
            took=(4, None, 6),
        ),
    )


def samples() -> Iterator[tuple[str, Image.Image]]:
    for name, view in views():
        yield name, draw_table(view)
