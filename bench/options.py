"""A benchmark's command line: a ``--name`` for each figure it can be asked for, read as its
default's type."""

from __future__ import annotations

import argparse


def options(description: str, **defaults: float) -> argparse.Namespace:
    """The command line read against ``defaults`` (``games=16`` takes ``--games 40``)."""
    parser = argparse.ArgumentParser(description=description)
    for name, default in defaults.items():
        parser.add_argument(f"--{name}", type=type(default), default=default)
    return parser.parse_args()
