"""Claim's ledger over seeded 2-player games: for each seat, does its result less its start
chance equal its luck less its decisions' cost plus its rival's, and where it does not,
which term of the chain of values leaves it?

    python -m bench.claim_ledger [--games 16] [--workers 1] [--deals 64]

Each game is played from a seeded deal by the computer levels (hard against normal and
normal against easy in turn, the seats swapped every other game), then judged as the
report judges it: every decision (``judge.judged_game``) and every card's luck
(``card_luck.card_luck``), each seat's from its own view. The start chance is a seat's
fair share before the deal (1/2: the deal's luck is measured against a hand dealt at
random). A seat's leftover is

    (result - 1/2) - (luck - own cost + rival's cost)

in points of win chance. The bench then values every position of the game for each seat
with the one value the luck and the judge's options are weighed in
(``win_chance.dealt`` over ``--deals`` deals of the seat's view, exact in a determined
endgame: ``win_chance.valued``), and splits the leftover into what each link of that chain leaves
(``Chain``, engine/ledger.py says why each is there):

- the estimator's shortfall: at each decision, the judge's best option less the value of
  the position (the fast policy's own play of it), the seat's own less its rival's;
- what the seat learnt: the change of its value at its rival's moves beyond what the
  rival's decision cost by the rival's own view (its cards showing what they were);
- the phase change: the move that ends phase 1, from the fitted model's value to phase
  2's played-out value (the drift, measured alone on the same deals, is printed too);
- the rest: at the seat's own moves, the value after less the chosen option's value and
  the luck of the cards that came; at the deal, the value after it less 1/2 and the deal's
  and first prize's luck. Sampling error alone, in expectation zero: its standard error is
  printed beside it (``Chain.error``: the values', the chosen worths' and the luck's), and
  how many seats' rest lies beyond ``engine.ledger.BOUND`` standard errors.

It prints each term's mean, standard deviation and worst over the seats and games, how
many decisions were judged exactly (``Judgement.exact``) and the CPU a game's judging,
luck and chain took.
"""

from __future__ import annotations

import math
import random
import statistics
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, fields
from functools import partial

from bench.claim_deals import seeded_start
from bench.options import options
from engine.claim import (
    ClaimState,
    Phase,
    apply,
    random_selection,
    score,
    view,
)
from engine.claim.actions import Action
from engine.claim.card_luck import card_luck
from engine.claim.judge import Judgement, judged_game, replayed
from engine.claim.players import Level
from engine.claim.players.knowledge import unknown_cards
from engine.claim.players.search import dealt_out, known_state, sample_state
from engine.claim.self_play import self_play
from engine.claim.win_chance import dealt, settled, start_chance, valued
from engine.ledger import BOUND

PAIRS = ((Level.HARD, Level.NORMAL), (Level.NORMAL, Level.EASY))


@dataclass(frozen=True, slots=True)
class Chain:
    """One seat's account of one game, term by term, each in chance to win (0 to 1):
    ``leftover = shortfall + learnt + phase_change + horizon + rest``."""

    result: float
    """The result less the start chance (1/2)."""
    luck: float
    own_cost: float
    rivals_cost: float
    leftover: float
    """The ledger's: result - (luck - own cost + rival's cost)."""
    shortfall: float
    """The judge's best option less the position's value at the seat's decisions, less the
    same at its rival's."""
    shortfall_p2: float
    """``shortfall``'s part in phase 2 (and the loot choice)."""
    learnt: float
    """The seat's value's change at its rival's moves, beyond the rival's cost (its own
    view's) and what that cost's shortfall left, and the luck of the cards that came."""
    phase_change: float
    """The value's change at the move that ends phase 1, beyond its decision and luck."""
    horizon: float
    """In a determined phase 2 searched to a trick's end (``players.lookahead``), where a
    move ends the trick: the new trick's value less its worth as the last search's
    horizon (``win_chance.settled``)."""
    rest: float
    """What the seat's own moves and the deal leave: sampling error."""
    error: float
    """The standard error of ``rest`` (the values' own deals' and the luck's stated one)."""
    drift: float
    """Phase 2's played-out value less the fitted model's at phase 2's start, on the same
    deals of the seat's view."""


