"""The processes the bot spawns through multiprocessing (its judges of games) start lean.

multiprocessing starts a spawned process by running the parent's ``__main__`` again
(a script by its path), so that what it defines can be unpickled there. Run as the
``claimit`` console script, that is the script that imports the whole bot: every judge
imported discord.py, the service and every feature, 83 MiB it never used (its own work
imports only the game it judges). A main module named as a package's ``__main__`` is
left alone instead, as when the bot runs as ``python -m bot``. (The picture processes
are started as a plain command, ``bot.games.painters``, and import only what they draw.)
"""

from __future__ import annotations

import importlib.util
import sys


def as_the_package_main() -> None:
    """Makes the process's main module say it is ``bot.__main__`` when it is the console
    script, which defines nothing a spawned process needs."""
    main = sys.modules["__main__"]
    if getattr(main, "__spec__", None) is None:
        main.__spec__ = importlib.util.find_spec("bot.__main__")
