"""The command of a script that makes a file the project ships from its source (the
schema's statements, Babel's formats, a single Gold Nuggets turn's table): it writes the
file, or with ``--check`` makes it and compares, exiting 1 where the shipped file
differs."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from pathlib import Path


def write_or_check(
    argv: list[str] | None,
    description: str,
    kept: Path,
    made: Callable[[], str | bytes],
    source: str,
) -> int:
    """``made()`` written to ``kept``, or compared with it (``--check``): text as UTF-8, or
    bytes as they are; ``source`` names what it is made from, for the message of a
    difference."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--check", action="store_true", help="compare with the shipped file")
    args = parser.parse_args(argv)
    text = made()
    data = text.encode() if isinstance(text, str) else text
    if args.check:
        if kept.read_bytes() != data:
            print(f"{kept} differs from {source}: write it again without --check")
            return 1
        print(f"{kept} is as {source} makes it")
        return 0
    kept.write_bytes(data)
    shown = f"{len(text):,} characters" if isinstance(text, str) else f"{len(data):,} bytes"
    print(f"wrote {kept} ({shown})")
    return 0
