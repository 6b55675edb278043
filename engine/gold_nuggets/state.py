"""The position of a game of Gold Nuggets, immutable and valid by construction.

Building a ``GameState`` checks everything docs/rules/gold-nuggets.md's "State"
section requires and raises ``InvalidState`` naming the problem. The rules
derive new positions through ``derive``, which skips the checks because every
rule keeps the invariants (the property tests hold them to it).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Final

from engine.errors import check_whole_number
from engine.gold_nuggets.dice import DICE, EMPTY, Counts, Face, choices, parse_face
from engine.gold_nuggets.errors import InvalidState
from engine.unchecked import unchecked

CENTRE_START: Final = 77
MIN_PLAYERS: Final = 2
MAX_PLAYERS: Final = 5
STEAL_LASSOS: Final = 3


class Phase(StrEnum):
    ROLL = "roll"
    """A turn's start: the player must roll all seven dice."""
    SET_ASIDE = "set_aside"
    """A roll waits for its set-aside."""
    DECIDE = "decide"
    """After a set-aside with dice left: roll them or take."""
    TAKE = "take"
    """All seven dice set aside: the player must take, then plays a new turn."""
    OVER = "over"


ASIDE_RANGE: Final = {
    Phase.ROLL: (0, 0),
    Phase.SET_ASIDE: (0, DICE - 1),
    Phase.DECIDE: (1, DICE - 1),
    Phase.TAKE: (DICE, DICE),
    Phase.OVER: (0, 0),
}
"""How many dice may be set aside in each phase."""

_PHASES: Final[dict[str, Phase]] = {phase.value: phase for phase in Phase}


@dataclass(frozen=True, slots=True)
class GameState:
    players: int
    turn: int
    """The seat to act (in phase over, the seat that took last)."""
    phase: Phase
    centre: int
    nuggets: tuple[int, ...]
    """What each seat holds, seat by seat."""
    aside: Counts = EMPTY
    """The dice set aside this turn."""
    roll: tuple[Face, ...] | None = None
    """In phase set_aside, the waiting roll as rolled; otherwise None."""

    def __post_init__(self) -> None:
        check_whole_number("players", self.players, MIN_PLAYERS, MAX_PLAYERS)
        check_whole_number("turn", self.turn, 0, self.players - 1)
        raw_phase: object = self.phase
        phase = _PHASES.get(raw_phase) if isinstance(raw_phase, str) else None
        if phase is None:
            raise InvalidState(f"phase must be one of {', '.join(_PHASES)}, not {raw_phase!r}")
        check_whole_number("centre", self.centre, 0, CENTRE_START)
        raw_nuggets: object = self.nuggets
        if not isinstance(raw_nuggets, tuple | list) or len(raw_nuggets) != self.players:
            raise InvalidState(
                f"nuggets must list what each of the {self.players} seats holds, "
                f"not {raw_nuggets!r}"
            )
        for seat, held in enumerate(raw_nuggets):
            check_whole_number(f"seat {seat}'s nuggets", held, 0, CENTRE_START)
        if sum(raw_nuggets) + self.centre != CENTRE_START:
            raise InvalidState(
                f"the seats hold {sum(raw_nuggets)} and the centre {self.centre}: "
                f"together they must make {CENTRE_START}"
            )
        if (self.centre == 0) != (phase is Phase.OVER):
            raise InvalidState(
                f"the centre holds {self.centre} in phase {phase}: "
                "the game is over exactly when the centre is empty"
            )
        aside = _check_aside(self.aside, phase)
        roll = _check_roll(self.roll, aside) if phase is Phase.SET_ASIDE else None
        if phase is not Phase.SET_ASIDE and self.roll is not None:
            raise InvalidState(f"only a roll waiting for its set-aside is kept, not in {phase}")
        setter = object.__setattr__
        setter(self, "phase", phase)
        setter(self, "nuggets", tuple(raw_nuggets))
        setter(self, "aside", aside)
        setter(self, "roll", roll)

    @classmethod
    def new(cls, players: int, *, first: int = 0) -> GameState:
        """All nuggets in the centre, seat ``first`` to roll."""
        check_whole_number("players", players, MIN_PLAYERS, MAX_PLAYERS)
        return cls(players, first, Phase.ROLL, CENTRE_START, (0,) * players)

    @property
    def dice_left(self) -> int:
        return DICE - self.aside.total

    @property
    def value(self) -> int:
        return self.aside.value

    @property
    def can_steal(self) -> bool:
        return self.aside.lasso >= STEAL_LASSOS

    def pending_choices(self) -> tuple[Counts, ...]:
        """In phase set_aside, the set-asides the waiting roll allows; otherwise none."""
        if self.roll is None:
            return ()
        return choices(self.aside.numbers, Counts.of(self.roll))

    def opponents(self) -> tuple[int, ...]:
        return tuple(seat for seat in range(self.players) if seat != self.turn)


def derive(
    base: GameState,
    *,
    turn: int,
    phase: Phase,
    centre: int,
    nuggets: tuple[int, ...],
    aside: Counts,
    roll: tuple[Face, ...] | None,
) -> GameState:
    """A position the rules reached from ``base``: valid by construction, so unchecked."""
    return unchecked(GameState, base.players, turn, phase, centre, nuggets, aside, roll)


def _check_aside(aside: object, phase: Phase) -> Counts:
    if not isinstance(aside, tuple) or len(aside) != len(EMPTY):
        raise InvalidState(f"aside must be the counts of six faces, not {aside!r}")
    for face, count in zip(Counts._fields, aside, strict=True):
        if type(count) is not int or count < 0:
            raise InvalidState(f"aside's {face} count must be a whole number >= 0, not {count!r}")
    counts = Counts(*aside)
    for name, count in zip(Counts._fields[2:], counts[2:], strict=True):
        if 0 < count < 3:
            raise InvalidState(
                f"aside holds {count} {name}s: a number is set aside with three dice or not at all"
            )
    low, high = ASIDE_RANGE[phase]
    if not low <= counts.total <= high:
        raise InvalidState(
            f"{counts.total} dice set aside in phase {phase}: it allows {low} to {high}"
        )
    return counts


def _check_roll(roll: object, aside: Counts) -> tuple[Face, ...]:
    left = DICE - aside.total
    if not isinstance(roll, Sequence) or isinstance(roll, str) or len(roll) != left:
        raise InvalidState(
            f"in phase set_aside the state needs the waiting roll of the {left} dice "
            f"not set aside, not {roll!r}"
        )
    faces = tuple(parse_face(raw) for raw in roll)
    checked = tuple(face for face in faces if face is not None)
    if len(checked) != left:
        raise InvalidState(f"the waiting roll {list(roll)!r} holds something that is not a face")
    if not choices(aside.numbers, Counts.of(checked)):
        raise InvalidState(
            f"the roll {''.join(checked)} allows no set-aside: it busted, "
            "it cannot be waiting for one"
        )
    return checked