def played(seed: int) -> tuple[ClaimState, list[Action]]:
    """One seeded game by the computer levels: its deal and its actions."""
    pair = PAIRS[seed % 2]
    return seeded_game(seed, pair if seed // 2 % 2 == 0 else (pair[1], pair[0]))


def seeded_game(seed: int, levels: Sequence[Level]) -> tuple[ClaimState, list[Action]]:
    """The 2-player game of ``seed``'s deal played by ``levels``, seat by seat: its deal
    and its actions."""
    deal = random.Random(seed)
    factions = random_selection(2, deal)
    start = seeded_start(2, factions, deal)
    return start, self_play(start, levels, random.Random(seed + 1))


def accounts(
    start: ClaimState, actions: Sequence[Action], seed: int, deals: int
) -> tuple[tuple[Chain, ...], list[Judgement]]:
    """Each seat's chain of the game replayed from ``start`` by ``actions``, judged as its
    report judges it with ``seed`` (every decision, every card's luck), every position
    valued over ``deals`` deals; and its judgements."""
    last, seat = replayed(start, actions)[-1]
    winners = score(apply(last, seat, actions[-1])[0]).winners
    result = [(1 / len(winners) if s in winners else 0.0) for s in range(start.players)]
    judgements = judged_game(start, actions, seed)
    events = card_luck(start, actions, seed)
    chains = chained(
        start,
        actions,
        result,
        judgements,
        [event.luck for event in events],
        [event.move for event in events],
        seed,
        deals,
    )
    return chains, [j for j in judgements if j is not None]


LUCK_ERROR = 0.025
"""One event's luck for one seat: its standard error (``card_luck``'s docstring)."""


def chained(
    start: ClaimState,
    actions: Sequence[Action],
    result: Sequence[float],
    judgements: Sequence[Judgement | None],
    lucks: Sequence[Sequence[float]],
    moves: Sequence[int],
    seed: int,
    deals: int,
) -> tuple[Chain, ...]:
    """Each seat's chain: the game replayed from ``start`` by ``actions``, its decisions'
    ``judgements`` and its chance events' ``lucks`` at ``moves`` (-1 for the deal), every
    position valued for each seat over ``deals`` deals (``win_chance.valued``)."""
    positions = replayed(start, actions)
    states = [state for state, _ in positions]
    seats = [seat for _, seat in positions]
    players = start.players
    values: list[list[float]] = []
    errors: list[list[float]] = []
    for index, state in enumerate(states):
        row = [
            valued(view(state, s), random.Random(f"claim-chain:{seed}:{index}:{s}"), deals)
            for s in range(players)
        ]
        values.append([mean for mean, _ in row])
        errors.append([error for _, error in row])
    values.append(list(result))
    errors.append([0.0] * players)
    luck_at = [[0.0] * players for _ in range(len(actions) + 1)]
    events_at = [[0] * players for _ in range(len(actions) + 1)]
    for move, event in zip(moves, lucks, strict=True):
        for s in range(players):
            luck_at[move + 1][s] += event[s]
            events_at[move + 1][s] += event[s] != 0.0
    # The move that ends phase 1: from the fitted model's value to the played-out one.
    end_of_phase = next(
        i
        for i in range(len(actions))
        if i + 1 == len(states) or states[i + 1].phase is not Phase.P1
    )
    jumps = [_horizon_jump(states, index, values[index + 1]) for index in range(len(actions))]
    drift = [0.0] * players
    if end_of_phase + 1 < len(states):
        drift = _drift(states[end_of_phase + 1], seed, deals)
    found = []
    for s in range(players):
        cost = [0.0] * players
        shortfall = shortfall_p2 = learnt = phase_change = moved = 0.0
        rest = values[0][s] - 0.5 - luck_at[0][s]
        variance = errors[0][s] ** 2 + events_at[0][s] * LUCK_ERROR**2
        for index, mover in enumerate(seats):
            step = values[index + 1][s] - values[index][s] - luck_at[index + 1][s]
            judgement = judgements[index]
            cost_here = short = 0.0
            if judgement is not None:
                cost_here = judgement.cost
                cost[mover] += cost_here
                short = max(judgement.worths.values()) - values[index][mover]
            signed = short if mover == s else -short
            shortfall += signed
            shortfall_p2 += signed if states[index].phase is not Phase.P1 else 0.0
            left = step + cost_here - short if mover == s else step - cost_here + short
            jump = jumps[index]
            if jump is not None:
                moved += jump[s]
                left -= jump[s]
            if index == end_of_phase:
                phase_change += left
            elif mover == s:
                rest += left
                variance += errors[index + 1][s] ** 2 + events_at[index + 1][s] * LUCK_ERROR**2
                variance += errors[index][s] ** 2 if judgement is None else judgement.error**2
            else:
                learnt += left
        luck = sum(row[s] for row in luck_at)
        others = sum(cost) - cost[s]
        leftover = result[s] - 0.5 - (luck - cost[s] + others)
        found.append(
            Chain(
                result[s] - 0.5,
                luck,
                cost[s],
                others,
                leftover,
                shortfall,
                shortfall_p2,
                learnt,
                phase_change,
                moved,
                rest,
                math.sqrt(variance),
                drift[s],
            )
        )
    return tuple(found)


def _horizon_jump(
    states: Sequence[ClaimState], index: int, after: Sequence[float]
) -> list[float] | None:
    """Per seat, the value of the position after move ``index`` (``after``) less its worth
    as the horizon of the search that valued the position before it
    (``win_chance.settled``); None where that position was not a determined deal searched
    to a trick's end (``win_chance.whole_deal``: determined, not yet solved), or the move
    stays short of the horizon."""
    state = states[index]
    seen = view(state, state.to_act()[0])
    if known_state(seen) is not None or dealt_out(seen) is None:
        return None
    following = states[index + 1]
    if following.phase is Phase.P2 and following.done == state.done:
        return None
    return [after[s] - settled(following, s) for s in range(state.players)]


def _drift(state: ClaimState, seed: int, deals: int) -> list[float]:
    """Per seat, phase 2's played-out value less the fitted model's of ``state`` (phase
    2's start) over the same ``deals`` deals of the seat's view."""
    found = []
    for seat in range(state.players):
        seen = view(state, seat)
        unknown = unknown_cards(seen)
        rng = random.Random(f"claim-drift:{seed}:{seat}")
        total = 0.0
        for _ in range(deals):
            deal = sample_state(seen, unknown, rng)
            total += dealt(deal, seat) - start_chance(deal, seat)
        found.append(total / deals)
    return found


def game(seed: int, deals: int) -> tuple[tuple[Chain, ...], int, int, float]:
    """One seeded game's chain for each seat, its decisions judged, how many of them were
    exact and the CPU seconds its judging, luck and chain took."""
    start, actions = played(seed)
    began = time.process_time()
    chains, judged = accounts(start, actions, seed, deals)
    return chains, len(judged), sum(j.exact for j in judged), time.process_time() - began


def summary(label: str, values: Sequence[float]) -> str:
    worst = max(values, key=abs)
    return (
        f"{label:>14}: mean {statistics.mean(values) * 100:+6.1f}, "
        f"SD {statistics.pstdev(values) * 100:5.1f}, worst {worst * 100:+6.1f} points"
    )


def main(games: int, workers: int, deals: int) -> None:
    started = time.perf_counter()
    chains: list[Chain] = []
    judged = exact = 0
    spent: list[float] = []
    with ProcessPoolExecutor(workers) as pool:
        for found, j, e, cpu in pool.map(partial(game, deals=deals), range(80_000, 80_000 + games)):
            chains.extend(found)
            judged += j
            exact += e
            spent.append(cpu)
    print(f"{games} seeded 2-player games, {judged} decisions judged, {exact} of them exact")
    print(f"per seat and game ({len(chains)} seats), in points of win chance:")
    for field in fields(Chain):
        print("  " + summary(field.name, [getattr(chain, field.name) for chain in chains]))
    leftovers = [chain.leftover for chain in chains]
    print(f"  leftover's RMS {math.sqrt(statistics.mean(v * v for v in leftovers)) * 100:.1f}")
    outside = sum(abs(chain.rest) > BOUND * chain.error for chain in chains)
    print(f"  rest beyond {BOUND:g} standard errors: {outside} of {len(chains)}")
    print(f"judge, luck and chain: median {statistics.median(spent):.1f} s CPU a game")
    print(f"{time.perf_counter() - started:.0f} s with {workers} workers")


if __name__ == "__main__":
    arguments = options(__doc__.split("\n")[0], games=16, workers=1, deals=64)
    main(arguments.games, arguments.workers, arguments.deals)
