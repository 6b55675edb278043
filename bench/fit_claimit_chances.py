"""Fits Claim It!'s win-chance model (``engine.claimit.outlook``) on seeded games between
the computer levels, and checks its calibration on games not used for the fit.

    python -m bench.fit_claimit_chances [--games 320] [--held 100] [--processes 2]

The games (``bench.analysis.played``): 2, 3, 4 and 5 players in turn, the levels mixed
(every level at every size, seats shifted game by game), seeds 50,000 on. The first
``games - held`` fit the model, the last ``held`` are kept for calibration only.

Every position before a move (turn starts, pending rolls, rolls on or stops) is one
sample: the judge's worth of the mover's position, the turn's features (``Outlook``) and
the game's result for each seat (a tie shared). The mover's logistic is fitted by
maximum likelihood (Newton's method) on the mover's result, apart before and in the last
round (a last turn's sure win left out: it is 1); the others' softmax on how the rest
was shared among them. It prints the
constants to paste into ``engine/claimit/outlook.py``, then, on the held games, every
seat's predicted chance against its result in buckets of a tenth (n, mean predicted,
actual, the actual's standard error) and the log loss against a uniform guess.
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property
from multiprocessing import Pool

from bench.analysis import played
from bot.storage.game_values import Level
from engine.claimit.judge import _Game
from engine.claimit.outlook import Model, Outlook
from engine.claimit.rules import apply
from engine.claimit.state import GameState, Phase
from engine.claimit.win_chance import result

SIZES = (2, 3, 4, 5)
FIRST_SEED = 50_000


@dataclass
class Sample:
    """One position: its turn's features, the mover's worth, and the game's result."""

    game: int
    state: GameState
    worth: float
    result: tuple[float, ...]

    @cached_property
    def outlook(self) -> Outlook:
        return Outlook(self.state)


