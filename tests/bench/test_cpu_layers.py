"""The CPU profile by layer: functions put in layers by their modules, C functions by
their callers', a few lines of summary; and a process run under ``bench.cpu_profiled``,
profiled between the bench's two signals."""

from __future__ import annotations

import asyncio
import os
import sys
from pathlib import Path

import pytest

from bench.cpu_layers import OTHER, UNSEEN, CpuProfile, CpuRecorder, layer_of, summary
from bench.cpu_profiled import WRAPPER, CollectionClock, Function
from tests import processes

SITE = "/venv/lib/python3.11/site-packages"
STDLIB = "/usr/lib/python3.11"


def function(
    module: str, name: str, own: float, c_calls: dict[str, float] | None = None
) -> Function:
    """A Python function's figures, or a C function's with no ``c_calls`` (None)."""
    builtin = c_calls is None
    return Function(
        key=f"{module}.{name}" if builtin else f"{module}:1 {name}",
        module=module,
        name=name,
        builtin=builtin,
        calls=10,
        own=own,
        c_calls=c_calls or {},
    )


PROFILE = CpuProfile(
    [
        # isinstance's 0.3 s: 0.2 s called from discord.py, 0.1 s from our Discord layer.
        function(f"{SITE}/discord/state.py", "parse", 1.0, {"builtins.isinstance": 0.2}),
        function(
            "/app/bot/discord_ui/interactions.py",
            "InteractionAnswers.answer",
            0.5,
            {"builtins.isinstance": 0.1, "zlib.compress": 0.25},
        ),
        # compress's other 0.15 s had no Python caller in sight: its own module's.
        function("builtins", "isinstance", 0.3),
        function("zlib", "compress", 0.4),
        function("/app/bot/storage/game_queries.py", "load", 0.3, {}),
        function(f"{STDLIB}/asyncio/events.py", "Handle._run", 0.2, {}),
        function("<string>", "Game.__init__", 0.05, {}),
    ],
    gc_seconds=0.1,
    gc_collections=12,
)


def test_modules_go_to_their_layers_the_first_that_matches() -> None:
    assert layer_of("bot.discord_ui.client") == "our Discord layer"
    assert layer_of("bot.discord_ui.away_words") == "faces & words"
    assert layer_of("bot.games.claim.face") == "faces & words"
    assert layer_of("bot.games.claim.table_pictures") == "render/pictures"
    assert layer_of("bot.storage.sqlite_threads") == "database"
    assert layer_of("_sqlite3") == "database"
    assert layer_of("discord.gateway") == "discord.py"
    assert layer_of("uvloop.loop") == "asyncio/uvloop"
    assert layer_of("prometheus_client.metrics") == "metrics"
    assert layer_of("bot.service.moves") == "our other code"
    assert layer_of("zlib") == OTHER


def test_a_c_functions_own_time_goes_to_its_callers_layer_and_the_rest_to_its_own() -> None:
    assert PROFILE.seen == pytest.approx(2.75)
    assert PROFILE.by_layer() == pytest.approx(
        {
            "discord.py": 1.2,
            "our Discord layer": 0.85,
            "database": 0.3,
            "asyncio/uvloop": 0.2,
            OTHER: 0.15,
            "typing/dataclasses": 0.05,
        }
    )


def test_the_summary_gives_shares_of_the_processs_cpu_with_what_yappi_did_not_see() -> None:
    lines = summary("where the bot's CPU went", PROFILE, own=5.5, tree=7.5, top=2)
    assert lines[0] == (
        "where the bot's CPU went, by yappi's CPU clock after the warm-up: its process 5.5 s "
        "of CPU, yappi saw 2.8 s in 7 functions; its picture processes apart: 2.0 s, not "
        "profiled"
    )
    layers = [line.split(maxsplit=1) for line in lines[2:9]]
    assert layers[0] == ["50.0%", UNSEEN]
    assert layers[1] == ["21.8%", "discord.py"]
    assert lines[9] == (
        "  garbage collection: 0.10 s in 12 collections (1.8%, inside the layers above)"
    )
    assert lines[11].split() == ["18.2%", "discord.state.parse", "(10", "calls)"]
    assert lines[12].split()[:2] == [
        "9.1%",
        "bot.discord_ui.interactions.InteractionAnswers.answer",
    ]


def test_a_collection_is_timed_on_the_clock_of_its_thread() -> None:
    clock = CollectionClock()
    clock("start", {})
    sum(range(200_000))
    clock("stop", {})
    clock("stop", {})  # a collection begun before the clock was: not counted
    assert clock.collections == 1
    assert 0 < clock.seconds < 1


BUSY = """
import time
def burn_for_the_profile():
    began = time.thread_time()
    while time.thread_time() - began < 0.2:
        pass
print("up", flush=True)
import sys
for line in sys.stdin:
    burn_for_the_profile()
    print("burnt", flush=True)
"""


async def test_a_process_run_under_the_wrapper_is_profiled_between_the_signals(
    tmp_path: Path,
) -> None:
    (tmp_path / "busy.py").write_text(BUSY)
    output = tmp_path / "profile.json"
    path = os.pathsep.join([str(processes.REPOSITORY), str(tmp_path)])
    process = await processes.start(
        sys.executable,
        *WRAPPER,
        str(output),
        "-m",
        "busy",
        cwd=processes.REPOSITORY,
        env={**os.environ, "PYTHONPATH": path},
        stdin=asyncio.subprocess.PIPE,
        stdout=asyncio.subprocess.PIPE,
    )
    try:
        assert process.stdin is not None and process.stdout is not None
        assert await process.stdout.readline() == b"up\n"
        recorder = CpuRecorder(process.pid, output)
        await recorder.start()
        process.stdin.write(b"go\n")
        assert await process.stdout.readline() == b"burnt\n"
        profile = await recorder.stop()
        assert profile is not None, recorder.problem
    finally:
        await processes.stop(process)
    burnt = [f for f in profile.functions if f["name"] == "burn_for_the_profile"]
    assert len(burnt) == 1 and burnt[0]["calls"] == 1
    # Its own time is the C function it called in a loop (thread_time), put down to it.
    assert 0.15 < burnt[0]["own"] + sum(burnt[0]["c_calls"].values()) < 0.5
    assert profile.by_layer()[OTHER] > 0.15
