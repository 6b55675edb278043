"""Who holds what, and who wins: the most nuggets, ties all winning."""

from __future__ import annotations

from engine.gold_nuggets.state import GameState


def scores(state: GameState) -> tuple[int, ...]:
    """The nuggets each seat holds, seat by seat."""
    return state.nuggets


def winners(state: GameState) -> tuple[int, ...]:
    """The seats holding the most nuggets, ascending: the game's winners once it is over,
    the current leaders before."""
    most = max(state.nuggets)
    return tuple(seat for seat, held in enumerate(state.nuggets) if held == most)
