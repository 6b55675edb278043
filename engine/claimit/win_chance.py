"""Each seat's chance to win a game of Claim It! from any position, for weighing luck and
decisions in one unit.

The mover's position is worth what the judge (``engine.claimit.judge``, the hard
player's evaluation) makes of it: about to roll, its depth-2 roll value; with marks
made, the better of stopping and rolling on; a roll pending, its best placement. In the
last round that worth is a chance to beat the boards as they stand. The turn's
``Outlook`` maps it to every seat's chance (the fitted model, its provenance and its
calibration are there and in ``bench/fit_claimit_chances.py``). A game over gives the
rules' result: 1 to the winner, a share to each of a tie's seats, 0 to the rest.

About 2 ms of one core a position (a turn start's roll value; a pending roll's takes one
for each placement it allows).
"""

from __future__ import annotations

from engine.claimit.judge import _Game
from engine.claimit.scoring import scores, winners
from engine.claimit.state import GameState, Phase


def result(state: GameState) -> tuple[float, ...]:
    """Each seat's result in a game that is over: 1 for the winner, ``1/k`` to each of a
    ``k``-way tie, 0 for the rest."""
    won = winners(scores(state))
    return tuple(1 / len(won) if seat in won else 0.0 for seat in range(state.players))


def chances(state: GameState) -> tuple[float, ...]:
    """Each seat's chance to win from ``state``, seat by seat, summing to 1."""
    if state.phase is Phase.OVER:
        return result(state)
    game = _Game()
    return game.outlook(state).chances(game.worth(state))
