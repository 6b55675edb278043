"""Clicks in one server while another server's ladder is rebuilt, through the real bot.

    python -m bench.recompute [--games 4000] [--tables 20] [--seconds 10] [--think 0.3]

Server A holds --games finished games (written straight into the file). Server B
has --tables games being played by two people each. The bot runs in its own
process. First B is measured alone, then while A's admin runs /claimit recompute
over and over; printed are the p50/p99 times from a click in B to the bot's first
answer in both phases (one run, so the ratio compares like with like), how long a
recompute takes, and how many answers came after Discord's 3 seconds.
Target (issue 14): clicks keep Discord's 3 s, p99 while recomputing close to p99 alone.
"""

from __future__ import annotations

import asyncio
import functools
import random
import statistics
import tempfile
import time
from pathlib import Path

from bench.bot_processes import start_bot
from bench.figures import spread
from bench.options import options
from bench.players import tables_in
from bot.service.feature_registry import discovered
from bot.storage.opening import open_database
from emulator import Channel, DiscordEmulator, Interaction, User
from tests.finished_games import write_finished_games


async def recompute_forever(
    emulator: DiscordEmulator, admin: User, channel: Channel, durations: list[float]
) -> None:
    while True:
        start = time.monotonic()
        interaction = await emulator.slash(admin, channel, "claimit recompute")
        await emulator.answer(interaction)
        await emulator.wait_until(functools.partial(_rebuilt, interaction))
        durations.append(time.monotonic() - start)


def _rebuilt(interaction: Interaction) -> bool:
    message = interaction.response_message
    return message is not None and "Rebuilt" in message.content


async def main(games: int, tables: int, seconds: float, think: float) -> None:
    emulator = DiscordEmulator()
    await emulator.start()
    admin = emulator.add_user("Admin")
    ladder_server = emulator.add_guild("Ladder", admin)
    ladder_channel = emulator.add_channel(ladder_server, "results")
    owner = emulator.add_user("Owner")
    boards = tables_in(emulator, emulator.add_guild("Playing", owner), tables, ["claimit"])
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "bench.sqlite3"
        discovered()
        database = await open_database(path)
        await write_finished_games(database, ladder_server.id, games, random.Random(1), members=300)
        await database.close()
        bot = await start_bot(emulator, path)
        alone: list[float] = []
        during: list[float] = []
        durations: list[float] = []
        rebuilding: asyncio.Task[None] | None = None

        def record(latency: float) -> None:
            (alone if rebuilding is None else during).append(latency)

        try:
            rng = random.Random(5)
            start = time.monotonic()
            playing_tables = asyncio.gather(
                *(
                    b.play(start + 2 * seconds, think, random.Random(rng.random()), record)
                    for b in boards
                )
            )
            await asyncio.sleep(seconds)
            rebuilding = asyncio.create_task(
                recompute_forever(emulator, admin, ladder_channel, durations)
            )
            await playing_tables
            rebuilding.cancel()
        finally:
            bot.terminate()
            await bot.wait()
            await emulator.close()
    late = sum(1 for i in emulator.interactions.values() if i.errors)
    print(f"server A: {games} finished games; server B: {tables} games, think {think} s")
    print(f"B alone:                 {spread(alone, 0.99)}")
    print(f"B while A recomputes:    {spread(during, 0.99)}")
    ratio = sorted(during)[int(0.99 * len(during))] / sorted(alone)[int(0.99 * len(alone))]
    print(f"p99 ratio (recomputing / alone): {ratio:.2f}")
    print(
        f"recomputes of A: {len(durations)}, each {statistics.median(durations):.2f} s (median)"
        if durations
        else "recomputes of A: none finished"
    )
    print(f"interactions answered after Discord's 3 s: {late}")


if __name__ == "__main__":
    arguments = options(__doc__.split("\n")[0], games=4000, tables=20, seconds=10.0, think=0.3)
    asyncio.run(main(arguments.games, arguments.tables, arguments.seconds, arguments.think))
