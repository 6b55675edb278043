"""How long a bot process takes to stop under load, and how soon another process takes
its shards over.

    python -m bench.stop [--rounds 5] [--seconds 5]

Two bot processes share one PostgreSQL database (a throwaway cluster started for the run)
and one emulated Discord, at the default lease (CLAIMIT_TAKEOVER_SECONDS=20): process A
runs shards 0-1, B shards 2-3. In A's servers, players of all three games click as fast
as they are answered; after --seconds of it, A gets SIGTERM, as systemd or ``docker
stop`` sends it. Each round prints what A was doing when it began to stop (the actions
it finished, from its own log line), the time from SIGTERM to A's exit, and from SIGTERM
to B standing in for A's shards; then A starts again and takes its shards back. At the
end, the median and the slowest of each. Without the stop's release of its leases (and
the NOTIFY that wakes B), B would take over only when the lease ran out: 20 s and up to a
quarter more. The cluster and the bot processes stop with the bench, on Ctrl-C too.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import re
import signal
import statistics
import sys
import time
from dataclasses import dataclass

from bench.bot_processes import PostgresCluster
from bench.options import Said, options
from bot.service import GameService
from bot.service.feature_registry import discovered
from bot.storage import GameStatus
from bot.storage.opening import open_database
from emulator import DiscordEmulator
from tests.e2e.players import Table, lay_out, move, start_game
from tests.e2e.running_bot import BotProcess, bot_environment

SHARDS = 4
STOPPED = re.compile(
    r"claimit stopped in ([\d.]+) s \((\d+) actions? w[a-z]+ running, (\w+) cut off"
)


@dataclass(frozen=True)
class Round:
    running: int
    """Actions A was running when it began to stop (it finished them)."""
    cut_off: str
    stop: float
    """Seconds from SIGTERM to A's exit."""
    takeover: float
    """Seconds from SIGTERM to B standing in for A's shards."""
    clicks: int
    """Clicks applied in the round before the signal."""


def environment(emulator: DiscordEmulator, database: str, shards: str) -> dict[str, str]:
    return bot_environment(
        emulator, database, CLAIMIT_SHARD_COUNT=str(SHARDS), CLAIMIT_SHARDS=shards
    )


async def keep_playing(
    emulator: DiscordEmulator, service: GameService, table: Table, applied: list[int]
) -> None:
    """Clicks whatever the game offers as soon as the last click is answered, a new game
    after each one ends, until the bot stops answering."""
    rng = random.Random(table.guild.id)
    while True:
        game = await service.game(table.game_id)
        if game.status is not GameStatus.ACTIVE:
            await start_game(emulator, service, table)
            continue
        pressed = await move(emulator, table, game, rng)
        if pressed.outcome != "applied":
            return
        applied.append(1)


async def logged_at(process: BotProcess, pattern: str, since: int) -> float:
    """When the process logged a line matching ``pattern`` (from its ``since``-th on)."""
    await process.logged(pattern, since)
    return time.monotonic()


async def one_round(
    emulator: DiscordEmulator,
    service: GameService,
    tables: list[Table],
    stopping: BotProcess,
    other: BotProcess,
    seconds: float,
) -> Round:
    applied: list[int] = []
    players = [
        asyncio.create_task(keep_playing(emulator, service, table, applied)) for table in tables
    ]
    try:
        await asyncio.sleep(seconds)
        clicks = len(applied)
        said = len(other.lines)
        signalled = time.monotonic()
        await stopping.signal(signal.SIGTERM)
        standing_in = asyncio.create_task(
            logged_at(other, r"standing in for shards \[0, 1\]", since=said)
        )
        status = await stopping.exited()
        stop = time.monotonic() - signalled
        takeover = await standing_in - signalled
        if status != 0:
            raise RuntimeError(f"A exited with {status}:\n{stopping.log()}")
        await asyncio.gather(*players, return_exceptions=True)
    finally:
        for player in players:
            player.cancel()
    match = STOPPED.search(stopping.log())
    if match is None:
        raise RuntimeError(f"A logged no stop line:\n{stopping.log()}")
    return Round(int(match[2]), match[3], stop, takeover, clicks)


async def run(rounds: int, seconds: float) -> list[Round]:
    async with contextlib.AsyncExitStack() as stack:
        emulator = DiscordEmulator(max_concurrency=SHARDS)
        await emulator.start()
        stack.push_async_callback(emulator.close)
        tables = lay_out(emulator, (0, 1), SHARDS)
        lay_out(emulator, (2, 3), SHARDS)  # B's servers
        cluster = PostgresCluster()
        stack.push_async_callback(cluster.stop)
        await cluster.start()
        stopping = BotProcess(environment(emulator, cluster.url, "0-1"))
        other = BotProcess(environment(emulator, cluster.url, "2-3"))
        for process in (stopping, other):
            stack.push_async_callback(_stop_if_running, process)
        await other.start()
        discovered()
        database = await open_database(cluster.url)
        stack.push_async_callback(database.close)
        service = GameService(database)
        results = []
        for number in range(rounds):
            said = len(other.lines)
            await stopping.start()
            await other.logged(r"shards \[0, 1\] are another process's now", since=said)
            if number == 0:
                for table in tables:
                    await start_game(emulator, service, table)
            results.append(await one_round(emulator, service, tables, stopping, other, seconds))
            done = results[-1]
            print(
                f"round {number + 1}: {done.clicks} clicks applied in {seconds:.0f} s; "
                f"SIGTERM with {done.running} running ({done.cut_off} cut off): stopped in "
                f"{ms(done.stop)}, shards taken over after {ms(done.takeover)}",
                flush=True,
            )
        return results


async def _stop_if_running(process: BotProcess) -> None:
    if process.running:
        await process.stop()


def report(results: list[Round]) -> None:
    stops = sorted(r.stop for r in results)
    takeovers = sorted(r.takeover for r in results)
    print(
        f"over {len(results)} rounds: SIGTERM to exit median {ms(statistics.median(stops))}, "
        f"slowest {ms(stops[-1])}; SIGTERM to takeover median "
        f"{ms(statistics.median(takeovers))}, slowest {ms(takeovers[-1])} "
        "(a lease runs out after 20 s); "
        f"actions running at the signal: {sum(r.running for r in results)}, cut off: "
        f"{sum(r.cut_off != 'none' for r in results)} rounds"
    )


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.0f} ms"


async def main(rounds: int, seconds: float) -> None:
    main_task = asyncio.current_task()
    assert main_task is not None
    for number in (signal.SIGTERM, signal.SIGINT):
        asyncio.get_running_loop().add_signal_handler(number, main_task.cancel)
    report(await run(rounds, seconds))


if __name__ == "__main__":
    arguments = options(
        __doc__.split("\n")[0], rounds=5, seconds=Said(5.0, "clicking before each stop")
    )
    try:
        asyncio.run(main(arguments.rounds, arguments.seconds))
    except (KeyboardInterrupt, asyncio.CancelledError):
        sys.exit("stopped; the bot processes and the database are gone")
