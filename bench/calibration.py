"""Whether each game's win-chance model means what it says: over seeded games between the
computer levels, of the positions it gives a seat 30% to win, about 30% go on to be won.

    python -m bench.calibration [--games N] [--only nuggets] [--seed 70000] [--deals 16]
                                [--every] [--processes 2]

The games are played as ``bench.analysis`` plays them (``played``): computer players of
every level, the levels mixed at every table, every size the game allows in turn (2 to 5
players; Claim 2 to 4, its 4 as two teams). Each seat's chance is asked where a turn
begins (Gold Nuggets and Claim It!: before its first roll; ``--every``: before every
move) and, for Claim, where a trick begins, from each seat's own view with the unseen
cards dealt ``--deals`` times. Each forecast is paired with what the seat went on to
get: 1 for a win, 1/k for a win k sides shared, 0 for a loss (in Claim a seat's result
is its team's).

For each game it prints the forecasts in ten buckets of chance: how many, from how many
games, their mean, how often they came true (the mean result), the difference and its
standard error; the calibration error (the buckets' |difference|, weighted by their
forecasts); the Brier score beside the base rate's (each side 1/sides, what a model that
knows nothing would say); and the median time of one evaluation of the model (one seat's
view for Claim, every seat at once for the dice games).

A game's forecasts are not independent: a seat ahead stays ahead for many turns, so a
bucket's forecasts come in runs from one game. The binomial standard error (as if each
forecast came from a game of its own) understates the spread; the one by game (each
game's misses summed, the games taken as the independent draws) does not, but is rough
where a bucket has few games. A bucket is judged on the larger of the two (``misfits``).
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import time
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any, Final

from bench.analysis import played
from bot.games.registry import GAMES
from bot.games.rules import AnyRules
from bot.storage.game_values import Level
from engine.claim.state import ClaimState, Step
from engine.claim.view import view
from engine.claimit.win_chance import chances as claimit_chances
from engine.gold_nuggets.win_chance import chances as nuggets_chances

SIZES: Final = {"nuggets": (2, 3, 4, 5), "claimit": (2, 3, 4, 5), "claim": (2, 3, 4)}
"""The seats each game's benchmark games are played at, in turn."""
GAMES_BY_DEFAULT: Final = {"nuggets": 300, "claimit": 80, "claim": 96}
"""Each game's games in a run without ``--games``: a few minutes on two cores."""
DEALS: Final = 16
"""Claim's deals of the unseen cards for each seat's chance in a run without ``--deals``."""
BUCKETS: Final = 10
"""The forecasts are grouped by chance in this many buckets of equal width."""

Model = Callable[[Any, str], tuple[float, ...]]
"""Each seat's chance to win from a position; the key names the position, so that a model
drawing at random draws the same wherever and whenever it is asked."""


@dataclass(frozen=True)
class Game:
    """A played game as the bench asks its model: the positions asked about and each
    seat's result."""

    number: int
    positions: tuple[Any, ...]
    results: tuple[float, ...]
    """1 for a win, 1/k for a win k sides shared, 0 for a loss; a team's for its seats."""
    sides: int
    """The seats, or Claim's teams, that win or lose as one."""


@dataclass(frozen=True)
class Forecast:
    """One seat's chance at one position, and what the seat went on to get."""

    game: int
    players: int
    sides: int
    chance: float
    result: float


@dataclass(frozen=True)
class Forecasts:
    """A game's forecasts and how long each evaluation of the model took (seconds)."""

    forecasts: tuple[Forecast, ...]
    seconds: tuple[float, ...]


@dataclass(frozen=True)
class Bucket:
    """The forecasts whose chance lies in [low, high)."""

    low: float
    high: float
    forecasts: int
    games: int
    chance: float
    """The forecasts' mean."""
    result: float
    """The mean result: how often they came true."""
    binomial: float
    """The standard error of ``result`` were the forecasts right and independent."""
    by_game: float
    """The standard error of ``difference`` with each game's forecasts taken together;
    infinite from fewer than two games."""

    @property
    def difference(self) -> float:
        return self.result - self.chance

    @property
    def error(self) -> float:
        """The standard error the bucket is judged on: the larger of the two."""
        return max(self.binomial, self.by_game)