def levels_of(number: int) -> list[Level]:
    """The ``number``-th game's seats: the sizes in turn, the levels mixed."""
    players = SIZES[number % len(SIZES)]
    every = list(Level)
    step = 1 + number % 2
    return [every[(number // len(SIZES) + seat * step) % 3] for seat in range(players)]


def samples_of(number: int) -> list[Sample]:
    """Every position of the ``number``-th game before a move, with the game's result."""
    moves = played("claimit", levels_of(number), FIRST_SEED + number)
    last = moves[-1]
    final: GameState = apply(last.before, last.action).state
    outcome = result(final)
    game = _Game()
    return [
        Sample(number, move.before, game.worth(move.before), outcome)
        for move in moves
        if move.before.phase is not Phase.OVER
    ]


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """``a x = b`` by Gaussian elimination with partial pivoting (``a`` is small)."""
    n = len(b)
    m = [[*row, rhs] for row, rhs in zip(a, b, strict=True)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(m[r][col]))
        m[col], m[pivot] = m[pivot], m[col]
        for r in range(n):
            if r != col:
                f = m[r][col] / m[col][col]
                m[r] = [x - f * y for x, y in zip(m[r], m[col], strict=True)]
    return [m[r][n] / m[r][r] for r in range(n)]


def _sigmoid(x: float) -> float:
    return 1 / (1 + math.exp(-x)) if x >= 0 else math.exp(x) / (1 + math.exp(x))


def fit_logistic(rows: Sequence[tuple[tuple[float, ...], float]]) -> list[float]:
    """The weights maximising the likelihood of ``rows`` (features, target 0 to 1)."""
    n = len(rows[0][0])
    w = [0.0] * n
    for _ in range(50):
        grad = [0.0] * n
        hess = [[1e-9 * (i == j) for j in range(n)] for i in range(n)]
        for x, y in rows:
            p = _sigmoid(sum(wi * xi for wi, xi in zip(w, x, strict=True)))
            v = p * (1 - p)
            for i in range(n):
                grad[i] += (y - p) * x[i]
                for j in range(n):
                    hess[i][j] += v * x[i] * x[j]
        step = _solve(hess, grad)
        w = [wi + si for wi, si in zip(w, step, strict=True)]
        if max(abs(s) for s in step) < 1e-9:
            break
    return w


def fit_shares(samples: Sequence[Sample]) -> tuple[float, float, float]:
    """``c0, c1, c2``: the softmax's sharpness, by Newton's method on how the rest was
    shared among the seats other than the mover (weighted by how much of it there was)."""
    found: list[float] = []
    for last in (False, True):
        terms = 1 if last else 2
        theta = [0.5] + [0.0] * (terms - 1)
        rows = [s for s in samples if s.outlook.last_round is last]
        for _ in range(50):
            grad = [0.0] * terms
            hess = [[1e-9 * (i == j) for j in range(terms)] for i in range(terms)]
            for s in rows:
                o = s.outlook
                rest = 1 - s.result[o.mover]
                if rest <= 0:
                    continue
                phi = [1.0] if last else [1.0, o.progress]
                beta = sum(t * f for t, f in zip(theta, phi, strict=True))
                others = [seat for seat in range(o.players) if seat != o.mover]
                top = max(o.boards[seat] for seat in others)
                e = {seat: math.exp(beta * (o.boards[seat] - top)) for seat in others}
                total = sum(e.values())
                mean = sum(e[seat] * o.boards[seat] for seat in others) / total
                var = sum(e[seat] * (o.boards[seat] - mean) ** 2 for seat in others) / total
                won = sum(s.result[seat] * o.boards[seat] for seat in others) / rest
                for i in range(terms):
                    grad[i] += rest * phi[i] * (won - mean)
                    for j in range(terms):
                        hess[i][j] += rest * phi[i] * phi[j] * var
            step = _solve(hess, grad)
            theta = [t + d for t, d in zip(theta, step, strict=True)]
            if max(abs(d) for d in step) < 1e-9:
                break
        found.extend(theta)
    return found[0], found[1], found[2]


def calibration(samples: Sequence[Sample], model: Model) -> None:
    """Every seat's predicted chance against its result, in tenths, and the log loss. The
    standard error of a bucket's actual against its predicted is counted by games (a
    game's positions are far from independent): the root of the summed squares of each
    game's residuals in the bucket, over the bucket's positions."""
    buckets: list[list[tuple[float, float]]] = [[] for _ in range(10)]
    residuals: list[dict[int, float]] = [{} for _ in range(10)]
    loss = uniform = 0.0
    for s in samples:
        predicted = Outlook(s.state, model).chances(s.worth)
        for chance, got in zip(predicted, s.result, strict=True):
            tenth = min(9, int(chance * 10))
            buckets[tenth].append((chance, got))
            residuals[tenth][s.game] = residuals[tenth].get(s.game, 0.0) + got - chance
            loss -= got * math.log(max(chance, 1e-12))
            uniform -= got * math.log(1 / len(predicted))
    print("  bucket      n  predicted  actual  (s.e.)")
    for tenth, found in enumerate(buckets):
        if not found:
            continue
        n = len(found)
        mean = sum(p for p, _ in found) / n
        actual = sum(r for _, r in found) / n
        error = math.sqrt(sum(r * r for r in residuals[tenth].values())) / n
        low, high = tenth / 10, (tenth + 1) / 10
        print(f"  {low:.1f}-{high:.1f} {n:6d}  {mean:.3f}      {actual:.3f}  ({error:.3f})")
    n = len(samples)
    print(f"  log loss per position {loss / n:.4f} (uniform guess {uniform / n:.4f})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=320)
    parser.add_argument("--held", type=int, default=100)
    parser.add_argument("--processes", type=int, default=2)
    args = parser.parse_args()
    with Pool(args.processes) as pool:
        games = pool.map(samples_of, range(args.games), chunksize=1)
    fitting = [s for g in games[: args.games - args.held] for s in g]
    held = [s for g in games[args.games - args.held :] for s in g]
    before = fit_logistic(
        [
            (s.outlook.features(s.worth), s.result[s.outlook.mover])
            for s in fitting
            if not s.outlook.last_round
        ]
    )
    last = fit_logistic(
        [
            (s.outlook.features(s.worth), s.result[s.outlook.mover])
            for s in fitting
            if s.outlook.last_round and not s.outlook.settled(s.worth)
        ]
    )
    shares = fit_shares(fitting)
    model = Model(tuple(before), tuple(last), shares)
    fitted = args.games - args.held
    print(f"{fitted} games fitted ({len(fitting)} positions), {args.held} held ({len(held)})")
    print(f"BEFORE_LAST_ROUND = {tuple(round(w, 4) for w in before)}")
    print(f"IN_LAST_ROUND = {tuple(round(w, 4) for w in last)}")
    print(f"SHARES = {tuple(round(c, 4) for c in shares)}")
    print("calibration on the held games:")
    calibration(held, model)
    print("calibration on the fitted games:")
    calibration(fitting, model)


if __name__ == "__main__":
    main()
