import asyncio

import pytest

from tests.hang_report import reported_if_hung, waits


async def waiting(event: asyncio.Event) -> None:
    await event.wait()


async def test_each_task_is_told_with_its_chain_of_awaits_and_what_it_waits_for() -> None:
    event = asyncio.Event()
    task = asyncio.create_task(waiting(event), name="the waiter")
    await asyncio.sleep(0)
    told = waits()
    event.set()
    await task
    assert "--- task the waiter" in told
    chain = told.split("--- task the waiter", 1)[1]
    assert "test_hang_report.py" in chain and " waiting" in chain
    assert "locks.py" in chain and " wait\n" in chain
    assert "waits for <Future pending" in chain


async def test_a_body_still_running_at_its_time_is_reported_once_and_one_that_ends_is_not(
    capsys: pytest.CaptureFixture[str],
) -> None:
    async with reported_if_hung(0.0):
        for _ in range(3):
            await asyncio.sleep(0)
    said = capsys.readouterr().err
    assert said.count("each task waits:") == 1
    async with reported_if_hung(600.0):
        await asyncio.sleep(0)
    assert capsys.readouterr().err == ""
