"""Each seat's chance to win a game of Claim It! from any position, for weighing luck and
decisions in one unit.

A turn's start is worth what the judge (``engine.claimit.judge``, the hard player's
evaluation) makes of rolling there, its depth-2 roll value (in the last round a chance to
beat the boards as they stand), mapped by the turn's ``Outlook`` to every seat's chance
(the fitted model, its provenance and its calibration are there and in
``bench/fit_claimit_chances.py``). Every other position is worth its best option (a
roll pending, the best of its placements; once something is placed, the better of
stopping, which is worth the position the stop leads to, and rolling on), as the judge
weighs each decision's options (``judge._Game.chances``), so that luck and decisions
are told by the same value. A game over gives the rules' result: 1 to the winner, a
share to each of a tie's seats, 0 to the rest.

A turn's start takes about 2 ms of one core; a position within a turn a few times that
(each option's stop leads to the next turn's start)."""

from __future__ import annotations

from engine.claimit.judge import _Game, _result
from engine.claimit.state import GameState


def result(state: GameState) -> tuple[float, ...]:
    """Each seat's result in a game that is over: 1 for the winner, ``1/k`` to each of a
    ``k``-way tie, 0 for the rest."""
    return _result(state)


def chances(state: GameState) -> tuple[float, ...]:
    """Each seat's chance to win from ``state``, seat by seat, summing to 1 (the judge's
    value of a position, ``judge._Game.chances``)."""
    return _Game().chances(state)
