"""What an end-to-end bench run plays in: the local Discord with its servers spread over
every shard and a table (a channel and two members) per game, the bot's requests watched,
and the bot's processes (or the floor's) started and connected, each stopped with the
run's exit stack (on Ctrl-C or an error too)."""

from __future__ import annotations

import asyncio
import contextlib
import tempfile
from dataclasses import dataclass
from pathlib import Path

from bench.bot_processes import BotProcess, PostgresCluster, Setup, bot_environment
from bench.discord_requests import Requests
from bench.floor import floor_process
from bench.floor_plan import Plan
from bench.players import Table, tables_over
from emulator import DiscordEmulator, Guild, RateLimits

SERVERS_PER_SHARD = 2


@dataclass
class World:
    """A run's local Discord, its tables and what plays against them."""

    emulator: DiscordEmulator
    servers: list[Guild]
    tables: list[Table]
    requests: Requests
    processes: list[BotProcess]
    """The bot's processes, or the floor's."""
    database: str | None
    """The bot's database; None for the floor, which has none."""
    postmaster: int | None
    """PostgreSQL's, when the bot runs on it."""

    def watched(self) -> dict[str, tuple[int, bool]]:
        """What ``CpuWatch`` watches: each process with its picture processes, and
        PostgreSQL with its backends."""
        watched = {}
        for process in self.processes:
            assert process.process is not None
            watched[process.name] = (process.process.pid, True)
        if self.postmaster is not None:
            watched["PostgreSQL"] = (self.postmaster, True)
        return watched

    def pids(self) -> list[int]:
        """The bot's (or the floor's) processes."""
        return [p.process.pid for p in self.processes if p.process is not None]


async def world(
    stack: contextlib.AsyncExitStack,
    setup: Setup,
    games: int,
    kinds: list[str],
    limits: RateLimits | None,
    floor: Plan | None = None,
    cpu_profiled: bool = False,
) -> World:
    """Lays out ``games`` tables and starts the bot's processes (the floor's, with its
    plan ``floor``; under yappi, ``cpu_profiled``), once every one of them is
    connected; all of it goes with ``stack``."""
    # Discord lets this many shards identify together; at the default of 1 each of a
    # process's shards would wait 5 s for the one before.
    emulator = DiscordEmulator(max_concurrency=16, rate_limits=limits)
    await emulator.start()
    stack.push_async_callback(emulator.close)
    requests = Requests(emulator)
    requests.watch()
    owner = emulator.add_user("Owner")
    # Discord finds a server's shard in the bits above 22 of its id: consecutive values
    # there go round every shard.
    servers = [
        emulator.add_guild(f"Bench {k}", owner, id=((1024 + k) << 22) | 7)
        for k in range(SERVERS_PER_SHARD * setup.shard_count)
    ]
    tables = tables_over(emulator, servers, games, kinds)
    folder = Path(stack.enter_context(tempfile.TemporaryDirectory()))
    cluster = PostgresCluster()
    database: str | None = None

    def profile(index: int) -> Path | None:
        return folder / f"cpu profile {index}.json" if cpu_profiled else None

    if floor is not None:
        floor.save(folder)
        processes = [
            floor_process(
                name, emulator, folder, setup.shard_count, setup.shards_of(index), profile(index)
            )
            for index, name in enumerate(setup.process_names("floor"))
        ]
    else:
        if setup.backend == "postgresql":
            stack.push_async_callback(cluster.stop)
            await cluster.start()
            database = cluster.url
        else:
            database = str(folder / "bench.sqlite3")
        processes = [
            BotProcess(
                name,
                bot_environment(
                    emulator, database, setup.shard_count, setup.shards_of(index), setup.processes
                ),
                profile=profile(index),
            )
            for index, name in enumerate(setup.process_names())
        ]
    for process in processes:
        stack.push_async_callback(process.stop)
    async with asyncio.TaskGroup() as starting:
        for process in processes:
            starting.create_task(process.start())
    await emulator.wait_for_shards(setup.shard_count)
    return World(emulator, servers, tables, requests, processes, database, cluster.postmaster)
