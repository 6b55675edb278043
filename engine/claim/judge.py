"""What decided a game of Claim: each choice a player made, judged against the best play we can
compute, with only what that seat knew when it chose.

A post-game report tells a player which of their choices cost them, in the one unit a
player reads without explanation: the chance to win the game. A judgement is only fair if
it holds the player to what they could know, so it is made from the seat's view at that
moment (``SeatView``) and never from the deck as it turned out: a card that only luck
could have told is never held against anyone. Like the hard player (``players.search``),
the judge deals the cards the seat has not seen again and again, consistently with the view
(``sample_state``), and plays every option out in every deal with the hard player's fast
policy (``playout.quick``) for every seat:

- phase 2: to the end of the game (loot choices by normal's exact rule), the playout's
  lead in factions softened by the tricks that were left (``win_chance.played_out``);
- phase 1: to the start of phase 2, where the fitted model of who wins each faction
  (``followers``) gives every unit's chance to win each faction, and from those the chance
  that the seat's unit wins the most factions (a shared lead counts as its share), scaled
  by the players (``win_chance.start_chance``). The hard player's own judge is that
  chance with two units but a share of factions with three; a report needs a chance to
  win at every player count;
- the loot choice: every pile is public by then, so one deal tells it exactly.

An option's worth is its average over the deals, each deal weighed as the hard player's
are by how well it explains the cards the others played on the trick
(``search.likelihood``: a deal where the fast policy would have played another card
counts a quarter): its estimated chance to win, playing on as the fast policy does. The
options are the seat's legal actions, cards of the same faction and value counted as one
(they do the same); where there are more than the hard player's ``CANDIDATES``, normal's
best few are judged (as the hard player searches them), with the chosen option always
among them.

The number of deals adapts (see ``SURE``): every option meets the same deals, so each is
compared with the chosen one deal by deal, and dealing stops as soon as the cost's grade
(``band``) is settled either way, or at a cap of work (``MAX_WORK``). Clear decisions
stop after a few deals, close ones take more. Each decision's deals come from its own
generator, so a game's decisions may be judged in any number of processes.

Two runs with different seeds grade about nine decisions in ten the same; where they do not,
the cost lies close to a threshold.

What a seat knew is what its view shows, as for the computer players: the view keeps no
history, so a prize an opponent took tricks ago counts as unseen. That only ever spares a
player; it never charges them with a card they could not know. The play after an option is
the fast policy's, not perfect play: a worth is what the option gives a side that plays on
reasonably, which is also why the hard player, whose search is built the same way, is rarely
charged much.

A determined endgame (``players.endgame``: two players in phase 2, the unseen cards exactly
the other hand) from ``endgame.EXACT_TRICKS`` tricks left is not estimated: every option is
solved exactly, its worth the rules' result under perfect play by both sides (1, 1/2 or 0),
and the judgement says so (``Judgement.exact``; ``exact`` for a view). Longer, its one deal
is searched for every option (no ``CANDIDATES`` cut) to the end of the trick in progress,
both sides playing their best, and only the positions there are played out
(``win_chance.option_factions``, ``players.lookahead``): its best option is what
``win_chance.valued`` says the position is worth. Deals that are not
determined are solved exactly from ``endgame.SAMPLED_TRICKS`` tricks left
(``win_chance.dealt``).

Each option also keeps the factions its seat's unit wins after it (``Judgement.factions``),
from the same deals and playouts as its worth (``win_chance.dealt_factions``: the fitted
model's expected factions from phase 1, the playout's from phase 2); in a determined
endgame, as the fast policy plays the known cards out beside the solve, which is perfect
for the result alone (a second search for factions would cost as much again). A decided
game grades a choice by the factions it gave away too.

A time-out is no decision, but an ``Action`` does not say the clock made it: the caller
leaves timed-out moves out of ``only``.

A cost is the best option's worth less the chosen one's, both by ``win_chance.dealt`` over
the same deals: the value the luck is weighed in (``card_luck``), so that luck and costs
are one chain. What it leaves by construction, each term measured by
``bench.claim_ledger`` (``engine.ledger``): each worth's sampling error
(``Judgement.error``, the chosen one's); what a seat learns of the rival's cards when the
rival plays; the jump from the fitted model to phase 2's values; where a trick ends in a
determined phase 2, the new trick's value less its worth as the last search's horizon;
and the estimator's shortfall: the value of a position is its fast policy's play of it,
and the best option is worth more than that wherever the policy misses it. In a
determined phase 2 there is no shortfall, the value of a position being its best
option's; what the fast policy misses there shows where the search's horizon moves on,
at each trick's start.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Final

from engine.claim.actions import Action, Discard, Play, Take
from engine.claim.cards import Card, Faction
from engine.claim.players.endgame import Solver
from engine.claim.players.knowledge import unknown_cards
from engine.claim.players.normal import action_scores
from engine.claim.players.search import (
    CANDIDATES,
    DEAL_COST,
    PLAYOUT_COST,
    dealt_out,
    known_state,
    likelihood,
    plays_left,
    sample_state,
)
from engine.claim.rules import apply, legal_actions
from engine.claim.state import ClaimState, Phase, Step
from engine.claim.view import SeatView, legal_in_view, view
from engine.claim.win_chance import dealt_factions, finish, one_deal, option_factions
from engine.judging import Judged

INACCURACY: Final = 0.05
"""A choice that cost 5 points of win chance or more is an inaccuracy: below that the judge
cannot tell a cost from the luck of its deals (one decision's cost differs by 1.5 points on
average between two runs, by 4.5 or more in one decision in ten); easy players reach it in
about one decision in eight, normal in one in eleven, hard in one in thirty."""
MISTAKE: Final = 0.10
"""10 points or more is a mistake: a tenth of the game given away in one choice, which
easy players make about once in fifteen decisions, normal once in twenty-five and hard once
in a hundred."""
BLUNDER: Final = 0.20
"""20 points or more is a blunder: a fifth of the game lost at once, about once in thirty
decisions of easy players, once in fifty of normal's and once in five hundred of hard's."""
THRESHOLDS: Final = (INACCURACY, MISTAKE, BLUNDER)
"""The costs from which a choice is an inaccuracy, a mistake, a blunder (``band``)."""

SURE: Final = 1.0
"""How many standard errors a cost's bounds lie from its estimate: dealing stops when both
bounds have the same grade. One is loose for a single test, but the test is repeated every
few deals and a grade only needs to agree between runs, not to be certain."""
DOUBT_FIRST: Final = 0.01
DOUBT_SECOND: Final = 0.1
"""A deal's squared difference between two options the deals may not have shown yet, added
once to what they did show: without it two options that happened to agree in every deal
so far would look certain to be equal. Phase 2's results are 0 or 1, so a deal the deals
missed may differ by a whole game; phase 1's model moves by a fraction."""
FIRST_DEALS: Final = 8
MORE_DEALS: Final = 8
"""Deals before the first look at the grade, and between two looks."""
MAX_DEALS: Final = 160
"""Deals at most, where a playout is so short that the work cap would allow more: the
estimate's error only shrinks with the square root of the deals."""
MAX_WORK: Final = 4000
"""A decision's cap, counted like the hard player's budget (plays simulated, per option per
deal): what keeps a whole game's judging within about 8 seconds of one core (6 at most over
26 measured games, 3 for the median one). The hard player spends 6000 on one decision; most
decisions here stop far below the cap, and the ones that reach it are those whose cost lies
close to a threshold, where more deals would settle the grade only slowly."""

