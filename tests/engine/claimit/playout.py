"""Random legal play, for the property tests and the oracle comparisons."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass

from engine.claimit import Action, Event, GameState, Phase, Place, Roll, Stop, apply


@dataclass(frozen=True)
class Step:
    before: GameState
    action: Action
    after: GameState
    events: tuple[Event, ...]


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
    state = GameState.new(players, first=rng.randrange(players), variant=variant)
    for _ in range(max_steps):
        if state.phase is Phase.OVER:
            return
        action: Action
        if state.phase is Phase.PLACE:
            action = Place(rng.choice(state.pending_placements()))
        elif state.placed_this_turn and rng.random() < stop_chance:
            action = Stop()
        else:
            action = Roll(roll_dice(rng))
        after, events = apply(state, action)
        yield Step(state, action, after, events)
        state = after
    raise AssertionError(f"a random game did not end within {max_steps} actions")


@dataclass(frozen=True)
class GameSpec:
    """A random game, small enough to print when a property fails."""

    seed: int
    players: int
    variant: bool
    stop_chance: float

    def play(self) -> PlayedGame:
        rng = random.Random(self.seed)
        return PlayedGame(
            self,
            list(
                random_game(rng, self.players, variant=self.variant, stop_chance=self.stop_chance)
            ),
        )


class PlayedGame(list[Step]):
    """The steps of one game; it prints as the spec that replays it."""

    def __init__(self, spec: GameSpec, steps: list[Step]) -> None:
        super().__init__(steps)
        self.spec = spec

    def __repr__(self) -> str:
        return f"{self.spec!r}.play()"
