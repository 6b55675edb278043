"""What a stop waits for: admitted work runs to its end, new work is refused, and work
past the bound is cut off."""

from __future__ import annotations

import asyncio

import pytest

from bot.background.stopping import Stopping, WorkInFlight


async def test_new_work_is_refused_once_stopping_while_work_admitted_before_goes_on() -> None:
    work = WorkInFlight()
    inside = asyncio.Event()
    go_on = asyncio.Event()
    finished: list[str] = []

    async def admitted_before() -> None:
        async with work.admitted():
            inside.set()
            await go_on.wait()
            # The change it makes now is part of the same work, stop or not.
            async with work.admitted():
                finished.append("change shown")

    running = asyncio.create_task(admitted_before())
    await inside.wait()
    assert work.running == 1
    work.stop()
    with pytest.raises(Stopping):
        async with work.admitted():
            finished.append("new work")
    # An answer saying so still goes out, and is waited for.
    async with work.answering():
        assert work.running == 2
    go_on.set()
    assert await work.finished(30) == 0
    assert finished == ["change shown"]
    assert running.done() and work.running == 0


async def test_work_still_running_at_the_bound_is_cut_off() -> None:
    work = WorkInFlight()
    started = asyncio.Event()

    async def hangs() -> None:
        async with work.admitted():
            started.set()
            await asyncio.Event().wait()

    hanging = asyncio.create_task(hangs())
    await started.wait()
    work.stop()
    assert await work.finished(0.01) == 1
    assert hanging.cancelled()
    assert work.running == 0


async def test_nothing_running_means_nothing_to_wait_for() -> None:
    work = WorkInFlight()
    work.stop()
    assert await asyncio.wait_for(work.finished(3600), 5) == 0


async def test_an_answer_that_begins_as_the_last_one_ends_is_waited_for_too() -> None:
    # The stop used to wake to "idle" and cut off the answer that had begun before it
    # woke: a click during a stop, told the bot is restarting, lost that answer.
    work = WorkInFlight()
    first_sent = asyncio.Event()
    second_sent = asyncio.Event()
    answered: list[str] = []

    async def answers() -> None:
        async with work.answering():
            await first_sent.wait()
        async with work.answering():
            await second_sent.wait()
            answered.append("restarting")

    answering = asyncio.create_task(answers())
    await asyncio.sleep(0)
    work.stop()
    stopping = asyncio.create_task(work.finished(3600))
    await asyncio.sleep(0)
    first_sent.set()
    for _ in range(3):
        await asyncio.sleep(0)
    second_sent.set()
    assert await asyncio.wait_for(stopping, 5) == 0
    assert answered == ["restarting"]
    assert answering.done() and not answering.cancelled()
