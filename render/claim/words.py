"""The factions in words, by code: what the pictures draw and the bot's messages write.

A faction has three names: the faction (``Goblins``), one of its cards (``Goblin``; the
Undead differ in German: ``Untote``, ``Untoter``) and the three letters on its cards and
column heads (``GOB``; the Knights' ``KNI`` is ``RIT`` in German).
"""

from __future__ import annotations

import functools
from typing import Final

from i18n import N_, Language

FACTION_NAMES: Final = {
    "AUT": N_("Automatons"),
    "BAR": N_("Bards"),
    "DOP": N_("Doppelgängers"),
    "DRA": N_("Dragons"),
    "DWA": N_("Dwarves"),
    "GIA": N_("Giants"),
    "GNO": N_("Gnomes"),
    "GOB": N_("Goblins"),
    "GRI": N_("Griffins"),
    "KIN": N_("Kings"),
    "KNI": N_("Knights"),
    "PEA": N_("Peasants"),
    "RAC": N_("Raccoons"),
    "SEE": N_("Seers"),
    "TRO": N_("Trolls"),
    "UND": N_("Undead"),
    "VIK": N_("Vikings"),
}
"""Each faction's English name, as the rules reference gives it: a ``Message`` of it is
the faction in a refusal, put into words once its reader is known."""


def faction_name(code: str, lang: Language) -> str:
    """``Goblins`` / ``Goblins``, ``Knights`` / ``Ritter``."""
    return lang._(FACTION_NAMES[code])


def card_name(code: str, lang: Language) -> str:
    """One card of the faction, before its value: ``Knight`` (5) / ``Ritter`` (5)."""
    return _card_names(lang)[code]


@functools.cache
def _card_names(lang: Language) -> dict[str, str]:
    """Every faction's card name in ``lang``, put into words once (a picture's
    description names every card in a hand)."""
    return {
        "AUT": lang.pgettext("card", "Automaton"),
        "BAR": lang.pgettext("card", "Bard"),
        "DOP": lang.pgettext("card", "Doppelgänger"),
        "DRA": lang.pgettext("card", "Dragon"),
        "DWA": lang.pgettext("card", "Dwarf"),
        "GIA": lang.pgettext("card", "Giant"),
        "GNO": lang.pgettext("card", "Gnome"),
        "GOB": lang.pgettext("card", "Goblin"),
        "GRI": lang.pgettext("card", "Griffin"),
        "KIN": lang.pgettext("card", "King"),
        "KNI": lang.pgettext("card", "Knight"),
        "PEA": lang.pgettext("card", "Peasant"),
        "RAC": lang.pgettext("card", "Raccoon"),
        "SEE": lang.pgettext("card", "Seer"),
        "TRO": lang.pgettext("card", "Troll"),
        "UND": lang.pgettext("card", "Undead"),
        "VIK": lang.pgettext("card", "Viking"),
    }


def code_name(code: str, lang: Language) -> str:
    """The three letters on the faction's cards: ``KNI`` / ``RIT``."""
    return _code_names(lang)[code]


@functools.cache
def _code_names(lang: Language) -> dict[str, str]:
    """Every faction's three letters in ``lang``, put into words once."""
    return {
        "AUT": lang.pgettext("faction code", "AUT"),
        "BAR": lang.pgettext("faction code", "BAR"),
        "DOP": lang.pgettext("faction code", "DOP"),
        "DRA": lang.pgettext("faction code", "DRA"),
        "DWA": lang.pgettext("faction code", "DWA"),
        "GIA": lang.pgettext("faction code", "GIA"),
        "GNO": lang.pgettext("faction code", "GNO"),
        "GOB": lang.pgettext("faction code", "GOB"),
        "GRI": lang.pgettext("faction code", "GRI"),
        "KIN": lang.pgettext("faction code", "KIN"),
        "KNI": lang.pgettext("faction code", "KNI"),
        "PEA": lang.pgettext("faction code", "PEA"),
        "RAC": lang.pgettext("faction code", "RAC"),
        "SEE": lang.pgettext("faction code", "SEE"),
        "TRO": lang.pgettext("faction code", "TRO"),
        "UND": lang.pgettext("faction code", "UND"),
        "VIK": lang.pgettext("faction code", "VIK"),
    }
