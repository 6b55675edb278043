"""Fits Claim It!'s win-chance model (``engine.claimit.outlook``) on seeded games between
the computer levels, so that a position's value before a roll is the average of the
values after it, and checks its luck and calibration on games not used for the fit.

    python -m bench.fit_claimit_chances [--games 300] [--held 60] [--passes 5]
                                        [--processes 2] [--keep FILE] [--held-seed S]

The games (``bench.analysis.played``): 2, 3, 4 and 5 players in turn, the levels mixed
(every level at every size, seats shifted game by game), seeds 50,000 on (clear of the
benchmarks' 70,000 and 90,000 on). The first ``games - held`` fit the model, the last
``held`` are kept for checking only (``--held-seed``: ``held`` games from that seed on,
seated alike). ``--keep`` saves the played games to FILE, or reads
them from it if it is there (playing them is most of the time).

First on the results: every position before a move (turn starts, pending rolls, rolls
on or stops) is one sample: the judge's worth of the mover's position, the turn's
features (``Outlook``) and the game's result for each seat (a tie shared). The mover's
logistic is fitted by maximum likelihood (Newton's method) on the mover's result, apart
before and in the last round (a last turn's sure win left out: it is 1); the others'
softmax on how the rest was shared among them (their boards and, in the last round,
whether a turn is still to come), which the later passes keep.

Then ``--passes`` times on the rolls: every roll of the fitted games is a row, the
mover's logit before it by the judge (``_Game.roll_terms``: an offset and the turn's
features) against the mover's chance after the roll that came, with the current
model; the mover's logistics are fitted to those chances (soft targets), so that the
chance before a roll is the mean of the chances after it, as luck needs. The chances
after a roll move with the weights (a stop leads to the next turn's start), so the
first pass moves the whole way and each later one halfway.

It prints the constants to paste into ``engine/claimit/outlook.py`` (``MODEL``), the
luck per roll (mean and SD, before the last round, in it and on its last turn) before
each pass, then, on the held games, the luck per roll and every seat's chance at each
turn's start against its result in buckets of a tenth (n, mean predicted, actual, the
difference's standard error by game) and the log loss against a uniform guess, and the
calibration error of each table size beside what noise alone would make (that of the
last round's movers and of the others apart too).
"""

from __future__ import annotations

import argparse
import math
import pickle
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property
from multiprocessing import Pool
from pathlib import Path

from bench.analysis import played
from bench.calibration import Forecast, buckets, calibration_error, noise_alone
from bot.storage.game_values import Level
from engine.claimit.actions import Roll
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


Rolled = tuple[GameState, GameState]
"""One roll of a fitted game: the position about to roll and the one the dice made."""


@dataclass(frozen=True)
class Played:
    """The ``number``-th game: its positions before a move (``Sample``) and its rolls."""

    samples: list[Sample]
    rolls: list[Rolled]


def samples_of(job: tuple[int, int]) -> Played:
    """Every position of the ``number``-th game from seed ``first`` (``job``: the two)
    before a move, with the game's result, and every roll; a sample's game is its seed."""
    first, number = job
    seed = first + number
    moves = played("claimit", levels_of(number), seed)
    last = moves[-1]
    final: GameState = apply(last.before, last.action).state
    outcome = result(final)
    game = _Game()
    return Played(
        [
            Sample(seed, move.before, game.worth(move.before), outcome)
            for move in moves
            if move.before.phase is not Phase.OVER
        ],
        [
            (move.before, apply(move.before, move.action).state)
            for move in moves
            if isinstance(move.action, Roll)
        ],
    )


Row = tuple[bool, float, tuple[float, ...], float]
"""A roll as the mover's logistic sees it: in the last round or not, the logit's offset
and features before the roll (``_Game.roll_terms``), and the mover's chance after it."""


def rows_of(job: tuple[list[Rolled], Model]) -> list[Row]:
    """Each roll's ``Row`` with the chances of ``model`` (a roll whose chance before it
    is a sure win left out: nothing after it is less)."""
    rolls, model = job
    game = _Game(model)
    found: list[Row] = []
    for state, after in rolls:
        offset, features = game.roll_terms(state)
        outlook = game.outlook(state)
        if not game.anchored(state):
            turn = game.turn(state)
            marks = state.squatters, state.claims_this_turn
            if outlook.settled(turn.roll_on(*marks) / turn.denominator):
                continue
        last_round = outlook.last_round
        found.append((last_round, offset, features, game.chances(after)[state.turn]))
    return found


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


def fit_logistic(
    rows: Sequence[tuple[tuple[float, ...], float]], offsets: Sequence[float] = ()
) -> list[float]:
    """The weights maximising the likelihood of ``rows`` (features, target 0 to 1), each
    row's logit moved by its offset (none: 0)."""
    n = len(rows[0][0])
    w = [0.0] * n
    moved = offsets or [0.0] * len(rows)
    for _ in range(50):
        grad = [0.0] * n
        hess = [[1e-9 * (i == j) for j in range(n)] for i in range(n)]
        for (x, y), offset in zip(rows, moved, strict=True):
            p = _sigmoid(offset + sum(wi * xi for wi, xi in zip(w, x, strict=True)))
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


