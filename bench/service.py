"""Actions per second through the game service on a real database file (no rendering).

    python -m bench.service [--games N] [--game claimit|nuggets|claim]

Target (issue 4): >= 1,000 actions/s from one process, p99 <= 10 ms per action.
Plays whole 2-5 player games of each registered game (or the one named), one action
at a time as button presses would; each press is what an easy computer player would
choose, decided before the clock starts, so only the service is timed.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import tempfile
import time
from pathlib import Path

from bot.games.registry import GAMES, rules_for
from bot.service import Actor, GameService, Player
from bot.service.feature_registry import discovered
from bot.storage.game_values import Level
from bot.storage.opening import open_database


async def play(
    service: GameService, kind: str, rng: random.Random, channel: int, latencies: list[float]
) -> float:
    """Plays one game; returns the seconds it took, lobby and start included."""
    rules = rules_for(kind)
    began = time.perf_counter()
    players = [Player(1000 + i, f"P{i}") for i in range(rng.randint(2, rules.max_players))]
    game = await service.create_lobby(kind=kind, guild_id=1, channel_id=channel, host=players[0])
    for player in players[1:]:
        game = await service.join(game.id, player, game.version)
    game = await service.start(game.id, Actor(players[0].user_id), game.version)
    clock = time.perf_counter
    decided = 0.0
    while game.state is not None and not rules.is_over(game.state):
        seat = rules.to_act(game.state)[0]
        thinking = clock()
        intent = rules.decide(game.state, seat, Level.EASY, rng)
        start = clock()
        decided += start - thinking
        outcome = await service.turns.act(
            game.id, Actor(game.seats[seat].user_id), game.version, intent
        )
        latencies.append(clock() - start)
        game = outcome.game
    return clock() - began - decided


async def measure(kind: str, games: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        discovered()
        database = await open_database(Path(folder) / "bench.sqlite3")
        service = GameService(database)
        rng = random.Random(4)
        await play(service, kind, rng, 0, [])  # warm-up
        latencies: list[float] = []
        elapsed = 0.0
        for channel in range(1, games + 1):
            elapsed += await play(service, kind, rng, channel, latencies)
        await database.close()
    ordered = sorted(latencies)
    p99 = ordered[int(0.99 * len(ordered))]
    print(
        f"{kind}: {games} games, {len(latencies)} actions on a database file "
        "(WAL, synchronous=NORMAL)"
    )
    print(
        f"  throughput: {len(latencies) / elapsed:.0f} actions/s, lobby and start included "
        "(target >= 1000)"
    )
    print(
        f"  latency per action: p50 {statistics.median(latencies) * 1000:.2f} ms, "
        f"p99 {p99 * 1000:.2f} ms (target p99 <= 10 ms)"
    )


async def main(games: int, kinds: list[str]) -> None:
    for kind in kinds:
        await measure(kind, games)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=40, help="games of each game")
    parser.add_argument("--game", choices=sorted(GAMES), help="only this game")
    arguments = parser.parse_args()
    asyncio.run(main(arguments.games, [arguments.game] if arguments.game else list(GAMES)))
