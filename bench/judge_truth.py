"""Whether the judge tells the truth: over seeded games between the computer levels, each
game judged as its report is (its decisions and its luck), for each game and table size:

- the ledger (``engine.ledger``): for every seat, result - start chance against luck -
  own decisions' cost + rivals' decisions' cost, and what is left over, its mean, its
  standard deviation per seat and game and the worst, in points of win chance;
- the luck's drift: each chance event's luck summed over the seats' own rolls should
  average 0 (its mean and SD per event; Claim It!'s on the game's last turn apart, where
  its model changed most), and the mean of all lucks per event says how far it does not;
- calibration: the game's win-chance model at each turn's start (``bench.calibration``),
  its error against what noise alone would make, and any bucket off by more than three
  standard errors;
- each computer level's decision rate: points of win chance its decisions lost, on
  average, and how many of them.

    python -m bench.judge_truth [--games 40] [--only claimit] [--players 2 3]
                                [--seed 90000] [--processes 2]

A game's section is ``SECTIONS[kind]``: the figures above for every game, and what a
game's exact play adds (its regret against exact play, where exact play is known) in
``EXACT[kind]``, a function of the game's played and judged games printing its lines.
"""

from __future__ import annotations

import argparse
import statistics
from collections import defaultdict
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any, Final

from bench.analysis import played
from bench.calibration import (
    Forecast,
    buckets,
    calibration_error,
    misfits,
    model_for,
    noise_alone,
    results_of,
)
from bot.games.analysis import Analysis, Played
from bot.games.ledgers import ledgers
from bot.games.registry import GAMES, analyst_for
from bot.storage.game_values import Level
from engine.ledger import SeatLedger

SIZES: Final = {"claimit": (2, 3, 4), "nuggets": (2, 3, 4), "claim": (2, 3, 4)}
"""The table sizes each game is judged at."""
DEALS: Final = 4
"""Claim's deals of the unseen cards for a seat's start chance and its calibration."""


@dataclass(frozen=True)
class JudgedGame:
    """One seeded game, played and judged as its report is."""

    kind: str
    seed: int
    levels: tuple[Level, ...]
    moves: tuple[Played, ...]
    analysis: Analysis
    ledger: tuple[SeatLedger, ...]
    forecasts: tuple[Forecast, ...]
    """Each seat's chance at each turn's start (Claim: each trick's), with its result."""


Exact = Callable[[Sequence[JudgedGame]], None]
EXACT: Final[dict[str, Exact]] = {}
"""Per game, what its exact play adds to its section (regret against exact play, thrown
endgames), where exact play is known."""


def seated(kind: str, players: int, games: int, seed: int) -> list[tuple[list[Level], int]]:
    """Each game's levels and seed at a table of ``players``: the levels mixed, shifted
    game by game so that every level sits in every seat."""
    levels = list(Level)
    return [
        ([levels[(number + seat) % len(levels)] for seat in range(players)], seed + number)
        for number in range(games)
    ]


def judged_game(job: tuple[str, list[Level], int]) -> JudgedGame:
    """A game played with these levels and seed, judged in this process as the bot's
    judging processes judge it (every decision, every chance event, the same seed)."""
    kind, levels, seed = job
    rules = GAMES[kind]
    analyst = analyst_for(kind)
    moves = played(kind, levels, seed)
    decisions = analyst.judge(moves, analyst.decisions(moves), seed)
    fortunes = analyst.luck(moves, seed)
    analysis = Analysis(len(levels), tuple(decisions), 0.0, tuple(fortunes))
    final = rules.apply(moves[-1].before, moves[-1].seat, moves[-1].action).state
    result, sides = results_of(rules, final)
    model = model_for(kind, DEALS)
    start = model(moves[0].before, f"{seed}:start")
    found: list[Forecast] = []
    begins = True
    for index, move in enumerate(moves):
        if _begins(kind, move.before, begins):
            chances = model(move.before, f"{seed}:{index}")
            found.extend(
                Forecast(seed, len(levels), sides, chance, won)
                for chance, won in zip(chances, result, strict=True)
            )
        begins = rules.apply(move.before, move.seat, move.action).turn_over
    return JudgedGame(
        kind,
        seed,
        tuple(levels),
        tuple(moves),
        analysis,
        ledgers(analysis, start, result),
        tuple(found),
    )


