"""Feature folders a test puts beside the bot's own (``bot/features/``), found as theirs
are while the test runs, and forgotten once it ends."""

from __future__ import annotations

import contextlib
import sys
from collections.abc import Iterator
from pathlib import Path

import bot.features


@contextlib.contextmanager
def features_beside(folder: Path, packages: dict[str, dict[str, str]]) -> Iterator[Path]:
    """``packages`` (each a feature's name and its files' text by path within its folder,
    ``__init__.py``, ``discord/__init__.py``) written into ``folder``, which the bot's
    features are looked for in too, until the body ends. Every module imported from them
    is forgotten then, for good: one left in ``sys.modules`` would stand in for a later
    test's package of the same name (as ``monkeypatch.delitem`` does, which puts back what
    it took away once the test is over)."""
    for name, files in packages.items():
        for where, text in files.items():
            path = folder / name / where
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
    before = bot.features.__path__
    bot.features.__path__ = [*before, str(folder)]
    try:
        yield folder
    finally:
        bot.features.__path__ = before
        for name in packages:
            full = f"{bot.features.__name__}.{name}"
            for module in [m for m in sys.modules if m == full or m.startswith(f"{full}.")]:
                del sys.modules[module]
            with contextlib.suppress(AttributeError):
                delattr(bot.features, name)
