"""What kind of decision a Gold Nuggets drill is (``Analyst.theme``): which dice to set
aside, rolling on or stopping to take, and stealing or taking from the centre. A pure
function of the set of options, never of their worths nor their order (a session of one
theme shows it before the answer): a set-aside is its own kind, and otherwise a steal
among them makes it stealing."""

from __future__ import annotations

from collections.abc import Mapping, Set
from types import MappingProxyType
from typing import Any, Final

from bot.games.gold_nuggets.game import SET_PREFIX, STEAL_PREFIX
from i18n import N_

SET_ASIDE: Final = "set_aside"
ROLL_OR_TAKE: Final = "roll_or_take"
STEAL: Final = "steal"
THEMES: Final[Mapping[str, str]] = MappingProxyType(
    {
        SET_ASIDE: N_("Which dice to set aside"),
        ROLL_OR_TAKE: N_("Rolling on or stopping"),
        STEAL: N_("Stealing or taking"),
    }
)
"""Gold Nuggets' themes by their ids, named in players' words."""


def theme(state: Any, seat: int, options: Set[str]) -> str:
    """The theme of a decision among ``options`` (their names; the position adds nothing
    they don't say)."""
    if any(option.startswith(SET_PREFIX) for option in options):
        return SET_ASIDE
    if any(option.startswith(STEAL_PREFIX) for option in options):
        return STEAL
    return ROLL_OR_TAKE
