"""Building positions in the JSON notation of docs/rules/claim-it.md, as the rulebook examples
are written."""

from __future__ import annotations

from typing import Any

from engine.claimit import GameState, state_from_json


def position(
    board: dict[str, list[str]],
    *,
    players: int = 2,
    turn: int = 0,
    phase: str = "roll",
    variant: bool = False,
    last_round: dict[str, int] | None = None,
    dice: list[int] | None = None,
) -> GameState:
    data: dict[str, Any] = {
        "players": players,
        "variant": variant,
        "turn": turn,
        "phase": phase,
        "board": board,
        "last_round": last_round,
    }
    if dice is not None:
        data["dice"] = dice
    return state_from_json(data)


EXAMPLE_4_BOARD = {
    "4,2": ["P0", "C"],
    "6,3": ["S3", "C"],
    "2,1": ["S6"],
    "4,4": ["S1"],
    "3,6": ["C", "P2"],
    "4,3": ["P1"],
    "1,1": ["P1"],
}
"""Rulebook example 4: seat 0 of 3 mid-turn, about to roll 3-4-6 and bust."""


def claimed_row(seat: int, row: int, cols: range = range(1, 7)) -> dict[str, list[str]]:
    """A row of claimed spaces for one seat."""
    return {f"{col},{row}": ["C", f"P{seat}"] for col in cols}
