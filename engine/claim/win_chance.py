"""A seat's chance to win a game of Claim, from its view alone: what its luck is weighed in
(``card_luck``) and what the judge's options are worth (``judge``).

The cards the seat has not seen are dealt again at random, consistently with its view
(``players.search.sample_state``), and each deal is played on by the hard player's fast
policy for every seat, as the judge plays an option on:

- from phase 1, to the start of phase 2, where the fitted model of who wins each faction
  (``followers``) gives the chance that the seat's unit wins the most factions, its
  log-odds scaled by the players (``start_chance``);
- from phase 2 or a loot choice, to the end of the game (loot by normal's exact rule),
  where the playout's lead in factions, softened by the tricks that were left to play,
  gives the chance (``played_out``); at the end, the rules' result: 1 for a win, the
  unit's share of a shared win, 0 for a loss.

In phase 2 a deal with at most ``endgame.SAMPLED_TRICKS`` tricks left (or a loot choice,
with two units) is not played out but solved exactly (``endgame.Solver``): its worth is
the rules' result under perfect play (``settled``). A determined view
(``endgame.determined``) has one deal only: from ``endgame.EXACT_TRICKS`` tricks left it
is solved, the chance exact (``exact``); earlier it is searched to the end of the trick
in progress, both sides playing their best, and only the positions there are played out
(``whole_deal``, ``players.lookahead``): so a position is worth its best option, and a
decision's options chain with the positions they lead to (``option_factions``). Searching
every deal of a view that is not determined so was measured too (``bench.claim_ledger``,
16 games): it doubled a game's judging and left the ledger no closer.

The estimate is the mean over the deals; a seat's chance is its unit's (teams of two with
four players). Calibration (``python -m bench.calibration --only claim``, 96 games, 16
deals, 6,272 forecasts at each trick's start from each seat's view, 2 to 4 players): off
by 2.2 points of win chance on average over its ten buckets, where noise alone would make
1.6; the worst bucket, 30% to 40%, came true 30.4% of the time for a forecast of 35.2%
(± 2.1); Brier score 0.157 against the base rate's 0.240. Before the scaling by players
and the softened playouts, the same games made 2.7 (noise 1.8): phase 2's playouts all
agreed on a win or a loss, and positions given 99% were won 94% of the time."""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Final

from engine.claim.actions import Action
from engine.claim.cards import Faction
from engine.claim.players.endgame import SAMPLED_TRICKS, Solver, solvable
from engine.claim.players.followers import Holding, logit, majority, sigmoid
from engine.claim.players.knowledge import unknown_cards
from engine.claim.players.lookahead import Lookahead
from engine.claim.players.normal import decide_normal
from engine.claim.players.playout import playout, quick
from engine.claim.players.search import dealt_out, known_state, sample_state, unit_holdings
from engine.claim.rules import apply
from engine.claim.scoring import count
from engine.claim.state import ClaimState, Phase
from engine.claim.units import teams, unit_of
from engine.claim.view import SeatView, view

SHARPNESS: Final = {2: 1.2, 3: 0.8, 4: 0.5}
"""By players, how much the phase-1 model's log-odds are scaled: the least log loss over
the forecasts of 240 games between the computer levels (``python -m
bench.fit_claim_chances``, seeds 100,000 on: 1.23, 0.76, 0.51), rounded at a cost of
under 0.0001 each. The model was fitted on normal players' two-player games; with three
units it is too sure, and with two teams of two, whose partners do not play as one, much
too sure."""
SPREAD: Final = {2: 2.5, 3: 3.0, 4: 1.5}
"""By players, the logistic's spread over a playout's lead in factions per square root of
the tricks left with a choice in them (``played_out``): fitted as ``SHARPNESS`` on the
same games' phase-2 forecasts (2.48, 3.10, 1.40). Scored 1 or 0, the playouts of a
phase-2 position nearly always agreed, and the positions they gave 99% were won 92% of
the time."""