def _begins(kind: str, state: Any, turn_begins: bool) -> bool:
    if kind == "claim":
        from engine.claim.state import Step

        return bool(state.step is Step.PLAY and not state.table)
    return turn_begins


def _last_turn(kind: str, state: Any) -> bool:
    """Whether ``state`` is on the game's last turn (Claim It!'s; the others: never)."""
    return kind == "claimit" and state.last_round is not None and state.last_round.turns_left == 1


def section(kind: str, players: int, found: Sequence[JudgedGame]) -> None:
    """A game's figures at one table size."""
    print(f"{GAMES[kind].name}, {players} players: {len(found)} games, levels mixed")
    seats = [seat for game in found for seat in game.ledger]
    left = [100 * seat.leftover for seat in seats]
    worst = max(seats, key=lambda seat: abs(seat.leftover))
    owner = next(game for game in found if worst in game.ledger)
    print(
        f"  ledger's leftover per seat and game (points): mean {statistics.fmean(left):+.2f}, "
        f"SD {statistics.pstdev(left):.2f}, worst {100 * worst.leftover:+.1f} "
        f"(seed {owner.seed}, seat {worst.seat}: result {worst.result:.2f} - start "
        f"{worst.start:.3f} against luck {100 * worst.luck:+.1f}, own cost "
        f"{100 * worst.own_cost:.1f}, rivals' {100 * worst.rivals_cost:.1f})"
    )
    events = [float(sum(f.luck)) for game in found for f in game.analysis.fortunes]
    own = [float(f.luck[f.seat]) for game in found for f in game.analysis.fortunes if f.seat >= 0]
    if events:
        print(
            "  luck per chance event (points): the roller's own mean "
            f"{100 * statistics.fmean(own):+.3f}, SD {100 * statistics.pstdev(own):.2f}, "
            f"all seats' sum mean {100 * statistics.fmean(events):+.4f} ({len(events)} events)"
        )
    final = [
        100 * float(f.luck[f.seat])
        for game in found
        for f in game.analysis.fortunes
        if f.seat >= 0 and _last_turn(kind, game.moves[f.move].before)
    ]
    if final:
        print(
            f"  the roller's own luck on the game's last turn (points): mean "
            f"{statistics.fmean(final):+.2f}, SD {statistics.pstdev(final):.2f}, worst "
            f"{max(final, key=abs):+.1f} ({len(final)} rolls)"
        )
    forecasts = [f for game in found for f in game.forecasts]
    table = buckets(forecasts)
    off = misfits(table, 0.0)
    print(
        f"  calibration at each turn's start: error {100 * calibration_error(table):.1f} points "
        f"(noise alone about {100 * noise_alone(table):.1f}), {len(forecasts)} forecasts; "
        + (
            "buckets off by over 3 s.e.: "
            + ", ".join(f"{b.low:.0%}-{b.high:.0%} {100 * b.difference:+.1f}" for b in off)
            if off
            else "every bucket within 3 s.e."
        )
    )
    rates: dict[Level, list[float]] = defaultdict(list)
    for game in found:
        for decision in game.analysis.decisions:
            rates[game.levels[decision.seat]].append(float(decision.chance_cost))
    print(
        "  decision rate (points of win chance lost per decision): "
        + ", ".join(
            f"{level.value} {100 * statistics.fmean(costs):.3f} ({len(costs)})"
            for level, costs in rates.items()
            if costs
        )
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=40, help="games at each table size")
    parser.add_argument("--only", choices=sorted(SIZES))
    parser.add_argument("--players", type=int, nargs="*")
    parser.add_argument("--seed", type=int, default=90000)
    parser.add_argument("--processes", type=int, default=2)
    arguments = parser.parse_args()
    with ProcessPoolExecutor(arguments.processes) as pool:
        for kind, sizes in SIZES.items():
            if arguments.only not in (None, kind):
                continue
            every: list[JudgedGame] = []
            for players in sizes:
                if arguments.players and players not in arguments.players:
                    continue
                jobs = [
                    (kind, levels, seed)
                    for levels, seed in seated(kind, players, arguments.games, arguments.seed)
                ]
                found = list(pool.map(judged_game, jobs))
                section(kind, players, found)
                every.extend(found)
            if kind in EXACT and every:
                EXACT[kind](every)


if __name__ == "__main__":
    main()
