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
from engine.gold_nuggets.dice import Counts
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


def decided_by_one_roll() -> tuple[GameState, list[Action]]:
    """A game's end that one roll decides: Ann holds 36 to Bo's 40, the centre 1, and
    rolls her last die, three lassos and three 3s aside; a lasso, a nugget or a 3 keeps
    her steal of Bo's nuggets alive, and the 2 she rolls busts: Bo takes the last nugget."""
    start = position(players=2, phase="decide", aside={"L": 3, "3": 3}, centre=1, nuggets=[36, 40])
    actions: list[Action] = [
        Roll(faces("2")),
        Roll(faces("N223344")),
        SetAside(Counts(nugget=1)),
        Take(),
    ]
    return start, actions


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
