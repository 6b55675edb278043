"""Random legal play for the property tests: random factions, deal, seats and choices."""

from __future__ import annotations

import random
from dataclasses import dataclass

from engine.claim import (
    Action,
    ClaimState,
    Event,
    Phase,
    apply,
    legal_actions,
    new_game,
    random_selection,
    shuffle_deck,
)


def random_deal(players: int, rng: random.Random) -> tuple[ClaimState, tuple[Event, ...]]:
    """A new game of random factions, deal and first seat, as ``new_game`` starts it."""
    factions = random_selection(players, rng)
    deck, removed = shuffle_deck(factions, rng)
    return new_game(players, factions, deck, removed, rng.randrange(players))


@dataclass(frozen=True)
class Step:
    before: ClaimState
    seat: int
    action: Action
    after: ClaimState
    events: tuple[Event, ...]


@dataclass(frozen=True)
class GameSpec:
    """A random game, small enough to print when a property fails."""

    seed: int
    players: int

    def play(self) -> PlayedGame:
        rng = random.Random(self.seed)
        state, events = random_deal(self.players, rng)
        steps: list[Step] = []
        while state.phase is not Phase.OVER:
            seat = rng.choice(state.to_act())
            action = rng.choice(legal_actions(state, seat))
            after, happened = apply(state, seat, action)
            steps.append(Step(state, seat, action, after, happened))
            state = after
        return PlayedGame(self, state, events, steps)


class PlayedGame(list[Step]):
    """The steps of one game; it prints as the spec that replays it."""

    def __init__(
        self, spec: GameSpec, final: ClaimState, dealt: tuple[Event, ...], steps: list[Step]
    ) -> None:
        super().__init__(steps)
        self.spec = spec
        self.final = final
        self.dealt = dealt

    @property
    def states(self) -> list[ClaimState]:
        return [self[0].before, *(step.after for step in self)]

    def __repr__(self) -> str:
        return f"{self.spec!r}.play()"
