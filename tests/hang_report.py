"""What every task of a test's event loop is waiting on, told before the test's timeout
ends it: a test that hangs (its loop idle, every task waiting on another) fails with the
chain of waits that held it, not with the loop's ``select`` alone, which is all the
timeout's own dump of the threads can show."""

from __future__ import annotations

import asyncio
import contextlib
import io
import sys
from collections.abc import AsyncIterator
from typing import Any

BEFORE_THE_TIMEOUT = 30.0
"""Seconds before the test's timeout the report is written: time enough for it to be
written before the timeout ends the test, on a machine as busy as CI's."""


def waits() -> str:
    """Each pending task of the running loop but the caller's, with its chain of awaits
    down to what it waits on (a task's own stack shows its outermost coroutine only)."""
    out = io.StringIO()
    me = asyncio.current_task()
    for task in sorted(asyncio.all_tasks(), key=lambda t: t.get_name()):
        if task is me:
            continue
        print(f"--- task {task.get_name()}", file=out)
        awaited: Any = task.get_coro()
        while awaited is not None:
            frame = getattr(awaited, "cr_frame", None) or getattr(awaited, "gi_frame", None)
            if frame is None:
                break
            print(
                f"    {frame.f_code.co_filename}:{frame.f_lineno} {frame.f_code.co_name}", file=out
            )
            awaited = getattr(awaited, "cr_await", None) or getattr(awaited, "gi_yieldfrom", None)
        # What the innermost await is for (another task, a future of a lock or an event):
        # kept by the task alone.
        print(f"    waits for {getattr(task, '_fut_waiter', None)!r}", file=out)
    return out.getvalue()


@contextlib.asynccontextmanager
async def reported_if_hung(timeout: float) -> AsyncIterator[None]:
    """Writes ``waits()`` to stderr (which pytest shows with a failed test) if the body
    is still running ``BEFORE_THE_TIMEOUT`` seconds before ``timeout``; nothing otherwise."""

    after = max(timeout - BEFORE_THE_TIMEOUT, timeout / 2)

    async def report() -> None:
        await asyncio.sleep(after)
        print(f"Still running after {after:.0f} s; each task waits:", file=sys.stderr)
        print(waits(), file=sys.stderr)

    watch = asyncio.create_task(report(), name="hang report")
    try:
        yield
    finally:
        watch.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await watch