WEIGH_WORK: Final = 40000
"""``weighed``'s cap, counted as ``MAX_WORK``: every option of a position weighed for a
hint or a drill, within about a second of one core at the most (measured by
``bench.practice``). Ten times a report's decision, as it plays every option rather than
a few against the chosen one."""


@dataclass(frozen=True)
class Judgement(Judged[Action, float]):
    """One decision. Its worths are each judged option's estimated chance to win the game
    (0 to 1) for the deciding seat's unit, played on after it: every legal action, or
    where there are more options than ``CANDIDATES``, normal's best few and the chosen
    one. In a determined endgame (``exact``) every option is judged, each worth exact."""

    exact: bool = False
    """The worths are exact: the endgame was determined and solved, not estimated."""
    factions: Mapping[Action, float] = field(default_factory=dict)
    """Each judged option's factions, from the same deals as its worth: those the seat's
    unit is expected to win, played on after it (``win_chance.dealt_factions``); in a
    determined endgame, as the fast policy plays the known cards out (the solve is
    perfect for the result alone). What a decided game grades a choice by too."""
    error: float = 0.0
    """The standard error of the chosen option's worth (its deals' spread over the square
    root of their number); 0 where it is exact or every deal is the same."""

    @property
    def factions_cost(self) -> float:
        """The factions the choice gave away against the option of most factions."""
        if not self.factions:
            return 0.0
        return max(self.factions.values()) - self.factions[self.chosen]


