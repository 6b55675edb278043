"""Drills by their theme, what kind of decision each is (``Analyst.theme``: the game's
own, from the position and the names of its options, never their worths nor order, as
a session of one theme shows it before the answer): a drill's theme, those of drills made before
themes worked out once, and a player's weakest themes.

The decisions a theme's figures count are those the player's drills were made from: each
drill's choice in the game it was last met in, its cost in the drill's own weighing on
the scale every unit shares (1 an inaccuracy, 2 a mistake, 3 a blunder). Only they have a
theme without weighing every decision of every game again (a theme reads the position's
options weighed, a search of about a second for each of Claim's); and they are the
player's own, their drills' very positions. A theme is weakest where those decisions
cost the most per decision, and of two that cost the same, the one with more decisions
(more of the player's decisions say so)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from bot.features.drills.queries import KeptDrill
from bot.games.analysis import Weighed
from bot.games.registry import analyst_for, rules_for

WEAKEST = 3
"""The weakest themes ``/my drills`` shows (and offers a session of each)."""


@dataclass(frozen=True)
class ThemeCost:
    """What a player's decisions of one theme of one game cost."""

    kind: str
    theme: str
    decisions: int
    cost: Fraction
    """Per decision, on the scale every unit shares."""


def game_themes(kind: str) -> Mapping[str, str]:
    """The game's themes by their ids, each named in players' words (English source
    text, put into the reader's language where shown)."""
    return analyst_for(kind).themes


def theme_scope(kind: str, theme: str) -> str:
    """A session of one theme of a game, as its controls carry it: ``nuggets.steal``."""
    return f"{kind}.{theme}"


def theme_of(kind: str, state: object, seat: int, weighed: Weighed) -> str:
    """The theme of the decision of ``seat`` in ``state`` among ``weighed``'s options:
    only their names reach the game, never their worths nor their order, for a session
    of one theme shows it before the answer."""
    return analyst_for(kind).theme(state, seat, option_names(weighed))


def option_names(weighed: Weighed) -> frozenset[str]:
    """The names of ``weighed``'s options, without their worths or order: all a theme
    may read of them."""
    return frozenset(option for option, _ in weighed.worths)


def worked_out(drills: Sequence[KeptDrill]) -> list[tuple[int, str]]:
    """Each drill made before themes, by its id, with its theme."""
    return [
        (
            drill.id,
            theme_of(
                drill.kind,
                rules_for(drill.kind).state_from_json(drill.state),
                drill.seat,
                Weighed.from_json(drill.weighed),
            ),
        )
        for drill in drills
    ]


def decision_cost(kind: str, weighed: Weighed, chosen: str) -> Fraction | None:
    """What the choice a drill was made from cost, on the shared scale: the worse of its
    cost in chance to win and in the drill's own unit, as a drill's answer is graded
    (``None``: the choice is not among the drill's options as named, a card of Claim's
    the report kept unnamed)."""
    if chosen not in dict(weighed.worths):
        return None
    analyst = analyst_for(kind)
    own = analyst.thresholds[weighed.unit].scale(weighed.cost(chosen))
    chance = weighed.chance_cost(chosen)
    return own if chance is None else max(own, analyst.chance_thresholds.scale(chance))


def weakest(drills: Sequence[KeptDrill], most: int = WEAKEST) -> list[ThemeCost]:
    """The player's themes whose decisions cost the most per decision, at most ``most``,
    the weakest first (ties: more decisions first, then the theme of the drill made
    first first)."""
    costs: dict[tuple[str, str], list[Fraction]] = defaultdict(list)
    for drill in drills:
        cost = decision_cost(drill.kind, Weighed.from_json(drill.weighed), drill.chosen)
        if cost is not None and drill.theme is not None:
            costs[drill.kind, drill.theme].append(cost)
    found = [
        ThemeCost(kind, theme, len(each), sum(each, Fraction(0)) / len(each))
        for (kind, theme), each in costs.items()
    ]
    found.sort(key=lambda each: (-each.cost, -each.decisions))
    return found[:most]