def fit_shares(samples: Sequence[Sample]) -> tuple[float, float, float, float]:
    """``c0, c1, c2, c3``: the softmax's sharpness, by Newton's method on how the rest was
    shared among the seats other than the mover (weighted by how much of it there was).
    A seat's terms are its board and its board times the progress before the last round,
    its board and whether it has a turn still to come in it."""
    found: list[float] = []
    for last in (False, True):
        theta = [0.5, 0.0]
        rows = [s for s in samples if s.outlook.last_round is last]
        for _ in range(50):
            grad = [0.0, 0.0]
            hess = [[1e-9 * (i == j) for j in range(2)] for i in range(2)]
            for s in rows:
                o = s.outlook
                rest = 1 - s.result[o.mover]
                if rest <= 0:
                    continue
                to_come = o.still_to_play()
                others = [seat for seat in range(o.players) if seat != o.mover]
                top = max(o.boards[seat] for seat in others)
                terms = {
                    seat: (
                        o.boards[seat] - top,
                        float(seat in to_come) if last else o.progress * (o.boards[seat] - top),
                    )
                    for seat in others
                }
                logits = {
                    seat: sum(t * f for t, f in zip(theta, terms[seat], strict=True))
                    for seat in others
                }
                # Few games can leave the likelihood without a maximum (a seat to come
                # that always won): the weights grow, and are taken from the largest so
                # that they never overflow.
                most = max(logits.values())
                e = {seat: math.exp(logit - most) for seat, logit in logits.items()}
                total = sum(e.values())
                mean = [sum(e[seat] * terms[seat][i] for seat in others) / total for i in range(2)]
                for i in range(2):
                    won = sum(s.result[seat] * terms[seat][i] for seat in others)
                    grad[i] += won - rest * mean[i]
                    for j in range(2):
                        cov = sum(
                            e[seat] * (terms[seat][i] - mean[i]) * (terms[seat][j] - mean[j])
                            for seat in others
                        )
                        hess[i][j] += rest * cov / total
            step = _solve(hess, grad)
            theta = [t + d for t, d in zip(theta, step, strict=True)]
            if max(abs(d) for d in step) < 1e-9:
                break
        found.extend(theta)
    sharpness, by_progress, last_sharpness, still_to_play = found
    return sharpness, by_progress, last_sharpness, still_to_play


def calibration(samples: Sequence[Sample], model: Model) -> None:
    """Every seat's chance at each turn's start (``_Game.chances`` with ``model``, as
    ``bench.calibration`` asks it) against its result, in tenths (``bench.calibration``'s
    buckets and standard errors, counted by games too: a game's positions are far from
    independent), and the log loss; then the calibration error of each table size, and
    of the last round's movers and the others apart (where the shares of the rest are
    told)."""
    loss = uniform = 0.0
    found: dict[tuple[int, bool, bool], list[Forecast]] = {}
    starts = [s for s in samples if s.state.phase is Phase.ROLL and not s.state.placed_this_turn]
    for s in starts:
        predicted = _Game(model).chances(s.state)
        for seat, (chance, got) in enumerate(zip(predicted, s.result, strict=True)):
            key = (s.state.players, s.state.last_round is not None, seat == s.state.turn)
            forecast = Forecast(s.game, s.state.players, s.state.players, chance, got)
            found.setdefault(key, []).append(forecast)
            loss -= got * math.log(max(chance, 1e-12))
            uniform -= got * math.log(1 / len(predicted))
    every = [f for group in found.values() for f in group]
    print("  chance   forecasts games  forecast  result  difference (s.e. by game)")
    for b in buckets(every):
        if b.forecasts:
            print(
                f"  {b.low:4.0%}-{b.high:<4.0%} {b.forecasts:8} {b.games:5}  {b.chance:8.1%} "
                f"{b.result:7.1%}  {100 * b.difference:+10.1f}  ({100 * b.by_game:.1f})"
            )
    n = len(starts)
    print(f"  log loss per turn start {loss / n:.4f} (uniform guess {uniform / n:.4f})")

    for players in SIZES:
        movers, others = found.get((players, True, True), []), found.get((players, True, False), [])
        print(
            f"  {players} players: {_error([f for f in every if f.players == players])}; "
            f"in the last round, movers {_error(movers)}, others {_error(others)}"
        )


