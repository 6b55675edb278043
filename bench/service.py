"""Actions per second through the game service on a real database file (no rendering).

    python bench/service.py [--games N]

Target (issue 4): >= 1,000 actions/s from one process, p99 <= 10 ms per action.
Plays whole 2-5 player games one action at a time, as button presses would.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

if not __package__:
    # Run as a file, this folder comes first on sys.path; the project root must.
    sys.path[0] = str(Path(__file__).resolve().parents[1])

from bot.service import Actor, GameService, Player
from bot.storage import Database
from engine.claimit import Phase


async def play(
    service: GameService, rng: random.Random, channel: int, latencies: list[float]
) -> None:
    players = [Player(1000 + i, f"P{i}") for i in range(rng.randint(2, 5))]
    game = await service.create_lobby(
        kind="claimit", guild_id=1, channel_id=channel, host=players[0]
    )
    for player in players[1:]:
        game = await service.join(game.id, player, game.version)
    game = await service.start(game.id, Actor(players[0].user_id), game.version)
    clock = time.perf_counter
    while game.state is not None and game.state.phase is not Phase.OVER:
        state = game.state
        actor = Actor(game.seats[state.turn].user_id)
        start = clock()
        if state.phase is Phase.PLACE:
            outcome = await service.act(
                game.id, actor, game.version, str(rng.choice(state.pending_placements()))
            )
        elif state.placed_this_turn and rng.random() < 0.4:
            outcome = await service.act(game.id, actor, game.version, "stop")
        else:
            outcome = await service.act(game.id, actor, game.version, "roll")
        latencies.append(clock() - start)
        game = outcome.game


async def main(games: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        database = await Database.open(Path(folder) / "bench.sqlite3")
        service = GameService(database)
        rng = random.Random(4)
        await play(service, rng, 0, [])  # warm-up
        latencies: list[float] = []
        start = time.perf_counter()
        for channel in range(1, games + 1):
            await play(service, rng, channel, latencies)
        elapsed = time.perf_counter() - start
        await database.close()
    ordered = sorted(latencies)
    p99 = ordered[int(0.99 * len(ordered))]
    print(f"{games} games, {len(latencies)} actions on a database file (WAL, synchronous=NORMAL)")
    print(
        f"throughput: {len(latencies) / elapsed:.0f} actions/s, lobby and start included "
        "(target >= 1000)"
    )
    print(
        f"latency per action: p50 {statistics.median(latencies) * 1000:.2f} ms, "
        f"p99 {p99 * 1000:.2f} ms (target p99 <= 10 ms)"
    )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=40)
    asyncio.run(main(parser.parse_args().games))
