"""What Claim It!'s board in the Activity's page (``src/boards/claimit.ts``) is sent beyond
the engine's state: the figures it shows, from the scoring, and the words it writes around
them. The page counts nothing itself."""

from __future__ import annotations

from typing import Any

from bot.games.board import plural_words
from engine.claimit import GameState, scores
from i18n import Language, Plural


def figures(state: GameState) -> dict[str, Any]:
    """Each seat's largest mine and spaces, as the scoring counts them, and the claim
    markers left in the supply."""
    return {
        "standing": [{"largest": score.largest, "spaces": score.spaces} for score in scores(state)],
        "claims_left": state.claim_supply,
    }


def words(lang: Language) -> dict[str, str]:
    """The board's words around its figures (``GameFace.board_words``)."""
    return {
        **plural_words(
            "claimit.claims_left",
            lang,
            Plural("{n} claim marker left", "{n} claim markers left", 0),
        ),
        "claimit.last_round": lang._("Last round"),
        "claimit.mine": lang._("largest mine {n}"),
        **plural_words("claimit.spaces", lang, Plural("{n} space", "{n} spaces", 0)),
    }
