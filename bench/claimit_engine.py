"""Engine speed: legal placements of one roll, applying one action, random games per second.

    python -m bench.claimit_engine [--games N]

Targets (issue 2): median <= 10 us for the legal placements of one roll and
<= 20 us for applying one action, on mid-game 5-player positions. Every figure
is measured in this run; nothing is compared against stored numbers.
"""

from __future__ import annotations

import functools
import random
from collections import defaultdict
from collections.abc import Callable
from itertools import product

from bench.figures import games_to_time, report, report_games, report_kinds, warm_up
from engine.claimit import Action, GameState, Phase, Roll, apply
from tests.engine.claimit.playout import random_game

ALL_ROLLS = list(product(range(1, 7), repeat=3))
LEGAL_TARGET_US = 10.0
APPLY_TARGET_US = 20.0


def play(rng: random.Random, players: int) -> list[tuple[GameState, Action]]:
    """One random game (the property tests' random player), as the (position, action) pairs
    it went through."""
    return [(step.before, step.action) for step in random_game(rng, players)]


def is_mid_game(state: GameState) -> bool:
    return 8 <= 30 - state.claim_supply <= 22 and state.last_round is None


def main() -> None:
    games = games_to_time(__doc__.split("\n")[0], 400)
    rng = random.Random(20061)

    mid_game = [
        (state, action) for _ in range(40) for state, action in play(rng, 5) if is_mid_game(state)
    ]
    roll_positions = [s for s, _ in mid_game if s.phase is Phase.ROLL]
    print(f"mid-game 5-player positions: {len(mid_game)} ({len(roll_positions)} before a roll)")

    legal_calls: list[Callable[[], object]] = [
        functools.partial(state.legal_placements, dice)
        for state in rng.sample(roll_positions, 200)
        for dice in rng.sample(ALL_ROLLS, 50)
    ]
    by_kind: dict[str, list[Callable[[], object]]] = defaultdict(list)
    for state, action in mid_game:
        kind = type(action).__name__.lower()
        if isinstance(action, Roll) and not state.legal_placements(action.dice):
            kind = "roll (bust)"
        by_kind[kind].append(functools.partial(apply, state, action))
    apply_calls: list[Callable[[], object]] = [call for calls in by_kind.values() for call in calls]

    warm_up(legal_calls, apply_calls)
    report("legal placements of one roll", legal_calls, LEGAL_TARGET_US)
    report("apply one action", apply_calls, APPLY_TARGET_US)
    report_kinds(by_kind)

    report_games(functools.partial(play, rng), (2, 5), games)


if __name__ == "__main__":
    main()
