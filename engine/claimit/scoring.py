"""Scoring: largest mine, then claimed spaces, then all spaces; a full tie shares the win."""

from __future__ import annotations

from typing import NamedTuple

from engine.claimit.board import largest_group
from engine.claimit.state import GameState


class Score(NamedTuple):
    seat: int
    largest: int
    """Spaces in the seat's largest mine (orthogonally connected spaces)."""
    claims: int
    spaces: int
    largest_mine: int
    """The spaces of that mine as a bitboard, for showing it."""


def visible_spaces(state: GameState, seat: int) -> int:
    """The seat's spaces: those whose top marker is the seat's own."""
    return state.owners[seat] & ~state.marks_mask


def scores(state: GameState) -> tuple[Score, ...]:
    """One score per seat, in seat order."""
    result = []
    for seat in range(state.players):
        mine_spaces = visible_spaces(state, seat)
        mine = largest_group(mine_spaces)
        result.append(
            Score(
                seat,
                mine.bit_count(),
                (mine_spaces & state.claimed).bit_count(),
                mine_spaces.bit_count(),
                mine,
            )
        )
    return tuple(result)


def winners(table: tuple[Score, ...]) -> tuple[int, ...]:
    """The seats ranked first by largest mine, claims, then spaces, ascending."""
    best = max((s.largest, s.claims, s.spaces) for s in table)
    return tuple(s.seat for s in table if (s.largest, s.claims, s.spaces) == best)
