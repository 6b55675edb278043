"""Solves the 2-player game of Gold Nuggets exactly and writes the table the product
ships (``engine/gold_nuggets/gold_nuggets_2p.bin``, ``engine.gold_nuggets.exact_game``):

    .venv/bin/python -m scripts.gold_nuggets_table           # writes the table
    .venv/bin/python -m scripts.gold_nuggets_table --check   # rebuilds it, compares

About two minutes on one core. The arithmetic is Python's own floats in a fixed order, so
the bytes are the same on every machine; ``--check`` exits 1 where they differ.
"""

from __future__ import annotations

import argparse
import sys
import time
from importlib.resources import files
from pathlib import Path

from engine.gold_nuggets.exact_game import TABLE_FILE, solve_centre, to_bytes
from engine.gold_nuggets.state import CENTRE_START

TABLE = Path(str(files("engine.gold_nuggets").joinpath(TABLE_FILE)))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare with the shipped table")
    args = parser.parse_args(argv)
    table: list[list[float]] = [[]]
    began = time.perf_counter()
    for centre in range(1, CENTRE_START + 1):
        table.append(solve_centre(centre, table))
        print(f"centre {centre}: {time.perf_counter() - began:.0f} s", file=sys.stderr)
    data = to_bytes(table)
    print(f"first mover's chance of a fresh game: {table[CENTRE_START][0]:.6f}")
    if args.check:
        same = TABLE.read_bytes() == data
        print("the shipped table is rebuilt identically" if same else "the tables differ")
        return 0 if same else 1
    TABLE.write_bytes(data)
    print(f"wrote {TABLE} ({len(data):,} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
