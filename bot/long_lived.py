"""What the bot's process prepared before it connects, kept out of the cyclic collector's way.

Python's cyclic garbage collector goes through every object it tracks at each full
collection. Most of the bot's are made once and kept for good: the modules it imported,
its features, its service and its games' faces, about 130,000 objects at start-up.
Every full collection went through them all again, holding the event loop meanwhile:
at 200 games (``bench.board``), a full collection held it for 180 to 200 ms, and for
30 to 100 ms once they were left out (``gc.freeze``). Every move and every board's push
waiting meanwhile waits that long.
"""

from __future__ import annotations

import gc


def keep_for_good() -> None:
    """Everything the process holds now is kept out of every later collection (it is
    freed only if nothing refers to it any more, by reference counting); what was garbage
    already is collected first, or it would never be."""
    gc.collect()
    gc.freeze()
