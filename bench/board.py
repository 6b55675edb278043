"""The board (the app's Activity) under load: the real bot in its own process, SQLite.

    python -m bench.board [--games 200] [--seconds 60] [--think 5.0]

Plays the same workload twice, each run with a bot and a database of its own: ``--games``
games of Claim It! at once, each in its own channel with its two players thinking a random
time (mean ``--think`` seconds: a person's pace, as ``bench.e2e`` takes it) before each
move. First by the table's **buttons**, as players do today (``bench.players``); then on
the **board**: each game has two viewers signed in through the emulated Discord and
watching it on the bot's Activity, and whoever is to act moves from their board (as the
page does: one of the choices it was pushed).

Prints, for the board run, the time from a move sent on the board to each viewer's
screen (the pushed frame of the new version arriving), p50 and p99 over every viewer of
every move; and for both runs the moves made and the bot's CPU (its picture processes'
included) per move, with their ratio: a board's move is shown in the channel too, so
this is the cost of the board over a button. Then the page: its files' size as served
(gzip) and the time Chromium takes to load it on loopback (its load event), median of
five loads.
"""

from __future__ import annotations

import asyncio
import contextlib
import gzip
import json
import random
import statistics
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import aiohttp

from bench.bot_processes import BotProcess, bot_environment
from bench.figures import percentile
from bench.options import options
from bench.players import Answers, Table, is_result, tables_over
from bench.usage import CpuWatch
from bot.activity.page_build import built_page
from emulator import DiscordEmulator
from tests.postgres_cluster import free_port

SETTLE = 3.0
"""Seconds the games get after the run's end before the bot's CPU stops being counted."""
OPENING = 8
"""Boards signing in at once while the run is laid out."""
_reading: set[asyncio.Task[None]] = set()
"""The boards' readers: the event loop keeps only weak references."""


@dataclass
class Viewer:
    """One player's board: the frames pushed to it, by version, with when they came."""

    socket: aiohttp.ClientWebSocketResponse
    latest: dict[str, Any] | None = None
    arrived: dict[int, float] = field(default_factory=dict)
    changed: asyncio.Event = field(default_factory=asyncio.Event)

    async def read(self) -> None:
        async for message in self.socket:
            if message.type is not aiohttp.WSMsgType.TEXT:
                break
            frame = json.loads(message.data)
            if frame["type"] == "game":
                version = frame["game"]["version"]
                self.arrived.setdefault(version, time.monotonic())
                self.latest = frame
                self.changed.set()

    async def newer(self, than: int) -> dict[str, Any]:
        while self.latest is None or self.latest["game"]["version"] <= than:
            self.changed.clear()
            await self.changed.wait()
        return self.latest