def exact(seen: SeatView) -> bool:
    """Whether the view's options are worth exactly what the judge says: a determined
    endgame the search takes on (``players.search.known_state``)."""
    return known_state(seen) is not None


def band(cost: float) -> int:
    """How many of the thresholds ``cost`` reaches: 0 for a good choice, then an inaccuracy, a
    mistake, a blunder."""
    return sum(1 for threshold in THRESHOLDS if cost >= threshold)


def judged(state: ClaimState, seat: int, action: Action, rng: random.Random) -> Judgement | None:
    """``seat``'s choice of ``action`` in ``state``, judged from the seat's view alone; None
    where nothing was decided (a single option). ``rng`` deals the unseen cards."""
    return _judged_view(view(state, seat), action, rng)


def decisions(start: ClaimState, actions: Sequence[Action]) -> list[int]:
    """The indices of ``actions`` (replayed from ``start``) that are decisions: the seat had
    more than one option. Quick: nothing is judged, so a caller can share them out."""
    return [
        index
        for index, (state, seat) in enumerate(replayed(start, actions))
        if len(_options(legal_actions(state, seat))) > 1
    ]


def decision_rng(seed: int, index: int) -> random.Random:
    """The deals of a game's decision ``index``: from the game's ``seed`` and the index
    alone, so that a decision is judged the same whichever others are judged with it."""
    return random.Random(f"claim-judge:{seed}:{index}")


def judged_game(
    start: ClaimState, actions: Sequence[Action], seed: int, only: Collection[int] | None = None
) -> list[Judgement | None]:
    """One judgement per action of the game replayed from ``start`` (None where nothing was
    decided, and for the indices left out of ``only``). Each decision's deals come from
    ``seed`` and its index alone, so a decision is judged the same whichever others are."""
    found: list[Judgement | None] = []
    for index, (state, seat) in enumerate(replayed(start, actions)):
        if only is not None and index not in only:
            found.append(None)
            continue
        found.append(judged(state, seat, actions[index], decision_rng(seed, index)))
    return found


def weighed(seen: SeatView, rng: random.Random) -> list[tuple[tuple[Action, ...], float]] | None:
    """Every option of the viewing seat, each with its estimated chance to win as
    ``judged`` counts it, the best first; None where it has fewer than two options.
    Cards of the same faction and value are one option (its actions, in the order the
    view lists them). Unlike ``judged`` there is no choice to grade, so every option is
    played (no ``CANDIDATES`` cut) and dealing stops once every option's cost against
    the best is settled to a grade (``band``), or at ``WEIGH_WORK``. ``rng`` deals the
    unseen cards: seeded from the view, the answer is the same however they lie. In a
    determined endgame (``exact``) every option is solved exactly instead."""
    found = weighed_factions(seen, rng)
    return None if found is None else [(group, chance) for group, chance, _ in found]


