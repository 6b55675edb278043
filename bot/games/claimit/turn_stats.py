"""Per-seat turn statistics, read from a game's move log by replaying it."""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from bot.games.dice_rules import replayed, turns_and_busts
from engine.claimit import Action, Bust, GameState, Passed, Stopped, apply

TURN_ENDS = (Bust, Stopped, Passed)
"""The events that end a seat's turn."""


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
    moves = replayed(GameState.new(players, first=first, variant=variant), actions, apply)
    turns, busts = turns_and_busts(players, (event for _, event in moves), TURN_ENDS, Bust)
    best = [0] * players
    for before, event in moves:
        if isinstance(event, Stopped):
            best[event.seat] = max(best[event.seat], before.marks_mask.bit_count())
    return [TurnStats(*seat) for seat in zip(turns, busts, best, strict=True)]
