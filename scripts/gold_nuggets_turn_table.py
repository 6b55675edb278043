"""Solves a single turn of Gold Nuggets for every key of the table the product ships
(``engine/gold_nuggets/gold_nuggets_turn.bin``, ``engine.gold_nuggets.turn_table``):

    .venv/bin/python -m scripts.gold_nuggets_turn_table           # writes the table
    .venv/bin/python -m scripts.gold_nuggets_turn_table --check   # rebuilds it, compares

A few seconds. The arithmetic is Python's own floats in a fixed order, so the bytes are
the same on every machine; ``--check`` exits 1 where they differ.
"""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path

from engine.gold_nuggets import turn_table
from engine.gold_nuggets.odds import busting_rolls
from engine.gold_nuggets.policy import solved_grid
from scripts.kept_file import write_or_check

TABLE = Path(str(files("engine.gold_nuggets").joinpath(turn_table.TABLE_FILE)))


def solved() -> bytes:
    """The table, solved now, as its package data holds it."""
    busting = [
        busting_rolls(left, numbers)
        for left in range(turn_table.LEFT)
        for numbers in range(turn_table.ASIDE)
    ]
    return turn_table.to_bytes(turn_table.Table(solved_grid(True), solved_grid(False), busting))


def main(argv: list[str] | None = None) -> int:
    return write_or_check(argv, (__doc__ or "").splitlines()[0], TABLE, solved, "the solver")


if __name__ == "__main__":
    raise SystemExit(main())
