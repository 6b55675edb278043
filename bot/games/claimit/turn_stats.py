"""Per-seat turn statistics, read from a game's move log by replaying it."""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from engine.claimit import Action, Bust, GameState, Passed, Stopped, apply


class TurnStats(NamedTuple):
    """A seat's turns in a whole game, as only its move log tells them."""

    turns: int
    busts: int
    best_turn: int
    """The most spaces settled by one stop (a time-out that keeps what was placed counts)."""


def turn_stats(
    players: int, first: int, variant: bool, actions: Iterable[Action]
) -> list[TurnStats]:
    """One ``TurnStats`` per seat for the game these actions were played in."""
    turns, busts, best = [0] * players, [0] * players, [0] * players
    state = GameState.new(players, first=first, variant=variant)
    for action in actions:
        before = state
        state, events = apply(state, action)
        for event in events:
            if isinstance(event, Bust | Stopped | Passed):
                turns[event.seat] += 1
            if isinstance(event, Bust):
                busts[event.seat] += 1
            elif isinstance(event, Stopped):
                best[event.seat] = max(best[event.seat], before.marks_mask.bit_count())
    return [TurnStats(*seat) for seat in zip(turns, busts, best, strict=True)]
