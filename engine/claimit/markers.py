"""Marker notation: ``P0``…``P4`` player markers by seat, ``S1``…``S6`` squatters, ``C`` claims."""

from __future__ import annotations

from typing import Final

CLAIM: Final = "C"
SQUATTER_NUMBERS: Final = range(1, 7)
MAX_SEATS: Final = 5

SQUATTERS: Final = tuple(f"S{n}" for n in SQUATTER_NUMBERS)
PLAYERS: Final = tuple(f"P{seat}" for seat in range(MAX_SEATS))

PLACEABLE: Final = frozenset((CLAIM, *SQUATTERS))
"""The markers a placement can put down (player markers only appear when a turn settles)."""


def player(seat: int) -> str:
    return PLAYERS[seat]


def squatter(number: int) -> str:
    return SQUATTERS[number - 1]


def squatter_number(marker: str) -> int:
    """The number of a squatter token; 0 for any other marker."""
    return int(marker[1]) if marker in SQUATTERS else 0


def seat_of(marker: str) -> int:
    """The seat of a player-marker token; -1 for any other marker."""
    return int(marker[1]) if marker in PLAYERS else -1
