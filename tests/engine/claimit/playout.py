"""Random legal play, for the property tests and the oracle comparisons."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass

from engine.claimit import Action, Event, GameState, Phase, Place, Roll, Stop, apply
from tests.engine import playout

Step = playout.Step[GameState, Action, Event]


def roll_dice(rng: random.Random) -> tuple[int, int, int]:
    return (rng.randint(1, 6), rng.randint(1, 6), rng.randint(1, 6))


def random_game(
    rng: random.Random,
    players: int,
    *,
    variant: bool = False,
    stop_chance: float = 0.4,
    max_steps: int = 20_000,
) -> Iterator[Step]:
    """Plays one game with random dice and random choices until it is over."""

    def choose(state: GameState) -> Action | None:
        if state.phase is Phase.OVER:
            return None
        if state.phase is Phase.PLACE:
            return Place(rng.choice(state.pending_placements()))
        if state.placed_this_turn and rng.random() < stop_chance:
            return Stop()
        return Roll(roll_dice(rng))

    start = GameState.new(players, first=rng.randrange(players), variant=variant)
    return playout.played(start, choose, apply, max_steps)


@dataclass(frozen=True)
class GameSpec(playout.Spec):
    variant: bool
    stop_chance: float

    def play(self) -> playout.PlayedGame[Step]:
        steps = random_game(
            self.rng(), self.players, variant=self.variant, stop_chance=self.stop_chance
        )
        return playout.PlayedGame(self, list(steps))
