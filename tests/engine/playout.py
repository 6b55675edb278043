"""Random play of a dice game for its property tests: the steps a game goes through, and the
spec of a random game, which a played game prints as, so that a failing property shows how to
replay it."""

from __future__ import annotations

import json
import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from hypothesis import strategies as st

S = TypeVar("S")
A = TypeVar("A")
E = TypeVar("E")
T = TypeVar("T")


@dataclass(frozen=True)
class Step(Generic[S, A, E]):
    before: S
    action: A
    after: S
    events: tuple[E, ...]


def played(
    state: S,
    choose: Callable[[S], A | None],
    apply: Callable[[S, A], tuple[S, tuple[E, ...]]],
    max_steps: int,
) -> Iterator[Step[S, A, E]]:
    """Each step from ``state`` on, ``choose`` picking the actions, until it picks none (the
    game is over)."""
    for _ in range(max_steps):
        action = choose(state)
        if action is None:
            return
        after, events = apply(state, action)
        yield Step(state, action, after, events)
        state = after
    raise AssertionError(f"a random game did not end within {max_steps} actions")


@dataclass(frozen=True)
class Spec(ABC):
    """A random game, small enough to print when a property fails: a game's spec adds how
    its random player chooses."""

    seed: int
    players: int

    def rng(self) -> random.Random:
        return random.Random(self.seed)

    @abstractmethod
    def play(self) -> PlayedGame[Any]: ...


def games(spec: type[Spec], **knobs: st.SearchStrategy[Any]) -> st.SearchStrategy[PlayedGame[Any]]:
    """Random games of a dice game, each as its ``spec`` plays it: any seed, 2 to 5 players,
    and the ``knobs`` of the game's random player."""
    specs = st.builds(spec, seed=st.integers(0, 2**32), players=st.integers(2, 5), **knobs)
    return specs.map(lambda chosen: chosen.play())


def assert_json_round_trip(
    state: S, to_json: Callable[[S], dict[str, Any]], from_json: Callable[[Any], S]
) -> None:
    """The state reads back from its JSON text as itself, hash and JSON alike."""
    text = json.dumps(to_json(state))
    again = from_json(json.loads(text))
    assert again == state and hash(again) == hash(state)
    assert to_json(again) == json.loads(text)


class PlayedGame(list[T]):
    """The steps of one game; it prints as the spec that replays it."""

    def __init__(self, spec: Spec, steps: list[T]) -> None:
        super().__init__(steps)
        self.spec = spec

    def __repr__(self) -> str:
        return f"{self.spec!r}.play()"
