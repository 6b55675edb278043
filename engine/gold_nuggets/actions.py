"""What a player can do: roll, set aside, take; and what their clock can do: time out."""

from __future__ import annotations

from dataclasses import dataclass

from engine.gold_nuggets.dice import Counts, Face


@dataclass(frozen=True, slots=True)
class Roll:
    """The dice as rolled, one face per die; they are checked when the roll is applied."""

    faces: tuple[Face, ...]


@dataclass(frozen=True, slots=True)
class SetAside:
    counts: Counts


@dataclass(frozen=True, slots=True)
class Take:
    """Take the value: from the centre (``source`` None) or from the opponent in seat ``source``."""

    source: int | None = None


@dataclass(frozen=True, slots=True)
class TimeOut:
    """The player to move ran out of time; ``rules`` documents what happens then.

    Not in the rulebook: it is how an online table keeps a quiet player from
    stalling the game (docs/playing.md, "Nobody can stall a game")."""


Action = Roll | SetAside | Take | TimeOut
