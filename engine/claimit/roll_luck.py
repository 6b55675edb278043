"""Each roll's luck in a game of Claim It!, in chance to win: every seat's chance after the
roll that came less its chance before it, both the judge's one value of a position
(``judge._Game.chances``, which ``win_chance.chances`` gives and each decision's options
are weighed by).

Before a roll the value is the model's own (``judge._Game.rolling``: the judge's roll value
through the turn's ``Outlook``); after it, the position the roll made: the best of its
placements for the mover, each the better of rolling on and stopping (the next turn's start
the stop leads to), or, for a bust, the next turn's start (or the game over in its last
turn). So a game's chances move only by luck and decisions: for every seat, its result less
its chance at the start is its luck less its own decisions' cost plus what the others'
decisions gave it (``engine.ledger``), at every table size (a decision gives each
rival what this value says it did).

What that leaves by construction is the model's drift: the chance before a roll is not
exactly the average of the 216 chances after it (the roll value looks a roll less deep
than the positions after the roll, and maps a worth where they map positions), so that a
roll's luck averages not 0 but ``drift`` over the dice. The model is fitted to make it
small (``outlook.MODEL``: about a point of win chance a roll in its roller's favour over
many games, ``bench.judge_truth`` measures it). A roll takes a few milliseconds: the
placements the roll allows, each its roll value and the next turn's start.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import product
from typing import Final

from engine.chance_luck import EventLuck
from engine.claimit.actions import Action, Roll
from engine.claimit.judge import _Game
from engine.claimit.rules import apply
from engine.claimit.state import GameState

ORDERED_ROLLS: Final = tuple(product(range(1, 7), repeat=3))
"""The 216 ordered rolls."""


def roll_luck(start: GameState, actions: Sequence[Action]) -> list[EventLuck]:
    """Every roll of the game replayed from ``start``, in order, with each seat's luck in
    it (``EventLuck``: kind ``roll``, the roller's seat). Raises the rules' error at the
    first action the game does not allow."""
    game = _Game()
    found = []
    state = start
    for index, action in enumerate(actions):
        after = apply(state, action).state
        if isinstance(action, Roll):
            found.append(
                EventLuck(index, state.turn, "roll", luck(game.chances(after), game.rolling(state)))
            )
        state = after
    return found


def luck(after: Sequence[float], before: Sequence[float]) -> tuple[float, ...]:
    """Each seat's chance after a roll less its chance before it."""
    return tuple(a - b for a, b in zip(after, before, strict=True))


def drift(state: GameState) -> tuple[float, ...]:
    """Each seat's luck averaged over the 216 ordered rolls from ``state`` (about to roll):
    what the model leaves by construction, 0 were its value before a roll the average of
    the values after it."""
    game = _Game()
    before = game.rolling(state)
    total = [0.0] * state.players
    for dice in ORDERED_ROLLS:
        for seat, chance in enumerate(game.chances(apply(state, Roll(dice)).state)):
            total[seat] += chance
    return tuple(t / len(ORDERED_ROLLS) - b for t, b in zip(total, before, strict=True))
