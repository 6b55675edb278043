"""Claim It!'s words for a seat's luck and its decisions, in the report of what decided a
game."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from bot.games.analysis_words import margin
from bot.games.bust_luck import busts_line
from bot.games.claimit import words
from engine.claimit.actions import Placement
from i18n import Language

ROLL: Final = "roll"
STOP: Final = "stop"
CLOSE: Final = 2
"""The most spaces a close game's largest mine is won by: what one good turn adds to a
mine (a turn settles 1.25 spaces on average, busts included)."""


def option(choice: Placement | str) -> str:
    """A decision's option as the report keeps it: ``roll``, ``stop``, or a placement
    as the engine writes it (``S1@2,3``)."""
    return str(choice)


def placement(token: str) -> Placement:
    """The placement ``option`` wrote."""
    marker, _, at = token.partition("@")
    col, _, row = at.partition(",")
    return Placement(int(col), int(row), marker)


class ClaimItReportWords:
    """Claim It!'s report: placements, and rolling again against stopping, estimated."""

    def option(self, before: Any, token: str, names: Sequence[str], lang: Language) -> str:
        """An option as a short phrase (``ReportWords.option``)."""
        if token == ROLL:
            return lang._("rolling again")
        if token == STOP:
            return lang._("stopping")
        return lang._("placing the {placement}", placement=words.placement(placement(token), lang))

    def luck(self, player: str, figures: Mapping[str, int], lang: Language) -> str | None:
        """The seat's luck as its result told it (``ReportWords.luck``)."""
        if not figures.get("rolls", 0):
            return None
        return busts_line(f"**{player}**", figures, lang, judged=False)

    def judged_how(self, lang: Language) -> str:
        """How the game's decisions are judged (``ReportWords.judged_how``)."""
        return lang._(
            "Each placement where the roll allowed more than one, and each choice between "
            "rolling again and stopping, is judged by what the board would be worth to the "
            "player against their best rival once the turn settles, looking a roll further "
            "ahead than the hard computer player, with every roll's exact chance. Costs "
            "are estimates, counted in spaces of a largest mine; in the last round, in "
            "chance to win."
        )

    def close(self, figures: Sequence[Mapping[str, int]], won: Sequence[bool]) -> bool:
        """Won by a largest mine a turn's claim larger (``ReportWords.close``)."""
        return margin(figures, won, "largest_mine") <= CLOSE


WORDS: Final = ClaimItReportWords()