def chance(seen: SeatView, rng: random.Random, deals: int) -> float:
    """The viewing seat's unit's chance to win, the mean over ``deals`` deals of the cards
    it has not seen (drawn by ``rng``)."""
    known = known_state(seen)
    if known is not None:
        return Solver().value(known, seen.seat)
    whole = dealt_out(seen)
    if whole is not None:
        return whole_deal(whole, seen.seat)
    unknown = unknown_cards(seen)
    total = sum(dealt(sample_state(seen, unknown, rng), seen.seat) for _ in range(deals))
    return total / deals


def valued(seen: SeatView, rng: random.Random, deals: int) -> tuple[float, float]:
    """``chance`` and its standard error: the mean over ``deals`` deals and the spread of
    the deals' values over the square root of their number; exact (no error) in a
    determined endgame, and from one deal where every deal is the same (``one_deal``)."""
    known = known_state(seen)
    if known is not None:
        return Solver().value(known, seen.seat), 0.0
    whole = dealt_out(seen)
    if whole is not None:
        return whole_deal(whole, seen.seat), 0.0
    unknown = unknown_cards(seen)
    found = [
        dealt(sample_state(seen, unknown, rng), seen.seat)
        for _ in range(1 if one_deal(seen) else deals)
    ]
    mean = sum(found) / len(found)
    spread = sum((value - mean) ** 2 for value in found) / max(1, len(found) - 1)
    return mean, math.sqrt(spread / len(found))


def one_deal(seen: SeatView) -> bool:
    """Every deal is the same: the unseen cards all lie in one place (a two-player phase 2
    without face-down discards or removed Raccoons, for one)."""
    others = [s for s in range(seen.players) if s != seen.seat]
    deck = seen.deck_count - (seen.peek is not None)
    places = [seen.hand_counts[s] for s in others] + [seen.follower_counts[s] for s in others]
    places += [seen.hidden_count, seen.removed_count, deck]
    return sum(1 for size in places if size) <= 1 and deck <= 1


def exact(seen: SeatView) -> bool:
    """Whether ``chance`` is exact for this view: a determined endgame it solves."""
    return known_state(seen) is not None


def dealt(state: ClaimState, seat: int) -> float:
    """What one deal is worth to ``seat``: in phase 1, its chance at the start of phase 2
    (``start_chance``); later ``settled``."""
    if state.phase is Phase.P1:
        return start_chance(playout(state, Phase.P2), seat)
    return settled(state, seat)


def dealt_factions(state: ClaimState, seat: int) -> tuple[float, float]:
    """One deal's worth to ``seat`` as ``dealt`` gives it, and the factions its unit wins
    there, from the same play: in phase 1 the expected factions at the start of phase 2
    by the fitted model (``model_factions``), later the playout's (``Finish.won``). Where
    the deal is solved, the playout is played beside the solve for the factions alone
    (perfect play is only perfect for the result: a search for factions would cost a
    second solve)."""
    if state.phase is Phase.P1:
        start = playout(state, Phase.P2)
        return start_chance(start, seat), model_factions(start, seat)
    found = finish(state, seat)
    if solvable(state, SAMPLED_TRICKS):
        return Solver().value(state, seat), float(found.won)
    return finish_chance(found, SPREAD[state.players]), float(found.won)


def whole_deal(state: ClaimState, seat: int) -> float:
    """What a determined view's one deal is worth to ``seat`` (``valued``) before the exact
    solve takes over (``endgame.EXACT_TRICKS``): both sides' best to the end of the trick
    in progress, each position there ``settled`` (``players.lookahead``)."""
    return Lookahead(settled).value(state, seat)


def option_factions(state: ClaimState, seat: int, action: Action) -> tuple[float, float]:
    """What ``seat``'s ``action`` is worth in a determined view's one deal (``whole_deal``),
    and its unit's factions after it as the fast policy plays on (``Finish.won``). The
    worth is to the horizon of the decision, not of the position after it: a card that
    ends a trick is worth the next trick's start as a horizon (``settled``), as the
    leader's search counted it, so that a position is worth its best option and values
    chain through a trick."""
    after = apply(state, seat, action)[0]
    return Lookahead(settled).after(state, seat, action), float(finish(after, seat).won)


