"""What every game's view holds its seats to."""

from __future__ import annotations

from collections.abc import Iterable


def check_seats(
    players: int, named: Iterable[int], *, over: bool, winners: tuple[int, ...]
) -> None:
    """Every seat a view names is one of its ``players`` seats, and it has winners
    exactly when the game is over; a ``ValueError`` saying which does not hold."""
    if any(seat not in range(players) for seat in named):
        raise ValueError("seats are numbered from 0")
    if over != bool(winners):
        raise ValueError("winners exactly when the game is over")
