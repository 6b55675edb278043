"""The bench's CPU figures read from ``/proc``: a process's CPU over a stretch, what it
had used before it, and its own share apart from its children's."""

from __future__ import annotations

import os
import time

from bench.usage import CpuWatch


def test_the_stretch_is_apart_from_what_came_before_it_and_the_own_process_apart() -> None:
    watch = CpuWatch({"this": (os.getpid(), True)})
    watch.start()
    began = time.process_time()
    while time.process_time() - began < 0.3:
        pass
    watch.stop()
    spent = time.process_time() - began
    used, own, before = watch.seconds("this"), watch.own["this"], watch.at_start["this"]
    assert used is not None and own is not None and before is not None
    # /proc counts in ticks, hundredths of a second: within a few of them.
    assert abs(own - spent) < 0.05
    assert abs(used - spent) < 0.05
    assert before > 0
