"""Each seat's luck with the dice over a game of Claim It!: its busts against the exact
bust chances of the rolls it made."""

from __future__ import annotations

from collections.abc import Iterable

from engine.bust_luck import BustLuck
from engine.claimit.actions import Action, Roll
from engine.claimit.events import Bust
from engine.claimit.odds import roll_odds
from engine.claimit.rules import apply
from engine.claimit.state import GameState


def bust_luck(start: GameState, actions: Iterable[Action]) -> tuple[BustLuck, ...]:
    """Replays ``actions`` from ``start`` (raising the rules' error for an illegal one) and
    returns each seat's bust luck, seat by seat."""
    seats = [BustLuck()] * start.players
    state = start
    for action in actions:
        after, events = apply(state, action)
        if isinstance(action, Roll):
            # The roll was legal, so ``state`` is a position about to roll: its odds exist.
            busted = any(isinstance(e, Bust) for e in events)
            seats[state.turn] = seats[state.turn].rolled(roll_odds(state).bust, busted)
        state = after
    return tuple(seats)
