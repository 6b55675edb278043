"""What the bot's metrics endpoint asks of the bot: its health (ready, each shard it runs
connected, with its latency), and its open games counted afresh at each scrape."""

from __future__ import annotations

import functools
from collections.abc import Collection, Mapping
from typing import Protocol

from bot.games.registry import GAMES
from bot.metrics.endpoint import Health, shard_latency
from bot.metrics.figures import Metrics
from bot.storage.count_queries import open_games
from bot.storage.database import Database
from bot.storage.shards import Shards

STATES = {"lobby": "waiting", "active": "playing"}
"""A game's stored status as the figures name it."""


class Shard(Protocol):
    """What the health reads of a shard (``discord.ShardInfo``)."""

    @property
    def latency(self) -> float:
        """Its gateway heartbeat's latency in seconds (``nan`` or ``inf`` before one)."""

    def is_closed(self) -> bool:
        """Whether its gateway connection is closed."""


def shards_health(ready: bool, own: Collection[int], shards: Mapping[int, Shard]) -> Health:
    """The health of a bot that is ``ready`` (or not), running the shards ``own``, of
    which discord.py has launched ``shards``."""
    up = {
        shard: info
        for shard in own
        if (info := shards.get(shard)) is not None and not info.is_closed()
    }
    latencies = {shard: shard_latency(up[shard].latency) if shard in up else None for shard in own}
    return Health(ready=ready, latencies=latencies, connected=len(up))


async def count_games(database: Database, shards: Shards, metrics: Metrics) -> None:
    """Sets the games gauge from one count: every kind in both states, none left out
    (a series that vanished would read as no data rather than none)."""
    counted = await database.read(functools.partial(open_games, shards=shards))
    for kind in GAMES:
        for status, state in STATES.items():
            metrics.games.labels(kind, state).set(counted.get((kind, status), 0))
