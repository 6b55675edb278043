"""How a process of the bot stops: SIGTERM (what systemd, ``docker stop`` and every
supervisor send) and SIGINT (Ctrl-C) both start a graceful stop, and a second one
exits at once.

The handlers are installed on the event loop, not left to Python's defaults: those
stop only on SIGINT, and not at all in a process started in the background by a
non-interactive shell, which inherits SIGINT as ignored; SIGTERM would kill the
process without closing anything. A graceful stop cancels the main task, whose
clean-up (``GameBot.close``) lets running work finish, releases the shard leases
and closes the gateway and the database.
"""

from __future__ import annotations

import asyncio
import logging
import os
import signal
from collections.abc import Callable, Coroutine
from typing import Any

log = logging.getLogger("claimit")

try:
    import uvloop
except ImportError:  # no uvloop on Windows
    LOOP: Callable[[], asyncio.AbstractEventLoop] | None = None
else:
    LOOP = uvloop.new_event_loop
"""The event loop the bot runs on: uvloop's, which does a loop's own work (the sockets'
and the callbacks') in C, where it is installed; else asyncio's own."""

SIGNALS = (signal.SIGTERM, signal.SIGINT)
GRACE = 5.0
"""Seconds a graceful stop may take beyond its own bound (for closing the gateway and the
database) before the process exits anyway."""


def run_until_stopped(main: Coroutine[Any, Any, None], bound: float) -> None:
    """Runs ``main`` until it ends or a stop signal has stopped it. ``bound`` is how many
    seconds the stop waits for running work (``CLAIMIT_STOP_SECONDS``); a stop that
    hangs past it (and a grace for closing) exits all the same."""
    with asyncio.Runner(loop_factory=LOOP) as runner:
        runner.run(_until_signalled(main, bound))


async def _until_signalled(main: Coroutine[Any, Any, None], bound: float) -> None:
    loop = asyncio.get_running_loop()
    task = asyncio.ensure_future(main)
    received: list[int] = []

    def on_signal(number: int) -> None:
        name = signal.Signals(number).name
        if received:
            log.warning("%s again while stopping: exiting at once", name)
            os._exit(128 + number)
        received.append(number)
        task.cancel(f"stopping on {name}")
        loop.call_later(bound + GRACE, _overdue, name, bound + GRACE)

    for number in SIGNALS:
        loop.add_signal_handler(number, on_signal, number)
    try:
        await task
    except asyncio.CancelledError:
        if not received:
            raise
    finally:
        for number in SIGNALS:
            loop.remove_signal_handler(number)


def _overdue(name: str, seconds: float) -> None:
    log.error("the stop on %s took more than %.0f s: exiting without finishing it", name, seconds)
    os._exit(1)
