"""What the bot's process prepared before it connects, kept out of the cyclic collector's way.

Python's cyclic garbage collector goes through every object it tracks at each full
collection. Most of the bot's are made once and kept for good: the modules it imported,
its features, its service and its games' faces, about 130,000 objects at start-up.
Every full collection went through them all again, holding the event loop meanwhile:
at 200 games (``bench.board``), a full collection held it for 180 to 200 ms, and for
30 to 100 ms once they were left out (``gc.freeze``). Every move and every board's push
waiting meanwhile waits that long.

What it makes after that is collected less often than Python's default (a collection of
the youngest objects every 700 allocations): in ``bench.e2e --games 200 --think 5``, at
700 the bot's collections took 0.72 s of its 18.7 s of CPU (685 of the youngest, 61 of
the middle, 6 full), at 10,000 they took 0.42 s of 18.5 (41, 3 and 1), each of the
youngest 6 ms; they hold the loop no longer than a full collection did.
"""

from __future__ import annotations

import gc

YOUNGEST = 10_000
"""Allocations (less deallocations) between two collections of the youngest objects."""


def keep_for_good() -> None:
    """Everything the process holds now is kept out of every later collection (it is
    freed only if nothing refers to it any more, by reference counting); what was garbage
    already is collected first, or it would never be. Later collections come less often
    (``YOUNGEST``)."""
    gc.collect()
    gc.freeze()
    _, middle, oldest = gc.get_threshold()
    gc.set_threshold(YOUNGEST, middle, oldest)
