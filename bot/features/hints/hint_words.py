"""A hint in words, as its player alone reads it wherever they asked it (under the table
on Discord, or on the board): each option the judge weighed, named as the table marks it
(``option_names``: a Claim It! placement by its letter, with its words), its worth in the
report's units, the best marked, and what each other one gives away against it."""

from __future__ import annotations

from bot.features.hints.service import Hint
from bot.games.analysis_words import amount, figure, shown_amount
from bot.games.option_names import option_names
from i18n import Language


def title(lang: Language) -> str:
    """What a hint is headed with."""
    return lang._("💡 Hint: your options as the judge weighs them")


def option_lines(hint: Hint, lang: Language) -> list[str]:
    """Each of the hint's options, best first, with its worth and its mark: what one
    gives away against the best is the difference of the two worths as shown (``figure``),
    so that the figures on the lines agree."""
    game, weighed = hint.game, hint.weighed
    unit = weighed.unit
    options = [option for option, _ in weighed.worths]
    named = option_names(game, hint.seat, options, lang, markdown=True)
    top = figure(weighed.worths[0][1], unit)
    lines = []
    for option, worth in weighed.worths:
        said = named[option]
        shown = amount(worth, unit, lang)
        less = top - figure(worth, unit)
        if option == weighed.best:
            lines.append(
                "⭐ " + lang._("**{option}**: {worth}, the best", option=said, worth=shown)
            )
        elif weighed.cost(option) == 0 and not less:
            lines.append("👍 " + lang._("**{option}**: {worth}, as good", option=said, worth=shown))
        elif weighed.cost(option) == 0:
            # Less as shown, but within what the estimate can tell apart: "as good" alone
            # would contradict the figures beside it.
            lines.append(
                "👍 "
                + lang._(
                    "**{option}**: {worth}, as good: within the estimate's margin of the best",
                    option=said,
                    worth=shown,
                )
            )
        elif not less:
            # Less by less than the figures show: a cost of "0.00" would read as none.
            lines.append(
                "▫️ "
                + lang._(
                    "**{option}**: {worth}, barely less than the best", option=said, worth=shown
                )
            )
        else:
            lines.append(
                "▫️ "
                + lang._(
                    "**{option}**: {worth}, {cost} less than the best",
                    option=said,
                    worth=shown,
                    cost=shown_amount(less, unit, lang),
                )
            )
    return lines


def footer(hint: Hint, lang: Language) -> str:
    """How far its worths may be trusted, and who sees them."""
    how = (
        lang._("These worths are exact.")
        if hint.weighed.exact
        else lang._("These worths are the judge's estimates, from what you can see alone.")
    )
    return " ".join(
        [how, lang._("Only you see this. The hints each player asked show in the result.")]
    )


def hint_lines(hint: Hint, lang: Language) -> list[str]:
    """The whole hint as lines of text (the board's private answer to its asker)."""
    return [title(lang), *option_lines(hint, lang), footer(hint, lang)]
