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
  0 and 1), the turns still to come after this one ``t`` and whether this is the game's
  last turn ``L`` (``t`` is 0): ``b0 + b1·logit(v) + b2·t + b3·t·logit(v) + b4·ln(k-1)
  + b5·L + b6·L·logit(v)``; on the game's last turn a ``v`` of 1 is a win
  (``settled``), as stopping wins it.

Each has one more weight (``a5``, ``b7``), rolling on's own term: once the turn has
placed something, rolling on is worth the stop's chance moved by what the roll value's
terms add over the stop's, and by that weight (``judge._Game.roll_terms``): after a roll
the judge looks a roll deeper than the roll value did and takes the best of what it
sees, which the weight pays for in advance.

The other seats share the rest in proportion to ``exp(β·board)``, ``board`` a seat's
board as the turn found it in the hard player's weights (spaces of a largest mine),
``β = c0 + c1·g`` before the last round and ``c2`` in it.

Everything is per turn (the board as the turn found it): the marks a turn has made only
enter through the mover's worth, so that mapping a worth is a few multiplications, as
luck needs it for each of a roll's 216 outcomes.

The constants (``MODEL``, where their games, their luck and their calibration on games
not used for the fit are) come from ``bench/fit_claimit_chances.py``; run it to fit them
again.
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
    before_last_round=(-0.1414, 0.2104, 0.0853, -0.5687, 0.1722, 0.1977),
    in_last_round=(-2.0878, 0.3633, 0.4087, -0.0083, 0.6446, 2.6095, 0.4861, 1.1154),
    shares=(0.2613, 0.0655, 0.615),
)
"""Fitted by ``bench/fit_claimit_chances.py`` (its defaults: 120 games, seeds 50,000 to
50,119, of 2 to 5 players and the levels mixed; the first 90 fitted, 8,760 rolls): first
on the games' results, then five passes on the chances after each roll. Before them
(fitted on the results alone) a roll's luck was on average +2.5 points of win chance for
its roller before the last round, +7.7 in it and +25 on the game's last turn, where the
curve fitted on the rounds before sold the judge's own chance short; the fifth pass
found +1.0, +1.2 and +1.9. On the 30 games held out (2,851 rolls) a roll's luck is on
average +1.3 points before the last round (SD 7.1), +0.8 in it (SD 18.5), and -1.4 on
its last turn (23 rolls, SD 35). Every seat's chance at each turn's start there, by
predicted chance (``s.e.``: the standard error of the share won, counted by games, as a
game's positions hang together):

    predicted  0.0-0.1  0.1-0.2  0.2-0.3  0.3-0.4  0.4-0.5
    n              454      742      546      304      163
    mean         0.045    0.150    0.244    0.350    0.446
    won          0.059    0.186    0.220    0.309    0.405
    s.e.         0.018    0.022    0.019    0.028    0.053

    predicted  0.5-0.6  0.6-0.7  0.7-0.8  0.8-0.9  0.9-1.0
    n              123       64       62       43       74
    mean         0.548    0.650    0.746    0.848    0.964
    won          0.561    0.656    0.710    0.791    0.986
    s.e.         0.054    0.087    0.088    0.079    0.016

Every bucket's share won is within 1.7 standard errors of its mean prediction; the log
loss is 1.038 a turn start against a uniform guess's 1.240.
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
            final = 1.0 if t == 0 else 0.0
            return (1.0, x, t, t * x, spread, final, final * x, 0.0)
        g = self.progress
        return (1.0, worth, worth * g, spread, g, 0.0)

    def settled(self, worth: float) -> bool:
        """Whether ``worth`` is a sure win: on the game's last turn, a stop (or every roll)
        leaves the mover first against the boards as they will end."""
        return self.last_round and self.turns_after == 0 and worth >= 1

    @property
    def weights(self) -> tuple[float, ...]:
        """The mover's logistic's weights for this turn's ``features``."""
        model = self.model
        return model.in_last_round if self.last_round else model.before_last_round

    def logit_of(self, worth: float) -> float:
        """The mover's logistic's argument for a worth (the ``settled`` rule aside)."""
        return sum(w * f for w, f in zip(self.weights, self.features(worth), strict=True))

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
