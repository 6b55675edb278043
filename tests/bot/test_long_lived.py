"""What the bot's process prepared is kept out of every later cyclic collection, and what
was garbage already is collected first (or it would never be); later collections come
less often than Python's default. In a process of its own:
freezing the test process's objects would change every later test's."""

from __future__ import annotations

import subprocess
import sys

CHILD = """
import gc, weakref
from bot.long_lived import YOUNGEST, keep_for_good

class Node:
    pass

kept = Node()
garbage = Node()
garbage.me = garbage  # a cycle nothing refers to: only the collector frees it
gone = weakref.ref(garbage)
del garbage
gc.disable()
keep_for_good()
assert gone() is None, "garbage left when frozen would never be collected"
assert gc.get_freeze_count() > 0
assert not any(o is kept for o in gc.get_objects()), "what was prepared is still collected"
assert gc.get_threshold() == (YOUNGEST, 10, 10), gc.get_threshold()
print("ok")
"""


def test_what_was_prepared_is_left_out_of_later_collections() -> None:
    done = subprocess.run(
        [sys.executable, "-c", CHILD], capture_output=True, text=True, timeout=60, check=False
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "ok"
