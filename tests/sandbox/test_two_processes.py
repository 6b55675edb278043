"""The sandbox on PostgreSQL with the bot's shards in two processes: the sandbox runs
one, and says how to start the other against its Discord and database."""

from __future__ import annotations

import asyncio
import os
import re
import shlex
from dataclasses import replace
from pathlib import Path

import pytest

from bot.settings import Settings
from emulator import DiscordEmulator
from sandbox.run import run_sandbox
from tests.e2e.running_bot import BotProcess
from tests.postgres_cluster import Cluster
from tests.quick_limits import QUICK_LIMITS

ROOT = Path(__file__).resolve().parents[2]


async def test_the_sandbox_runs_with_a_second_process_on_postgresql(
    postgres: Cluster, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # With PostgreSQL the sandbox keeps its Discord in the working directory.
    monkeypatch.chdir(tmp_path)
    url = await postgres.new_database()
    settings = replace(
        Settings.load({}, tmp_path / "none"),
        sandbox_database=url,
        sandbox_port=0,
        bot_pause=0,
        shard_count=2,
        shards=frozenset({0}),
    )
    emulator = DiscordEmulator(max_concurrency=2, rate_limits=QUICK_LIMITS)
    lines: list[str] = []
    ready = asyncio.Event()
    sandbox = asyncio.create_task(
        run_sandbox(settings, announce=lines.append, ready=ready, emulator=emulator)
    )
    other: BotProcess | None = None
    try:
        await asyncio.wait_for(ready.wait(), 30)
        told = lines[-1]
        assert "this process runs shards 0 of 2" in told
        command = shlex.split(told.split("with: ", 1)[1])
        assert command[-1] == "claimit"
        environment = dict(part.split("=", 1) for part in command[:-1])
        assert environment["CLAIMIT_SHARDS"] == "1" and environment["CLAIMIT_DATABASE"] == url
        other = BotProcess({**os.environ, **environment})
        await other.start()
        assert re.search(r"shards 1 of 2", other.log())
        await emulator.wait_for_shards(2)
        # The sandbox's server is answered by whichever process runs its shard.
        (guild,) = emulator.guilds.values()
        channel = next(c for c in emulator.channels.values() if c.guild_id == guild.id)
        member = next(u for u in emulator.users.values() if u.id in guild.member_permissions)
        answer = await emulator.answer(await emulator.slash(member, channel, "claimit rules"))
        assert answer.response_message is not None
    finally:
        if other is not None and other.running:
            assert await other.stop() == 0, other.log()
        sandbox.cancel()
        with pytest.raises(asyncio.CancelledError):
            await sandbox