def weighed_factions(
    seen: SeatView, rng: random.Random
) -> list[tuple[tuple[Action, ...], float, float]] | None:
    """``weighed``'s options and chances, each with the factions its seat's unit wins
    after it, from the same deals (``Judgement.factions``): what a decided game tells its
    options apart by."""
    groups = _options(legal_in_view(seen))
    if len(groups) < 2:
        return None
    determined = _determined(seen, groups)
    if determined is not None:
        ranked = [(tuple(group), worth, won) for group, worth, won in determined[0]]
        return sorted(ranked, key=lambda option: -option[1])
    values, won, weights = _dealt_all(seen, [group[0] for group in groups], rng)
    found = [
        (tuple(group), _mean(results, weights), _mean(factions, weights))
        for group, results, factions in zip(groups, values, won, strict=True)
    ]
    return sorted(found, key=lambda option: -option[1])


def _determined(
    seen: SeatView, groups: list[list[Action]]
) -> tuple[list[tuple[list[Action], float, float]], bool] | None:
    """Each option's worth and factions in a determined endgame, and whether the worths
    are exact: solved from ``endgame.EXACT_TRICKS`` tricks left, earlier its one deal
    searched to the trick's end (``win_chance.option_factions``); None where the view is
    not determined."""
    known = known_state(seen)
    if known is not None:
        solved = Solver().options(known, seen.seat)
        return [
            (group, solved[group[0]], _played_out(known, seen.seat, group[0])) for group in groups
        ], True
    state = dealt_out(seen)
    if state is None:
        return None
    return [(group, *option_factions(state, seen.seat, group[0])) for group in groups], False


def _played_out(known: ClaimState, seat: int, option: Action) -> float:
    """The factions ``seat``'s unit wins after ``option`` in a determined endgame, the
    known cards played out by the fast policy (``win_chance.finish``)."""
    return float(finish(apply(known, seat, option)[0], seat).won)


def _judged_view(seen: SeatView, chosen: Action, rng: random.Random) -> Judgement | None:
    legal = legal_in_view(seen)
    if chosen not in legal:
        raise ValueError(f"{chosen!r} is not among seat {seen.seat}'s options")
    groups = _options(legal)
    if len(groups) < 2:
        return None
    mine = next(group for group in groups if chosen in group)
    determined = _determined(seen, groups)
    if determined is not None:
        found, solved = determined
        return Judgement(
            {a: worth for group, worth, _ in found for a in group},
            chosen,
            solved,
            {a: won for group, _, won in found for a in group},
        )
    if len(groups) > CANDIDATES:
        scores = dict(action_scores(seen))
        ranked = sorted(groups, key=lambda group: -scores[group[0]])[:CANDIDATES]
        groups = [group for group in groups if group is mine or group in ranked]
    tried = [chosen if group is mine else group[0] for group in groups]
    at = tried.index(chosen)
    values, won, weights = _deal(seen, tried, at, rng)
    base = _mean(values[at], weights)
    base_won = _mean(won[at], weights)
    worths: dict[Action, float] = {}
    factions: dict[Action, float] = {}
    for i, group in enumerate(groups):
        # Each option is worth the chosen one's average and its own difference from the chosen
        # one over the deals both met: the same deals, so the luck of a deal cancels out.
        worth, faction_worth = base, base_won
        if i != at:
            difference, _ = _compared(values[i], values[at], 0.0, weights)
            worth = min(1.0, max(0.0, base + difference))
            faction_worth = max(0.0, base_won + _compared(won[i], won[at], 0.0, weights)[0])
        for action in group:
            worths[action] = worth
            factions[action] = faction_worth
    return Judgement(worths, chosen, False, factions, _error(values[at], weights))


def _options(legal: Sequence[Action]) -> list[list[Action]]:
    """The legal actions grouped by what they do: cards (and prizes) of the same faction and
    value are one option."""
    found: dict[tuple[str, Faction | None, int], list[Action]] = {}
    for action in legal:
        found.setdefault(_effect(action), []).append(action)
    return list(found.values())


