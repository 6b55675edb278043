"""No process the tests start outlives the run: one left behind is killed and fails the
run, and a run stopped from outside (SIGTERM) stops its children before it ends."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
import textwrap
from pathlib import Path

import pytest

from tests import processes

ROOT = Path(__file__).resolve().parents[1]

SLEEPER = [sys.executable, "-c", "import time; time.sleep(600)"]


def inner_suite(pytester: pytest.Pytester, test: str) -> None:
    """A suite of one test file run with the guard, as the real suite is."""
    pytester.makeconftest('pytest_plugins = ("tests.process_guard",)')
    pytester.makepyfile(test_inner=textwrap.dedent(test))


async def gone(pid: int) -> None:
    """Until the process has ended (a process's pidfd turns readable then)."""
    try:
        descriptor = os.pidfd_open(pid)
    except ProcessLookupError:
        return
    ended = asyncio.Event()
    loop = asyncio.get_running_loop()
    loop.add_reader(descriptor, ended.set)
    try:
        await asyncio.wait_for(ended.wait(), 30)
    finally:
        loop.remove_reader(descriptor)
        os.close(descriptor)


async def test_a_process_left_running_is_killed_and_fails_the_run(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PYTHONPATH", str(ROOT))
    inner_suite(
        pytester,
        f"""
        import subprocess
        from pathlib import Path

        def test_forgets_its_child():
            child = subprocess.Popen({SLEEPER!r})
            Path("child").write_text(str(child.pid))
        """,
    )
    result = pytester.runpytest_subprocess("-p", "no:cacheprovider")
    assert result.ret == pytest.ExitCode.TESTS_FAILED
    result.stdout.fnmatch_lines(["*1 passed*"])
    result.stderr.fnmatch_lines(["*processes the tests started were still running (killed now)*"])
    await gone(int((pytester.path / "child").read_text()))


@pytest.mark.parametrize("workers", [[], ["-n", "1"]], ids=["alone", "with xdist workers"])
async def test_a_run_stopped_from_outside_stops_its_children_first(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch, workers: list[str]
) -> None:
    # Only the run itself is signalled (as `kill` does), not its process group: under
    # pytest-xdist the child is a worker's, which has to hear of it from the run.
    monkeypatch.setenv("PYTHONPATH", str(ROOT))
    inner_suite(
        pytester,
        f"""
        import asyncio
        import sys

        from tests import processes

        async def test_runs_a_child_until_stopped():
            child = await processes.start(*{SLEEPER!r})
            # On stderr, which pytest-xdist's workers share with the run.
            print("child", child.pid, file=sys.stderr, flush=True)
            await asyncio.sleep(600)
        """,
    )
    run = await processes.start(
        sys.executable,
        "-m",
        "pytest",
        "-s",
        "-p",
        "no:cacheprovider",
        "-o",
        "asyncio_mode=auto",
        *workers,
        cwd=pytester.path,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.STDOUT,
    )
    try:
        assert run.stdout is not None
        pid = None
        while pid is None:
            line = await asyncio.wait_for(run.stdout.readline(), 60)
            assert line, "the inner run ended before its test started its child"
            if b"child " in line:
                pid = int(line.split(b"child ", 1)[1])
        run.send_signal(signal.SIGTERM)
        rest = await asyncio.wait_for(run.stdout.read(), 60)
        assert await asyncio.wait_for(processes.ended(run), 60) == pytest.ExitCode.INTERRUPTED
        await gone(pid)
        # Stopped by the stop itself, not found still running by the sweep at the end.
        assert b"still running" not in rest, rest.decode()
    finally:
        await processes.stop(run, signal.SIGKILL)
