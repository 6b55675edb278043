"""What kind of decision a Claim It! drill is (``Analyst.theme``): rolling again or
stopping, where to place a marker, or placing it to block a rival (on a space of theirs,
which a squatter takes from them, or beside their largest mine, which it can no longer
grow into). A pure function of the position and the set of its options, never of their
worths nor their order: blocking where any placement offered would block (a session of
one theme shows it before the answer, and a theme read from the best placement would
give the answer away)."""

from __future__ import annotations

from collections.abc import Mapping, Set
from types import MappingProxyType
from typing import Final

from bot.games.claimit.report_words import ROLL, STOP, placement
from engine.claimit.board import Space, largest_group, on_board
from engine.claimit.state import GameState
from i18n import N_

ROLL_OR_STOP: Final = "roll_or_stop"
PLACING: Final = "placing"
BLOCKING: Final = "blocking"
THEMES: Final[Mapping[str, str]] = MappingProxyType(
    {
        ROLL_OR_STOP: N_("Rolling again or stopping"),
        PLACING: N_("Where to place"),
        BLOCKING: N_("Blocking a rival"),
    }
)
"""Claim It!'s themes by their ids, named in players' words."""


def theme(state: GameState, seat: int, options: Set[str]) -> str:
    """The theme of ``seat``'s decision in ``state`` among ``options`` (their names)."""
    if ROLL in options or STOP in options:
        return ROLL_OR_STOP
    if any(_blocks(state, seat, placement(option).space) for option in options):
        return BLOCKING
    return PLACING


def _blocks(state: GameState, seat: int, space: Space) -> bool:
    """Whether a marker on ``space`` stands in a rival's way: the space is theirs, or it
    is empty beside their largest mine."""
    rivals = [mask for other, mask in enumerate(state.owners) if other != seat]
    if any(mask & space.bit for mask in rivals):
        return True
    if any(mask & space.bit for mask in state.owners):
        return False
    beside = [
        Space(space.col + dc, space.row + dr)
        for dc, dr in ((1, 0), (-1, 0), (0, 1), (0, -1))
        if on_board(space.col + dc, space.row + dr)
    ]
    return any(largest_group(mask) & near.bit for mask in rivals for near in beside)