def _error(chosen: Sequence[Forecast]) -> str:
    """The calibration error of ``chosen``, beside noise alone's, and its worst bucket (of
    30 forecasts or more) in standard errors."""
    if not chosen:
        return "none"
    table = buckets(chosen)
    worst = max(
        (
            abs(b.difference) / b.error
            for b in table
            if b.forecasts >= 30 and b.games > 1 and b.error > 0
        ),
        default=0.0,
    )
    return (
        f"{100 * calibration_error(table):.1f} (noise {100 * noise_alone(table):.1f}, "
        f"worst bucket {worst:.1f} s.e.)"
    )


def predicted(row: Row, model: Model) -> float:
    """The mover's chance before a ``Row``'s roll by ``model``."""
    last_round, offset, features, _ = row
    weights = model.in_last_round if last_round else model.before_last_round
    return _sigmoid(offset + sum(w * f for w, f in zip(weights, features, strict=True)))


def drift(rows: Sequence[Row], model: Model) -> None:
    """The mover's luck per roll (its chance after less before), mean and SD in points,
    before the last round, in it and on the game's last turn."""
    parts = {
        "before the last round": [r for r in rows if not r[0]],
        "in the last round": [r for r in rows if r[0]],
        "on the last turn": [r for r in rows if r[0] and r[2][5]],
    }
    for name, found in parts.items():
        lucks = [100 * (row[3] - predicted(row, model)) for row in found]
        if lucks:
            mean = sum(lucks) / len(lucks)
            sd = math.sqrt(sum((x - mean) ** 2 for x in lucks) / len(lucks))
            print(f"  {name}: {len(lucks)} rolls, mean {mean:+.2f}, SD {sd:.2f}")


def consistent(rows: Sequence[Row]) -> tuple[tuple[float, ...], tuple[float, ...]]:
    """The mover's logistics (before the last round, in it) fitted to each roll's chance
    after it from its terms before it: the value before a roll the mean of those after."""
    fitted = []
    for last_round in (False, True):
        chosen = [row for row in rows if row[0] is last_round]
        fitted.append(
            tuple(fit_logistic([(row[2], row[3]) for row in chosen], [row[1] for row in chosen]))
        )
    return fitted[0], fitted[1]


def halfway(old: Sequence[float], new: Sequence[float]) -> tuple[float, ...]:
    """Weights halfway from ``old`` to ``new``: after the first pass, a pass moves this
    far, as the chances after a roll move with the weights and a whole step overshoots."""
    return tuple((a + b) / 2 for a, b in zip(old, new, strict=True))


def rounded(model: Model) -> Model:
    """``model`` as printed for ``outlook.MODEL`` (four decimals)."""
    c0, c1, c2, c3 = (round(c, 4) for c in model.shares)
    return Model(
        tuple(round(w, 4) for w in model.before_last_round),
        tuple(round(w, 4) for w in model.in_last_round),
        (c0, c1, c2, c3),
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--held", type=int, default=60)
    parser.add_argument("--passes", type=int, default=5)
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--keep", type=Path, help="the played games' file: read if there")
    parser.add_argument(
        "--held-seed", type=int, help="the held games from this seed on, not after the fitted"
    )
    args = parser.parse_args()
    fitted = args.games - args.held
    seeded = [(FIRST_SEED, number) for number in range(fitted)]
    if args.held_seed is None:
        seeded += [(FIRST_SEED, number) for number in range(fitted, args.games)]
    else:
        seeded += [(args.held_seed, number) for number in range(args.held)]
    with Pool(args.processes) as pool:
        if args.keep and args.keep.exists():
            games = pickle.loads(args.keep.read_bytes())[: args.games]
        else:
            games = pool.map(samples_of, seeded, chunksize=1)
            if args.keep:
                args.keep.write_bytes(pickle.dumps(games))
        fitting = [s for g in games[:fitted] for s in g.samples]
        held = [s for g in games[fitted:] for s in g.samples]
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
        model = rounded(Model(tuple(before), tuple(last), shares))
        print(f"{fitted} games fitted ({len(fitting)} positions), {args.held} held ({len(held)})")
        print(f"on the results: {model}")
        for number in range(args.passes):
            jobs = [(g.rolls, model) for g in games[:fitted]]
            rows = [row for found in pool.map(rows_of, jobs, chunksize=1) for row in found]
            print(f"pass {number + 1}: luck per roll on the fitted games before it")
            drift(rows, model)
            ahead, within = consistent(rows)
            if number:
                ahead = halfway(model.before_last_round, ahead)
                within = halfway(model.in_last_round, within)
            model = rounded(Model(ahead, within, shares))
            print(f"  consistent: {model}", flush=True)
        print(f"MODEL = {model}")
        jobs = [(g.rolls, model) for g in games[fitted:]]
        rows = [row for found in pool.map(rows_of, jobs, chunksize=1) for row in found]
    print("luck per roll on the held games (points of win chance):")
    drift(rows, model)
    print("calibration on the held games:")
    calibration(held, model)


if __name__ == "__main__":
    main()
