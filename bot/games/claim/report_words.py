"""Claim's words for a seat's decisions in the report of what decided a game. Claim has
no dice: its luck is in the cards (weighed in chance to win, ``engine.claim.card_luck``),
which have no plain words of their own beside it.

A card nobody saw face up in the whole game (a face-down discard, a card drawn unseen
and never played) is never named: the report says only that it was another card."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from bot.games.analysis_words import margin
from bot.games.claim.names import card_name, faction_name
from engine.claim.actions import Discard, Loot, Play, Take
from engine.claim.json_form import action_of
from i18n import Language

UNSEEN: Final = "unseen="
"""How the report keeps an option whose card nobody saw: ``unseen=play`` and so on."""
CLOSE: Final = 1
"""The most factions a close game is won by: 3 to 2, where one faction's trick the other
way would have turned it."""


class ClaimReportWords:
    """Claim's report: every card choice, estimated by searching the deals the player
    could not tell apart."""

    def option(self, before: Any, token: str, names: Sequence[str], lang: Language) -> str:
        """An option as a short phrase (``ReportWords.option``)."""
        kind, _, value = token.partition("=")
        if kind + "=" == UNSEEN:
            return {
                "play": lang._("playing another card (never shown)"),
                "discard": lang._("discarding another card face down (never shown)"),
            }.get(value, lang._("taking another card (never shown)"))
        action = action_of(kind, value)
        if isinstance(action, Play):
            return lang._("playing the {card}", card=card_name(action.card, lang))
        if isinstance(action, Discard):
            return lang._("discarding the {card} face down", card=card_name(action.card, lang))
        if isinstance(action, Take):
            if action.card is None:
                return lang._("taking the draw pile's top card")
            return lang._("taking the {card}", card=card_name(action.card, lang))
        assert isinstance(action, Loot), token
        return lang._(
            "counting the loot for the {faction}", faction=faction_name(action.faction, lang)
        )

    def luck(self, player: str, figures: Mapping[str, int], lang: Language) -> str | None:
        """The seat's luck as its result told it (``ReportWords.luck``)."""
        return None

    def judged_how(self, lang: Language) -> str:
        """How the game's decisions are judged (``ReportWords.judged_how``)."""
        return lang._(
            "Claim has no dice: its luck is in the cards, the deal, each prize turned up "
            "and each card drawn, each weighed from what the player could see then. "
            "Each card choice with more than one card allowed is judged only by what the "
            "player had seen by then: the hard computer player's search plays the game "
            "out over many deals of the cards they had not seen, and each option's share "
            "of won games is its chance to win. Costs are in chance to win: exact where "
            "two play and the cards unseen are the other hand (7 tricks left or fewer), "
            "estimates elsewhere."
        )

    def close(self, figures: Sequence[Mapping[str, int]], won: Sequence[bool]) -> bool:
        """Won by one faction at most (``ReportWords.close``)."""
        return margin(figures, won, "factions") <= CLOSE


WORDS: Final = ClaimReportWords()
