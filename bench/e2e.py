"""Many concurrent games through the local Discord emulator, with the real bot process.

    python bench/e2e.py [--games 50] [--seconds 30] [--think 0.6] [--game claimit|nuggets]

Each game is played by its two players in its own channel (Claim It! and Gold Nuggets
at alternate tables, or only the game named): they wait a random
think time (mean --think seconds; 0.6 offers about 75 actions/s from 50 games),
click, and wait for the answer. Prints the
actions per second and the p50/p99 time from a click to the bot's first answer.
Targets (issue 5): with 50 concurrent games, p50 <= 50 ms, p99 <= 250 ms and
>= 60 actions/s sustained.
"""

from __future__ import annotations

import argparse
import asyncio
import functools
import os
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

if not __package__:
    # Run as a file, this folder comes first on sys.path; the project root must.
    sys.path[0] = str(Path(__file__).resolve().parents[1])

from bot.emulator import Channel, DiscordEmulator, Guild, Message, User

ROOT = Path(__file__).resolve().parents[1]


class Table:
    """One channel, two players, game after game."""

    def __init__(
        self, emulator: DiscordEmulator, channel: Channel, players: list[User], game: str
    ) -> None:
        self.emulator, self.channel, self.players = emulator, channel, players
        self.by_id = {p.id: p for p in players}
        self.game = game

    async def new_game(self) -> Message:
        host, guest = self.players
        lobby = await self.emulator.answer(
            await self.emulator.slash(host, self.channel, f"{self.game} new")
        )
        assert lobby.response_message is not None, f"the bot refused /{self.game} new"
        seen = {m.id for m in self.channel.messages}
        await self.emulator.answer(await self.emulator.click(guest, lobby.response_message, "Join"))
        await self.emulator.answer(await self.emulator.click(host, lobby.response_message, "Start"))
        return await self.emulator.wait_for_message(
            self.channel, lambda m: m.id not in seen and bool(m.mentions), timeout=30
        )

    async def play(
        self, until: float, think: float, rng: random.Random, record: Callable[[float], None]
    ) -> None:
        message = await self.new_game()
        while time.monotonic() < until:
            await asyncio.sleep(rng.uniform(0, 2 * think))
            labels = message.button_labels()
            if "Roll" in labels:
                stop_enabled = not message.button("Stop & claim").get("disabled")
                choice = "Stop & claim" if stop_enabled and rng.random() < 0.4 else "Roll"
            else:
                choice = rng.choice(labels)
            seen = {m.id for m in self.channel.messages}
            start = time.monotonic()
            click = await self.emulator.click(self.by_id[message.mentions[0]], message, choice)
            await self.emulator.answer(click, timeout=30)
            record(time.monotonic() - start)
            if not message.buttons():
                message = await self.emulator.wait_for_message(
                    self.channel, functools.partial(_next_turn_or_result, seen), timeout=30
                )
                if _is_result(message):
                    message = await self.new_game()


def tables_in(emulator: DiscordEmulator, guild: Guild, count: int, games: list[str]) -> list[Table]:
    """``count`` channels of the server, each with two members to play ``games`` in turn."""
    tables = []
    for index in range(count):
        players = [emulator.add_user(f"P{index}a"), emulator.add_user(f"P{index}b")]
        for player in players:
            emulator.add_member(guild, player)
        channel = emulator.add_channel(guild, f"table-{index}")
        tables.append(Table(emulator, channel, players, games[index % len(games)]))
    return tables


def _next_turn_or_result(seen: set[int], message: Message) -> bool:
    return message.id not in seen and (bool(message.mentions) or _is_result(message))


def _is_result(message: Message) -> bool:
    return bool(message.embeds) and "game over" in message.embeds[0].get("title", "")


async def start_bot(emulator: DiscordEmulator, database: Path) -> asyncio.subprocess.Process:
    environment = {
        **os.environ,
        "DISCORD_TOKEN": emulator.token,
        "CLAIMIT_DATABASE": str(database),
        "CLAIMIT_DISCORD_URL": emulator.base_url,
        "CLAIMIT_LOG_LEVEL": "INFO",
    }
    process = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bot", cwd=ROOT, env=environment, stderr=asyncio.subprocess.PIPE
    )
    assert process.stderr is not None
    while b"claimit ready" not in (line := await asyncio.wait_for(process.stderr.readline(), 60)):
        if not line:
            raise RuntimeError("the bot exited before it was ready")
    return process


async def main(games: int, seconds: float, think: float, kinds: list[str]) -> None:
    emulator = DiscordEmulator()
    await emulator.start()
    owner = emulator.add_user("Owner")
    tables = tables_in(emulator, emulator.add_guild("Bench", owner), games, kinds)
    with tempfile.TemporaryDirectory() as folder:
        bot = await start_bot(emulator, Path(folder) / "bench.sqlite3")
        try:
            latencies: list[float] = []
            rng = random.Random(5)
            start = time.monotonic()
            await asyncio.gather(
                *(
                    t.play(start + seconds, think, random.Random(rng.random()), latencies.append)
                    for t in tables
                )
            )
            elapsed = time.monotonic() - start
        finally:
            bot.terminate()
            await bot.wait()
            await emulator.close()
    late = sum(1 for i in emulator.interactions.values() if i.errors)
    ordered = sorted(latencies)
    print(
        f"{games} concurrent games ({', '.join(kinds)}) for {elapsed:.0f} s, "
        f"think time mean {think} s, bot in its own process"
    )
    print(f"actions: {len(latencies)}, {len(latencies) / elapsed:.1f} actions/s (target >= 60)")
    print(
        f"click to answer: p50 {statistics.median(ordered) * 1000:.1f} ms (target <= 50), "
        f"p99 {ordered[int(0.99 * len(ordered))] * 1000:.1f} ms (target <= 250), "
        f"max {ordered[-1] * 1000:.1f} ms"
    )
    print(f"interactions answered after Discord's 3 s: {late}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument(
        "--think", type=float, default=0.6, help="mean seconds between a player's clicks"
    )
    parser.add_argument("--game", choices=("claimit", "nuggets"), help="only this game")
    arguments = parser.parse_args()
    kinds = [arguments.game] if arguments.game else ["claimit", "nuggets"]
    asyncio.run(main(arguments.games, arguments.seconds, arguments.think, kinds))
