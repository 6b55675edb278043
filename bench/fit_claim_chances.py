"""Fits the two constants of Claim's win chance (``engine.claim.win_chance``) on seeded games
between the computer levels: ``SHARPNESS``, how much the phase-1 model's log-odds are
scaled, and ``SPREAD``, the logistic's spread over a phase-2 playout's lead, each by players.

    python -m bench.fit_claim_chances [--games 240] [--seed 100000] [--deals 16]
                                      [--processes 2]

The games and positions are ``bench.calibration``'s (every level, the levels mixed, 2, 3
and 4 players in turn; each seat's view where a trick begins), from seeds other than the
calibration's, so that its tables judge the fit on games it never saw. Each view is dealt
``--deals`` times as ``win_chance.chance`` deals it, and each deal kept as the model
reads it: in phase 1, the fitted model's chance at the start of phase 2
(``model_chance``); in phase 2, the playout's end (``finish``). A constant's worth for one
table size is the log loss of every forecast (the mean of its deals' values with that
constant) against its seat's result; each is the least found by golden-section search.
It prints the constants to paste into ``engine/claim/win_chance.py``, beside the
module's, with each one's log loss and that of the module's.
"""

from __future__ import annotations

import math
import random
import statistics
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from functools import partial
from typing import Final

from bench.calibration import game, seatings
from bench.options import options
from bot.storage.game_values import Level
from engine.claim.players.knowledge import unknown_cards
from engine.claim.players.playout import playout
from engine.claim.players.search import sample_state
from engine.claim.state import ClaimState, Phase
from engine.claim.view import view
from engine.claim.win_chance import (
    SHARPNESS,
    SPREAD,
    Finish,
    finish,
    finish_chance,
    model_chance,
    sharpened,
)

SIZES: Final = (2, 3, 4)
LOW, HIGH = 0.05, 10.0
"""The range a constant is searched in."""
PRECISION: Final = 0.005
"""The search stops once the constant is known to within this."""


@dataclass(frozen=True)
class Sample:
    """One seat's view where a trick began: its deals as the model reads them, and the
    seat's result (1 for its unit's win, its share of a shared win, 0 for a loss)."""

    players: int
    starts: tuple[float, ...]
    """Phase 1: each deal's fitted chance at the start of phase 2 (``model_chance``)."""
    finishes: tuple[Finish, ...]
    """Phase 2: each deal played on to its end."""
    result: float


def samples_of(job: tuple[list[Level], int, int]) -> list[Sample]:
    """Every seat's samples at each trick's start of one seeded game."""
    levels, seed, deals = job
    played = game("claim", levels, seed)
    return [
        _sample(position, seat, deals, random.Random(f"{seed}:{index}:{seat}"), result)
        for index, position in enumerate(played.positions)
        for seat, result in enumerate(played.results)
    ]


def _sample(
    position: ClaimState, seat: int, deals: int, rng: random.Random, result: float
) -> Sample:
    seen = view(position, seat)
    unknown = unknown_cards(seen)
    starts: list[float] = []
    finishes: list[Finish] = []
    for _ in range(deals):
        state = sample_state(seen, unknown, rng)
        if state.phase is Phase.P1:
            starts.append(model_chance(playout(state, Phase.P2), seat))
        else:
            finishes.append(finish(state, seat))
    return Sample(position.players, tuple(starts), tuple(finishes), result)


def log_loss(pairs: Sequence[tuple[float, float]]) -> float:
    """The mean log loss of forecasts against results (a shared win a fraction)."""
    total = 0.0
    for chance, result in pairs:
        p = min(max(chance, 1e-9), 1 - 1e-9)
        total -= result * math.log(p) + (1 - result) * math.log(1 - p)
    return total / len(pairs)


def start_loss(samples: Sequence[Sample], sharpness: float) -> float:
    """The log loss of phase-1 forecasts with ``sharpness``."""
    return log_loss(
        [(statistics.fmean(sharpened(c, sharpness) for c in s.starts), s.result) for s in samples]
    )


def finish_loss(samples: Sequence[Sample], spread: float) -> float:
    """The log loss of phase-2 forecasts with ``spread``."""
    return log_loss(
        [
            (statistics.fmean(finish_chance(f, spread) for f in s.finishes), s.result)
            for s in samples
        ]
    )


def least(loss: Callable[[float], float], low: float = LOW, high: float = HIGH) -> float:
    """Where ``loss`` is least in [low, high], by golden-section search (a loss with one
    minimum there)."""
    ratio = (math.sqrt(5) - 1) / 2
    a, b = low, high
    c, d = b - ratio * (b - a), a + ratio * (b - a)
    fc, fd = loss(c), loss(d)
    while b - a > PRECISION:
        if fc <= fd:
            b, d, fd = d, c, fc
            c = b - ratio * (b - a)
            fc = loss(c)
        else:
            a, c, fc = c, d, fd
            d = a + ratio * (b - a)
            fd = loss(d)
    return (a + b) / 2


def main() -> None:
    arguments = options(__doc__.split("\n\n")[0], games=240, seed=100_000, deals=16, processes=2)
    jobs = [
        (levels, seed, arguments.deals)
        for levels, seed in seatings("claim", arguments.games, arguments.seed)
    ]
    with ProcessPoolExecutor(arguments.processes) as pool:
        samples = [s for found in pool.map(samples_of, jobs) for s in found]
    print(f"Claim: {arguments.games} games from seed {arguments.seed}, {arguments.deals} deals")
    fit(samples, "SHARPNESS", SHARPNESS, start_loss, "phase 1")
    fit(samples, "SPREAD", SPREAD, finish_loss, "phase 2")


def fit(
    samples: Sequence[Sample],
    name: str,
    fitted: Mapping[int, float],
    loss: Callable[[Sequence[Sample], float], float],
    phase: str,
) -> None:
    """Prints the constant ``name`` of least ``loss`` for each table size, beside the
    module's (``fitted``)."""
    found = {}
    for players in SIZES:
        mine = [
            s
            for s in samples
            if s.players == players and (s.starts if phase == "phase 1" else s.finishes)
        ]
        at = partial(loss, mine)
        found[players] = least(at)
        print(
            f"  {phase}, {players} players, {len(mine)} forecasts: {name} "
            f"{found[players]:.2f} (log loss {at(found[players]):.4f}); "
            f"the module's {fitted[players]} ({at(fitted[players]):.4f})"
        )
    print(f"  {name}: Final = {{{', '.join(f'{p}: {v:.2f}' for p, v in found.items())}}}")


if __name__ == "__main__":
    main()