def _effect(action: Action) -> tuple[str, Faction | None, int]:
    if isinstance(action, Play | Discard):
        return type(action).__name__, action.card.faction, action.card.value
    if isinstance(action, Take):
        got = action.card
        return ("Take", None, -1) if got is None else ("Take", got.faction, got.value)
    return "Loot", action.faction, 0


def _deal(
    seen: SeatView, tried: list[Action], mine: int, rng: random.Random
) -> tuple[list[list[float]], list[list[float]], list[float]]:
    """Every option's results, deal by deal, until the grade of the chosen one's cost is
    settled or the work is spent, the factions won in each (``dealt_factions``), and each
    deal's weight (``search.likelihood``: how well it explains the cards the others played
    on the trick). An option clearly behind the best stops being played (its results so
    far stay)."""
    values, won, play = _results(seen.seat, tried)
    if _one_deal_played(seen, len(tried), play, rng):
        return values, won, [1.0]
    unknown = unknown_cards(seen)
    doubt = DOUBT_FIRST if seen.phase is Phase.P1 else DOUBT_SECOND
    per_option = plays_left(seen) + PLAYOUT_COST
    playing = list(range(len(tried)))
    weights: list[float] = []
    deals = 0
    work = 0
    while True:
        batch = MORE_DEALS if deals else FIRST_DEALS
        _play_deals(seen, unknown, batch, playing, play, weights, rng)
        deals += batch
        work += batch * (len(playing) * per_option + DEAL_COST)
        compared = {
            i: _compared(values[i], values[mine], doubt, weights)
            for i in range(len(tried))
            if i != mine
        }
        low = max(0.0, max(mean - SURE * error for mean, error in compared.values()))
        high = max(0.0, max(mean + SURE * error for mean, error in compared.values()))
        if band(low) == band(high) or deals >= MAX_DEALS or work >= MAX_WORK:
            return values, won, weights
        playing = [i for i in playing if i == mine or compared[i][0] + SURE * compared[i][1] >= low]


def _results(
    seat: int, tried: list[Action]
) -> tuple[list[list[float]], list[list[float]], Callable[[ClaimState, int], None]]:
    """Each option's results and factions deal by deal, empty, and what plays option ``i``
    in a deal and keeps both (``win_chance.dealt_factions``)."""
    values: list[list[float]] = [[] for _ in tried]
    won: list[list[float]] = [[] for _ in tried]

    def play(state: ClaimState, i: int) -> None:
        chance, factions = dealt_factions(apply(state, seat, tried[i])[0], seat)
        values[i].append(chance)
        won[i].append(factions)

    return values, won, play


def _one_deal_played(
    seen: SeatView, options: int, play: Callable[[ClaimState, int], None], rng: random.Random
) -> bool:
    """Whether one deal is all there is to weigh (a loot choice, or ``one_deal``): then
    every option is played on it, a deal weighing one."""
    if seen.step is not Step.LOOT and not one_deal(seen):
        return False
    state = sample_state(seen, unknown_cards(seen), rng)
    for i in range(options):
        play(state, i)
    return True


def _play_deals(
    seen: SeatView,
    unknown: tuple[Card, ...],
    count: int,
    options: Iterable[int],
    play: Callable[[ClaimState, int], None],
    weights: list[float],
    rng: random.Random,
) -> None:
    """``count`` more deals, the ``options`` played on each, each deal's weight
    (``search.likelihood``) added to ``weights``."""
    for _ in range(count):
        state = sample_state(seen, unknown, rng)
        weights.append(likelihood(seen, state))
        for i in options:
            play(state, i)


