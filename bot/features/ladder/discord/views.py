"""The views of a server's leaderboard offered as the asker types ``season:``: those the
features offer (``Adds.leaderboard_views``: the seasons' standings), and the ladder of
all time last."""

from __future__ import annotations

from collections.abc import Sequence

from discord.app_commands import Choice

from i18n import Language

ALL_TIME = "all"
"""The choice of the ladder of all time, which a feature's default view (the current
season's standings) replaces as the leaderboard's default."""
OFFERED = 25
"""Discord shows at most 25 choices."""


def view_choices(views: Sequence[Choice[str]], typed: str, lang: Language) -> list[Choice[str]]:
    """The views whose name or value holds what was typed, in the order the features
    offer them, and last the ladder of all time (``ALL_TIME``), offered when there are
    other views."""
    wanted = typed.strip().casefold()
    offered = [view for view in views if wanted in view.name.casefold() or wanted in view.value]
    if views:
        everything = lang._("all time (the rating)")
        if wanted in everything.casefold() or wanted in ALL_TIME:
            offered = [*offered[: OFFERED - 1], Choice(name=everything, value=ALL_TIME)]
    return offered[:OFFERED]
