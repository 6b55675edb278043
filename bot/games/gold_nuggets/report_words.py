"""Gold Nuggets' words for what a seat's luck was and what its decisions were: on the
game's result and in the report of what decided it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from bot.games.analysis_words import margin
from bot.games.bust_luck import MICRO, busts_line
from bot.games.gold_nuggets import words
from bot.games.gold_nuggets.game import ROLL, STEAL_PREFIX, TAKE, parse_set
from engine.gold_nuggets import GameState
from i18n import Language

CLOSE: Final = 4
"""The most nuggets a close game is won by: less than a fresh turn is expected to take
(4.67), so one more good turn of the runner-up's would have turned it."""


def luck_line(
    player: str, figures: Mapping[str, int], lang: Language, *, judged: bool = True
) -> str:
    """A seat's busts against their odds (with their verdict where ``judged``) and, when
    it rolled on instead of taking, what that was expected to add against what it added
    (``player`` as markdown)."""
    line = busts_line(f"**{player}**", figures, lang, judged=judged)
    if figures.get("roll_ons", 0):
        line += "; " + roll_on_words(figures, lang)
    return line


def roll_on_words(figures: Mapping[str, int], lang: Language) -> str:
    """``rolled on instead of taking 3 times: expected +4.2, gave -5.0``."""
    return lang.ngettext(
        "rolled on instead of taking {n} time: expected {expected}, gave {gave}",
        "rolled on instead of taking {n} times: expected {expected}, gave {gave}",
        figures.get("roll_ons", 0),
        expected=_nuggets(figures.get("roll_on_expected", 0) / MICRO, lang),
        gave=_nuggets(figures.get("roll_on_gave", 0) / MICRO, lang),
    )


def _nuggets(value: float, lang: Language) -> str:
    """A signed number of nuggets with one decimal: ``+4.2``, ``-5.0``."""
    return ("+" if value >= 0 else "") + lang.number(value, digits=1)


class NuggetsReportWords:
    """Gold Nuggets' report: set-asides, rolling on and taking, judged exactly (a game of
    two throughout, a larger one while the turn's take is all that is at stake)."""

    def option(self, before: Any, token: str, names: Sequence[str], lang: Language) -> str:
        """An option as a short phrase (``ReportWords.option``)."""
        state: GameState = before
        if token == ROLL:
            return lang.ngettext(
                "rolling on with {n} die", "rolling on with {n} dice", state.dice_left
            )
        if token == TAKE:
            return lang.pgettext("nuggets", "taking {value}", value=lang.number(state.value))
        if token.startswith(STEAL_PREFIX):
            return lang.pgettext(
                "nuggets",
                "stealing {value} from {player}",
                value=lang.number(state.value),
                player=names[int(token.removeprefix(STEAL_PREFIX))],
            )
        counts = parse_set(token)
        assert counts is not None, token
        return lang.pgettext("nuggets", "setting aside {dice}", dice=words.counts(counts, lang))

    def luck(self, player: str, figures: Mapping[str, int], lang: Language) -> str | None:
        """The seat's luck as its result told it (``ReportWords.luck``)."""
        if not figures.get("rolls", 0):
            return None
        return luck_line(player, figures, lang, judged=False)

    def judged_how(self, lang: Language) -> str:
        """How the game's decisions are judged (``ReportWords.judged_how``)."""
        return lang.pgettext(
            "nuggets",
            "Each set-aside, each choice between rolling on and taking, and whom to take "
            "from is judged as the hard computer player decides. In a game of two, exactly: "
            "the game is solved. With more, exactly while only the turn's take is at stake "
            "(no rival holds a nugget, the centre holds more than 30): the nuggets it was "
            "expected to take, played on perfectly; after that, a steal or the game's end "
            "can make another choice the best, so the estimated chance to win judges.",
        )

    def close(self, figures: Sequence[Mapping[str, int]], won: Sequence[bool]) -> bool:
        """Won by fewer nuggets than a turn takes (``ReportWords.close``)."""
        return margin(figures, won, "nuggets") <= CLOSE


WORDS: Final = NuggetsReportWords()
