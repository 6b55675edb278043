"""What the rules of a dice game whose seats take turns share (Claim It!, Gold Nuggets), as
the platform plays them: the seat whose turn it is acts until the game is over, the clock
ends a turn by the engine's time-out, a move is the engine's (its refusal put in the
game's words) and ends the turn at one of the engine's turn-ending events, and each seat's
figures are its turns', its luck's and its dice's. Each game's rules subclass
``DiceRules``, hand it their ``DiceEngine`` and give what differs."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

from bot.games.bust_luck import Turns, dice_figures, rolled_dice
from bot.games.registration import Registration
from bot.games.rules import BaseRules, IllegalIntent, JsonForm, Setting, Step
from i18n import Words


class TurnPosition(Turns, Protocol):
    """A dice game's position as its rules read it: its seats, whose turn it is, and its
    phase."""

    @property
    def phase(self) -> object:
        """Where the turn stands (the engine's own phases)."""
        ...


class SeatEvent(Protocol):
    """An engine's event that happened to one seat (a bust, a stop, a pass)."""

    @property
    def seat(self) -> int:
        """The seat it happened to."""
        ...


State = TypeVar("State", bound=TurnPosition)
Move = TypeVar("Move")


@dataclass(frozen=True)
class DiceEngine(Generic[State, Move]):
    """What the platform plays of a dice game's engine, beyond its JSON form."""

    apply: Callable[[State, Move], tuple[State, tuple[object, ...]]]
    """The engine's move: the position after it and what happened."""
    refused: type[Exception]
    """What the engine raises for a move its rules forbid."""
    over: object
    """The engine's phase of a game that is over."""
    time_out: Move
    """The engine's move for a turn the clock ends."""
    turn_ends: tuple[type[SeatEvent], ...]
    """The engine's events that end a seat's turn (a bust among them)."""
    rolled: Callable[[Move], Iterable[object]]
    """The dice a move rolled (nothing but for a roll)."""


class DiceRules(BaseRules[State, Move], ABC):
    """The rules of a dice game whose seats take turns, each game's subclass giving its
    start, its intents, its standings, its computer players' moves and how its seats'
    turns, luck and refusals read."""

    def __init__(
        self, game: Registration, json_form: JsonForm[State, Move], engine: DiceEngine[State, Move]
    ) -> None:
        super().__init__(game, json_form)
        self.engine = engine

    def to_act(self, state: State) -> tuple[int, ...]:
        """The seat whose turn it is, until the game is over."""
        return () if self.is_over(state) else (state.turn,)

    def is_over(self, state: State) -> bool:
        """The engine's phase says so."""
        return state.phase is self.engine.over

    def time_out(self, state: State, seat: int) -> Move:
        """The engine's time-out, whatever the turn holds."""
        return self.engine.time_out

    def apply(self, state: State, seat: int, action: Move) -> Step[State]:
        """The engine's move, refused in the game's words; the turn is over at one of its
        turn-ending events."""
        try:
            after, events = self.engine.apply(state, action)
        except self.engine.refused as e:
            raise IllegalIntent(self.refusal(state, action, e)) from None
        over = any(isinstance(e, self.engine.turn_ends) for e in events)
        return Step(after, events, turn_over=over)

    def turn_figures(self, setting: Setting, actions: Sequence[Move]) -> list[dict[str, int]]:
        """Each seat's turns (``seat_turns``), luck (``seat_luck``) and dice by face."""
        start = self.start(setting.players, setting.first, setting.options, None)
        rolled = rolled_dice(start, actions, self.engine.apply, self.engine.rolled)
        return [
            {**turns, **luck, **dice_figures(self.dice, dice)}
            for turns, luck, dice in zip(
                self.seat_turns(start, actions), self.seat_luck(start, actions), rolled, strict=True
            )
        ]

    @abstractmethod
    def refusal(self, state: State, action: Move, error: Exception) -> Words:
        """Why the engine refused ``action`` in ``state``, in the player's words."""

    @abstractmethod
    def seat_turns(self, start: State, actions: Sequence[Move]) -> Sequence[Mapping[str, int]]:
        """Each seat's figures of its turns, replaying ``actions`` from ``start``."""

    @abstractmethod
    def seat_luck(self, start: State, actions: Sequence[Move]) -> Sequence[Mapping[str, int]]:
        """Each seat's figures of its luck with the dice, replaying ``actions`` from
        ``start``."""


def replayed(
    start: State, actions: Iterable[Move], apply: Callable[[State, Move], tuple[State, Any]]
) -> list[tuple[State, Any]]:
    """Every event of the game ``actions`` play from ``start``, in order, each with the
    position its move was made in."""
    found: list[tuple[State, Any]] = []
    state = start
    for action in actions:
        before = state
        state, events = apply(state, action)
        found.extend((before, event) for event in events)
    return found


def turns_and_busts(
    players: int,
    events: Iterable[object],
    ends: tuple[type[SeatEvent], ...],
    bust: type[SeatEvent],
) -> tuple[list[int], list[int]]:
    """Each seat's turns, each ended by one of the events ``ends``, and its busts, among
    a game's ``events``."""
    turns, busts = [0] * players, [0] * players
    for event in events:
        if isinstance(event, ends):
            turns[event.seat] += 1
        if isinstance(event, bust):
            busts[event.seat] += 1
    return turns, busts
