"""A seat's chance to win a game of Claim, from its view alone: what its luck is weighed in
(``card_luck``) and what the judge's options are worth (``judge``).

The cards the seat has not seen are dealt again at random, consistently with its view
(``players.search.sample_state``), and each deal is played on by the hard player's fast
policy for every seat, as the judge plays an option on:

- from phase 1, to the start of phase 2, where the fitted model of who wins each faction
  (``followers``) gives the chance that the seat's unit wins the most factions;
- from phase 2 or a loot choice, to the end of the game (loot by normal's exact rule),
  scored by the rules: 1 for a win, the unit's share of a shared win, 0 for a loss.

The estimate is the mean over the deals; a seat's chance is its unit's (teams of two with
four players). Calibration (``python -m bench.calibration --only claim --games 12``, 16
deals, 784 forecasts at each trick's start from each seat's view, 2 to 4 players): off by
4.7 points of win chance on average over its ten buckets, where noise alone would make
3.3; the worst bucket, 40% to 50%, came true 31.6% of the time for a forecast of 44.6%
(± 6.1); Brier score 0.131 against the base rate's 0.240."""

from __future__ import annotations

import random

from engine.claim.cards import Faction
from engine.claim.players.followers import Holding, logit, majority, sigmoid
from engine.claim.players.knowledge import unknown_cards
from engine.claim.players.normal import decide_normal
from engine.claim.players.playout import playout, quick
from engine.claim.players.search import sample_state, unit_holdings
from engine.claim.rules import apply
from engine.claim.scoring import count
from engine.claim.state import ClaimState, Phase
from engine.claim.units import teams, unit_of
from engine.claim.view import SeatView, view


def chance(seen: SeatView, rng: random.Random, deals: int) -> float:
    """The viewing seat's unit's chance to win, the mean over ``deals`` deals of the cards
    it has not seen (drawn by ``rng``)."""
    unknown = unknown_cards(seen)
    total = sum(dealt(sample_state(seen, unknown, rng), seen.seat) for _ in range(deals))
    return total / deals


def dealt(state: ClaimState, seat: int) -> float:
    """What one deal is worth to ``seat``: in phase 1, the model's chance at the start of
    phase 2; later, the game's result for its unit, played on to the end."""
    if state.phase is Phase.P1:
        return model_chance(playout(state, Phase.P2), seat)
    return played_out(state, seat)


def played_out(state: ClaimState, seat: int) -> float:
    """``seat``'s result after the game is played on from phase 2 or a loot choice by the
    fast policy (loot choices by normal's exact rule): 1 for its unit's win, its share of a
    win shared with other units, 0 for a loss."""
    while state.phase is Phase.P2:
        now = state.to_act()[0]
        state, _ = apply(state, now, quick(state, now))
    while state.phase is Phase.LOOT:
        now = state.to_act()[0]
        state, _ = apply(state, now, decide_normal(view(state, now)))
    winners = count(state).winners
    if seat not in winners:
        return 0.0
    return len(teams(state.players)[unit_of(state.players, seat)]) / len(winners)


def model_chance(start: ClaimState, seat: int) -> float:
    """``seat``'s unit's chance to win the most factions at the start of phase 2, every hand
    known, by the fitted model of who wins each faction."""
    holdings = unit_holdings(start)
    mine = unit_of(start.players, seat)
    if len(holdings) == 2:
        rival = holdings[1 - mine]
        return majority([sigmoid(logit(f, holdings[mine], rival)) for f in start.factions])
    return _most_of_three([_shares(f, holdings) for f in start.factions], mine)


def _shares(faction: Faction, holdings: list[Holding]) -> tuple[float, float, float]:
    """Each of three units' chance to win ``faction``: beating both others, the model's
    pairwise chances taken as independent, scaled to add up to 1."""
    a, b, c = holdings
    ab = sigmoid(logit(faction, a, b))
    ac = sigmoid(logit(faction, a, c))
    bc = sigmoid(logit(faction, b, c))
    wins = (ab * ac, (1 - ab) * bc, (1 - ac) * (1 - bc))
    total = sum(wins)
    return wins[0] / total, wins[1] / total, wins[2] / total


def _most_of_three(shares: list[tuple[float, float, float]], mine: int) -> float:
    """The chance that unit ``mine`` wins the most factions, each faction won as ``shares``
    say; a lead shared by k units counts 1/k."""
    size = len(shares) + 1
    dist = [0.0] * (size * size)
    dist[0] = 1.0
    for done, (pa, pb, pc) in enumerate(shares):
        spread = [0.0] * (size * size)
        for a in range(done + 1):
            row = a * size
            for b in range(done + 1 - a):
                chance = dist[row + b]
                if chance:
                    spread[row + size + b] += chance * pa
                    spread[row + b + 1] += chance * pb
                    spread[row + b] += chance * pc
        dist = spread
    found = 0.0
    for a in range(size):
        for b in range(size - a):
            chance = dist[a * size + b]
            if chance:
                won = (a, b, size - 1 - a - b)
                top = max(won)
                if won[mine] == top:
                    found += chance / won.count(top)
    return found
