"""The bot's own process runs in an interpreter that keeps no docstrings and no asserts
(``-OO``), nor the columns of each instruction that a traceback underlines
(``-X no_debug_ranges``).

Its 1,027 modules' code is most of what the bot's process holds beyond a bare discord.py
bot's, and their docstrings (discord.py's, aiohttp's, Babel's and the bot's own) a good
part of it: measured with everything it imports loaded, 70.4 MiB with them, 66.0 without
either. Nothing the bot does reads a docstring (its slash commands' descriptions are given
to discord.py, not taken from their functions), and its asserts only tell the type checker
what it cannot prove; a traceback still names each file and line.

Started as ``claimit`` or ``python -m bot``, the process runs itself again with these
flags: ``exec``, so that it stays the same process (its id, its descriptors, the signals
it was started ignoring) and whoever started it notices nothing. The judges it spawns
(``multiprocessing``) inherit the flags. Its picture processes are started without them:
they would save 0.4 MiB each, and where bytecode can't be kept (``PYTHONDONTWRITEBYTECODE``,
a read-only install) each would compile Pillow and the drawing code again at each of its
renewals, where the bot compiles its own once, at its start (about a second of CPU).
"""

from __future__ import annotations

import os
import sys
from typing import Final

FLAGS: Final = ("-OO", "-X", "no_debug_ranges")
"""The interpreter's options the bot's process runs with."""


def optimized() -> bool:
    """Whether this process drops docstrings and asserts already (``-OO``, or
    ``PYTHONOPTIMIZE=2``): then it is left as it was started."""
    return sys.flags.optimize >= 2


def run_optimized() -> None:
    """Runs this program again, in this same process, with ``FLAGS`` before its own
    arguments; returns at once where it runs optimized already, or where it can't be run
    again (an interpreter that doesn't know its own path, a system without ``exec``)."""
    if optimized() or not sys.executable or os.name != "posix":
        return
    for stream in (sys.stdout, sys.stderr):
        if stream is not None:
            stream.flush()
    os.execv(sys.executable, [sys.executable, *FLAGS, *sys.orig_argv[1:]])
