"""Gold Nuggets' gallery: the table image at sample moments (see ``render.gallery``).

Each moment of a turn the bot shows, a bust, a bonus turn, five players with
names the font cannot all draw, and the end of a game, alone and shared; each in
English, then in German (``-de``), whose longer words must fit too.
"""

from __future__ import annotations

from collections.abc import Iterator

from PIL import Image

from i18n import Language
from render.common.samples import Samples, each_language
from render.gold_nuggets.table_image import draw_table
from render.gold_nuggets.view import NuggetsView

NAMES = ("Ada", "Björn 🎲", "Zoë the Prospector With a Very Long Name", "王小明", "Ольга")
"""A plain name, one with an emoji, one too long, one the font cannot draw, one Cyrillic."""

THREE = NAMES[:3]

moments = Samples[NuggetsView]()
"""Each sample's view in one language; a view is built from the names, the nuggets by
seat, the nuggets in the centre and the seat whose turn it is, then what the moment adds."""


def views() -> Iterator[tuple[str, NuggetsView]]:
    for lang, suffix in each_language():
        for name, view in moments(lang):
            yield name + suffix, view


@moments.add("fresh-turn")
def fresh_turn(lang: Language) -> NuggetsView:
    return NuggetsView(THREE, (0, 0, 0), 77, 0, lang=lang)


@moments.add("roll-waiting")
def roll_waiting(lang: Language) -> NuggetsView:
    aside = ("N", "3", "3", "3")
    return NuggetsView(THREE, (6, 3, 0), 68, 2, aside, ("L", "2", "N"), value=4, lang=lang)


@moments.add("three-lassos-steal")
def three_lassos_steal(lang: Language) -> NuggetsView:
    aside = ("L", "L", "4", "4", "4", "L")
    rolled = ("4", "L", "4", "2", "4")
    return NuggetsView(THREE, (6, 9, 4), 58, 0, aside, rolled, rolled_used=True, value=4, lang=lang)


@moments.add("bust")
def bust(lang: Language) -> NuggetsView:
    aside = ("N", "N", "5", "5", "5")
    return NuggetsView(THREE, (10, 9, 4), 54, 1, aside, ("2", "3"), value=7, bust=True, lang=lang)


@moments.add("all-seven-set-aside")
def all_seven_set_aside(lang: Language) -> NuggetsView:
    aside = ("N", "3", "3", "3", "N", "3", "3")
    rolled = ("N", "3", "3")
    return NuggetsView(
        THREE, (10, 9, 4), 54, 2, aside, rolled, rolled_used=True, value=5, lang=lang
    )


@moments.add("bonus-turn")
def bonus_turn(lang: Language) -> NuggetsView:
    return NuggetsView(THREE, (10, 9, 9), 49, 2, took=(2, None, 5), bonus=True, lang=lang)


@moments.add("five-players")
def five_players(lang: Language) -> NuggetsView:
    rolled = ("5", "L", "N", "5", "2", "5", "L")
    return NuggetsView(NAMES, (12, 4, 9, 0, 15), 37, 3, rolled=rolled, took=(2, 0, 3), lang=lang)


@moments.add("game-over")
def game_over(lang: Language) -> NuggetsView:
    took = (1, None, 2)
    return NuggetsView(THREE, (25, 31, 21), 0, 1, over=True, winners=(1,), took=took, lang=lang)


@moments.add("five-players-shared-win")
def five_players_shared_win(lang: Language) -> NuggetsView:
    nuggets = (18, 12, 18, 11, 18)
    return NuggetsView(
        NAMES, nuggets, 0, 4, over=True, winners=(0, 2, 4), took=(4, None, 6), lang=lang
    )


def samples() -> Iterator[tuple[str, Image.Image]]:
    for name, view in views():
        yield name, draw_table(view)