async def run(
    games: int, seconds: float, think: float, board: bool
) -> tuple[int, float, list[float], Path | None]:
    """One run: the moves made, the bot's CPU seconds, the push times (the board run's)
    and, for the board run, the built page's folder."""
    async with contextlib.AsyncExitStack() as stack:
        emulator = DiscordEmulator(max_concurrency=16, rate_limits=None)
        await emulator.start()
        stack.push_async_callback(emulator.close)
        owner = emulator.add_user("Owner")
        servers = [emulator.add_guild(f"Bench {k}", owner) for k in range(2)]
        tables = tables_over(emulator, servers, games, ["claimit"])
        folder = Path(stack.enter_context(tempfile.TemporaryDirectory()))
        environment = bot_environment(emulator, str(folder / "bench.sqlite3"))
        port = free_port()
        if board:
            environment["CLAIMIT_ACTIVITY_PORT"] = str(port)
            environment["DISCORD_CLIENT_SECRET"] = emulator.client_secret
        bot = BotProcess("bot", environment)
        stack.push_async_callback(bot.stop)
        await bot.start()
        assert bot.process is not None
        until = time.monotonic() + seconds
        pushes: list[float] = []
        lags: list[float] = []
        moves = [0]
        # Each board holds its connection: no cap on how many the players' session has.
        session = await stack.enter_async_context(
            aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=0))
        )
        rng = random.Random(1)
        # Every game opened before the count starts, in both runs alike.
        await asyncio.gather(*(t.new_game(until + 60) for t in tables))
        watch = CpuWatch({"bot": (bot.process.pid, True)})
        if board:
            # Signed in a few at a time, as players open their boards, not all in one go.
            opening = asyncio.Semaphore(OPENING)

            async def opened(table: Table) -> list[Viewer]:
                async with opening:
                    return await watching(emulator, session, port, table)

            viewers = await asyncio.gather(*(opened(t) for t in tables))
            until = time.monotonic() + seconds
            watch.start()
            lagging = asyncio.create_task(lag(until, lags))
            await asyncio.gather(
                *(
                    on_boards(pair, until, think, random.Random(rng.random()), pushes, moves)
                    for pair in viewers
                )
            )
            await lagging
        else:
            until = time.monotonic() + seconds
            watch.start()
            await asyncio.gather(
                *(by_buttons(t, until, think, random.Random(rng.random())) for t in tables)
            )
            moves[0] = sum(t.moves for t in tables)
        await asyncio.sleep(SETTLE)
        watch.stop()
        if lags:
            lags.sort()
            print(
                "the players' own event loop, late waking: "
                f"p50 {1000 * percentile(lags, 0.5):.1f} ms, "
                f"p99 {1000 * percentile(lags, 0.99):.1f} ms"
            )
        return moves[0], watch.seconds("bot") or 0.0, pushes, built_page() if board else None


async def lag(until: float, lags: list[float]) -> None:
    """How late this process's own event loop wakes from a 10 ms sleep, all along: a
    frame is timed when this loop (the emulator's and every viewer's) reads it, so its
    lateness is part of every push time measured."""
    while time.monotonic() < until:
        asleep = time.monotonic()
        await asyncio.sleep(0.01)
        lags.append(time.monotonic() - asleep - 0.01)


async def by_buttons(table: Table, until: float, think: float, rng: random.Random) -> None:
    """The game played with the table's buttons until ``until`` (or its end)."""
    while time.monotonic() < until:
        await asyncio.sleep(rng.uniform(0, 2 * think))
        message = await table.latest()
        if is_result(message):
            return
        await table.move(message, rng, Answers(lambda _: None))


async def watching(
    emulator: DiscordEmulator, session: aiohttp.ClientSession, port: int, table: Table
) -> list[Viewer]:
    """Both players of ``table`` on their boards, watching its game."""
    viewers = []
    for player in table.players:
        instance = await emulator.launch_activity(table.channel.id, player.id)
        code = emulator.authorize(player.id, emulator.application_id, ["identify"])
        base = f"http://127.0.0.1:{port}"
        async with session.post(f"{base}/api/token", json={"code": code}) as answer:
            token = (await answer.json())["access_token"]
        socket = await session.ws_connect(f"{base}/api/live")
        await socket.send_str(
            json.dumps({"type": "hello", "access_token": token, "instance_id": instance.id})
        )
        while True:
            frame = json.loads((await socket.receive()).data)
            if frame["type"] == "games":
                break
        game = frame["games"][0]["id"]
        await socket.send_str(json.dumps({"type": "watch", "game": game}))
        viewer = Viewer(socket)
        reading = asyncio.get_running_loop().create_task(viewer.read())
        _reading.add(reading)
        reading.add_done_callback(_reading.discard)
        await viewer.newer(-1)
        viewers.append(viewer)
    return viewers


