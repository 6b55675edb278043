"""What kind of decision a Gold Nuggets drill is (``Analyst.theme``): which dice to set
aside, rolling on or stopping to take, and stealing or taking from the centre. A pure
function of the options: a set-aside is its own kind, and otherwise the two best options
say what the choice turns on (a steal among them: stealing)."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, Final

from bot.games.analysis import Weighed
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


def theme(state: Any, seat: int, weighed: Weighed) -> str:
    """The theme of a decision among ``weighed``'s options (the position adds nothing the
    options don't say)."""
    options = [option for option, _ in weighed.worths]
    if any(option.startswith(SET_PREFIX) for option in options):
        return SET_ASIDE
    if any(option.startswith(STEAL_PREFIX) for option in options[:2]):
        return STEAL
    return ROLL_OR_TAKE