def settled(state: ClaimState, seat: int) -> float:
    """A deal's worth from phase 2 or later without a search to a trick's end: solved
    exactly near its end (``endgame.SAMPLED_TRICKS``, or a loot choice), otherwise
    played out (``played_out``)."""
    if solvable(state, SAMPLED_TRICKS):
        return Solver().value(state, seat)
    return played_out(state, seat)


def start_chance(start: ClaimState, seat: int) -> float:
    """``seat``'s unit's chance to win from the start of phase 2: the fitted model's
    (``model_chance``), its log-odds scaled by ``SHARPNESS``."""
    return sharpened(model_chance(start, seat), SHARPNESS[start.players])


def sharpened(chance: float, sharpness: float) -> float:
    """``chance`` with its log-odds scaled by ``sharpness``; a certainty stays one."""
    if not 0.0 < chance < 1.0:
        return chance
    return sigmoid(sharpness * math.log(chance / (1.0 - chance)))


@dataclass(frozen=True, slots=True)
class Finish:
    """A game played on to its end for one seat (``finish``)."""

    result: float
    """The rules' result: 1 for its unit's win, its share of a win shared with other
    units, 0 for a loss."""
    lead: float
    """Factions won beyond the best other unit, half a faction more for the tie-breaks'
    winner (less for their loser); 0 where the units tied to the last tie-break."""
    left: int
    """The tricks with a choice in them when the playout began: all but the last (each
    hand holds one card then), none from a loot choice."""
    won: int = 0
    """The factions the seat's unit won."""


def played_out(state: ClaimState, seat: int) -> float:
    """``seat``'s chance after the game is played on from phase 2 or a loot choice
    (``finish``): where tricks with a choice were left, the playout's lead through a
    logistic of spread ``SPREAD`` over the square root of those tricks, since the players
    at the table may play them otherwise; with none left, or no lead, the rules' result."""
    return finish_chance(finish(state, seat), SPREAD[state.players])


def finish_chance(found: Finish, spread: float) -> float:
    """What a playout is worth with the logistic's ``spread`` (``played_out``)."""
    if not found.left or not found.lead:
        return found.result
    return sigmoid(spread * found.lead / math.sqrt(found.left))


def finish(state: ClaimState, seat: int) -> Finish:
    """The game played on from phase 2 or a loot choice by the fast policy (loot choices
    by normal's exact rule), as ``seat`` ends it."""
    left = max(map(len, state.hands)) - 1 if state.phase is Phase.P2 else 0
    while state.phase is Phase.P2:
        now = state.to_act()[0]
        state, _ = apply(state, now, quick(state, now))
    while state.phase is Phase.LOOT:
        now = state.to_act()[0]
        state, _ = apply(state, now, decide_normal(view(state, now)))
    score = count(state)
    mine = unit_of(state.players, seat)
    result = len(teams(state.players)[mine]) / len(score.winners) if seat in score.winners else 0.0
    ranked = [(unit.won, unit.cards, unit.value) for unit in score.units]
    rival = max(ranked[:mine] + ranked[mine + 1 :])
    lead = 0.0
    if ranked[mine] != rival:
        lead = ranked[mine][0] - rival[0] + (0.5 if ranked[mine] > rival else -0.5)
    return Finish(result, lead, left, score.units[mine].won)


def model_chance(start: ClaimState, seat: int) -> float:
    """``seat``'s unit's chance to win the most factions at the start of phase 2, every hand
    known, by the fitted model of who wins each faction."""
    holdings = unit_holdings(start)
    mine = unit_of(start.players, seat)
    if len(holdings) == 2:
        rival = holdings[1 - mine]
        return majority([sigmoid(logit(f, holdings[mine], rival)) for f in start.factions])
    return _most_of_three([_shares(f, holdings) for f in start.factions], mine)


def model_factions(start: ClaimState, seat: int) -> float:
    """The factions ``seat``'s unit is expected to win from the start of phase 2, every
    hand known: each faction's chance by the fitted model (``model_chance``'s), added
    up."""
    holdings = unit_holdings(start)
    mine = unit_of(start.players, seat)
    if len(holdings) == 2:
        rival = holdings[1 - mine]
        return sum(sigmoid(logit(f, holdings[mine], rival)) for f in start.factions)
    return sum(_shares(f, holdings)[mine] for f in start.factions)


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
