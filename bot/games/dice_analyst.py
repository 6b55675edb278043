"""What the judges of a dice game with nothing hidden share (Claim It!, Gold Nuggets): its
decisions are the moves whoever holds the seat made, each judged by its engine's judgement
with every option one everybody saw; its luck is each roll's, exact over the dice; a
position is seen whole, a waiting roll by its dice alone. Each game's analyst subclasses
``DiceAnalyst`` and gives what differs: its engine's judge and roll luck, and how an
option and a judgement read."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from bot.games.analysis import Fortune, Judged, Played, Unit, judged_choice, own_moves, seen_text
from engine.chance_luck import EventLuck


@dataclass(frozen=True, eq=False)
class DiceAnalyst(ABC):
    """An ``Analyst`` of a dice game with nothing hidden, judged in one process (a turn's
    dice worked out once for all its decisions)."""

    time_out: type
    """The engine's action for a move the clock made: no decision."""
    units: Mapping[Any, Unit]
    """The engine judge's units, as the report keeps them."""
    roll: str
    """The key of the waiting roll in the state's JSON."""
    option: Callable[[Any], str]
    """An engine judge's option as the report keeps it."""
    roll_luck: Callable[[Any, list[Any]], Sequence[EventLuck]]
    """The engine's luck of every roll, from the start and the actions played."""
    state_to_json: Callable[[Any], dict[str, Any]]
    """The engine's state as JSON."""
    parts = 1

    def decisions(self, moves: Sequence[Played]) -> list[int]:
        """The moves whoever holds the seat made (``Analyst.decisions``)."""
        return own_moves(moves, self.time_out)

    def judge(
        self,
        moves: Sequence[Played],
        only: Collection[int],
        seed: int,
        *,
        for_the_mover: bool = False,
    ) -> list[Judged]:
        """The decisions among ``only``, judged (``Analyst.judge``): every option is one
        everybody saw, whoever reads them."""
        return [
            judged_choice(
                moves[index],
                index,
                judgement,
                self.option,
                self.units[judgement.unit],
                exact=self.exact(judgement),
                chances=judgement.chances,
                seat_chances=judgement.seat_chances,
                own=self.own(moves[index], judgement),
            )
            for index, judgement in self.judgements(moves, only)
        ]

    def luck(
        self, moves: Sequence[Played], seed: int, part: int = 0, parts: int = 1
    ) -> list[Fortune]:
        """Every roll's luck for every seat (``Analyst.luck``), exact over the dice: the
        same whatever ``seed``; a part is a slice of the whole, which takes a fraction of a
        second."""
        if not moves:
            return []
        found = self.roll_luck(moves[0].before, [move.action for move in moves])
        return [Fortune.of(event) for event in found[part::parts]]

    def seen(self, state: Any, seat: int) -> str:
        """The whole position, which every seat sees (``Analyst.seen``), and the seat it
        is seen from; a waiting roll by its dice alone (the order they fell in changes no
        choice)."""
        data = self.state_to_json(state)
        if self.roll in data:
            data[self.roll] = sorted(data[self.roll])
        return seen_text({"seat": seat, "state": data})

    @abstractmethod
    def judgements(
        self, moves: Sequence[Played], only: Collection[int]
    ) -> Iterable[tuple[int, Any]]:
        """Each decision among ``only`` with a choice, by its index, and the engine
        judge's judgement of it."""

    @abstractmethod
    def exact(self, judgement: Any) -> bool:
        """Whether ``judgement``'s worths are exact."""

    def own(self, move: Played, judgement: Any) -> tuple[Unit, Fraction] | None:
        """What the decision cost in the game's own unit, where it was judged in chance
        to win: nothing more than the judgement says."""
        return None
