"""Each roll's luck in a game of Claim It!, in chance to win: every seat's chance after the
roll that came, against that chance averaged over the 216 ordered rolls that could have
come.

A roll that allows a placement leaves the mover the best of them, each worth what the
judge's roll value counts it (``judge._Reach.placements``: the better of stopping after it
and one more roll then stopped on its best placement), so that the 216 outcomes' average
worth is exactly the judge's roll value of the position before the roll, the worth
``win_chance.chances`` gives a turn's start. Those worths go through the turn's
``Outlook``. A roll that busts leaves the position the rules make of it (the turn passed
with the board as the turn found it, or the game over in its last turn), weighed by
``win_chance.chances``.

The luck of one roll over its 216 outcomes averages 0 for every seat but for the float's
rounding (within 1e-12). One roll's 216 outcomes take about 2 ms of one core (one roll
value's placements, a bust's position weighed): a game's luck a fifth of a second (the
median of 12 benchmark games of 2 to 4 players, about 100 rolls each; the longest 0.4 s).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import product
from typing import Final

from engine.claimit.actions import Action, Roll
from engine.claimit.judge import _ROLLS, _Entry, _Game, _Reach
from engine.claimit.rules import apply
from engine.claimit.state import GameState
from engine.claimit.win_chance import chances
from engine.luck import EventLuck

ORDERED_ROLLS: Final = tuple(product(range(1, 7), repeat=3))
"""The 216 ordered rolls, in the order of the judge's bit sets of rolls."""


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
            every = outcomes(game, state)
            came = every[ORDERED_ROLLS.index(tuple(action.dice))]
            found.append(EventLuck(index, state.turn, "roll", luck(came, every)))
        state = after
    return found


def luck(came: Sequence[float], every: Sequence[Sequence[float]]) -> tuple[float, ...]:
    """Each seat's chance after the outcome that came less its average over ``every``
    outcome (equally likely)."""
    return tuple(
        chance - sum(outcome[seat] for outcome in every) / len(every)
        for seat, chance in enumerate(came)
    )


def outcomes(game: _Game, state: GameState) -> list[tuple[float, ...]]:
    """Every seat's chance to win after each of the 216 ordered rolls from ``state`` (about
    to roll), in ``ORDERED_ROLLS``'s order."""
    turn = game.turn(state)
    outlook = game.outlook(state)
    reach = _Reach(turn, state.squatters, state.claims_this_turn)
    worths = _per_roll(reach.placements())
    # The placements' worths are scaled to one roll, the turn's denominator to two.
    scale = turn.denominator / _ROLLS
    mapped: dict[int | None, tuple[float, ...]] = {}
    found = []
    for order, worth in enumerate(worths):
        vector = mapped.get(worth)
        if vector is None:
            if worth is None:
                vector = chances(apply(state, Roll(ORDERED_ROLLS[order])).state)
            else:
                vector = outlook.chances(worth / scale)
            mapped[worth] = vector
        found.append(vector)
    return found


def _per_roll(entries: list[_Entry]) -> list[int | None]:
    """Per ordered roll, the worth of the best of ``entries`` (sorted best first) it allows,
    ``None`` for a roll allowing none: ``judge._sweep`` roll by roll."""
    worths: list[int | None] = [None] * _ROLLS
    left = (1 << _ROLLS) - 1
    for worth, rolls in entries:
        hit = left & rolls[0]
        left ^= hit
        while hit:
            low = hit & -hit
            worths[low.bit_length() - 1] = worth
            hit ^= low
        if not left:
            break
    return worths
