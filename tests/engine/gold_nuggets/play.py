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
from tests.engine import playout


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


Step = playout.Step[GameState, Action, Event]


def random_game(
    rng: random.Random, players: int, *, take_chance: float = 0.4, max_steps: int = 50_000
) -> Iterator[Step]:
    """One game with random dice and random legal choices, steals included, until it is over."""

    def choose(state: GameState) -> Action | None:
        if state.phase is Phase.OVER:
            return None
        if state.phase is Phase.SET_ASIDE:
            return SetAside(rng.choice(state.pending_choices()))
        if state.phase is Phase.TAKE or (
            state.phase is Phase.DECIDE and rng.random() < take_chance
        ):
            sources: list[int | None] = [None]
            if state.can_steal:
                sources += state.opponents()
            return Take(rng.choice(sources))
        return Roll(throw(rng, state.dice_left))

    start = GameState.new(players, first=rng.randrange(players))
    return playout.played(start, choose, apply, max_steps)


@dataclass(frozen=True)
class GameSpec(playout.Spec):
    take_chance: float

    def play(self) -> playout.PlayedGame[Step]:
        steps = random_game(self.rng(), self.players, take_chance=self.take_chance)
        return playout.PlayedGame(self, list(steps))
