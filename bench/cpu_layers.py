"""Where a process's CPU time went, by layer: its yappi profile (``bench.cpu_profiled``),
recorded over a stretch by ``CpuRecorder`` and summed up by ``CpuProfile``.

A function's own time (yappi's ``tsub``: in it, not in a function it called) goes to
the layer of its module (``LAYERS``, the first that matches). A C function's own time
goes to the layer of the Python function that called it: ``isinstance`` or a socket's
``send`` say nothing of whose work they were; what no Python caller of it accounts for
goes by its own module. The shares are of the process's CPU time over the same stretch
from ``/proc`` when known: what yappi did not see (the event loop's own C work between
callbacks, yappi's own) is the rest. The garbage collector's time is timed apart and is
inside the layers already, in whatever function allocated when a collection began.
"""

from __future__ import annotations

import asyncio
import collections
import fnmatch
import json
import os
from dataclasses import dataclass
from pathlib import Path

from bench.cpu_profiled import START, STOP, Function, Written
from bench.profile import module_of

LAYERS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("faces & words", ("bot.games.*face*", "*words*")),
    ("our Discord layer", ("bot.discord_ui*",)),
    ("database", ("bot.storage*", "*sqlite3*", "aiosqlite*", "asyncpg*", "sqlalchemy*")),
    ("i18n", ("i18n*", "babel*", "gettext")),
    ("engine", ("engine*",)),
    (
        "render/pictures",
        ("render*", "PIL*", "bot.games.painters", "bot.games.picture_process", "*pictures*"),
    ),
    ("metrics", ("prometheus_client*", "bot.metrics*")),
    ("discord.py", ("discord*",)),
    (
        "aiohttp",
        (
            "aiohttp*",
            "<attrs generated methods aiohttp*",
            "aiosignal*",
            "multidict*",
            "yarl*",
            "aiohappyeyeballs*",
            "frozenlist*",
            "propcache*",
        ),
    ),
    (
        "asyncio/uvloop",
        (
            "asyncio*",
            "_asyncio",
            "uvloop*",
            "selectors",
            "select",
            "concurrent*",
            "threading",
            "_thread",
            "queue",
            "_queue",
            "*contextvars",
            "socket",
            "_socket",
        ),
    ),
    (
        "typing/dataclasses",
        # A dataclass's generated methods (its __init__, __eq__) are compiled from a
        # string: their file is "<string>".
        ("typing*", "dataclasses", "<string>", "abc", "_abc", "<frozen abc>", "enum", "types"),
    ),
    ("our other code", ("bot*", "bench*")),
)
"""The layers, each by the patterns of its modules' dotted names (``fnmatch``'s)."""
OTHER = "other"
UNSEEN = "unseen by yappi (the event loop's own C work between callbacks, yappi's own)"
WRITE_TIMEOUT = 60.0
"""Seconds a process has to write its profile once told to stop."""
LOOK_EVERY = 0.1


def layer_of(module: str) -> str:
    """The layer of a module by its dotted name."""
    for layer, patterns in LAYERS:
        if any(fnmatch.fnmatchcase(module, pattern) for pattern in patterns):
            return layer
    return OTHER


def _module(function: Function) -> str:
    """A function's dotted module: yappi names a Python function's by its file."""
    return function["module"] if function["builtin"] else module_of(function["module"])


@dataclass
class CpuProfile:
    """A process's CPU time by function over a stretch, and its collections'."""

    functions: list[Function]
    gc_seconds: float
    gc_collections: int

    @classmethod
    def of(cls, written: Written) -> CpuProfile:
        return cls(written["functions"], written["gc_seconds"], written["gc_collections"])

    @property
    def seen(self) -> float:
        """The CPU seconds yappi saw, in all."""
        return sum(function["own"] for function in self.functions)

    def by_layer(self) -> dict[str, float]:
        """CPU seconds per layer: each Python function's own time and the C functions'
        it called by its module, the rest of the C functions' by theirs."""
        layers: dict[str, float] = collections.defaultdict(float)
        charged: dict[str, float] = collections.defaultdict(float)
        for function in self.functions:
            if function["builtin"]:
                continue
            layer = layer_of(_module(function))
            layers[layer] += function["own"]
            for called, seconds in function["c_calls"].items():
                layers[layer] += seconds
                charged[called] += seconds
        for function in self.functions:
            rest = function["own"] - charged.get(function["key"], 0.0)
            if function["builtin"] and rest > 0:
                layers[layer_of(_module(function))] += rest
        return dict(layers)

    def by_own_time(self, top: int) -> list[Function]:
        """The functions with the most own CPU time, most first."""
        return sorted(self.functions, key=lambda function: -function["own"])[:top]


def named(function: Function) -> str:
    if function["builtin"]:
        return function["key"]
    return f"{_module(function)}.{function['name']}"


def summary(
    name: str, profile: CpuProfile, own: float | None, tree: float | None, top: int = 10
) -> list[str]:
    """A few lines: the process's CPU time by layer, its collections', and the functions
    with the most own time; ``own`` is the process's CPU seconds over the stretch from
    ``/proc``, ``tree`` the same with its children (the picture processes, not
    profiled)."""
    seen = profile.seen
    total = max(seen, own or 0.0)
    if not total:
        return [f"{name}: no CPU time seen"]
    process = "?" if own is None else f"{own:.1f} s"
    children = (
        ""
        if own is None or tree is None or tree - own < 0.05
        else f"; its picture processes apart: {tree - own:.1f} s, not profiled"
    )
    lines = [
        f"{name}, by yappi's CPU clock after the warm-up: its process {process} of CPU, "
        f"yappi saw {seen:.1f} s in {len(profile.functions)} functions{children}",
        "  by layer (each function's own time by its module; a C function's by its caller's):",
    ]
    layers = profile.by_layer()
    if total > seen:
        layers[UNSEEN] = total - seen
    for layer, seconds in sorted(layers.items(), key=lambda item: -item[1]):
        lines.append(f"    {seconds / total:6.1%}  {layer}")
    lines.append(
        f"  garbage collection: {profile.gc_seconds:.2f} s in {profile.gc_collections} "
        f"collections ({profile.gc_seconds / total:.1%}, inside the layers above)"
    )
    lines.append("  the functions with the most own CPU time:")
    for function in profile.by_own_time(top):
        lines.append(
            f"    {function['own'] / total:6.1%}  {named(function)} ({function['calls']:,} calls)"
        )
    return lines


class CpuRecorder:
    """A process run under ``bench.cpu_profiled``, writing its profile to ``output``:
    profiled from ``start`` to ``stop``."""

    def __init__(self, pid: int, output: Path) -> None:
        self.pid = pid
        self.output = output
        self.problem = ""
        self._started = False

    async def start(self) -> None:
        os.kill(self.pid, START)
        self._started = True

    async def stop(self) -> CpuProfile | None:
        """The profile since ``start``, once the process has written it (None, with the
        ``problem``, if it did not)."""
        if not self._started:
            self.problem = "the run ended before its warm-up did"
            return None
        self._started = False
        try:
            os.kill(self.pid, STOP)
        except ProcessLookupError:
            self.problem = "the process was gone"
            return None
        waited = 0.0
        while not self.output.exists():
            if waited > WRITE_TIMEOUT:
                self.problem = f"it wrote no profile in {WRITE_TIMEOUT:.0f} s"
                return None
            await asyncio.sleep(LOOK_EVERY)
            waited += LOOK_EVERY
        written: Written = json.loads(self.output.read_text())
        return CpuProfile.of(written)
