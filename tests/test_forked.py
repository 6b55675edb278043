"""A forked child (``tests.forked``) is what ``python -m module`` started by the test would
be: its arguments, environment, folder and session, its outputs piped back, its exit
status, and the signals the test's process ignores ignored."""

from __future__ import annotations

import json
import os
import signal
from pathlib import Path

from tests import forked, processes


async def test_a_forked_child_is_the_module_run_as_a_program(tmp_path: Path) -> None:
    environment = {**os.environ, "FORKED_PROBE": "hello"}
    child = await forked.start(
        "tests.forked_probe", "3", env=environment, cwd=str(tmp_path), stdout=True, stderr=True
    )
    assert child.stdout is not None and child.stderr is not None
    said = json.loads(await child.stdout.readline())
    assert await child.stderr.readline() == b"to stderr\n"
    assert await child.wait() == 3 == child.returncode
    expected_sigint = "ignored" if signal.getsignal(signal.SIGINT) == signal.SIG_IGN else None
    assert said == {
        "argv": ["3"],
        "folder": str(tmp_path),
        "said": "hello",
        "leads_its_session": True,
        "sigint": expected_sigint or "KeyboardInterrupt",
        "main": "__main__",
    }


async def test_a_killed_child_says_the_signal() -> None:
    child = await processes.start_python_module(
        "tests.forked_probe", "wait", env=os.environ, stderr=True
    )
    assert child.stderr is not None
    assert await child.stderr.readline() == b"to stderr\n"  # it is waiting now
    assert await processes.stop(child, signal.SIGKILL) == -signal.SIGKILL


def test_a_child_for_a_test_that_is_not_async_reads_as_popen(tmp_path: Path) -> None:
    child = processes.python_module("tests.forked_probe", "0")
    assert json.loads(child.stdout.readline())["argv"] == ["0"]
    assert child.wait(30) == 0
    assert processes.stop_popen(child) == 0  # ended already: forgotten
    assert child.stderr.read() == "to stderr\n"