def _dealt_all(
    seen: SeatView, tried: list[Action], rng: random.Random
) -> tuple[list[list[float]], list[list[float]], list[float]]:
    """Every option's results over the same deals, and the factions won in each, until the
    grade of each one's cost against the one leading is settled or ``WEIGH_WORK`` is
    spent. Every option meets every deal: one left behind after a few deals would keep
    what those few said. Each deal weighs as ``_deal``'s do."""
    values, won, play = _results(seen.seat, tried)
    if _one_deal_played(seen, len(tried), play, rng):
        return values, won, [1.0]
    unknown = unknown_cards(seen)
    doubt = DOUBT_FIRST if seen.phase is Phase.P1 else DOUBT_SECOND
    per_deal = len(tried) * (plays_left(seen) + PLAYOUT_COST) + DEAL_COST
    weights: list[float] = []
    deals = 0
    while True:
        batch = MORE_DEALS if deals else FIRST_DEALS
        _play_deals(seen, unknown, batch, range(len(tried)), play, weights, rng)
        deals += batch
        lead = max(values, key=lambda found: _mean(found, weights))
        costs = [_compared(lead, found, doubt, weights) for found in values if found is not lead]
        settled = all(
            band(max(0.0, mean - SURE * error)) == band(max(0.0, mean + SURE * error))
            for mean, error in costs
        )
        if settled or deals >= MAX_DEALS or deals * per_deal >= WEIGH_WORK:
            return values, won, weights


def _compared(
    theirs: list[float], mine: list[float], doubt: float, weights: list[float]
) -> tuple[float, float]:
    """How much better an option did than the chosen one over the deals both met, each
    deal counting its weight, and the standard error of that (``doubt`` added once to the
    squared deviations)."""
    n = len(theirs)
    differences = [a - b for a, b in zip(theirs, mine[:n], strict=True)]
    mean = _mean(differences, weights)
    return mean, _error(differences, weights, doubt)


def _mean(results: list[float], weights: list[float]) -> float:
    """The mean of ``results`` (the first deals'), each deal counting its weight."""
    return sum(w * r for w, r in zip(weights, results, strict=False)) / sum(weights[: len(results)])


def _error(results: list[float], weights: list[float], doubt: float = 0.0) -> float:
    """The standard error of ``_mean``: the weighted spread over the deals' effective
    number (``(sum w)^2 / sum w^2``; ``doubt`` added once to the squared deviations). With
    equal weights, the plain standard error of a mean of ``n`` deals."""
    n = len(results)
    used = weights[:n]
    total = sum(used)
    mean = _mean(results, weights)
    spread = sum(w * (r - mean) ** 2 for w, r in zip(used, results, strict=True)) / total * n
    effective = total * total / sum(w * w for w in used)
    return math.sqrt((spread + doubt) / (n * effective))


def replayed(start: ClaimState, actions: Sequence[Action]) -> list[tuple[ClaimState, int]]:
    """Each action's position and seat, replaying the game (the rules' error for an illegal
    action)."""
    found: list[tuple[ClaimState, int]] = []
    state = start
    for index, action in enumerate(actions):
        seat = _seat_of(state, action, actions[index + 1 :])
        found.append((state, seat))
        state, _ = apply(state, seat, action)
    return found


def _seat_of(state: ClaimState, action: Action, rest: Sequence[Action]) -> int:
    """The seat that took ``action``: the one seat to act, the owner of a discarded card, or
    for a loot choice that two units could make, the first one with which the rest of the
    game replays. For an action no seat may take, a seat whose ``apply`` raises the rules'
    error."""
    able = [s for s in state.to_act() if action in legal_actions(state, s)]
    if not able:
        return state.to_act()[0] if state.to_act() else 0
    for seat in able[:-1]:
        if _replays(apply(state, seat, action)[0], rest):
            return seat
    return able[-1]


def _replays(state: ClaimState, actions: Sequence[Action]) -> bool:
    """Whether ``actions`` can all be taken from ``state``, by some seat each."""
    if not actions:
        return True
    first, rest = actions[0], actions[1:]
    return any(
        _replays(apply(state, s, first)[0], rest)
        for s in state.to_act()
        if first in legal_actions(state, s)
    )
