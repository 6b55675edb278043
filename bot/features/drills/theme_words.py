"""What drills' themes say to a player, on any front end: a theme's name in the
reader's language (the game's own words, ``Analyst.themes``), and ``/my drills``' lines
of their weakest themes."""

from __future__ import annotations

from collections.abc import Sequence

from bot.features.drills.drill import Drill
from bot.features.drills.themes import ThemeCost, game_themes, theme_of
from bot.games.faces import face_for
from i18n import Language


def theme_name(kind: str, theme: str, lang: Language) -> str:
    """``Rolling again or stopping`` / ``Weiterwürfeln oder aufhören``."""
    return lang._(game_themes(kind)[theme])


def theme_line(drill: Drill, lang: Language) -> str:
    """What kind of decision an answered drill was (a theme session names it before the
    answer too: a theme reads the options offered, never which is best)."""
    theme = theme_of(drill.kind, drill.state, drill.seat, drill.weighed)
    return lang._("Kind of decision: {theme}", theme=theme_name(drill.kind, theme, lang))


def weak_lines(weak: Sequence[ThemeCost], lang: Language) -> list[str]:
    """Each weak theme, the weakest first: its name and game, how many of the player's
    drills are of it, and what those decisions cost per decision."""
    return [
        lang.ngettext(
            "**{theme}** ({game}): {n} drill, {cost} per decision",
            "**{theme}** ({game}): {n} drills, {cost} per decision",
            each.decisions,
            theme=theme_name(each.kind, each.theme, lang),
            game=face_for(each.kind).title,
            cost=lang.number(float(each.cost), digits=2),
        )
        for each in weak
    ]


def weak_heading(lang: Language) -> str:
    """The heading of ``weak_lines``."""
    return lang._("Your weakest kinds of decision")


def weak_footer(lang: Language) -> str:
    """What ``weak_lines`` count, under them."""
    return lang._(
        "Kinds of decision are ranked by what the decisions your drills were made from "
        "cost per decision; a button below serves the drills due of one."
    )
