"""What Claim's board in the Activity's page (``src/boards/claim.ts``) is sent beyond the
public table's view: who scores together and what each counts so far, and the words it
writes around them. The page counts nothing itself."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from bot.games.board import plural_words
from engine.claim import teams
from i18n import Language, Plural
from render.claim import TableView


def figures(table: TableView, players: int) -> dict[str, Any]:
    """The scoring units' seats (each seat, or the two teams with four players) and, unit
    by unit, the cards of each faction in its score piles."""
    units = teams(players)
    return {
        "units": [list(seats) for seats in units],
        "tally": [_tally(table, seats) for seats in units],
    }


def _tally(table: TableView, seats: Sequence[int]) -> dict[str, int]:
    """The cards of each faction in the unit's score piles, its shown Gnomes included."""
    piles = [card for seat in seats for card in (*table.score_pile(seat), *table.display(seat))]
    return {faction: sum(card.faction == faction for card in piles) for faction in table.factions}


def words(lang: Language) -> dict[str, str]:
    """The board's words around its figures (``GameFace.board_words``)."""
    return {
        "claim.card": lang.pgettext("claim card", "{faction} {value}"),
        "claim.team": lang._("Team {team}"),
        "claim.prize": lang.pgettext("claim", "Prize"),
        "claim.take_prize": lang._("Prize: take one"),
        "claim.trolls": lang.pgettext("activity", "Trolls lying out"),
        **plural_words(
            "claim.deck", lang, Plural("Draw pile: {n} card", "Draw pile: {n} cards", 0)
        ),
        "claim.peek": lang._("The top card, which only you see: {card}"),
        "claim.trick": lang._("Phase {phase} · trick {trick} of {tricks}"),
        "claim.last_trick": lang._("Last trick, won by {player}"),
        "claim.play_one": lang._("Your hand: play a card"),
        "claim.discard_one": lang._("Your hand: discard a card face down"),
        "claim.your_hand": lang._("Your hand"),
        "claim.hand_empty": lang._("Your hand is empty."),
        **plural_words(
            "claim.followers",
            lang,
            Plural(
                "Your follower, face down (your hand in phase 2)",
                "Your {n} followers, face down (your hand in phase 2)",
                0,
            ),
        ),
        "claim.new": lang.pgettext("claim card", "new"),
        "claim.counts": lang._("hand {hand} · followers {followers}"),
        "claim.score_piles": lang._("Score piles"),
        "claim.votes": lang._("Votes for each faction"),
        "claim.won": lang.pgettext("claim faction", "won"),
    }
