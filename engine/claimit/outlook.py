"""A turn's outlook: the judge's worth of the mover's position made into every seat's
chance to win the game, by a model fitted on games between the computer levels.

The judge (``engine.claimit.judge``) values the mover's position in spaces of a largest
mine before the last round and as a chance to beat the boards as they stand in it. The
mover's chance to win is a logistic of that worth:

- before the last round, of the worth ``w`` (spaces, net of the best rival's board), the
  game's progress ``g`` (the most claims a seat holds, over the claims that call the last
  round: 0 to 1) and the players ``k`` (``n = ln(k-1)``, 0 with two):
  ``a0 + a1·w + a2·w·g + a3·n + a4·g + a5·w·n``;
- in the last round, of the judge's chance ``v`` (its logit ``x``, ``v`` kept within 0.5%
  of 0 and 1), the turns still to come after this one ``t`` and whether this is the
  game's last turn ``L`` (``t`` is 0): ``b0 + b1·x + b2·t + b3·t·x + b4·n + b5·L +
  b6·L·x + b7·x·n``; on the game's last turn a ``v`` of 1 is a win (``settled``), as
  stopping wins it.

A worth's slope depends on the table's size (``a5``, ``b7``): with two players the one
rival is the whole of the opposition, with five the best rival's board says less of it.

Each has one more weight (``a6``, ``b8``), rolling on's own term: once the turn has
placed something, rolling on is worth the stop's chance moved by what the roll value's
terms add over the stop's, and by that weight (``judge._Game.roll_terms``): after a roll
the judge looks a roll deeper than the roll value did and takes the best of what it
sees, which the weight pays for in advance.

The other seats share the rest in proportion to ``exp(β·board)``, ``board`` a seat's
board as the turn found it in the hard player's weights (spaces of a largest mine),
``β = c0 + c1·g`` before the last round and ``c2`` in it, where a seat with a turn still
to come after this one has its weight multiplied by ``exp(c3)``: its board can still
grow, a finished one's cannot.

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
    """``a0..a6``: the mover's logistic before the last round."""
    in_last_round: tuple[float, ...]
    """``b0..b8``: the mover's logistic in the last round."""
    shares: tuple[float, float, float, float]
    """``c0, c1, c2, c3``: how sharply the other seats' boards split the rest, and a last
    round's turn still to come."""


MODEL: Final = Model(
    before_last_round=(-0.0847, 0.1413, 0.1292, -0.5991, 0.1645, 0.0101, 0.2532),
    in_last_round=(-1.2247, 0.5723, -0.2284, -0.0138, 0.331, 1.62, 0.3726, -0.2185, 1.3533),
    shares=(0.1637, 0.1521, 0.558, 2.0647),
)
"""Fitted by ``bench/fit_claimit_chances.py`` (its defaults: 300 games, seeds 50,000 to
50,299, of 2 to 5 players and the levels mixed; the first 240 fitted, 23,406 rolls):
first on the games' results, then five passes on the chances after each roll. Fitted on
the results alone a roll's luck was on average +2.7 points of win chance for its roller
before the last round, +5.0 in it and +17.6 on the game's last turn; the fifth pass
found +1.0, +1.2 and +2.4. On the 60 games held out (5,701 rolls) a roll's luck is on
average +1.0 points before the last round (SD 6.5), +1.2 in it (SD 14.9) and +1.2 on its
last turn (73 rolls, SD 30). Every seat's chance at each turn's start there, by
predicted chance (``s.e.``: the difference's standard error, counted by games, as a
game's positions hang together):

    predicted  0.0-0.1  0.1-0.2  0.2-0.3  0.3-0.4  0.4-0.5
    n              788     1398     1142      591      351
    mean         0.044    0.155    0.245    0.346    0.449
    won          0.029    0.152    0.254    0.364    0.516
    s.e.         0.010    0.018    0.016    0.026    0.041

    predicted  0.5-0.6  0.6-0.7  0.7-0.8  0.8-0.9  0.9-1.0
    n              222      122      104       98      146
    mean         0.546    0.648    0.748    0.851    0.961
    won          0.518    0.574    0.644    0.786    0.986
    s.e.         0.055    0.069    0.073    0.066    0.010

Every bucket's share won is within 2.5 standard errors of its mean prediction, and every
table size's within 1.9; the log loss is 0.977 a turn start against a uniform guess's
1.211.

On 240 more games (seeds 70,000 to 70,239, seated as the fit seats them: ``--games 480
--held 240 --held-seed 70000``) the model
before these terms (one slope for every size, the last round's rivals sharing the rest
by their boards alone, fitted on 90 games) gave the last round's movers at five players
19 points more than they won (3.8 standard errors), at four 12, and its chances of
80-100% came true 8 points less often than they said; with them, 7.7, 5.0 and 4, its
log loss 1.038 → 1.010 a turn start.
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
        c0, c1, c2, c3 = model.shares
        beta = c2 if self.last_round else c0 + c1 * self.progress
        others = [seat for seat in range(self.players) if seat != self.mover]
        top = max(self.boards[seat] for seat in others)
        to_come = self.still_to_play()
        weights = {
            seat: math.exp(beta * (self.boards[seat] - top) + c3 * (seat in to_come))
            for seat in others
        }
        total = sum(weights.values())
        self.rest = tuple(weights.get(seat, 0.0) / total for seat in range(self.players))
        """Each other seat's share of what the mover does not win (the mover's is 0)."""

    def still_to_play(self) -> frozenset[int]:
        """The seats with a turn of the last round after this one (none before it)."""
        return frozenset(
            (self.mover + step) % self.players for step in range(1, self.turns_after + 1)
        )

    def features(self, worth: float) -> tuple[float, ...]:
        """The terms of the mover's logistic for a worth in the judge's unit."""
        spread = math.log(self.players - 1)
        if self.last_round:
            x, t = logit(worth), self.turns_after
            final = 1.0 if t == 0 else 0.0
            return (1.0, x, t, t * x, spread, final, final * x, x * spread, 0.0)
        g = self.progress
        return (1.0, worth, worth * g, spread, g, worth * spread, 0.0)

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
