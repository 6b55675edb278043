"""Gold Nuggets engine speed: legal set-asides of one roll, applying one action, random games.

    python -m bench.nuggets_engine [--games N]

Targets: median <= 20 us for the legal set-asides of one roll and for applying
one action, on positions from random games. Every figure is measured in this
run; nothing is compared against stored numbers.
"""

from __future__ import annotations

import functools
import random
import time
from collections import defaultdict
from collections.abc import Callable

from bench.figures import games_to_time, per_call_us, report, report_games, report_kinds, warm_up
from engine.gold_nuggets import (
    FACES,
    Action,
    Counts,
    GameState,
    Phase,
    Roll,
    Take,
    apply,
    legal_set_asides,
)
from engine.gold_nuggets.dice import choices
from engine.gold_nuggets.policy import distinct_rolls
from tests.engine.gold_nuggets.play import random_game

TARGET_US = 20.0


def play(rng: random.Random, players: int) -> list[tuple[GameState, Action]]:
    """One random game (the property tests' random player, steals included), as the
    (position, action) pairs it went through."""
    return [(step.before, step.action) for step in random_game(rng, players)]


def main() -> None:
    games = games_to_time(__doc__.split("\n")[0], 2000)
    rng = random.Random(2013)

    history = [step for _ in range(200) for step in play(rng, rng.randint(2, 5))]
    rolling = [state for state, _ in history if state.phase in (Phase.ROLL, Phase.DECIDE)]
    print(f"positions from 200 random games: {len(history)} ({len(rolling)} before a roll)")

    start = time.perf_counter()
    pairs = [
        (numbers, roll)
        for dice in range(1, 8)
        for roll, _ in distinct_rolls(dice)
        for numbers in range(16)
    ]
    for numbers, roll in pairs:
        choices(numbers, roll)
    filled = time.perf_counter() - start
    print(
        f"legal set-asides cache: all {len(pairs)} (numbers set aside, roll) pairs filled in "
        f"{filled * 1000:.0f} ms"
    )

    legal_calls: list[Callable[[], object]] = []
    uncached_calls: list[Callable[[], object]] = []
    for state in rng.sample(rolling, 2000):
        for _ in range(20):
            roll = Counts.of(rng.choice(FACES) for _ in range(state.dice_left))
            legal_calls.append(functools.partial(legal_set_asides, state.aside, roll))
            uncached_calls.append(functools.partial(choices.__wrapped__, state.aside.numbers, roll))
    by_kind: dict[str, list[Callable[[], object]]] = defaultdict(list)
    for state, action in history:
        kind = type(action).__name__.lower()
        if isinstance(action, Roll) and not legal_set_asides(state.aside, Counts.of(action.faces)):
            kind = "roll (bust)"
        if isinstance(action, Take) and action.source is not None:
            kind = "take (steal)"
        by_kind[kind].append(functools.partial(apply, state, action))
    apply_calls = [call for calls in by_kind.values() for call in calls]

    warm_up(legal_calls, apply_calls)
    report("legal set-asides of one roll", legal_calls, TARGET_US)
    uncached_median, uncached_p99 = per_call_us(uncached_calls)
    print(
        f"  the same, computed without the cache: median {uncached_median:.2f} us, "
        f"p99 {uncached_p99:.2f} us"
    )
    report("apply one action", apply_calls, TARGET_US)
    report_kinds(by_kind)

    report_games(functools.partial(play, rng), (2, 5), games)


if __name__ == "__main__":
    main()
