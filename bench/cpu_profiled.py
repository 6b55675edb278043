"""A bench's process (the bot, the floor) run under yappi's CPU clock, for ``bench.e2e
--profile cpu``:

    python -m bench.cpu_profiled OUTPUT -m MODULE [ARGUMENTS...]
    python -m bench.cpu_profiled OUTPUT -c CODE [ARGUMENTS...]

runs the process as ``python -m MODULE`` or ``python -c CODE`` would (``-m bot`` is the
bot's own entry point, its ``__main__`` and command line as ever), and profiles it from
``START`` (SIGUSR1) to ``STOP`` (SIGUSR2), when it writes OUTPUT (JSON, ``Written``) and
goes on running: every function's own CPU time and calls, every thread's, C functions
included, and for each Python function the own time of the C functions it called;
and the garbage collector's CPU time, which yappi can't see (a collection's time falls
in whatever function allocated), timed through ``gc.callbacks``.

yappi's CPU clock is each thread's own (``CLOCK_THREAD_CPUTIME_ID``): a thread waiting
for its socket, a lock or the database counts nothing, unlike a wall-clock sampler's,
which finds the event loop in its wake-ups as often as it looks. It is started at
``START``, not at the process's start, so it sees only the functions called after it:
what a function already running does in C between its calls into Python (the event
loop's own work, in uvloop's C) is seen by no one, and ``bench.cpu_layers`` counts it
as such against the process's CPU time from ``/proc``.
"""

from __future__ import annotations

import gc
import json
import os
import runpy
import signal
import sys
import threading
import time
from pathlib import Path
from types import FrameType
from typing import Any, TypedDict

START, STOP = signal.SIGUSR1, signal.SIGUSR2
WRAPPER = ("-m", "bench.cpu_profiled")
"""How the bench starts a process under it (after the interpreter, before OUTPUT)."""


class Function(TypedDict):
    """One function's figures, as yappi counted them over all threads."""

    key: str
    """yappi's full name of it, by which ``c_calls`` name C functions."""
    module: str
    """Its file (a Python function) or its C module, as yappi names it."""
    name: str
    builtin: bool
    calls: int
    own: float
    """CPU seconds in it and not in any function it called."""
    c_calls: dict[str, float]
    """Of a Python function, the own CPU seconds of each C function (by yappi's full
    name) when called from it."""


class Written(TypedDict):
    functions: list[Function]
    gc_seconds: float
    gc_collections: int


class CollectionClock:
    """The CPU seconds the garbage collector took, each collection on the clock of the
    thread it ran in."""

    def __init__(self) -> None:
        self.seconds = 0.0
        self.collections = 0
        self._began: dict[int, float] = {}

    def __call__(self, phase: str, info: dict[str, Any]) -> None:
        now, thread = time.thread_time(), threading.get_ident()
        if phase == "start":
            self._began[thread] = now
        elif (began := self._began.pop(thread, None)) is not None:
            self.seconds += now - began
            self.collections += 1


def functions(yappi: Any) -> list[Function]:
    """yappi's figures so far, per function."""
    return [
        Function(
            key=stat.full_name,
            module=stat.module,
            name=stat.name,
            builtin=bool(stat.builtin),
            calls=stat.ncall,
            own=stat.tsub,
            c_calls={child.full_name: child.tsub for child in stat.children if child.builtin},
        )
        for stat in yappi.get_func_stats()
    ]


class Profiling:
    """The signals' handlers: yappi and the collection clock on at ``START``, off at
    ``STOP`` with ``output`` written."""

    def __init__(self, output: Path) -> None:
        # Imported here, in the profiled process alone: the bench imports this module's
        # names whether yappi is installed or not.
        import yappi  # type: ignore[import-untyped]

        self.yappi = yappi
        self.output = output
        self.clock = CollectionClock()

    def start(self, number: int, frame: FrameType | None) -> None:
        self.yappi.set_clock_type("cpu")
        gc.callbacks.append(self.clock)
        self.yappi.start(builtins=True, profile_threads=True)

    def stop(self, number: int, frame: FrameType | None) -> None:
        self.yappi.stop()
        if self.clock in gc.callbacks:
            gc.callbacks.remove(self.clock)
        written = Written(
            functions=functions(self.yappi),
            gc_seconds=self.clock.seconds,
            gc_collections=self.clock.collections,
        )
        # Whole or not at all: the bench reads it as soon as it is there.
        partial = self.output.with_name(self.output.name + ".part")
        partial.write_text(json.dumps(written))
        os.replace(partial, self.output)


def run(how: str, what: str) -> None:
    """Runs the process as the interpreter's ``-m MODULE`` or ``-c CODE`` would."""
    if how == "-m":
        runpy.run_module(what, run_name="__main__", alter_sys=True)
    elif how == "-c":
        exec(compile(what, "<string>", "exec"), {"__name__": "__main__"})
    else:
        sys.exit(f"bench.cpu_profiled: -m MODULE or -c CODE, not {how}")


def main() -> None:
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    output, how, what, *arguments = sys.argv[1:]
    profiling = Profiling(Path(output))
    signal.signal(START, profiling.start)
    signal.signal(STOP, profiling.stop)
    sys.argv[:] = [how if how == "-c" else what, *arguments]
    run(how, what)


if __name__ == "__main__":
    main()
