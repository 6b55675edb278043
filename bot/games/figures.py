"""The figures a player's record keeps per server and game, as each game declares them
(``GameRules.figures``), and how a finished game's result adds to them (summed, or the
best kept)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum


class Fold(StrEnum):
    """How a figure of one game adds up in a player's record."""

    SUM = "sum"
    MAX = "max"


@dataclass(frozen=True)
class Figure:
    """One number a player's record keeps per server (best mine, nuggets taken…)."""

    key: str
    source: str
    """The figure of a game's result it is made of."""
    fold: Fold


def fold_figures(
    figures: Sequence[Figure], record: Mapping[str, int], game: Mapping[str, int]
) -> dict[str, int]:
    """A record with one more game's result figures counted in."""
    folded = dict(record)
    for figure in figures:
        mine, more = record.get(figure.key, 0), game.get(figure.source, 0)
        folded[figure.key] = mine + more if figure.fold is Fold.SUM else max(mine, more)
    return folded
