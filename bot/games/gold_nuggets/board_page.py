"""What Gold Nuggets' board in the Activity's page (``src/boards/nuggets.ts``) is sent
beyond the turn's view: the rules' figures it draws, and the words it writes around them.
The page counts nothing itself."""

from __future__ import annotations

from typing import Any

from bot.games.board import plural_words
from engine.gold_nuggets.state import STEAL_LASSOS
from i18n import Language, Plural


def figures() -> dict[str, Any]:
    """How many lassos a steal takes, which the board draws as loops to fill."""
    return {"steal_lassos": STEAL_LASSOS}


def words(lang: Language) -> dict[str, str]:
    """The board's words around its figures (``GameFace.board_words``)."""
    return {
        "nuggets.lasso": lang.pgettext("nuggets", "lasso"),
        "nuggets.nugget": lang.pgettext("nuggets", "nugget"),
        "nuggets.roll": lang.pgettext("nuggets", "Roll"),
        "nuggets.set_aside_choices": lang._("Dice to set aside"),
        "nuggets.no_roll": lang._("No dice rolled yet this turn."),
        "nuggets.bust": lang.pgettext("nuggets", "Bust!"),
        "nuggets.centre": lang.pgettext("nuggets", "in the centre"),
        "nuggets.aside": lang.pgettext("nuggets", "Set aside this turn"),
        "nuggets.nothing_aside": lang._("Nothing set aside yet."),
        "nuggets.worth": lang.pgettext("nuggets", "worth {n}"),
        "nuggets.bonus": lang.pgettext("nuggets", "Bonus turn"),
        "nuggets.lassos": lang._("Lassos for a steal: {count} of {needed}"),
        **plural_words("nuggets.held", lang, Plural("{n} nugget", "{n} nuggets", 0)),
    }