def seatings(
    kind: str, games: int, seed: int, levels: Sequence[Level] = tuple(Level)
) -> list[tuple[list[Level], int]]:
    """Each game's levels and seed: every size in turn, the ``levels`` mixed seat by seat
    and shifted round by round of sizes (so that every size meets every mix, as it would
    not were the shift the game's number where there are as many sizes as levels)."""
    sizes = SIZES[kind]
    return [
        (
            [
                levels[(number // len(sizes) + seat) % len(levels)]
                for seat in range(sizes[number % len(sizes)])
            ],
            seed + number,
        )
        for number in range(games)
    ]


def game(kind: str, levels: list[Level], seed: int, every: bool = False) -> Game:
    """The game ``bench.analysis`` plays with these levels and seed, read for forecasts:
    the positions where a turn begins (Claim: a trick), or every position a move was
    made in."""
    rules = GAMES[kind]
    positions = []
    begins = True
    state: Any = None
    for move in played(kind, levels, seed):
        if every or (_trick_begins(move.before) if kind == "claim" else begins):
            positions.append(move.before)
        step = rules.apply(move.before, move.seat, move.action)
        begins, state = step.turn_over, step.state
    results, sides = results_of(rules, state)
    return Game(seed, tuple(positions), results, sides)


def _trick_begins(state: ClaimState) -> bool:
    return state.step is Step.PLAY and not state.table


def results_of(rules: AnyRules, final: Any) -> tuple[tuple[float, ...], int]:
    """Each seat's result in a finished game (1, 1/k of a win k sides shared, 0; a team's
    for its seats), and how many sides there were."""
    standings = rules.standings(final)
    sides = rules.teams(len(standings))
    winning = sum(standings[side[0]].won for side in sides)
    return tuple(1 / winning if s.won else 0.0 for s in standings), len(sides)


def model_for(kind: str, deals: int = DEALS) -> Model:
    """The game's win-chance model as the bench asks it (Claim's: each seat's view, its
    unseen cards dealt ``deals`` times)."""
    if kind == "nuggets":
        return lambda state, key: nuggets_chances(state)
    if kind == "claimit":
        return lambda state, key: claimit_chances(state)

    # Claim's model is imported only where Claim is asked about, so that the dice games'
    # figures do not wait on it.
    from engine.claim.win_chance import chance as claim_chance

    def claim(state: ClaimState, key: str) -> tuple[float, ...]:
        return tuple(
            claim_chance(view(state, seat), random.Random(f"{key}:{seat}"), deals)
            for seat in range(state.players)
        )

    return claim


def forecasts(kind: str, played_game: Game, model: Model) -> Forecasts:
    """The model's chance for every seat at each of the game's positions, paired with the
    seat's result."""
    found: list[Forecast] = []
    seconds = []
    for index, position in enumerate(played_game.positions):
        started = time.perf_counter()
        chances = model(position, f"{played_game.number}:{index}")
        took = time.perf_counter() - started
        players = len(chances)
        # Claim's model answers for one seat's view at a time.
        seconds.append(took / players if kind == "claim" else took)
        found.extend(
            Forecast(played_game.number, players, played_game.sides, chance, result)
            for chance, result in zip(chances, played_game.results, strict=True)
        )
    return Forecasts(tuple(found), tuple(seconds))


def buckets(found: Iterable[Forecast]) -> list[Bucket]:
    """The forecasts by chance, in ``BUCKETS`` buckets of equal width (a chance of 1 in
    the last)."""
    members: list[list[Forecast]] = [[] for _ in range(BUCKETS)]
    for forecast in found:
        members[min(max(int(forecast.chance * BUCKETS), 0), BUCKETS - 1)].append(forecast)
    return [
        _bucket(number / BUCKETS, (number + 1) / BUCKETS, inside)
        for number, inside in enumerate(members)
    ]


def _bucket(low: float, high: float, inside: Sequence[Forecast]) -> Bucket:
    count = len(inside)
    if not count:
        return Bucket(low, high, 0, 0, math.nan, math.nan, math.inf, math.inf)
    chance = statistics.fmean(f.chance for f in inside)
    result = statistics.fmean(f.result for f in inside)
    binomial = math.sqrt(sum(f.chance * (1 - f.chance) for f in inside)) / count
    misses: dict[int, tuple[int, float]] = {}
    for f in inside:
        n, missed = misses.get(f.game, (0, 0.0))
        misses[f.game] = (n + 1, missed + f.result - f.chance)
    games = len(misses)
    by_game = math.inf
    if games > 1:
        difference = result - chance
        spread = sum((missed - n * difference) ** 2 for n, missed in misses.values())
        by_game = math.sqrt(games / (games - 1) * spread) / count
    return Bucket(low, high, count, games, chance, result, binomial, by_game)


def calibration_error(found: Sequence[Bucket]) -> float:
    """The buckets' |difference|, weighted by their forecasts."""
    total = sum(b.forecasts for b in found)
    return sum(b.forecasts * abs(b.difference) for b in found if b.forecasts) / total


def noise_alone(found: Sequence[Bucket]) -> float:
    """About the calibration error a perfectly calibrated model would show with these
    buckets' forecasts: each bucket's difference is then about normal around 0 with its
    standard error (``Bucket.error``, the binomial one where a bucket has one game), and
    the mean of its absolute value sqrt(2/pi) of that."""
    total = sum(b.forecasts for b in found)
    weighted = sum(
        b.forecasts * (b.error if math.isfinite(b.error) else b.binomial)
        for b in found
        if b.forecasts
    )
    return math.sqrt(2 / math.pi) * weighted / total


def brier(found: Sequence[Forecast]) -> tuple[float, float]:
    """The model's Brier score (the mean squared miss) and the base rate's: each side's
    chance 1/sides, which is also the mean result of every table size."""
    model = statistics.fmean((f.chance - f.result) ** 2 for f in found)
    base = statistics.fmean((1 / f.sides - f.result) ** 2 for f in found)
    return model, base


def misfits(
    found: Sequence[Bucket], tolerance: float, sigmas: float = 3.0, least: int = 30
) -> list[Bucket]:
    """The buckets of at least ``least`` forecasts whose mean result lies further from
    their mean chance than ``sigmas`` standard errors (``Bucket.error``) and
    ``tolerance`` (the model's own allowed bias) together."""
    return [
        b
        for b in found
        if b.forecasts >= least and abs(b.difference) > sigmas * b.error + tolerance
    ]


def _judged(job: tuple[str, list[Level], int, int, bool]) -> Forecasts:
    kind, levels, seed, deals, every = job
    return forecasts(kind, game(kind, levels, seed, every), model_for(kind, deals))


def report(kind: str, games: int, deals: int, every: bool, judged: Sequence[Forecasts]) -> None:
    found = [f for g in judged for f in g.forecasts]
    seconds = sorted(s for g in judged for s in g.seconds)
    where = (
        "every position"
        if every
        else ("each trick's start" if kind == "claim" else "each turn's start")
    )
    seen = f", each seat's view, {deals} deals" if kind == "claim" else ""
    print(
        f"{GAMES[kind].name}: {games} games of {'/'.join(map(str, SIZES[kind]))} players, "
        f"levels mixed; {len(found)} forecasts at {where}{seen}"
    )
    print("  chance    forecasts games  forecast  result  difference  s.e. binomial / by game")
    table = buckets(found)
    for b in table:
        if not b.forecasts:
            print(f"  {b.low:4.0%}-{b.high:<4.0%}         0")
            continue
        print(
            f"  {b.low:4.0%}-{b.high:<4.0%} {b.forecasts:9} {b.games:5}  {b.chance:8.1%} "
            f"{b.result:7.1%}  {100 * b.difference:+10.1f}  {100 * b.binomial:8.1f} / "
            f"{100 * b.by_game:.1f}"
        )
    model, base = brier(found)
    print(
        f"  calibration error {100 * calibration_error(table):.1f} points of win chance "
        "(the buckets' |difference|, weighted by their forecasts; noise alone would make "
        f"about {100 * noise_alone(table):.1f})"
    )
    by_size = []
    for players in SIZES[kind]:
        alone = buckets(f for f in found if f.players == players)
        by_size.append(
            f"{players}: {100 * calibration_error(alone):.1f} "
            f"(noise {100 * noise_alone(alone):.1f})"
        )
    print(f"  calibration error by players: {', '.join(by_size)}")
    print(f"  Brier score {model:.4f}, the base rate's {base:.4f} (skill {1 - model / base:.0%})")
    print(
        f"  one evaluation of the model: median {1000 * statistics.median(seconds):.2f} ms, "
        f"mean {1000 * statistics.fmean(seconds):.2f} ms, "
        f"p90 {1000 * seconds[int(0.9 * (len(seconds) - 1))]:.2f} ms ({len(seconds)} positions)"
    )
    print(
        "  differences and standard errors in points of win chance; the forecasts of one "
        "game are correlated: judge a bucket by the larger standard error"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--games",
        type=int,
        help="games of each (default: Gold Nuggets 300, Claim It! 80, Claim 96)",
    )
    parser.add_argument("--only", choices=sorted(SIZES))
    parser.add_argument("--seed", type=int, default=70000)
    parser.add_argument("--deals", type=int, default=DEALS)
    parser.add_argument("--every", action="store_true", help="every position, not turns'")
    parser.add_argument("--processes", type=int, default=2)
    arguments = parser.parse_args()
    with ProcessPoolExecutor(arguments.processes) as pool:
        for kind in SIZES:
            if arguments.only not in (None, kind):
                continue
            games = arguments.games or GAMES_BY_DEFAULT[kind]
            jobs = [
                (kind, levels, seed, arguments.deals, arguments.every)
                for levels, seed in seatings(kind, games, arguments.seed)
            ]
            report(kind, games, arguments.deals, arguments.every, list(pool.map(_judged, jobs)))


if __name__ == "__main__":
    main()
