"""Gold Nuggets' win-chance model at 3 to 5 players in the endgame, checked against what
happened: where the centre holds ``bots.ENDGAME`` nuggets or fewer, each seat is judged
against its most dangerous rival by the solved 2-player game, sharpened by
``win_chance.ENDGAME_SHARPNESS``; before that, and in a model without that piece, by the
normal approximation.

    python -m bench.nuggets_endgames [--games 900] [--seed 90000] [--processes 2] [--fit]

The games are ``bench.calibration``'s (computer players of every level mixed seat by seat,
3, 4 and 5 players in turn; the seeds from 90000 are no fit's). At every turn's start with
the centre at ``ENDGAME`` or less, each seat's chance is asked of the model as it is and
of the model with the normal approximation all the way to the end, and paired with the
seat's result. It prints both models' forecasts by tenths of chance, their calibration
error against what noise alone would make, and their Brier scores, by table size too.

``--fit`` (on other seeds: ``--seed 95000``) prints instead, by players, the sharpness
whose chances have the least log loss: each seat's estimate raised to it, the estimates
scaled to sum to 1.
"""

from __future__ import annotations

import argparse
import contextlib
import math
from collections.abc import Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from unittest import mock

from bench.calibration import Forecast, brier, buckets, calibration_error, game, noise_alone
from bot.storage.game_values import Level
from engine.gold_nuggets import bots, win_chance
from engine.gold_nuggets.bots import _WinChance

SIZES = (3, 4, 5)
SHARPNESS_TRIED = [step / 100 for step in range(50, 400, 5)]


@dataclass(frozen=True)
class Endgame:
    """One endgame turn's start: each seat's chance by the model and by the normal
    approximation, its own estimate before any scaling, and its result."""

    game: int
    players: int
    model: tuple[float, ...]
    normal: tuple[float, ...]
    estimates: tuple[float, ...]
    results: tuple[float, ...]


@contextlib.contextmanager
def normal_to_the_end() -> Iterator[None]:
    """The model without its endgame piece: the normal approximation at every centre."""
    win_chance.between_turns.cache_clear()
    try:
        with mock.patch.object(bots, "ENDGAME", 0), mock.patch.object(win_chance, "ENDGAME", 0):
            yield
    finally:
        win_chance.between_turns.cache_clear()


def endgames(number: int, seed: int) -> list[Endgame]:
    """One seeded game's endgame turns' starts."""
    players = SIZES[number % len(SIZES)]
    levels = [list(Level)[(number // len(SIZES) + seat) % 3] for seat in range(players)]
    played = game("nuggets", levels, seed + number)
    positions = [p for p in played.positions if 0 < p.centre <= bots.ENDGAME]
    model = [win_chance.chances(p) for p in positions]
    with normal_to_the_end():
        normal = [win_chance.chances(p) for p in positions]
    return [
        Endgame(
            played.number,
            players,
            mine,
            approximated,
            tuple(
                _WinChance(players, seat, win_chance.VARIANCE).between_turns(
                    p.nuggets, p.centre, p.turn
                )
                for seat in range(players)
            ),
            played.results,
        )
        for p, mine, approximated in zip(positions, model, normal, strict=True)
    ]


def _job(job: tuple[int, int]) -> list[Endgame]:
    return endgames(*job)


def forecasts(found: Sequence[Endgame], normal: bool = False) -> list[Forecast]:
    return [
        Forecast(e.game, e.players, e.players, chance, result)
        for e in found
        for chance, result in zip(e.normal if normal else e.model, e.results, strict=True)
    ]


def log_loss(found: Sequence[Endgame], sharpness: float) -> float:
    """The winners' mean log loss with each seat's estimate raised to ``sharpness`` and the
    estimates scaled to sum to 1 (a shared win counting its share)."""
    loss = 0.0
    for endgame in found:
        powered = [max(estimate, 1e-9) ** sharpness for estimate in endgame.estimates]
        total = sum(powered)
        loss -= sum(
            result * math.log(max(weight / total, 1e-12))
            for weight, result in zip(powered, endgame.results, strict=True)
            if result
        )
    return loss / len(found)


def report(label: str, found: Sequence[Forecast]) -> None:
    table = buckets(found)
    model, base = brier(found)
    print(
        f"  {label}: calibration error {100 * calibration_error(table):.1f} points "
        f"(noise alone {100 * noise_alone(table):.1f}), Brier {model:.4f} "
        f"(the base rate's {base:.4f})"
    )
    for b in table:
        if b.forecasts:
            print(
                f"    {b.low:4.0%}-{b.high:<4.0%} {b.forecasts:6} forecasts {b.games:4} games "
                f"{b.chance:7.1%} forecast {b.result:7.1%} won "
                f"({100 * b.difference:+.1f} ± {100 * b.error:.1f})"
            )
    by_size = []
    for players in SIZES:
        alone = buckets(f for f in found if f.players == players)
        by_size.append(
            f"{players}: {100 * calibration_error(alone):.1f} "
            f"(noise {100 * noise_alone(alone):.1f})"
        )
    print(f"    by players: {', '.join(by_size)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=900)
    parser.add_argument("--seed", type=int, default=90_000)
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--fit", action="store_true")
    arguments = parser.parse_args()
    jobs = [(number, arguments.seed) for number in range(arguments.games)]
    with ProcessPoolExecutor(arguments.processes) as pool:
        found = [e for some in pool.map(_job, jobs, chunksize=8) for e in some]
    print(
        f"Gold Nuggets at 3-5 players, {arguments.games} games (seeds {arguments.seed}+), "
        f"{len(found)} endgame turns' starts (centre {bots.ENDGAME} or less)"
    )
    if arguments.fit:
        for players in SIZES:
            alone = [e for e in found if e.players == players]
            best = min(SHARPNESS_TRIED, key=lambda sharpness: log_loss(alone, sharpness))
            print(
                f"  {players} players ({len(alone)}): sharpness {best} (log loss "
                f"{log_loss(alone, best):.4f}; unsharpened {log_loss(alone, 1.0):.4f})"
            )
        return
    report("the model (each seat against its most dangerous rival, solved)", forecasts(found))
    report("the normal approximation to the end", forecasts(found, normal=True))


if __name__ == "__main__":
    main()
