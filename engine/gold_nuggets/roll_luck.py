"""Each roll's luck in a game of Gold Nuggets, in chance to win, as GNU Backgammon counts a
roll's luck: every seat's chance after the roll that came, the mover then setting aside
what the hard player's plan sets aside (after a bust: the position the bust leaves), minus
that chance averaged over every roll the dice could have shown (``win_chance``).

Exact over the dice: the average runs over every distinct roll of the dice left, each
weighted by how many of the 6^k ordered rolls give it, so a seat's luck averages to 0 over
a roll's outcomes (to a float's rounding, some 1e-15). But a turn's first roll with more
than two seats: before it the position is worth the model's chance between turns, which
is not the turn's plan's average, and its luck is the chance after it less that, so that
luck and decisions tell a game by one value (``engine.ledger``); the difference is the
model's drift (the roller's luck averages +0.3 points a roll at three seats, +0.7 at
four, ``bench.judge_truth``). With two seats both are the solved game's. The bust
counts of ``luck`` are the same rolls' plain-words detail.
"""

from __future__ import annotations

from collections.abc import Iterable

from engine.chance_luck import EventLuck
from engine.gold_nuggets.actions import Action, Roll
from engine.gold_nuggets.rules import apply
from engine.gold_nuggets.state import STEAL_LASSOS, GameState, Phase
from engine.gold_nuggets.win_chance import chances, turn_plan


def roll_luck(start: GameState, actions: Iterable[Action]) -> list[EventLuck]:
    """Replays ``actions`` from ``start`` (raising the rules' error for an illegal one) and
    returns each roll's luck, in the order they came: ``move`` the roll's index among
    ``actions``, ``seat`` the roller's."""
    found = []
    state = start
    for index, action in enumerate(actions):
        after = apply(state, action).state
        if isinstance(action, Roll):
            found.append(EventLuck(index, state.turn, "roll", _luck(state, after)))
        state = after
    return found


def _luck(before: GameState, after: GameState) -> tuple[float, ...]:
    if before.phase is Phase.ROLL:
        # A turn's first roll: before it, the position is worth the model's chance
        # between turns, which with more than two seats is not the plan's average.
        average = chances(before)
    else:
        aside = before.aside
        average = turn_plan(before).roll_on(
            before.dice_left, aside.numbers, aside.value, min(aside.lasso, STEAL_LASSOS)
        )
    return tuple(came - mean for came, mean in zip(chances(after), average, strict=True))
