"""The bot's figures in Prometheus's text format at ``/metrics``, and its health at
``/healthz`` for a container's supervisor, served on the bot's own event loop."""

from __future__ import annotations

import logging
import math
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass

from aiohttp import web
from prometheus_client import CONTENT_TYPE_LATEST, generate_latest

from bot.metrics.figures import Metrics

log = logging.getLogger("claimit")

SHUTDOWN_SECONDS = 1.0
"""How long a stop lets a scrape under way finish (aiohttp's own default waits 60 s)."""


@dataclass(frozen=True)
class Health:
    """Whether the bot can serve: ready, with every shard it runs connected."""

    ready: bool
    """discord.py said it is ready (every shard connected once, the servers known)."""
    latencies: Mapping[int, float | None]
    """Each shard this process runs, by id: its gateway's heartbeat latency in seconds,
    ``None`` while it is not connected (or has not measured one yet)."""
    connected: int
    """How many of those shards are connected now."""

    @property
    def serving(self) -> bool:
        """Ready, with every shard connected: what ``/healthz`` answers 200 to."""
        return self.ready and bool(self.latencies) and self.connected == len(self.latencies)

    def as_json(self) -> dict[str, object]:
        """``/healthz``'s body: ready or not, shards connected of shards run, and each
        shard's latency."""
        return {
            "ready": self.serving,
            "shards_connected": self.connected,
            "shards_run": len(self.latencies),
            "latency_seconds": {
                str(shard): None if latency is None else round(latency, 4)
                for shard, latency in sorted(self.latencies.items())
            },
        }


def shard_latency(latency: float) -> float | None:
    """discord.py's latency of a shard (``nan`` or ``inf`` before its first heartbeat)."""
    return latency if math.isfinite(latency) else None


class MetricsEndpoint:
    """``/metrics`` (the figures, the games counted afresh at each scrape by ``refresh``)
    and ``/healthz`` (200 while ``health`` says the bot serves, 503 otherwise, the same
    small JSON body either way)."""

    def __init__(
        self,
        metrics: Metrics,
        health: Callable[[], Health],
        refresh: Callable[[], Awaitable[None]],
    ) -> None:
        self.metrics = metrics
        self._health = health
        self._refresh = refresh
        self._runner: web.AppRunner | None = None
        self.port: int | None = None
        """The port it listens on, once started (the one picked when asked for 0)."""

    async def start(self, host: str, port: int) -> None:
        """Listens on ``host``:``port`` (0: any free port); an ``OSError`` if it can't."""
        app = web.Application()
        app.router.add_get("/metrics", self._scraped)
        app.router.add_get("/healthz", self._asked_health)
        runner = web.AppRunner(
            app, access_log=None, handle_signals=False, shutdown_timeout=SHUTDOWN_SECONDS
        )
        await runner.setup()
        self._runner = runner
        site = web.TCPSite(runner, host, port)
        await site.start()
        self.port = int(runner.addresses[0][1])
        log.info("metrics on http://%s:%d/metrics, health on /healthz", host, self.port)

    async def stop(self) -> None:
        """Stops listening; a scrape still under way after ``SHUTDOWN_SECONDS`` is cut
        off."""
        runner, self._runner = self._runner, None
        if runner is not None:
            await runner.cleanup()

    async def _scraped(self, request: web.Request) -> web.Response:
        self.metrics.answers.expire()
        try:
            await self._refresh()
        except Exception:
            # The other figures are still worth having while the database is away.
            log.warning("counting the games for a scrape failed", exc_info=True)
        return web.Response(
            body=generate_latest(self.metrics.registry),
            headers={"Content-Type": CONTENT_TYPE_LATEST},
        )

    async def _asked_health(self, request: web.Request) -> web.Response:
        health = self._health()
        return web.json_response(health.as_json(), status=200 if health.serving else 503)