async def on_boards(
    viewers: Sequence[Viewer],
    until: float,
    think: float,
    rng: random.Random,
    pushes: list[float],
    moves: list[int],
) -> None:
    """The game played on its two boards until ``until`` (or its end)."""
    while time.monotonic() < until:
        await asyncio.sleep(rng.uniform(0, 2 * think))
        frame = viewers[0].latest
        assert frame is not None
        if frame["game"]["status"] != "active":
            return
        acting = frame["game"]["to_act"]
        if not acting:
            await viewers[0].newer(frame["game"]["version"])
            continue
        mover = viewers[acting[0]]
        frame = await mover.newer(frame["game"]["version"] - 1)
        choices = [c for c in frame["board"]["choices"] if c["enabled"]]
        if not choices:
            continue
        stop = next((c for c in choices if c["intent"] == "stop"), None)
        choice = stop if stop is not None and rng.random() < 0.4 else rng.choice(choices)
        version = frame["game"]["version"]
        sent = time.monotonic()
        await mover.socket.send_str(
            json.dumps(
                {
                    "type": "move",
                    "game": frame["game"]["id"],
                    "intent": choice["intent"],
                    "version": version,
                    "key": None,
                }
            )
        )
        moves[0] += 1
        for viewer in viewers:
            await viewer.newer(version)
            pushes.append(min(v for k, v in viewer.arrived.items() if k > version) - sent)


async def page_figures(folder: Path) -> tuple[int, list[float]]:
    """The page's files gzip-compressed, and Chromium's load times of it."""
    size = sum(
        len(gzip.compress(path.read_bytes(), 9)) for path in folder.iterdir() if path.is_file()
    )
    from aiohttp import web
    from playwright.async_api import async_playwright

    app = web.Application()
    app.router.add_static("/", folder)
    runner = web.AppRunner(app)
    await runner.setup()
    port = free_port()
    await web.TCPSite(runner, "127.0.0.1", port).start()
    loads = []
    try:
        async with async_playwright() as playwright:
            browser = await playwright.chromium.launch(
                executable_path="/usr/bin/chromium-headless-shell", headless=True
            )
            for _ in range(5):
                page = await browser.new_page()
                await page.goto(f"http://127.0.0.1:{port}/index.html", wait_until="load")
                loads.append(
                    await page.evaluate(
                        "performance.getEntriesByType('navigation')[0].loadEventEnd / 1000"
                    )
                )
                await page.close()
            await browser.close()
    finally:
        await runner.cleanup()
    return size, loads


async def main(games: int, seconds: float, think: float) -> None:
    button_moves, button_cpu, _, _ = await run(games, seconds, think, board=False)
    board_moves, board_cpu, pushes, folder = await run(games, seconds, think, board=True)
    pushes.sort()
    print(f"{games} games of Claim It!, {seconds:.0f} s each run, think {think} s")
    print(
        f"buttons: {button_moves} moves, bot CPU {button_cpu:.1f} s, "
        f"{1000 * button_cpu / max(button_moves, 1):.2f} ms a move"
    )
    print(
        f"board:   {board_moves} moves, bot CPU {board_cpu:.1f} s, "
        f"{1000 * board_cpu / max(board_moves, 1):.2f} ms a move"
    )
    per_button = button_cpu / max(button_moves, 1)
    per_board = board_cpu / max(board_moves, 1)
    print(f"CPU a board move / a button move: {per_board / per_button:.2f}")
    print(
        f"pushed to each viewer ({len(pushes)} pushes): "
        f"p50 {1000 * percentile(pushes, 0.5):.1f} ms, p99 {1000 * percentile(pushes, 0.99):.1f} ms"
    )
    assert folder is not None
    size, loads = await page_figures(folder)
    print(
        f"the page: {size / 1024:.1f} KiB gzip-compressed, "
        f"loaded in {1000 * statistics.median(loads):.0f} ms (median of {len(loads)})"
    )


def cli() -> None:
    arguments = options(__doc__.split("\n\n")[0], games=200, seconds=60.0, think=5.0)
    asyncio.run(main(arguments.games, arguments.seconds, arguments.think))


if __name__ == "__main__":
    cli()
