"""A benchmark's command line: a ``--name`` for each figure it can be asked for, read as its
default's type."""

from __future__ import annotations

import argparse
from dataclasses import dataclass


@dataclass(frozen=True)
class Said:
    """A figure's default with what ``--help`` says of it."""

    default: float
    help: str


def options(description: str, **defaults: float | Said) -> argparse.Namespace:
    """The command line read against ``defaults`` (``games=16`` takes ``--games 40``;
    ``games=Said(16, "games per pairing")`` says so in ``--help``)."""
    parser = argparse.ArgumentParser(description=description)
    for name, given in defaults.items():
        said = given if isinstance(given, Said) else Said(given, "")
        kind = type(said.default)
        parser.add_argument(f"--{name}", type=kind, default=said.default, help=said.help or None)
    return parser.parse_args()
