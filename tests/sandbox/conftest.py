from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from dataclasses import replace
from pathlib import Path

import pytest

from bot.sandbox.run import run_sandbox
from bot.settings import Settings

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "sandbox"
CHROMIUM = Path("/usr/bin/chromium")


@pytest.fixture
async def sandbox_url(tmp_path: Path) -> AsyncIterator[str]:
    """The sandbox running in this process (on free ports, computer players without pauses)."""
    settings = replace(
        Settings.load({}, tmp_path / "none"),
        sandbox_database=tmp_path / "sandbox.sqlite3",
        sandbox_port=0,
        bot_pause=0.05,
    )
    lines: list[str] = []
    ready = asyncio.Event()
    task = asyncio.create_task(run_sandbox(settings, announce=lines.append, ready=ready))
    await asyncio.wait_for(ready.wait(), 20)
    (line,) = lines
    yield line.split("open ", 1)[1].split(" ", 1)[0]
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
