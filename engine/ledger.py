"""One game's ledger, seat by seat: how its chance to win went from the start to the
result, told by the game's judge as luck and decisions.

For a seat, ``result - start = luck - own cost + rivals' cost`` would hold exactly were
every chance event's luck the value after it less the value before it, and every
decision's cost the value of its best option less that of the option chosen, all on one
value of a position, and what a decision gave each rival that rival's value after the
option chosen less after the best (``Cost.given``). What is left
(``SeatLedger.leftover``) is what the judge's values do not tell alike: a decision's
options valued otherwise than the positions they lead to, chance events whose luck is
not the value after less the value before, and, where the judge keeps only what a
decision cost its maker (``Cost.given`` is ``None``: Claim), how that cost fell on the
others, which the ledger then shares evenly among them. Claim It!'s and Gold Nuggets'
judges give every seat's value: their ledgers add up at every table size to the report's
rounding (a millionth a figure). A model whose value before a roll is not the average
of the values after it leaves no leftover (the luck is still after less before) but
tilts luck against decisions: that is its drift (``engine.claimit.roll_luck``).

A judge that estimates (Claim's: deals of the unseen cards, each played out by a fast
policy) leaves more, by construction, and its ledger can be told term by term by valuing
every position of the game for each seat with the same estimator
(``bench.claim_ledger``, which prints each term):

- the estimator's shortfall: before a decision the judge's value is its best option's,
  but the estimator values the position by its own policy's play of it, which is worth
  less where the policy misses the best option (phase 1's playouts, above all). At each
  decision the best option less the position's value: the seat's own raise its account,
  its rival's lower it. Claim's two-player phase 2 searches each deal to the trick's end
  (``engine.claim.players.lookahead``), where a position is its best option's worth in
  each deal: what is left there is what the deals tell that the view does not;
- the horizon: where that search's horizon moves on at a trick's start, the new trick's
  value less its worth as the horizon;
- what the seat learnt: at a rival's move, the seat's value moves by more than the
  rival's cost by the rival's own view, as the cards played show what the rival held
  (the rival's deal and draws, lucky for it alone, come to light this way);
- the phase change: where two estimators meet (Claim's fitted model of phase 1 and its
  played-out phase 2), the value jumps by their difference;
- sampling error: the rest, at the seat's own moves and the deal, whose standard error is
  measured from the deals themselves; it lies within ``BOUND`` standard errors.

The report shown to players keeps luck and decisions; these terms are the bench's.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Final, SupportsFloat

BOUND: Final = 3.0
"""How many standard errors of its sampling error a ledger's rest may lie from zero, once
the terms an estimating judge leaves by construction are told (``bench.claim_ledger``):
one seat and game in some 370 lies beyond it by chance alone."""


@dataclass(frozen=True, slots=True)
class SeatLedger:
    """One seat's account of a game, each figure a chance to win (0 to 1)."""

    seat: int
    start: float
    """The seat's chance to win as the game began, by the game's win-chance model."""
    result: float
    """1 for a win, 1/k of a win k sides shared, 0 for a loss."""
    luck: float
    """What the game's chance events gave the seat, summed."""
    own_cost: float
    """What the seat's own decisions cost it against their best options, summed."""
    rivals_cost: float
    """What the other seats' decisions gave it (what each gave this seat, where the judge
    weighed it; otherwise a cost shared evenly among the seats that did not make it),
    summed."""

    @property
    def explained(self) -> float:
        """How far luck and decisions moved the seat: luck - own cost + rivals' cost."""
        return self.luck - self.own_cost + self.rivals_cost

    @property
    def leftover(self) -> float:
        """What the account leaves: result - start - ``explained``."""
        return self.result - self.start - self.explained


@dataclass(frozen=True, slots=True)
class Cost:
    """One judged decision as the ledger counts it."""

    maker: int
    cost: SupportsFloat
    """What it cost its maker in chance to win."""
    given: Sequence[SupportsFloat] | None = None
    """What it gave each seat, seat by seat (each seat's chance after the chosen option
    less after the best), where the judge weighed every seat's; ``None``: the cost is
    shared evenly among the others."""


def ledger(
    start: Sequence[SupportsFloat],
    result: Sequence[SupportsFloat],
    lucks: Iterable[Sequence[SupportsFloat]],
    costs: Iterable[Cost],
) -> tuple[SeatLedger, ...]:
    """Each seat's ledger, seat by seat, from each seat's ``start`` chance and ``result``,
    every chance event's luck (each seat's, seat by seat) and every judged decision."""
    players = len(start)
    luck = [0.0] * players
    own = [0.0] * players
    given = [0.0] * players
    for event in lucks:
        for seat, amount in enumerate(event):
            luck[seat] += float(amount)
    for decision in costs:
        maker, cost = decision.maker, float(decision.cost)
        own[maker] += cost
        for seat in range(players):
            if seat != maker:
                gift = decision.given
                given[seat] += cost / (players - 1) if gift is None else float(gift[seat])
    return tuple(
        SeatLedger(seat, float(begun), float(got), luck[seat], own[seat], given[seat])
        for seat, (begun, got) in enumerate(zip(start, result, strict=True))
    )
