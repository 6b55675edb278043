"""Claim's factions in words: the name of a faction, of one of its cards, and its emoji.
Discord-free, so that the rules half (``game``) and the messages (``words``) share it."""

from __future__ import annotations

from typing import Final

from engine.claim import Card, Faction

FACTION: Final = {
    Faction.AUTOMATONS: ("Automatons", "Automaton", "⚙️"),
    Faction.BARDS: ("Bards", "Bard", "🎵"),
    Faction.DOPPELGANGERS: ("Doppelgängers", "Doppelgänger", "🎭"),
    Faction.DRAGONS: ("Dragons", "Dragon", "🐉"),
    Faction.DWARVES: ("Dwarves", "Dwarf", "⛏️"),
    Faction.GIANTS: ("Giants", "Giant", "🗿"),
    Faction.GNOMES: ("Gnomes", "Gnome", "🍄"),
    Faction.GOBLINS: ("Goblins", "Goblin", "👺"),
    Faction.GRIFFINS: ("Griffins", "Griffin", "🦅"),
    Faction.KINGS: ("Kings", "King", "👑"),
    Faction.KNIGHTS: ("Knights", "Knight", "⚔️"),
    Faction.PEASANTS: ("Peasants", "Peasant", "🌾"),
    Faction.RACCOONS: ("Raccoons", "Raccoon", "🦝"),
    Faction.SEERS: ("Seers", "Seer", "🔮"),
    Faction.TROLLS: ("Trolls", "Troll", "👹"),
    Faction.UNDEAD: ("Undead", "Undead", "💀"),
    Faction.VIKINGS: ("Vikings", "Viking", "🪓"),
}
"""Each faction's name, the name of one of its cards, and its emoji in messages."""


def faction_name(faction: Faction) -> str:
    return FACTION[faction][0]


def emoji(faction: Faction) -> str:
    return FACTION[faction][2]


def card_label(card: Card) -> str:
    """A card on a button (no markdown there): ``Goblin 5``."""
    return f"{FACTION[card.faction][1]} {card.value}"


def card_name(card: Card) -> str:
    """A card in a message: ``👺 Goblin 5``."""
    return f"{emoji(card.faction)} {card_label(card)}"
