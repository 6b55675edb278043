"""Child process of the kill test: plays games through the service as fast as it can.

    python -m tests.bot.kill_child DATABASE SEED

After each action's commit it prints ``GAME:SEQ`` (the move-log entry now
stored), so that whatever the parent read was acknowledged.
"""

from __future__ import annotations

import asyncio
import random
import sys

from bot.service import Actor, GameService, Player
from bot.service.feature_registry import discovered
from bot.storage.opening import open_database
from engine.claimit import Phase
from tests.bot.fixtures import random_press


async def play_forever(path: str, seed: int) -> None:
    discovered()
    database = await open_database(path)
    service = GameService(database)
    rng = random.Random(seed)
    channel = seed * 1_000_000
    while True:
        channel += 1
        players = [Player(seed * 100 + i, f"P{i}") for i in range(rng.randint(2, 5))]
        game = await service.create_lobby(
            kind="claimit", guild_id=1, channel_id=channel, host=players[0]
        )
        for player in players[1:]:
            game = await service.join(game.id, player, game.version)
        game = await service.start(game.id, Actor(players[0].user_id), game.version)
        seq = 0
        while game.state is not None and game.state.phase is not Phase.OVER:
            game = (await random_press(service, game, rng)).game
            seq += 1
            print(f"{game.id}:{seq}", flush=True)


if __name__ == "__main__":
    asyncio.run(play_forever(sys.argv[1], int(sys.argv[2])))
