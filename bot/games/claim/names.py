"""Claim's factions and cards in words: the name of a faction, of one of its cards, its
emoji, and the cards a picture shows. Discord-free, so that the rules half (``game``) and
the messages share it; the names themselves are the pictures' (``render.claim.words``),
so that both say the same."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from engine.claim import Card, Faction
from i18n import Language, Message
from render.claim import CardFace, words

EMOJI: Final = {
    Faction.AUTOMATONS: "⚙️",
    Faction.BARDS: "🎵",
    Faction.DOPPELGANGERS: "🎭",
    Faction.DRAGONS: "🐉",
    Faction.DWARVES: "⛏️",
    Faction.GIANTS: "🗿",
    Faction.GNOMES: "🍄",
    Faction.GOBLINS: "👺",
    Faction.GRIFFINS: "🦅",
    Faction.KINGS: "👑",
    Faction.KNIGHTS: "⚔️",
    Faction.PEASANTS: "🌾",
    Faction.RACCOONS: "🦝",
    Faction.SEERS: "🔮",
    Faction.TROLLS: "👹",
    Faction.UNDEAD: "💀",
    Faction.VIKINGS: "🪓",
}
"""Each faction's emoji in messages."""


def faction_name(faction: Faction, lang: Language) -> str:
    """A faction's name in ``lang``."""
    return words.faction_name(faction.value, lang)


def faction_words(faction: Faction) -> Message:
    """The faction's name before its reader is known (in a refusal)."""
    return Message(words.FACTION_NAMES[faction.value])


def emoji(faction: Faction) -> str:
    """A faction's emoji, the same in every language."""
    return EMOJI[faction]


def card_label(card: Card, lang: Language) -> str:
    """A card on a button (no markdown there): ``Goblin 5`` / ``Ritter 5``."""
    return f"{words.card_name(card.faction.value, lang)} {card.value}"


def card_name(card: Card, lang: Language) -> str:
    """A card in a message: ``👺 Goblin 5``."""
    return f"{emoji(card.faction)} {card_label(card, lang)}"


def cards(shown: Iterable[Card], lang: Language) -> str:
    """Cards in a message, each as ``card_name`` writes it."""
    return lang.list(card_name(c, lang) for c in shown)


def pictured_card(card: CardFace, lang: Language) -> str:
    """A card of a picture as the buttons name it, without its emoji: ``Goblin 5``."""
    return f"{words.card_name(card.faction, lang)} {card.value}"


def pictured_cards(shown: Iterable[CardFace], lang: Language) -> str:
    """Cards of a picture, as a description lists them."""
    return ", ".join(pictured_card(card, lang) for card in shown)
