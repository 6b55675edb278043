"""Positions written as the rulebook writes them, and random legal play for the property tests."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from engine.gold_nuggets import (
    FACES,
    Action,
    Event,
    Face,
    GameState,
    Phase,
    Roll,
    SetAside,
    Take,
    apply,
    state_from_json,
)


def faces(text: str) -> tuple[Face, ...]:
    """``"LN223"`` as faces, one character a die."""
    return tuple(Face(c) for c in text)


def position(
    *,
    players: int = 3,
    turn: int = 0,
    phase: str = "roll",
    centre: int = 77,
    nuggets: list[int] | None = None,
    aside: dict[str, int] | None = None,
    roll: str | None = None,
) -> GameState:
    data: dict[str, Any] = {
        "players": players,
        "turn": turn,
        "phase": phase,
        "centre": centre,
        "nuggets": nuggets if nuggets is not None else [0] * players,
        "aside": aside or {},
    }
    if roll is not None:
        data["roll"] = list(roll)
    return state_from_json(data)


def throw(rng: random.Random, dice: int) -> tuple[Face, ...]:
    return tuple(rng.choice(FACES) for _ in range(dice))


@dataclass(frozen=True)
class Step:
    before: GameState
    action: Action
    after: GameState
    events: tuple[Event, ...]


def random_game(
    rng: random.Random, players: int, *, take_chance: float = 0.4, max_steps: int = 50_000
) -> Iterator[Step]:
    """One game with random dice and random legal choices, steals included, until it is over."""
    state = GameState.new(players, first=rng.randrange(players))
    for _ in range(max_steps):
        if state.phase is Phase.OVER:
            return
        action: Action
        if state.phase is Phase.SET_ASIDE:
            action = SetAside(rng.choice(state.pending_choices()))
        elif state.phase is Phase.TAKE or (
            state.phase is Phase.DECIDE and rng.random() < take_chance
        ):
            sources: list[int | None] = [None]
            if state.can_steal:
                sources += state.opponents()
            action = Take(rng.choice(sources))
        else:
            action = Roll(throw(rng, state.dice_left))
        after, events = apply(state, action)
        yield Step(state, action, after, events)
        state = after
    raise AssertionError(f"a random game did not end within {max_steps} actions")


@dataclass(frozen=True)
class GameSpec:
    """A random game, small enough to print when a property fails."""

    seed: int
    players: int
    take_chance: float

    def play(self) -> PlayedGame:
        rng = random.Random(self.seed)
        return PlayedGame(self, list(random_game(rng, self.players, take_chance=self.take_chance)))


class PlayedGame(list[Step]):
    """The steps of one game; it prints as the spec that replays it."""

    def __init__(self, spec: GameSpec, steps: list[Step]) -> None:
        super().__init__(steps)
        self.spec = spec

    def __repr__(self) -> str:
        return f"{self.spec!r}.play()"
