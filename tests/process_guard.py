"""A pytest plugin: no process the tests start outlives the run.

- Everything started during the run carries the run's mark (``tests.processes``).
- A run stopped from outside (SIGTERM from a CI runner or ``timeout``, SIGHUP when
  its terminal goes) stops its children and servers at once, then ends as Ctrl-C
  ends it: its tests' own clean-up still runs. Run with pytest-xdist, the signal is
  passed on to the workers, which do the same for what their tests started.
- At the end, whatever the run started and is still running is killed, named, and
  fails the run.
"""

from __future__ import annotations

import signal
import sys
from collections.abc import Iterator
from multiprocessing import resource_tracker
from types import FrameType

import pytest

from tests import forked, processes


def pytest_configure(config: pytest.Config) -> None:
    processes.mark_this_process()
    for number in (signal.SIGTERM, signal.SIGHUP):
        signal.signal(number, _stopped_from_outside)


def _stopped_from_outside(number: int, frame: FrameType | None) -> None:
    processes.stop_everything_now()
    processes.signal_children(number)
    raise KeyboardInterrupt(f"stopped by {signal.Signals(number).name}")


@pytest.hookimpl(wrapper=True)
def pytest_sessionfinish(session: pytest.Session) -> Iterator[None]:
    # Around every other finish: by then the session's own fixtures (a PostgreSQL
    # cluster) are torn down, and pytest-xdist's workers, which carry this run's mark
    # too, have ended.
    yield
    # multiprocessing's resource tracker, started by the first pool of picture processes
    # (bot.games.painters), would only end with this process, after this check.
    # Python keeps no public way to stop it (3.11).
    tracker = resource_tracker._resource_tracker
    if tracker._fd is not None:  # type: ignore[attr-defined]
        tracker._stop()  # type: ignore[attr-defined]
    # So would the fork server the children of ``tests.forked`` come from.
    forked.stop_the_server()
    leftovers = processes.left_behind()
    if not leftovers:
        return
    processes.kill(leftovers)
    listed = "\n".join(f"  {p.pid}: {p.command}" for p in leftovers)
    sys.stderr.write(f"\nprocesses the tests started were still running (killed now):\n{listed}\n")
    session.exitstatus = pytest.ExitCode.TESTS_FAILED
