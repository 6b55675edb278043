"""A turn's outlook: the judge's worth of the mover's position made into every seat's
chance to win the game, by a model fitted on games between the computer levels.

The judge (``engine.claimit.judge``) values the mover's position in spaces of a largest
mine before the last round and as a chance to beat the boards as they stand in it. The
mover's chance to win is a logistic of that worth:

- before the last round, of the worth ``w`` (spaces, net of the best rival's board), the
  game's progress ``g`` (the most claims a seat holds, over the claims that call the last
  round: 0 to 1) and the players ``k``:
  ``a0 + a1·w + a2·w·g + a3·ln(k-1) + a4·g``;
- in the last round, of the judge's chance ``v`` (its logit, ``v`` kept within 0.5% of
  0 and 1) and the turns still to come after this one ``t``:
  ``b0 + b1·logit(v) + b2·t + b3·t·logit(v) + b4·ln(k-1)``; but on the game's last
  turn a ``v`` of 1 is a win (``settled``), as stopping wins it.

The other seats share the rest in proportion to ``exp(β·board)``, ``board`` a seat's
board as the turn found it in the hard player's weights (spaces of a largest mine),
``β = c0 + c1·g`` before the last round and ``c2`` in it.

Everything is per turn (the board as the turn found it): the marks a turn has made only
enter through the mover's worth, so that mapping a worth is a few multiplications, as
luck needs it for each of a roll's 216 outcomes.

The constants (``MODEL``, where their games and their calibration on games not used for
the fit are) come from ``bench/fit_claimit_chances.py``; run it to fit them again.
"""

from __future__ import annotations

import math
from typing import Final, NamedTuple

from engine.claimit.board import largest_group
from engine.claimit.state import LAST_ROUND_THRESHOLD, GameState


class Model(NamedTuple):
    """The fitted constants."""

    before_last_round: tuple[float, ...]
    """``a0..a4``: the mover's logistic before the last round."""
    in_last_round: tuple[float, ...]
    """``b0..b4``: the mover's logistic in the last round."""
    shares: tuple[float, float, float]
    """``c0, c1, c2``: how sharply the other seats' boards split the rest."""


MODEL: Final = Model(
    before_last_round=(-0.3956, 0.2084, 0.0759, -0.6159, 0.0983),
    in_last_round=(-0.8589, 0.3539, -0.8921, 0.0477, 0.1091),
    shares=(0.1353, 0.1908, 0.5839),
)
"""Fitted by ``bench/fit_claimit_chances.py`` (its defaults: 320 games, seeds 50,000 to
50,319, of 2 to 5 players and the levels mixed; the first 220 fitted, 45,970 positions).
On the 100 games held out (20,460 positions, every seat's chance) by predicted chance
(``s.e.``: the standard error of the share won, counted by games, as a game's positions
hang together):

    predicted  0.0-0.1  0.1-0.2  0.2-0.3  0.3-0.4  0.4-0.5
    n           10,490   21,464   17,428    8,522    4,918
    mean         0.046    0.156    0.243    0.344    0.447
    won          0.037    0.153    0.245    0.370    0.458
    s.e.         0.009    0.014    0.013    0.020    0.025

    predicted  0.5-0.6  0.6-0.7  0.7-0.8  0.8-0.9  0.9-1.0
    n            3,231    1,948    1,434    1,135    2,264
    mean         0.547    0.645    0.747    0.854    0.964
    won          0.541    0.624    0.714    0.843    0.954
    s.e.         0.029    0.047    0.052    0.043    0.016

Every bucket's share won is within 1.3 standard errors of its mean prediction. The log
loss is 1.043 a position against a uniform guess's 1.213; without the last turn's sure
win (its logistic fitted on every position) it was 0.996: a sure win is one under the
hard player's play, and a few of the easy and normal players' went on rolling and lost
it. Luck and decisions are weighed against best play, so the sure win stays.
"""

EDGE: Final = 0.005
"""The judge's last-round chance is kept this far from 0 and 1 before its logit."""


def board_worth(state: GameState, seat: int) -> float:
    """``seat``'s board in the hard player's weights, in spaces of a largest mine: a space
    of the mine 1, a claimed one inside it 0.375 more, any claim 0.25, any space 0.125."""
    spaces = state.owners[seat]
    held = spaces & state.claimed
    mine = largest_group(spaces)
    return (
        mine.bit_count()
        + 0.375 * (mine & held).bit_count()
        + 0.25 * held.bit_count()
        + 0.125 * spaces.bit_count()
    )


def logit(chance: float) -> float:
    """The log-odds of a last-round chance, kept within ``EDGE`` of 0 and 1."""
    kept = min(max(chance, EDGE), 1 - EDGE)
    return math.log(kept / (1 - kept))


def _sigmoid(x: float) -> float:
    if x >= 0:
        return 1 / (1 + math.exp(-x))
    e = math.exp(x)
    return e / (1 + e)


class Outlook:
    """One turn's model: its features other than the mover's worth, worked out once."""

    __slots__ = (
        "boards",
        "last_round",
        "model",
        "mover",
        "players",
        "progress",
        "rest",
        "turns_after",
    )

    def __init__(self, state: GameState, model: Model = MODEL) -> None:
        self.model = model
        self.players = state.players
        self.mover = state.turn
        held = max((state.claimed & owned).bit_count() for owned in state.owners)
        self.progress = min(1.0, held / LAST_ROUND_THRESHOLD[state.players])
        self.last_round = state.last_round is not None
        self.turns_after = state.last_round.turns_left - 1 if state.last_round else 0
        self.boards = tuple(board_worth(state, seat) for seat in range(state.players))
        c0, c1, c2 = model.shares
        beta = c2 if self.last_round else c0 + c1 * self.progress
        others = [seat for seat in range(self.players) if seat != self.mover]
        top = max(self.boards[seat] for seat in others)
        weights = {seat: math.exp(beta * (self.boards[seat] - top)) for seat in others}
        total = sum(weights.values())
        self.rest = tuple(weights.get(seat, 0.0) / total for seat in range(self.players))
        """Each other seat's share of what the mover does not win (the mover's is 0)."""

    def features(self, worth: float) -> tuple[float, ...]:
        """The terms of the mover's logistic for a worth in the judge's unit."""
        spread = math.log(self.players - 1)
        if self.last_round:
            x, t = logit(worth), self.turns_after
            return (1.0, x, t, t * x, spread)
        g = self.progress
        return (1.0, worth, worth * g, spread, g)

    def settled(self, worth: float) -> bool:
        """Whether ``worth`` is a sure win: on the game's last turn, a stop (or every roll)
        leaves the mover first against the boards as they will end."""
        return self.last_round and self.turns_after == 0 and worth >= 1

    def logit_of(self, worth: float) -> float:
        """The mover's logistic's argument for a worth (the ``settled`` rule aside)."""
        model = self.model
        weights = model.in_last_round if self.last_round else model.before_last_round
        return sum(w * f for w, f in zip(weights, self.features(worth), strict=True))

    def mover_chance(self, worth: float) -> float:
        """The mover's chance to win with a position worth ``worth`` (the judge's unit)."""
        if self.settled(worth):
            return 1.0
        return _sigmoid(self.logit_of(worth))

    def chances(self, worth: float) -> tuple[float, ...]:
        """Every seat's chance, summing to 1, with the mover's position worth ``worth``."""
        mover = self.mover_chance(worth)
        return tuple(
            mover if seat == self.mover else (1 - mover) * self.rest[seat]
            for seat in range(self.players)
        )
